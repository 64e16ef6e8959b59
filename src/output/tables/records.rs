//! The `records` table: a row per record, the JSON record contract's keys
//! as typed columns and `fields` as the JSON text `--format jsonl`
//! writes. A worker makes each record's row ([`RecordRow`]: its values,
//! its texts rendered), the calling thread appends the rows in capture
//! order ([`RecordsTable`]).

use super::columns::{col, opt, Column, Kind, Rows};
use crate::decode::{Body, Record, WsEvent};
use crate::output::json;
use crate::output::records::write_facts_object;
use crate::protocols::{Dialect, Note, ProtocolId};
use crate::reassembly::Direction;
use std::collections::HashMap;
use std::net::SocketAddr;

use Kind::{Int, Json, Str, StrList, Time};

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
    opt("fields", Json, "JSON text: a message's `fields`, as `--format jsonl` writes them; a WebSocket event's other keys (`resource`, `subprotocol`, `extensions`; `masked`, `payload`, `code`); null for other events"),
    opt("websocket", Json, "JSON text: the WebSocket frame facts of a message a WebSocket carried (`opcode`, `fin`, `masked`, `compressed`, `frames`)"),
];

/// Where a text is in the bytes a worker rendered its rows' texts to.
#[derive(Debug, Clone, Copy)]
struct Text(usize, usize);

/// Appends `s` to `bytes`; where it is.
fn put(bytes: &mut Vec<u8>, s: &str) -> Text {
    let start = bytes.len();
    bytes.extend_from_slice(s.as_bytes());
    Text(start, bytes.len())
}

/// The range `write` appended to `bytes`, if it says it wrote (else
/// nothing is kept).
fn text(bytes: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> bool) -> Option<Text> {
    let start = bytes.len();
    if write(bytes) {
        Some(Text(start, bytes.len()))
    } else {
        bytes.truncate(start);
        None
    }
}

/// A record's `type` (a message's, in the bytes) or `event`.
#[derive(Debug, Clone, Copy)]
enum Name {
    Type(Text),
    Event(&'static str),
}

/// A record on its way to the table, made in the worker that decoded it
/// (the record itself stays there): its values, its texts in the bytes
/// of the worker's batch, and its stream's id.
#[derive(Debug)]
pub struct RecordRow {
    frame: u64,
    ts: crate::capture::Timestamp,
    /// The stream's number in this run.
    pub stream: u64,
    stream_uid: i64,
    dir: Direction,
    src: SocketAddr,
    dst: SocketAddr,
    offset: u64,
    tcp_offset: Option<u64>,
    protocol: Option<ProtocolId>,
    dialect: Option<Dialect>,
    name: Name,
    type_id: Option<u32>,
    len: Option<u64>,
    reason: Option<Text>,
    error: Option<Text>,
    /// Each note's text and code.
    notes: Vec<(Text, &'static str)>,
    fields: Option<Text>,
    websocket: Option<Text>,
}

impl RecordRow {
    /// The row of `r`, of the stream whose id is `stream_uid`, its texts
    /// appended to `bytes`.
    pub fn new(r: &Record, stream_uid: i64, bytes: &mut Vec<u8>) -> RecordRow {
        let (name, type_id, dialect, len, reason, error, notes) = match &r.body {
            Body::Message {
                dialect,
                len,
                decoded,
                ..
            } => {
                let name = Name::Type(put(bytes, &decoded.type_name));
                let error = decoded.error.as_deref().map(|e| put(bytes, e));
                let id = Some(decoded.type_id);
                (
                    name,
                    id,
                    *dialect,
                    Some(*len),
                    None,
                    error,
                    &decoded.notes[..],
                )
            }
            body => {
                let (len, reason, error, notes) = event_columns(body);
                let reason = reason.map(|t| put(bytes, t));
                let error = error.map(|t| put(bytes, t));
                let name = Name::Event(r.event_name().unwrap_or_default());
                (name, None, None, len, reason, error, notes)
            }
        };
        let notes = (notes.iter())
            .map(|n| (put(bytes, &n.to_string()), n.code()))
            .collect();
        let fields = text(bytes, |out| match &r.body {
            Body::Message { decoded, .. } => json::to_vec(out, &decoded.fields).is_ok(),
            Body::WebSocket(e) => event_keys(e).is_some_and(|v| json::to_vec(out, &v).is_ok()),
            _ => false,
        });
        let facts = r.carried.as_ref().and_then(|c| c.facts);
        let websocket = text(bytes, |out| {
            facts.is_some_and(|f| write_facts_object(out, &f).is_ok())
        });
        RecordRow {
            frame: r.frame,
            ts: r.ts,
            stream: r.stream,
            stream_uid,
            dir: r.dir,
            src: r.src,
            dst: r.dst,
            offset: r.offset,
            tcp_offset: r.carried.as_ref().map(|c| c.tcp_offset),
            protocol: r.protocol,
            dialect,
            name,
            type_id,
            len,
            reason,
            error,
            notes,
            fields,
            websocket,
        }
    }

