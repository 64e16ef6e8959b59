//! Unit tests of the PokerTH 1.x module: messages from hand-annotated bytes
//! of the real server (`spec`), every message type from the wire facts
//! (`every_type`), bad input (`bad`), and the probe (`probe`).

mod bad;
mod every_type;
mod probe;
mod spec;
mod summaries;

use super::*;
use crate::protocols::testkit::{codes, texts, unhex};
use crate::protocols::Note;
use serde_json::Value;

const C2S: Direction = Direction::C2S;

/// A protobuf varint (prost's writer).
pub(super) fn varint(v: u64, out: &mut Vec<u8>) {
    prost::encoding::encode_varint(v, out);
}

/// A field's key.
pub(super) fn key(number: u32, wire: u8, out: &mut Vec<u8>) {
    varint(u64::from(number) << 3 | u64::from(wire), out);
}

/// A length-delimited field.
pub(super) fn len_field(number: u32, body: &[u8], out: &mut Vec<u8>) {
    key(number, 2, out);
    varint(body.len() as u64, out);
    out.extend_from_slice(body);
}

/// A message of type `ty` with sub-message `body`, length prefix included.
pub(super) fn envelope(ty: u32, body: &[u8]) -> Vec<u8> {
    let mut env = vec![0x08];
    varint(u64::from(ty), &mut env);
    len_field(ty + 1, body, &mut env);
    let mut m = (env.len() as u32).to_be_bytes().to_vec();
    m.extend_from_slice(&env);
    m
}

/// The length prefix, then the envelope given in hex.
pub(super) fn framed(envelope_hex: &str) -> Vec<u8> {
    let env = unhex(envelope_hex);
    let mut m = (env.len() as u32).to_be_bytes().to_vec();
    m.extend_from_slice(&env);
    m
}

/// Frames and decodes `bytes` (one whole message) and checks it exactly:
/// framing takes all of it, no error, no note, name and id, the fields.
/// Returns the summary.
pub(super) fn check(bytes: &[u8], name: &str, id: u32, want: Value) -> String {
    let mut dec = Decoder::new();
    let mut two = bytes.to_vec();
    two.extend_from_slice(bytes);
    assert_eq!(
        dec.frame(C2S, &two),
        Framing::Message(bytes.len()),
        "{name}"
    );
    let d = dec.decode(C2S, bytes);
    assert_eq!(d.error, None, "{name}");
    assert!(d.notes.is_empty(), "{name}: {:?}", d.notes);
    assert_eq!(d.type_name, name);
    assert_eq!(d.type_id, id);
    assert_eq!(serde_json::to_value(&d.fields).unwrap(), want, "{name}");
    d.fields.summary()
}

/// Decodes `bytes` (framing must take them whole) and returns the result.
pub(super) fn decode(bytes: &[u8]) -> crate::protocols::Decoded {
    let mut dec = Decoder::new();
    assert_eq!(dec.frame(C2S, bytes), Framing::Message(bytes.len()));
    dec.decode(C2S, bytes)
}
