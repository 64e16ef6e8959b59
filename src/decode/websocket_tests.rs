//! The decode stage on WebSocket streams of bad input: one stream driven
//! by reassembly events (an HTTP upgrade, or none for a capture picked up
//! mid-stream), then frames built by hand from RFC 6455 and RFC 7692
//! carrying real PokerTH 1.x envelopes (testdata/pokerth1/solo's first
//! messages); the records are checked as `decode --format jsonl` writes
//! them. Every failure must be a record naming the capture frame, and
//! decoding must go on after it.
//!
//! [`frames`]: frame and control errors, notes; [`deflate`]:
//! permessage-deflate, losses (gaps, a capture picked up mid-stream) and
//! fragments.

mod deflate;
mod frames;

use super::{DecodeConfig, DecodeStage, Record, RecordSink};
use crate::capture::Timestamp;
use crate::output::records::write_json;
use crate::protocols::testkit::unhex;
use crate::reassembly::{Direction, EndReason, Event, GapReason, Sink, StreamInfo};
use crate::transport::websocket::handshake::accept_for;
use serde_json::Value;

pub use Direction::{C2S, S2C};

/// The client's `Sec-WebSocket-Key` (RFC 6455, 1.3).
const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";

/// The masking key of client frames (RFC 6455, 5.7).
pub const MASK: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];

/// The server's first message: Announce, protocol 5.1 (22 bytes).
pub fn announce() -> Vec<u8> {
    unhex("080112120a040805100112040801100b180020012800")
}

/// The client's first message: Init, nickname alice (21 bytes).
pub fn init() -> Vec<u8> {
    unhex("08021a110a0408051001100028023205616c696365")
}

/// The server's InitAck (24 bytes; its session id is not UTF-8).
pub fn init_ack() -> Vec<u8> {
    unhex("08063a140a1026ba908099f94d219904ac1caee9ed811001")
}

/// The server's PlayerList (8 bytes).
pub fn player_list() -> Vec<u8> {
    unhex("080c6a0408011000")
}

pub(crate) use crate::transport::websocket::tests::frame;

/// A client frame (masked).
pub fn client(b0: u8, payload: &[u8]) -> Vec<u8> {
    frame(b0, Some(MASK), payload)
}

/// A server frame (not masked).
pub fn server(b0: u8, payload: &[u8]) -> Vec<u8> {
    frame(b0, None, payload)
}

/// Collects the stage's records.
#[derive(Default)]
struct Collect(Vec<Record>);

impl RecordSink for Collect {
    fn record(&mut self, r: Record) {
        self.0.push(r);
    }
}

/// One stream through a decode stage: each [`Ws::send`] is one capture
/// frame (numbered from 2: the stream starts in frame 1).
pub struct Ws {
    stage: DecodeStage<Collect>,
    info: StreamInfo,
    /// The TCP offset of each direction's next byte.
    pub next: [u64; 2],
    frame: u64,
}

impl Ws {
    fn start(roles_from_handshake: bool) -> Ws {
        let (client, server) = (
            "10.0.0.1:40000".parse().unwrap(),
            "10.0.0.2:8080".parse().unwrap(),
        );
        let info = StreamInfo {
            id: 0,
            client,
            server,
            community_id: crate::reassembly::CommunityId::tcp(client, server),
            roles_from_handshake,
            first_frame: 1,
            start: Timestamp::new(1, 0),
            last_frame: 1,
            last: Timestamp::new(1, 0),
            dirs: Default::default(),
            evicted: false,
        };
        let mut stage = DecodeStage::new(DecodeConfig::default(), Collect::default());
        // Each capture frame is one step of the flow table.
        stage.step(1, 0);
        stage.event(Event::Start(&info));
        Ws {
            stage,
            info,
            next: [0, 0],
            frame: 1,
        }
    }

    /// A stream opened by an upgrade to `/pokerthwebsocket` (frames 2 and
    /// 3), its response accepting `extensions`.
    pub fn upgraded(extensions: Option<&str>) -> Ws {
        Ws::upgraded_with(extensions, &accept_for(KEY))
    }

