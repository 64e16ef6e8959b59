//! PokerTH 1.x (PokerTH 1.0 to 1.1.2, network protocol 5.1): Protocol
//! Buffers messages, the protocol every PokerTH server running today
//! speaks. Records carry protocol `pokerth`, dialect `pokerth-1`.
//!
//! On TCP each message is a 4-byte big-endian length, then one
//! `PokerTHMessage` (the envelope) whose `messageType` names the one
//! sub-message that is set, at field number `messageType + 1`
//! ([`framing`]). The 91 message types and 31 enumerations are data
//! ([`messages::definitions`], written from the wire facts in
//! `shared/protocols/pokerth-1.x/schema.json`; PokerTH's own `.proto` is
//! AGPL-3.0 and nothing of it is in this repository), decoded by the
//! `prost-reflect` crate ([`parsing`]): a well-kept protobuf decoder rather
//! than a hand-written one, and dynamic messages rather than 91 generated
//! structs.
//!
//! The record's `type` is the message name without `Message`
//! (`HandStart`); `type_id` is `messageType`; `len` counts the length
//! prefix, so each message's `offset + len` is the next one's `offset`.

#![warn(missing_docs)]

pub mod framing;
pub mod messages;
pub mod parsing;
pub mod probe;
pub mod scan;

pub use messages::Message;
pub use probe::probe;

use crate::protocols::{Decoded, Fields, Framing, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;
use std::borrow::Cow;

/// The per-stream PokerTH 1.x decoder. The protocol keeps no state that
/// changes how bytes are read.
#[derive(Debug, Clone, Default)]
pub struct Decoder;

impl Decoder {
    /// A decoder.
    pub fn new() -> Decoder {
        Decoder
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::PokerTh1
    }

    fn dialect(&self) -> Option<crate::protocols::Dialect> {
        Some(crate::protocols::Dialect::PokerTh1)
    }

    fn frame(&self, _dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(buf)
    }

    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        let envelope = msg.get(framing::PREFIX_LEN..).unwrap_or_default();
        self.decode_envelope(dir, envelope)
    }

    /// Over WebSocket each message is one envelope, with no length prefix.
    fn decode_unframed(&mut self, dir: Direction, msg: &[u8]) -> Option<Decoded> {
        Some(self.decode_envelope(dir, msg))
    }
}

impl Decoder {
    /// Decodes one envelope (a message without its length prefix).
    fn decode_envelope(&mut self, _dir: Direction, envelope: &[u8]) -> Decoded {
        let type_id =
            framing::varint(envelope.get(1..).unwrap_or_default()).map_or(0, |(t, _)| t as u32);
        match parsing::parse(envelope) {
            Ok((m, notes)) => Decoded {
                type_name: Cow::Borrowed(m.name),
                type_id: m.kind,
                fields: Fields::PokerTh1(m),
                notes,
                error: None,
            },
            Err(why) => Decoded {
                type_name: Cow::Borrowed(messages::type_name(type_id).unwrap_or("Unknown")),
                type_id,
                fields: Fields::raw(envelope),
                notes: Vec::new(),
                error: Some(why),
            },
        }
    }
}

#[cfg(test)]
mod tests;
