//! Records as JSON (the record contract of docs/records.md) and as one-line
//! summaries for the `decode` table.

use super::json;
use crate::capture::Timestamp;
use crate::decode::{Body, Record, WsEvent};
use crate::protocols::names::{self, Names};
use crate::protocols::note::{self, Note};
use crate::reassembly::Direction;
use crate::transport::websocket::unwrap::Facts;
use std::collections::HashMap;
use std::io::{self, Write};

/// Writes `s` as a JSON string.
fn json_str(out: &mut Vec<u8>, s: &str) -> io::Result<()> {
    json::write_str(out, s);
    Ok(())
}

/// Streams whose endpoint text is kept (more are made again as needed).
const ENDPOINTS_KEPT: usize = 8192;

/// Writes records as single-line JSON objects, fast: the text of each
/// stream's endpoints and of the current second are made once and reused,
/// and numbers are written without the formatting machinery.
#[derive(Default)]
pub struct JsonWriter {
    /// Per stream: `"src"` and `"dst"` of its client-to-server records, as
    /// JSON strings with their quotes.
    endpoints: HashMap<u64, (String, String), foldhash::fast::RandomState>,
    /// The second last formatted, and its `"YYYY-MM-DDTHH:MM:SS.` text.
    second: Option<(i64, String)>,
    num: itoa::Buffer,
    /// The record being written, handed to the output in one piece.
    line: Vec<u8>,
}

impl JsonWriter {
    pub fn new() -> Self {
        Self::default()
    }

    fn int(&mut self, out: &mut impl Write, n: u64) -> io::Result<()> {
        out.write_all(self.num.format(n).as_bytes())
    }

    /// The timestamp as a JSON string (RFC 3339, microseconds, UTC).
    fn ts(&mut self, out: &mut impl Write, ts: Timestamp) -> io::Result<()> {
        if self.second.as_ref().is_none_or(|(s, _)| *s != ts.secs) {
            let full = Timestamp::new(ts.secs, 0).to_string(); // ...SS.000000Z
            let prefix = full[..full.len() - 7].to_string();
            self.second = Some((ts.secs, prefix));
        }
        let prefix = &self.second.as_ref().expect("set above").1;
        out.write_all(b"\"")?;
        out.write_all(prefix.as_bytes())?;
        let micros = ts.nanos / 1000;
        let mut digits = [b'0'; 6];
        let mut m = micros;
        for d in digits.iter_mut().rev() {
            *d = b'0' + (m % 10) as u8;
            m /= 10;
        }
        out.write_all(&digits)?;
        out.write_all(b"Z\"")
    }

    /// Writes one record as a single-line JSON object, keys in the
    /// contract's order: frame, ts, stream, dir, src, dst, community_id,
    /// offset, protocol,
    /// dialect, type (or event), type_id, len, fields, notes (and
    /// note_codes), error.
    pub fn write(&mut self, out: &mut impl Write, r: &Record) -> io::Result<()> {
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        let result = self.build(&mut line, r);
        let written = result.and_then(|()| out.write_all(&line));
        self.line = line;
        written
    }

    /// Appends one record to `out` directly (no copy through a line buffer).
    pub fn append(&mut self, out: &mut Vec<u8>, r: &Record) -> io::Result<()> {
        self.build(out, r)
    }

