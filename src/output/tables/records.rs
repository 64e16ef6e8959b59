//! The `records` table: a row per record, the JSON record contract's keys
//! as typed columns and `fields` as the JSON text `--format jsonl`
//! writes. A worker makes each record's row ([`RecordRow`]: its values,
//! its texts rendered), the calling thread appends the rows in capture
//! order ([`super::record_batch::RecordsTable`]).

use super::columns::{col, int, micros, opt, Column, Kind};
use crate::decode::{Body, Record, WsEvent};
use crate::output::json;
use crate::output::records::write_facts_object;
use crate::protocols::{Dialect, Note, ProtocolId};
use crate::reassembly::Direction;
use std::io::Write;

use Kind::{Code, Id, Int, Json, Str, StrList, Time};

/// The columns, in order.
pub const COLUMNS: &[Column] = &[
    col("capture", Int, "the capture's id (above)"),
    col("stream_uid", Id, "the stream's id (above)"),
    col("frame", Int, "the frame that completed the message (or caused the event)"),
    col("ts", Time, "that frame's time, UTC, microseconds"),
    col("stream", Int, "the stream's number in this run (as `decode` and `inspect` number them)"),
    col("dir", Code, "`c2s` or `s2c`"),
    col("src", Code, "the sender's address and port (`10.0.0.1:40000`, `[::1]:7234`)"),
    col("dst", Code, "the receiver's address and port"),
    col("community_id", Code, "the stream's Community ID (version 1, seed 0: `1:` and base64), as Zeek's and Suricata's logs of the same connection have it"),
    col("offset", Int, "the message's (or event's) offset in its direction's byte stream (unwrapped, for WebSocket)"),
    opt("tcp_offset", Int, "WebSocket: the offset in the TCP stream"),
    opt("transport", Code, "`websocket` when a WebSocket carried it"),
    opt("protocol", Code, "the stream's protocol, once detected"),
    opt("dialect", Code, "the protocol's dialect, when it says more"),
    opt("type", Code, "a message's type (null for an event)"),
    opt("event", Code, "an event's name: `stream_start`, `stream_end`, `gap`, `unknown_data`, `websocket_*` (null for a message)"),
    opt("type_id", Int, "a message's type number"),
    opt("len", Int, "a message's length in its stream; the bytes of a gap, of unknown data, of a WebSocket event"),
    opt("reason", Str, "why a stream ended, a gap is there or data is unknown; a WebSocket close's reason"),
    opt("error", Str, "why a message could not be decoded, or a WebSocket frame used"),
    col("notes", StrList, "what a reader should know (empty: nothing)"),
    col("note_codes", StrList, "the code of each note, in the same order"),
    opt("fields", Json, "JSON text: a message's `fields`, as `--format jsonl` writes them; a WebSocket event's other keys (`resource`, `subprotocol`, `extensions`; `masked`, `payload`, `code`); null for other events"),
    opt("websocket", Json, "JSON text: the WebSocket frame facts of a message a WebSocket carried (`opcode`, `fin`, `masked`, `compressed`, `frames`)"),
];

/// A text's length in a row's bytes when the row has no such text.
const NONE: u32 = u32::MAX;

/// A number a row does not have (the numbers of a row are never
/// negative: [`int`] makes them so).
const NO: i64 = i64::MIN;

/// An event a row is not (it is a message).
const NO_EVENT: u8 = u8::MAX;

/// The texts of a row, in the order they are in its bytes (its notes
/// come between [`Text::Error`] and [`Text::Fields`], each its text and
/// its code, each text after its length: 4 bytes, little-endian).
#[derive(Debug, Clone, Copy)]
pub(super) enum Text {
    Src,
    Dst,
    CommunityId,
    Type,
    Reason,
    Error,
    Fields,
    Websocket,
}

