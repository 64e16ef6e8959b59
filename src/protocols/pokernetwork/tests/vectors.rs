//! Every line of `vectors/pokernetwork.jsonl` (packed by the original
//! pokerpackets) decodes to exactly its `fields`, with the record's
//! representations: cards named, `numberOfCards` in snake_case, the hand
//! history's Python literals as JSON.

use super::{decode3, fields_json, key_order, unhex};
use serde_json::{json, Map, Value};

/// The vectors file's text.
pub(super) fn vectors_text() -> String {
    super::shared_file("vectors/pokernetwork.jsonl")
}

/// The vectors, parsed (serde_json without arbitrary precision: u64 stay
/// exact as `u64`).
pub(super) fn vectors() -> Vec<Value> {
    vectors_text()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A card byte named as the seed's table does (independently of the
/// decoder): 2h = 0 .. Ah = 12, then d, c, s; 255 is `??`.
fn card_name(b: u64) -> String {
    if b == 255 {
        return "??".to_owned();
    }
    let v = (b & 0x3f) as usize;
    format!(
        "{}{}",
        "23456789TJQKA".as_bytes()[v % 13] as char,
        "hdcs".as_bytes()[v / 13] as char
    )
}

/// The card attributes of each class.
fn card_attrs(class: &str) -> &'static [&'static str] {
    match class {
        "PacketPokerCards" | "PacketPokerPlayerCards" | "PacketPokerBoardCards" => &["cards"],
        "PacketPokerBestCards" => &["cards", "bestcards", "board"],
        _ => &[],
    }
}

/// The hand history of line 87, as JSON (translated by hand from its
/// Python literal).
fn history87() -> (Value, Value) {
    (
        json!([
            ["game", 0, 27, 1, 1396357707.0, "holdem", "1-2_20-200_limit", [101, 202], 0,
             {"101": 2000, "202": 1500}],
            ["position", 0, 101],
            ["blind", 101, 1, 0],
            ["fold", 202],
            ["end", [101], [{"type": "game_state"}]]
        ]),
        json!({"101": "alice", "202": "bob"}),
    )
}

/// Whether attribute `attr` of `class` is a bool string.
fn bool_string(class: &str, attr: &str) -> bool {
    use crate::protocols::pokernetwork::parsing::{specs, WireKind};
    let spec = specs().find(|s| s.name == class).unwrap();
    spec.attrs.contains(&(attr, WireKind::BoolStr))
}

/// The vector's `fields` of a `class` packet as this decoder writes them.
fn expected(class: &str, fields: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for (k, v) in fields {
        if card_attrs(class).contains(&k.as_str()) {
            let bytes: Vec<u64> = v
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_u64().unwrap())
                .collect();
            out.insert(
                k.clone(),
                bytes.iter().map(|&b| Value::from(card_name(b))).collect(),
            );
            let down: Vec<Value> = (bytes.iter().enumerate())
                .filter(|(_, &b)| b != 255 && b & 0xc0 != 0)
                .map(|(i, _)| Value::from(i))
                .collect();
            if !down.is_empty() {
                out.insert(format!("{k}_face_down"), Value::Array(down));
            }
        } else if k == "numberOfCards" {
            out.insert("number_of_cards".to_owned(), v.clone());
        } else if class == "PacketPokerHandHistory" && (k == "history" || k == "serial2name") {
            let (h, s) = history87();
            assert_eq!(fields["history"], "[('game', 0, 27, 1, 1396357707.0, 'holdem', '1-2_20-200_limit', [101, 202], 0, {101: 2000, 202: 1500}), ('position', 0, 101), ('blind', 101, 1, 0), ('fold', 202), ('end', [101], [{'type': 'game_state'}])]");
            out.insert(k.clone(), if k == "history" { h } else { s });
        } else if k == "packets" {
            let records = v.as_array().unwrap().iter().map(|r| {
                let class = r["type"].as_str().unwrap();
                json!({
                    "type": class,
                    "type_id": r["type_id"],
                    "fields": expected(class, r["fields"].as_object().unwrap()),
                })
            });
            out.insert(k.clone(), records.collect());
        } else if let Some(b) = v.as_bool().filter(|_| bool_string(class, k)) {
            // A bool string is written as a string, whatever its value.
            out.insert(k.clone(), Value::from(b.to_string()));
        } else {
            out.insert(super::record_key(class, k), v.clone());
        }
    }
    out
}

#[test]
fn every_vector_decodes_to_its_fields() {
    let vectors = vectors();
    let text = vectors_text();
    assert_eq!(vectors.len(), 168);
    for (n, v) in vectors.iter().enumerate() {
        let line = n + 1;
        let class = v["type"].as_str().unwrap();
        let bytes = unhex(v["hex"].as_str().unwrap());
        let d = decode3(&bytes);
        assert_eq!(d.error, None, "line {line} {class}");
        assert_eq!(
            d.notes,
            Vec::<crate::protocols::Note>::new(),
            "line {line} {class}"
        );
        assert_eq!(d.type_name, class, "line {line}");
        assert_eq!(
            u64::from(d.type_id),
            v["type_id"].as_u64().unwrap(),
            "line {line}"
        );
        let want = expected(class, v["fields"].as_object().unwrap());
        assert_eq!(
            fields_json(&d),
            Value::Object(want.clone()),
            "line {line} {class}"
        );
        // Attributes in wire order, as the vector lists them.
        let raw_line = text.lines().nth(n).unwrap();
        let at = raw_line.find("\"fields\": ").unwrap() + "\"fields\": ".len();
        let mut want_order = Vec::new();
        for k in super::top_keys(&raw_line[at..]) {
            if k == "numberOfCards" {
                want_order.push("number_of_cards".to_owned());
                continue;
            }
            let down = format!("{k}_face_down");
            want_order.push(super::record_key(class, &k));
            if want.contains_key(&down) {
                want_order.push(down);
            }
        }
        assert_eq!(key_order(&d), want_order, "line {line} {class}: key order");
    }
}

#[test]
fn the_first_160_vectors_are_160_classes_in_type_order() {
    let vectors = vectors();
    let ids: Vec<u64> = vectors[..160]
        .iter()
        .map(|v| v["type_id"].as_u64().unwrap())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert!(ids.contains(&164));
    // Every class of the decoder but the abstract base class (0) is there.
    let classes: Vec<u8> = crate::protocols::pokernetwork::parsing::specs()
        .map(|s| s.type_id)
        .filter(|&t| t != 0)
        .collect();
    assert_eq!(classes.len(), 160);
    for t in classes {
        assert!(ids.contains(&u64::from(t)), "type {t} has no vector");
    }
}

#[test]
fn u64_values_stay_exact() {
    let vectors = vectors();
    let v = &vectors[31]; // line 32: PacketPokerPlayerChips, money 2^64-1
    assert_eq!(v["type"], "PacketPokerPlayerChips");
    let d = decode3(&unhex(v["hex"].as_str().unwrap()));
    let f = fields_json(&d);
    assert_eq!(f["money"].as_u64(), Some(u64::MAX));
    assert_eq!(f["bet"].as_u64(), Some(70383938817519));
    match super::message(&d) {
        super::Message::PacketPokerPlayerChips(p) => assert_eq!(p.money, u64::MAX),
        other => panic!("{other:?}"),
    }
}
