//! Every event type from bytes written by hand from the specification.

use super::super::messages::*;
use super::super::parsing::parse_event;
use super::*;
use serde_json::json;

/// Parses `bytes`, expecting no notes.
fn clean(bytes: &[u8]) -> Message {
    let p = parse_event(bytes).expect("parses");
    assert_eq!(p.notes, Vec::<Note>::new());
    assert!(!p.implausible);
    p.message
}

/// Parses `bytes`, returning the notes' texts and whether they are
/// implausible.
fn notes(bytes: &[u8]) -> (Vec<String>, bool) {
    let p = parse_event(bytes).expect("parses");
    (texts(&p.notes), p.implausible)
}

/// The codes of the notes of `bytes`.
fn note_codes(bytes: &[u8]) -> Vec<&'static str> {
    codes(&parse_event(bytes).expect("parses").notes)
}

fn s(text: &str) -> String {
    text.to_owned()
}

#[test]
fn protover() {
    let b = event(1, &[b"GLS\0", &cstr("0.0", 16), &cstr("gls", 32)]);
    assert_eq!(b.len(), 56);
    let m = clean(&b);
    let want = Protover {
        magic: s("GLS"),
        version: s("0.0"),
        software: s("gls"),
    };
    assert_eq!(m, Message::Protover(want));
    assert_eq!((m.type_name(), m.type_id()), ("Protover", 1));
    assert_eq!(m.summary(), "protocol version 0.0 (gls)");
}

#[test]
fn protoverack_accepted_and_rejected() {
    let ok = event(
        2,
        &[
            &[0, 1],
            &cstr("", 64),
            b"GLS\0",
            &cstr("0.0", 16),
            &cstr("glsd", 32),
        ],
    );
    assert_eq!(ok.len(), 122);
    let m = clean(&ok);
    let want = Protoverack {
        ack: 1,
        reason: s(""),
        magic: s("GLS"),
        version: s("0.0"),
        software: s("glsd"),
    };
    assert_eq!(m, Message::Protoverack(want));
    assert_eq!(m.summary(), "protocol accepted: server version 0.0 (glsd)");
    let d = decode_fresh(Direction::S2C, &ok);
    assert_eq!(
        json(&d),
        json!({"ack": 1, "reason": "", "magic": "GLS", "version": "0.0", "software": "glsd"})
    );

    let no = event(
        2,
        &[
            &[0, 0],
            &cstr("bad version", 64),
            b"GLS\0",
            &cstr("0.1", 16),
            &cstr("glsd", 32),
        ],
    );
    let Message::Protoverack(m) = clean(&no) else {
        panic!("not a Protoverack")
    };
    assert_eq!(
        (m.ack, m.reason.as_str(), m.version.as_str()),
        (0, "bad version", "0.1")
    );
    assert_eq!(
        Message::Protoverack(m).summary(),
        "protocol rejected: bad version (server version 0.1)"
    );

    let silent = event(
        2,
        &[
            &[0, 0],
            &cstr("", 64),
            b"GLS\0",
            &cstr("0.1", 16),
            &cstr("glsd", 32),
        ],
    );
    assert_eq!(
        notes(&silent),
        (
            vec![s("reason: empty, but a rejection must give one")],
            false
        )
    );
}

#[test]
fn nick_req() {
    let b = event(3, &[&cstr("alice", 32)]);
    assert_eq!(b.len(), 36);
    let m = clean(&b);
    assert_eq!(m, Message::NickReq(NickReq { nick: s("alice") }));
    assert_eq!((m.type_name(), m.type_id()), ("NickReq", 3));
    assert_eq!(m.summary(), "nick request: alice");
    let (n, odd) = notes(&event(3, &[&cstr("al ice", 32)]));
    assert_eq!(n, vec![s("nick: not alphanumeric, as the spec requires")]);
    assert!(!odd);
    let (n, _) = notes(&event(3, &[&cstr("", 32)]));
    assert_eq!(n, vec![s("nick: empty, but the spec requires a name")]);
}