    /// The same, the response answering with `accept`.
    pub fn upgraded_with(extensions: Option<&str>, accept: &str) -> Ws {
        let mut ws = Ws::start(true);
        let offer = match extensions {
            Some(_) => "Sec-WebSocket-Extensions: permessage-deflate\r\n",
            None => "",
        };
        let req = format!(
            "GET /pokerthwebsocket HTTP/1.1\r\nHost: 10.0.0.2:8080\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: {KEY}\r\n{offer}\
             Sec-WebSocket-Version: 13\r\n\r\n"
        );
        let ext = extensions.map_or(String::new(), |e| {
            format!("Sec-WebSocket-Extensions: {e}\r\n")
        });
        let resp = format!(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Accept: {accept}\r\n{ext}\r\n"
        );
        ws.send(C2S, req.as_bytes());
        ws.send(S2C, resp.as_bytes());
        ws
    }

    /// A stream picked up after its upgrade: no handshake, roles guessed.
    pub fn midstream() -> Ws {
        Ws::start(false)
    }

    /// `bytes` of `dir` in the next capture frame; that frame's number.
    pub fn send(&mut self, dir: Direction, bytes: &[u8]) -> u64 {
        self.frame += 1;
        let offset = self.next[dir.index()];
        self.next[dir.index()] += bytes.len() as u64;
        self.stage.step(self.frame, 0);
        self.stage.event(Event::Data {
            stream: 0,
            dir,
            offset,
            bytes,
            frame: self.frame,
            ts: Timestamp::new(1, self.frame as u32),
        });
        self.frame
    }

    /// `len` bytes of `dir` the capture lacks, made certain by the next
    /// capture frame; that frame's number.
    pub fn lose(&mut self, dir: Direction, len: u64) -> u64 {
        self.frame += 1;
        let offset = self.next[dir.index()];
        self.next[dir.index()] += len;
        self.stage.step(self.frame, 0);
        self.stage.event(Event::Gap {
            stream: 0,
            dir,
            offset,
            len,
            reason: GapReason::AckedUnseen,
            frame: self.frame,
            ts: Timestamp::new(1, self.frame as u32),
        });
        self.frame
    }

    /// Ends the stream: its records as JSON lines, without the stream's
    /// start and end.
    pub fn end(mut self) -> Vec<Value> {
        self.frame += 1;
        self.stage.step(self.frame, 0);
        self.stage.event(Event::End {
            info: &self.info,
            reason: EndReason::Fin,
            frame: self.frame,
            ts: Timestamp::new(1, self.frame as u32),
        });
        let records = self.stage.into_sink().0;
        let lines: Vec<Value> = records.iter().map(json).collect();
        assert_eq!(
            lines.first().map(|l| &l["event"]),
            Some(&"stream_start".into())
        );
        assert_eq!(
            lines.last().map(|l| &l["event"]),
            Some(&"stream_end".into())
        );
        let frames: Vec<u64> = records.iter().map(|r| r.frame).collect();
        assert!(frames.windows(2).all(|w| w[0] <= w[1]), "{frames:?}");
        lines[1..lines.len() - 1].to_vec()
    }
}

/// A record as `decode --format jsonl` writes it.
fn json(r: &Record) -> Value {
    let mut out = Vec::new();
    write_json(&mut out, r).expect("writing to memory");
    serde_json::from_slice(&out).expect("a JSON line")
}

/// A record's type or event, for short comparisons.
pub fn what(r: &Value) -> &str {
    r["type"].as_str().or(r["event"].as_str()).unwrap_or("?")
}

/// (frame, type or event) of each record.
pub fn summary(records: &[Value]) -> Vec<(u64, String)> {
    records
        .iter()
        .map(|r| (r["frame"].as_u64().unwrap(), what(r).to_owned()))
        .collect()
}

