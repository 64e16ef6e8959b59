//! Records: one decoded message or one stream event, in the envelope of the
//! JSON record contract (docs/records.md).

use super::label::Label;
use crate::capture::Timestamp;
use crate::protocols::{Decoded, Dialect, Note, ProtocolId};
use crate::reassembly::{CommunityId, Direction, EndReason, GapReason};
use crate::transport::websocket::frame::Opcode;
use crate::transport::websocket::unwrap::Facts;
use crate::transport::Transport;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

/// One line of `decode --format jsonl`.
#[derive(Debug, Clone)]
pub struct Record {
    /// The capture frame that completed the message (or caused the event).
    pub frame: u64,
    /// That frame's time.
    pub ts: Timestamp,
    /// The stream (TCP connection), numbered from 0 in order of first appearance.
    pub stream: u64,
    /// Which way the message went.
    pub dir: Direction,
    /// The sender's address and port.
    pub src: SocketAddr,
    /// The receiver's address and port.
    pub dst: SocketAddr,
    /// The stream's Community ID (made once, when it opened).
    pub community_id: CommunityId,
    /// Offset of the message (or event) in its direction's byte stream.
    pub offset: u64,
    /// The stream's protocol, once detected (also on events).
    pub protocol: Option<ProtocolId>,
    /// The stream's dialect, as far as its messages had shown it when the
    /// record was made (also on events; the JSON writes it on messages
    /// only, as the contract has it).
    pub dialect: Option<Dialect>,
    /// What carries the stream's messages, as far as known when the record
    /// was made: also on the TCP stream's own events (its end, a gap
    /// before the transport's framing), which the transport did not carry
    /// (those it carried have `carried`).
    pub transport: Transport,
    /// How the message travelled, when a transport wrapped it (WebSocket);
    /// `None` for plain TCP. Boxed: most records have none.
    pub carried: Option<Box<Carried>>,
    /// What the record is: a message or an event.
    pub body: Body,
    /// The record's place in capture order: twice the number of the flow
    /// table's step that made it ([`crate::reassembly::Sink::step`]), plus
    /// one for records a stream still detecting gave when it was made to
    /// decide. Records go out in this order (the pipeline merges its
    /// workers' output by it); not part of the JSON record. 0 until the
    /// decode stage sets it.
    pub order: u64,
}

/// What a transport adds to a record of a stream it wraps: the record's
/// `offset` is then in the unwrapped stream, and this says where the
/// bytes were in the TCP stream and how they travelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    /// The TCP stream offset (of the first frame of a message).
    pub tcp_offset: u64,
    /// The frame facts of a data message (`None` on events).
    pub facts: Option<Facts>,
    /// The data message's unwrapped payload, when the decode stage was
    /// asked to keep it ([`super::DecodeConfig::payloads`], for `follow`).
    pub payload: Option<Box<[u8]>>,
}

/// A WebSocket event that is not a data message.
#[derive(Debug, Clone)]
pub enum WsEvent {
    /// The HTTP/1.1 upgrade (`websocket_upgrade`), recorded at the
    /// server's `101` response; absent when the capture starts after it.
    Upgrade {
        /// The request's resource (`/pokerthwebsocket`).
        resource: String,
        /// The subprotocol the server chose, if any.
        subprotocol: Option<String>,
        /// The extensions the server accepted (`permessage-deflate; ...`).
        extensions: Option<String>,
        /// The request's and the response's bytes.
        len: u64,
        /// What was odd about it.
        notes: Vec<Note>,
    },
    /// A ping, pong or close frame (`websocket_ping`, `websocket_pong`,
    /// `websocket_close`): its payload, a close's code and reason.
    Control {
        /// Ping, pong or close.
        opcode: Opcode,
        /// Whether the frame was masked (a client's must be).
        masked: bool,
        /// The frame's payload, unmasked.
        payload: Vec<u8>,
        /// A close frame's status code and reason.
        close: Option<(u16, String)>,
        /// What was odd about it.
        notes: Vec<Note>,
    },
    /// A frame that could not be used (`websocket_error`): its size and why.
    Error {
        /// The frame's size.
        len: u64,
        /// Why it could not be used.
        why: String,
    },
}

/// How a stream's protocol was chosen (`inspect`'s `detection`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum How {
    /// Its probes recognised it.
    Detected,
    /// `--decode-as` chose it.
    Forced,
    /// Nothing recognised it.
    Unknown,
}

impl How {
    /// Every value.
    pub const ALL: [How; 3] = [How::Detected, How::Forced, How::Unknown];

    /// The word `inspect` writes: `detected`, `forced`, `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            How::Detected => "detected",
            How::Forced => "forced",
            How::Unknown => "unknown",
        }
    }
}

