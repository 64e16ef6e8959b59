//! `inspect`'s writer, the calling thread's side of the pass: it counts
//! each stream's problems for `--strict`, keeps the streams `-Y` lets
//! through (what `-w` writes), and writes their rows: the table's and
//! CSV's as each stream ends, JSON's (kept in a store that spills to disk)
//! once the input has ended, after the capture's summary.

use super::args::InspectArgs;
use super::csv;
use super::layout::Layout;
use super::rows::{spill_error, Row, RowStore};
use super::stream::{counts, filtered_json, stream_json};
use super::summary::{print_json, print_summary};
use crate::cli::display_filter::passes;
use crate::cli::strict::{self, Problem};
use crate::cli::CliError;
use cardshark::filter::Filter;
use cardshark::output::time::{Stamper, TimeFormat};
use cardshark::output::Format;
use cardshark::pipeline::{CaptureSummary, Clock, StreamSet};
use cardshark::reassembly::Direction;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Where the rows go, and what the pass has told of them.
pub(super) struct Writer<W: Write> {
    out: W,
    format: Format,
    /// The table's layout (none for CSV and JSON).
    layout: Option<Layout>,
    /// `-Y`.
    filter: Option<Filter<Vec<String>>>,
    /// JSON's rows, until the input ends.
    store: RowStore,
    /// The Start column.
    starts: Stamper,
    /// Tells the capture's first frame (the reference of `-t r`).
    clock: Clock,
    /// Whether output is flushed per row (`-l`, a live capture, a pipe).
    flush_each: bool,
    /// Rows written (the table and CSV).
    written: u64,
    buf: Vec<u8>,
    /// The streams that get a row (what `-w` writes).
    matched: StreamSet,
    /// What went wrong writing a row or keeping it.
    failed: Option<io::Error>,
}

impl<W: Write> Writer<W> {
    /// Writes to `out` what `args` ask for, only the streams `filter`
    /// matches, JSON's rows kept in `store`; the table's Start column told
    /// the first frame by `clock`.
    pub(super) fn new(
        out: W,
        args: &InspectArgs,
        filter: Option<Filter<Vec<String>>>,
        store: RowStore,
        clock: Clock,
        flush_each: bool,
    ) -> Self {
        // Start is in the narrow layout only when -t asks for it.
        let with_start = args.time.time_format.is_some();
        let time = args.time.or(TimeFormat::UtcDate);
        let layout = (args.format == Format::Table).then(|| Layout::choose(time, with_start));
        Writer {
            out,
            format: args.format,
            layout,
            filter,
            store,
            starts: Stamper::new(time, None),
            clock,
            flush_each,
            written: 0,
            buf: Vec::new(),
            matched: StreamSet::default(),
            failed: None,
        }
    }

    /// A stream's row, as the stream ends: counted for `--strict`, then
    /// written or kept if `-Y` lets it through.
    pub(super) fn row(&mut self, row: Row) -> ControlFlow<()> {
        let (c, s) = (row.info.dir(Direction::C2S), row.info.dir(Direction::S2C));
        let [mc, ms] = counts(&row);
        strict::count(Problem::Gap, c.gaps.saturating_add(s.gaps));
        strict::count(Problem::Error, mc.errors.saturating_add(ms.errors));
        if self.filter.is_some() && !passes(self.filter.as_ref(), &filtered_json(&row)) {
            return ControlFlow::Continue(());
        }
        self.matched.insert(row.info.id);
        let went = match self.format {
            Format::Json => self.store.push(row),
            Format::Table | Format::Csv => self.write(&row),
        };
        if let Err(e) = went {
            self.failed = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// A row of the table or CSV, its header before the first.
    fn write(&mut self, row: &Row) -> io::Result<()> {
        let buf = &mut self.buf;
        match &self.layout {
            Some(layout) => {
                if self.written == 0 {
                    layout.table().write_header(buf);
                }
                self.starts.first_frame(self.clock.first());
                let cells = layout.cells(row, self.starts.stamp(row.info.start));
                layout.table().write_row(buf, &cells);
            }
            None => {
                if self.written == 0 {
                    csv::header(buf);
                }
                csv::row(buf, &stream_json(row));
            }
        }
        self.written += 1;
        self.out.write_all(buf)?;
        buf.clear();
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    /// What stopped the pass, if a row could not be written or kept.
    pub(super) fn failed(&mut self) -> Result<(), CliError> {
        match self.failed.take() {
            None => Ok(()),
            Some(e) => Err(match self.format {
                Format::Json => spill_error(e),
                _ => e.into(),
            }),
        }
    }

    /// After the pass (`summary`): the table's footer and the capture's
    /// summary, CSV's header if no row had it, or JSON's document; the
    /// streams that got a row (what `-w` writes).
    pub(super) fn finish(mut self, summary: &CaptureSummary) -> Result<StreamSet, CliError> {
        let out = &mut self.out;
        let mut end = Vec::new();
        match (self.format, &self.layout) {
            (Format::Table, Some(layout)) => {
                if self.written > 0 {
                    layout.table().write_footer(&mut end);
                }
                out.write_all(&end)?;
                let filtered = self.filter.is_some();
                print_summary(out, summary, self.written, filtered)?;
            }
            (Format::Csv, _) if self.written == 0 => {
                csv::header(&mut end);
                out.write_all(&end)?;
            }
            (Format::Json, _) => {
                let rows = self.store.finish().map_err(spill_error)?;
                print_json(out, summary, &rows)?;
            }
            _ => {}
        }
        out.flush()?;
        Ok(self.matched)
    }
}
