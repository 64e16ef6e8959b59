//! The two-player card game protocol (`cardgame`): a pinochle-style
//! trick-taking game with a 96-card deck.
//!
//! There is no framing: the first byte (the opcode) fixes the size, except
//! Score, whose STRING carries its own length ([`framing`]). The server
//! (the game admin) sends 0x01..0x0a, the client sends 0x81 only. The
//! transport is not documented; this treats it as a raw TCP stream with no
//! handshake and no known port.
//!
//! The [`Decoder`] notes messages in the wrong direction, follows the stage
//! and the two scores, and checks that a Score's total is the previous
//! total plus the increase (until a Reset, which may start a new game).

pub mod framing;
pub mod messages;
pub mod parsing;
pub mod probe;
pub mod spans;

#[cfg(test)]
mod tests;

pub use framing::frame;
pub use messages::Message;
pub use probe::probe;

use super::{Decoded, Framing, Note, ProtocolId, StreamDecoder};
use crate::reassembly::Direction;
use messages::{Stage, Who};

/// The per-stream card game decoder.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    stage: Option<Stage>,
    scores: [Option<u16>; 2],
}

impl Decoder {
    /// A decoder for a new stream.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The last stage the server announced.
    pub fn stage(&self) -> Option<Stage> {
        self.stage
    }

    /// The last total score of `who` since the last Reset, if one was sent.
    pub fn score(&self, who: Who) -> Option<u16> {
        self.scores.get(usize::from(who.0)).copied().flatten()
    }

    /// Direction checks and the stream's state.
    fn follow(&mut self, dir: Direction, msg: &mut Message, notes: &mut Vec<Note>) {
        let from_client = messages::is_client_opcode(msg.opcode());
        if from_client != (dir == Direction::C2S) {
            notes.push(Note::CardGameWrongDirection {
                message: msg.type_name(),
                client_sends: from_client,
            });
            return;
        }
        match msg {
            Message::Reset(_) => self.scores = [None, None],
            Message::Stage(s) => self.stage = Some(s.stage),
            Message::Score(s) => {
                let index = usize::from(s.who.0);
                if let Some(previous) = self.scores.get(index).copied().flatten() {
                    let expected = u32::from(previous) + u32::from(s.increase);
                    if expected != u32::from(s.total) {
                        notes.push(Note::CardGameScoreNotCumulative {
                            total: s.total,
                            previous,
                            increase: s.increase,
                        });
                    }
                }
                if let Some(slot) = self.scores.get_mut(index) {
                    *slot = Some(s.total);
                    s.other_total = self.scores.get(1 - index).copied().flatten();
                }
            }
            _ => {}
        }
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::CardGame
    }

    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(None, dir, buf)
    }

    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        let mut parsed = parsing::parse(None, dir, msg);
        if let Ok(p) = &mut parsed {
            self.follow(dir, &mut p.message, &mut p.notes);
        }
        Decoded::from_parse(parsed, msg)
    }
}
