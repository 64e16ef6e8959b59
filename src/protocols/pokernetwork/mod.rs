//! poker-network (pokermania's pokerpackets), the binary protocol of the
//! poker-network server and its clients.
//!
//! Each side first sends a 12-byte line `CGI MMM.mNN\n` (decoded as a
//! [`Handshake`] message); then packets follow, each a u8 type, a u16
//! big-endian length and the attributes of its class in the seed's order.
//! Protocol 3.x (`CGI 003.…`, dialect `pokernetwork`) counts the payload
//! only in the length; older servers (`CGI 002.…`, dialect
//! `pokernetwork-2`) count the 3-byte header too. Without the handshake in
//! the capture, the convention is the one under which a run of packets
//! frames and decodes cleanly. The [`Decoder`] keeps it per stream.
//!
//! - [`probe()`]: detection (the handshake line, or a clean run of packets);
//! - [`framing`]: where a message ends, for both conventions;
//! - [`messages`]: the 161 packet classes of the seed (type 0 to 210, with
//!   164 `PacketPokerUpdateMoney` and the last release's layouts), as typed
//!   structs, and their summaries;
//! - [`parsing`]: the nom parsers, with the Python-literal grammar of the
//!   hand history ([`parsing::pyliteral`]).
//!
//! Packet types that are not known decode as `Unknown` (the payload as
//! hex, with a note); the header still gives their length.

pub mod framing;
pub mod messages;
pub mod parsing;
pub mod probe;

#[cfg(test)]
mod tests;

pub use framing::LengthConvention;
pub use messages::{Cards, Handshake, Message, PnCard, Record};
pub use probe::probe;

use crate::protocols::{Decoded, Fields, Framing, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;
use std::borrow::Cow;

/// The per-stream state: the length convention of each direction, once
/// known (from a handshake line, or from the first packet framed).
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    /// The convention per direction (index [`Direction::index`]).
    conv: [Option<LengthConvention>; 2],
}

impl Decoder {
    /// A decoder for a new stream.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The convention of direction `dir`, once known: its own, else the
    /// other direction's.
    pub fn convention(&self, dir: Direction) -> Option<LengthConvention> {
        self.conv[dir.index()].or(self.conv[1 - dir.index()])
    }

    /// Sets the convention of `dir` (and of the other direction while that
    /// one is not known).
    fn learn(&mut self, dir: Direction, conv: LengthConvention) {
        self.conv[dir.index()] = Some(conv);
        let other = &mut self.conv[1 - dir.index()];
        other.get_or_insert(conv);
    }

    /// Decodes the handshake line `msg`: it names the convention of its
    /// side (and of the other side until that one's line is seen).
    fn decode_handshake(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        match parsing::parse_handshake(msg) {
            Ok(h) => {
                self.learn(dir, LengthConvention::for_major(h.major));
                let m = Message::Handshake(h);
                Decoded {
                    type_name: Cow::Borrowed(m.type_name()),
                    type_id: u32::from(m.type_id()),
                    fields: Fields::PokerNetwork(m),
                    notes: Vec::new(),
                    error: None,
                }
            }
            Err(e) => decoded_error("Handshake", 0, e, msg),
        }
    }
}

/// A [`Decoded`] for a message that framed but did not decode.
fn decoded_error(name: &'static str, type_id: u8, error: String, msg: &[u8]) -> Decoded {
    Decoded {
        type_name: Cow::Borrowed(name),
        type_id: u32::from(type_id),
        fields: Fields::raw(msg),
        notes: Vec::new(),
        error: Some(error),
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::PokerNetwork
    }

    fn dialect(&self) -> Option<crate::protocols::Dialect> {
        self.conv.iter().flatten().next().map(|c| c.dialect())
    }

    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing {
        if framing::starts_handshake(buf) {
            return framing::frame_handshake(buf);
        }
        if let Some(conv) = self.convention(dir) {
            return framing::frame(conv, buf);
        }
        match framing::guess_convention(buf) {
            Some(conv) => framing::frame(conv, buf),
            None => LengthConvention::ALL
                .into_iter()
                .filter_map(|c| match framing::frame(c, buf) {
                    Framing::NeedMore(n) => Some(n),
                    _ => None,
                })
                .min()
                .map_or(Framing::NeedMore(parsing::HEADER_LEN), Framing::NeedMore),
        }
    }

    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        if framing::starts_handshake(msg) {
            return self.decode_handshake(dir, msg);
        }
        let conv = match self.convention(dir) {
            Some(c) => c,
            None => {
                // The framing chose the convention: the one under which the
                // header's length gives exactly this message.
                let learned = parsing::header(msg)
                    .ok()
                    .and_then(|(_, h)| LengthConvention::from_sizes(h.length, msg.len()));
                let conv = learned.unwrap_or(LengthConvention::PayloadOnly);
                if learned.is_some() {
                    self.learn(dir, conv);
                }
                conv
            }
        };
        let p = parsing::parse_packet(conv, msg);
        match p.result {
            Ok(m) => Decoded {
                type_name: Cow::Borrowed(m.type_name()),
                type_id: u32::from(m.type_id()),
                fields: Fields::PokerNetwork(m),
                notes: p.notes,
                error: None,
            },
            Err(e) => {
                let mut d = decoded_error(parsing::type_name(p.type_id), p.type_id, e, msg);
                d.notes = p.notes;
                d
            }
        }
    }
}
