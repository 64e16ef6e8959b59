//! Framing: fixed sizes, Score's STRING, split and joined messages.

use super::super::framing::MAX_MESSAGE;
use super::*;
use crate::protocols::Invalid;

#[test]
fn fixed_sizes() {
    let sizes = [
        (0x01, 2),
        (0x02, 4),
        (0x03, 4),
        (0x04, 3),
        (0x05, 3),
        (0x06, 2),
        (0x07, 2),
        (0x08, 1),
        (0x09, 2),
        (0x81, 2),
    ];
    for (opcode, size) in sizes {
        let buf = [opcode, 0, 0, 0, 0, 0];
        assert_eq!(
            frame(None, Direction::C2S, &buf),
            Framing::Message(size),
            "opcode {opcode:#x}"
        );
        assert_eq!(
            frame(None, Direction::C2S, &buf[..size - 1]),
            Framing::NeedMore(size)
        );
    }
    assert_eq!(frame(None, Direction::C2S, &[]), Framing::NeedMore(1));
}

#[test]
fn score_sizes_come_from_the_string() {
    assert_eq!(frame(None, Direction::C2S, &[0x0a]), Framing::NeedMore(7));
    assert_eq!(
        frame(None, Direction::C2S, &[0x0a, 0, 0, 1, 0, 1]),
        Framing::NeedMore(7)
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0x0a, 0, 0, 1, 0, 1, 0]),
        Framing::Message(7)
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0x0a, 0, 0, 1, 0, 1, 2, b'a']),
        Framing::NeedMore(9)
    );
    assert_eq!(
        frame(
            None,
            Direction::C2S,
            &[0x0a, 0, 0, 1, 0, 1, 2, b'a', b'b', 0x08]
        ),
        Framing::Message(9)
    );
    // Two length bytes: the first alone is not enough.
    assert_eq!(
        frame(None, Direction::C2S, &[0x0a, 0, 0, 1, 0, 1, 0x80]),
        Framing::NeedMore(8)
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0x0a, 0, 0, 1, 0, 1, 0x80, 0x00]),
        Framing::NeedMore(8 + 128)
    );
    assert_eq!(
        frame(None, Direction::C2S, &[0x0a, 0, 0, 1, 0, 1, 0xff, 0xff]),
        Framing::NeedMore(MAX_MESSAGE)
    );
    assert_eq!(MAX_MESSAGE, 6 + 2 + 32895);
}

#[test]
fn unknown_opcodes_are_invalid() {
    for opcode in [0x00u8, 0x0b, 0x80, 0x82, 0xff] {
        assert_eq!(
            frame(None, Direction::C2S, &[opcode, 0, 0, 0]),
            Framing::Invalid(Invalid::hex("unknown card game opcode", u64::from(opcode)))
        );
    }
}

#[test]
fn several_messages_in_a_row() {
    let stream = [
        &[0x01, 0x00][..],
        &[0x02, 5, 0x02, 0],
        &[0x04, 5, 14],
        &[0x0a, 0, 0, 10, 0, 10, 3, b'a', b'b', b'c'],
        &[0x08],
        &[0x09, 0x01],
    ]
    .concat();
    let mut dec = Decoder::new();
    let mut pos = 0;
    let mut names = Vec::new();
    while pos < stream.len() {
        let Framing::Message(n) = dec.frame(Direction::S2C, &stream[pos..]) else {
            panic!("no message at {pos}")
        };
        let d = dec.decode(Direction::S2C, &stream[pos..pos + n]);
        assert_eq!((d.error, d.notes), (None, vec![]));
        names.push(d.type_name.to_string());
        pos += n;
    }
    assert_eq!(
        names,
        [
            "Reset",
            "Teleport",
            "SetImage",
            "Score",
            "WaitAnimations",
            "Stage"
        ]
    );
}
