//! The realcap captures of `testdata/pokernetwork` (made by
//! `make_sessions.py` through the Linux TCP stack): each direction's bytes,
//! from the capture's truth file, frame and decode completely, without
//! errors or notes, to exactly the packet types the session sent; with the
//! handshake lines and without them (a capture starting mid-stream).

use super::unhex;
use crate::protocols::pokernetwork::{probe, Decoder};
use crate::protocols::{Dialect, Framing, Probe, StreamDecoder};
use crate::reassembly::Direction::{self, C2S, S2C};
use serde_json::Value;

/// A file of `testdata/pokernetwork`.
fn testdata(name: &str) -> Value {
    crate::protocols::testkit::testdata_json(&format!("pokernetwork/{name}"))
}

/// Frames and decodes all of `buf` (direction `dir`); the type names.
fn decode_all(d: &mut Decoder, dir: Direction, mut buf: &[u8], what: &str) -> Vec<String> {
    let mut names = Vec::new();
    while !buf.is_empty() {
        let n = match d.frame(dir, buf) {
            Framing::Message(n) => n,
            other => panic!("{what}: {other:?} after {} packets", names.len()),
        };
        let m = d.decode(dir, &buf[..n]);
        assert_eq!(
            m.error,
            None,
            "{what}: packet {} {}",
            names.len(),
            m.type_name
        );
        assert_eq!(
            m.notes,
            Vec::<crate::protocols::Note>::new(),
            "{what}: packet {}",
            names.len()
        );
        assert!(!m.fields.summary().is_empty());
        names.push(m.type_name.into_owned());
        buf = &buf[n..];
    }
    names
}

/// The expected types of one direction, as strings.
fn types(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect()
}

fn check(capture: &str, dialect: &str, port: u64) {
    let truth = testdata(&format!("{capture}.pcap.json"));
    let expected = &testdata("expected-types.json")[capture];
    let conn = &truth["connections"][0];
    assert_eq!(truth["connections"].as_array().unwrap().len(), 1);
    assert!(conn["server"]
        .as_str()
        .unwrap()
        .ends_with(&format!(":{port}")));
    let bytes = |dir: &str| unhex(conn[dir]["hex"].as_str().unwrap());
    let (c2s, s2c) = (bytes("c2s"), bytes("s2c"));
    let (want_c2s, want_s2c) = (types(&expected["c2s"]), types(&expected["s2c"]));
    assert!(want_s2c.len() > 250 && want_c2s.len() > 20, "{capture}");

    // From the start: the handshakes name the convention.
    assert_eq!(probe(S2C, &s2c), Probe::Mine(100));
    assert_eq!(probe(C2S, &c2s), Probe::Mine(100));
    let mut d = Decoder::new();
    assert_eq!(decode_all(&mut d, S2C, &s2c, capture), want_s2c);
    assert_eq!(decode_all(&mut d, C2S, &c2s, capture), want_c2s);
    assert_eq!(d.dialect().map(Dialect::as_str), Some(dialect), "{capture}");

    // Without the handshake lines: the convention from the packets.
    assert_eq!(probe(S2C, &s2c[12..]), Probe::Mine(60));
    assert_eq!(probe(C2S, &c2s[12..]), Probe::Mine(60));
    let mut d = Decoder::new();
    assert_eq!(decode_all(&mut d, C2S, &c2s[12..], capture), want_c2s[1..]);
    assert_eq!(d.dialect().map(Dialect::as_str), Some(dialect), "{capture}");
    assert_eq!(decode_all(&mut d, S2C, &s2c[12..], capture), want_s2c[1..]);
}

#[test]
fn lossy_session_protocol_3() {
    check("session-lossy", "pokernetwork", 19380);
}

#[test]
fn old_session_protocol_2() {
    check("session-old", "pokernetwork-2", 19380);
}

#[test]
fn session_on_port_5555() {
    check("port5555", "pokernetwork", 5555);
}

#[test]
fn the_sessions_hold_the_packets_a_table_is_followed_by() {
    let expected = testdata("expected-types.json");
    let s2c = types(&expected["session-lossy"]["s2c"]);
    let count = |t: &str| s2c.iter().filter(|x| *x == t).count();
    assert_eq!(count("PacketPokerStart"), 3);
    assert_eq!(count("PacketPokerBoardCards"), 9);
    assert_eq!(count("PacketPokerWin"), 3);
    assert_eq!(count("PacketPokerShowdown"), 3);
    assert_eq!(count("PacketPokerTableList"), 1);
    assert!(count("PacketPokerChipsPot2Player") == 3 && count("PacketPokerPotChips") >= 9);
}
