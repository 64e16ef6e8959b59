//! Framing, lengths, strings, leftovers: what is an error and what is a
//! note.

use super::*;

#[test]
fn framing_follows_the_header_length() {
    let dec = Decoder::new();
    assert_eq!(dec.frame(C2S, &[0, 1]), Framing::NeedMore(4));
    assert_eq!(dec.frame(C2S, &[0, 0x52, 0, 12, 0]), Framing::NeedMore(12));
    let two = [msg(97, &[0, 1, 0, 0]), msg(98, &[0, 2, 0, 0])].concat();
    assert_eq!(dec.frame(C2S, &two), Framing::Message(8));
    assert!(matches!(
        dec.frame(C2S, &[0, 0x52, 0, 4]),
        Framing::Invalid(_)
    ));
    assert!(matches!(
        dec.frame(C2S, &[0, 0x52, 0, 7]),
        Framing::Invalid(_)
    ));
    assert!(matches!(
        dec.frame(C2S, &[0, 0x52, 0x10, 1]),
        Framing::Invalid(_)
    ));
    assert!(matches!(
        dec.frame(C2S, &[0x47, 0x45, 0x54, 0x20]),
        Framing::Invalid(_)
    ));
    assert!(matches!(dec.frame(C2S, &[0, 9, 0, 8]), Framing::Invalid(_)));
    // Type 8 exists in pokerth-2007 only.
    assert_eq!(dec.frame(C2S, &[0, 8, 0, 16]), Framing::NeedMore(16));
    let decided = Decoder::with_dialect(Dialect::PokerTh);
    assert!(matches!(
        decided.frame(C2S, &[0, 8, 0, 16]),
        Framing::Invalid(_)
    ));
}

#[test]
fn start_kick_player_petition_is_20_bytes() {
    let ok = unhex("007300140000004d000003e9000003ec003c0002");
    let mut dec = Decoder::new();
    assert_eq!(decode_one(&mut dec, &ok).error, None);
    let short = msg(115, &ok[4..16]);
    let d = decode_one(&mut dec, &short);
    assert_eq!(d.type_name, "StartKickPlayerPetition");
    assert!(d.error.unwrap().contains("must be 20 bytes long, not 16"));
    assert!(matches!(d.fields, Fields::Raw { .. }));
}

#[test]
fn fixed_size_messages_with_another_length_are_errors() {
    let mut dec = Decoder::with_dialect(Dialect::PokerTh);
    let d = decode_one(&mut dec, &msg(84, &[0; 28]));
    assert_eq!(d.type_name, "PlayersActionDone");
    assert_eq!(
        d.error.as_deref(),
        Some("PlayersActionDone must be 28 bytes long, not 32")
    );
}

#[test]
fn long_end_of_hand_is_accepted_with_a_note() {
    let mut body = vec![0, 10, 0, 0];
    for p in 0..10u32 {
        body.extend_from_slice(&(1000 + p).to_be_bytes());
        body.extend_from_slice(&[0, 11, 0, 51, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 0]);
        body.extend_from_slice(&[0; 12]);
    }
    let m = msg(100, &body);
    assert_eq!(m.len(), 328);
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &m);
    assert_eq!(d.error, None);
    assert_eq!(
        texts(&d.notes),
        ["length 328 is above the pokerth maximum of 268 (accepted)"]
    );
    assert_eq!(codes(&d.notes), ["pokerth.above_max_length"]);
    assert_eq!(
        fields_json(&d)["player_result_records"][9]["player_id"],
        1009
    );
}

#[test]
fn counts_running_past_the_end_are_errors() {
    let mut dec = Decoder::new();
    // Two PlayerCards records announced, one present.
    let d = decode_one(
        &mut dec,
        &msg(99, &[0, 2, 0, 0, 0, 0, 3, 0xe9, 0, 11, 0, 51]),
    );
    assert!(d
        .error
        .unwrap()
        .contains("player_cards_records (2 × 8 bytes) run past"));
    // A chat text longer than the message.
    let d = decode_one(&mut dec, &msg(512, &[0, 9, 0, 0, b'h', b'i', 0, 0]));
    assert!(d
        .error
        .unwrap()
        .starts_with("text (9 bytes) runs past the end"));
    // A name length beyond the Init.
    let d = decode_one(&mut dec, &msg(1, &[0, 5, 0, 2, 0, 0, 0, 40, 0, 0, 0, 0]));
    assert!(d
        .error
        .unwrap()
        .starts_with("player_name (40 bytes) runs past"));
    // Player ids past the end of Game Start.
    let d = decode_one(
        &mut dec,
        &msg(80, &[0, 0, 3, 0xe9, 0, 3, 0, 0, 0, 0, 3, 0xe9]),
    );
    assert!(d.error.unwrap().contains("player_id_slots (3 × 4 bytes)"));
}

