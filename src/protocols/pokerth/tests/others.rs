//! The probe must not claim other protocols' bytes, nor random bytes.

use super::vectors::shared_vectors;
use super::*;

fn packets(file: &str) -> Vec<Vec<u8>> {
    shared_vectors(file)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            unhex(v["hex"].as_str().unwrap())
        })
        .collect()
}

#[test]
fn poker_network_packets_are_not_pokerth() {
    let all = packets("pokernetwork.jsonl");
    assert_eq!(all.len(), 168);
    for (i, p) in all.iter().enumerate() {
        if p.len() >= 8 {
            assert_eq!(probe(C2S, p), Probe::NotMine, "pokernetwork line {}", i + 1);
        }
    }
    // As streams: with and without the handshake line.
    let stream: Vec<u8> = all.concat();
    assert_eq!(probe(S2C, &stream), Probe::NotMine);
    let mut hello = b"CGI 003.000\n".to_vec();
    hello.extend_from_slice(&stream);
    assert_eq!(probe(C2S, &hello), Probe::NotMine);
    for start in 0..40 {
        let s: Vec<u8> = all[start..].concat();
        assert_eq!(probe(S2C, &s), Probe::NotMine, "from packet {}", start + 1);
    }
}

#[test]
fn gls_events_are_not_pokerth() {
    let all = packets("gls.jsonl");
    assert_eq!(all.len(), 18);
    for (i, p) in all.iter().enumerate() {
        assert_eq!(probe(C2S, p), Probe::NotMine, "gls line {}", i + 1);
    }
    assert_eq!(probe(S2C, &all.concat()), Probe::NotMine);
}

#[test]
fn card_game_bytes_are_not_pokerth() {
    // DEAL, CARD LOC, CARD IMAGE, STAGE, WHO INT INT STRING (spec 004).
    let stream = unhex("0107 02030401 03050607 040a18 0902 0a01000200030548656c6c6f 8112");
    assert_eq!(probe(S2C, &stream), Probe::NotMine);
}

#[test]
fn random_bytes_are_not_pokerth() {
    let mut x = crate::protocols::testkit::XorShift(0x9e37_79b9_7f4a_7c15);
    for round in 0..200 {
        let buf: Vec<u8> = (0..256).map(|_| x.next() as u8).collect();
        assert_eq!(probe(C2S, &buf), Probe::NotMine, "round {round}");
    }
    assert_eq!(probe(C2S, &[0u8; 64]), Probe::NotMine);
    assert_eq!(probe(C2S, &[0xffu8; 64]), Probe::NotMine);
    assert_eq!(
        probe(C2S, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
        Probe::NotMine
    );
}