/// A record on its way to the table, made in the worker that decoded it
/// (the record itself stays there): its values, and its texts, one after
/// the other in the bytes of the worker's batch. Small, because it is
/// moved from the worker to the calling thread, a few times on the way:
/// a text is its length there, a value it may lack is a number it
/// cannot have ([`NO`], [`NO_EVENT`]), a note is in the texts.
#[derive(Debug)]
pub struct RecordRow {
    pub(super) frame: i64,
    /// Microseconds since 1970.
    pub(super) ts: i64,
    /// The stream's number in this run.
    pub stream: u64,
    pub(super) stream_uid: i64,
    pub(super) offset: i64,
    /// WebSocket: the offset in the TCP stream, or [`NO`].
    tcp_offset: i64,
    /// Or [`NO`].
    len: i64,
    /// What names a message's type as well as its text does, when its
    /// text is one of the program's own (`&'static str`): its address
    /// and length ([`static_key`]); 0 when it is not.
    pub(super) type_key: u64,
    /// Where its texts start in the bytes.
    pub(super) at: usize,
    /// The length of each [`Text`], or [`NONE`].
    lens: [u32; 8],
    /// A message's type number (an event has none).
    type_id: u32,
    /// How many notes it has.
    pub(super) notes: u16,
    pub(super) dir: Direction,
    pub(super) protocol: Option<ProtocolId>,
    pub(super) dialect: Option<Dialect>,
    /// An event's place in [`Record::EVENT_NAMES`], or [`NO_EVENT`] (a
    /// message).
    event: u8,
}

/// A number that names the text `s` of the program's own (a `&'static
/// str`): its address, its length above bit 48 (two names may start at
/// one address). 0 if its length does not fit; bit 63 is never set
/// (addresses of programs are below 2^47).
fn static_key(s: &'static str) -> u64 {
    let (at, len) = (s.as_ptr() as u64, s.len() as u64);
    match at < (1 << 47) && len < (1 << 15) {
        true => at | (len << 48),
        false => 0,
    }
}

/// Appends what `write` writes to `bytes`; its length, [`NONE`] if it says
/// it wrote nothing (and nothing is kept).
fn text(bytes: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> bool) -> u32 {
    let start = bytes.len();
    if write(bytes) {
        // A text is at most a message's fields, far below 4 GiB.
        u32::try_from(bytes.len() - start).unwrap_or(NONE - 1)
    } else {
        bytes.truncate(start);
        NONE
    }
}

/// Appends what `write` writes to `bytes` after its length (4 bytes,
/// little-endian; 0 if it says it wrote nothing).
fn prefixed(bytes: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> bool) {
    let start = bytes.len();
    bytes.extend_from_slice(&[0; 4]);
    if write(bytes) {
        // A note is a line of text, far below 4 GiB.
        let n = u32::try_from(bytes.len() - start - 4).unwrap_or(u32::MAX);
        bytes[start..start + 4].copy_from_slice(&n.to_le_bytes());
    } else {
        bytes.truncate(start + 4);
    }
}

/// Appends `s` to `bytes`; its length.
fn put(bytes: &mut Vec<u8>, s: Option<&str>) -> u32 {
    text(bytes, |out| {
        s.inspect(|s| out.extend_from_slice(s.as_bytes())).is_some()
    })
}

