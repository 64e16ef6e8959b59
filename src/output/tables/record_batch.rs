//! The calling thread's side of the `records` table: [`RecordsTable`]
//! appends each [`RecordRow`] to a buffer per column (a vector of numbers,
//! or the bytes and offsets of texts, copied straight from the worker's
//! bytes), and makes the Arrow batch of them in one go. No builder per
//! value, no check per text: the texts are checked to be UTF-8 once, a
//! column at a time, when the batch is made.

use super::columns::{int, schema, UTC};
use super::records::{RecordRow, Text, COLUMNS};
use arrow_array::types::Int64Type;
use arrow_array::{
    ArrayRef, Int64Array, ListArray, PrimitiveArray, RecordBatch, StringArray,
    TimestampMicrosecondArray,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, SchemaRef};
use std::sync::Arc;

/// What `v` holds, `v` left empty with as much room (the next batch
/// needs about as much: it does not grow its buffers anew).
fn again<T>(v: &mut Vec<T>) -> Vec<T> {
    let room = Vec::with_capacity(v.len());
    std::mem::replace(v, room)
}

/// Which values of a column are there (not null): a flag per value.
#[derive(Default)]
struct Valid {
    flags: Vec<bool>,
    /// How many are null.
    nulls: usize,
}

impl Valid {
    fn push(&mut self, there: bool) {
        self.flags.push(there);
        self.nulls += usize::from(!there);
    }

    /// The flags as Arrow's null buffer (none when no value is null).
    fn finish(&mut self) -> Option<NullBuffer> {
        let flags = again(&mut self.flags);
        (std::mem::take(&mut self.nulls) > 0).then(|| NullBuffer::from(flags))
    }
}

/// A column of whole numbers, some of them null.
#[derive(Default)]
struct Ints {
    values: Vec<i64>,
    valid: Valid,
}

impl Ints {
    fn push(&mut self, v: Option<u64>) {
        self.values.push(v.map_or(0, int));
        self.valid.push(v.is_some());
    }

    fn finish(&mut self) -> PrimitiveArray<Int64Type> {
        let values = again(&mut self.values);
        Int64Array::new(values.into(), self.valid.finish())
    }
}

/// The texts of a column (or of the lists of a list column), some of them
/// null: their bytes one after the other, and where each ends.
struct Texts {
    bytes: Vec<u8>,
    offsets: Vec<i32>,
    valid: Valid,
}

impl Texts {
    fn new() -> Texts {
        Texts {
            bytes: Vec::new(),
            offsets: vec![0],
            valid: Valid::default(),
        }
    }

    fn end(&mut self) {
        // A batch's texts are far below 2 GiB: it is written once past
        // `writer::BATCH_TEXT` bytes, and a text is at most a message's fields.
        self.offsets
            .push(i32::try_from(self.bytes.len()).unwrap_or(i32::MAX));
    }

    fn push(&mut self, v: &[u8]) {
        self.bytes.extend_from_slice(v);
        self.end();
        self.valid.push(true);
    }

    fn push_opt(&mut self, v: Option<&[u8]>) {
        match v {
            Some(v) => self.push(v),
            None => {
                self.end();
                self.valid.push(false);
            }
        }
    }

    /// The texts as an array; they must be UTF-8 and fit 32-bit offsets
    /// (else an error).
    fn finish(&mut self) -> Result<StringArray, ArrowError> {
        if i32::try_from(self.bytes.len()).is_err() {
            return Err(ArrowError::OffsetOverflowError(self.bytes.len()));
        }
        let bytes = Buffer::from_vec(again(&mut self.bytes));
        let offsets = again(&mut self.offsets);
        self.offsets.push(0);
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        StringArray::try_new(offsets, bytes, self.valid.finish())
    }
}

/// A column of lists of texts (none of them null).
struct TextLists {
    texts: Texts,
    /// Where each list ends in `texts`.
    ends: Vec<i32>,
}

impl TextLists {
    fn new() -> TextLists {
        TextLists {
            texts: Texts::new(),
            ends: vec![0],
        }
    }

    fn end(&mut self) {
        let n = self.texts.offsets.len() - 1;
        self.ends.push(i32::try_from(n).unwrap_or(i32::MAX));
    }

    fn finish(&mut self) -> Result<ListArray, ArrowError> {
        let values = Arc::new(self.texts.finish()?);
        let ends = again(&mut self.ends);
        self.ends.push(0);
        let field = Arc::new(Field::new_list_field(DataType::Utf8, true));
        let offsets = OffsetBuffer::new(ScalarBuffer::from(ends));
        ListArray::try_new(field, offsets, values, None)
    }
}

