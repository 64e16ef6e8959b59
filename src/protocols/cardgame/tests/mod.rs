//! Card game tests: `messages` (every message from bytes written from the
//! spec), `framing`, `probe`, `state` (directions, stage, scores),
//! `captures` (the realcap sessions in testdata/cardgame) and `robustness`
//! (proptests). There is no vectors file for this protocol.

mod captures;
mod framing;
mod messages;
mod probe;
mod robustness;
mod spans;
mod state;

use super::*;
use crate::protocols::testkit::{codes, shared_file as shared, texts, unhex};
use crate::protocols::Decoded;

/// Frames (checking the framing takes exactly `bytes`) and decodes with a
/// fresh decoder, in the direction the opcode belongs to.
fn decode_fresh(bytes: &[u8]) -> Decoded {
    assert_eq!(
        frame(None, Direction::C2S, bytes),
        Framing::Message(bytes.len())
    );
    let dir = if bytes[0] == 0x81 {
        Direction::C2S
    } else {
        Direction::S2C
    };
    Decoder::new().decode(dir, bytes)
}

/// The decoded fields as JSON.
fn json(d: &Decoded) -> serde_json::Value {
    serde_json::to_value(&d.fields).expect("fields serialise")
}
