//! Framing: sizes per type, split events, several events, bad types.

use super::super::framing::{payload_len, MAX_EVENT_LEN};
use super::*;
use crate::protocols::Invalid;

#[test]
fn every_type_has_the_size_of_the_notes_table() {
    let totals = [
        56, 122, 36, 100, 68, 36, 36, 68, 260, 300, 260, 335, 11, 75, 47,
    ];
    for (t, total) in (1u32..=15).zip(totals) {
        let mut buf = t.to_be_bytes().to_vec();
        buf.resize(total + 5, 0);
        assert_eq!(
            frame(None, Direction::C2S, &buf),
            Framing::Message(total),
            "type {t}"
        );
        assert_eq!(
            frame(None, Direction::C2S, &buf[..total - 1]),
            Framing::NeedMore(total),
            "type {t}"
        );
        assert_eq!(payload_len(t), Some(total - 4));
    }
    assert_eq!(totals.iter().max(), Some(&MAX_EVENT_LEN));
    assert_eq!(payload_len(0), None);
    assert_eq!(payload_len(16), None);
}

#[test]
fn short_headers_need_more_or_are_invalid() {
    assert_eq!(frame(None, Direction::C2S, &[]), Framing::NeedMore(4));
    assert_eq!(frame(None, Direction::C2S, &[0]), Framing::NeedMore(4));
    assert_eq!(
        frame(None, Direction::C2S, &[0, 0, 0]),
        Framing::NeedMore(4)
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0, 0, 0, 13]),
        Framing::NeedMore(11)
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0, 1]),
        Framing::Invalid(Invalid::hex("not a GLS event type: starts with", 1))
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0x47, 0x4c, 0x53, 0]),
        Framing::Invalid(Invalid::num("unknown GLS event type", 1196184320))
    );
}

#[test]
fn unknown_types_are_invalid() {
    for t in [0u32, 16, 255, 0x0100_0001, u32::MAX] {
        let mut buf = t.to_be_bytes().to_vec();
        buf.resize(400, 0);
        assert_eq!(
            frame(None, Direction::C2S, &buf),
            Framing::Invalid(Invalid::num("unknown GLS event type", u64::from(t)))
        );
    }
}

#[test]
fn several_events_in_a_row() {
    let a = event(13, &[b"C4\0", &[0, 0, 0, 1]]);
    let b = event(9, &[&cstr("hi", 256)]);
    let c = event(3, &[&cstr("bob", 32)]);
    let stream = [a.clone(), b.clone(), c.clone()].concat();
    let mut pos = 0;
    let mut dec = Decoder::new();
    let mut names = Vec::new();
    for want in [&a, &b, &c] {
        let Framing::Message(n) = dec.frame(Direction::C2S, &stream[pos..]) else {
            panic!("no message at {pos}")
        };
        assert_eq!(n, want.len());
        let d = dec.decode(Direction::C2S, &stream[pos..pos + n]);
        assert_eq!(d.error, None);
        names.push(d.type_name.to_string());
        pos += n;
    }
    assert_eq!(names, ["DiePlaceTry", "Say1", "NickReq"]);
    assert_eq!(
        frame(None, Direction::C2S, &stream[pos..]),
        Framing::NeedMore(4)
    );
}
