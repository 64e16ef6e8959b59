//! The WebSocket wire layer from RFC 6455's and RFC 7692's own examples,
//! and bad input.

use super::frame::{header, unmask, Opcode, Read, MAX_FRAME};
use super::handshake::{accept_for, parse_head, upgrade, Deflate, Parsed};
use super::message::{close_code_allowed, Assembler, Event, Side, MAX_MESSAGE};
use crate::protocols::Note;

fn head(text: &str) -> super::handshake::Head<'_> {
    match parse_head(text.as_bytes()) {
        Parsed::Head(h) => h,
        other => panic!("{other:?}"),
    }
}

/// A whole frame, header and payload: first byte `b0` (FIN, RSV,
/// opcode), masked with `mask`, the shortest length form.
pub(crate) fn frame(b0: u8, mask: Option<[u8; 4]>, payload: &[u8]) -> Vec<u8> {
    let mut f = vec![b0];
    let m = if mask.is_some() { 0x80 } else { 0 };
    match payload.len() {
        n if n < 126 => f.push(m | n as u8),
        n if n < 65536 => {
            f.push(m | 126);
            f.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            f.push(m | 127);
            f.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    let mut p = payload.to_vec();
    if let Some(k) = mask {
        f.extend_from_slice(&k);
        unmask(&mut p, k, 0);
    }
    f.extend_from_slice(&p);
    f
}

/// Feeds whole frames in `bytes` to `a`; the events.
fn feed(a: &mut Assembler, mut bytes: &[u8]) -> Vec<Event> {
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let Read::Header(h) = header(bytes) else {
            panic!("{:?}", header(bytes));
        };
        let end = h.total() as usize;
        out.extend(a.frame(&h, &bytes[h.header_len..end]));
        bytes = &bytes[end..];
    }
    out
}

#[test]
fn the_rfc_6455_handshake_example() {
    // RFC 6455, 1.3: this key gives this accept.
    assert_eq!(
        accept_for("dGhlIHNhbXBsZSBub25jZQ=="),
        "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    );
    let req = head(
        "GET /chat HTTP/1.1\r\nHost: server.example.com\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Protocol: chat, superchat\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
    let resp = head(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Protocol: chat\r\n\
         Sec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover; client_max_window_bits=10\r\n\r\n",
    );
    let u = upgrade(&req, &resp).unwrap();
    assert_eq!(u.resource, "/chat");
    assert_eq!(u.subprotocol.as_deref(), Some("chat"));
    assert!(u.notes.is_empty(), "{:?}", u.notes);
    assert_eq!(
        u.deflate,
        Some(Deflate {
            server_no_context_takeover: true,
            client_max_window_bits: Some(10),
            ..Deflate::default()
        })
    );
    // A wrong accept is a note, not an error.
    let bad = head(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Accept: AAAA\r\n\r\n",
    );
    let u = upgrade(&req, &bad).unwrap();
    assert_eq!(
        u.notes,
        [Note::WebSocketAcceptMismatch {
            got: "AAAA".into(),
            expected: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=".into()
        }]
    );
    assert_eq!(
        u.notes[0].to_string(),
        "Sec-WebSocket-Accept \"AAAA\" does not answer the key \
         (expected \"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\")"
    );
    assert_eq!(u.notes[0].code(), "websocket.accept_mismatch");
    // Not switching: no upgrade.
    assert!(upgrade(&req, &head("HTTP/1.1 400 Bad Request\r\n\r\n")).is_none());
    assert_eq!(
        parse_head(b"GET / HTTP/1.1\r\nHost: x\r\n"),
        Parsed::NeedMore
    );
}

#[test]
fn the_rfc_6455_frame_examples() {
    // 5.7: a single-frame unmasked text message "Hello".
    let mut a = Assembler::new(Side::Server, None);
    let e = feed(&mut a, &[0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]);
    assert!(
        matches!(&e[..], [Event::Message { opcode: Opcode::Text, payload, frames: 1, notes, .. }]
        if payload == b"Hello" && notes.is_empty())
    );
    // A masked "Hello" from a client.
    let mut c = Assembler::new(Side::Client, None);
    let e = feed(
        &mut c,
        &[
            0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58,
        ],
    );
    assert!(
        matches!(&e[..], [Event::Message { payload, notes, .. }] if payload == b"Hello" && notes.is_empty())
    );
    // A fragmented "Hel" + "lo", a ping between the fragments.
    let mut a = Assembler::new(Side::Server, None);
    let mut bytes = vec![0x01, 0x03, 0x48, 0x65, 0x6c];
    bytes.extend_from_slice(&[0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]);
    bytes.extend_from_slice(&[0x80, 0x02, 0x6c, 0x6f]);
    let e = feed(&mut a, &bytes);
    assert!(
        matches!(&e[0], Event::Control { opcode: Opcode::Ping, payload, .. } if payload == b"Hello")
    );
    assert!(matches!(&e[1], Event::Message { payload, frames: 2, .. } if payload == b"Hello"));
    // 256 and 65536 bytes of binary: 16- and 64-bit lengths.
    for n in [256usize, 65536] {
        let f = frame(0x82, None, &vec![7u8; n]);
        let Read::Header(h) = header(&f) else {
            panic!()
        };
        assert_eq!(
            (h.len, h.header_len),
            (n as u64, if n < 65536 { 4 } else { 10 })
        );
    }
}

#[test]
fn the_rfc_7692_deflate_examples() {
    let d = Some(Deflate::default());
    // 7.2.3.1: "Hello" compressed; 7.2.3.2: the same again, sharing the
    // window (context takeover).
    let mut a = Assembler::new(Side::Server, d);
    let mut bytes = frame(0xc1, None, &[0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00]);
    bytes.extend(frame(0xc1, None, &[0xf2, 0x00, 0x11, 0x00, 0x00]));
    let e = feed(&mut a, &bytes);
    for ev in &e {
        assert!(
            matches!(ev, Event::Message { payload, compressed: true, notes, .. }
            if payload == b"Hello" && notes.is_empty()),
            "{ev:?}"
        );
    }
    // Without context takeover both messages compress alike.
    let mut a = Assembler::new(
        Side::Server,
        Some(Deflate {
            server_no_context_takeover: true,
            ..Deflate::default()
        }),
    );
    let one = frame(0xc1, None, &[0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00]);
    let e = feed(&mut a, &[one.clone(), one].concat());
    assert_eq!(e.len(), 2);
    assert!(e
        .iter()
        .all(|ev| matches!(ev, Event::Message { payload, .. } if payload == b"Hello")));
    // A compressed message picked up without the handshake: reported, not
    // inflated.
    let mut a = Assembler::midstream(Side::Server);
    let e = feed(&mut a, &frame(0xc1, None, &[0xf2, 0x00, 0x11, 0x00, 0x00]));
    assert_eq!(
        e,
        [Event::Uninflatable {
            opcode: Opcode::Text,
            len: 5,
            frames: 1,
            why: "the capture starts after the handshake",
        }]
    );
    assert_eq!(a.uninflatable, 1);
    // With a handshake that negotiated nothing, RSV1 is a note.
    let mut a = Assembler::new(Side::Server, None);
    let e = feed(&mut a, &frame(0xc1, None, &[0xf2, 0x00, 0x11, 0x00, 0x00]));
    assert!(
        matches!(&e[0], Event::Message { compressed: false, notes, .. } if notes[0] == Note::WebSocketCompressedWithoutDeflate)
    );
    // A gap with context takeover: later compressed messages are reported.
    let d = Deflate::default();
    let mut a = Assembler::new(Side::Server, Some(d));
    a.lost();
    let e = feed(&mut a, &frame(0xc1, None, &[0xf2, 0x48, 0x05, 0x00]));
    assert!(matches!(&e[0], Event::Uninflatable { len: 4, .. }));
}

#[test]
fn bad_frames_are_errors_or_notes() {
    // A 2^63 length and one past the cap.
    let mut f = vec![0x82, 0x7f];
    f.extend_from_slice(&(1u64 << 63).to_be_bytes());
    assert!(matches!(header(&f), Read::Invalid(w) if w.contains("top bit")));
    let mut f = vec![0x82, 0x7f];
    f.extend_from_slice(&(MAX_FRAME + 1).to_be_bytes());
    assert!(matches!(header(&f), Read::Invalid(_)));
    // A control frame over 125 bytes, or fragmented.
    assert!(matches!(
        header(&frame(0x89, None, &[0; 126])),
        Read::Invalid(_)
    ));
    assert!(matches!(header(&[0x09, 0x00]), Read::Invalid(_)));
    assert_eq!(header(&[0x82]), Read::NeedMore(2));
    assert_eq!(header(&[0x82, 0xfe, 0x01]), Read::NeedMore(8));
    let mut a = Assembler::new(Side::Server, None);
    // An unknown opcode, a continuation without a start, reserved bits.
    let e = feed(&mut a, &frame(0x83, None, b"x"));
    assert!(matches!(&e[0], Event::Error(w) if w.contains("unknown opcode 0x3")));
    let e = feed(&mut a, &frame(0x80, None, b"x"));
    assert!(matches!(&e[0], Event::Error(w) if w.contains("continuation")));
    let e = feed(&mut a, &frame(0xa2, None, b"x"));
    assert!(
        matches!(&e[0], Event::Message { notes, .. } if notes[..] == [Note::WebSocketReservedBits { rsv: 0b010 }])
    );
    // Masked server frame, unmasked client frame.
    let e = feed(&mut a, &frame(0x82, Some([1, 2, 3, 4]), b"xy"));
    assert!(
        matches!(&e[0], Event::Message { payload, notes, .. } if payload == b"xy" && notes[..] == [Note::WebSocketMaskedServerFrame])
    );
    let mut c = Assembler::new(Side::Client, None);
    let e = feed(&mut c, &frame(0x82, None, b"xy"));
    assert!(
        matches!(&e[0], Event::Message { notes, .. } if notes[..] == [Note::WebSocketUnmaskedClientFrame])
    );
    // Invalid UTF-8 in text, a close code outside the ranges.
    let e = feed(&mut a, &frame(0x81, None, &[0xff]));
    assert!(
        matches!(&e[0], Event::Message { notes, .. } if notes[..] == [Note::WebSocketTextNotUtf8])
    );
    let e = feed(&mut a, &frame(0x88, None, &[0x03, 0xed, b'b', b'y', b'e']));
    assert!(
        matches!(&e[0], Event::Control { close: Some((1005, r)), notes, .. } if r == "bye" && notes[..] == [Note::WebSocketCloseCode { code: 1005 }])
    );
    assert!(close_code_allowed(1000) && close_code_allowed(4999) && !close_code_allowed(1006));
}

#[test]
fn corrupt_deflate_and_bombs_are_errors() {
    let d = Some(Deflate::default());
    let mut a = Assembler::new(Side::Server, d);
    // A stored block claiming a length its complement does not match.
    let e = feed(&mut a, &frame(0xc2, None, &[0x00, 0x05, 0x00, 0x00, 0x00]));
    assert!(
        matches!(&e[0], Event::Error(w) if w.contains("corrupt")),
        "{e:?}"
    );
    // 40 MiB of zeros, deflated: stopped at the cap.
    use std::io::Write;
    let mut z = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..40 {
        z.write_all(&zeros).unwrap();
    }
    let mut body = z.finish().unwrap();
    assert!(body.len() < 100_000);
    body.truncate(body.len()); // a final block: the stream ends
    let mut a = Assembler::new(Side::Server, d);
    let e = feed(&mut a, &frame(0xc2, None, &body));
    assert!(
        matches!(&e[0], Event::Error(w) if w.contains("decompression bomb")),
        "{e:?}"
    );
    let _ = MAX_MESSAGE;
}

#[test]
fn frames_are_rarely_seen_in_random_bytes() {
    use super::probe::{find_frames, Found};
    let mut x = crate::protocols::testkit::XorShift(0x9e37_79b9_7f4a_7c15);
    let mut found = [0u32; 2];
    for _ in 0..500 {
        let buf: Vec<u8> = (0..512).map(|_| x.next() as u8).collect();
        for (i, side) in [Side::Client, Side::Server].into_iter().enumerate() {
            if matches!(find_frames(&buf, side, false), Found::At(_)) {
                found[i] += 1;
            }
        }
    }
    // Client frames must be masked, which random bytes rarely keep up for
    // four frames; unmasked server frames are easier to imitate.
    assert!(found[0] <= 5 && found[1] <= 50, "{found:?} of 500");
}

/// One frame for [`unwrapping_gives_what_the_assembler_gives`]: opcode,
/// FIN, RSV bits, masked, payload.
fn any_frame() -> impl proptest::strategy::Strategy<Value = (u8, bool, u8, bool, Vec<u8>)> {
    use proptest::prelude::*;
    (
        prop_oneof![4 => Just(2u8), 2 => Just(1u8), 2 => Just(0u8), 1 => Just(9u8), 1 => Just(8u8), 1 => Just(3u8)],
        prop_oneof![4 => Just(true), 1 => Just(false)],
        prop_oneof![6 => Just(0u8), 1 => 0u8..8],
        prop_oneof![6 => Just(true), 1 => Just(false)],
        prop_oneof![
            3 => proptest::collection::vec(any::<u8>(), 0..40),
            1 => "[a-z ]{0,30}".prop_map(String::into_bytes),
            1 => proptest::collection::vec(any::<u8>(), 120..300),
        ],
    )
}

proptest::proptest! {
    /// Whatever the frames and wherever the deliveries cut them, the
    /// unwrapper's items (messages lent without a copy when whole in one
    /// frame) carry what the assembler alone makes of the same frames.
    #[test]
    fn unwrapping_gives_what_the_assembler_gives(
        frames in proptest::collection::vec(any_frame(), 1..30),
        cuts in proptest::collection::vec(0usize..400, 0..12),
        client in proptest::prelude::any::<bool>(),
    ) {
        use super::unwrap::{Out, Unwrapper};
        use crate::capture::Timestamp;
        let side = if client { Side::Client } else { Side::Server };
        // Client frames masked as they must be, mostly; server ones mostly not.
        let mut bytes = Vec::new();
        for (i, (op, fin, rsv, proper, payload)) in frames.iter().enumerate() {
            let masked = proper == &client;
            let control = matches!(op, 8 | 9);
            let payload = if control { &payload[..payload.len().min(125)] } else { &payload[..] };
            let key = masked.then_some([i as u8, 0x5a, 0xa5, 7]);
            let mut f = frame(*op, key, payload);
            f[0] = f[0] & 0x0f | u8::from(*fin || control) << 7 | rsv << 4;
            bytes.extend_from_slice(&f);
        }
        // The reference: every frame to an assembler of its own.
        let mut a = Assembler::new(side, None);
        let mut want = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let Read::Header(h) = header(&bytes[at..]) else { break };
            let end = at + h.total() as usize;
            if end > bytes.len() {
                break;
            }
            if let Some(Event::Message { payload, notes, frames, compressed, opcode }) =
                a.frame(&h, &bytes[at + h.header_len..end])
            {
                // A fragmented message's facts tell of its first frame as
                // the unwrapper saw it (not compared here).
                let opcode = (frames == 1).then_some(opcode);
                want.push((payload, notes, frames, compressed, opcode));
            }
            at = end;
        }
        let mut u = Unwrapper::new(side, None, 0);
        let mut got = Vec::new();
        let mut take = |o: Out<'_>| {
            if let Out::Message { payload, mut notes, facts, .. } = o {
                // The unwrapper's own note (the assembler knows no close).
                notes.retain(|n| *n != Note::WebSocketAfterClose);
                let opcode = (facts.frames == 1).then_some(facts.opcode);
                got.push((payload.into_owned(), notes, facts.frames, facts.compressed, opcode));
            }
        };
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
        cuts.push(bytes.len());
        cuts.sort_unstable();
        let mut from = 0;
        for (n, c) in cuts.into_iter().enumerate() {
            u.data(from as u64, &bytes[from..c], n as u64, Timestamp::default(), &mut take);
            from = c;
        }
        u.finish(&mut take);
        // Where a header cannot be read the unwrapper looks for frames
        // again and the reference stops: compare what both saw.
        let n = want.len().min(got.len());
        proptest::prop_assert_eq!(&got[..n], &want[..n]);
        if at == bytes.len() {
            proptest::prop_assert_eq!(got.len(), want.len());
        }
    }
}
