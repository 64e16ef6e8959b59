//! Tests of the note codes: unique, well formed, documented, and one per
//! kind of note.

use super::*;
use std::collections::BTreeSet;

/// One note of every kind.
fn examples() -> Vec<Note> {
    use Note::*;
    let path = || "HandStart.seats".to_string();
    vec![
        PokerThReserved { value: 1, bits: 16 },
        PokerThPadding {
            field: "player_name",
        },
        PokerThInvalidUtf8 {
            field: "player_name",
        },
        PokerThStringTooLong {
            field: "password",
            len: 70,
            limit: 64,
        },
        PokerThNotACard {
            field: "card",
            value: 52,
        },
        PokerThAboveLimit {
            field: "max_number_of_players",
            value: 11,
            limit: 10,
        },
        PokerThUnknownValue {
            field: "raise_mode",
            value: 9,
        },
        PokerThUnknownFlags {
            field: "privacy_flags",
            bits: 0x10,
        },
        PokerThGuiSpeed { value: 0 },
        PokerThVersion {
            dialect: PokerThDialect::PokerTh,
            major: 9,
            minor: 1,
        },
        PokerThAvatarWithoutType,
        PokerThNoStatistics,
        PokerThPlayerNumber {
            number: 3,
            players: 2,
        },
        PokerThTrailingBytes { count: 4 },
        PokerThAboveMaxLength {
            len: 300,
            dialect: PokerThDialect::PokerTh,
        },
        PokerThLengthNotAligned { len: 13 },
        PokerTh1ExtraMessage {
            field: 3,
            name: "InitMessage",
        },
        PokerTh1UnknownType { kind: 99 },
        PokerTh1NoMessageType { field: 2 },
        PokerTh1TypeMismatch {
            kind: 1,
            kind_name: "AnnounceMessage",
            field: 3,
            field_name: "InitMessage",
        },
        PokerTh1UnknownEnvelopeField { field: 200 },
        PokerTh1UnknownField {
            path: path(),
            field: 99,
        },
        PokerTh1MissingField {
            path: path(),
            field: "seat",
        },
        PokerTh1UnknownValue {
            path: path(),
            value: 7,
            enumeration: "NetPlayerAction",
        },
        PokerTh1NotACard {
            path: path(),
            value: 60,
        },
        PokerNetworkBoolByte {
            field: "auto",
            byte: 2,
        },
        PokerNetworkYesNoByte {
            field: "sit_n_go",
            byte: 5,
        },
        PokerNetworkInvalidJson {
            field: "json",
            error: "EOF".into(),
        },
        PokerNetworkInvalidLiteral {
            field: "info",
            error: "EOF".into(),
        },
        PokerNetworkNotACard {
            field: "cards",
            byte: 200,
        },
        PokerNetworkOlderLayout { field: "currency" },
        PokerNetworkInvalidUtf8 { field: "name" },
        PokerNetworkUnknownType { type_id: 250 },
        PokerNetworkLeftover {
            count: 2,
            head: Box::new([0xab, 0xcd]),
        },
        PokerNetworkInList {
            field: "packets",
            index: 0,
            name: "PacketPokerFold",
            note: Box::new(PokerNetworkLeftover {
                count: 1,
                head: Box::new([0]),
            }),
        },
        GlsWrongDirection {
            message: "NickReq",
            client_sends: true,
        },
        GlsUnexpected {
            message: "DiePlace",
            state: ClientState::Connected,
        },
        GlsNoNul {
            field: "nick",
            size: 32,
        },
        GlsControlCharacters { field: "nick" },
        GlsInvalidUtf8 { field: "nick" },
        GlsNotPrintable { field: "motd" },
        GlsEmptyNick { field: "nick" },
        GlsNickNotAlphanumeric { field: "nick" },
        GlsBadLocation { loc: "Z9".into() },
        GlsColorOutOfRange { value: 7 },
        GlsMissingColor,
        GlsDieOutOfRange { value: 30 },
        GlsUnusedFlags { value: 2 },
        GlsTimeOutOfRange { secs: u64::MAX },
        GlsRejectionWithoutReason,
        GlsNickRejectionWithoutReason,
        GlsReasonWithNick,
        GlsBadMagic {
            magic: "GLX".into(),
        },
        CardGameWrongDirection {
            message: "Score",
            client_sends: false,
        },
        CardGameScoreNotCumulative {
            total: 10,
            previous: 3,
            increase: 4,
        },
        CardGameInvalidUtf8,
        CardGameControlCharacters,
        CardGameCardOutOfRange { card: 96 },
        CardGameUnknownDeal { value: 2 },
        CardGameUnknownPlace { value: 0x7f },
        CardGameUnexpectedDetail { detail: 3 },
        CardGameImageOutOfRange { value: 25 },
        CardGameUnknownStage { value: 0x40 },
        CardGameUnknownPlayer { value: 2 },
        CardGameTotalBelowIncrease {
            total: 1,
            increase: 2,
        },
        WebSocketAcceptMismatch {
            got: "x".into(),
            expected: "y".into(),
        },
        WebSocketMissingKey,
        WebSocketMissingAccept,
        WebSocketMissingUpgrade,
        WebSocketMaskedServerFrame,
        WebSocketUnmaskedClientFrame,
        WebSocketCompressedWithoutDeflate,
        WebSocketReservedBits { rsv: 0b010 },
        WebSocketInterrupted {
            opcode: "binary",
            frames: 2,
        },
        WebSocketTextNotUtf8,
        WebSocketCloseOneByte,
        WebSocketCloseCode { code: 1005 },
        WebSocketCloseReasonNotUtf8,
        WebSocketAfterClose,
    ]
}