/// A row's texts, read one after the other.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// The next `n` bytes (none if there are not as many: a row's texts
    /// are where it says).
    fn take(&mut self, n: usize) -> &'a [u8] {
        let text = self.bytes.get(self.at..self.at + n).unwrap_or_default();
        self.at += n;
        text
    }

    /// The row's next text, `t`, if the row has one.
    fn text(&mut self, row: &RecordRow, t: Text) -> Option<&'a [u8]> {
        row.len_of(t).map(|n| self.take(n))
    }
}

/// The calling thread's side of the `records` table: the rows appended
/// since the last batch, a buffer per column.
pub struct RecordsTable {
    schema: SchemaRef,
    capture: i64,
    rows: usize,
    /// Bytes of text appended since the last batch.
    text: usize,
    stream_uid: Vec<i64>,
    frame: Vec<i64>,
    ts: Vec<i64>,
    stream: Vec<i64>,
    dir: Texts,
    src: Texts,
    dst: Texts,
    offset: Vec<i64>,
    tcp_offset: Ints,
    transport: Texts,
    protocol: Texts,
    dialect: Texts,
    type_name: Texts,
    event: Texts,
    type_id: Ints,
    len: Ints,
    reason: Texts,
    error: Texts,
    notes: TextLists,
    note_codes: TextLists,
    fields: Texts,
    websocket: Texts,
}

impl RecordsTable {
    /// No rows yet, of the capture whose id is `capture`.
    pub fn new(capture: i64) -> RecordsTable {
        RecordsTable {
            schema: schema(COLUMNS),
            capture,
            rows: 0,
            text: 0,
            stream_uid: Vec::new(),
            frame: Vec::new(),
            ts: Vec::new(),
            stream: Vec::new(),
            dir: Texts::new(),
            src: Texts::new(),
            dst: Texts::new(),
            offset: Vec::new(),
            tcp_offset: Ints::default(),
            transport: Texts::new(),
            protocol: Texts::new(),
            dialect: Texts::new(),
            type_name: Texts::new(),
            event: Texts::new(),
            type_id: Ints::default(),
            len: Ints::default(),
            reason: Texts::new(),
            error: Texts::new(),
            notes: TextLists::new(),
            note_codes: TextLists::new(),
            fields: Texts::new(),
            websocket: Texts::new(),
        }
    }

    /// Appends `row` (its texts in `bytes`).
    pub fn append(&mut self, row: &RecordRow, bytes: &[u8]) {
        let mut texts = Cursor { bytes, at: row.at };
        let [src, dst, type_name, reason, error] =
            [Text::Src, Text::Dst, Text::Type, Text::Reason, Text::Error]
                .map(|t| texts.text(row, t));
        self.stream_uid.push(row.stream_uid);
        self.frame.push(int(row.frame));
        self.ts.push(row.ts);
        self.stream.push(int(row.stream));
        self.dir.push(row.dir.as_str().as_bytes());
        self.src.push(src.unwrap_or_default());
        self.dst.push(dst.unwrap_or_default());
        self.offset.push(int(row.offset));
        self.tcp_offset.push(row.tcp_offset);
        (self.transport).push_opt(row.tcp_offset.map(|_| "websocket".as_bytes()));
        (self.protocol).push_opt(row.protocol.map(|p| p.name().as_bytes()));
        (self.dialect).push_opt(row.dialect.map(|d| d.as_str().as_bytes()));
        self.type_name.push_opt(type_name);
        self.event.push_opt(row.event.map(str::as_bytes));
        self.type_id.push(row.type_id.map(u64::from));
        self.len.push(row.len);
        self.reason.push_opt(reason);
        self.error.push_opt(error);
        for (n, code) in &row.notes {
            self.notes.texts.push(texts.take(*n as usize));
            self.note_codes.texts.push(code.as_bytes());
        }
        self.notes.end();
        self.note_codes.end();
        self.fields.push_opt(texts.text(row, Text::Fields));
        self.websocket.push_opt(texts.text(row, Text::Websocket));
        self.rows += 1;
        self.text += texts.at - row.at;
    }

    /// Rows appended since the last batch.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// True when no row was appended since the last batch.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Bytes of text appended since the last batch.
    pub fn text_bytes(&self) -> usize {
        self.text
    }