    fn build(&mut self, out: &mut Vec<u8>, r: &Record) -> io::Result<()> {
        out.write_all(b"{\"frame\":")?;
        self.int(out, r.frame)?;
        out.write_all(b",\"ts\":")?;
        self.ts(out, r.ts)?;
        out.write_all(b",\"stream\":")?;
        self.int(out, r.stream)?;
        out.write_all(if r.dir == Direction::C2S {
            b",\"dir\":\"c2s\",\"src\":"
        } else {
            b",\"dir\":\"s2c\",\"src\":"
        })?;
        let (client, server) = match r.dir {
            Direction::C2S => (r.src, r.dst),
            Direction::S2C => (r.dst, r.src),
        };
        if self.endpoints.len() >= ENDPOINTS_KEPT && !self.endpoints.contains_key(&r.stream) {
            // Filtered output may never show a stream's end: stay bounded.
            self.endpoints.clear();
        }
        let ends = self.endpoints.entry(r.stream).or_insert_with(|| {
            (
                serde_json::to_string(&client.to_string()).unwrap_or_default(),
                serde_json::to_string(&server.to_string()).unwrap_or_default(),
            )
        });
        let (src, dst) = if r.dir == Direction::C2S {
            (&ends.0, &ends.1)
        } else {
            (&ends.1, &ends.0)
        };
        out.write_all(src.as_bytes())?;
        out.write_all(b",\"dst\":")?;
        out.write_all(dst.as_bytes())?;
        // Base64 and a colon: nothing to escape.
        out.write_all(b",\"community_id\":\"")?;
        out.write_all(r.community_id.as_bytes())?;
        out.write_all(b"\",\"offset\":")?;
        self.int(out, r.offset)?;
        if let Some(c) = &r.carried {
            out.write_all(b",\"tcp_offset\":")?;
            self.int(out, c.tcp_offset)?;
            out.write_all(b",\"transport\":\"websocket\"")?;
        }
        if let Some(p) = r.protocol {
            out.write_all(b",\"protocol\":\"")?;
            out.write_all(p.name().as_bytes())?;
            out.write_all(b"\"")?;
        }
        match &r.body {
            Body::Message { len, decoded, .. } => {
                if let Some(d) = r.dialect {
                    out.write_all(b",\"dialect\":\"")?;
                    out.write_all(d.as_str().as_bytes())?;
                    out.write_all(b"\"")?;
                }
                out.write_all(b",\"type\":")?;
                json_str(out, &decoded.type_name)?;
                out.write_all(b",\"type_id\":")?;
                self.int(out, u64::from(decoded.type_id))?;
                out.write_all(b",\"len\":")?;
                self.int(out, *len)?;
                write_facts(out, r)?;
                out.write_all(b",\"fields\":")?;
                json::to_vec(out, &decoded.fields).map_err(io::Error::other)?;
                write_notes(out, &decoded.notes)?;
                if let Some(e) = &decoded.error {
                    out.write_all(b",\"error\":")?;
                    json_str(out, e)?;
                }
            }
            Body::StreamStart => out.write_all(b",\"event\":\"stream_start\"")?,
            Body::StreamEnd { reason } => {
                write!(
                    out,
                    ",\"event\":\"stream_end\",\"reason\":\"{}\"",
                    reason.as_str()
                )?;
                self.endpoints.remove(&r.stream);
            }
            Body::Gap { len, reason } => write!(
                out,
                ",\"event\":\"gap\",\"len\":{len},\"reason\":\"{}\"",
                reason.as_str()
            )?,
            Body::UnknownData { len, reason } => {
                write!(out, ",\"event\":\"unknown_data\",\"len\":{len},\"reason\":")?;
                json_str(out, reason)?;
                write_facts(out, r)?;
            }
            Body::WebSocket(e) => {
                out.write_all(b",\"event\":\"")?;
                out.write_all(r.event_name().unwrap_or_default().as_bytes())?;
                out.write_all(b"\"")?;
                write_ws_event(out, e)?;
            }
        }
        out.write_all(b"}")
    }
}

/// `"notes"`: the notes' texts; then, when there are notes, `"note_codes"`:
/// their codes, in the same order.
fn write_notes(out: &mut Vec<u8>, notes: &[Note]) -> io::Result<()> {
    out.write_all(b",\"notes\":")?;
    json::to_vec(out, notes).map_err(io::Error::other)?;
    if let Some((first, rest)) = notes.split_first() {
        out.write_all(b",\"note_codes\":[")?;
        json_str(out, first.code())?;
        for n in rest {
            out.write_all(b",")?;
            json_str(out, n.code())?;
        }
        out.write_all(b"]")?;
    }
    Ok(())
}

/// The WebSocket frame facts of a record carried by WebSocket:
/// `"websocket":{"opcode":..,"fin":..,"masked":..,"compressed":..,"frames":..}`.
fn write_facts(out: &mut Vec<u8>, r: &Record) -> io::Result<()> {
    let Some(facts) = r.carried.as_ref().and_then(|c| c.facts) else {
        return Ok(());
    };
    out.write_all(b",\"websocket\":")?;
    write_facts_object(out, &facts)
}

