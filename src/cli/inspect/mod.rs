//! `cardshark inspect`: one row per TCP stream, and a capture summary.
//!
//! The table and CSV write a stream's row as soon as the stream ends (in
//! the order streams end: the same for a file and a live run, at any
//! thread count), then the summary. JSON, one document that starts with
//! the summary, keeps the rows compact (no strings) until the input ends,
//! at most a bounded number of them in memory (the rest in sorted runs in
//! a temporary file, see [`rows`]), and writes them in stream order. Memory
//! stays small however many streams the capture holds.

mod codec;
mod csv;
pub(crate) mod layout;
mod rows;

use super::display_filter::{self, passes, stream_help_names, with_totals};
use super::pcap_out::PcapOut;
use super::strict::{self, Problem};
use super::{warn_all, CliError, DecodeOpts, InputArgs, TimeArgs};
use cardshark::decode::label::{self, Label};
use cardshark::decode::{DecodeStage, DirCounts, How, Record, RecordSink, StreamReport};
use cardshark::output::time::{Stamper, TimeFormat};
use cardshark::output::{seconds, Format};
use cardshark::pipeline::{CaptureSummary, Items, StreamSet, Work};
use cardshark::reassembly::{DirStats, Direction, EndReason, Event, Sink};
use clap::Args;
use layout::Layout;
use rows::{Decoding, Row, Sorted, ROWS_IN_MEMORY};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Arguments of `cardshark inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format (the table: on a terminal too narrow for its 15
    /// columns, unless --wide, two lines per stream, client then server).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// How the Start column is written (`-t`; default ud); `d` and `dd`:
    /// since the previous stream's start.
    #[command(flatten)]
    pub time: TimeArgs,
    /// Only the streams EXPR matches (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::items_help(
              "Streams that do not match get no row (the capture summary still counts every frame).",
              &stream_help_names(),
              "protocol == \"pokerth\" && errors > 0",
          ))]
    pub display_filter: Option<String>,
}

/// Keeps what the decode stage says of each stream; records are not needed.
#[derive(Default)]
struct Reports(HashMap<u64, Decoding>);

impl RecordSink for Reports {
    fn record(&mut self, _r: Record) {}
    fn stream_done(&mut self, report: &StreamReport) {
        self.0.insert(report.info.id, Decoding::of(report));
    }
}

/// Test hook: rows held in memory before `inspect` spills them to a
/// temporary file (default [`ROWS_IN_MEMORY`]). Not for users: the tests set
/// it small to make the spilled output comparable with the unspilled one.
const ROWS_IN_MEMORY_VAR: &str = "CARDSHARK_INSPECT_ROWS_IN_MEMORY";

/// The row bound: [`ROWS_IN_MEMORY_VAR`] when set, else the default.
fn rows_in_memory() -> Result<usize, CliError> {
    super::bound_from_env(ROWS_IN_MEMORY_VAR, ROWS_IN_MEMORY)
}

/// What went wrong with the temporary file rows are spilled to.
fn spill_error(e: io::Error) -> CliError {
    super::spill_error("inspect's rows", e)
}

/// A worker's part of the pass: the decode stage, and the rows made as
/// streams leave the flow table.
struct Collect {
    stage: DecodeStage<Reports>,
    /// The end reason comes with End (and the decode stage's report right
    /// after it); the final counts, late packets such as the last ACK
    /// included, with Closed, once the flow leaves the table.
    reasons: HashMap<u64, EndReason>,
    rows: Items<Row>,
    key: u64,
}

impl Sink for Collect {
    fn warm(&self, slot: u32) {
        self.stage.warm(slot);
    }

    fn step(&mut self, seq: u64, slot: u32) {
        self.key = seq * 2;
        self.stage.step(seq, slot);
    }

    fn event(&mut self, ev: Event<'_>) {
        let closed = match &ev {
            Event::End { info, reason, .. } => {
                self.reasons.insert(info.id, *reason);
                None
            }
            Event::Closed(info) => Some((*info).clone()),
            _ => None,
        };
        self.stage.event(ev);
        let Some(info) = closed else { return };
        let decoding = self.stage.sink_mut().0.remove(&info.id);
        let reason = self.reasons.remove(&info.id).unwrap_or(EndReason::Eof);
        let row = Row {
            info,
            reason,
            decoding,
        };
        self.rows.push(self.key, row);
    }
}

impl Work for Collect {
    type Item = Row;
    fn low(&mut self, next: u64) -> u64 {
        self.stage.low(next)
    }
    fn take(&mut self, into: &mut Items<Row>) {
        into.append(&mut self.rows);
    }
    fn finish(&mut self) {
        self.stage.flush();
    }
}

pub fn run(args: &InspectArgs) -> Result<(), CliError> {
    let mut config = args.decode.config()?;
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        display_filter::stream_scope(),
    )?;
    config.ordered = false;
    config.messages = false;
    let mut store = rows::store(rows_in_memory()?);
    // Start is in the narrow layout only when -t asks for it.
    let with_start = args.time.time_format.is_some();
    let time = args.time.or(TimeFormat::UtcDate);
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let mut spill_failed = None;
    // The streams that get a row (what `-w` writes).
    let mut matched = StreamSet::default();
    let make = || Collect {
        stage: DecodeStage::new(config.clone(), Reports::default()),
        reasons: HashMap::new(),
        rows: Items::default(),
        key: 0,
    };
    // The table and CSV write a stream's row as the stream ends; JSON,
    // whose document starts with the capture's summary, keeps the rows
    // (in a store that spills to disk) until the input ends.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let flush_each = input.flush_each();
    let layout = (args.format == Format::Table).then(|| Layout::choose(time, with_start));
    let mut starts = Stamper::new(time, None);
    let clock = input.clock.clone();
    let mut written = 0u64;
    let mut buf = Vec::new();
    let mut row_out = |row: &Row, out: &mut dyn Write| -> std::io::Result<()> {
        match &layout {
            Some(layout) => {
                if written == 0 {
                    layout.table().write_header(&mut buf);
                }
                starts.first_frame(clock.first());
                let cells = layout.cells(row, starts.stamp(row.info.start));
                layout.table().write_row(&mut buf, &cells);
            }
            None => {
                if written == 0 {
                    csv::header(&mut buf);
                }
                csv::row(&mut buf, &stream_json(row));
            }
        }
        written += 1;
        out.write_all(&buf)?;
        buf.clear();
        if flush_each {
            out.flush()?;
        }
        Ok(())
    };
    let done = input.run(make, &mut |row: Row, _: &[u8]| {
        let (c, s) = (row.info.dir(Direction::C2S), row.info.dir(Direction::S2C));
        let [mc, ms] = counts(&row);
        strict::count(Problem::Gap, c.gaps.saturating_add(s.gaps));
        strict::count(Problem::Error, mc.errors.saturating_add(ms.errors));
        if filter.is_some() && !passes(filter.as_ref(), &filtered_json(&row)) {
            return ControlFlow::Continue(());
        }
        matched.insert(row.info.id);
        let went = match args.format {
            Format::Json => store.push(row),
            Format::Table | Format::Csv => row_out(&row, &mut out),
        };
        if let Err(e) = went {
            spill_failed = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    let summary = done.summary;
    if let Some(e) = spill_failed {
        return Err(match args.format {
            Format::Json => spill_error(e),
            _ => e.into(),
        });
    }
    args.decode
        .check_streams(args.input.name(), summary.reassembly.streams)?;
    let mut end = Vec::new();
    match (args.format, &layout) {
        (Format::Table, Some(layout)) => {
            if written > 0 {
                layout.table().write_footer(&mut end);
            }
            out.write_all(&end)?;
            print_summary(&mut out, &summary, written, filter.is_some())?;
        }
        (Format::Csv, _) if written == 0 => {
            csv::header(&mut end);
            out.write_all(&end)?;
        }
        (Format::Json, _) => {
            let rows = store.finish().map_err(spill_error)?;
            print_json(&mut out, &summary, &rows)?;
        }
        _ => {}
    }
    out.flush()?;
    warn_all(&summary);
    PcapOut::write_if(pcap_out, &input, &matched)
}

/// Every row in stream-id order, made into `f(row)`; errors are the
/// temporary file's.
fn each<'a, T>(
    rows: &'a Sorted,
    mut f: impl FnMut(&Row) -> T + 'a,
) -> Result<impl Iterator<Item = Result<T, CliError>> + 'a, CliError> {
    let merge = rows.merge().map_err(spill_error)?;
    Ok(merge.map(move |r| r.map(|r| f(&r)).map_err(spill_error)))
}

/// The capture's summary below the table: `streams` rows were written.
fn print_summary(
    out: &mut impl Write,
    s: &CaptureSummary,
    streams: u64,
    filtered: bool,
) -> Result<(), CliError> {
    let link_types: Vec<String> = s
        .link_types()
        .iter()
        .map(|(lt, n)| format!("{lt}: {n}"))
        .collect();
    let non_tcp: Vec<String> = s
        .link
        .not_tcp
        .iter()
        .map(|(k, n)| format!("{} {n}", k.name()))
        .collect();
    writeln!(out, "Capture:      {} ({})", s.file, format_name(s))?;
    writeln!(out, "Frames:       {} ({} TCP)", s.frames, s.link.tcp)?;
    let lt = if link_types.is_empty() {
        "-".to_string()
    } else {
        link_types.join(", ")
    };
    writeln!(out, "Link types:   {lt}")?;
    let kinds = if non_tcp.is_empty() {
        String::new()
    } else {
        format!(" ({})", non_tcp.join(", "))
    };
    writeln!(out, "Non-TCP:      {}{kinds}", s.link.not_tcp_total())?;
    if s.link.malformed > 0 {
        writeln!(out, "Malformed:    {}", s.link.malformed)?;
    }
    if s.link.fragments > 0 {
        writeln!(
            out,
            "IP fragments: {} ({} datagrams rebuilt, {} given up)",
            s.link.fragments, s.link.reassembled, s.link.fragments_dropped
        )?;
    }
    match (s.first, s.last) {
        (Some(a), Some(b)) => writeln!(
            out,
            "Time span:    {a} .. {b} ({} s)",
            seconds(s.duration())
        )?,
        _ => writeln!(out, "Time span:    -")?,
    }
    if filtered {
        let all = s.reassembly.streams;
        writeln!(out, "Streams:      {streams} matching -Y (of {all})")?;
    } else {
        writeln!(out, "Streams:      {streams}")?;
    }
    if let Some(sh) = &s.shard {
        writeln!(out, "Shard:        {}, {}", sh.shard, sh.dropped())?;
    }
    Ok(())
}

/// Decoding counters per direction (zero when the stream was not decoded).
fn counts(r: &Row) -> [DirCounts; 2] {
    r.decoding.map_or([DirCounts::default(); 2], |d| d.counts)
}

/// The stream's protocol as every table names it (`pokerth-2007`,
/// `websocket/pokerth-1`, `?`: [`Label`]), `(forced)` after it when
/// `--decode-as` chose it.
fn protocol_label(r: &Row) -> String {
    let Some(d) = r.decoding else {
        return Label::default().to_string();
    };
    let mut s = Label::new(d.protocol, d.dialect, d.transport).to_string();
    if d.protocol.is_some() && d.how == How::Forced {
        s.push_str(" (forced)");
    }
    s
}

/// Why the stream ended (`end_reason`), `(flushed)` after it when the
/// flow cap made room.
fn end_label(r: &Row) -> String {
    let reason = r.reason.as_str();
    if r.info.evicted {
        format!("{reason} (flushed)")
    } else {
        reason.into()
    }
}

fn format_name(s: &CaptureSummary) -> &'static str {
    if s.live {
        return "live capture";
    }
    match s.format {
        cardshark::capture::CaptureFormat::Pcap => "pcap",
        cardshark::capture::CaptureFormat::PcapNg => "pcapng",
    }
}

fn dir_json(d: &DirStats, c: &DirCounts) -> Value {
    json!({
        "messages": c.messages,
        "errors": c.errors,
        "unknown_bytes": c.unknown_bytes,
        "packets": d.packets,
        "bytes": d.delivered,
        "wire_bytes": d.wire_bytes,
        "gaps": d.gaps,
        "gap_bytes": d.gap_bytes,
        "retransmissions": d.retransmissions,
        "keepalives": d.keepalives,
        "conflicts": d.conflicts,
    })
}

/// What `-Y` reads of a stream: its `--format json` object with the
/// totals of both directions, and as `protocol` every name the stream
/// answers to (`pokerth` and `pokerth-1`), as records have them.
fn filtered_json(r: &Row) -> Value {
    let mut v = with_totals(stream_json(r));
    if let Some(p) = r.decoding.and_then(|d| d.protocol) {
        let dialect = r.decoding.and_then(|d| d.dialect);
        v["protocol"] = label::names_of(p, dialect).collect::<Vec<_>>().into();
    }
    v
}

fn stream_json(r: &Row) -> Value {
    let i = &r.info;
    let [mc, ms] = counts(r);
    let d = r.decoding;
    json!({
        "stream": i.id,
        "protocol": d.and_then(|x| x.protocol).map(|p| p.name()),
        "dialect": d.and_then(|x| x.dialect),
        "transport": d.map_or("tcp", |x| x.transport.name()),
        "detection": d.map_or("unknown", |x| x.how.as_str()),
        "client": i.client.to_string(),
        "server": i.server.to_string(),
        "community_id": i.community_id.as_str(),
        "roles_from_handshake": i.roles_from_handshake,
        "first_frame": i.first_frame,
        "last_frame": i.last_frame,
        "start": i.start.to_string(),
        "end": i.last.to_string(),
        "duration": i.duration(),
        "end_reason": r.reason.as_str(),
        "flushed": i.evicted,
        "c2s": dir_json(i.dir(Direction::C2S), &mc),
        "s2c": dir_json(i.dir(Direction::S2C), &ms),
    })
}

fn capture_json(s: &CaptureSummary, streams: u64) -> Value {
    let link_types: Vec<Value> = s
        .link_types()
        .iter()
        .map(|(lt, n)| json!({"link_type": lt.0, "name": lt.name(), "frames": n}))
        .collect();
    let non_tcp: serde_json::Map<String, Value> = s
        .link
        .not_tcp
        .iter()
        .map(|(k, n)| (k.name().to_string(), json!(n)))
        .collect();
    let mut v = json!({
        "file": s.file,
        "format": format_name(s),
        "frames": s.frames,
        "tcp_frames": s.link.tcp,
        "non_tcp_frames": s.link.not_tcp_total(),
        "non_tcp": non_tcp,
        "malformed_frames": s.link.malformed,
        "ip_fragments": s.link.fragments,
        "ip_datagrams_reassembled": s.link.reassembled,
        "ip_fragments_dropped": s.link.fragments_dropped,
        "link_types": link_types,
        "first": s.first.map(|t| t.to_string()),
        "last": s.last.map(|t| t.to_string()),
        "duration": s.duration(),
        "streams": streams,
        "streams_flushed": s.reassembly.flows_evicted,
        "buffer_overflows": s.reassembly.buffer_overflows,
        "buffer_overflow_bytes": s.reassembly.buffer_overflow_bytes,
        "warnings": s.warnings(),
    });
    if let Some(sh) = &s.shard {
        v["shard"] = json!({
            "shard": sh.shard.to_string(),
            "other_connections": sh.connections,
            "other_connections_capped": sh.capped,
            "other_segments": sh.segments,
            "other_bytes": sh.bytes,
        });
    }
    v
}

/// `{"capture": {...}, "streams": [...]}`, a stream at a time.
fn print_json(out: &mut impl Write, s: &CaptureSummary, rows: &Sorted) -> Result<(), CliError> {
    out.write_all(b"{\n  \"capture\": ")?;
    serde_json::to_writer_pretty(&mut *out, &capture_json(s, rows.len()))
        .map_err(io::Error::from)?;
    out.write_all(b",\n  \"streams\": [")?;
    for (n, r) in each(rows, stream_json)?.enumerate() {
        out.write_all(if n == 0 { b"\n" } else { b",\n" })?;
        serde_json::to_writer(&mut *out, &r?).map_err(io::Error::from)?;
    }
    out.write_all(if rows.is_empty() {
        b"]\n}\n"
    } else {
        b"\n  ]\n}\n"
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_output_is_one_document() {
        let summary = CaptureSummary::empty("x.pcap");
        let mut out = Vec::new();
        let rows = rows::store(4).finish().unwrap();
        print_json(&mut out, &summary, &rows).unwrap();
        let v: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["streams"], json!([]));
        assert_eq!(v["capture"]["file"], "x.pcap");
    }
}
