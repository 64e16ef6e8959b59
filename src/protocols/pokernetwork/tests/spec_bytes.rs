//! Every packet class, from the specification: this test reads the seed's
//! "attributes:" lists itself (with PROTOCOL-NOTES.md's corrections written
//! out below), assembles a payload for each class with its own encoder and
//! values of its own (not the vectors'), and checks that each attribute
//! decodes to the value put in, in wire order.

use super::{decode3, fields_json, key_order, packet3, shared_file};
use serde_json::{json, Map, Value};

/// One attribute as the seed describes its wire type.
#[derive(Debug, Clone)]
struct Attr {
    name: String,
    wire: String,
}

/// One class of the seed.
#[derive(Debug, Clone)]
struct Class {
    name: String,
    id: u8,
    attrs: Vec<Attr>,
}

/// The classes of the seed text, with PROTOCOL-NOTES.md's corrections.
fn classes() -> Vec<Class> {
    let seed = shared_file("seeds/001_2009fda7767d8b20.txt");
    let mut classes: Vec<Class> = Vec::new();
    let mut in_attrs = false;
    for line in seed.lines() {
        let t = line.trim_end();
        if let Some((name, rest)) = t.split_once(" (id: ") {
            if name.starts_with("Packet") && !name.contains(' ') && rest.ends_with(')') {
                let id = rest.trim_end_matches(')').parse().unwrap();
                classes.push(Class {
                    name: name.to_owned(),
                    id,
                    attrs: Vec::new(),
                });
                in_attrs = false;
                continue;
            }
        }
        if t == "attributes:" {
            in_attrs = true;
        } else if in_attrs && !t.is_empty() {
            match t.split_once(": ") {
                Some((name, wire))
                    if !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    if let Some(c) = classes.last_mut() {
                        c.attrs.push(Attr {
                            name: name.to_owned(),
                            wire: wire.to_owned(),
                        });
                    }
                }
                _ => in_attrs = false,
            }
        }
    }
    let u32_attr = |name: &str| Attr {
        name: name.to_owned(),
        wire: "unsigned int (4 bytes)".to_owned(),
    };
    for c in &mut classes {
        c.attrs
            .retain(|a| !a.wire.starts_with("not transmitted over network"));
        let skin = c.attrs.iter().position(|a| a.name == "skin");
        match c.id {
            // PROTOCOL-NOTES.md: schedule_serial after skin (113: before
            // description_long); 137 and 166 append attributes.
            112 | 113 => c
                .attrs
                .insert(skin.unwrap() + 1, u32_attr("schedule_serial")),
            137 => c.attrs.push(u32_attr("currency_serial")),
            166 => {
                for n in [
                    "breaks_duration",
                    "breaks_first",
                    "breaks_interval",
                    "schedule_serial",
                ] {
                    c.attrs.push(u32_attr(n));
                }
            }
            _ => {}
        }
        for a in &mut c.attrs {
            if a.name == "numberOfCards" {
                a.name = "number_of_cards".to_owned();
            }
        }
    }
    classes.push(Class {
        name: "PacketPokerUpdateMoney".to_owned(),
        id: 164,
        attrs: vec![
            u32_attr("game_id"),
            Attr { name: "serials".to_owned(), wire: "list of numbers, <length of list as unsigned char(1 byte)>[<number as unsigned int (4 bytes)>,..]".to_owned() },
            Attr { name: "chips".to_owned(), wire: "i32 list".to_owned() },
            Attr { name: "absolute".to_owned(), wire: "unsigned char (1 byte, true = 1 false = 0)".to_owned() },
        ],
    });
    classes.sort_by_key(|c| c.id);
    classes
}

/// Attributes that are cards (the seed's card table applies to them).
fn is_cards(class: &str, attr: &str) -> bool {
    matches!(
        (class, attr),
        (
            "PacketPokerCards" | "PacketPokerPlayerCards" | "PacketPokerBoardCards",
            "cards"
        ) | ("PacketPokerBestCards", "cards" | "bestcards" | "board")
    )
}

