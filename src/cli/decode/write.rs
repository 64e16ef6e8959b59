//! `decode`'s writer, the calling thread's side of the pass: it writes
//! the workers' pieces in capture order (the table's frame and time
//! first), stops at `-c`, and keeps the streams written for `-w`.

use super::args::{DecodeArgs, DecodeFormat};
use super::detail;
use super::fields::Columns;
use super::sink::Piece;
use super::table::table;
use crate::cli::strict;
use cardshark::output::table::{self, Table};
use cardshark::output::time::{Stamper, TimeFormat};
use cardshark::pipeline::{Clock, StreamSet};
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Output is handed to standard output in pieces of about this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// The calling thread's side: writes the pieces in order.
pub(super) struct Writer<'a, W: Write> {
    out: W,
    /// The columns of field output (their header goes first).
    columns: Option<&'a Columns>,
    format: DecodeFormat,
    /// Output not yet written; it goes to `out` in pieces of about
    /// [`FLUSH_AT`] bytes.
    buf: Vec<u8>,
    pub(super) written: u64,
    count: Option<u64>,
    /// The Time column.
    times: Stamper,
    /// Tells the capture's first frame (the reference of `-t r`).
    clock: Clock,
    table: Table<'static>,
    /// Whether output is flushed per record (`-l`, a live capture, a pipe).
    live: bool,
    /// Records as trees (`-V`): written as rendered, no table around them.
    detail: bool,
    error: Option<io::Error>,
    /// The streams of the records written (what `-w` writes).
    pub(super) matched: StreamSet,
}

impl<'a, W: Write> Writer<'a, W> {
    /// Writes to `out` what `args` ask for (the columns of field output
    /// `columns`), the table's times in `time`, told the first frame by
    /// `clock`.
    pub(super) fn new(
        out: W,
        args: &DecodeArgs,
        columns: Option<&'a Columns>,
        time: TimeFormat,
        clock: Clock,
    ) -> Self {
        Writer {
            out,
            columns,
            format: args.format,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
            written: 0,
            count: args.count,
            times: Stamper::new(time, None),
            clock,
            table: table(time),
            live: args.input.flush_each(),
            detail: detail::view(args),
            error: None,
            matched: StreamSet::default(),
        }
    }

    pub(super) fn piece(&mut self, p: Piece, bytes: &[u8]) -> ControlFlow<()> {
        if !p.shown {
            self.times.skip(p.ts);
            return ControlFlow::Continue(());
        }
        if let Some(problem) = p.problem {
            strict::note(problem, p.frame);
        }
        match self.format {
            DecodeFormat::Jsonl | DecodeFormat::Parquet => {}
            DecodeFormat::Table if self.detail => {}
            DecodeFormat::Fields | DecodeFormat::Csv => {
                if self.written == 0 {
                    self.header();
                }
            }
            DecodeFormat::Json => {
                self.buf
                    .extend_from_slice(if self.written == 0 { b"[\n" } else { b",\n" });
            }
            DecodeFormat::Table => {
                if self.written == 0 {
                    self.table.write_header(&mut self.buf);
                }
                self.times.first_frame(self.clock.first());
                let mut frame = itoa::Buffer::new();
                let time = self.times.stamp(p.ts);
                let cells = [(frame.format(p.frame), None), (time.as_str(), None)];
                let start = self.buf.len();
                self.table.write_cells(&mut self.buf, 0, cells);
                self.buf.extend_from_slice(&bytes[p.start..p.end]);
                // A terminal narrower than even the narrowed columns.
                table::fit_line(&mut self.buf, start);
            }
        }
        if self.format != DecodeFormat::Table || self.detail {
            self.buf.extend_from_slice(&bytes[p.start..p.end]);
        }
        self.written += 1;
        self.matched.insert(p.stream);
        // Live, a record is shown as soon as it is decoded.
        if self.buf.len() >= FLUSH_AT || self.live {
            if let Err(e) = self.flush() {
                self.error = Some(e);
                return ControlFlow::Break(());
            }
        }
        if self.count.is_some_and(|c| self.written >= c) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// The header line of field output.
    fn header(&mut self) {
        if let Some(c) = self.columns {
            c.header(&mut self.buf);
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }

    pub(super) fn finish(&mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.format == DecodeFormat::Json {
            self.buf
                .extend_from_slice(if self.written == 0 { b"[]\n" } else { b"\n]\n" });
        }
        if self.written == 0 {
            self.header();
        }
        if self.format == DecodeFormat::Table && !self.detail && self.written > 0 {
            self.table.write_footer(&mut self.buf);
        }
        self.flush()
    }
}
