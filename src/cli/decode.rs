//! `cardshark decode`: every message of every stream, as a table or as
//! records (`--format json|jsonl`), with filters.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::decode::{Body, DecodeStage, Record, RecordSink};
use cardshark::output::color::{paint, Style};
use cardshark::output::records::{summary, JsonWriter};
use cardshark::protocols::ProtocolId;
use clap::{Args, ValueEnum};
use std::cell::Cell;
use std::io::{self, Write};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

/// How `decode` writes records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DecodeFormat {
    /// A row per record for people: frame, time, stream, direction, protocol, type, summary.
    Table,
    /// One JSON array of records.
    Json,
    /// One JSON record per line.
    Jsonl,
}

/// Arguments of `cardshark decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DecodeFormat::Table)]
    pub format: DecodeFormat,
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

/// Records handed to the writer thread at a time, and batches in flight:
/// what waits between the threads stays under a few thousand records.
const BATCH: usize = 512;
const IN_FLIGHT: usize = 4;

/// Whether the arguments' filters let `r` through.
fn wanted(a: &DecodeArgs, r: &Record) -> bool {
    a.stream.is_none_or(|s| s == r.stream)
        && a.protocol
            .is_none_or(|p| r.protocol.is_some_and(|q| p.covers(q)))
        && a.type_name
            .as_deref()
            .is_none_or(|t| t.eq_ignore_ascii_case(r.type_name()))
}

/// Formats records and writes them.
struct Writer<W: Write> {
    out: W,
    format: DecodeFormat,
    /// Output not yet written: records are built straight into it, and it
    /// goes to `out` in pieces of about [`FLUSH_AT`] bytes.
    buf: Vec<u8>,
    written: u64,
    first_ts: Option<f64>,
    json: JsonWriter,
    /// Whether the input is a live capture (output flushed per record).
    live: bool,
}

impl<W: Write> Writer<W> {
    fn new(out: W, format: DecodeFormat, live: bool) -> Self {
        Writer {
            out,
            format,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
            written: 0,
            first_ts: None,
            json: JsonWriter::new(),
            live,
        }
    }

    fn write(&mut self, r: &Record) -> io::Result<()> {
        self.format(r)?;
        self.written += 1;
        // Live, a record is shown as soon as it is decoded.
        if self.buf.len() >= FLUSH_AT || self.live {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
            self.out.flush()?;
        }
        Ok(())
    }

    fn format(&mut self, r: &Record) -> io::Result<()> {
        match self.format {
            DecodeFormat::Jsonl => {
                self.json.append(&mut self.buf, r)?;
                self.buf.push(b'\n');
                Ok(())
            }
            DecodeFormat::Json => {
                self.buf
                    .extend_from_slice(if self.written == 0 { b"[\n" } else { b",\n" });
                self.json.append(&mut self.buf, r)
            }
            DecodeFormat::Table => {
                if self.written == 0 {
                    let header = format!(
                        "{:>7} {:>11} {:>6} {:<3} {:<12} {:<26} Summary",
                        "Frame", "Time", "Stream", "Dir", "Protocol", "Type"
                    );
                    writeln!(self.buf, "{}", paint(&header, Style::Header))?;
                }
                let t0 = *self.first_ts.get_or_insert(r.ts.as_f64());
                let type_name = format!("{:<26}", r.type_name());
                // What carried it: `ws/pokerth` inside a WebSocket.
                let protocol = match (&r.carried, r.protocol) {
                    (None, p) => p.map_or("-", |p| p.name()).to_owned(),
                    (Some(_), Some(p)) => format!("ws/{}", p.name()),
                    (Some(_), None) => "ws".to_owned(),
                };
                let type_name = match &r.body {
                    Body::Message { decoded, .. } if decoded.error.is_none() => type_name,
                    Body::Message { .. } => paint(&type_name, Style::Error),
                    _ => paint(&type_name, Style::Event),
                };
                writeln!(
                    self.buf,
                    "{:>7} {:>11.6} {:>6} {:<3} {:<12} {type_name} {}",
                    r.frame,
                    r.ts.as_f64() - t0,
                    r.stream,
                    r.dir.as_str(),
                    protocol,
                    summary(r)
                )
            }
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        if self.format == DecodeFormat::Json {
            self.buf
                .extend_from_slice(if self.written == 0 { b"[]\n" } else { b"\n]\n" });
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }
}

/// Where the records that pass the filters go: written here, or handed in
/// batches to a writer thread.
enum Output<'a> {
    Here(Writer<io::StdoutLock<'a>>),
    Thread {
        batch: Vec<Record>,
        to_writer: SyncSender<Vec<Record>>,
        /// Emptied batches coming back, to be filled again.
        spare: Receiver<Vec<Record>>,
    },
}

/// Filters records and passes them on.
struct Printer<'a> {
    args: &'a DecodeArgs,
    printed: u64,
    stop: &'a Cell<bool>,
    error: Option<io::Error>,
    output: Output<'a>,
}

impl Printer<'_> {
    fn pass(&mut self, r: Record) -> io::Result<()> {
        match &mut self.output {
            Output::Here(w) => w.write(&r),
            Output::Thread {
                batch,
                to_writer,
                spare,
            } => {
                batch.push(r);
                if batch.len() >= BATCH {
                    let next = spare
                        .try_recv()
                        .unwrap_or_else(|_| Vec::with_capacity(BATCH));
                    let full = std::mem::replace(batch, next);
                    if to_writer.send(full).is_err() {
                        // The writer stopped on an error it reports itself.
                        self.stop.set(true);
                    }
                }
                Ok(())
            }
        }
    }
}

