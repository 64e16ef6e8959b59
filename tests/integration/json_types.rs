//! JSON types fixed per key: on every capture in testdata/, every key path
//! of the records' `fields` (`fields.players[].chips`) has one JSON type
//! across all message types of a protocol (`null` allowed beside it), so
//! that DuckDB, a spreadsheet or a typed reader sees one column type. The
//! protocol is the one `-p` names: PokerTH 1.x (dialect `pokerth-1`) is a
//! protocol of its own, its keys those of its protobuf schema.

use crate::common::{captures, cardshark};
use cardshark::output::key_types::KeyTypes;
use cardshark::protocols::pokernetwork::parsing::free_form_keys;
use serde_json::Value;

/// The protocol as `-p` names it.
fn protocol(r: &Value) -> Option<String> {
    let p = r["protocol"].as_str()?;
    Some(match r["dialect"].as_str() {
        Some("pokerth-1") => "pokerth-1".to_owned(),
        _ => p.to_owned(),
    })
}

#[test]
fn every_key_path_of_fields_has_one_json_type_per_protocol() {
    let free: Vec<&str> = free_form_keys().collect();
    let mut types = KeyTypes::new();
    let mut records = 0;
    for path in captures() {
        let out = cardshark()
            .args(["decode", "--format", "jsonl"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", path.display());
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let r: Value = serde_json::from_str(line).unwrap();
            let (Some(p), Some(fields)) = (protocol(&r), r.get("fields")) else {
                continue;
            };
            // A message that did not decode keeps its bytes under `raw`.
            let scope = if r.get("error").is_some() {
                "undecoded"
            } else {
                &p
            };
            let is_free = |k: &str| p == "pokernetwork" && free.contains(&k);
            let example = format!("{} {}", r["type"].as_str().unwrap_or("?"), path.display());
            types.add(scope, "fields", fields, &is_free, &example);
            records += 1;
        }
    }
    assert!(records > 10_000, "{records} records");
    assert!(types.len() > 350, "{} key paths", types.len());
    assert_eq!(types.conflicts(), Vec::<String>::new());
}
