//! `cardshark decode`: every message of every stream, as a table or as
//! records (`--format json|jsonl`), with filters.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use crate::decode::{Body, DecodeStage, Record, RecordSink};
use crate::output::color::{paint, Style};
use crate::output::records::{summary, JsonWriter};
use crate::protocols::ProtocolId;
use clap::{Args, ValueEnum};
use std::cell::Cell;
use std::io::{self, Write};

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
    /// Only streams of this protocol (pokerth, pokernetwork, gls, cardgame).
    #[arg(short = 'p', long = "protocol", value_name = "NAME", value_parser = parse_protocol)]
    pub protocol: Option<ProtocolId>,
    /// Only records of this message type or event (e.g. PlayersActionDone,
    /// gap, unknown_data); case does not matter.
    #[arg(short = 't', long = "type", value_name = "NAME")]
    pub type_name: Option<String>,
    /// Stop after this many records.
    #[arg(short = 'c', long = "count", value_name = "N")]
    pub count: Option<u64>,
}

fn parse_protocol(s: &str) -> Result<ProtocolId, String> {
    ProtocolId::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = ProtocolId::ALL.iter().map(|p| p.name()).collect();
        format!("unknown protocol '{s}' (one of {})", names.join(", "))
    })
}

/// Output is handed to standard output in pieces of about this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// Filters records and writes them.
struct Printer<'a, W: Write> {
    out: W,
    /// Output not yet written: records are built straight into it, and it
    /// goes to `out` in pieces of about [`FLUSH_AT`] bytes.
    buf: Vec<u8>,
    args: &'a DecodeArgs,
    printed: u64,
    first_ts: Option<f64>,
    stop: &'a Cell<bool>,
    error: Option<io::Error>,
    json: JsonWriter,
    /// Whether the input is a live capture (output flushed per record).
    live: bool,
}

impl<W: Write> Printer<'_, W> {
    fn wanted(&self, r: &Record) -> bool {
        let a = self.args;
        a.stream.is_none_or(|s| s == r.stream)
            && a.protocol.is_none_or(|p| r.protocol == Some(p))
            && a.type_name
                .as_deref()
                .is_none_or(|t| t.eq_ignore_ascii_case(r.type_name()))
    }

    fn write(&mut self, r: &Record) -> io::Result<()> {
        self.format(r)?;
        // Live, a record is shown as soon as it is decoded.
        if self.buf.len() >= FLUSH_AT || self.live {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
            self.out.flush()?;
        }
        Ok(())
    }

    fn format(&mut self, r: &Record) -> io::Result<()> {
        match self.args.format {
            DecodeFormat::Jsonl => {
                self.json.append(&mut self.buf, r)?;
                self.buf.push(b'\n');
                Ok(())
            }
            DecodeFormat::Json => {
                self.buf
                    .extend_from_slice(if self.printed == 0 { b"[\n" } else { b",\n" });
                self.json.append(&mut self.buf, r)
            }
            DecodeFormat::Table => {
                if self.printed == 0 {
                    let header = format!(
                        "{:>7} {:>11} {:>6} {:<3} {:<12} {:<26} Summary",
                        "Frame", "Time", "Stream", "Dir", "Protocol", "Type"
                    );
                    writeln!(self.buf, "{}", paint(&header, Style::Header))?;
                }
                let t0 = *self.first_ts.get_or_insert(r.ts.as_f64());
                let type_name = format!("{:<26}", r.type_name());
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
                    r.protocol.map_or("-", |p| p.name()),
                    summary(r)
                )
            }
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        if self.args.format == DecodeFormat::Json {
            self.buf
                .extend_from_slice(if self.printed == 0 { b"[]\n" } else { b"\n]\n" });
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }
}

impl<W: Write> RecordSink for Printer<'_, W> {
    fn record(&mut self, r: Record) {
        if self.error.is_some() || self.stop.get() || !self.wanted(&r) {
            return;
        }
        if let Err(e) = self.write(&r) {
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
    let stop = Cell::new(false);
    let printer = Printer {
        out: io::stdout().lock(),
        buf: Vec::with_capacity(FLUSH_AT + 4096),
        args,
        printed: 0,
        first_ts: None,
        stop: &stop,
        error: None,
        json: JsonWriter::new(),
        live: args.input.is_live(),
    };
    let mut stage = DecodeStage::new(args.decode.config()?, printer);
    let summary = args.input.run_until(&mut stage, &stop)?;
    let mut printer = stage.into_sink();
    if let Some(e) = printer.error.take() {
        return Err(e.into());
    }
    printer.finish()?;
    warn_all(&summary.warnings());
    Ok(())
}