/// Bytes of a string attribute.
fn string(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u16).to_be_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// Assembles the payload of `class` with values derived from `k` (so each
/// attribute differs), and the fields expected back.
fn build(all: &[Class], class: &Class, k: u32) -> (Vec<u8>, Map<String, Value>) {
    let mut out = Vec::new();
    let mut want = Map::new();
    for (n, a) in class.attrs.iter().enumerate() {
        let v = k * 100 + n as u32;
        let w = a.wire.as_str();
        let value: Value = if w == "unsigned int (4 bytes)" {
            let x = 0x8000_0000 + v;
            out.extend_from_slice(&x.to_be_bytes());
            json!(x)
        } else if w == "unsigned short (2 bytes)" {
            let x = 0x8000 + v as u16;
            out.extend_from_slice(&x.to_be_bytes());
            json!(x)
        } else if w == "unsigned long long (8 bytes)" {
            let x = 0xfedc_ba98_7654_0000u64 + u64::from(v);
            out.extend_from_slice(&x.to_be_bytes());
            json!(x)
        } else if w == "unsigned char (1 byte)" {
            out.push(v as u8);
            json!(v as u8)
        } else if w == "unsigned char (1 byte, -1 encoded as 255)" {
            let (b, x) = if n % 2 == 0 { (255u8, -1) } else { (3, 3) };
            out.push(b);
            json!(x)
        } else if w == "unsigned char (1 byte, None/NULL encoded as 255)" {
            out.push(255);
            Value::Null
        } else if w == "unsigned char (1 byte, true = 1 false = 0)" {
            out.push((n % 2) as u8);
            json!(n % 2 == 1)
        } else if w.starts_with("unsigned char (1 byte, 'y' = 1") {
            out.push(1);
            json!("y")
        } else if w.starts_with("string:") && class.id == 119 {
            // The hand history's Python literals.
            let (text, value) = if a.name == "history" {
                (
                    "[('fold', 101L), ('end', [101], None)]",
                    json!([["fold", 101], ["end", [101], null]]),
                )
            } else {
                (
                    "{101: u'al\\xefce', 202: \"bob\"}",
                    json!({"101": "alïce", "202": "bob"}),
                )
            };
            string(&mut out, text);
            value
        } else if w.starts_with("string:") {
            let s = format!("{}-{v}-é", a.name);
            string(&mut out, &s);
            json!(s)
        } else if w.starts_with("bool string:") {
            string(&mut out, "_TRUE");
            json!("true")
        } else if w.starts_with("json:") {
            string(&mut out, "{\"pot\": [1, 2.5], \"who\": \"Zo\\u00eb\"}");
            json!({"pot": [1, 2.5], "who": "Zoë"})
        } else if w.contains("<number as unsigned char (1 byte)>") {
            if is_cards(&class.name, &a.name) {
                // 2h, Ks face down, unknown, 9c.
                out.extend_from_slice(&[4, 0, 0xc0 | 50, 255, 33]);
                want.insert(a.name.clone(), json!(["2h", "Ks", "??", "9c"]));
                json!([1])
            } else {
                out.extend_from_slice(&[3, 0, 7, 200]);
                json!([0, 7, 200])
            }
        } else if w.contains("<number as unsigned int (4 bytes)>") {
            out.extend_from_slice(&[2, 0, 0, 0, 9, 0xf0, 0, 0, 1]);
            json!([9, 0xf000_0001u32])
        } else if w == "i32 list" {
            out.extend_from_slice(&[2, 0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 5]);
            json!([-2, 5])
        } else if w.starts_with("money:") {
            out.extend_from_slice(&[0, 1, 0, 0, 0, 2]);
            out.extend_from_slice(&u64::MAX.to_be_bytes());
            out.extend_from_slice(&3u64.to_be_bytes());
            out.extend_from_slice(&(1u64 << 60).to_be_bytes());
            json!([{"currency_serial": 2, "money": u64::MAX, "in_game": 3, "points": 1u64 << 60}])
        } else if w.starts_with("players:") {
            out.extend_from_slice(&[0, 1]);
            string(&mut out, "Åsa");
            out.extend_from_slice(&[0, 0, 1, 0, 6]);
            json!([{"name": "Åsa", "chips": 256, "flags": 6}])
        } else if w.starts_with("packet list:") {
            // One nested packet: a table for table lists, a tourney for
            // tourney lists, a chat line otherwise.
            let inner_id = match class.id {
                74 => 73,
                114 => 112,
                _ => 86,
            };
            let inner = all.iter().find(|c| c.id == inner_id).unwrap();
            let (payload, fields) = build(all, inner, k + 1);
            out.extend_from_slice(&[0, 1]);
            out.extend_from_slice(&packet3(inner_id, &payload));
            json!([{"type": inner.name, "type_id": inner_id, "fields": fields}])
        } else {
            panic!("{}: unknown wire type {w:?}", class.name);
        };
        if is_cards(&class.name, &a.name) {
            want.insert(format!("{}_face_down", a.name), value);
        } else {
            want.insert(super::record_key(&class.name, &a.name), value);
        }
    }
    (out, want)
}

