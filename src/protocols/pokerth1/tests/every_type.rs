//! Every message type of protocol 5.1, from the wire facts: for each of the
//! 81 envelope types, a message with every field set (nested messages too,
//! so all 91 message types appear), encoded here byte by byte, must decode
//! to exactly those fields under their snake_case names. A second pass
//! leaves every field out: required ones are then noted, never an error.

use super::*;
use crate::protocols::pokerth1::messages::definitions::{ENUMS, MESSAGES};
use crate::protocols::pokerth1::messages::schema::{Label, MessageDef, Ty};
use serde_json::{json, Map};
use std::collections::BTreeSet;

fn def(name: &str) -> &'static MessageDef {
    MESSAGES.iter().find(|m| m.name == name).unwrap()
}

/// PokerTH's numbering, written out: suit * 13 + rank, suits d h s c.
fn card_name(n: u64) -> String {
    let rank = b"23456789TJQKA"[(n % 13) as usize] as char;
    let suit = b"dhsc"[(n / 13) as usize] as char;
    format!("{rank}{suit}")
}

/// One sample value of field `number` of type `ty`: its encoding (value
/// only, no key) with its wire type, and its record form.
fn sample(
    ty: Ty,
    number: u32,
    card: bool,
    seen: &mut BTreeSet<&'static str>,
) -> (u8, Vec<u8>, Value) {
    let mut b = Vec::new();
    match ty {
        Ty::U32 | Ty::U64 | Ty::I32 | Ty::I64 if card => {
            let c = u64::from(51 - number % 52);
            varint(c, &mut b);
            (0, b, json!(card_name(c)))
        }
        Ty::U32 | Ty::U64 | Ty::I32 | Ty::I64 => {
            let v = u64::from(number) * 300 + 7; // two-byte varints
            varint(v, &mut b);
            (0, b, json!(v))
        }
        Ty::Bool => {
            b.push(1);
            (0, b, json!(true))
        }
        Ty::Str => {
            let s = format!("text {number} \u{e4}");
            varint(s.len() as u64, &mut b);
            b.extend_from_slice(s.as_bytes());
            (2, b, json!(s))
        }
        Ty::Bytes => {
            let v = [number as u8, 0xff, 0x00];
            varint(3, &mut b);
            b.extend_from_slice(&v);
            (2, b, json!(format!("{:02x}ff00", number as u8)))
        }
        Ty::Enum(e) => {
            let e = ENUMS.iter().find(|x| x.name == e).unwrap();
            let (_, record, n) = e.values[e.values.len() - 1];
            varint(n as u64, &mut b);
            (0, b, json!(record))
        }
        Ty::Message(m) => {
            seen.insert(m);
            let (body, want) = full(def(m), seen);
            varint(body.len() as u64, &mut b);
            b.extend_from_slice(&body);
            (2, b, want)
        }
        other => panic!("no sample for {other:?}"),
    }
}

/// A message of type `d` with every field set (repeated ones twice,
/// packed ones packed), and its record form.
fn full(d: &MessageDef, seen: &mut BTreeSet<&'static str>) -> (Vec<u8>, Value) {
    let mut out = Vec::new();
    let mut want = Map::new();
    for f in d.fields {
        let card = crate::protocols::pokerth1::messages::is_card_field(f.name);
        let (wire, value, record) = sample(f.ty, f.number, card, seen);
        match f.label {
            Label::Repeated if f.packed => {
                let mut both = value.clone();
                both.extend_from_slice(&value);
                len_field(f.number, &both, &mut out);
                want.insert(f.json.into(), json!([record, record]));
            }
            Label::Repeated => {
                for _ in 0..2 {
                    key(f.number, wire, &mut out);
                    out.extend_from_slice(&value);
                }
                want.insert(f.json.into(), json!([record, record]));
            }
            _ => {
                key(f.number, wire, &mut out);
                out.extend_from_slice(&value);
                want.insert(f.json.into(), record);
            }
        }
    }
    (out, Value::Object(want))
}

fn envelope_types() -> Vec<(&'static str, u32)> {
    let e = ENUMS
        .iter()
        .find(|e| e.name == "PokerTHMessage.PokerTHMessageType")
        .unwrap();
    e.values
        .iter()
        .map(|&(wire, _, n)| (&wire["Type_".len()..], n as u32))
        .collect()
}

#[test]
fn every_type_decodes_with_every_field() {
    let mut seen = BTreeSet::new();
    let types = envelope_types();
    assert_eq!(types.len(), 81);
    for (message, n) in types {
        seen.insert(message);
        let (body, want) = full(def(message), &mut seen);
        let bytes = envelope(n, &body);
        let name = message.strip_suffix("Message").unwrap();
        check(&bytes, name, n, want);
    }
    // With the envelope itself, every message type of the facts was used.
    seen.insert("PokerTHMessage");
    let all: BTreeSet<&str> = MESSAGES.iter().map(|m| m.name).collect();
    assert_eq!(seen, all);
    assert_eq!(all.len(), 91);
}

#[test]
fn missing_required_fields_are_notes() {
    for (message, n) in envelope_types() {
        let d = def(message);
        let required: Vec<&str> = d
            .fields
            .iter()
            .filter(|f| f.label == Label::Required)
            .map(|f| f.json)
            .collect();
        let got = decode(&envelope(n, &[]));
        assert_eq!(got.error, None, "{message}");
        assert_eq!(
            got.notes.len(),
            required.len(),
            "{message}: {:?}",
            got.notes
        );
        for (note, field) in got.notes.iter().zip(&required) {
            assert!(
                note.to_string()
                    .contains(&format!("required field {field} is missing")),
                "{note}"
            );
            assert_eq!(note.code(), "pokerth1.missing_field");
        }
        assert_eq!(
            serde_json::to_value(&got.fields).unwrap(),
            json!({}),
            "{message}"
        );
    }
}

#[test]
fn every_key_has_one_json_type_across_the_types() {
    use crate::output::key_types::KeyTypes;
    let mut types = KeyTypes::new();
    let mut seen = BTreeSet::new();
    for (message, n) in envelope_types() {
        let (body, _) = full(def(message), &mut seen);
        let got = decode(&envelope(n, &body));
        let fields = serde_json::to_value(&got.fields).unwrap();
        types.add("pokerth-1", "fields", &fields, &|_| false, message);
    }
    assert!(types.len() > 150, "{}", types.len());
    assert_eq!(types.conflicts(), Vec::<String>::new());
}
