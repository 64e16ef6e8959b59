//! PokerTH's binary protocol, in two dialects:
//!
//! - `pokerth`: PokerTH 0.6 .. 0.7.1 (2007-10 .. 2009), seed 000: 57 message
//!   types, from Init (1) to Error (1024);
//! - `pokerth-2007`: the 2007-05 development snapshot, seed 002: 9 message
//!   types (Join Game, Join Game Ack, Player Joined, ... Error).
//!
//! Both share the header (u16 type, u16 length of the whole message) and
//! overlap in type ids (1..7 and 1024), so the [`Decoder`] decides the
//! dialect per stream, from the first message that tells:
//!
//! - Init / Join Game (type 1) gives its requested major version: 1 is
//!   `pokerth-2007`, 2..5 is `pokerth`;
//! - a type only one dialect has (16 and up except 1024: `pokerth`; 8:
//!   `pokerth-2007`);
//! - a message that only parses as `pokerth-2007` (each message is tried as
//!   `pokerth` first; when that fails and the 2007 reading works without a
//!   note, the stream switches to `pokerth-2007`, e.g. its 24-byte Join Game
//!   Ack or 12-byte Player's Action).
//!
//! Until then messages are read as `pokerth` when they parse so, and
//! [`StreamDecoder::dialect`] answers `None`. Both directions share the
//! decision.
//!
//! Errata handled (see PROTOCOL-NOTES.md): Start Kick Player Petition (115)
//! is 20 bytes; `pokerth-2007` Join Game Ack (2) is 24 bytes, and the 2007
//! code's two zero bytes after Join Game (1) and Player Joined (3) are
//! accepted silently; Removed From Game reason 5 ("start_failed") and Vote
//! Kick Player Denied reason 2 ("impossible") are named.

#![warn(missing_docs)]

pub mod framing;
pub mod messages;
pub mod parsing;
pub mod probe;
pub mod spans;

pub use messages::{Dialect, Message};
pub use probe::probe;

use crate::protocols::{Decoded, Framing, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;

/// The per-stream PokerTH decoder: its state is the stream's dialect.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    dialect: Option<Dialect>,
}

impl Decoder {
    /// A decoder whose dialect is not decided yet.
    pub fn new() -> Decoder {
        Decoder { dialect: None }
    }

    /// A decoder for a stream known to speak `dialect`.
    pub fn with_dialect(dialect: Dialect) -> Decoder {
        Decoder {
            dialect: Some(dialect),
        }
    }

    /// The decided dialect.
    pub fn current_dialect(&self) -> Option<Dialect> {
        self.dialect
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::PokerTh
    }

    fn dialect(&self) -> Option<crate::protocols::Dialect> {
        self.dialect.map(Into::into)
    }

    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(self.dialect(), dir, buf)
    }

    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        let parsed = parsing::parse(self.dialect(), dir, msg);
        if let Ok(p) = &parsed {
            self.dialect = self.dialect.or(p.dialect.and_then(Dialect::of));
        }
        Decoded::from_parse(parsed, msg)
    }
}

#[cfg(test)]
mod tests;
