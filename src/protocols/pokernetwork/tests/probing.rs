//! The probe: the handshake line is a signature; without it a clean run of
//! packets under either convention; never other protocols' bytes or random
//! bytes.

use super::{packet2, packet3, shared_file, unhex};
use crate::protocols::pokernetwork::probe;
use crate::protocols::testkit::XorShift;
use crate::protocols::Probe;
use crate::reassembly::Direction::{C2S, S2C};

/// A seat, a fold and a chat line.
fn packets(make: fn(u8, &[u8]) -> Vec<u8>) -> Vec<Vec<u8>> {
    vec![
        make(79, &unhex("000000650000004903")),
        make(57, &unhex("000000650000004a")),
        make(86, &unhex("000000650000004a0003686921")),
    ]
}

#[test]
fn the_handshake_line_is_a_signature() {
    assert_eq!(probe(S2C, b"CGI 003.000\n"), Probe::Mine(100));
    assert_eq!(probe(C2S, b"CGI 002.000\n\x05\x00\x03"), Probe::Mine(100));
    assert_eq!(probe(S2C, b"CGI 003"), Probe::NeedMore);
    assert_eq!(probe(S2C, b"C"), Probe::NeedMore);
    assert_eq!(probe(S2C, b""), Probe::NeedMore);
    assert_eq!(probe(S2C, b"CGI 3.0\nabcd"), Probe::NotMine);
    assert_eq!(probe(S2C, b"CGI /bin/sh HTTP/1.0\r\n"), Probe::NotMine);
}

#[test]
fn a_run_of_clean_packets_mid_stream() {
    for make in [packet3 as fn(u8, &[u8]) -> Vec<u8>, packet2] {
        let p = packets(make);
        let all = p.concat();
        assert_eq!(probe(S2C, &all), Probe::Mine(60));
        // More after the third packet does not matter.
        assert_eq!(
            probe(S2C, &[all.as_slice(), &[0xff, 0xff]].concat()),
            Probe::Mine(60)
        );
        // A buffer that ends right after fewer clean packets.
        assert_eq!(probe(S2C, &p[0]), Probe::Mine(20));
        assert_eq!(
            probe(S2C, &[p[0].clone(), p[1].clone()].concat()),
            Probe::Mine(40)
        );
        // A buffer that ends inside a plausible packet.
        assert_eq!(probe(S2C, &all[..all.len() - 1]), Probe::NeedMore);
        assert_eq!(probe(S2C, &p[2][..12]), Probe::NeedMore);
    }
}

#[test]
fn unclean_runs_are_not_mine() {
    // Leftover bytes, an unknown type, the base class 0, a length a fixed
    // packet cannot have, a string past its packet.
    assert_eq!(
        probe(S2C, &packet3(57, &unhex("000000650000004a00"))),
        Probe::NotMine
    );
    assert_eq!(probe(S2C, &packet3(250, &unhex("00"))), Probe::NotMine);
    assert_eq!(probe(S2C, &packet3(0, &[])), Probe::NotMine);
    assert_eq!(probe(S2C, &unhex("39100000000065")), Probe::NotMine);
    assert_eq!(
        probe(S2C, &unhex("56002000000065000000490100")),
        Probe::NotMine
    );
}

#[test]
fn other_protocols_are_not_mine() {
    for file in ["vectors/pokerth.jsonl", "vectors/gls.jsonl"] {
        let lines: Vec<Vec<u8>> = shared_file(file)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                unhex(v["hex"].as_str().unwrap())
            })
            .collect();
        for (n, msg) in lines.iter().enumerate() {
            assert_eq!(probe(C2S, msg), Probe::NotMine, "{file} line {}", n + 1);
        }
        for w in lines.windows(3) {
            assert_eq!(probe(C2S, &w.concat()), Probe::NotMine, "{file}");
        }
    }
    // The card game (PROTOCOL-NOTES.md sizes): DEAL, CARD LOC, CARD IMAGE,
    // INT, STAGE, SCORE with a string, PLAY CARD.
    let cardgame = unhex("0105" /* DEAL */);
    let rest = unhex("0201020304021705001e0903" /* LOC, IMAGE, INT, STAGE */);
    let score = unhex("0a0100050006034b696d8103");
    assert_eq!(
        probe(
            S2C,
            &[cardgame.clone(), rest.clone(), score.clone()].concat()
        ),
        Probe::NotMine
    );
    assert_eq!(probe(S2C, &[rest, score].concat()), Probe::NotMine);
    // Text protocols.
    assert_eq!(
        probe(C2S, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
        Probe::NotMine
    );
    assert_eq!(probe(S2C, b"SSH-2.0-OpenSSH_9.6\r\n"), Probe::NotMine);
}

#[test]
fn random_bytes_are_not_mine() {
    let mut verdicts = [0usize; 3];
    for seed in 1..=1000u64 {
        let buf = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)).bytes(256);
        match probe(S2C, &buf) {
            Probe::NotMine => verdicts[0] += 1,
            Probe::NeedMore => verdicts[1] += 1,
            Probe::Mine(c) => panic!("seed {seed}: random bytes claimed ({c})"),
        }
    }
    // A buffer may start like a long packet whose lengths fit so far
    // (lists of numbers say little): rarely, and it is only "need more".
    assert!(verdicts[0] >= 990, "{verdicts:?}");
    assert_eq!(verdicts[0] + verdicts[1], 1000);
}
