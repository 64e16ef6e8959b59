//! WebSocket (RFC 6455): the HTTP/1.1 upgrade ([`handshake`]), frames
//! ([`frame`]: 7-, 16- and 64-bit lengths, masking, opcodes), and messages
//! put together from them per direction ([`message`]: fragments,
//! control frames between them, ping, pong and close, permessage-deflate
//! inflated with a cap on each message's size), and frames found in a
//! connection picked up after its upgrade ([`probe`]).

pub mod connection;
pub mod frame;
pub mod handshake;
pub mod message;
pub mod probe;
pub mod unwrap;

#[cfg(test)]
pub(crate) mod tests;
