//! `cardshark inspect`: one row per TCP stream, and a capture summary.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use crate::decode::{DecodeStage, DirCounts, Record, RecordSink, StreamReport};
use crate::output::{human_bytes, seconds, table, write_json, Format};
use crate::pipeline::{self, CaptureSummary};
use crate::reassembly::{DirStats, Direction, EndReason, Event, Sink, StreamInfo};
use clap::Args;
use serde_json::{json, Value};
use std::io::Write;

/// Arguments of `cardshark inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// A stream as it ended: its TCP side and what decoding made of it.
struct Row {
    info: StreamInfo,
    reason: EndReason,
    report: Option<StreamReport>,
}

/// Keeps the decode stage's stream reports; the records are not needed.
#[derive(Default)]
struct Reports(std::collections::HashMap<u64, StreamReport>);

impl RecordSink for Reports {
    fn record(&mut self, _r: Record) {}
    fn stream_done(&mut self, report: &StreamReport) {
        self.0.insert(report.info.id, report.clone());
    }
}

pub fn run(args: &InspectArgs) -> Result<(), CliError> {
    // The end reason comes with End; the final counts (late packets such as
    // the last ACK included) with Closed, once the flow leaves the table.
    let mut stage = DecodeStage::new(args.decode.config()?, Reports::default());
    let mut closed: Vec<StreamInfo> = Vec::new();
    let mut reasons: std::collections::HashMap<u64, EndReason> = Default::default();
    let mut sink = |ev: Event<'_>| {
        match &ev {
            Event::End { info, reason, .. } => {
                reasons.insert(info.id, *reason);
            }
            Event::Closed(info) => closed.push((*info).clone()),
            _ => {}
        }
        stage.event(ev);
    };
    let summary = pipeline::run(&args.input.file, args.input.config(), &mut sink)?;
    let mut reports = stage.into_sink().0;
    let mut rows: Vec<Row> = closed
        .into_iter()
        .map(|info| Row {
            reason: reasons.remove(&info.id).unwrap_or(EndReason::Eof),
            report: reports.remove(&info.id),
            info,
        })
        .collect();
    rows.sort_by_key(|r| r.info.id);
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Table => print_table(&mut out, &summary, &rows)?,
        Format::Json => write_json(&mut out, &to_json(&summary, &rows))?,
    }
    out.flush()?;
    warn_all(&summary.warnings());
    Ok(())
}

fn print_table(out: &mut impl Write, s: &CaptureSummary, rows: &[Row]) -> std::io::Result<()> {
    let mut t = table(&[
        "Stream",
        "Client",
        "Server",
        "Protocol",
        "Start",
        "Duration",
        "Packets c→s/s→c",
        "Bytes c→s/s→c",
        "Msgs c→s/s→c",
        "Gaps (bytes)",
        "Retrans",
        "Conflicts",
        "Errors",
        "End",
    ]);
    for r in rows {
        let i = &r.info;
        let (c, sv) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
        let client = if i.roles_from_handshake {
            i.client.to_string()
        } else {
            format!("{}?", i.client)
        };
        let [mc, ms] = counts(r);
        t.add_row(vec![
            i.id.to_string(),
            client,
            i.server.to_string(),
            protocol_label(r),
            i.start.to_string(),
            seconds(i.duration()),
            format!("{} / {}", c.packets, sv.packets),
            format!(
                "{} / {}",
                human_bytes(c.delivered),
                human_bytes(sv.delivered)
            ),
            format!("{} / {}", mc.messages, ms.messages),
            format!("{} ({})", c.gaps + sv.gaps, c.gap_bytes + sv.gap_bytes),
            (c.retransmissions + sv.retransmissions).to_string(),
            (c.conflicts + sv.conflicts).to_string(),
            (mc.errors + ms.errors).to_string(),
            end_label(r),
        ]);
    }
    if !rows.is_empty() {
        writeln!(out, "{t}")?;
    }
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
    writeln!(
        out,
        "Link types:   {}",
        if link_types.is_empty() {
            "-".into()
        } else {
            link_types.join(", ")
        }
    )?;
    writeln!(
        out,
        "Non-TCP:      {}{}",
        s.link.not_tcp_total(),
        if non_tcp.is_empty() {
            String::new()
        } else {
            format!(" ({})", non_tcp.join(", "))
        }
    )?;
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
    writeln!(out, "Streams:      {}", rows.len())
}

/// Decoding counters per direction (zero when the stream was not decoded).
fn counts(r: &Row) -> [DirCounts; 2] {
    r.report
        .as_ref()
        .map_or([DirCounts::default(); 2], |rep| rep.counts)
}

/// `pokerth`, `pokerth (pokerth-2007)`, `gls (forced)`, or `?` when no
/// protocol was recognised.
fn protocol_label(r: &Row) -> String {
    let Some(rep) = &r.report else {
        return "?".into();
    };
    let Some(p) = rep.protocol else {
        return "?".into();
    };
    let mut s = p.name().to_string();
    if let Some(d) = rep.dialect.filter(|d| *d != p.name()) {
        s = d.to_string();
    }
    if rep.how == "forced" {
        s.push_str(" (forced)");
    }
    s
}

fn end_label(r: &Row) -> String {
    if r.info.evicted {
        "flushed".into()
    } else {
        r.reason.as_str().into()
    }
}

fn format_name(s: &CaptureSummary) -> &'static str {
    match s.format {
        crate::capture::CaptureFormat::Pcap => "pcap",
        crate::capture::CaptureFormat::PcapNg => "pcapng",
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

fn to_json(s: &CaptureSummary, rows: &[Row]) -> Value {
    let streams: Vec<Value> = rows
        .iter()
        .map(|r| {
            let i = &r.info;
            let [mc, ms] = counts(r);
            let rep = r.report.as_ref();
            json!({
                "stream": i.id,
                "protocol": rep.and_then(|x| x.protocol).map(|p| p.name()),
                "dialect": rep.and_then(|x| x.dialect),
                "detection": rep.map_or("unknown", |x| x.how),
                "client": i.client.to_string(),
                "server": i.server.to_string(),
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
        })
        .collect();
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
    json!({
        "capture": {
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
            "streams": rows.len(),
            "streams_flushed": s.reassembly.flows_evicted,
            "buffer_overflows": s.reassembly.buffer_overflows,
            "buffer_overflow_bytes": s.reassembly.buffer_overflow_bytes,
            "warnings": s.warnings(),
        },
        "streams": streams,
    })
}
