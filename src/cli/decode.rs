//! `cardshark decode`: every message of every stream, as a table or as
//! records (`--format json|jsonl`), with filters.

use super::fields::{Columns, FieldArgs};
use super::{display_filter, warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::decode::{Body, DecodeStage, Record, RecordSink};
use cardshark::filter::record::{Paths, RecordKey, RecordScope, View};
use cardshark::filter::Filter;
use cardshark::output::color::Style;
use cardshark::output::records::{summary, JsonWriter};
use cardshark::output::table::{Align, Table};
use cardshark::pipeline::{self, Items};
use cardshark::protocols::ProtocolId;
use clap::{Args, ValueEnum};
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
    /// or frame, ts, stream, dir, protocol, type and summary.
    Csv,
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
    #[arg(short = 's', long = "stream", value_name = "N")]
    pub stream: Option<u64>,
    /// Only streams of this protocol (pokerth, pokerth-1, pokernetwork, gls,
    /// cardgame); pokerth takes PokerTH 1.x streams too.
    #[arg(short = 'p', long = "protocol", value_name = "NAME", value_parser = parse_protocol)]
    pub protocol: Option<ProtocolId>,
    /// Only records of this message type or event (e.g. PlayersActionDone,
    /// gap, unknown_data, websocket_close); case does not matter.
    #[arg(short = 't', long = "type", value_name = "NAME")]
    pub type_name: Option<String>,
    /// Stop after this many records.
    #[arg(short = 'c', long = "count", value_name = "N")]
    pub count: Option<u64>,
}

fn parse_protocol(s: &str) -> Result<ProtocolId, String> {
    ProtocolId::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = ProtocolId::ALL.iter().map(|p| p.cli_name()).collect();
        format!("unknown protocol '{s}' (one of {})", names.join(", "))
    })
}

/// Output is handed to standard output in pieces of about this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// Whether the arguments' filters let `r` through.
fn wanted(a: &DecodeArgs, r: &Record) -> bool {
    a.stream.is_none_or(|s| s == r.stream)
        && a.protocol
            .is_none_or(|p| r.protocol.is_some_and(|q| p.covers(q)))
        && a.type_name
            .as_deref()
            .is_none_or(|t| t.eq_ignore_ascii_case(r.type_name()))
}

/// A record as a worker rendered it: its frame and time (the table's
/// first columns, which count from the first record written), and the
/// rest, `bytes[start..end]` of its batch.
struct Piece {
    frame: u64,
    ts: f64,
    start: usize,
    end: usize,
}

/// What `-Y` and `-e` made of the arguments: the filter, the columns,
/// and the `fields.*` paths their keys read.
struct Selection {
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

/// The worker's side: filters records and renders those that pass.
struct Rows<'a> {
    args: &'a DecodeArgs,
    select: &'a Selection,
    json: JsonWriter,
    table: Table<'static>,
    items: Items<Piece>,
}

impl RecordSink for Rows<'_> {
    fn record(&mut self, r: Record) {
        if !wanted(self.args, &r) {
            return;
        }
        let mut view = View::new(&r, &self.select.paths);
        if (self.select.filter.as_ref()).is_some_and(|f| !f.matches(&mut view)) {
            return;
        }
        let buf = &mut self.items.bytes;
        let start = buf.len();
        match self.args.format {
            DecodeFormat::Fields | DecodeFormat::Csv => {
                if let Some(c) = &self.select.columns {
                    c.row(&r, &mut view, buf);
                }
            }
            DecodeFormat::Jsonl => {
                // Writing to a vector fails only on memory.
                let _ = self.json.append(buf, &r);
                buf.push(b'\n');
            }
            DecodeFormat::Json => {
                let _ = self.json.append(buf, &r);
            }
            DecodeFormat::Table => table_row(&self.table, buf, &r),
        }
        let piece = Piece {
            frame: r.frame,
            ts: r.ts.as_f64(),
            start,
            end: buf.len(),
        };
        self.items.push(r.order, piece);
    }
}

impl pipeline::Render for Rows<'_> {
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
/// a live capture), so their widths are fixed.
const HEADERS: [&str; 7] = [
    "Frame", "Time", "Stream", "Dir", "Protocol", "Type", "Summary",
];

/// The table's layout: widths and alignments of [`HEADERS`].
fn table() -> Table<'static> {
    use Align::{Left, Right};
    Table::columns(
        &HEADERS,
        &[
            (7, Right),
            (11, Right),
            (6, Right),
            (3, Left),
            (12, Left),
            (26, Left),
            (0, Left),
        ],
    )
}

/// A table row after its frame and time (the first two columns, written
/// on the calling thread): stream, direction, protocol, type, summary.
fn table_row(table: &Table, buf: &mut Vec<u8>, r: &Record) {
    // What carried it: `ws/pokerth` inside a WebSocket.
    let protocol = match (&r.carried, r.protocol) {
        (None, p) => p.map_or("-", |p| p.name()).to_owned(),
        (Some(_), Some(p)) => format!("ws/{}", p.name()),
        (Some(_), None) => "ws".to_owned(),
    };
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
            (summary(r).as_str(), None),
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
    first_ts: Option<f64>,
    table: Table<'static>,
    /// Whether the input is a live capture (output flushed per record).
    live: bool,
    error: Option<io::Error>,
}

impl<W: Write> Writer<'_, W> {
    fn piece(&mut self, p: Piece, bytes: &[u8]) -> ControlFlow<()> {
        match self.format {
            DecodeFormat::Jsonl => {}
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
                let t0 = *self.first_ts.get_or_insert(p.ts);
                let mut frame = itoa::Buffer::new();
                let time = format!("{:.6}", p.ts - t0);
                let cells = [(frame.format(p.frame), None), (time.as_str(), None)];
                self.table.write_cells(&mut self.buf, 0, cells);
            }
        }
        self.buf.extend_from_slice(&bytes[p.start..p.end]);
        self.written += 1;
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
        self.flush()
    }
}

pub fn run(args: &DecodeArgs) -> Result<(), CliError> {
    let config = args.decode.config()?;
    let select = Selection::new(args)?;
    let mut w = Writer {
        out: io::stdout().lock(),
        columns: select.columns.as_ref(),
        format: args.format,
        buf: Vec::with_capacity(FLUSH_AT + 4096),
        written: 0,
        count: args.count,
        first_ts: None,
        table: table(),
        live: args.input.is_live(),
        error: None,
    };
    let make = || {
        let render = Rows {
            args,
            select: &select,
            json: JsonWriter::new(),
            table: table(),
            items: Items::default(),
        };
        DecodeStage::new(config.clone(), render)
    };
    let done = args.input.run(make, &mut |p, bytes| w.piece(p, bytes));
    let done = done?;
    w.finish()?;
    warn_all(&done.summary.warnings());
    Ok(())
}
