//! `vectors/pokerth.jsonl`: every message type built, serialised and parsed
//! back by the original PokerTH 0.7.1 code (testdata/vectors).

use super::*;

/// The text of a shared vectors file.
pub(super) fn shared_vectors(file: &str) -> String {
    crate::protocols::testkit::shared_file(&format!("vectors/{file}"))
}

/// What our rendering of wire number `n` in field `key` of message `ty`
/// must be (cards, enumerations and flags are rendered; other numbers not).
fn rendered(ty: &str, key: &str, n: u64) -> Option<Value> {
    let v16 = n as u16;
    let s = |x: String| Some(Value::String(x));
    let j = |x: Value| Some(x);
    match key {
        k if k.ends_with("card") => s(PtCard(v16).to_string()),
        "latest_game_version" => s(release_version(v16)),
        "avatar_file_type" => s(AvatarFileType(v16).to_string()),
        "raise_interval_mode" => s(RaiseIntervalMode(v16).to_string()),
        "raise_mode" => s(RaiseMode(v16).to_string()),
        "end_raise_mode" => s(EndRaiseMode(v16).to_string()),
        "game_mode" => s(GameMode(v16).to_string()),
        "failure_reason" => s(JoinGameFailureReason(v16).to_string()),
        "leave_reason" => s(LeaveReason(v16).to_string()),
        "game_state" => s(GameState(v16).to_string()),
        "player_action" => s(PlayerAction(v16).to_string()),
        "rejection_reason" => s(RejectionReason(v16).to_string()),
        "deny_reason" if ty == "AskKickPlayerDenied" => s(AskKickDenyReason(v16).to_string()),
        "deny_reason" => s(VoteKickDenyReason(v16).to_string()),
        "vote" => s(Vote(v16).to_string()),
        "vote_result" => s(VoteResult(v16).to_string()),
        "end_reason" => s(PetitionEndReason(v16).to_string()),
        "statistics_type" => s(StatisticsType(n as u32).to_string()),
        "remove_reason" => s(RemoveReason(v16).to_string()),
        "timeout_reason" => s(TimeoutReason(v16).to_string()),
        "error_reason" => s(ErrorReason(v16).to_string()),
        "privacy_flags" if ty == "Init" => j(serde_json::to_value(PrivacyFlags(v16)).unwrap()),
        "privacy_flags" => j(serde_json::to_value(GamePrivacyFlags(v16)).unwrap()),
        "player_flags" => j(serde_json::to_value(PlayerFlags(v16)).unwrap()),
        "player_rights" => j(serde_json::to_value(PlayerRights(v16)).unwrap()),
        "start_flags" => j(serde_json::to_value(StartFlags(v16)).unwrap()),
        _ => None,
    }
}

/// Fields we add beside the spec's (derived, for people).
const DERIVED: [&str; 3] = [
    "requested_version",
    "latest_game_version_raw",
    "avatar_type",
];

fn compare(ty: &str, path: &str, ours: &Value, theirs: &Value) -> Result<(), String> {
    match (ours, theirs) {
        (Value::Object(o), Value::Object(t)) => {
            for (k, tv) in t {
                let ov = o
                    .get(k)
                    .ok_or_else(|| format!("{path}.{k} missing in {o:?}"))?;
                compare(ty, &format!("{path}.{k}"), ov, tv)?;
            }
            for k in o.keys() {
                if !t.contains_key(k) && !DERIVED.contains(&k.as_str()) {
                    return Err(format!("{path}.{k}: a field the vector does not have"));
                }
            }
            Ok(())
        }
        (Value::Array(o), Value::Array(t)) => {
            if o.len() != t.len() {
                return Err(format!("{path}: {} items, not {}", o.len(), t.len()));
            }
            for (i, (ov, tv)) in o.iter().zip(t).enumerate() {
                compare(ty, &format!("{path}[{i}]"), ov, tv)?;
            }
            Ok(())
        }
        (o, Value::Number(n)) if !o.is_number() => {
            let key = path.rsplit('.').next().unwrap();
            let key = key.split('[').next().unwrap();
            let want = rendered(ty, key, n.as_u64().unwrap())
                .ok_or_else(|| format!("{path}: {o} for the number {n}"))?;
            if *o == want {
                Ok(())
            } else {
                Err(format!("{path}: {o}, wanted {want} (wire {n})"))
            }
        }
        (o, t) if o == t => Ok(()),
        (o, t) => Err(format!("{path}: {o}, wanted {t}")),
    }
}

#[test]
fn every_reference_vector_decodes_to_its_fields() {
    let text = shared_vectors("pokerth.jsonl");
    let mut types = std::collections::BTreeSet::new();
    let mut lines = 0;
    for (n, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        let ty = v["type"].as_str().unwrap();
        let bytes = unhex(v["hex"].as_str().unwrap());
        let mut dec = Decoder::new();
        let d = decode_one(&mut dec, &bytes);
        assert_eq!(d.error, None, "line {}: {ty}", n + 1);
        assert_eq!(d.type_name, ty, "line {}", n + 1);
        assert_eq!(u64::from(d.type_id), v["type_id"].as_u64().unwrap());
        assert!(d.notes.is_empty(), "line {}: {ty}: {:?}", n + 1, d.notes);
        if let Err(e) = compare(ty, ty, &fields_json(&d), &v["fields"]) {
            panic!("line {}: {e}", n + 1);
        }
        assert!(!d.fields.summary().is_empty());
        let id = u16::from_be_bytes([bytes[0], bytes[1]]);
        if (16..1024).contains(&id) || ty == "Init" {
            assert_eq!(
                dec.dialect(),
                Some(crate::protocols::Dialect::PokerTh),
                "line {}: {ty}",
                n + 1
            );
        }
        types.insert(d.type_id);
        lines += 1;
    }
    assert_eq!(lines, 65);
    assert_eq!(types.len(), 57);
    assert_eq!(types.len(), TYPES.len());
}

#[test]
fn the_comparison_catches_a_wrong_value() {
    let ours = serde_json::json!({"game_state": "flop", "player_bet": 120});
    let theirs = serde_json::json!({"game_state": 2, "player_bet": 120});
    assert!(compare("PlayersAction", "PlayersAction", &ours, &theirs).is_err());
    let theirs = serde_json::json!({"game_state": 1, "player_bet": 121});
    assert!(compare("PlayersAction", "PlayersAction", &ours, &theirs).is_err());
    let theirs = serde_json::json!({"game_state": 1, "player_bet": 120});
    assert!(compare("PlayersAction", "PlayersAction", &ours, &theirs).is_ok());
}
