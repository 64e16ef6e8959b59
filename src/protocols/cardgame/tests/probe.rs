//! Detection: runs of valid messages; other protocols and random bytes are
//! not mine.

use super::*;
use crate::protocols::Probe;

/// A game start as the server sends it: Reset, then dealing.
fn game_start() -> Vec<u8> {
    [
        &[0x01, 0x01][..],
        &[0x09, 0x00],
        &[0x03, 10, 0x02, 0],
        &[0x04, 10, 14],
        &[0x03, 11, 0x03, 0],
        &[0x05, 0x00, 0x64],
        &[0x03, 12, 0x02, 1],
    ]
    .concat()
}

#[test]
fn a_captured_start_is_likelier() {
    let g = game_start();
    assert_eq!(probe(Direction::S2C, &g), Probe::Mine(70));
    // Reset, Stage, Move, SetImage: four strong messages.
    assert_eq!(probe(Direction::S2C, &g[..11]), Probe::Mine(70));
    assert_eq!(probe(Direction::S2C, &g[..10]), Probe::NeedMore);
    assert_eq!(probe(Direction::S2C, &[]), Probe::NeedMore);
    // The other direction's opcodes: less sure.
    assert_eq!(probe(Direction::C2S, &g), Probe::Mine(40));
}

#[test]
fn mid_stream_runs() {
    let g = game_start();
    assert_eq!(probe(Direction::S2C, &g[2..]), Probe::Mine(40));
    let plays = [0x81, 3, 0x81, 40, 0x81, 77, 0x81, 5];
    assert_eq!(probe(Direction::C2S, &plays), Probe::Mine(40));
    assert_eq!(probe(Direction::S2C, &plays), Probe::Mine(25));
    assert_eq!(probe(Direction::C2S, &plays[..6]), Probe::NeedMore);
}

#[test]
fn runs_that_prove_nothing_are_not_mine() {
    // Repeated identical messages, delays and waits, a second Reset.
    assert_eq!(probe(Direction::S2C, &[0x08; 200]), Probe::NotMine);
    assert_eq!(probe(Direction::S2C, &[0x09; 200]), Probe::NotMine);
    assert_eq!(probe(Direction::S2C, &[0x01; 200]), Probe::NotMine);
    assert_eq!(probe(Direction::S2C, &[0x06; 200]), Probe::NotMine);
    assert_eq!(probe(Direction::C2S, &[0x81; 200]), Probe::NotMine);
    let delays: Vec<u8> = (0..100u8).flat_map(|i| [0x05, 0, i]).collect();
    assert_eq!(probe(Direction::S2C, &delays), Probe::NotMine);
    // One opcode only, on the server side: needs a second kind.
    let teleports: Vec<u8> = (0..100u8).flat_map(|i| [0x02, i % 96, 0, 0]).collect();
    assert_eq!(probe(Direction::S2C, &teleports), Probe::NotMine);
    // Server and client opcodes mixed.
    let mixed = [0x01, 0x00, 0x81, 3, 0x09, 1, 0x03, 1, 0, 0, 0x04, 1, 1];
    assert_eq!(probe(Direction::S2C, &mixed), Probe::NotMine);
    // An odd value: card 96.
    let odd = [0x01, 0x00, 0x09, 1, 0x03, 96, 0, 0, 0x04, 1, 1];
    assert_eq!(probe(Direction::S2C, &odd), Probe::NotMine);
    // Text.
    assert_eq!(probe(Direction::S2C, b"\t\t\t\t\n\n\n\n"), Probe::NotMine);
}

/// The messages of a vectors file.
fn vectors(path: &str) -> Vec<Vec<u8>> {
    shared(path)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            unhex(v["hex"].as_str().unwrap())
        })
        .collect()
}

const OTHERS: [&str; 3] = [
    "vectors/pokerth.jsonl",
    "vectors/pokernetwork.jsonl",
    "vectors/gls.jsonl",
];

#[test]
fn other_protocols_streams_are_not_mine() {
    // Each file as one stream, seen from every message boundary (a capture
    // that starts mid-stream).
    let mut checked = 0;
    for path in OTHERS {
        let all = vectors(path);
        for start in 0..all.len() {
            let stream = all[start..].concat();
            for dir in [Direction::C2S, Direction::S2C] {
                assert_eq!(
                    probe(dir, &stream),
                    Probe::NotMine,
                    "{path} from message {start}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 200);
    assert_eq!(probe(Direction::C2S, b"CGI 003.000\n"), Probe::NotMine);
}

#[test]
fn other_protocols_messages_are_not_mine() {
    // Alone, every message is NotMine, except three poker-network packets
    // that are, byte for byte, whole valid card game messages: those can
    // only need more.
    let mut need_more = Vec::new();
    for path in OTHERS {
        for bytes in vectors(path) {
            for dir in [Direction::C2S, Direction::S2C] {
                match probe(dir, &bytes) {
                    Probe::NotMine => {}
                    Probe::NeedMore => need_more.push(crate::protocols::hex(&bytes)),
                    Probe::Mine(c) => {
                        panic!("{path}: {} is mine ({c})", crate::protocols::hex(&bytes))
                    }
                }
            }
        }
    }
    need_more.dedup();
    // SetImage card 0 shows 9c; Delay 0 ms; Raise 0, card 6 shows Jc,
    // Raise 6.
    assert_eq!(need_more, ["040000", "050000", "06000406010606"]);
}

#[test]
fn random_bytes_are_not_mine() {
    let mut x = crate::protocols::testkit::XorShift(0x2545_f491_4f6c_dd1d);
    for _ in 0..500 {
        let buf = x.bytes(256);
        assert_eq!(probe(Direction::C2S, &buf), Probe::NotMine);
        assert_eq!(probe(Direction::S2C, &buf), Probe::NotMine);
    }
}

#[test]
fn the_dispatcher_reaches_this_probe() {
    assert_eq!(
        crate::protocols::probe(ProtocolId::CardGame, Direction::S2C, &game_start()),
        Probe::Mine(70)
    );
}
