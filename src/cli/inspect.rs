//! `cardshark inspect`: one row per TCP stream, and a capture summary.

use super::{warn_all, CliError, InputArgs};
use crate::output::{human_bytes, seconds, table, write_json, Format};
use crate::pipeline::{self, CaptureSummary};
use crate::reassembly::{DirStats, Direction, EndReason, Event, StreamInfo};
use clap::Args;
use serde_json::{json, Value};
use std::io::Write;

/// Arguments of `cardshark inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// A stream as it ended.
struct Row {
    info: StreamInfo,
    reason: EndReason,
}

pub fn run(args: &InspectArgs) -> Result<(), CliError> {
    // The end reason comes with End; the final counts (late packets such as
    // the last ACK included) with Closed, once the flow leaves the table.
    let mut rows: Vec<Row> = Vec::new();
    let mut reasons: std::collections::HashMap<u64, EndReason> = Default::default();
    let mut sink = |ev: Event<'_>| match ev {
        Event::End { info, reason, .. } => {
            reasons.insert(info.id, reason);
        }
        Event::Closed(info) => {
            let reason = reasons.remove(&info.id).unwrap_or(EndReason::Eof);
            rows.push(Row {
                info: info.clone(),
                reason,
            });
        }
        _ => {}
    };
    let summary = pipeline::run(&args.input.file, args.input.config(), &mut sink)?;
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
        "Start",
        "Duration",
        "Pkts c→s",
        "Pkts s→c",
        "Bytes c→s",
        "Bytes s→c",
        "Gaps",
        "Gap bytes",
        "Retrans",
        "Conflicts",
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
        t.add_row(vec![
            i.id.to_string(),
            client,
            i.server.to_string(),
            i.start.to_string(),
            seconds(i.duration()),
            c.packets.to_string(),
            sv.packets.to_string(),
            human_bytes(c.delivered),
            human_bytes(sv.delivered),
            (c.gaps + sv.gaps).to_string(),
            (c.gap_bytes + sv.gap_bytes).to_string(),
            (c.retransmissions + sv.retransmissions).to_string(),
            (c.conflicts + sv.conflicts).to_string(),
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

fn dir_json(d: &DirStats) -> Value {
    json!({
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
            json!({
                "stream": i.id,
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
                "c2s": dir_json(i.dir(Direction::C2S)),
                "s2c": dir_json(i.dir(Direction::S2C)),
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