    /// The rows appended since the last batch, as a batch; the buffers
    /// start again empty.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let rows = std::mem::take(&mut self.rows);
        self.text = 0;
        let ints =
            |v: &mut Vec<i64>| -> ArrayRef { Arc::new(Int64Array::new(again(v).into(), None)) };
        let ts = again(&mut self.ts);
        let ts = TimestampMicrosecondArray::new(ts.into(), None);
        let columns: Vec<ArrayRef> = vec![
            Arc::new(Int64Array::from_value(self.capture, rows)),
            ints(&mut self.stream_uid),
            ints(&mut self.frame),
            Arc::new(ts.with_timezone(UTC)),
            ints(&mut self.stream),
            Arc::new(self.dir.finish()?),
            Arc::new(self.src.finish()?),
            Arc::new(self.dst.finish()?),
            ints(&mut self.offset),
            Arc::new(self.tcp_offset.finish()),
            Arc::new(self.transport.finish()?),
            Arc::new(self.protocol.finish()?),
            Arc::new(self.dialect.finish()?),
            Arc::new(self.type_name.finish()?),
            Arc::new(self.event.finish()?),
            Arc::new(self.type_id.finish()),
            Arc::new(self.len.finish()),
            Arc::new(self.reason.finish()?),
            Arc::new(self.error.finish()?),
            Arc::new(self.notes.finish()?),
            Arc::new(self.note_codes.finish()?),
            Arc::new(self.fields.finish()?),
            Arc::new(self.websocket.finish()?),
        ];
        RecordBatch::try_new(self.schema.clone(), columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::record::sample;
    use crate::decode::{Body, Record};
    use crate::output::tables::records::Stream;
    use crate::output::tables::writer::{Batches, BATCH_ROWS};
    use crate::reassembly::{Direction, GapReason};
    use arrow_array::cast::AsArray;
    use arrow_array::Array;

    fn rows(records: &[Record], bytes: &mut Vec<u8>) -> Vec<RecordRow> {
        let stream = Stream::new(7, &records[0]);
        (records.iter())
            .map(|r| RecordRow::new(r, &stream, bytes))
            .collect()
    }

    /// A batch is full at BATCH_ROWS rows; the next one starts empty, its
    /// texts from its own start.
    #[test]
    fn batches_are_bounded_and_start_again_empty() {
        let fold = crate::output::records::sample_fold(Vec::new(), None);
        let records = [sample(Direction::C2S, fold)];
        let mut bytes = Vec::new();
        let made = rows(&records, &mut bytes);
        let mut table = RecordsTable::new(1);
        for _ in 0..BATCH_ROWS {
            assert!(!table.is_full());
            table.append(&made[0], &bytes);
        }
        assert!(table.is_full());
        assert_eq!(table.finish().unwrap().num_rows(), BATCH_ROWS);
        assert!(table.is_empty() && !table.is_full());
        table.append(&made[0], &bytes);
        let batch = table.finish().unwrap();
        assert_eq!(batch.num_rows(), 1);
        let types = batch.column_by_name("type").unwrap().as_string::<i32>();
        assert_eq!(types.value(0), "PacketPokerFold");
    }

    /// A column with no null value in a batch has no null buffer; one
    /// with some has them where they are.
    #[test]
    fn nulls_are_where_the_rows_have_no_value() {
        let gap = Body::Gap {
            len: 5,
            reason: GapReason::Closed,
        };
        let records = [
            sample(Direction::C2S, Body::StreamStart),
            sample(Direction::S2C, gap),
        ];
        let mut bytes = Vec::new();
        let made = rows(&records, &mut bytes);
        let mut table = RecordsTable::new(1);
        for row in &made {
            table.append(row, &bytes);
        }
        let batch = table.finish().unwrap();
        let column = |name: &str| batch.column_by_name(name).unwrap().clone();
        assert_eq!(column("len").null_count(), 1);
        assert!(column("len").is_null(0) && column("len").is_valid(1));
        assert!(column("reason").is_null(0));
        assert_eq!(column("reason").as_string::<i32>().value(1), "closed");
        assert!(column("event").nulls().is_none());
        assert_eq!(column("fields").null_count(), 2);
        let src = column("src");
        assert!(src.nulls().is_none());
        // The sender of the server's record is the server.
        let src = src.as_string::<i32>();
        assert_eq!(
            [src.value(0), src.value(1)],
            ["10.0.0.1:40000", "10.0.0.2:19380"]
        );
    }
}
