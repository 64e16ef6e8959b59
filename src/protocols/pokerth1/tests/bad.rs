//! Bad input: every defect is an error record or a note naming it, never a
//! panic, never an allocation from a length.

use super::*;
use crate::protocols::pokerth1::framing::MAX_LEN;

#[test]
fn a_4_gb_length_prefix_is_invalid_framing() {
    let m = [0xff, 0xff, 0xff, 0xf0, 0x08, 0x28, 0xca, 0x02];
    match Decoder::new().frame(C2S, &m) {
        Framing::Invalid(why) => assert!(why.to_string().contains("256 KiB"), "{why}"),
        other => panic!("{other:?}"),
    }
    let mut just_over = ((MAX_LEN + 1) as u32).to_be_bytes().to_vec();
    just_over.extend_from_slice(&[0x08, 0x28]);
    assert!(matches!(
        Decoder::new().frame(C2S, &just_over),
        Framing::Invalid(_)
    ));
}

#[test]
fn a_truncated_varint_is_an_error() {
    // PlayersActionDone whose last varint (minimumRaise) has its
    // continuation bit set at the end of the message.
    let m = framed("082cea02040801409c");
    let d = decode(&m);
    let e = d.error.expect("an error");
    assert!(e.contains("not a PokerTHMessage"), "{e}");
    assert_eq!(d.type_name, "PlayersActionDone");
    assert_eq!(d.type_id, 44);
    assert_eq!(
        serde_json::to_value(&d.fields).unwrap()["raw"],
        "082cea02040801409c"
    );
}

#[test]
fn a_wrong_wire_type_is_an_error() {
    // playerId (field 2, a uint32) sent length-delimited.
    let m = framed("082cea0205080112010a");
    let e = decode(&m).error.expect("an error");
    assert!(e.contains("wire type"), "{e}");
}

#[test]
fn a_nested_length_past_its_message_is_an_error() {
    // HandStart's plainCards claims 9 bytes inside a 6-byte message.
    let m = framed("0828ca02060801120908031a");
    // Framing only checks the outer message; the decoder refuses.
    let e = decode(&m).error.expect("an error");
    assert!(!e.is_empty());
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    // An unknown field 99 of groups nested 5000 deep inside Init.
    let mut body = Vec::new();
    for _ in 0..5000 {
        key(99, 3, &mut body);
    }
    let m = envelope(2, &body);
    let d = decode(&m);
    assert!(d.error.is_some());
}

#[test]
fn unknown_fields_are_kept_with_a_note() {
    // Init with an extra varint field 20 = 300 and a string field 21.
    let mut body = Vec::new();
    len_field(1, &[0x08, 0x05, 0x10, 0x01], &mut body);
    key(2, 0, &mut body);
    body.push(0);
    key(5, 0, &mut body);
    body.push(2);
    len_field(6, b"eve", &mut body);
    key(20, 0, &mut body);
    varint(300, &mut body);
    len_field(21, b"hi", &mut body);
    let d = decode(&envelope(2, &body));
    assert_eq!(d.error, None);
    assert_eq!(
        texts(&d.notes),
        [
            "Init: field 20 is not in protocol 5.1 (kept)",
            "Init: field 21 is not in protocol 5.1 (kept)"
        ]
    );
    assert_eq!(
        codes(&d.notes),
        ["pokerth1.unknown_field", "pokerth1.unknown_field"]
    );
    let f = serde_json::to_value(&d.fields).unwrap();
    assert_eq!(f["nick_name"], "eve");
    assert_eq!(
        f["unknown_fields"],
        serde_json::json!([
            {"number": 20, "wire_type": "varint", "value": 300, "hex": "ac02"},
            {"number": 21, "wire_type": "len", "hex": "6869"}
        ])
    );
}

#[test]
fn a_newer_message_type_is_kept_not_an_error() {
    // Type 90 with its message at field 91: not in protocol 5.1.
    let d = decode(&envelope(90, &[0x08, 0x01]));
    assert_eq!(d.error, None);
    assert_eq!(d.type_name, "Unknown");
    assert_eq!(d.type_id, 90);
    assert_eq!(
        texts(&d.notes),
        ["message type 90 is not in PokerTH 1.x protocol 5.1: its fields are kept as unknown"]
    );
    assert_eq!(d.notes, [Note::PokerTh1UnknownType { kind: 90 }]);
    let f = serde_json::to_value(&d.fields).unwrap();
    assert_eq!(f["unknown_fields"][0]["number"], 91);
}

