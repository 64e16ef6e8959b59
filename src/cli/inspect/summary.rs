//! The capture's summary: below `inspect`'s table in words, and in
//! `--format json` the document's `capture` object, before its streams.

use super::rows::{spill_error, Row, Sorted};
use super::stream::stream_json;
use crate::cli::CliError;
use cardshark::output::seconds;
use cardshark::pipeline::CaptureSummary;
use serde_json::{json, Value};
use std::io::{self, Write};

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
pub(super) fn print_summary(
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

fn format_name(s: &CaptureSummary) -> &'static str {
    if s.live {
        return "live capture";
    }
    match s.format {
        cardshark::capture::CaptureFormat::Pcap => "pcap",
        cardshark::capture::CaptureFormat::PcapNg => "pcapng",
    }
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
pub(super) fn print_json(
    out: &mut impl Write,
    s: &CaptureSummary,
    rows: &Sorted,
) -> Result<(), CliError> {
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
    use crate::cli::inspect::rows;

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
