//! Where `timeline`'s changes go: CSV and JSON lines as they come, table
//! rows kept until the end (their column widths are known only then).

use super::{spill_error, Made, TimelineFormat, TABLE_BYTES_IN_MEMORY};
use crate::cli::CliError;
use cardshark::output::csv;
use cardshark::output::spill::{self, KeyedBytes, Store};
use cardshark::output::table::Table;
use cardshark::output::time::{Stamper, TimeFormat};
use cardshark::pipeline::Clock;
use std::io::Write;
use std::ops::ControlFlow;

/// Where the changes go: written, or kept for the table; the first error
/// stops the writing.
pub(super) struct ChangeWriter {
    to: To,
    failed: Option<CliError>,
}

/// Where the changes go, by format.
enum To {
    /// CSV: the rows not yet written (the header, until the first row).
    Csv(Vec<u8>),
    /// JSON lines, written as they come.
    Jsonl,
    /// The table's rows.
    Table(Box<TableRows>),
}

/// The table's columns, in `decode`'s order (Frame, then Time): Time
/// shows `ts` in the `-t` format; the others are `-Y`'s names.
pub(crate) const HEADERS: [&str; 4] = ["Frame", "Time", "Stream", "What"];

/// The table's rows, kept in a store that spills to a temporary file past
/// a few MB, their column widths gathered as they come: memory stays flat
/// however many changes the capture holds.
struct TableRows {
    rows: Store<KeyedBytes<1>>,
    table: Table<'static>,
    times: Stamper,
    clock: Clock,
}

impl ChangeWriter {
    pub(super) fn new(format: TimelineFormat, time: TimeFormat, clock: Clock) -> Self {
        let to = match format {
            TimelineFormat::Csv => {
                let mut buf = Vec::new();
                csv::row(&mut buf, ["frame", "ts", "stream", "what"]);
                To::Csv(buf)
            }
            TimelineFormat::Jsonl => To::Jsonl,
            TimelineFormat::Table => To::Table(Box::new(TableRows {
                rows: Store::new(TABLE_BYTES_IN_MEMORY),
                table: Table::boxed(&HEADERS),
                times: Stamper::new(time, None),
                clock,
            })),
        };
        ChangeWriter { to, failed: None }
    }

    /// Writes or keeps one change; `Break` once writing failed (the pass
    /// then ends: a closed pipe, a full disk).
    pub(super) fn take(&mut self, m: Made, bytes: &[u8], out: &mut impl Write) -> ControlFlow<()> {
        if self.failed.is_some() {
            return ControlFlow::Break(());
        }
        let done = match (&mut self.to, m) {
            (To::Csv(buf), Made::Row(r)) => {
                let [ts, frame, stream] =
                    [r.ts.to_string(), r.frame.to_string(), r.stream.to_string()];
                csv::row(&mut *buf, [&frame, &ts, &stream, &r.what]);
                let written = out.write_all(buf);
                buf.clear();
                written.map_err(CliError::from)
            }
            (To::Jsonl, Made::Line { start, end, .. }) => {
                out.write_all(&bytes[start..end]).map_err(CliError::from)
            }
            (To::Table(t), Made::Row(r)) => {
                t.times.first_frame(t.clock.first());
                let stamp = t.times.stamp(r.ts);
                let cells = vec![r.frame.to_string(), stamp, r.stream.to_string(), r.what];
                t.table.measure(&cells);
                let seq = t.table.rows() as u64;
                let pushed = spill::cells_to_bytes(&cells)
                    .and_then(|b| t.rows.push(KeyedBytes::new([seq], b)));
                pushed.map_err(spill_error)
            }
            _ => Ok(()),
        };
        self.failed = done.err();
        if self.failed.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Writes what is left: the CSV header if no row came, the table.
    pub(super) fn finish(self, out: &mut impl Write) -> Result<(), CliError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        match self.to {
            To::Csv(buf) => Ok(out.write_all(&buf)?),
            To::Jsonl => Ok(()),
            To::Table(t) => {
                let rows = t.rows.finish().map_err(spill_error)?;
                let merge = rows.merge().map_err(spill_error)?;
                let cells = merge.map(|r| {
                    r.and_then(|r| spill::cells_from_bytes(&r.bytes))
                        .map_err(spill_error)
                });
                t.table.write(out, cells)
            }
        }
    }
}
