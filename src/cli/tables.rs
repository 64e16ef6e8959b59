//! `-o DIR`: the tables of `decode` (`records`) and `hands` (`hands`,
//! `actions`, `players`) as Parquet (`--format parquet`) or CSV files
//! (`--format csv`), written by `output::tables` from the one pipeline's
//! sink.

use super::decode::{self, DecodeArgs, Selection};
use super::hands::{self, HandsArgs};
use super::strict;
use super::{display_filter, CliError, InputArgs};
use cardshark::capture::{stdin_head, CaptureError};
use cardshark::decode::Render;
use cardshark::decode::{Body, DecodeStage, Record, RecordSink};
use cardshark::output::tables::hands::HandIds;
use cardshark::output::tables::ids::{self, StreamKey, EDGE};
use cardshark::output::tables::record_batch::RecordsTable;
use cardshark::output::tables::records::{RecordRow, Stream};
use cardshark::output::tables::writer::Batches;
use cardshark::output::tables::{self, Format, Tables};
use cardshark::pipeline::{Items, StreamSet};
use clap::{Args, ValueHint};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// `-o DIR` and `--overwrite`.
#[derive(Args, Debug, Clone, Default)]
pub struct TableArgs {
    /// With --format parquet (or csv): write tables into the directory DIR
    /// (made; it must not exist, see --overwrite), a file per table,
    /// instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "DIR", value_hint = ValueHint::DirPath,
          long_help = output_help())]
    pub output: Option<PathBuf>,
    /// With -o: DIR may exist; the tables this command writes replace any
    /// there (other files are left alone).
    #[arg(long, requires = "output")]
    pub overwrite: bool,
}

/// The long help of `-o`: what it writes, and every table's columns with
/// their types (the README says what each holds).
fn output_help() -> String {
    let mut s = String::from(
        "With --format parquet (or csv): write tables into the directory DIR (made; it must \
         not exist, see --overwrite), a file per table, instead of standard output: decode \
         writes records.parquet, hands writes hands.parquet, actions.parquet and \
         players.parquet (.csv with --format csv). Each file is written under a temporary \
         name and renamed when whole. Every table carries ids unique across captures: \
         capture (XXH3-64 of the capture file's size and first and last MiB), stream_uid \
         (of the capture id, the stream's first frame and endpoints) and hand_uid (of the \
         stream_uid and the hand's number). Columns (whole numbers signed 64-bit, times \
         microseconds in UTC; the README says what each holds):",
    );
    for (name, columns) in tables::ALL {
        let list: Vec<String> = (columns.iter())
            .map(|c| format!("{} {}", c.name, c.kind.sql()))
            .collect();
        s.push_str(&format!("\n\n{name}: {}", list.join(", ")));
    }
    s
}

impl TableArgs {
    /// The tables to write, if any: `parquet` and `csv` say whether the
    /// command's `--format` is Parquet or CSV. Parquet goes with `-o`
    /// only, `-o` with those two only, and not with a live capture.
    pub fn format(
        &self,
        parquet: bool,
        csv: bool,
        input: &InputArgs,
    ) -> Result<Option<Format>, CliError> {
        let usage = |m: &str| Err(CliError::Usage(m.into()));
        match (&self.output, parquet, csv) {
            (None, true, _) => {
                usage("--format parquet writes a table per file: name their directory with -o DIR")
            }
            (None, ..) => Ok(None),
            (Some(_), false, false) => usage(
                "-o DIR writes tables: it goes with --format parquet or csv \
                 (other formats go to standard output)",
            ),
            (Some(_), ..) if input.is_live() => usage(
                "-o DIR writes tables from capture files: capture with -i IFACE -w FILE.pcapng, \
                 then read FILE.pcapng",
            ),
            (Some(_), true, _) => Ok(Some(Format::Parquet)),
            (Some(_), ..) => Ok(Some(Format::Csv)),
        }
    }

    /// Makes the directory and starts the files of `specs`.
    fn create(&self, format: Format, specs: &[tables::writer::Spec]) -> Result<Tables, CliError> {
        let dir = self.output.as_deref().unwrap_or(std::path::Path::new("."));
        Tables::create(dir, self.overwrite, format, specs).map_err(error)
    }
}

/// The command's error for a table that could not be written.
fn error(e: tables::Error) -> CliError {
    match e {
        tables::Error::Usage(m) => CliError::Usage(m),
        tables::Error::Write(m) => CliError::Other(m),
    }
}

