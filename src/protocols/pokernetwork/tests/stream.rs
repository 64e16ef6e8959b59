//! Framing and the per-stream decoder: the handshake line, both length
//! conventions, choosing the convention without a handshake, several
//! packets in a buffer, split packets, bad lengths.

use super::{decoder, fields_json, packet2, packet3, unhex};
use crate::protocols::pokernetwork::framing::{self, LengthConvention};
use crate::protocols::pokernetwork::Decoder;
use crate::protocols::{Dialect, Framing, Invalid, StreamDecoder};
use crate::reassembly::Direction::{C2S, S2C};
use serde_json::json;

/// A fold, a raise and a chat line, as payloads.
fn three() -> Vec<(u8, Vec<u8>)> {
    vec![
        (57, unhex("000000650000004a")),
        (69, unhex("000000ca0000004a000000c8")),
        (86, unhex("000000650000004a0003686921")),
    ]
}

/// All packets of `three()` in one buffer under a convention.
fn stream_of(make: fn(u8, &[u8]) -> Vec<u8>) -> Vec<u8> {
    three().iter().flat_map(|(t, p)| make(*t, p)).collect()
}

/// Frames and decodes all of `buf` in direction S2C; the type names.
fn decode_all(d: &mut Decoder, mut buf: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    while !buf.is_empty() {
        let Framing::Message(n) = d.frame(S2C, buf) else {
            panic!("no message at {}", crate::protocols::hex(buf));
        };
        let m = d.decode(S2C, &buf[..n]);
        assert_eq!(m.error, None, "{}", m.type_name);
        assert_eq!(
            m.notes,
            Vec::<crate::protocols::Note>::new(),
            "{}",
            m.type_name
        );
        names.push(m.type_name.into_owned());
        buf = &buf[n..];
    }
    names
}

#[test]
fn handshake_line() {
    let mut d = Decoder::new();
    assert_eq!(d.dialect(), None);
    assert_eq!(d.frame(S2C, b"CGI 00"), Framing::NeedMore(12));
    assert_eq!(d.frame(S2C, b"C"), Framing::NeedMore(12));
    assert_eq!(
        d.frame(S2C, b"CGI 003.000\n\x05\x00\x00"),
        Framing::Message(12)
    );
    let h = d.decode(S2C, b"CGI 003.000\n");
    assert_eq!(h.type_name, "Handshake");
    assert_eq!(h.type_id, 0);
    assert_eq!(h.error, None);
    assert_eq!(
        fields_json(&h),
        json!({"version": "3.0", "major": 3, "minor": 0, "micro": 0})
    );
    assert_eq!(h.fields.summary(), "handshake CGI 003.000 (protocol 3.0)");
    assert_eq!(d.dialect(), Some(Dialect::PokerNetwork));
    assert_eq!(d.convention(C2S), Some(LengthConvention::PayloadOnly));

    let mut d = Decoder::new();
    let h = d.decode(C2S, b"CGI 002.200\n");
    assert_eq!(
        fields_json(&h),
        json!({"version": "2.2", "major": 2, "minor": 2, "micro": 0})
    );
    assert_eq!(d.dialect(), Some(Dialect::PokerNetwork2));
    assert_eq!(d.convention(S2C), Some(LengthConvention::WithHeader));
}

#[test]
fn malformed_handshake_lines() {
    let mut d = Decoder::new();
    assert_eq!(d.frame(S2C, b"CGI 3.0\n"), Framing::Message(8));
    let h = d.decode(S2C, b"CGI 3.0\n");
    assert_eq!(h.type_name, "Handshake");
    assert_eq!(
        h.error.as_deref(),
        Some("not a handshake line `CGI MMM.mNN\\n`: \"CGI 3.0\\n\"")
    );
    assert_eq!(fields_json(&h), json!({"raw": "43474920332e300a"}));
    assert_eq!(d.dialect(), None);
    let long = [b"CGI ".as_slice(), &[b'9'; 40]].concat();
    assert!(matches!(d.frame(S2C, &long), Framing::Invalid(_)));
    assert_eq!(d.frame(S2C, &long[..20]), Framing::NeedMore(21));
}

#[test]
fn each_side_keeps_its_own_handshake() {
    let mut d = Decoder::new();
    d.decode(S2C, b"CGI 003.000\n");
    d.decode(C2S, b"CGI 002.000\n");
    assert_eq!(d.convention(S2C), Some(LengthConvention::PayloadOnly));
    assert_eq!(d.convention(C2S), Some(LengthConvention::WithHeader));
}

