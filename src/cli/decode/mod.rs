//! `cardshark decode`: every message of every stream, as a table or as
//! records (`--format json|jsonl`), with filters.

mod detail;
mod fields;
mod records;

use super::pcap_out::PcapOut;
use super::strict::{self, Problem};
use super::{display_filter, names, warn_all, CliError, DecodeOpts, InputArgs, TimeArgs};
use cardshark::capture::Timestamp;
use cardshark::decode::label;
use cardshark::decode::{Body, DecodeStage, Record, RecordSink};
use cardshark::filter::record::{Paths, RecordKey, RecordScope, View};
use cardshark::filter::Filter;
use cardshark::output::color::Style;
use cardshark::output::records::{JsonWriter, Summaries};
use cardshark::output::table::{self, Align, Table};
use cardshark::output::time::{Stamper, TimeFormat};
use cardshark::pipeline::{self, CaptureSummary, Items, StreamSet};
use clap::{Args, ValueEnum, ValueHint};
use fields::{Columns, FieldArgs};
use std::io::{self, Write};
use std::ops::ControlFlow;

/// How `decode` writes records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DecodeFormat {
    /// A row per record for people: frame, time, stream, direction, protocol, type, summary.
    Table,
    /// One JSON array of records.
    Json,
    /// One JSON record per line.
    Jsonl,
    /// The values of the `-e` keys, a line per record, as `tshark -T
    /// fields` writes them (see -E).
    Fields,
    /// CSV (RFC 4180): a header row, then a row per record: the `-e` keys,
    /// or frame, ts, stream, dir, protocol, type and summary. With -o DIR:
    /// the records table as DIR/records.csv.
    Csv,
    /// Apache Parquet: the records table as DIR/records.parquet (needs -o
    /// DIR).
    Parquet,
}

/// Arguments of `cardshark decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format (-T as in tshark: `-T fields -e frame -e type`).
    #[arg(short = 'T', long, value_enum, default_value_t = DecodeFormat::Table)]
    pub format: DecodeFormat,
    /// Only the records EXPR matches (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::records_help("Records that do not match are not written."))]
    pub display_filter: Option<String>,
    #[command(flatten)]
    pub fields: FieldArgs,
    /// Only this stream (its index in `inspect`).
    #[arg(short = 's', long = "stream", value_name = "N", value_hint = ValueHint::Other)]
    pub stream: Option<u64>,
    /// Only streams of this protocol or dialect, by the names the tables
    /// show (pokerth, pokerth-2007, pokerth-1, pokernetwork, pokernetwork-2,
    /// gls, cardgame): a protocol takes all its dialects (pokerth: every
    /// PokerTH generation), a dialect only its own; the same records as
    /// -Y 'protocol == "NAME"'.
    #[arg(short = 'p', long = "protocol", value_name = "NAME", value_parser = names::Protocol,
          hide_possible_values = true)]
    pub protocol: Option<&'static str>,
    /// Only records of this message type or event (e.g. PlayersActionDone,
    /// gap, unknown_data, websocket_close); case does not matter. A name no
    /// protocol has is an error.
    #[arg(long = "type", value_name = "NAME", value_parser = names::TypeName,
          hide_possible_values = true)]
    pub type_name: Option<String>,
    /// Stop after this many records (at least 1).
    #[arg(short = 'c', long = "count", value_name = "N", value_hint = ValueHint::Other,
          value_parser = at_least_one)]
    pub count: Option<u64>,
    /// Each record as an indented tree, like tshark -V: the envelope (with
    /// the message's bytes in its stream), then the fields (each with its
    /// bytes), notes and error.
    #[arg(short = 'V', long = "detail")]
    pub detail: bool,
    /// Only the records of frame N (the frame that completed each
    /// message), as trees unless --format json or jsonl.
    #[arg(long = "frame", value_name = "N", value_parser = detail::frame_number)]
    pub frame: Option<u64>,
    /// Each message's bytes too, as hex and ASCII (like tshark -x).
    #[arg(short = 'x', long = "hex")]
    pub hex: bool,
    #[command(flatten)]
    pub time: TimeArgs,
    #[command(flatten)]
    pub tables: super::tables::TableArgs,
}

