//! A table's columns: their names, types and meanings (the one definition
//! the schema, the CSV header and the tables of docs/tables.md come from), and the
//! Arrow builders its rows are appended to, a value per column in order.

use super::batches::Batches;
use crate::capture::Timestamp;
use arrow_array::builder::{
    BooleanBuilder, Int64Builder, ListBuilder, StringBuilder, TimestampMicrosecondBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef, TimeUnit};
use std::sync::Arc;

/// The type of a column's values (every one Spark and DuckDB both read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A signed 64-bit whole number (`BIGINT`).
    Int,
    /// An id that is a hash (`BIGINT`): values that look random, each
    /// repeated over its stream's or hand's rows, so stored as they are
    /// and compressed (a delta between two would take 64 bits).
    Id,
    /// UTF-8 text (`VARCHAR`).
    Str,
    /// UTF-8 text of a few values the program names (`VARCHAR`: `c2s`, a
    /// protocol's name), stored without a dictionary: compressed, as
    /// small, and cheaper to write.
    Name,
    /// UTF-8 text that is JSON (`VARCHAR`): each value mostly its own, so
    /// it is stored without a dictionary or statistics.
    Json,
    /// `BOOLEAN`.
    Bool,
    /// A time in microseconds since 1970, UTC (`TIMESTAMP WITH TIME ZONE`).
    Time,
    /// UTF-8 text of few values (`VARCHAR`: a direction, an endpoint, a
    /// protocol, a message type) that the rows give as codes into their
    /// batch's list of texts (an Arrow dictionary array, in the batches
    /// only: the file's column is text); written with Parquet's
    /// dictionary encoding.
    Code,
    /// A list of texts (`VARCHAR[]`).
    StrList,
    /// A list of whole numbers (`BIGINT[]`).
    IntList,
}

impl Kind {
    /// The Arrow type.
    pub fn data_type(self) -> DataType {
        match self {
            Kind::Int | Kind::Id => DataType::Int64,
            Kind::Str | Kind::Name | Kind::Json | Kind::Code => DataType::Utf8,
            Kind::Bool => DataType::Boolean,
            Kind::Time => DataType::Timestamp(TimeUnit::Microsecond, Some(UTC.into())),
            Kind::StrList => DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true))),
            Kind::IntList => DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true))),
        }
    }

    /// The type as docs/tables.md names it (DuckDB's names).
    pub fn sql(self) -> &'static str {
        match self {
            Kind::Int | Kind::Id => "BIGINT",
            Kind::Str | Kind::Name | Kind::Json | Kind::Code => "VARCHAR",
            Kind::Bool => "BOOLEAN",
            Kind::Time => "TIMESTAMP",
            Kind::StrList => "VARCHAR[]",
            Kind::IntList => "BIGINT[]",
        }
    }
}

/// The time zone of every time column.
pub(super) const UTC: &str = "UTC";

/// One column of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// Its name (stable: scripts and queries name it).
    pub name: &'static str,
    /// The type of its values.
    pub kind: Kind,
    /// Whether a row may have no value (null; an empty CSV cell).
    pub nullable: bool,
    /// What it holds, for people (docs/tables.md says the same).
    pub meaning: &'static str,
}

/// A column that always has a value.
pub const fn col(name: &'static str, kind: Kind, meaning: &'static str) -> Column {
    Column {
        name,
        kind,
        nullable: false,
        meaning,
    }
}

/// A column that may have no value.
pub const fn opt(name: &'static str, kind: Kind, meaning: &'static str) -> Column {
    Column {
        name,
        kind,
        nullable: true,
        meaning,
    }
}

/// The Arrow type of a column in the batches, when its table makes its
/// own: a [`Kind::Code`] column is a dictionary array there
/// ([`super::parquet::Codes`]).
fn batch_type(c: &Column) -> DataType {
    match c.kind {
        Kind::Code => DataType::Dictionary(Box::new(DataType::UInt32), Box::new(DataType::Utf8)),
        kind => kind.data_type(),
    }
}

