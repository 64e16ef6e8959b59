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

pub use messages::{Dialect, Message};
pub use probe::probe;

use crate::protocols::{Decoded, Fields, Framing, Note, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;
use std::borrow::Cow;

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

    /// Whether message `m` of type `id`, parsed as dialect `d`, decides the
    /// stream's dialect. `other_failed`: an earlier dialect could not parse
    /// it.
    fn tells(d: Dialect, id: u16, m: &Message, other_failed: bool) -> Option<Dialect> {
        match m {
            Message::Init(i) if (2..=5).contains(&i.requested_version_major) => {
                return Some(Dialect::PokerTh)
            }
            Message::JoinGame2007(j) if j.requested_version_major == 1 => {
                return Some(Dialect::PokerTh2007)
            }
            _ => {}
        }
        let other = match d {
            Dialect::PokerTh => Dialect::PokerTh2007,
            Dialect::PokerTh2007 => Dialect::PokerTh,
        };
        if messages::lookup(other, id).is_none() {
            return Some(d);
        }
        (d == Dialect::PokerTh2007 && other_failed).then_some(Dialect::PokerTh2007)
    }

    fn failed(id: u16, name: Option<&'static str>, msg: &[u8], why: String) -> Decoded {
        Decoded {
            type_name: Cow::Borrowed(name.unwrap_or("Unknown")),
            type_id: u32::from(id),
            fields: Fields::raw(msg),
            notes: Vec::new(),
            error: Some(why),
        }
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::PokerTh
    }

    fn dialect(&self) -> Option<crate::protocols::Dialect> {
        self.dialect.map(Into::into)
    }

    fn frame(&self, _dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(self.dialect, buf)
    }

    fn decode(&mut self, _dir: Direction, msg: &[u8]) -> Decoded {
        let Some((id, len)) = framing::header(msg) else {
            return Decoder::failed(
                0,
                None,
                msg,
                format!("{} bytes cannot hold a header", msg.len()),
            );
        };
        if len != msg.len() {
            return Decoder::failed(
                id,
                None,
                msg,
                format!(
                    "the header gives {len} bytes, the message has {}",
                    msg.len()
                ),
            );
        }
        // Type 1's requested major version names the dialect to read.
        let major = (id == 1 && msg.len() >= 6).then(|| u16::from_be_bytes([msg[4], msg[5]]));
        let order = match (self.dialect, major) {
            (Some(d), _) => [Some(d), None],
            (None, Some(1)) => [Some(Dialect::PokerTh2007), None],
            (None, Some(2..=5)) => [Some(Dialect::PokerTh), None],
            (None, _) => [Some(Dialect::PokerTh), Some(Dialect::PokerTh2007)],
        };
        let mut first_error: Option<(&'static str, String)> = None;
        for d in order.into_iter().flatten() {
            let Some(spec) = messages::lookup(d, id) else {
                continue;
            };
            match parsing::parse(d, msg) {
                Ok((message, mut notes)) => {
                    if self.dialect.is_none() {
                        // A fallback reading decides only when it is clean.
                        let other_failed = first_error.is_some() && notes.is_empty();
                        self.dialect = Decoder::tells(d, id, &message, other_failed);
                    }
                    if len > d.max_len() {
                        notes.push(Note::PokerThAboveMaxLength { len, dialect: d });
                    }
                    if d == Dialect::PokerTh && len % 4 != 0 {
                        notes.push(Note::PokerThLengthNotAligned { len });
                    }
                    return Decoded {
                        type_name: Cow::Borrowed(message.type_name()),
                        type_id: u32::from(id),
                        fields: Fields::PokerTh(message),
                        notes,
                        error: None,
                    };
                }
                Err(e) => {
                    if first_error.is_none() {
                        first_error = Some((spec.name, e));
                    }
                }
            }
        }
        match first_error {
            Some((name, e)) => Decoder::failed(id, Some(name), msg, e),
            None => Decoder::failed(id, None, msg, format!("unknown message type {id}")),
        }
    }
}

#[cfg(test)]
mod tests;