/// The one record of type or event `name`.
pub fn one<'a>(records: &'a [Value], name: &str) -> &'a Value {
    let mut found = records.iter().filter(|r| what(r) == name);
    let r = found
        .next()
        .unwrap_or_else(|| panic!("no {name} in {records:#?}"));
    assert!(
        found.next().is_none(),
        "more than one {name} in {records:#?}"
    );
    r
}

/// The notes of a record, joined.
pub fn notes(r: &Value) -> String {
    let n: Vec<&str> = (r["notes"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    n.join("; ")
}

#[test]
fn a_clean_connection_decodes_with_both_offsets() {
    let mut ws = Ws::upgraded(None);
    let (c0, s0) = (ws.next[0], ws.next[1]);
    let f_ann = ws.send(S2C, &server(0x82, &announce()));
    let f_init = ws.send(C2S, &client(0x82, &init()));
    let f_ack = ws.send(S2C, &server(0x82, &init_ack()));
    let r = ws.end();
    assert_eq!(
        summary(&r),
        vec![
            (3, "websocket_upgrade".into()),
            (f_ann, "Announce".into()),
            (f_init, "Init".into()),
            (f_ack, "InitAck".into()),
        ]
    );
    let up = &r[0];
    assert_eq!(up["resource"], "/pokerthwebsocket");
    assert_eq!(up["len"], c0 + s0);
    assert_eq!(notes(up), "");
    assert_eq!(up["notes"], Value::Array(vec![]));
    assert_eq!(up.get("note_codes"), None, "written only with notes");
    for (rec, offset, tcp_offset) in [(&r[1], 0, s0), (&r[2], 0, c0), (&r[3], 22, s0 + 24)] {
        assert_eq!(rec["offset"], offset, "{rec}");
        assert_eq!(rec["tcp_offset"], tcp_offset, "{rec}");
        assert_eq!(rec["transport"], "websocket");
        assert_eq!(rec["protocol"], "pokerth");
        assert_eq!(rec["dialect"], "pokerth-1");
        assert!(rec.get("error").is_none(), "{rec}");
    }
    assert_eq!(r[2]["websocket"]["masked"], true);
    assert_eq!(r[3]["websocket"]["masked"], false);
}

#[test]
fn a_protocol_with_its_own_framing_is_decoded_across_messages() {
    // PokerTH 1.x with its TCP length prefix inside the WebSocket (say, a
    // proxy that tunnels the TCP stream): the first message is not one
    // envelope, so the messages are one stream, framed by the protocol.
    let prefixed = |m: Vec<u8>| {
        let mut v = (m.len() as u32).to_be_bytes().to_vec();
        v.extend(m);
        v
    };
    let (ann, list) = (prefixed(announce()), prefixed(player_list()));
    let mut ws = Ws::upgraded(None);
    let s0 = ws.next[1];
    // The Announce across two WebSocket messages, the second of which
    // also carries the whole PlayerList.
    ws.send(S2C, &server(0x82, &ann[..10]));
    let mut rest = ann[10..].to_vec();
    rest.extend(&list);
    let f2 = ws.send(S2C, &server(0x82, &rest));
    let f3 = ws.send(C2S, &client(0x82, &prefixed(init())));
    let r = ws.end();
    assert_eq!(
        summary(&r),
        vec![
            (3, "websocket_upgrade".into()),
            (f2, "Announce".into()),
            (f2, "PlayerList".into()),
            (f3, "Init".into()),
        ]
    );
    // Offsets in the unwrapped stream (the length prefix counted); the TCP
    // offset of the WebSocket message that completed each.
    let second = s0 + 2 + 10;
    for (rec, offset, len, tcp) in [(&r[1], 0, 26, second), (&r[2], 26, 12, second)] {
        assert_eq!(
            (&rec["offset"], &rec["len"], &rec["tcp_offset"]),
            (&offset.into(), &len.into(), &tcp.into()),
            "{rec}"
        );
        assert_eq!(rec["transport"], "websocket");
        assert_eq!(rec["dialect"], "pokerth-1");
        assert!(rec.get("error").is_none(), "{rec}");
    }
    assert_eq!(r[3]["websocket"]["masked"], true);
}