/// The keys in wire order (cards followed by their face-down list).
fn wire_keys(class: &Class) -> Vec<String> {
    let mut keys = Vec::new();
    for a in &class.attrs {
        keys.push(super::record_key(&class.name, &a.name));
        if is_cards(&class.name, &a.name) {
            keys.push(format!("{}_face_down", a.name));
        }
    }
    keys
}

#[test]
fn the_seed_has_the_classes_of_the_decoder() {
    let classes = classes();
    assert_eq!(classes.len(), 161);
    let ids: Vec<u8> = classes.iter().map(|c| c.id).collect();
    let mut decoder_ids: Vec<u8> = crate::protocols::pokernetwork::parsing::specs()
        .map(|s| s.type_id)
        .collect();
    decoder_ids.sort();
    assert_eq!(ids, decoder_ids);
    for c in &classes {
        let spec = crate::protocols::pokernetwork::parsing::spec(c.id).unwrap();
        assert_eq!(spec.name, c.name);
    }
}

#[test]
fn every_class_decodes_bytes_assembled_from_the_seed() {
    let classes = classes();
    for (k, class) in classes.iter().enumerate() {
        let (payload, want) = build(&classes, class, k as u32);
        let bytes = packet3(class.id, &payload);
        let d = decode3(&bytes);
        assert_eq!(d.error, None, "{}", class.name);
        assert_eq!(
            d.notes,
            Vec::<crate::protocols::Note>::new(),
            "{}",
            class.name
        );
        assert_eq!(d.type_name, class.name);
        assert_eq!(d.type_id, u32::from(class.id));
        assert_eq!(fields_json(&d), Value::Object(want), "{}", class.name);
        assert_eq!(key_order(&d), wire_keys(class), "{}", class.name);
        assert!(!d.fields.summary().is_empty());
    }
}

#[test]
fn every_key_has_one_json_type_across_the_classes() {
    use crate::output::key_types::KeyTypes;
    use crate::protocols::pokernetwork::parsing::free_form_keys;
    let free: Vec<&str> = free_form_keys().collect();
    assert_eq!(free, ["showdown_stack", "history", "serial2name"]);
    let is_free = |k: &str| free.contains(&k);
    let classes = classes();
    let mut types = KeyTypes::new();
    for (k, class) in classes.iter().enumerate() {
        let (payload, _) = build(&classes, class, k as u32);
        let d = decode3(&packet3(class.id, &payload));
        types.add(
            "pokernetwork",
            "fields",
            &fields_json(&d),
            &is_free,
            &class.name,
        );
    }
    assert!(types.len() > 200, "{}", types.len());
    assert_eq!(types.conflicts(), Vec::<String>::new());
}

#[test]
fn the_older_layouts_decode_too_with_a_note() {
    let classes = classes();
    let added: &[(u8, &[&str])] = &[
        (112, &["schedule_serial"]),
        (113, &["schedule_serial"]),
        (137, &["currency_serial"]),
        (
            166,
            &[
                "breaks_duration",
                "breaks_first",
                "breaks_interval",
                "schedule_serial",
            ],
        ),
    ];
    for &(id, names) in added {
        let mut class = classes.iter().find(|c| c.id == id).unwrap().clone();
        class.attrs.retain(|a| !names.contains(&a.name.as_str()));
        let (payload, want) = build(&classes, &class, 7);
        let d = decode3(&packet3(id, &payload));
        assert_eq!(d.error, None, "{id}");
        assert_eq!(fields_json(&d), Value::Object(want), "{id}");
        let notes: Vec<String> = names
            .iter()
            .map(|n| format!("`{n}` not sent (the older layout)"))
            .collect();
        assert_eq!(super::texts(&d.notes), notes, "{id}");
    }
}
