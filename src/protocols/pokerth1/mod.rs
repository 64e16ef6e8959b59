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
pub mod spans;

pub use messages::Message;
pub use probe::probe;

use crate::protocols::{Decoded, Framing, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;

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

    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(None, dir, buf)
    }

    /// A message that does not parse shows its envelope, without the
    /// length prefix.
    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        Decoded::from_parse(parsing::parse(None, dir, msg), framing::envelope(msg))
    }

    /// Over WebSocket each message is one envelope, with no length prefix.
    fn decode_unframed(&mut self, dir: Direction, msg: &[u8]) -> Option<Decoded> {
        Some(Decoded::from_parse(parsing::parse_unframed(dir, msg), msg))
    }
}

#[cfg(test)]
mod tests;