#[test]
fn nick_set() {
    let set = event(4, &[&cstr("alice", 32), &cstr("", 64)]);
    assert_eq!(set.len(), 100);
    let m = clean(&set);
    assert_eq!(
        m,
        Message::NickSet(NickSet {
            nick: s("alice"),
            reason: s("")
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("NickSet", 4));
    assert_eq!(m.summary(), "nick set: alice");

    let rejected = event(4, &[&cstr("", 32), &cstr("Already in use", 64)]);
    let m = clean(&rejected);
    assert_eq!(
        m,
        Message::NickSet(NickSet {
            nick: s(""),
            reason: s("Already in use")
        })
    );
    assert_eq!(m.summary(), "nick rejected: Already in use");

    let both = event(4, &[&cstr("alice", 32), &cstr("why", 64)]);
    assert_eq!(
        notes(&both).0,
        vec![s("reason: must be empty when a nick is set")]
    );
}

#[test]
fn nick_change() {
    let b = event(5, &[&cstr("alice", 32), &cstr("bob", 32)]);
    assert_eq!(b.len(), 68);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::NickChange(NickChange {
            old_nick: s("alice"),
            new_nick: s("bob")
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("NickChange", 5));
    assert_eq!(m.summary(), "alice is now bob");
}

#[test]
fn player_join_and_part() {
    let join = event(6, &[&cstr("carol", 32)]);
    let part = event(7, &[&cstr("dave", 32)]);
    assert_eq!((join.len(), part.len()), (36, 36));
    let j = clean(&join);
    let p = clean(&part);
    assert_eq!(j, Message::PlayerJoin(Player { nick: s("carol") }));
    assert_eq!(p, Message::PlayerPart(Player { nick: s("dave") }));
    assert_eq!((j.type_name(), j.type_id()), ("PlayerJoin", 6));
    assert_eq!((p.type_name(), p.type_id()), ("PlayerPart", 7));
    assert_eq!(j.summary(), "carol joined");
    assert_eq!(p.summary(), "dave left");
}

#[test]
fn shutdown_ignores_garbage_after_the_nul() {
    let b = event(8, &[&cstr_then("going down", 64, 0x5a)]);
    assert_eq!(b.len(), 68);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::Shutdown(Shutdown {
            reason: s("going down")
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("Shutdown", 8));
    assert_eq!(m.summary(), "server shutdown: going down");
}

#[test]
fn say1() {
    let b = event(9, &[&cstr("hello", 256)]);
    assert_eq!(b.len(), 260);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::Say1(Say1 {
            message: s("hello")
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("Say1", 9));
    assert_eq!(m.summary(), "say: hello");
    let (n, odd) = notes(&event(9, &[&cstr("héllo", 256)]));
    assert_eq!(
        n,
        vec![s("message: not printable ASCII, as the spec requires")]
    );
    assert!(!odd);
    let (n, odd) = notes(&event(9, &[&cstr("a\tb", 256)]));
    assert_eq!(n, vec![s("message: contains control characters")]);
    assert!(odd);
}

#[test]
fn say2_time_is_a_u64_shown_as_rfc3339() {
    // 2023-11-14T22:13:20Z
    let b = event(
        10,
        &[
            &cstr("alice", 32),
            &1_700_000_000u64.to_be_bytes(),
            &cstr("hello", 256),
        ],
    );
    assert_eq!(b.len(), 300);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::Say2(Say2 {
            nick: s("alice"),
            time: 1_700_000_000,
            time_utc: Some(s("2023-11-14T22:13:20.000000Z")),
            message: s("hello"),
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("Say2", 10));
    assert_eq!(m.summary(), "alice says: hello");

    let far = event(
        10,
        &[&cstr("a", 32), &u64::MAX.to_be_bytes(), &cstr("x", 256)],
    );
    let p = parse_event(&far).unwrap();
    let Message::Say2(m) = p.message else {
        panic!("not a Say2")
    };
    assert_eq!((m.time, m.time_utc), (u64::MAX, None));
    assert_eq!(
        texts(&p.notes),
        vec![format!("time: {} is past the year 9999", u64::MAX)]
    );
    assert_eq!(p.notes, [Note::GlsTimeOutOfRange { secs: u64::MAX }]);
}

#[test]
fn sync_end() {
    let b = event(11, &[&cstr("Welcome!", 256)]);
    assert_eq!(b.len(), 260);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::SyncEnd(SyncEnd {
            motd: s("Welcome!")
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("SyncEnd", 11));
    assert_eq!(m.summary(), "sync end, motd: Welcome!");
}

#[test]
fn plate_place() {
    let b = event(
        12,
        &[
            b"MTH\0",
            &cstr("Numbers.", 256),
            &cstr("Mathematics", 64),
            b"A1\0",
            &[0, 0, 0, 0],
        ],
    );
    assert_eq!(b.len(), 335);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::PlatePlace(PlatePlace {
            abbrev: s("MTH"),
            description: s("Numbers."),
            name: s("Mathematics"),
            loc: s("A1"),
            flags: PlateFlags(0),
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("PlatePlace", 12));
    assert_eq!(m.summary(), "plate \"Mathematics\" (MTH) placed at A1");
    let d = decode_fresh(Direction::S2C, &b);
    assert_eq!(json(&d)["flags"], json!("none"));

    let empty = event(12, &[&[0; 4], &[0; 256], &[0; 64], b"H8\0", &[0, 0, 0, 1]]);
    let m = clean(&empty);
    assert_eq!(m.summary(), "no plate at H8");
    assert_eq!(serde_json::to_value(&m).unwrap()["flags"], json!("empty"));

    let bad = event(12, &[&[0; 4], &[0; 256], &[0; 64], b"I9\0", &[0, 0, 0, 2]]);
    assert_eq!(
        notes(&bad),
        (
            vec![
                s("loc: \"I9\" is outside A1..H8"),
                s("flags: unused bits set (0x00000002)")
            ],
            true
        )
    );
}

#[test]
fn die_place_try() {
    let b = event(13, &[b"C4\0", &[0, 0, 0, 1]]);
    assert_eq!(b.len(), 11);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::DiePlaceTry(DiePlaceTry {
            loc: s("C4"),
            color: Color(1)
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("DiePlaceTry", 13));
    assert_eq!(m.summary(), "try die (red) at C4");
    // Color 0 lets the server choose.
    let any = clean(&event(13, &[b"H8\0", &[0, 0, 0, 0]]));
    assert_eq!(any.summary(), "try die at H8 (any color)");
    assert_eq!(
        serde_json::to_value(&any).unwrap(),
        json!({"loc": "H8", "color": "none"})
    );
    let past = event(13, &[b"C4\0", &[0, 0, 0, 7]]);
    assert_eq!(notes(&past), (vec![s("color: 7 is past purple (6)")], true));
    assert_eq!(
        serde_json::to_value(parse_event(&past).unwrap().message).unwrap()["color"],
        json!("7")
    );
}

#[test]
fn die_place_reject() {
    let b = event(14, &[b"C4\0", &[0, 0, 0, 6], &cstr("No dice left", 64)]);
    assert_eq!(b.len(), 75);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::DiePlaceReject(DiePlaceReject {
            loc: s("C4"),
            color: Color(6),
            reason: s("No dice left"),
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("DiePlaceReject", 14));
    assert_eq!(m.summary(), "rejected die at C4: No dice left");
}

#[test]
fn die_place() {
    let b = event(
        15,
        &[b"C4\0", &[0, 0, 0, 1], &cstr("alice", 32), &[0, 0, 0, 3]],
    );
    assert_eq!(b.len(), 47);
    let m = clean(&b);
    assert_eq!(
        m,
        Message::DiePlace(DiePlace {
            loc: s("C4"),
            color: Color(1),
            nick: s("alice"),
            die: 3,
        })
    );
    assert_eq!((m.type_name(), m.type_id()), ("DiePlace", 15));
    assert_eq!(m.summary(), "die 3 (red) placed at C4 by alice");
    let d = decode_fresh(Direction::S2C, &b);
    assert_eq!(
        (d.type_name.as_ref(), d.type_id, d.error.clone()),
        ("DiePlace", 15, None)
    );
    assert_eq!(
        json(&d),
        json!({"loc": "C4", "color": "red", "nick": "alice", "die": 3})
    );
    assert_eq!(d.fields.summary(), "die 3 (red) placed at C4 by alice");

    let odd = event(
        15,
        &[b"c4\0", &[0, 0, 0, 0], &cstr("alice", 32), &[0, 0, 0, 25]],
    );
    assert_eq!(
        notes(&odd),
        (
            vec![
                s("loc: \"c4\" is outside A1..H8"),
                s("color: 0 (none), but a placed die must have a color"),
                s("die: 25 is not below 25 (the reference reader accepts it)"),
            ],
            true
        )
    );
    let big = event(
        15,
        &[b"C4\0", &[0, 0, 0, 2], &cstr("alice", 32), &[0, 0, 1, 0]],
    );
    assert_eq!(notes(&big).0, vec![s("die: 256 is not below 25")]);
    assert_eq!(note_codes(&big), ["gls.die_out_of_range"]);
}

#[test]
fn a_field_without_nul_is_taken_whole() {
    let b = event(6, &[&[b'x'; 32]]);
    let p = parse_event(&b).unwrap();
    assert_eq!(
        p.message,
        Message::PlayerJoin(Player {
            nick: "x".repeat(32)
        })
    );
    assert_eq!(
        texts(&p.notes),
        vec![s(
            "nick: no NUL in the 32-byte field; the whole field is taken"
        )]
    );
    assert!(p.implausible);
    let loc = event(13, &[b"C44", &[0, 0, 0, 1]]);
    assert_eq!(
        notes(&loc).0,
        vec![
            s("loc: no NUL in the 3-byte field; the whole field is taken"),
            s("loc: \"C44\" is outside A1..H8"),
        ]
    );
    assert_eq!(note_codes(&loc), ["gls.no_nul", "gls.bad_location"]);
}

#[test]
fn bad_magic_and_bad_utf8_are_notes() {
    let b = event(1, &[b"GLX\0", &cstr("0.0", 16), &cstr("gls", 32)]);
    assert_eq!(notes(&b), (vec![s("magic: \"GLX\", not \"GLS\"")], true));
    assert_eq!(note_codes(&b), ["gls.bad_magic"]);
    let mut nick = cstr("", 32);
    nick[0] = 0xff;
    let p = parse_event(&event(7, &[&nick])).unwrap();
    assert_eq!(texts(&p.notes), vec![s("nick: not valid UTF-8")]);
    assert_eq!(p.notes, [Note::GlsInvalidUtf8 { field: "nick" }]);
    assert_eq!(
        p.message,
        Message::PlayerPart(Player {
            nick: s("\u{fffd}")
        })
    );
}

#[test]
fn wrong_sizes_and_unknown_types_are_errors() {
    assert_eq!(
        parse_event(&[0, 0]),
        Err(s("shorter than the 4-byte event type"))
    );
    assert_eq!(
        parse_event(&[0, 0, 0, 16, 1, 2]),
        Err(s("unknown GLS event type 16"))
    );
    let mut short = event(13, &[b"C4\0", &[0, 0, 0, 1]]);
    short.pop();
    assert_eq!(
        parse_event(&short),
        Err(s("DiePlaceTry is 11 bytes, 10 given"))
    );
    let d = Decoder::new().decode(Direction::C2S, &short);
    assert_eq!(d.type_name, "DiePlaceTry");
    assert_eq!(d.type_id, 13);
    assert_eq!(
        d.error.as_deref(),
        Some("DiePlaceTry is 11 bytes, 10 given")
    );
    assert_eq!(json(&d), json!({"raw": "0000000d433400000000"}));
    let d = Decoder::new().decode(Direction::C2S, &[0, 0, 1, 0]);
    assert_eq!((d.type_name.as_ref(), d.type_id), ("Unknown", 256));
    assert_eq!(d.error.as_deref(), Some("unknown GLS event type 256"));
}

#[test]
fn decoder_reports_protocol_and_dialect() {
    let d = Decoder::new();
    assert_eq!(d.protocol(), ProtocolId::Gls);
    assert_eq!(
        d.dialect(),
        None,
        "one dialect: nothing finer than the protocol"
    );
    let boxed = crate::protocols::new_decoder(ProtocolId::Gls);
    assert_eq!(boxed.protocol(), ProtocolId::Gls);
}