impl RecordSink for Printer<'_> {
    fn record(&mut self, r: Record) {
        if self.error.is_some() || self.stop.get() || !wanted(self.args, &r) {
            return;
        }
        if let Err(e) = self.pass(r) {
            self.error = Some(e);
            self.stop.set(true);
            return;
        }
        self.printed += 1;
        if self.args.count.is_some_and(|c| self.printed >= c) {
            self.stop.set(true);
        }
    }
}

pub fn run(args: &DecodeArgs) -> Result<(), CliError> {
    let live = args.input.is_live();
    let config = args.decode.config()?;
    // Reading a file, JSON is built and written on a second thread while
    // this one reads and decodes; the output is the same. A live capture
    // (a record shown as soon as it is decoded) and the table stay on one.
    if live || args.format == DecodeFormat::Table {
        let stop = Cell::new(false);
        let printer = Printer {
            args,
            printed: 0,
            stop: &stop,
            error: None,
            output: Output::Here(Writer::new(io::stdout().lock(), args.format, live)),
        };
        let mut stage = DecodeStage::new(config, printer);
        let summary = args.input.run_until(&mut stage, &stop)?;
        let mut printer = stage.into_sink();
        if let Some(e) = printer.error.take() {
            return Err(e.into());
        }
        if let Output::Here(w) = &mut printer.output {
            w.finish()?;
        }
        warn_all(&summary.warnings());
        return Ok(());
    }
    let (to_writer, batches) = sync_channel::<Vec<Record>>(IN_FLIGHT);
    let (give_back, spare) = sync_channel::<Vec<Record>>(IN_FLIGHT + 1);
    let format = args.format;
    let writer = std::thread::spawn(move || -> io::Result<()> {
        let mut w = Writer::new(io::stdout().lock(), format, false);
        for mut batch in batches {
            for r in batch.drain(..) {
                w.write(&r)?;
            }
            let _ = give_back.try_send(batch);
        }
        w.finish()
    });
    let stop = Cell::new(false);
    let printer = Printer {
        args,
        printed: 0,
        stop: &stop,
        error: None,
        output: Output::Thread {
            batch: Vec::with_capacity(BATCH),
            to_writer,
            spare,
        },
    };
    let mut stage = DecodeStage::new(config, printer);
    let result = args.input.run_until(&mut stage, &stop);
    let printer = stage.into_sink();
    if let Output::Thread {
        batch, to_writer, ..
    } = printer.output
    {
        if !batch.is_empty() {
            let _ = to_writer.send(batch);
        }
    }
    // The sender is dropped: the writer finishes what it has and returns.
    let written = writer
        .join()
        .unwrap_or_else(|_| Err(io::Error::other("the output thread failed")));
    let summary = result?;
    written?;
    warn_all(&summary.warnings());
    Ok(())
}
