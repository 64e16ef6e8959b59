//! Transports between reassembly and detection: how a TCP stream's bytes
//! carry a game's messages. Plain TCP carries them as they are;
//! [`websocket`] (RFC 6455, permessage-deflate of RFC 7692) wraps them in
//! frames after an HTTP/1.1 upgrade, as PokerTH's browser clients do.
//!
//! This folder holds the WebSocket wire layer (the handshake, frames,
//! messages and their inflation) as pure functions and per-direction state;
//! issue 19 wires it into the decode stage.

pub mod websocket;
