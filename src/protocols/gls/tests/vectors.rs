//! Every line of vectors/gls.jsonl: written by the original GLS code.

use super::super::messages::{is_client_event, Color, PlateFlags};
use super::*;
use serde_json::Value;

fn vectors() -> String {
    shared("vectors/gls.jsonl")
}

/// The vector's `fields` in this decoder's representation: colors and flags
/// by name, and Say2's time also as RFC 3339.
fn expected(fields: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (key, value) in fields.as_object().expect("fields object") {
        let mapped = match key.as_str() {
            "color" => serde_json::to_value(Color(as_u32(value))).unwrap(),
            "flags" => serde_json::to_value(PlateFlags(as_u32(value))).unwrap(),
            _ => value.clone(),
        };
        out.insert(key.clone(), mapped);
        if key == "time" {
            let secs = i64::try_from(value.as_u64().expect("time")).unwrap();
            let utc = crate::capture::Timestamp::new(secs, 0).rfc3339();
            out.insert("time_utc".to_owned(), Value::String(utc));
        }
    }
    Value::Object(out)
}

/// `keys` sorted by where `"key"SEP` first occurs in `text`.
fn key_order(text: &str, keys: &[String], sep: &str) -> Vec<String> {
    let mut found: Vec<(usize, String)> = keys
        .iter()
        .map(|k| (text.find(&format!("\"{k}\"{sep}")).expect("key"), k.clone()))
        .collect();
    found.sort();
    found.into_iter().map(|(_, k)| k).collect()
}

fn as_u32(v: &Value) -> u32 {
    u32::try_from(v.as_u64().expect("number")).expect("u32")
}

#[test]
fn every_vector_decodes_to_its_fields() {
    let mut seen = std::collections::BTreeSet::new();
    let mut lines = 0;
    for line in vectors().lines().filter(|l| !l.trim().is_empty()) {
        lines += 1;
        let v: Value = serde_json::from_str(line).expect("vector line");
        let bytes = unhex(v["hex"].as_str().unwrap());
        let type_id = as_u32(&v["type_id"]);
        assert_eq!(
            frame(None, Direction::C2S, &bytes),
            Framing::Message(bytes.len()),
            "{line}"
        );
        let dir = if is_client_event(type_id) {
            Direction::C2S
        } else {
            Direction::S2C
        };
        let d = Decoder::new().decode(dir, &bytes);
        assert_eq!(d.error, None, "{line}");
        assert_eq!(d.type_name, v["type"].as_str().unwrap(), "{line}");
        assert_eq!(d.type_id, type_id, "{line}");
        assert_eq!(json(&d), expected(&v["fields"]), "{line}");
        // The values are all in range; a fresh decoder only notes nothing.
        assert_eq!(d.notes, Vec::<Note>::new(), "{line}");
        // Field order is wire order, as in the vector (whose keys are in
        // wire order in its text; serde_json's map would sort them).
        let keys: Vec<String> = v["fields"].as_object().unwrap().keys().cloned().collect();
        let mine = serde_json::to_string(&d.fields).unwrap();
        assert_eq!(
            key_order(&mine, &keys, ":"),
            key_order(line, &keys, ": "),
            "{line}"
        );
        seen.insert(type_id);
    }
    assert_eq!(lines, 18);
    assert_eq!(seen, (1..=15).collect());
}

#[test]
fn the_vectors_in_a_row_frame_one_by_one() {
    let all: Vec<Vec<u8>> = vectors()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            unhex(v["hex"].as_str().unwrap())
        })
        .collect();
    let stream: Vec<u8> = all.concat();
    let mut pos = 0;
    for want in &all {
        assert_eq!(
            frame(None, Direction::C2S, &stream[pos..]),
            Framing::Message(want.len())
        );
        pos += want.len();
    }
    assert_eq!(pos, stream.len());
}