/// A count of at least 1 (`-c 0` would be a run that shows nothing).
fn at_least_one(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("not a whole number of at least 1".into()),
    }
}

/// Output is handed to standard output in pieces of about this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// Whether the arguments' filters let `r` through (with `-Y`, which
/// [`Rows`] checks beside): the one selection of records, which decides
/// both what is written and (through the streams of the records written)
/// what `-w` writes.
fn wanted(a: &DecodeArgs, r: &Record) -> bool {
    a.stream.is_none_or(|s| s == r.stream)
        && a.protocol.is_none_or(|name| {
            r.protocol
                .is_some_and(|p| label::answers_to(p, r.dialect, name))
        })
        && a.type_name
            .as_deref()
            .is_none_or(|t| t.eq_ignore_ascii_case(r.type_name()))
        && a.frame.is_none_or(|f| f == r.frame)
}

/// A record as a worker rendered it: its frame and time (the table's
/// first columns), and the rest, `bytes[start..end]` of its batch; or only
/// the time of a record the filters left out (`-t d` counts from it).
struct Piece {
    frame: u64,
    stream: u64,
    ts: Timestamp,
    start: usize,
    end: usize,
    /// Whether the record is written (false: only its time matters).
    shown: bool,
    /// What `--strict` makes of it.
    problem: Option<Problem>,
}

/// What `-Y` and `-e` made of the arguments: the filter, the columns,
/// and the `fields.*` paths their keys read.
pub(super) struct Selection {
    filter: Option<Filter<RecordKey>>,
    columns: Option<Columns>,
    paths: Paths,
}

impl Selection {
    fn new(args: &DecodeArgs) -> Result<Self, CliError> {
        let mut scope = RecordScope::new();
        let filter = (args.display_filter.as_deref())
            .map(|t| display_filter::compile(t, &mut scope))
            .transpose()?;
        let columns = Columns::new(args.format, &args.fields, &mut scope)?;
        Ok(Selection {
            filter,
            columns,
            paths: scope.into_paths(),
        })
    }
}

/// Whether `r` is written: the arguments' filters and `-Y` (for a
/// command that does not render the record's columns, which [`Rows`]
/// reads from the same view).
pub(super) fn selected(a: &DecodeArgs, select: &Selection, r: &Record) -> bool {
    wanted(a, r)
        && (select.filter.as_ref()).is_none_or(|f| f.matches(&mut View::new(r, &select.paths)))
}

/// The worker's side: filters records and renders those that pass.
struct Rows<'a> {
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

impl Rows<'_> {
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

impl cardshark::decode::Render for Rows<'_> {
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

/// The table's columns; a row is written as soon as its record is (`-c`,
/// a live capture), so their widths are fixed. Record keys, but Time (`ts`
/// in the `-t` format) and Summary.
pub(crate) const HEADERS: [&str; 7] = [
    "Frame", "Time", "Stream", "Dir", "Protocol", "Type", "Summary",
];

/// The table's layout: widths and alignments of [`HEADERS`], the time's
/// for its format.
fn table(time: TimeFormat) -> Table<'static> {
    use Align::{Left, Right};
    Table::new(
        &HEADERS,
        &[
            (7, Right),
            (time.width(), time.align()),
            (6, Right),
            (3, Left),
            // `websocket/pokerth-1`, the longest name a capture shows.
            (19, Left),
            (26, Left),
            (0, Left),
        ],
    )
}

/// A table row after its frame and time (the first two columns, written
/// on the calling thread): stream, direction, protocol, type, summary (with
/// the names `summaries` learnt from the stream).
fn table_row(table: &Table, buf: &mut Vec<u8>, r: &Record, summaries: &Summaries) {
    // As every table names it: `pokerth-2007`, `websocket/pokerth-1`.
    let protocol = r.label().to_string();
    let style = match &r.body {
        Body::Message { decoded, .. } if decoded.error.is_none() => None,
        Body::Message { .. } => Some(Style::Error),
        _ => Some(Style::Event),
    };
    let mut stream = itoa::Buffer::new();
    table.write_cells(
        buf,
        2,
        [
            (stream.format(r.stream), None),
            (r.dir.as_str(), None),
            (protocol.as_str(), None),
            (r.type_name(), style),
            (summaries.summary(r).as_str(), None),
        ],
    );
}