#[test]
fn packets_under_protocol_3() {
    let buf = stream_of(packet3);
    let mut d = decoder(3);
    assert_eq!(
        decode_all(&mut d, &buf),
        ["PacketPokerFold", "PacketPokerRaise", "PacketPokerChat"]
    );
    // A split packet needs its whole length; a split header 3 bytes.
    assert_eq!(d.frame(S2C, &buf[..5]), Framing::NeedMore(11));
    assert_eq!(d.frame(S2C, &buf[..2]), Framing::NeedMore(3));
    assert_eq!(d.frame(S2C, &[]), Framing::NeedMore(3));
    // Lengths up to 0xffff are fine (the 65533-byte string vector).
    assert_eq!(
        d.frame(S2C, &[16, 0xff, 0xff]),
        Framing::NeedMore(3 + 0xffff)
    );
}

#[test]
fn packets_under_protocol_2() {
    let buf = stream_of(packet2);
    let mut d = decoder(2);
    assert_eq!(d.dialect(), Some(Dialect::PokerNetwork2));
    assert_eq!(
        decode_all(&mut d, &buf),
        ["PacketPokerFold", "PacketPokerRaise", "PacketPokerChat"]
    );
    assert_eq!(d.frame(S2C, &buf[..5]), Framing::NeedMore(11));
    // A length below the header it counts cannot be.
    assert_eq!(
        d.frame(S2C, &[5, 0, 2]),
        Framing::Invalid(Invalid::num(
            "length counts the header too (protocol 2), so at least 3, not",
            2
        ))
    );
    // An empty packet is 3 bytes.
    assert_eq!(d.frame(S2C, &[5, 0, 3]), Framing::Message(3));
}

#[test]
fn the_convention_comes_from_the_packets_without_a_handshake() {
    for (make, dialect) in [
        (packet3 as fn(u8, &[u8]) -> Vec<u8>, Dialect::PokerNetwork),
        (packet2, Dialect::PokerNetwork2),
    ] {
        let buf = stream_of(make);
        let mut d = Decoder::new();
        assert_eq!(
            decode_all(&mut d, &buf),
            ["PacketPokerFold", "PacketPokerRaise", "PacketPokerChat"]
        );
        assert_eq!(d.dialect(), Some(dialect));
    }
    // One whole packet is enough to tell.
    assert_eq!(
        framing::guess_convention(&packet2(57, &three()[0].1)),
        Some(LengthConvention::WithHeader)
    );
    assert_eq!(
        framing::guess_convention(&packet3(57, &three()[0].1)),
        Some(LengthConvention::PayloadOnly)
    );
    // Not before the first packet is whole under one of them.
    let p = packet3(69, &three()[1].1);
    assert_eq!(framing::guess_convention(&p[..10]), None);
    let d = Decoder::new();
    assert_eq!(d.frame(S2C, &p[..10]), Framing::NeedMore(12));
}

#[test]
fn a_length_that_does_not_match_the_known_convention_is_an_error() {
    let mut d = decoder(3);
    // A protocol-2 fold seen by a protocol-3 stream: 11 bytes say 8 + 3.
    let p = packet2(57, &three()[0].1);
    assert_eq!(d.frame(S2C, &p), Framing::NeedMore(14));
    let m = d.decode(S2C, &p);
    assert_eq!(
        m.error.as_deref(),
        Some("length field 11 does not fit a message of 11 bytes (length counts the payload (protocol 3))")
    );
    assert_eq!(m.type_name, "PacketPokerFold");
    let m = d.decode(S2C, &[57]);
    assert_eq!(m.error.as_deref(), Some("1 bytes: no room for a header"));
}

#[test]
fn the_run_of_a_buffer() {
    let buf = stream_of(packet3);
    let r = framing::run(LengthConvention::PayloadOnly, &buf, 8);
    assert_eq!(
        (r.clean, r.doubtful, r.end),
        (3, 0, framing::RunEnd::Boundary)
    );
    let r = framing::run(LengthConvention::WithHeader, &buf, 8);
    assert_eq!(r.clean, 0);
    assert_eq!(r.end, framing::RunEnd::Failed);
    let r = framing::run(LengthConvention::PayloadOnly, &buf[..buf.len() - 1], 8);
    assert_eq!((r.clean, r.end), (2, framing::RunEnd::Partial));
}