/// The object of [`write_facts`] (also what a display filter's
/// `websocket` holds).
pub fn write_facts_object(out: &mut impl Write, facts: &Facts) -> io::Result<()> {
    let Facts {
        opcode,
        fin,
        masked,
        compressed,
        frames,
    } = facts;
    write!(
        out,
        "{{\"opcode\":\"{}\",\"fin\":{fin},\"masked\":{masked},\
         \"compressed\":{compressed},\"frames\":{frames}}}",
        opcode.name()
    )
}

/// The keys of a WebSocket event after its `event`.
fn write_ws_event(out: &mut Vec<u8>, e: &WsEvent) -> io::Result<()> {
    let opt = |out: &mut Vec<u8>, key: &str, v: &Option<String>| -> io::Result<()> {
        if let Some(v) = v {
            write!(out, ",\"{key}\":")?;
            json_str(out, v)?;
        }
        Ok(())
    };
    match e {
        WsEvent::Upgrade {
            resource,
            subprotocol,
            extensions,
            len,
            notes: n,
        } => {
            write!(out, ",\"len\":{len},\"resource\":")?;
            json_str(out, resource)?;
            opt(out, "subprotocol", subprotocol)?;
            opt(out, "extensions", extensions)?;
            write_notes(out, n)
        }
        WsEvent::Control {
            masked,
            payload,
            close,
            notes: n,
            ..
        } => {
            write!(
                out,
                ",\"len\":{},\"masked\":{masked},\"payload\":\"{}\"",
                payload.len(),
                crate::protocols::hex(payload)
            )?;
            if let Some((code, reason)) = close {
                write!(out, ",\"code\":{code},\"reason\":")?;
                json_str(out, reason)?;
            }
            write_notes(out, n)
        }
        WsEvent::Error { len, why } => {
            write!(out, ",\"len\":{len},\"error\":")?;
            json_str(out, why)
        }
    }
}

/// Writes one record as a single-line JSON object (see [`JsonWriter`],
/// which is faster for many records).
pub fn write_json(out: &mut impl Write, r: &Record) -> io::Result<()> {
    JsonWriter::new().write(out, r)
}

/// The one-line summary of a record for people, players by id only (see
/// [`summary_with`]).
pub fn summary(r: &Record) -> String {
    summary_with(r, &names::NONE)
}

/// The one-line summary of a record for people, naming the players whose
/// names its stream told before it (`names`, as [`Summaries`] keeps them).
pub fn summary_with(r: &Record, names: &Names) -> String {
    match &r.body {
        Body::Message { decoded, .. } => {
            let mut s = match &decoded.error {
                Some(e) => format!("malformed: {e}"),
                None => decoded.fields.summary_with(names),
            };
            if !decoded.notes.is_empty() {
                s.push_str(&format!(" [{}]", note::joined(&decoded.notes)));
            }
            s
        }
        Body::StreamStart => format!("stream start {} → {}", r.src, r.dst),
        Body::StreamEnd { reason } => format!("stream end ({})", reason.as_str()),
        Body::Gap { len, reason } => format!("{len} byte(s) missing ({})", reason.as_str()),
        Body::UnknownData { len, reason } => format!("{len} byte(s) not decoded: {reason}"),
        Body::WebSocket(e) => ws_summary(e),
    }
}

/// The player names each stream has told, for the summaries of its
/// records ([`summary_with`]).
///
/// A record's summary is made after the decode stage, where the record is
/// written (the `decode` table, `-T fields -e summary`, CSV), from the
/// record alone. The names are learnt there too, from the records
/// themselves: a stream's records reach the writer in the stream's order,
/// all of them (before any filter), so the names known at a record are
/// exactly those its stream told before it, as the stream's decoder would
/// have known them, and no record carries anything more for it (nothing
/// for the commands that write no summary). Each stream's map is bounded
/// ([`Names`]), made when the stream tells its first name and dropped at
/// its `stream_end` record.
#[derive(Debug, Default)]
pub struct Summaries {
    streams: HashMap<u64, Names, foldhash::fast::RandomState>,
}

impl Summaries {
    pub fn new() -> Self {
        Self::default()
    }

