//! Transports between reassembly and detection: how a TCP stream's bytes
//! carry a game's messages. Plain TCP carries them as they are;
//! [`websocket`] (RFC 6455, permessage-deflate of RFC 7692) wraps them in
//! frames after an HTTP/1.1 upgrade, as PokerTH's browser clients do.
//!
//! This folder holds the WebSocket layer: recognising a connection
//! (the upgrade, or frames of one picked up mid-way), the handshake,
//! frames, messages and their inflation as pure functions, and the
//! per-direction [`websocket::unwrap::Unwrapper`] that the decode stage
//! ([`crate::decode`]) runs between reassembly and the game decoders.

pub mod websocket;

use serde::{Deserialize, Serialize};

/// What carries a stream's game messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Transport {
    /// The TCP stream itself.
    #[default]
    Tcp,
    /// WebSocket (RFC 6455) over TCP.
    WebSocket,
}

impl Transport {
    /// The name in records and tables (`tcp`, `websocket`).
    pub fn name(self) -> &'static str {
        match self {
            Transport::Tcp => "tcp",
            Transport::WebSocket => "websocket",
        }
    }
}