impl std::fmt::Display for How {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the record is about.
#[derive(Debug, Clone)]
pub enum Body {
    /// A message: its size and what it says (its dialect: the record's).
    Message {
        /// The message's length in its stream.
        len: u64,
        /// What the protocol's decoder made of it.
        decoded: Decoded,
        /// The message's bytes, when the decode stage was asked to keep
        /// them ([`super::DecodeConfig::bytes`], for `decode -x`): exactly
        /// the `len` bytes at the record's `offset`.
        bytes: Option<Box<[u8]>>,
    },
    /// A TCP connection was first seen.
    StreamStart,
    /// It ended.
    StreamEnd {
        /// Why it ended.
        reason: EndReason,
    },
    /// Bytes the capture does not hold.
    Gap {
        /// How many bytes are missing.
        len: u64,
        /// Why.
        reason: GapReason,
    },
    /// Bytes no decoder could place: how many, and why.
    UnknownData {
        /// How many bytes.
        len: u64,
        /// Why they could not be decoded.
        reason: String,
    },
    /// A WebSocket event (boxed: rare).
    WebSocket(Box<WsEvent>),
}

impl Record {
    /// The stream's protocol as people read it (`websocket/pokerth-1`):
    /// every table and summary names it so.
    pub fn label(&self) -> Label {
        Label::new(self.protocol, self.dialect, self.transport)
    }

    /// The dialect the record's JSON writes: a message's.
    pub fn message_dialect(&self) -> Option<Dialect> {
        match self.body {
            Body::Message { .. } => self.dialect,
            _ => None,
        }
    }

    /// The event name for non-message records (`gap`, `stream_start`, ...).
    pub fn event_name(&self) -> Option<&'static str> {
        self.event_index()
            .and_then(|n| Self::EVENT_NAMES.get(n).copied())
    }

    /// The event's place in [`Record::EVENT_NAMES`] (none for a message).
    pub fn event_index(&self) -> Option<usize> {
        match &self.body {
            Body::Message { .. } => None,
            Body::StreamStart => Some(0),
            Body::StreamEnd { .. } => Some(1),
            Body::Gap { .. } => Some(2),
            Body::UnknownData { .. } => Some(3),
            Body::WebSocket(e) => Some(match &**e {
                WsEvent::Upgrade { .. } => 4,
                WsEvent::Control { opcode, .. } => match opcode {
                    Opcode::Ping => 5,
                    Opcode::Pong => 6,
                    _ => 7,
                },
                WsEvent::Error { .. } => 8,
            }),
        }
    }

    /// Every event name a record may carry (as [`Record::event_name`]
    /// gives them).
    pub const EVENT_NAMES: [&'static str; 9] = [
        "stream_start",
        "stream_end",
        "gap",
        "unknown_data",
        "websocket_upgrade",
        "websocket_ping",
        "websocket_pong",
        "websocket_close",
        "websocket_error",
    ];

    /// The message type name, or the event name.
    pub fn type_name(&self) -> &str {
        match &self.body {
            Body::Message { decoded, .. } => &decoded.type_name,
            _ => self.event_name().unwrap_or(""),
        }
    }
}

/// A record of `body` in frame 7 of stream 3 (poker-network, dialect
/// `pokernetwork-2`, from 10.0.0.1:40000 to 10.0.0.2:19380, offset 12)
/// going `dir`: the output tests' one fixture.
#[cfg(test)]
pub(crate) fn sample(dir: Direction, body: Body) -> Record {
    Record {
        order: 0,
        frame: 7,
        ts: Timestamp::new(1_700_000_000, 123_456_789),
        stream: 3,
        dir,
        src: "10.0.0.1:40000".parse().unwrap(),
        dst: "10.0.0.2:19380".parse().unwrap(),
        community_id: CommunityId::tcp(
            "10.0.0.1:40000".parse().unwrap(),
            "10.0.0.2:19380".parse().unwrap(),
        ),
        offset: 12,
        protocol: Some(ProtocolId::PokerNetwork),
        dialect: Some(Dialect::PokerNetwork2),
        transport: Transport::Tcp,
        carried: None,
        body,
    }
}

/// A record of frame `frame` (stream 0, a stream start, from and to
/// 10.0.0.1:1000): the game and hand builders' unit tests' one record.
#[cfg(test)]
pub(crate) fn test_record(frame: u64) -> Record {
    let addr = SocketAddr::from(([10, 0, 0, 1], 1000));
    Record {
        order: 0,
        frame,
        ts: Timestamp::default(),
        stream: 0,
        dir: Direction::S2C,
        src: addr,
        dst: addr,
        community_id: CommunityId::tcp(addr, addr),
        offset: 0,
        protocol: None,
        dialect: None,
        transport: Transport::Tcp,
        carried: None,
        body: Body::StreamStart,
    }
}