    /// Learns what record `r` tells (call it for every record, in order,
    /// whether written or not); forgets a stream at its end.
    pub fn see(&mut self, r: &Record) {
        match &r.body {
            Body::Message { decoded, .. } if decoded.error.is_none() => {
                match self.streams.get_mut(&r.stream) {
                    Some(names) => decoded.fields.learn_names(names),
                    None => {
                        let mut names = Names::new();
                        decoded.fields.learn_names(&mut names);
                        if !names.is_empty() {
                            self.streams.insert(r.stream, names);
                        }
                    }
                }
            }
            Body::StreamEnd { .. } => {
                self.streams.remove(&r.stream);
            }
            _ => {}
        }
    }

    /// The names stream `stream` has told so far.
    pub fn names(&self, stream: u64) -> &Names {
        self.streams.get(&stream).unwrap_or(&names::NONE)
    }

    /// The summary of `r` with its stream's names ([`summary_with`]).
    pub fn summary(&self, r: &Record) -> String {
        summary_with(r, self.names(r.stream))
    }
}

/// The one-line summary of a WebSocket event.
fn ws_summary(e: &WsEvent) -> String {
    let with_notes = |s: String, notes: &[Note]| {
        if notes.is_empty() {
            s
        } else {
            format!("{s} [{}]", note::joined(notes))
        }
    };
    match e {
        WsEvent::Upgrade {
            resource,
            subprotocol,
            extensions,
            notes,
            ..
        } => {
            let mut s = format!("WebSocket upgrade {resource}");
            if let Some(p) = subprotocol {
                s.push_str(&format!(", subprotocol {p}"));
            }
            if let Some(x) = extensions {
                s.push_str(&format!(", extensions {x}"));
            }
            with_notes(s, notes)
        }
        WsEvent::Control {
            opcode,
            payload,
            close,
            notes,
            ..
        } => {
            let s = match close {
                Some((code, reason)) if reason.is_empty() => format!("close {code}"),
                Some((code, reason)) => format!("close {code} {reason:?}"),
                None => format!("{} ({} byte(s))", opcode.name(), payload.len()),
            };
            with_notes(s, notes)
        }
        WsEvent::Error { len, why } => format!("WebSocket frame of {len} byte(s) not used: {why}"),
    }
}

