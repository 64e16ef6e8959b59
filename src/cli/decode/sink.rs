//! `decode`'s sink, a worker's side of the pass: it filters the records
//! and renders those that pass (a table row, a tree, JSON or a line of
//! fields) into pieces the writer puts in capture order.

use super::args::{DecodeArgs, DecodeFormat};
use super::detail;
use super::fields::Columns;
use super::select::{wanted, Selection};
use super::table::{table, table_row};
use crate::cli::strict::{self, Problem};
use cardshark::capture::Timestamp;
use cardshark::decode::{Record, RecordSink, Render};
use cardshark::filter::record::View;
use cardshark::output::records::{JsonWriter, Summaries};
use cardshark::output::table::Table;
use cardshark::output::time::TimeFormat;
use cardshark::pipeline::Items;

/// A record as a worker rendered it: its frame and time (the table's
/// first columns), and the rest, `bytes[start..end]` of its batch; or only
/// the time of a record the filters left out (`-t d` counts from it).
pub(super) struct Piece {
    pub(super) frame: u64,
    pub(super) stream: u64,
    pub(super) ts: Timestamp,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Whether the record is written (false: only its time matters).
    pub(super) shown: bool,
    /// What `--strict` makes of it.
    pub(super) problem: Option<Problem>,
}

/// The worker's side: filters records and renders those that pass.
pub(super) struct Rows<'a> {
    args: &'a DecodeArgs,
    select: &'a Selection,
    json: JsonWriter,
    table: Table<'static>,
    items: Items<Piece>,
    /// The player names each stream told, for the summaries: learnt from
    /// every record (before the filters) when the output has summaries.
    summaries: Summaries,
    /// Whether it has ([`Rows::summarises`]).
    learn: bool,
}

impl<'a> Rows<'a> {
    /// The side of a worker, writing `time` in the table's layout.
    pub(super) fn new(args: &'a DecodeArgs, select: &'a Selection, time: TimeFormat) -> Self {
        Rows {
            args,
            select,
            json: JsonWriter::new(),
            table: table(time),
            items: Items::default(),
            summaries: Summaries::new(),
            learn: Rows::summarises(args, select),
        }
    }

    /// Whether the output writes summaries (the table, or a summary
    /// column), which name the players their streams told.
    fn summarises(args: &DecodeArgs, select: &Selection) -> bool {
        match args.format {
            DecodeFormat::Table => !detail::view(args),
            DecodeFormat::Fields | DecodeFormat::Csv => {
                (select.columns.as_ref()).is_some_and(Columns::has_summary)
            }
            DecodeFormat::Json | DecodeFormat::Jsonl | DecodeFormat::Parquet => false,
        }
    }
}

impl RecordSink for Rows<'_> {
    fn pending(&self) -> usize {
        self.items.weight()
    }

    fn record(&mut self, r: Record) {
        if self.learn {
            self.summaries.see(&r);
        }
        let mut view = View::new(&r, &self.select.paths);
        let passes = wanted(self.args, &r)
            && (self.select.filter.as_ref()).is_none_or(|f| f.matches(&mut view));
        if !passes {
            let table = self.args.format == DecodeFormat::Table;
            if table && self.args.time.time_format == Some(TimeFormat::Delta) {
                let piece = Piece {
                    frame: r.frame,
                    stream: r.stream,
                    ts: r.ts,
                    start: 0,
                    end: 0,
                    shown: false,
                    problem: None,
                };
                self.items.push(r.order, piece);
            }
            return;
        }
        let buf = &mut self.items.bytes;
        let start = buf.len();
        match self.args.format {
            DecodeFormat::Fields | DecodeFormat::Csv => {
                if let Some(c) = &self.select.columns {
                    c.row(&r, &mut view, &self.summaries, buf);
                }
            }
            // Written by `tables`, never through here.
            DecodeFormat::Parquet => {}
            DecodeFormat::Jsonl => {
                // Writing to a vector fails only on memory.
                let _ = self.json.append(buf, &r);
                buf.push(b'\n');
            }
            DecodeFormat::Json => {
                let _ = self.json.append(buf, &r);
            }
            DecodeFormat::Table if detail::view(self.args) => {
                detail::write(buf, &mut self.json, &r, self.args.hex);
            }
            DecodeFormat::Table => {
                table_row(&self.table, buf, &r, &self.summaries);
                if self.args.hex {
                    detail::hex_below(buf, &r, "        ");
                }
            }
        }
        let piece = Piece {
            frame: r.frame,
            stream: r.stream,
            ts: r.ts,
            start,
            end: buf.len(),
            shown: true,
            problem: strict::of_record(&r),
        };
        self.items.push(r.order, piece);
    }
}

impl Render for Rows<'_> {
    type Item = Piece;
    fn take(&mut self, into: &mut Items<Piece>) {
        let base = into.bytes.len();
        for (_, p) in &mut self.items.keyed {
            p.start += base;
            p.end += base;
        }
        into.append(&mut self.items);
    }
}
