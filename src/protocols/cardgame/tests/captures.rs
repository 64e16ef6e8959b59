//! The realcap captures in testdata/cardgame: what each side sent (the
//! truth file's `hex` per direction) is detected, frames and decodes
//! completely, and, fed in the conversation's order (the script's steps),
//! without a single note.

use super::super::messages::{Stage, Who};
use super::*;
use crate::protocols::testkit::{counts, decode_all, owned_counts as owned, replay_steps};
use crate::protocols::Probe;
use serde_json::Value;

fn testdata(name: &str) -> Value {
    crate::protocols::testkit::testdata_json(&format!("cardgame/{name}"))
}

fn truth(doc: &Value, dir: &str) -> Vec<u8> {
    unhex(doc["connections"][0][dir]["hex"].as_str().expect("hex"))
}

#[test]
fn session_is_detected_and_decodes_completely() {
    let doc = testdata("session.pcap.json");
    let (c2s_bytes, s2c_bytes) = (truth(&doc, "c2s"), truth(&doc, "s2c"));
    assert_eq!(probe(Direction::S2C, &s2c_bytes), Probe::Mine(70));
    assert_eq!(probe(Direction::C2S, &c2s_bytes), Probe::Mine(40));
    let mut dec = Decoder::new();
    let c2s = decode_all(&mut dec, Direction::C2S, &c2s_bytes);
    let s2c = decode_all(&mut dec, Direction::S2C, &s2c_bytes);
    assert_eq!(counts(&c2s), owned(&[("PlayCard", 8)]));
    assert_eq!(
        counts(&s2c),
        owned(&[
            ("Delay", 17),
            ("Lower", 1),
            ("Move", 69),
            ("Raise", 19),
            ("Reset", 1),
            ("Score", 15),
            ("SetImage", 45),
            ("Stage", 26),
            ("Teleport", 7),
            ("WaitAnimations", 26),
        ])
    );
    assert_eq!(s2c[0].fields.summary(), "reset: recipient deals");
    assert_eq!(s2c[1].fields.summary(), "stage: dealing");
    // The count-up's Score carries a 200-byte STRING (0x80 0x48).
    let long: Vec<&Decoded> = s2c
        .iter()
        .filter(|d| json(d)["what"].as_str().is_some_and(|w| w.len() == 200))
        .collect();
    assert_eq!(long.len(), 1);
    assert_eq!(json(long[0])["who"], "recipient");
    assert_eq!(json(long[0])["increase"], 50);
    assert!(json(long[0])["what"]
        .as_str()
        .unwrap()
        .starts_with("count-up: trick 1 won by"));
    assert_eq!(dec.stage(), Some(Stage(0x0b)));
}

#[test]
fn lossy_session_decodes_completely() {
    let doc = testdata("lossy.pcap.json");
    assert_eq!(doc["connections"][0]["mtu"], 300);
    let mut dec = Decoder::new();
    let c2s = decode_all(&mut dec, Direction::C2S, &truth(&doc, "c2s"));
    let s2c = decode_all(&mut dec, Direction::S2C, &truth(&doc, "s2c"));
    assert_eq!(counts(&c2s), owned(&[("PlayCard", 30)]));
    assert_eq!(
        counts(&s2c),
        owned(&[
            ("Delay", 43),
            ("Lower", 1),
            ("Move", 216),
            ("Raise", 70),
            ("Reset", 1),
            ("Score", 49),
            ("SetImage", 137),
            ("Stage", 92),
            ("Teleport", 7),
            ("WaitAnimations", 92),
        ])
    );
}

/// Replays a script's steps in order through one decoder: no errors, no
/// notes, and the truth is the steps joined per direction. Returns the
/// final scores.
fn replay(script: &str, capture: &str) -> (Option<u16>, Option<u16>) {
    let script = testdata(script);
    let doc = testdata(capture);
    let mut dec = Decoder::new();
    let sent = replay_steps(&mut dec, &script["connections"][0]);
    assert_eq!(sent["c2s"], truth(&doc, "c2s"));
    assert_eq!(sent["s2c"], truth(&doc, "s2c"));
    (dec.score(Who(0)), dec.score(Who(1)))
}

#[test]
fn sessions_in_conversation_order_add_up() {
    // 8 tricks of 10, 3 marriages of 40, 50 at the count-up; 2 x 20.
    assert_eq!(
        replay("session.json", "session.pcap.json"),
        (Some(250), Some(40))
    );
    // 30 tricks, 10 marriages, 50; 7 x 20.
    assert_eq!(
        replay("lossy.json", "lossy.pcap.json"),
        (Some(750), Some(140))
    );
}