#[test]
fn trailing_bytes_are_a_note_only_where_the_code_checks_a_minimum() {
    let mut dec = Decoder::new();
    let mut init = unhex("00010014000500020000000400000000426f6231");
    init.extend_from_slice(&[0, 0, 0, 0]);
    init[3] = 24;
    let d = decode_one(&mut dec, &init);
    assert_eq!(d.error, None);
    assert_eq!(
        texts(&d.notes),
        ["4 bytes after the last field (legal: only a minimum length is checked)"]
    );
    assert_eq!(d.notes, [Note::PokerThTrailingBytes { count: 4 }]);
    // Chat Text's counts give its exact length.
    let mut chat = unhex("02010014000003ea0005000068656c6c6f000000");
    chat.extend_from_slice(&[0, 0, 0, 0]);
    chat[3] = 24;
    let d = decode_one(&mut dec, &chat);
    assert!(d.error.unwrap().starts_with("4 bytes after the last field"));
}

#[test]
fn nonzero_padding_and_reserved_bytes_are_notes() {
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &unhex("02010014000003ea0005000168656c6c6f00ff00"));
    assert_eq!(d.error, None);
    assert_eq!(
        texts(&d.notes),
        [
            "reserved field is 0x0001, not zero",
            "the padding after text is not zero"
        ]
    );
    assert_eq!(
        codes(&d.notes),
        ["pokerth.reserved_not_zero", "pokerth.padding_not_zero"]
    );
}

#[test]
fn invalid_utf8_is_shown_lossily_with_a_note() {
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &msg(514, &[0, 3, 0, 0, b'a', 0xff, b'b', 0]));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["text"], "a\u{fffd}b");
    assert_eq!(texts(&d.notes), ["text is not valid UTF-8 (shown lossily)"]);
    assert_eq!(codes(&d.notes), ["pokerth.invalid_utf8"]);
}

#[test]
fn missing_final_padding_is_a_note() {
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &msg(512, &[0, 2, 0, 0, b'h', b'i']));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["text"], "hi");
    assert_eq!(texts(&d.notes), ["length 10 is not a multiple of 4"]);
    assert_eq!(codes(&d.notes), ["pokerth.length_not_aligned"]);
}

#[test]
fn optional_avatar_md5_follows_the_flags() {
    let mut dec = Decoder::new();
    let with = decode_one(
        &mut dec,
        &unhex("00210024000003e9000f000400000000c4ca4238a0b923820dcc509a6f75849b5a6fc3ab"),
    );
    let f = fields_json(&with);
    assert_eq!(f["avatar_md5"], "c4ca4238a0b923820dcc509a6f75849b");
    assert_eq!(f["avatar_type"], "gif");
    assert_eq!(f["player_name"], "Zoë");
    let without = decode_one(&mut dec, &unhex("00210014000003ed0000000300000000426f7400"));
    let f = fields_json(&without);
    assert!(f.get("avatar_md5").is_none());
    assert_eq!(f["avatar_type"], "none");
    assert_eq!(
        without.fields.summary(),
        "player 1005 is \"Bot\" (computer)"
    );
}

#[test]
fn undocumented_values_are_numbers_in_strings_with_a_note() {
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &msg(256, &[0, 9, 0, 0]));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["remove_reason"], "9");
    assert_eq!(
        texts(&d.notes),
        ["remove_reason 9 is not a documented value"]
    );
    assert_eq!(
        d.notes,
        [Note::PokerThUnknownValue {
            field: "remove_reason",
            value: 9
        }]
    );
}

#[test]
fn out_of_range_cards_are_numbers_in_strings_with_a_note() {
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &msg(97, &[0, 60, 0, 0]));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["turn_card"], "60");
    assert_eq!(texts(&d.notes), ["turn_card 60 is not a card (0..51)"]);
    assert_eq!(codes(&d.notes), ["pokerth.not_a_card"]);
}

#[test]
fn garbage_never_panics() {
    // Every type with every length up to 64 and a few fillers.
    let ids: Vec<u16> = TYPES
        .iter()
        .chain(TYPES_2007.iter())
        .map(|s| s.id)
        .collect();
    for &id in &ids {
        for len in 8..64usize {
            for fill in [0u8, 1, 0xff] {
                let mut m = vec![fill; len];
                m[0..2].copy_from_slice(&id.to_be_bytes());
                m[2..4].copy_from_slice(&(len as u16).to_be_bytes());
                for mut dec in [
                    Decoder::new(),
                    Decoder::with_dialect(Dialect::PokerTh),
                    Decoder::with_dialect(Dialect::PokerTh2007),
                ] {
                    if let Framing::Message(n) = dec.frame(C2S, &m) {
                        let d = dec.decode(C2S, &m[..n]);
                        let _ = serde_json::to_string(&d).unwrap();
                        let _ = d.fields.summary();
                    }
                }
            }
        }
    }
}
