//! A list of `stats`' sections: its rows (kept in memory, or read back
//! from the store the streams' rows spilled to), and how it is written:
//! a titled table for people, or a JSON member of objects.

use crate::cli::CliError;
use cardshark::analysis::stats::proto::StreamRows;
use cardshark::output::spill::{KeyedBytes, Sorted};
use cardshark::output::table::Table;
use cardshark::reassembly::Direction;
use serde_json::{json, Value};
use std::io::{self, Write};

/// A failed spill of the stream rows, as the command's error.
pub(super) fn spill_error(e: io::Error) -> CliError {
    crate::cli::spill_error("the stream rows", e)
}

/// A row: the table's cells, and the JSON object.
pub(super) type Row = (Vec<String>, Value);

/// The rows of a list.
pub enum Rows<'a> {
    /// Kept in memory (as many as there are kinds, tables, players).
    Kept(Vec<Row>),
    /// Two per stream, read back from the store the streams went to.
    Streams(&'a Sorted<KeyedBytes<1>>),
}

impl Rows<'_> {
    fn is_empty(&self) -> bool {
        match self {
            Rows::Kept(rows) => rows.is_empty(),
            Rows::Streams(s) => s.is_empty(),
        }
    }

    /// Every row, in order; errors are the temporary file's.
    fn each(&self) -> Result<Box<dyn Iterator<Item = Result<Row, CliError>> + '_>, CliError> {
        Ok(match self {
            Rows::Kept(rows) => Box::new(rows.iter().cloned().map(Ok)),
            Rows::Streams(store) => {
                let merge = store.merge().map_err(spill_error)?;
                Box::new(merge.flat_map(|item| {
                    let rows = item.and_then(|i| {
                        serde_json::from_slice::<StreamRows>(&i.bytes).map_err(io::Error::other)
                    });
                    match rows {
                        Ok(r) => Vec::from(stream_rows(&r).map(Ok)),
                        Err(e) => vec![Err(spill_error(e))],
                    }
                }))
            }
        })
    }
}

/// One list of a section: a table for people, an array of objects in JSON.
pub struct List<'a> {
    /// The table's title.
    pub(super) title: &'static str,
    /// The JSON member's name.
    pub(super) key: &'static str,
    pub(super) headers: &'static [&'static str],
    pub(super) rows: Rows<'a>,
    /// What an empty list says instead of a table.
    pub(super) empty: &'static str,
}

impl List<'_> {
    /// Writes the list as a titled table (two passes over the rows: the
    /// column widths, then the table).
    pub fn write_table(&self, out: &mut impl Write) -> Result<(), CliError> {
        writeln!(out, "== {}", self.title)?;
        if self.rows.is_empty() {
            writeln!(out, "({})", self.empty)?;
            return Ok(());
        }
        let mut table = Table::measured(self.headers);
        for row in self.rows.each()? {
            table.measure(&row?.0);
        }
        table.write(out, self.rows.each()?.map(|r| r.map(|r| r.0)))
    }

    /// Writes the list as a JSON member, an object a line; `first` when
    /// it is the section's first member.
    pub fn write_json(&self, out: &mut impl Write, first: bool) -> Result<(), CliError> {
        let sep = if first { "\n" } else { ",\n" };
        write!(out, "{sep}    {}: [", json!(self.key))?;
        for (n, row) in self.rows.each()?.enumerate() {
            out.write_all(if n == 0 { b"\n      " } else { b",\n      " })?;
            serde_json::to_writer(&mut *out, &row?.1).map_err(io::Error::from)?;
        }
        let end: &[u8] = if self.rows.is_empty() {
            b"]"
        } else {
            b"\n    ]"
        };
        out.write_all(end)?;
        Ok(())
    }
}

/// The two rows of a stream: client to server, server to client.
fn stream_rows(r: &StreamRows) -> [Row; 2] {
    [Direction::C2S, Direction::S2C].map(|d| {
        let x = r.dir(d);
        let (from, to) = match d {
            Direction::C2S => (&r.client, &r.server),
            Direction::S2C => (&r.server, &r.client),
        };
        let cells = vec![
            n(r.stream),
            d.as_str().into(),
            format!("{from} → {to}"),
            r.protocol.clone(),
            n(x.messages),
            n(x.bytes),
            n(x.errors),
            n(x.unknown_bytes),
            n(x.gap_bytes),
        ];
        let v = json!({"stream": r.stream, "dir": d.as_str(), "src": from, "dst": to,
                       "protocol": r.protocol});
        (
            cells,
            join(v, serde_json::to_value(x).unwrap_or(Value::Null)),
        )
    })
}

/// A count as a cell.
pub(super) fn n(v: u64) -> String {
    v.to_string()
}

/// Joins two JSON objects.
pub(super) fn join(mut a: Value, b: Value) -> Value {
    if let (Value::Object(a), Value::Object(b)) = (&mut a, b) {
        a.extend(b);
    }
    a
}
