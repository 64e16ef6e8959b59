//! Detection: the magic, runs of events, other protocols, random bytes.

use super::*;
use crate::protocols::Probe;

const OTHER_VECTORS: [&str; 2] = ["vectors/pokerth.jsonl", "vectors/pokernetwork.jsonl"];

fn protover() -> Vec<u8> {
    event(1, &[b"GLS\0", &cstr("0.0", 16), &cstr("gls", 32)])
}

fn protoverack() -> Vec<u8> {
    event(
        2,
        &[
            &[0, 1],
            &cstr("", 64),
            b"GLS\0",
            &cstr("0.0", 16),
            &cstr("glsd", 32),
        ],
    )
}

fn say2(text: &str) -> Vec<u8> {
    event(
        10,
        &[
            &cstr("alice", 32),
            &[0, 0, 0, 0, 0x65, 0x53, 0xf1, 0x00],
            &cstr(text, 256),
        ],
    )
}

fn die_place(loc: &[u8; 3], die: u8) -> Vec<u8> {
    event(
        15,
        &[loc, &[0, 0, 0, 2], &cstr("alice", 32), &[0, 0, 0, die]],
    )
}

#[test]
fn the_magic_is_a_signature() {
    let p = protover();
    assert_eq!(probe(Direction::C2S, &p), Probe::Mine(100));
    assert_eq!(probe(Direction::C2S, &p[..8]), Probe::Mine(100));
    assert_eq!(probe(Direction::C2S, &p[..6]), Probe::NeedMore);
    assert_eq!(probe(Direction::C2S, &p[..3]), Probe::NeedMore);
    let a = protoverack();
    assert_eq!(probe(Direction::S2C, &a), Probe::Mine(100));
    assert_eq!(probe(Direction::S2C, &a[..74]), Probe::Mine(100));
    assert_eq!(probe(Direction::S2C, &a[..72]), Probe::NeedMore);
    let mut wrong = protover();
    wrong[6] = b'X';
    assert_eq!(probe(Direction::C2S, &wrong), Probe::NotMine);
}

#[test]
fn a_run_of_clean_events_mid_stream() {
    let run = [
        say2("hi"),
        die_place(b"C4\0", 3),
        say2("gg"),
        die_place(b"D5\0", 4),
    ]
    .concat();
    assert_eq!(probe(Direction::S2C, &run), Probe::Mine(70));
    // The other side's events: still GLS, but less sure.
    assert_eq!(probe(Direction::C2S, &run), Probe::Mine(50));
    // Ends right after two clean events.
    let two = [say2("hi"), die_place(b"C4\0", 3)].concat();
    assert_eq!(probe(Direction::S2C, &two), Probe::Mine(40));
    assert_eq!(probe(Direction::S2C, &say2("hi")), Probe::Mine(20));
    // Ends inside the second event.
    assert_eq!(probe(Direction::S2C, &run[..320]), Probe::NeedMore);
    assert_eq!(probe(Direction::S2C, &[]), Probe::NeedMore);
}

#[test]
fn implausible_contents_are_not_mine() {
    let bad_loc = [say2("hi"), die_place(b"Z9\0", 3), say2("gg")].concat();
    assert_eq!(probe(Direction::S2C, &bad_loc), Probe::NotMine);
    let bad_die = [say2("hi"), die_place(b"C4\0", 99), say2("gg")].concat();
    assert_eq!(probe(Direction::S2C, &bad_die), Probe::NotMine);
    let control = [say2("a\u{1}b"), die_place(b"C4\0", 3)].concat();
    assert_eq!(probe(Direction::S2C, &control), Probe::NotMine);
    // A client event among server events.
    let try_ = event(13, &[b"C4\0", &[0, 0, 0, 1]]);
    let mixed = [say2("hi"), try_, say2("gg")].concat();
    assert_eq!(probe(Direction::S2C, &mixed), Probe::NotMine);
    let unknown = [say2("hi"), vec![0, 0, 0, 99, 1, 2, 3]].concat();
    assert_eq!(probe(Direction::S2C, &unknown), Probe::NotMine);
}

#[test]
fn other_protocols_are_not_mine() {
    let mut checked = 0;
    for path in OTHER_VECTORS {
        let text = shared(path);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let bytes = unhex(v["hex"].as_str().unwrap());
            for dir in [Direction::C2S, Direction::S2C] {
                assert_eq!(probe(dir, &bytes), Probe::NotMine, "{line}");
            }
            checked += 1;
        }
    }
    assert!(checked > 200);
    // poker-network's handshake line, and a card game server stream.
    assert_eq!(probe(Direction::C2S, b"CGI 003.000\n"), Probe::NotMine);
    let cardgame = [0x01, 0x00, 0x02, 0x05, 0x02, 0x03, 0x04, 0x05, 0x0e];
    assert_eq!(probe(Direction::S2C, &cardgame), Probe::NotMine);
}

#[test]
fn random_bytes_are_not_mine() {
    let mut x = crate::protocols::testkit::XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200 {
        let buf = x.bytes(512);
        assert_eq!(probe(Direction::C2S, &buf), Probe::NotMine);
        assert_eq!(probe(Direction::S2C, &buf), Probe::NotMine);
    }
}

#[test]
fn the_dispatcher_reaches_this_probe() {
    assert_eq!(
        crate::protocols::probe(ProtocolId::Gls, Direction::C2S, &protover()),
        Probe::Mine(100)
    );
}