    /// The texts are now `base` bytes further on (their bytes were
    /// appended to others).
    pub fn rebase(&mut self, base: usize) {
        let texts = [
            &mut self.reason,
            &mut self.error,
            &mut self.fields,
            &mut self.websocket,
        ];
        let notes = self.notes.iter_mut().map(|(t, _)| t);
        let name = match &mut self.name {
            Name::Type(t) => Some(t),
            Name::Event(_) => None,
        };
        for t in texts.into_iter().flatten().chain(notes).chain(name) {
            t.0 += base;
            t.1 += base;
        }
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

/// An event's `len`, `reason`, `error` and notes.
fn event_columns(body: &Body) -> (Option<u64>, Option<&str>, Option<&str>, &[Note]) {
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
    /// Appends `row` (its texts in `bytes`) of capture `capture`.
    pub fn append(&mut self, rows: &mut Rows, capture: i64, row: &RecordRow, bytes: &[u8]) {
        let s = |t: Text| std::str::from_utf8(bytes.get(t.0..t.1)?).ok();
        let opt = |t: Option<Text>| t.and_then(s);
        if self.endpoints.len() >= ENDPOINTS_KEPT && !self.endpoints.contains_key(&row.stream) {
            self.endpoints.clear();
        }
        let (client, server) = match row.dir {
            Direction::C2S => (row.src, row.dst),
            Direction::S2C => (row.dst, row.src),
        };
        let ends = (self.endpoints.entry(row.stream))
            .or_insert_with(|| (client.to_string(), server.to_string()));
        let (src, dst) = match row.dir {
            Direction::C2S => (&ends.0, &ends.1),
            Direction::S2C => (&ends.1, &ends.0),
        };
        let (type_name, event) = match row.name {
            Name::Type(t) => (s(t), None),
            Name::Event(e) => (None, Some(e)),
        };
        rows.int(capture)
            .int(row.stream_uid)
            .count(row.frame)
            .time(row.ts)
            .count(row.stream)
            .str(row.dir.as_str())
            .str(src)
            .str(dst)
            .count(row.offset)
            .opt_count(row.tcp_offset)
            .opt_str(row.tcp_offset.map(|_| "websocket"))
            .opt_str(row.protocol.map(|p| p.name()))
            .opt_str(row.dialect.map(|d| d.as_str()))
            .opt_str(type_name)
            .opt_str(event)
            .opt_count(row.type_id.map(u64::from))
            .opt_count(row.len)
            .opt_str(opt(row.reason))
            .opt_str(opt(row.error))
            .strs(row.notes.iter().filter_map(|(t, _)| s(*t)))
            .strs(row.notes.iter().map(|(_, code)| *code))
            .opt_str(opt(row.fields))
            .opt_str(opt(row.websocket));
        if event == Some("stream_end") {
            self.endpoints.remove(&row.stream);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reassembly::GapReason;
    use crate::transport::websocket::frame::Opcode;
    use arrow_array::cast::AsArray;
    use arrow_array::types::Int64Type;
    use arrow_array::Array;

    fn record(dir: Direction, body: Body) -> Record {
        crate::decode::record::sample(dir, body)
    }

    /// A message with notes, a gap and a WebSocket close: one batch of the
    /// schema, each value in its column.
    #[test]
    fn messages_and_events_become_rows_of_the_schema() {
        let message =
            crate::output::records::sample_fold(vec![Note::WebSocketMissingKey], Some("bad"));
        let gap = Body::Gap {
            len: 5,
            reason: GapReason::Closed,
        };
        let close = Body::WebSocket(Box::new(WsEvent::Control {
            opcode: Opcode::Close,
            masked: true,
            payload: vec![3, 232],
            close: Some((1000, "bye".into())),
            notes: Vec::new(),
        }));
        let records = [
            record(Direction::C2S, message),
            record(Direction::S2C, gap),
            record(Direction::C2S, close),
        ];
        let mut bytes = Vec::new();
        let made: Vec<RecordRow> = (records.iter())
            .map(|r| RecordRow::new(r, 99, &mut bytes))
            .collect();
        let mut rows = Rows::new(COLUMNS);
        let mut table = RecordsTable::default();
        for row in &made {
            table.append(&mut rows, 42, row, &bytes);
            rows.end();
        }
        let batch = rows.finish().unwrap();
        assert_eq!(batch.num_rows(), 3);
        let text = |name: &str, n: usize| {
            let c = batch.column_by_name(name).unwrap().as_string::<i32>();
            (!c.is_null(n)).then(|| c.value(n).to_string())
        };
        let int = |name: &str, n: usize| {
            let c = batch
                .column_by_name(name)
                .unwrap()
                .as_primitive::<Int64Type>();
            (!c.is_null(n)).then(|| c.value(n))
        };
        assert_eq!(int("capture", 0), Some(42));
        assert_eq!(int("stream_uid", 2), Some(99));
        assert_eq!(text("type", 0).as_deref(), Some("PacketPokerFold"));
        assert_eq!(text("event", 0), None);
        assert_eq!(text("fields", 0).as_deref(), Some("{\"raw\":\"beef\"}"));
        assert_eq!(text("error", 0).as_deref(), Some("bad"));
        // The sender of a server's record is the server.
        assert_eq!(text("src", 1).as_deref(), Some("10.0.0.2:19380"));
        assert_eq!(text("event", 1).as_deref(), Some("gap"));
        assert_eq!(
            (int("len", 1), text("reason", 1).as_deref()),
            (Some(5), Some("closed"))
        );
        assert_eq!(text("fields", 1), None);
        assert_eq!(text("reason", 2).as_deref(), Some("bye"));
        assert_eq!(
            text("fields", 2).as_deref(),
            Some("{\"code\":1000,\"masked\":true,\"payload\":\"03e8\"}")
        );
        let codes = batch.column_by_name("note_codes").unwrap().as_list::<i32>();
        assert_eq!(
            codes.value(0).as_string::<i32>().value(0),
            "websocket.missing_key"
        );
        assert_eq!(codes.value(1).len(), 0);
    }
}