impl RecordRow {
    /// The row of `r`, of the stream `stream` (its id and endpoints), its
    /// texts appended to `bytes`.
    pub fn new(r: &Record, stream: &Stream, bytes: &mut Vec<u8>) -> RecordRow {
        let at = bytes.len();
        let (src, dst) = match r.dir {
            Direction::C2S => (&stream.client, &stream.server),
            Direction::S2C => (&stream.server, &stream.client),
        };
        let mut lens = [NONE; 8];
        lens[Text::Src as usize] = put(bytes, Some(src));
        lens[Text::Dst as usize] = put(bytes, Some(dst));
        lens[Text::CommunityId as usize] = put(bytes, Some(r.community_id.as_str()));
        let mut type_key = 0;
        let (type_id, dialect, len, notes) = match &r.body {
            Body::Message { len, decoded, .. } => {
                lens[Text::Type as usize] = put(bytes, Some(&decoded.type_name));
                if let std::borrow::Cow::Borrowed(name) = decoded.type_name {
                    type_key = static_key(name);
                }
                lens[Text::Error as usize] = put(bytes, decoded.error.as_deref());
                let id = Some(decoded.type_id);
                (id, r.dialect, Some(*len), &decoded.notes[..])
            }
            body => {
                let (len, reason, error, notes) = event_columns(body);
                lens[Text::Reason as usize] = put(bytes, reason);
                lens[Text::Error as usize] = put(bytes, error);
                (None, None, len, notes)
            }
        };
        // A record's notes are a handful (the row counts them in 16 bits).
        let notes = &notes[..notes.len().min(usize::from(u16::MAX))];
        for n in notes {
            prefixed(bytes, |out| write!(out, "{n}").is_ok());
            prefixed(bytes, |out| out.write_all(n.code().as_bytes()).is_ok());
        }
        lens[Text::Fields as usize] = text(bytes, |out| match &r.body {
            Body::Message { decoded, .. } => json::to_vec(out, &decoded.fields).is_ok(),
            Body::WebSocket(e) => event_keys(e).is_some_and(|v| json::to_vec(out, &v).is_ok()),
            _ => false,
        });
        let facts = r.carried.as_ref().and_then(|c| c.facts);
        lens[Text::Websocket as usize] = text(bytes, |out| {
            facts.is_some_and(|f| write_facts_object(out, &f).is_ok())
        });
        RecordRow {
            frame: int(r.frame),
            ts: micros(r.ts),
            stream: r.stream,
            stream_uid: stream.uid,
            offset: int(r.offset),
            tcp_offset: r.carried.as_ref().map_or(NO, |c| int(c.tcp_offset)),
            len: len.map_or(NO, int),
            type_key,
            at,
            lens,
            type_id: type_id.unwrap_or(0),
            notes: u16::try_from(notes.len()).unwrap_or(u16::MAX),
            dir: r.dir,
            protocol: r.protocol,
            dialect,
            // Nine names.
            event: r.event_index().map_or(NO_EVENT, |e| e as u8),
        }
    }

    /// The frame that completed the message (or caused the event).
    pub fn frame(&self) -> u64 {
        // Made from a frame number by `int`: never negative.
        self.frame.unsigned_abs()
    }

    /// WebSocket: the offset in the TCP stream.
    pub(super) fn tcp_offset(&self) -> Option<i64> {
        (self.tcp_offset != NO).then_some(self.tcp_offset)
    }

    /// A message's length in its stream; the bytes of an event.
    pub(super) fn len(&self) -> Option<i64> {
        (self.len != NO).then_some(self.len)
    }

    /// An event's place in [`Record::EVENT_NAMES`] (none for a message).
    pub(super) fn event(&self) -> Option<u32> {
        (self.event != NO_EVENT).then_some(u32::from(self.event))
    }

    /// A message's type number (none for an event).
    pub(super) fn type_id(&self) -> Option<u32> {
        (self.event == NO_EVENT).then_some(self.type_id)
    }

    /// The texts are now `base` bytes further on (their bytes were
    /// appended to others).
    pub fn rebase(&mut self, base: usize) {
        self.at += base;
    }

    /// The length of its text `t` (in the order of [`Text`]), if it has
    /// one.
    pub(super) fn len_of(&self, t: Text) -> Option<usize> {
        let n = self.lens[t as usize];
        (n != NONE).then_some(n as usize)
    }
}

/// A stream as its rows name it: its id and its endpoints' texts.
#[derive(Debug)]
pub struct Stream {
    uid: i64,
    /// The client's `address:port`.
    client: String,
    /// The server's.
    server: String,
}

impl Stream {
    /// The stream of `r`, whose id is `uid`.
    pub fn new(uid: i64, r: &Record) -> Stream {
        let (client, server) = match r.dir {
            Direction::C2S => (r.src, r.dst),
            Direction::S2C => (r.dst, r.src),
        };
        Stream {
            uid,
            client: client.to_string(),
            server: server.to_string(),
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

#[cfg(test)]
mod tests {
    use super::super::record_batch::RecordsTable;
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
        let stream = Stream::new(99, &records[0]);
        let made: Vec<RecordRow> = (records.iter())
            .map(|r| RecordRow::new(r, &stream, &mut bytes))
            .collect();
        let mut table = RecordsTable::new(42);
        for row in &made {
            table.append(row, &bytes);
        }
        let batch = table.finish().unwrap();
        assert_eq!(batch.schema(), super::super::columns::batch_schema(COLUMNS));
        assert_eq!(batch.num_rows(), 3);
        let text = |name: &str, n: usize| super::super::record_batch::text_at(&batch, name, n);
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