/// `^[a-z0-9]+(\.[a-z0-9_]+)+$`, without a regex engine.
fn well_formed(code: &str) -> bool {
    let mut parts = code.split('.');
    let first = parts.next().unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    let ok = |s: &str, extra: &[u8]| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || extra.contains(&b))
    };
    ok(first, b"") && !rest.is_empty() && rest.iter().all(|p| ok(p, b"_"))
}

#[test]
fn the_pattern_checker_checks_the_pattern() {
    for good in ["a.b", "pokerth1.not_a_card", "x9.y_z.w"] {
        assert!(well_formed(good), "{good}");
    }
    for bad in [
        "", "a", "a.", ".b", "A.b", "a_b.c", "a.B", "a.b-c", "a..b", "a.b ",
    ] {
        assert!(!well_formed(bad), "{bad}");
    }
}

#[test]
fn every_code_is_unique_and_well_formed() {
    let mut seen = BTreeSet::new();
    for (code, meaning) in CODES {
        assert!(well_formed(code), "{code}");
        assert!(seen.insert(code), "{code} twice");
        assert!(!meaning.is_empty(), "{code}");
    }
}

#[test]
fn a_code_is_named_by_its_protocol_or_stage() {
    let namespaces = [
        "pokerth",
        "pokerth1",
        "pokernetwork",
        "gls",
        "cardgame",
        "websocket",
    ];
    for (code, _) in CODES {
        let ns = code.split('.').next().unwrap();
        assert!(namespaces.contains(&ns), "{code}");
    }
}

/// Every kind of note has a code of [`CODES`], and every code a kind: the
/// table documents exactly what the code writes.
#[test]
fn the_codes_are_those_of_the_notes() {
    let all: BTreeSet<&str> = CODES.iter().map(|(c, _)| *c).collect();
    let examples = examples();
    let written: BTreeSet<&str> = examples.iter().map(Note::code).collect();
    assert_eq!(written, all);
    // One kind per code (the note about a packet of a list takes the
    // inner note's code).
    let kinds = examples.len() - 1;
    assert_eq!(kinds, CODES.len());
}

#[test]
fn texts_are_those_the_records_always_wrote() {
    let text = |n: Note| n.to_string();
    use Note::*;
    assert_eq!(
        text(PokerThReserved {
            value: 0xab,
            bits: 16
        }),
        "reserved field is 0x00ab, not zero"
    );
    assert_eq!(
        text(PokerThReserved {
            value: 0xab,
            bits: 32
        }),
        "reserved field is 0x000000ab, not zero"
    );
    assert_eq!(
        text(PokerThVersion {
            dialect: PokerThDialect::PokerTh2007,
            major: 2,
            minor: 0
        }),
        "requested version 2.0 is not the 2007 protocol's 1.x"
    );
    assert_eq!(
        text(PokerThAboveMaxLength {
            len: 300,
            dialect: PokerThDialect::PokerTh2007
        }),
        "length 300 is above the pokerth-2007 maximum of 256 (accepted)"
    );
    assert_eq!(
        text(PokerNetworkLeftover {
            count: 40,
            head: vec![0xff; 32].into()
        }),
        format!(
            "40 leftover bytes after the last attribute: {}...",
            "ff".repeat(32)
        )
    );
    let nested = PokerNetworkInList {
        field: "packets",
        index: 2,
        name: "PacketPokerChat",
        note: Box::new(PokerNetworkInvalidUtf8 { field: "message" }),
    };
    assert_eq!(
        text(nested.clone()),
        "packets[2] (PacketPokerChat): `message`: invalid UTF-8, replaced"
    );
    assert_eq!(nested.code(), "pokernetwork.invalid_utf8");
    assert_eq!(
        text(GlsDieOutOfRange { value: 25 }),
        "die: 25 is not below 25 (the reference reader accepts it)"
    );
    assert_eq!(
        text(GlsDieOutOfRange { value: 26 }),
        "die: 26 is not below 25"
    );
    assert_eq!(
        text(CardGameWrongDirection {
            message: "Score",
            client_sends: false
        }),
        "Score is sent by the server, but this came from the client"
    );
    assert_eq!(
        text(WebSocketAcceptMismatch {
            got: "a\"b".into(),
            expected: "c".into()
        }),
        r#"Sec-WebSocket-Accept "a\"b" does not answer the key (expected "c")"#
    );
    assert_eq!(
        text(WebSocketReservedBits { rsv: 0b011 }),
        "reserved bits 0b011 set without an extension that uses them"
    );
}

#[test]
fn notes_serialise_as_their_text_and_join_for_tables() {
    let notes = [
        Note::GlsMissingColor,
        Note::CardGameUnknownDeal { value: 7 },
    ];
    assert_eq!(
        serde_json::to_string(&notes).unwrap(),
        r#"["color: 0 (none), but a placed die must have a color","deal: 7 is neither 0 nor 1"]"#
    );
    assert_eq!(
        joined(&notes),
        "color: 0 (none), but a placed die must have a color; deal: 7 is neither 0 nor 1"
    );
    assert_eq!(joined(&[]), "");
}

/// The table of note codes in docs/notes.md lists exactly [`CODES`], in order,
/// with their meanings.
#[test]
fn the_docs_document_every_code() {
    let doc = include_str!("../../../docs/notes.md");
    let rows: Vec<(String, String)> = doc
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("| `")?;
            let (code, rest) = rest.split_once("` | ")?;
            let meaning = rest.strip_suffix(" |")?;
            well_formed(code).then(|| (code.to_string(), meaning.to_string()))
        })
        .collect();
    let want: Vec<(String, String)> = CODES
        .iter()
        .map(|(c, m)| (c.to_string(), m.to_string()))
        .collect();
    assert_eq!(rows, want);
}
