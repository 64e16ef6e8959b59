//! A stream's row as `inspect` shows it: its `--format json` object (which
//! CSV's columns and `-Y` read too), and the labels the table writes.

use super::rows::Row;
use crate::cli::display_filter::with_totals;
use cardshark::decode::label::{self, Label};
use cardshark::decode::{DirCounts, How};
use cardshark::reassembly::{DirStats, Direction};
use serde_json::{json, Value};

/// Decoding counters per direction (zero when the stream was not decoded).
pub(super) fn counts(r: &Row) -> [DirCounts; 2] {
    r.decoding.map_or([DirCounts::default(); 2], |d| d.counts)
}

/// The stream's protocol as every table names it (`pokerth-2007`,
/// `websocket/pokerth-1`, `?`: [`Label`]), `(forced)` after it when
/// `--decode-as` chose it.
pub(super) fn protocol_label(r: &Row) -> String {
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
pub(super) fn end_label(r: &Row) -> String {
    let reason = r.reason.as_str();
    if r.info.evicted {
        format!("{reason} (flushed)")
    } else {
        reason.into()
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
pub(super) fn filtered_json(r: &Row) -> Value {
    let mut v = with_totals(stream_json(r));
    if let Some(p) = r.decoding.and_then(|d| d.protocol) {
        let dialect = r.decoding.and_then(|d| d.dialect);
        v["protocol"] = label::names_of(p, dialect).collect::<Vec<_>>().into();
    }
    v
}

pub(super) fn stream_json(r: &Row) -> Value {
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