/// A poker-network `PacketPokerFold` of 13 bytes (fields: the raw bytes
/// `be ef`) with `notes` and `error`: the output tests' message.
#[cfg(test)]
pub(crate) fn sample_fold(notes: Vec<Note>, error: Option<&str>) -> Body {
    use crate::protocols::{Decoded, Fields};
    Body::Message {
        len: 13,
        decoded: Decoded {
            type_name: "PacketPokerFold".into(),
            type_id: 57,
            fields: Fields::raw(&[0xbe, 0xef]),
            notes,
            error: error.map(str::to_owned),
        },
        bytes: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::Carried;

    fn record(body: Body) -> Record {
        crate::decode::record::sample(Direction::C2S, body)
    }

    fn fold(notes: Vec<Note>, error: Option<&str>) -> Record {
        record(sample_fold(notes, error))
    }

    fn line(r: &Record) -> String {
        let mut out = Vec::new();
        write_json(&mut out, r).unwrap();
        String::from_utf8(out).unwrap()
    }

    const HEAD: &str = "{\"frame\":7,\"ts\":\"2023-11-14T22:13:20.123456Z\",\"stream\":3,\
        \"dir\":\"c2s\",\"src\":\"10.0.0.1:40000\",\"dst\":\"10.0.0.2:19380\",\
        \"community_id\":\"1:iXlKzb++VGlwL808tS7dyOK9CW0=\",\"offset\":12";

    /// A poker-network packet of stream `stream`, as a record.
    fn packet(stream: u64, m: crate::protocols::pokernetwork::messages::Message) -> Record {
        use crate::protocols::{Decoded, Dialect, Fields};
        let mut r = record(Body::Message {
            len: 11,
            decoded: Decoded {
                type_name: m.type_name().into(),
                type_id: 0,
                fields: Fields::PokerNetwork(m),
                notes: Vec::new(),
                error: None,
            },
            bytes: None,
        });
        r.stream = stream;
        r.dialect = Some(Dialect::PokerNetwork);
        r
    }

    /// Each stream's records name the players that stream told, from the
    /// record after the one that told them to the stream's end.
    #[test]
    fn summaries_name_the_players_each_stream_told() {
        use crate::protocols::pokernetwork::messages::{
            Message as M, PacketPokerFold, PacketPokerPlayerInfo,
        };
        let fold = |stream| {
            packet(
                stream,
                M::PacketPokerFold(PacketPokerFold {
                    serial: 17,
                    game_id: 1,
                }),
            )
        };
        let info = packet(
            3,
            M::PacketPokerPlayerInfo(Box::new(PacketPokerPlayerInfo {
                serial: 17,
                game_id: 1,
                name: "alice".into(),
                outfit: String::new(),
                url: String::new(),
            })),
        );
        let mut s = Summaries::new();
        let mut said = |r: &Record| {
            s.see(r);
            s.summary(r)
        };
        assert_eq!(said(&fold(3)), "player 17 folds");
        assert_eq!(said(&info), "player 17 is \"alice\"");
        assert_eq!(said(&fold(3)), "alice (17) folds");
        // Another stream's player 17 is not stream 3's.
        assert_eq!(said(&fold(4)), "player 17 folds");
        // Without the names: ids only.
        assert_eq!(summary(&fold(3)), "player 17 folds");
        // Stream 3 ends: its names are forgotten (and the map with them).
        let mut end = record(Body::StreamEnd {
            reason: crate::reassembly::EndReason::Fin,
        });
        end.stream = 3;
        said(&end);
        assert!(s.streams.is_empty());
        assert_eq!(s.summary(&fold(3)), "player 17 folds");
    }

    /// `notes` holds the texts as it always did; `note_codes` follows it
    /// with the codes, in the same order, only when there are notes.
    #[test]
    fn a_message_writes_its_notes_and_then_their_codes() {
        let notes = vec![
            Note::PokerNetworkLeftover {
                count: 2,
                head: Box::new([0xbe, 0xef]),
            },
            Note::PokerNetworkInList {
                field: "packets",
                index: 0,
                name: "PacketPokerChat",
                note: Box::new(Note::PokerNetworkInvalidUtf8 { field: "message" }),
            },
        ];
        let body = ",\"protocol\":\"pokernetwork\",\"dialect\":\"pokernetwork-2\",\
            \"type\":\"PacketPokerFold\",\"type_id\":57,\"len\":13,\"fields\":{\"raw\":\"beef\"}";
        assert_eq!(
            line(&fold(notes.clone(), None)),
            format!(
                "{HEAD}{body},\"notes\":[\"2 leftover bytes after the last attribute: beef\",\
                 \"packets[0] (PacketPokerChat): `message`: invalid UTF-8, replaced\"],\
                 \"note_codes\":[\"pokernetwork.leftover_bytes\",\"pokernetwork.invalid_utf8\"]}}"
            )
        );
        // The error comes after both.
        assert!(line(&fold(notes.clone(), Some("bad")))
            .ends_with("\"note_codes\":[\"pokernetwork.leftover_bytes\",\"pokernetwork.invalid_utf8\"],\"error\":\"bad\"}"));
        // No notes: no codes, the line as before.
        assert_eq!(
            line(&fold(Vec::new(), None)),
            format!("{HEAD}{body},\"notes\":[]}}")
        );
        // The table's summary joins the texts.
        assert_eq!(
            summary(&fold(notes, None)),
            "2 bytes not decoded [2 leftover bytes after the last attribute: beef; \
             packets[0] (PacketPokerChat): `message`: invalid UTF-8, replaced]"
        );
    }

    #[test]
    fn a_websocket_event_writes_its_notes_and_their_codes() {
        let mut r = record(Body::WebSocket(Box::new(WsEvent::Upgrade {
            resource: "/x".into(),
            subprotocol: None,
            extensions: None,
            len: 90,
            notes: vec![Note::WebSocketMissingKey, Note::WebSocketMissingUpgrade],
        })));
        r.protocol = None;
        r.carried = Some(Box::new(Carried {
            tcp_offset: 0,
            facts: None,
            payload: None,
        }));
        assert_eq!(
            line(&r),
            format!(
                "{HEAD},\"tcp_offset\":0,\"transport\":\"websocket\",\
                 \"event\":\"websocket_upgrade\",\"len\":90,\"resource\":\"/x\",\
                 \"notes\":[\"the request has no Sec-WebSocket-Key\",\
                 \"the response does not say Upgrade: websocket\"],\
                 \"note_codes\":[\"websocket.missing_key\",\"websocket.missing_upgrade\"]}}"
            )
        );
    }
}
