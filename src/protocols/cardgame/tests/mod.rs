//! Card game tests: `messages` (every message from bytes written from the
//! spec), `framing`, `probe`, `state` (directions, stage, scores),
//! `captures` (the realcap sessions in testdata/cardgame) and `robustness`
//! (proptests). There is no vectors file for this protocol.

mod captures;
mod framing;
mod messages;
mod probe;
mod robustness;
mod state;

use super::*;
use crate::protocols::Decoded;

/// A file of /work/shared, read at run time: the tree sits beside `shared`
/// (`../shared`), or, in a worktree under `wt/`, one level further down.
fn shared(path: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let candidates = [
        format!("{root}/../shared/{path}"),
        format!("{root}/../../shared/{path}"),
    ];
    candidates
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_else(|| panic!("{path} not found beside the tree: {candidates:?}"))
}

/// Bytes from hex.
fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Frames (checking the framing takes exactly `bytes`) and decodes with a
/// fresh decoder, in the direction the opcode belongs to.
fn decode_fresh(bytes: &[u8]) -> Decoded {
    assert_eq!(frame(bytes), Framing::Message(bytes.len()));
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