/// The capture id of the input (its files, or standard input: see
/// `output::tables::ids`).
fn capture_id(input: &InputArgs) -> Result<i64, CliError> {
    let mut parts = Vec::new();
    for s in input.sources()? {
        // The words of the capture reader's own errors.
        let id = match &s.path {
            Some(path) => ids::capture_of_file(path).map_err(|e| {
                CaptureError::new(
                    &s.name,
                    format!("cannot open: {e} (check the path and permissions)"),
                )
            }),
            None => stdin_head(EDGE)
                .map(|head| ids::capture_of_stdin(&head))
                .map_err(|e| CaptureError::new(&s.name, format!("cannot read: {e}"))),
        };
        parts.push(id?);
    }
    Ok(ids::capture_of_inputs(&parts))
}

/// A record's row, and what `--strict` makes of the record.
type Row = (RecordRow, Option<strict::Problem>);

/// A worker's side of `decode -o`: the rows of the records the filters
/// let through.
struct RecordRows<'a> {
    args: &'a DecodeArgs,
    select: &'a Selection,
    capture: i64,
    /// The streams not yet ended (their ids and endpoints).
    streams: HashMap<u64, Stream, foldhash::fast::RandomState>,
    items: Items<Row>,
}

impl RecordSink for RecordRows<'_> {
    fn pending(&self) -> usize {
        self.items.weight()
    }

    fn record(&mut self, r: Record) {
        if let Some(key) = StreamKey::of_start(&r) {
            let stream = Stream::new(key.uid(self.capture), &r);
            self.streams.insert(r.stream, stream);
        }
        // A stream's last record takes it out of those not yet ended.
        let ended = if matches!(r.body, Body::StreamEnd { .. }) {
            self.streams.remove(&r.stream)
        } else {
            None
        };
        if !decode::selected(self.args, self.select, &r) {
            return;
        }
        let unknown;
        let stream = match ended.as_ref().or_else(|| self.streams.get(&r.stream)) {
            Some(s) => s,
            None => {
                unknown = Stream::new(StreamKey::unknown(r.stream).uid(self.capture), &r);
                &unknown
            }
        };
        let row = RecordRow::new(&r, stream, &mut self.items.bytes);
        let problem = strict::of_record(&r);
        self.items.push(r.order, (row, problem));
    }
}

impl Render for RecordRows<'_> {
    type Item = Row;
    fn take(&mut self, into: &mut Items<Row>) {
        let base = into.bytes.len();
        if base > 0 {
            for (_, (row, _)) in &mut self.items.keyed {
                row.rebase(base);
            }
        }
        into.append(&mut self.items);
    }
}

/// `decode --format parquet|csv -o DIR`.
pub fn decode(args: &DecodeArgs, select: &Selection, format: Format) -> Result<(), CliError> {
    let config = args.decode.config()?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let capture = capture_id(&input)?;
    let mut out = args.tables.create(format, &[tables::ALL[0]])?;
    let make = || {
        let rows = RecordRows {
            args,
            select,
            capture,
            streams: HashMap::default(),
            items: Items::default(),
        };
        DecodeStage::new(config.clone(), rows)
    };
    let mut table = RecordsTable::new(capture);
    let mut written = 0;
    let mut matched = StreamSet::default();
    let mut failed = None;
    let done = input.run(make, &mut |(row, problem): Row, bytes: &[u8]| {
        if let Some(problem) = problem {
            strict::note(problem, row.frame());
        }
        matched.insert(row.stream);
        table.append(&row, bytes);
        if table.is_full() {
            if let Err(e) = out.table(0).write(&mut table) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        written += 1;
        if args.count.is_some_and(|c| written >= c) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(e) = failed {
        return Err(error(e));
    }
    out.table(0).write(&mut table).map_err(error)?;
    out.finish().map_err(error)?;
    decode::after_pass(args, &input, pcap_out, &done.summary, written, &matched)
}

/// `hands --format parquet|csv -o DIR`: every hand the filters let
/// through, incomplete ones too (their `complete` column says so).
pub fn hands(args: &HandsArgs, format: Format) -> Result<(), CliError> {
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        super::hand_keys::hand_scope(),
    )?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let capture = capture_id(&input)?;
    let mut out = args.tables.create(format, &tables::hands::TABLES)?;
    let mut matched = StreamSet::default();
    let mut failed = None;
    let seen = hands::collect_keyed(&input, &args.decode, |h, key| {
        if !hands::chosen(args, filter.as_ref(), &h) {
            return ControlFlow::Continue(());
        }
        matched.insert(h.stream);
        let ids = HandIds::new(capture, &h, key);
        match tables::hands::append_all(&mut out, &ids, &h) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(error(e));
    }
    out.finish().map_err(error)?;
    hands::check_found(args, &seen, !matched.is_empty())?;
    match pcap_out {
        Some(pcap) => pcap.write(&input, &matched),
        None => Ok(()),
    }
}
