//! The `records` table: a row per record, the JSON record contract's keys
//! as typed columns and `fields` as the JSON text `--format jsonl`
//! writes. A worker renders each record's JSON texts ([`RecordRow`]), the
//! calling thread appends the rows in capture order ([`RecordsTable`]).

use super::columns::{col, opt, Column, Kind, Rows};
use crate::decode::{Body, Record, WsEvent};
use crate::output::json;
use crate::output::records::write_facts_object;
use crate::reassembly::Direction;
use std::collections::HashMap;

use Kind::{Int, Str, StrList, Time};

/// The columns, in order.
pub const COLUMNS: &[Column] = &[
    col("capture", Int, "the capture's id (above)"),
    col("stream_uid", Int, "the stream's id (above)"),
    col("frame", Int, "the frame that completed the message (or caused the event)"),
    col("ts", Time, "that frame's time, UTC, microseconds"),
    col("stream", Int, "the stream's number in this run (as `decode` and `inspect` number them)"),
    col("dir", Str, "`c2s` or `s2c`"),
    col("src", Str, "the sender's address and port (`10.0.0.1:40000`, `[::1]:7234`)"),
    col("dst", Str, "the receiver's address and port"),
    col("offset", Int, "the message's (or event's) offset in its direction's byte stream (unwrapped, for WebSocket)"),
    opt("tcp_offset", Int, "WebSocket: the offset in the TCP stream"),
    opt("transport", Str, "`websocket` when a WebSocket carried it"),
    opt("protocol", Str, "the stream's protocol, once detected"),
    opt("dialect", Str, "the protocol's dialect, when it says more"),
    opt("type", Str, "a message's type (null for an event)"),
    opt("event", Str, "an event's name: `stream_start`, `stream_end`, `gap`, `unknown_data`, `websocket_*` (null for a message)"),
    opt("type_id", Int, "a message's type number"),
    opt("len", Int, "a message's length in its stream; the bytes of a gap, of unknown data, of a WebSocket event"),
    opt("reason", Str, "why a stream ended, a gap is there or data is unknown; a WebSocket close's reason"),
    opt("error", Str, "why a message could not be decoded, or a WebSocket frame used"),
    col("notes", StrList, "what a reader should know (empty: nothing)"),
    col("note_codes", StrList, "the code of each note, in the same order"),
    opt("fields", Str, "JSON text: a message's `fields`, as `--format jsonl` writes them; a WebSocket event's other keys (`resource`, `subprotocol`, `extensions`; `masked`, `payload`, `code`); null for other events"),
    opt("websocket", Str, "JSON text: the WebSocket frame facts of a message a WebSocket carried (`opcode`, `fin`, `masked`, `compressed`, `frames`)"),
];

/// A record on its way to the table: the record, its stream's id, and
/// where its JSON texts (`fields`, `websocket`) are in the bytes its
/// worker rendered them to.
#[derive(Debug)]
pub struct RecordRow {
    /// The record.
    pub record: Record,
    /// Its stream's `stream_uid`.
    pub stream_uid: i64,
    fields: Option<(usize, usize)>,
    websocket: Option<(usize, usize)>,
}

impl RecordRow {
    /// Renders the JSON texts of `record` at the end of `bytes`.
    pub fn render(record: Record, stream_uid: i64, bytes: &mut Vec<u8>) -> RecordRow {
        let fields = text(bytes, |out| match &record.body {
            Body::Message { decoded, .. } => json::to_vec(out, &decoded.fields).is_ok(),
            Body::WebSocket(e) => event_keys(e).is_some_and(|v| json::to_vec(out, &v).is_ok()),
            _ => false,
        });
        let facts = record.carried.as_ref().and_then(|c| c.facts);
        let websocket = text(bytes, |out| {
            facts.is_some_and(|f| write_facts_object(out, &f).is_ok())
        });
        RecordRow {
            record,
            stream_uid,
            fields,
            websocket,
        }
    }

    /// The texts are now `base` bytes further on (their bytes were
    /// appended to others).
    pub fn rebase(&mut self, base: usize) {
        for r in [&mut self.fields, &mut self.websocket]
            .into_iter()
            .flatten()
        {
            r.0 += base;
            r.1 += base;
        }
    }
}

/// The range `write` appended to `bytes`, if it says it wrote (else
/// nothing is kept).
fn text(bytes: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> bool) -> Option<(usize, usize)> {
    let start = bytes.len();
    if write(bytes) {
        Some((start, bytes.len()))
    } else {
        bytes.truncate(start);
        None
    }
}