#[test]
fn a_type_that_does_not_name_its_message_is_noted() {
    // messageType 2 (Init) but field 7 (InitAck) set: framing refuses it
    // (resynchronisation must not trust it) ...
    let mut env = vec![0x08, 0x02];
    len_field(7, &[0x10, 0x01], &mut env);
    let mut m = (env.len() as u32).to_be_bytes().to_vec();
    m.extend_from_slice(&env);
    assert!(matches!(Decoder::new().frame(C2S, &m), Framing::Invalid(_)));
    // ... and the decoder, given it, names what it found.
    let d = Decoder::new().decode(C2S, &m);
    assert_eq!(d.type_name, "InitAck");
    assert!(
        d.notes
            .iter()
            .any(|n| n.to_string().contains("does not name")),
        "{:?}",
        d.notes
    );
    assert!(codes(&d.notes).contains(&"pokerth1.message_type_mismatch"));
}

#[test]
fn invalid_utf8_is_an_error() {
    let mut body = Vec::new();
    len_field(6, &[0xff, 0xfe], &mut body);
    let d = decode(&envelope(2, &body));
    assert!(d.error.is_some());
}

#[test]
fn values_outside_the_protocol_are_notes() {
    // DealTurnCard with card 60; PlayersTurn with gameState 9.
    let d = decode(&framed("082efa020408011010"));
    assert!(d.notes.is_empty(), "{:?}", d.notes);
    let d = decode(&framed("082efa020408011040"));
    assert_eq!(
        texts(&d.notes),
        ["DealTurnCard.turn_card: 64 is not a card (0..51)"]
    );
    assert_eq!(codes(&d.notes), ["pokerth1.not_a_card"]);
    assert_eq!(serde_json::to_value(&d.fields).unwrap()["turn_card"], "64");
    let d = decode(&envelope(41, &[0x08, 0x01, 0x10, 0x02, 0x18, 0x09]));
    assert_eq!(d.type_name, "PlayersTurn");
    assert!(
        d.notes[0]
            .to_string()
            .contains("9 is not a value of NetGameState"),
        "{:?}",
        d.notes
    );
    assert_eq!(codes(&d.notes), ["pokerth1.unknown_value"]);
    assert_eq!(serde_json::to_value(&d.fields).unwrap()["game_state"], "9");
}

proptest::proptest! {
    /// The scan and prost agree: bytes the scan accepts as a message of a
    /// type decode with prost-reflect as that type (so reading its fields
    /// later never fails), and bytes prost refuses the scan refuses.
    #[test]
    fn the_scan_and_prost_agree(
        kind in 1u32..=81,
        body in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
    ) {
        use crate::protocols::pokerth1::messages::{schema, type_name};
        use crate::protocols::pokerth1::scan::{index_of, scan};
        let name = type_name(kind).unwrap();
        let full = format!("{name}Message");
        let desc = schema().message(&full).unwrap();
        let mut notes = Vec::new();
        let scanned = scan(index_of(&full).unwrap(), &body, name, &mut notes);
        let decoded = prost_reflect::DynamicMessage::decode(desc.clone(), &body[..]);
        proptest::prop_assert_eq!(scanned.is_ok(), decoded.is_ok(), "{:?} {:?}", scanned, decoded.err());
        // Written straight from the bytes or through prost: the same record.
        if let (Ok(true), Ok(d)) = (&scanned, decoded) {
            use crate::protocols::pokerth1::messages::Message;
            let index = index_of(&full).unwrap();
            let direct = Message::lazy(kind, name, &body, Some(index));
            let through = Message::decoded(kind, name, d, Vec::new());
            proptest::prop_assert_eq!(
                serde_json::to_value(&direct).unwrap(),
                serde_json::to_value(&through).unwrap()
            );
        }
    }
}
