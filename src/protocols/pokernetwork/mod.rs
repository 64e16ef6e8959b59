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
pub mod spans;

#[cfg(test)]
mod tests;

pub use framing::LengthConvention;
pub use messages::{Cards, Handshake, Message, PnCard, Record};
pub use probe::probe;

use crate::protocols::{Decoded, Dialect, Framing, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;

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

    /// What the stream has shown of its dialect, seen from `dir`.
    fn known(&self, dir: Direction) -> Option<Dialect> {
        self.convention(dir).map(LengthConvention::dialect)
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::PokerNetwork
    }

    fn dialect(&self) -> Option<Dialect> {
        self.conv.iter().flatten().next().map(|c| c.dialect())
    }

    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(self.known(dir), dir, buf)
    }

    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        let parsed = parsing::parse(self.known(dir), dir, msg);
        let taught = match &parsed {
            Ok(p) => p.dialect,
            Err(e) => e.dialect,
        };
        if let Some(conv) = taught.and_then(LengthConvention::of) {
            self.learn(dir, conv);
        }
        Decoded::from_parse(parsed, msg)
    }
}
