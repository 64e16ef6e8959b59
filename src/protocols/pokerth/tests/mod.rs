//! Unit tests of the PokerTH module: every message type from hand-written
//! bytes (`spec_*`), the original code's vectors (`vectors`), lengths and
//! notes, dialects and the probe, other protocols' bytes, random bytes
//! (`props`), and the realcap captures of testdata/pokerth (`captures`).

use super::messages::*;
use super::*;
use crate::protocols::testkit::{codes, texts, unhex};
use crate::protocols::{Fields, Note, Probe};
use serde_json::Value;

const C2S: Direction = Direction::C2S;
const S2C: Direction = Direction::S2C;

/// Decodes `hex` (one whole message) with `dec` and checks it exactly:
/// framing takes all of it, no error, no note, the name and id, and the
/// fields equal `want`. Returns the summary.
fn check_spec(dec: &mut Decoder, hex: &str, name: &str, id: u32, want: Value) -> String {
    let bytes = unhex(hex);
    let mut two = bytes.clone();
    two.extend_from_slice(&bytes);
    assert_eq!(
        dec.frame(C2S, &two),
        Framing::Message(bytes.len()),
        "{name}"
    );
    let d = dec.decode(C2S, &bytes);
    assert_eq!(d.error, None, "{name}");
    assert!(d.notes.is_empty(), "{name}: {:?}", d.notes);
    assert_eq!(d.type_name, name);
    assert_eq!(d.type_id, id);
    assert_eq!(fields_json(&d), want, "{name}");
    d.fields.summary()
}

/// Builds a message: header with the whole length, then `body`.
fn msg(id: u16, body: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(body.len() + 4);
    m.extend_from_slice(&id.to_be_bytes());
    m.extend_from_slice(&((body.len() + 4) as u16).to_be_bytes());
    m.extend_from_slice(body);
    m
}

fn fields_json(d: &Decoded) -> Value {
    serde_json::to_value(&d.fields).unwrap()
}

fn decode_one(dec: &mut Decoder, bytes: &[u8]) -> Decoded {
    assert_eq!(
        dec.frame(C2S, bytes),
        Framing::Message(bytes.len()),
        "framing {}",
        crate::protocols::hex(bytes)
    );
    dec.decode(C2S, bytes)
}

mod captures;
mod dialects;
mod lengths;
mod others;
mod props;
mod spans;
mod spec_2007;
mod spec_game;
mod spec_lobby;
mod spec_server;
mod values;
mod vectors;
