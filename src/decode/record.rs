//! Records: one decoded message or one stream event, in the envelope of the
//! JSON record contract (DESIGN.md, "Records").

use crate::capture::Timestamp;
use crate::protocols::{Decoded, ProtocolId};
use crate::reassembly::{Direction, EndReason, GapReason};
use std::net::SocketAddr;

/// One line of `decode --format jsonl`.
#[derive(Debug, Clone)]
pub struct Record {
    /// The capture frame that completed the message (or caused the event).
    pub frame: u64,
    pub ts: Timestamp,
    pub stream: u64,
    pub dir: Direction,
    pub src: SocketAddr,
    pub dst: SocketAddr,
    /// Offset of the message (or event) in its direction's byte stream.
    pub offset: u64,
    /// The stream's protocol, once detected (also on events).
    pub protocol: Option<ProtocolId>,
    pub body: Body,
}

/// What the record is about.
#[derive(Debug, Clone)]
pub enum Body {
    /// A message: protocol, dialect, size and what it says.
    Message {
        dialect: Option<&'static str>,
        len: u64,
        decoded: Decoded,
    },
    /// A TCP connection was first seen.
    StreamStart,
    /// It ended.
    StreamEnd { reason: EndReason },
    /// Bytes the capture does not hold.
    Gap { len: u64, reason: GapReason },
    /// Bytes no decoder could place: how many, and why.
    UnknownData { len: u64, reason: String },
}

impl Record {
    /// The event name for non-message records (`gap`, `stream_start`, ...).
    pub fn event_name(&self) -> Option<&'static str> {
        match &self.body {
            Body::Message { .. } => None,
            Body::StreamStart => Some("stream_start"),
            Body::StreamEnd { .. } => Some("stream_end"),
            Body::Gap { .. } => Some("gap"),
            Body::UnknownData { .. } => Some("unknown_data"),
        }
    }

    /// The message type name, or the event name.
    pub fn type_name(&self) -> &str {
        match &self.body {
            Body::Message { decoded, .. } => &decoded.type_name,
            _ => self.event_name().unwrap_or(""),
        }
    }
}
