//! GLS tests: `messages` (every event from bytes written from the spec),
//! `vectors` (vectors/gls.jsonl), `framing`, `probe`, `state` (the client
//! states), `captures` (the realcap sessions in testdata/gls) and
//! `robustness` (proptests).

mod captures;
mod framing;
mod messages;
mod probe;
mod robustness;
mod spans;
mod state;
mod vectors;

use super::*;
use crate::protocols::testkit::{codes, shared_file as shared, texts, unhex};
use crate::protocols::Decoded;

/// A `size`-byte C string field: `text`, a NUL, then zeros.
fn cstr(text: &str, size: usize) -> Vec<u8> {
    cstr_then(text, size, 0)
}

/// A `size`-byte C string field: `text`, a NUL, then `garbage` bytes.
fn cstr_then(text: &str, size: usize, garbage: u8) -> Vec<u8> {
    assert!(text.len() < size);
    let mut v = text.as_bytes().to_vec();
    v.push(0);
    v.resize(size, garbage);
    v
}

/// An event: the big-endian type, then the parts.
fn event(event_type: u32, parts: &[&[u8]]) -> Vec<u8> {
    let mut v = event_type.to_be_bytes().to_vec();
    for p in parts {
        v.extend_from_slice(p);
    }
    v
}

/// Frames (checking the framing takes exactly `bytes`) and decodes with a
/// decoder that has seen nothing yet.
fn decode_fresh(dir: Direction, bytes: &[u8]) -> Decoded {
    assert_eq!(
        frame(None, Direction::C2S, bytes),
        Framing::Message(bytes.len())
    );
    Decoder::new().decode(dir, bytes)
}

/// The decoded fields as JSON.
fn json(d: &Decoded) -> serde_json::Value {
    serde_json::to_value(&d.fields).expect("fields serialise")
}
