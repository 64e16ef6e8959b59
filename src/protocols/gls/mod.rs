//! The Glass Plate Game protocol (`gls`).
//!
//! Every event is a big-endian u32 event type and a payload whose size the
//! type fixes ([`framing`]); strings are fixed-size C strings. The
//! [`Decoder`] follows the client's state (CONNECTED, PROTOVEROKAY,
//! SYNCHRONIZING, AUTHENTICATED, DISCONNECTED) across both directions and
//! notes events the state does not allow, or that travel the wrong way.
//!
//! Deviations from the letter of the specification, on purpose:
//! - an accepted Protoverack moves the client to PROTOVEROKAY (the spec's
//!   sections 3.2 and 4.2 say AUTHENTICATED, which contradicts 3.3 and
//!   4.3, where the nickname is chosen in PROTOVEROKAY);
//! - Shutdown is allowed in every state but DISCONNECTED (the spec lists it
//!   under AUTHENTICATED only, but a server may shut down at any time);
//! - purple (6) is a valid color, and DiePlaceTry/DiePlaceReject may carry
//!   color 0 (the server chooses), as the spec's section 3.5.3 says; the
//!   reference reader rejects 0 there. DiePlace needs a color.

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

/// The client's state (the spec's section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientState {
    /// Not connected: the connection was refused, dropped or shut down.
    Disconnected,
    /// Connected; the protocol versions are being exchanged.
    Connected,
    /// The version was accepted; the client must choose a nickname.
    ProtoverOkay,
    /// The nickname was accepted; the server sends the game state.
    Synchronizing,
    /// Playing.
    Authenticated,
}

impl ClientState {
    /// The spec's name, lowercase (`protoverokay`).
    pub fn name(self) -> &'static str {
        match self {
            ClientState::Disconnected => "disconnected",
            ClientState::Connected => "connected",
            ClientState::ProtoverOkay => "protoverokay",
            ClientState::Synchronizing => "synchronizing",
            ClientState::Authenticated => "authenticated",
        }
    }

    /// May event `event_type` travel in direction `dir` in this state?
    pub fn allows(self, dir: Direction, event_type: u32) -> bool {
        use ClientState::*;
        match (dir, self) {
            (_, Disconnected) => false,
            (Direction::S2C, _) if event_type == 8 => true, // Shutdown
            (Direction::C2S, Connected) => event_type == 1,
            (Direction::S2C, Connected) => event_type == 2,
            (Direction::C2S, ProtoverOkay) => event_type == 3,
            (Direction::S2C, ProtoverOkay) => event_type == 4,
            (Direction::C2S, Synchronizing) => false,
            (Direction::S2C, Synchronizing) => matches!(event_type, 11 | 12 | 15),
            (Direction::C2S, Authenticated) => matches!(event_type, 3 | 9 | 13),
            (Direction::S2C, Authenticated) => matches!(event_type, 4..=8 | 10 | 14 | 15),
        }
    }
}

impl std::fmt::Display for ClientState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The per-stream GLS decoder: frames, decodes, and follows the client's
/// state.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    state: Option<ClientState>,
}

impl Decoder {
    /// A decoder for a new stream. Its state is unknown until an event
    /// shows it: a Protover or Protoverack means the start was captured
    /// (CONNECTED); later events place a stream captured mid-way.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The client's state after the events decoded so far; `None` while
    /// no event has shown it (a capture that started mid-stream).
    pub fn state(&self) -> Option<ClientState> {
        self.state
    }

    /// Checks `msg` against the state and moves the state on; notes go to
    /// `notes`.
    fn follow(&mut self, dir: Direction, msg: &Message, notes: &mut Vec<Note>) {
        let t = msg.type_id();
        let from_client = messages::is_client_event(t);
        if from_client != (dir == Direction::C2S) {
            notes.push(Note::GlsWrongDirection {
                message: msg.type_name(),
                client_sends: from_client,
            });
            return;
        }
        let state = match self.state.or_else(|| infer(msg)) {
            Some(s) => s,
            None => return,
        };
        if !state.allows(dir, t) {
            notes.push(Note::GlsUnexpected {
                message: msg.type_name(),
                state,
            });
        }
        self.state = Some(next(state, msg));
    }
}

impl ClientState {
    /// The client's state after `msg`, from `state`, or, while the state
    /// is unknown (a capture that started mid-stream), from the one state
    /// `msg` implies; `None` while it is still unknown.
    pub fn after(state: Option<ClientState>, msg: &Message) -> Option<ClientState> {
        state.or_else(|| infer(msg)).map(|s| next(s, msg))
    }
}

/// The state a mid-stream capture must be in for `msg` to be legal, when
/// only one state fits; `None` when `msg` fits several.
fn infer(msg: &Message) -> Option<ClientState> {
    use ClientState::*;
    Some(match msg {
        Message::Protover(_) | Message::Protoverack(_) => Connected,
        Message::PlatePlace(_) | Message::SyncEnd(_) => Synchronizing,
        Message::NickReq(_) | Message::NickSet(_) | Message::DiePlace(_) => return None,
        Message::Shutdown(_) => return None,
        _ => Authenticated,
    })
}

/// The state after `msg` in state `state`.
fn next(state: ClientState, msg: &Message) -> ClientState {
    use ClientState::*;
    match msg {
        Message::Protoverack(m) if m.ack != 0 => ProtoverOkay,
        Message::Protoverack(_) => Disconnected,
        Message::NickSet(m) if state == ProtoverOkay && !m.nick.is_empty() => Synchronizing,
        Message::SyncEnd(_) => Authenticated,
        Message::Shutdown(_) => Disconnected,
        _ => state,
    }
}

impl StreamDecoder for Decoder {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::Gls
    }

    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing {
        framing::frame(None, dir, buf)
    }

    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded {
        let mut parsed = parsing::parse(None, dir, msg);
        if let Ok(p) = &mut parsed {
            self.follow(dir, &p.message, &mut p.notes);
        }
        Decoded::from_parse(parsed, msg)
    }
}