/// The keys of a WebSocket event that have no column.
fn event_keys(e: &WsEvent) -> Option<serde_json::Value> {
    use serde_json::{json, Map, Value};
    let mut m = Map::new();
    match e {
        WsEvent::Upgrade {
            resource,
            subprotocol,
            extensions,
            ..
        } => {
            m.insert("resource".into(), json!(resource));
            for (k, v) in [("subprotocol", subprotocol), ("extensions", extensions)] {
                if let Some(v) = v {
                    m.insert(k.into(), json!(v));
                }
            }
        }
        WsEvent::Control {
            masked,
            payload,
            close,
            ..
        } => {
            m.insert("masked".into(), json!(masked));
            m.insert("payload".into(), json!(crate::protocols::hex(payload)));
            if let Some((code, _)) = close {
                m.insert("code".into(), json!(code));
            }
        }
        WsEvent::Error { .. } => return None,
    }
    Some(Value::Object(m))
}

/// Streams whose endpoint text is kept (more are made again as needed).
const ENDPOINTS_KEPT: usize = 8192;

/// The calling thread's side: appends rows, keeping the text of each
/// stream's endpoints.
#[derive(Default)]
pub struct RecordsTable {
    /// Per stream: its client's and its server's `address:port`.
    endpoints: HashMap<u64, (String, String), foldhash::fast::RandomState>,
}

impl RecordsTable {
    /// Appends the row of `r` (its texts in `bytes`) of capture `capture`.
    pub fn append(&mut self, rows: &mut Rows, capture: i64, row: &RecordRow, bytes: &[u8]) {
        let r = &row.record;
        if self.endpoints.len() >= ENDPOINTS_KEPT && !self.endpoints.contains_key(&r.stream) {
            self.endpoints.clear();
        }
        let (client, server) = match r.dir {
            Direction::C2S => (r.src, r.dst),
            Direction::S2C => (r.dst, r.src),
        };
        let ends = (self.endpoints.entry(r.stream))
            .or_insert_with(|| (client.to_string(), server.to_string()));
        let (src, dst) = match r.dir {
            Direction::C2S => (&ends.0, &ends.1),
            Direction::S2C => (&ends.1, &ends.0),
        };
        rows.int(capture)
            .int(row.stream_uid)
            .count(r.frame)
            .time(r.ts)
            .count(r.stream)
            .str(r.dir.as_str())
            .str(src)
            .str(dst)
            .count(r.offset);
        let carried = r.carried.as_ref();
        rows.opt_count(carried.map(|c| c.tcp_offset))
            .opt_str(carried.map(|_| "websocket"))
            .opt_str(r.protocol.map(|p| p.name()));
        let text = |range: Option<(usize, usize)>| {
            range.and_then(|(a, b)| std::str::from_utf8(bytes.get(a..b)?).ok())
        };
        let (fields, websocket) = (text(row.fields), text(row.websocket));
        match &r.body {
            Body::Message {
                dialect,
                len,
                decoded,
                ..
            } => {
                rows.opt_str(dialect.map(|d| d.as_str()))
                    .str(&decoded.type_name)
                    .opt_str(None)
                    .count(u64::from(decoded.type_id))
                    .count(*len)
                    .opt_str(None)
                    .opt_str(decoded.error.as_deref());
                notes(rows, &decoded.notes);
            }
            body => {
                let (len, reason, error, note_list) = event_columns(body);
                rows.opt_str(None)
                    .opt_str(None)
                    .opt_str(r.event_name())
                    .opt_int(None)
                    .opt_count(len)
                    .opt_str(reason)
                    .opt_str(error);
                notes(rows, note_list);
            }
        }
        rows.opt_str(fields).opt_str(websocket);
        if matches!(r.body, Body::StreamEnd { .. }) {
            self.endpoints.remove(&r.stream);
        }
    }
}

/// An event's `len`, `reason`, `error` and notes.
fn event_columns(
    body: &Body,
) -> (
    Option<u64>,
    Option<&str>,
    Option<&str>,
    &[crate::protocols::Note],
) {
    match body {
        Body::StreamEnd { reason } => (None, Some(reason.as_str()), None, &[]),
        Body::Gap { len, reason } => (Some(*len), Some(reason.as_str()), None, &[]),
        Body::UnknownData { len, reason } => (Some(*len), Some(reason), None, &[]),
        Body::WebSocket(e) => match &**e {
            WsEvent::Upgrade { len, notes, .. } => (Some(*len), None, None, notes),
            WsEvent::Control {
                payload,
                close,
                notes,
                ..
            } => {
                let reason = close.as_ref().map(|(_, r)| r.as_str());
                (Some(payload.len() as u64), reason, None, notes)
            }
            WsEvent::Error { len, why } => (Some(*len), None, Some(why), &[]),
        },
        Body::StreamStart | Body::Message { .. } => (None, None, None, &[]),
    }
}

/// The `notes` and `note_codes` columns.
fn notes(rows: &mut Rows, notes: &[crate::protocols::Note]) {
    rows.strs(notes.iter().map(|n| n.to_string()))
        .strs(notes.iter().map(|n| n.code()));
}