/// The Arrow schema of the batches of a table that makes its own
/// (`records`): as [`schema`], but [`Kind::Code`] columns are dictionary
/// arrays.
pub fn batch_schema(columns: &[Column]) -> SchemaRef {
    let fields: Vec<Field> = (columns.iter())
        .map(|c| Field::new(c.name, batch_type(c), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}

/// The Arrow schema of `columns`.
pub fn schema(columns: &[Column]) -> SchemaRef {
    let fields: Vec<Field> = (columns.iter())
        .map(|c| Field::new(c.name, c.kind.data_type(), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}

/// The builder of one column.
enum Builder {
    Int(Int64Builder),
    Str(StringBuilder),
    Bool(BooleanBuilder),
    Time(TimestampMicrosecondBuilder),
    StrList(ListBuilder<StringBuilder>),
    IntList(ListBuilder<Int64Builder>),
}

impl Builder {
    /// A builder with room for `rows` values (and `bytes` of text): those
    /// of the last batch, so that a batch does not grow its buffers anew.
    fn new(kind: Kind, rows: usize, bytes: usize) -> Builder {
        match kind {
            Kind::Int | Kind::Id => Builder::Int(Int64Builder::with_capacity(rows)),
            Kind::Str | Kind::Name | Kind::Json | Kind::Code => {
                Builder::Str(StringBuilder::with_capacity(rows, bytes))
            }
            Kind::Bool => Builder::Bool(BooleanBuilder::with_capacity(rows)),
            Kind::Time => {
                Builder::Time(TimestampMicrosecondBuilder::with_capacity(rows).with_timezone(UTC))
            }
            Kind::StrList => {
                Builder::StrList(ListBuilder::with_capacity(StringBuilder::new(), rows))
            }
            Kind::IntList => {
                Builder::IntList(ListBuilder::with_capacity(Int64Builder::new(), rows))
            }
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Int(b) => Arc::new(b.finish()),
            Builder::Str(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::Time(b) => Arc::new(b.finish()),
            Builder::StrList(b) => Arc::new(b.finish()),
            Builder::IntList(b) => Arc::new(b.finish()),
        }
    }
}

/// A whole number as a column holds it: values past `i64::MAX` (none a
/// capture gives: frames, offsets, chips) are `i64::MAX`.
pub fn int(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Microseconds since 1970 (the precision of the JSON records' times).
pub fn micros(ts: Timestamp) -> i64 {
    ts.secs
        .saturating_mul(1_000_000)
        .saturating_add(i64::from(ts.nanos / 1000))
}

/// The rows of a table not yet written: a builder per column, which a
/// row's values go to in the columns' order ([`Rows::int`], [`Rows::str`],
/// ...; each takes the next column). A value of the wrong type for its
/// column, or a row of too few or too many values, makes the batch fail to
/// build ([`Rows::finish`] says so): the unit tests of each table build one.
pub struct Rows {
    schema: SchemaRef,
    kinds: Vec<Kind>,
    builders: Vec<Builder>,
    /// The column the next value goes to.
    next: usize,
    /// Rows appended since the last batch.
    rows: usize,
    /// Bytes of text appended since the last batch.
    text: usize,
}

impl Rows {
    /// No rows yet, of the table of `columns`.
    pub fn new(columns: &[Column]) -> Rows {
        Rows {
            schema: schema(columns),
            kinds: columns.iter().map(|c| c.kind).collect(),
            builders: columns.iter().map(|c| Builder::new(c.kind, 0, 0)).collect(),
            next: 0,
            rows: 0,
            text: 0,
        }
    }

    /// The table's schema.
    pub fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    /// The builder of the next column.
    fn next(&mut self) -> Option<&mut Builder> {
        let b = self.builders.get_mut(self.next);
        self.next += 1;
        b
    }

    /// A whole number.
    pub fn int(&mut self, v: i64) -> &mut Self {
        self.opt_int(Some(v))
    }

    /// A whole number from a count (see [`int`]).
    pub fn count(&mut self, v: u64) -> &mut Self {
        self.opt_int(Some(int(v)))
    }

    /// A whole number or none.
    pub fn opt_int(&mut self, v: Option<i64>) -> &mut Self {
        if let Some(Builder::Int(b)) = self.next() {
            b.append_option(v);
        }
        self
    }

    /// A count or none (see [`int`]).
    pub fn opt_count(&mut self, v: Option<u64>) -> &mut Self {
        self.opt_int(v.map(int))
    }

    /// A text.
    pub fn str(&mut self, v: &str) -> &mut Self {
        self.opt_str(Some(v))
    }

    /// A text or none.
    pub fn opt_str(&mut self, v: Option<&str>) -> &mut Self {
        self.text += v.map_or(0, str::len);
        if let Some(Builder::Str(b)) = self.next() {
            b.append_option(v);
        }
        self
    }

    /// A boolean.
    pub fn bool(&mut self, v: bool) -> &mut Self {
        if let Some(Builder::Bool(b)) = self.next() {
            b.append_value(v);
        }
        self
    }

    /// A time.
    pub fn time(&mut self, ts: Timestamp) -> &mut Self {
        if let Some(Builder::Time(b)) = self.next() {
            b.append_value(micros(ts));
        }
        self
    }

    /// A list of texts (empty for none).
    pub fn strs<S: AsRef<str>>(&mut self, values: impl IntoIterator<Item = S>) -> &mut Self {
        let mut text = 0;
        if let Some(Builder::StrList(b)) = self.next() {
            for v in values {
                text += v.as_ref().len();
                b.values().append_value(v);
            }
            b.append(true);
        }
        self.text += text;
        self
    }

    /// A list of whole numbers (empty for none).
    pub fn ints(&mut self, values: impl IntoIterator<Item = i64>) -> &mut Self {
        if let Some(Builder::IntList(b)) = self.next() {
            for v in values {
                b.values().append_value(v);
            }
            b.append(true);
        }
        self
    }

    /// Ends a row.
    pub fn end(&mut self) {
        debug_assert_eq!(self.next, self.builders.len(), "a value per column");
        self.next = 0;
        self.rows += 1;
    }

    /// The rows appended since the last batch, as a batch; the builders
    /// start again empty.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let arrays: Vec<ArrayRef> = self.builders.iter_mut().map(Builder::finish).collect();
        for ((b, kind), a) in self.builders.iter_mut().zip(&self.kinds).zip(&arrays) {
            let bytes = a.as_string_opt::<i32>().map_or(0, |s| s.values().len());
            *b = Builder::new(*kind, a.len(), bytes);
        }
        self.rows = 0;
        self.text = 0;
        self.next = 0;
        RecordBatch::try_new(self.schema.clone(), arrays)
    }
}

impl Batches for Rows {
    fn rows(&self) -> usize {
        self.rows
    }
    fn text_bytes(&self) -> usize {
        self.text
    }
    fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        Rows::finish(self)
    }
}

/// The snake_case name serde gives a unit variant (`no_limit`, `flop`).
pub fn name<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMNS: [Column; 3] = [
        col("a", Kind::Int, "a number"),
        opt("b", Kind::Str, "a text"),
        col("c", Kind::StrList, "texts"),
    ];

    #[test]
    fn rows_become_a_batch_of_the_schema() {
        let mut rows = Rows::new(&COLUMNS);
        rows.int(1).opt_str(None).strs(["x", "yz"]).end();
        rows.count(u64::MAX).str("t").strs::<&str>([]).end();
        assert_eq!((rows.rows(), rows.text_bytes()), (2, 4));
        let batch = rows.finish().unwrap();
        assert_eq!(batch.num_rows(), 2);
        assert_eq!(batch.schema(), schema(&COLUMNS));
        assert!(rows.is_empty());
        assert_eq!(int(u64::MAX), i64::MAX);
    }

    #[test]
    fn a_value_of_the_wrong_type_fails_the_batch_not_the_program() {
        let mut rows = Rows::new(&COLUMNS);
        rows.str("not a number").opt_str(None).strs(["x"]);
        rows.next = 0;
        rows.rows = 1;
        assert!(rows.finish().is_err());
    }

    #[test]
    fn times_are_microseconds_in_utc() {
        assert_eq!(
            micros(Timestamp::new(1_700_000_000, 123_456_789)),
            1_700_000_000_123_456
        );
        assert_eq!(
            Kind::Time.data_type(),
            DataType::Timestamp(TimeUnit::Microsecond, Some("UTC".into()))
        );
    }
}
