//! Where `timeline`'s changes go: CSV, JSON lines and table rows, each as
//! it comes.

use super::args::TimelineFormat;
use crate::cli::passes::changes::Made;
use crate::cli::CliError;
use cardshark::output::csv;
use cardshark::output::table::{Align, Table};
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

/// The table: its columns of fixed widths, a row written per change.
struct TableRows {
    table: Table<'static>,
    /// Whether the header is written (before the first row).
    started: bool,
    buf: Vec<u8>,
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
                table: Table::new(
                    &HEADERS,
                    &[
                        (7, Align::Right),
                        (time.width(), time.align()),
                        (6, Align::Right),
                        (0, Align::Left),
                    ],
                ),
                started: false,
                buf: Vec::new(),
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
                let cells = [r.frame.to_string(), stamp, r.stream.to_string(), r.what];
                if !t.started {
                    t.table.write_header(&mut t.buf);
                    t.started = true;
                }
                t.table.write_row(&mut t.buf, &cells);
                let written = out.write_all(&t.buf);
                t.buf.clear();
                written.map_err(CliError::from)
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

    /// Writes what is left: the CSV header if no row came, the table's end.
    pub(super) fn finish(self, out: &mut impl Write) -> Result<(), CliError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        match self.to {
            To::Csv(buf) => Ok(out.write_all(&buf)?),
            To::Jsonl => Ok(()),
            To::Table(mut t) => {
                if t.started {
                    t.table.write_footer(&mut t.buf);
                }
                Ok(out.write_all(&t.buf)?)
            }
        }
    }
}
