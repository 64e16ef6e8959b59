//! The realcap captures in testdata/gls: what each side sent (the truth
//! file's `hex` per direction) frames and decodes completely, and, fed in
//! the conversation's order (the script's steps), without a single note.

use super::*;
use crate::protocols::testkit::{counts, decode_all, owned_counts as owned, replay_steps};
use crate::protocols::Probe;
use serde_json::Value;

fn testdata(name: &str) -> Value {
    crate::protocols::testkit::testdata_json(&format!("gls/{name}"))
}

fn names(decoded: &[Decoded]) -> Vec<String> {
    decoded.iter().map(|d| d.type_name.to_string()).collect()
}

/// One connection's direction from the truth file.
fn truth(doc: &Value, conn: usize, dir: &str) -> Vec<u8> {
    unhex(doc["connections"][conn][dir]["hex"].as_str().expect("hex"))
}

#[test]
fn session_decodes_completely() {
    let doc = testdata("session.pcap.json");
    assert_eq!(doc["connections"][0]["server"], "10.77.2.2:13500");
    for conn in 0..2 {
        assert_eq!(
            probe(Direction::C2S, &truth(&doc, conn, "c2s")),
            Probe::Mine(100)
        );
        assert_eq!(
            probe(Direction::S2C, &truth(&doc, conn, "s2c")),
            Probe::Mine(100)
        );
    }
    let mut dec = Decoder::new();
    let c2s = decode_all(&mut dec, Direction::C2S, &truth(&doc, 0, "c2s"));
    let s2c = decode_all(&mut dec, Direction::S2C, &truth(&doc, 0, "s2c"));
    assert_eq!(
        names(&c2s),
        [
            "Protover",
            "NickReq",
            "NickReq",
            "DiePlaceTry",
            "DiePlaceTry",
            "Say1"
        ]
    );
    let mut want = vec!["Protoverack", "NickSet", "NickSet"];
    want.extend(["PlatePlace"; 6]);
    want.extend([
        "DiePlace",
        "SyncEnd",
        "PlayerJoin",
        "DiePlace",
        "DiePlaceReject",
        "Say2",
        "Say2",
        "NickChange",
        "DiePlace",
        "PlayerPart",
        "Shutdown",
    ]);
    assert_eq!(names(&s2c), want);
    assert_eq!(
        s2c[12].fields.summary(),
        "die 3 (red) placed at D4 by Frostsnow2"
    );
    assert_eq!(s2c[14].fields.summary(), "Frostsnow2 says: hello, plates");
    assert_eq!(
        s2c[19].fields.summary(),
        "server shutdown: Server received SIGTERM"
    );

    let mut dec = Decoder::new();
    let c2s = decode_all(&mut dec, Direction::C2S, &truth(&doc, 1, "c2s"));
    let s2c = decode_all(&mut dec, Direction::S2C, &truth(&doc, 1, "s2c"));
    assert_eq!(
        (names(&c2s), names(&s2c)),
        (vec!["Protover".to_owned()], vec!["Protoverack".to_owned()])
    );
    assert_eq!(
        s2c[0].fields.summary(),
        "protocol rejected: Invalid protocol version '9.1' (expected '0.0') (server version 0.0)"
    );
}

#[test]
fn lossy_session_decodes_completely() {
    let doc = testdata("lossy-port4000.pcap.json");
    assert_eq!(doc["connections"][0]["server"], "10.77.2.2:4000");
    let mut dec = Decoder::new();
    let c2s = decode_all(&mut dec, Direction::C2S, &truth(&doc, 0, "c2s"));
    let s2c = decode_all(&mut dec, Direction::S2C, &truth(&doc, 0, "s2c"));
    // Mid-stream: after the handshake (Protover 56, NickReq 36 bytes; the
    // server's Protoverack 122, NickSet 100), runs of clean events.
    let (c, s) = (truth(&doc, 0, "c2s"), truth(&doc, 0, "s2c"));
    assert_eq!(probe(Direction::C2S, &c[92..]), Probe::Mine(70));
    assert_eq!(probe(Direction::S2C, &s[222..]), Probe::Mine(70));
    assert_eq!(probe(Direction::S2C, &s[223..]), Probe::NotMine);
    let want_c2s = [
        ("DiePlaceTry", 40),
        ("NickReq", 1),
        ("Protover", 1),
        ("Say1", 14),
    ];
    let want_s2c = [
        ("DiePlace", 20),
        ("DiePlaceReject", 21),
        ("NickSet", 1),
        ("PlatePlace", 64),
        ("PlayerJoin", 1),
        ("Protoverack", 1),
        ("Say2", 14),
        ("Shutdown", 1),
        ("SyncEnd", 1),
    ];
    assert_eq!(counts(&c2s), owned(&want_c2s));
    assert_eq!(counts(&s2c), owned(&want_s2c));
}

/// Replays a script's steps in order through one decoder per connection:
/// no errors, no notes, and the truth is the steps joined per direction.
fn replay(script: &str, capture: &str) -> Vec<Option<ClientState>> {
    let script = testdata(script);
    let doc = testdata(capture);
    let mut finals = Vec::new();
    for (i, conn) in script["connections"].as_array().unwrap().iter().enumerate() {
        let mut dec = Decoder::new();
        let sent = replay_steps(&mut dec, conn);
        assert_eq!(sent["c2s"], truth(&doc, i, "c2s"));
        assert_eq!(sent["s2c"], truth(&doc, i, "s2c"));
        finals.push(dec.state());
    }
    finals
}

#[test]
fn sessions_in_conversation_order_follow_the_client_states() {
    use ClientState::Disconnected;
    assert_eq!(
        replay("session.json", "session.pcap.json"),
        [Some(Disconnected), Some(Disconnected)]
    );
    assert_eq!(
        replay("lossy-port4000.json", "lossy-port4000.pcap.json"),
        [Some(Disconnected)]
    );
}
