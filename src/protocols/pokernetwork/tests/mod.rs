//! Tests of the poker-network module: hand-assembled bytes for every packet
//! class, the reference vectors, framing, probing, the Python-literal
//! grammar, the realcap captures, and random input.

mod captures;
mod fuzz;
mod handwritten;
mod probing;
mod pyliteral;
mod spans;
mod spec_bytes;
mod stream;
mod vectors;

use super::{Decoder, Message};
use crate::protocols::{Decoded, Fields, Framing, StreamDecoder};
use crate::reassembly::Direction;
use serde_json::Value;

pub(super) use crate::protocols::testkit::{codes, shared_file, texts, unhex};

/// The record key of attribute `attr` of class `class`: its name, or the
/// key the decoder gives it instead (`players` of `PacketPokerTable` is
/// `player_count`).
pub(super) fn record_key(class: &str, attr: &str) -> String {
    let spec = super::parsing::specs().find(|s| s.name == class).unwrap();
    let i = spec.attrs.iter().position(|(n, _)| *n == attr);
    let i = i.unwrap_or_else(|| panic!("{class}: no attribute {attr}"));
    spec.keys[i].to_owned()
}

/// A decoder that has seen both handshake lines of protocol `major`.
pub(super) fn decoder(major: u8) -> Decoder {
    let mut d = Decoder::new();
    let line = format!("CGI {major:03}.000\n");
    for dir in [Direction::S2C, Direction::C2S] {
        assert_eq!(d.frame(dir, line.as_bytes()), Framing::Message(12));
        let h = d.decode(dir, line.as_bytes());
        assert_eq!(h.error, None);
    }
    d
}

/// Frames (expecting exactly the whole of `bytes`) and decodes one packet
/// of protocol 3.
pub(super) fn decode3(bytes: &[u8]) -> Decoded {
    decode_with(&mut decoder(3), bytes)
}

/// Frames (expecting exactly the whole of `bytes`) and decodes one packet.
pub(super) fn decode_with(d: &mut Decoder, bytes: &[u8]) -> Decoded {
    assert_eq!(
        d.frame(Direction::S2C, bytes),
        Framing::Message(bytes.len()),
        "framing of {}",
        crate::protocols::hex(&bytes[..bytes.len().min(16)])
    );
    d.decode(Direction::S2C, bytes)
}

/// The typed message of a decoded packet.
pub(super) fn message(d: &Decoded) -> &Message {
    match &d.fields {
        Fields::PokerNetwork(m) => m,
        other => panic!("not decoded: {other:?} ({:?})", d.error),
    }
}

/// The fields of a decoded packet as JSON.
pub(super) fn fields_json(d: &Decoded) -> Value {
    serde_json::to_value(&d.fields).unwrap()
}

/// The keys of a decoded packet's fields, in serialisation order.
pub(super) fn key_order(d: &Decoded) -> Vec<String> {
    top_keys(&serde_json::to_string(&d.fields).unwrap())
}

/// The keys of the JSON object that starts `text`, in text order
/// (serde_json's `Map` sorts them, so they are read from the text).
pub(super) fn top_keys(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut depth = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        c => s.push(c),
                    }
                }
                while chars.peek() == Some(&' ') {
                    chars.next();
                }
                if depth == 1 && chars.peek() == Some(&':') {
                    keys.push(s);
                }
            }
            _ => {}
        }
    }
    keys
}

/// A packet: header (protocol 3 convention) + payload.
pub(super) fn packet3(type_id: u8, payload: &[u8]) -> Vec<u8> {
    let mut v = vec![type_id];
    v.extend_from_slice(&(payload.len() as u16).to_be_bytes());
    v.extend_from_slice(payload);
    v
}

/// A packet: header (protocol 2 convention, header counted) + payload.
pub(super) fn packet2(type_id: u8, payload: &[u8]) -> Vec<u8> {
    let mut v = vec![type_id];
    v.extend_from_slice(&(payload.len() as u16 + 3).to_be_bytes());
    v.extend_from_slice(payload);
    v
}