/// The calling thread's side: writes the pieces in order.
struct Writer<'a, W: Write> {
    out: W,
    /// The columns of field output (their header goes first).
    columns: Option<&'a Columns>,
    format: DecodeFormat,
    /// Output not yet written; it goes to `out` in pieces of about
    /// [`FLUSH_AT`] bytes.
    buf: Vec<u8>,
    written: u64,
    count: Option<u64>,
    /// The Time column.
    times: Stamper,
    /// Tells the capture's first frame (the reference of `-t r`).
    clock: pipeline::Clock,
    table: Table<'static>,
    /// Whether output is flushed per record (`-l`, a live capture, a pipe).
    live: bool,
    /// Records as trees (`-V`): written as rendered, no table around them.
    detail: bool,
    error: Option<io::Error>,
    /// The streams of the records written (what `-w` writes).
    matched: StreamSet,
}

impl<W: Write> Writer<'_, W> {
    fn piece(&mut self, p: Piece, bytes: &[u8]) -> ControlFlow<()> {
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

    fn finish(&mut self) -> io::Result<()> {
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

pub fn run(args: &DecodeArgs) -> Result<(), CliError> {
    detail::check(args)?;
    let mut config = args.decode.config()?;
    config.bytes = args.hex || detail::view(args);
    let time = args.time.or(TimeFormat::Relative);
    let select = Selection::new(args)?;
    let (parquet, csv) = (
        args.format == DecodeFormat::Parquet,
        args.format == DecodeFormat::Csv,
    );
    if let Some(format) = args.tables.format(parquet, csv, &args.input)? {
        if !args.fields.fields.is_empty() {
            return Err(CliError::Usage(
                "-e chooses the columns of --format csv on standard output; -o DIR writes \
                 the records table, whose columns are fixed (docs/tables.md lists them)"
                    .into(),
            ));
        }
        return records::write(args, &select, format);
    }
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let mut w = Writer {
        out: io::stdout().lock(),
        columns: select.columns.as_ref(),
        format: args.format,
        buf: Vec::with_capacity(FLUSH_AT + 4096),
        written: 0,
        count: args.count,
        times: Stamper::new(time, None),
        clock: input.clock.clone(),
        table: table(time),
        live: args.input.flush_each(),
        detail: detail::view(args),
        error: None,
        matched: StreamSet::default(),
    };
    let make = || {
        let render = Rows {
            args,
            select: &select,
            json: JsonWriter::new(),
            table: table(time),
            items: Items::default(),
            summaries: Summaries::new(),
            learn: Rows::summarises(args, &select),
        };
        DecodeStage::new(config.clone(), render)
    };
    let done = input.run(make, &mut |p, bytes| w.piece(p, bytes));
    let done = done?;
    w.finish()?;
    after_pass(args, &input, pcap_out, &done.summary, w.written, &w.matched)
}

/// After the pass that wrote `written` records (of the streams `matched`):
/// its warnings, what it tells of the arguments, and `-w`.
pub(super) fn after_pass(
    args: &DecodeArgs,
    input: &InputArgs,
    pcap_out: Option<PcapOut>,
    summary: &CaptureSummary,
    written: u64,
    matched: &StreamSet,
) -> Result<(), CliError> {
    warn_all(summary);
    detail::check_frame(args, summary.frames, written)?;
    // What the pass tells of the arguments (`-c` may have ended it early:
    // then what came after is not known).
    let streams = summary.reassembly.streams;
    let whole = args.count.is_none_or(|c| written < c);
    if let (Some(s), true) = (args.stream, written == 0 && whole) {
        if s >= streams {
            return Err(CliError::Usage(format!(
                "-s {s}: {} has no stream {s} ({}: `cardshark inspect` lists them)",
                args.input.name(),
                super::count_streams(streams)
            )));
        }
    }
    if whole {
        args.decode.check_streams(args.input.name(), streams)?;
    }
    PcapOut::write_if(pcap_out, input, matched)
}
