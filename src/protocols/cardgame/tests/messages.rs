//! Every message type from bytes written by hand from the specification.

use super::super::messages::*;
use super::super::parsing::parse_message;
use super::*;
use serde_json::json;

/// Parses `bytes`, expecting no notes; checks name and opcode, and that a
/// fresh decoder gives the same with no error.
fn clean(bytes: &[u8], name: &str) -> Message {
    let p = parse_message(bytes).expect("parses");
    assert_eq!(p.notes, Vec::<Note>::new());
    assert_eq!(p.message.type_name(), name);
    assert_eq!(p.message.opcode(), bytes[0]);
    let d = decode_fresh(bytes);
    assert_eq!(
        (d.type_name.as_ref(), d.type_id, &d.error),
        (name, u32::from(bytes[0]), &None)
    );
    assert_eq!(d.notes, Vec::<Note>::new());
    p.message
}

/// The texts of the notes of `bytes`.
fn notes(bytes: &[u8]) -> Vec<String> {
    texts(&parse_message(bytes).expect("parses").notes)
}

/// The codes of the notes of `bytes`.
fn note_codes(bytes: &[u8]) -> Vec<&'static str> {
    codes(&parse_message(bytes).expect("parses").notes)
}

fn loc(place: u8, detail: u8) -> Loc {
    Loc {
        place: Place(place),
        detail,
    }
}

#[test]
fn reset() {
    let m = clean(&[0x01, 0x01], "Reset");
    assert_eq!(m, Message::Reset(Reset { deal: Deal(1) }));
    assert_eq!(m.summary(), "reset: recipient deals");
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        json!({"deal": "recipient"})
    );
    let m = clean(&[0x01, 0x00], "Reset");
    assert_eq!(m.summary(), "reset: opponent deals");
    assert_eq!(notes(&[0x01, 0x02]), ["deal: 2 is neither 0 nor 1"]);
    assert_eq!(note_codes(&[0x01, 0x02]), ["cardgame.unknown_deal"]);
}

#[test]
fn teleport() {
    let m = clean(&[0x02, 17, 0x03, 3], "Teleport");
    assert_eq!(
        m,
        Message::Teleport(CardLoc {
            card: 17,
            loc: loc(3, 3)
        })
    );
    assert_eq!(m.summary(), "teleport card 17 to opponent's hand, card 3");
    assert_eq!(
        json(&decode_fresh(&[0x02, 17, 0x03, 3])),
        json!({"card": 17, "loc": {"place": "opponent_hand", "detail": 3}})
    );
    let m = clean(&[0x02, 95, 0x01, 0], "Teleport");
    assert_eq!(m.summary(), "teleport card 95 to turned-up trump");
}

#[test]
fn move_to_every_place() {
    let m = clean(&[0x03, 17, 0x03, 3], "Move");
    assert_eq!(
        m,
        Message::Move(CardLoc {
            card: 17,
            loc: loc(3, 3)
        })
    );
    assert_eq!(m.summary(), "move card 17 to opponent's hand, card 3");
    let texts: Vec<String> = [
        (0, 0),
        (1, 0),
        (2, 11),
        (3, 0),
        (4, 0),
        (5, 0),
        (6, 0),
        (7, 2),
        (8, 5),
    ]
    .iter()
    .map(|&(p, d)| clean(&[0x03, 0, p, d], "Move").summary())
    .collect();
    assert_eq!(
        texts,
        [
            "move card 0 to stock pile",
            "move card 0 to turned-up trump",
            "move card 0 to recipient's hand, card 11",
            "move card 0 to opponent's hand, card 0",
            "move card 0 to the trick",
            "move card 0 to recipient's trick pile",
            "move card 0 to opponent's trick pile",
            "move card 0 to recipient's meld area 2",
            "move card 0 to opponent's meld area 5",
        ]
    );
    let names: Vec<String> = (0..=8).map(|p| Place(p).to_string()).collect();
    assert_eq!(
        names,
        [
            "stock",
            "trump",
            "recipient_hand",
            "opponent_hand",
            "trick",
            "recipient_trick_pile",
            "opponent_trick_pile",
            "recipient_meld",
            "opponent_meld"
        ]
    );
}

#[test]
fn odd_cards_and_places_are_notes() {
    assert_eq!(
        notes(&[0x03, 96, 0, 0]),
        ["card: 96 is past the last card id (95)"]
    );
    assert_eq!(notes(&[0x03, 1, 9, 0]), ["loc: unknown place 0x09"]);
    assert_eq!(note_codes(&[0x03, 1, 9, 0]), ["cardgame.unknown_place"]);
    assert_eq!(
        notes(&[0x03, 1, 4, 1]),
        ["loc: detail 1 where the place has none (0)"]
    );
    let m = parse_message(&[0x03, 1, 9, 7]).unwrap().message;
    assert_eq!(m.summary(), "move card 1 to unknown place 0x09 7");
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        json!({"card": 1, "loc": {"place": "9", "detail": 7}})
    );
}

#[test]
fn set_image_names_every_face() {
    let m = clean(&[0x04, 17, 14], "SetImage");
    assert_eq!(
        m,
        Message::SetImage(SetImage {
            card: 17,
            image: Image(14)
        })
    );
    assert_eq!(m.summary(), "card 17 shows Qh");
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        json!({"card": 17, "image": "Qh"})
    );
    let faces: Vec<String> = (0..=24).map(|i| Image(i).to_string()).collect();
    assert_eq!(
        faces.join(" "),
        "9c Jc Qc Kc Tc Ac 9d Jd Qd Kd Td Ad 9h Jh Qh Kh Th Ah 9s Js Qs Ks Ts As back"
    );
    let back = clean(&[0x04, 0, 24], "SetImage");
    assert_eq!(back.summary(), "card 0 shows back");
    assert_eq!(notes(&[0x04, 0, 25]), ["image: 25 is past the back (24)"]);
    let odd = parse_message(&[0x04, 0, 25]).unwrap().message;
    assert_eq!(
        serde_json::to_value(&odd).unwrap(),
        json!({"card": 0, "image": "25"})
    );
}

#[test]
fn delay() {
    let m = clean(&[0x05, 0x01, 0xf4], "Delay");
    assert_eq!(m, Message::Delay(Delay { milliseconds: 500 }));
    assert_eq!(m.summary(), "delay 500 ms");
    let m = clean(&[0x05, 0xff, 0xff], "Delay");
    assert_eq!(
        m,
        Message::Delay(Delay {
            milliseconds: 65535
        })
    );
}

#[test]
fn raise_and_lower() {
    let r = clean(&[0x06, 42], "Raise");
    let l = clean(&[0x07, 43], "Lower");
    assert_eq!(r, Message::Raise(CardOnly { card: 42 }));
    assert_eq!(l, Message::Lower(CardOnly { card: 43 }));
    assert_eq!(
        (r.summary(), l.summary()),
        ("raise card 42".into(), "lower card 43".into())
    );
    assert_eq!(
        notes(&[0x06, 200]),
        ["card: 200 is past the last card id (95)"]
    );
}

#[test]
fn wait_animations() {
    let m = clean(&[0x08], "WaitAnimations");
    assert_eq!(m, Message::WaitAnimations(WaitAnimations {}));
    assert_eq!(m.summary(), "wait for animations");
    assert_eq!(json(&decode_fresh(&[0x08])), json!({}));
}

#[test]
fn stage_names_every_phase() {
    let m = clean(&[0x09, 0x05], "Stage");
    assert_eq!(m, Message::Stage(StageChange { stage: Stage(5) }));
    assert_eq!(m.summary(), "stage: phase 1: recipient to meld or draw");
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        json!({"stage": "phase1_recipient_to_meld_or_draw"})
    );
    let names: Vec<String> = (0..=11).map(|s| Stage(s).to_string()).collect();
    assert_eq!(
        names.join(" "),
        "dealing phase1_recipient_to_lead phase1_opponent_to_lead \
         phase1_recipient_to_play_second phase1_opponent_to_play_second \
         phase1_recipient_to_meld_or_draw phase1_opponent_to_meld_or_draw \
         phase2_recipient_to_lead phase2_opponent_to_lead \
         phase2_recipient_to_play_second phase2_opponent_to_play_second count_up"
    );
    assert_eq!(
        clean(&[0x09, 0x0b], "Stage").summary(),
        "stage: end-of-hand count-up"
    );
    assert_eq!(notes(&[0x09, 0x0c]), ["stage: unknown stage 0x0c"]);
}

#[test]
fn score_with_a_short_string() {
    let b = [
        0x0a, 0x00, 0x00, 0x78, 0x00, 0x14, 0x04, b'm', b'e', b'l', b'd',
    ];
    let m = clean(&b, "Score");
    assert_eq!(
        m,
        Message::Score(Score {
            who: Who(0),
            total: 120,
            increase: 20,
            what: "meld".into(),
            other_total: None,
        })
    );
    assert_eq!(m.summary(), "score: recipient 120 (+20, meld)");
    assert_eq!(
        json(&decode_fresh(&b)),
        json!({"who": "recipient", "total": 120, "increase": 20, "what": "meld"})
    );
    let empty = clean(&[0x0a, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00], "Score");
    assert_eq!(empty.summary(), "score: opponent 0 (+0)");
}

#[test]
fn score_strings_of_128_and_more_take_two_length_bytes() {
    for (len, header) in [
        (127usize, vec![0x7f]),
        (128, vec![0x80, 0x00]),
        (200, vec![0x80, 0x48]),
        (32895, vec![0xff, 0xff]),
    ] {
        let mut b = vec![0x0a, 0x01, 0x01, 0x2c, 0x00, 0x0a];
        b.extend_from_slice(&header);
        b.extend(std::iter::repeat_n(b'x', len));
        let m = clean(&b, "Score");
        let Message::Score(s) = m else {
            panic!("not a Score")
        };
        assert_eq!((s.who, s.total, s.increase), (Who(1), 300, 10));
        assert_eq!(s.what, "x".repeat(len), "length {len}");
    }
}

#[test]
fn score_oddities_are_notes() {
    assert_eq!(
        notes(&[0x0a, 0x02, 0x00, 0x05, 0x00, 0x06, 0x00]),
        [
            "who: 2 is neither 0 nor 1",
            "total 5 is less than the increase 6"
        ]
    );
    assert_eq!(
        note_codes(&[0x0a, 0x02, 0x00, 0x05, 0x00, 0x06, 0x00]),
        ["cardgame.unknown_player", "cardgame.total_below_increase"]
    );
    assert_eq!(
        notes(&[0x0a, 0x00, 0x00, 0x05, 0x00, 0x05, 0x02, 0xff, b'a']),
        ["what: not valid UTF-8"]
    );
    assert_eq!(
        notes(&[0x0a, 0x00, 0x00, 0x05, 0x00, 0x05, 0x02, b'\n', b'a']),
        ["what: contains control characters"]
    );
}

#[test]
fn play_card() {
    let m = clean(&[0x81, 42], "PlayCard");
    assert_eq!(m, Message::PlayCard(CardOnly { card: 42 }));
    assert_eq!(m.summary(), "play card 42");
    assert_eq!(json(&decode_fresh(&[0x81, 42])), json!({"card": 42}));
}

#[test]
fn wrong_sizes_and_unknown_opcodes_are_errors() {
    assert_eq!(parse_message(&[]), Err("empty message".to_owned()));
    assert_eq!(
        parse_message(&[0x0b]),
        Err("unknown card game opcode 0x0b".to_owned())
    );
    assert_eq!(
        parse_message(&[0x02, 1, 2]),
        Err("Teleport is 4 bytes, 3 given".to_owned())
    );
    assert_eq!(
        parse_message(&[0x08, 0]),
        Err("WaitAnimations is 1 bytes, 2 given".to_owned())
    );
    assert_eq!(
        parse_message(&[0x0a, 0, 0, 1]),
        Err("Score is at least 7 bytes, 4 given".to_owned())
    );
    assert_eq!(
        parse_message(&[0x0a, 0, 0, 1, 0, 1]),
        Err("Score: the STRING's length is missing".to_owned())
    );
    assert_eq!(
        parse_message(&[0x0a, 0, 0, 1, 0, 1, 3, b'a']),
        Err("Score: the STRING says 3 bytes, 1 follow".to_owned())
    );
    let d = Decoder::new().decode(Direction::S2C, &[0x02, 1, 2]);
    assert_eq!((d.type_name.as_ref(), d.type_id), ("Teleport", 2));
    assert_eq!(d.error.as_deref(), Some("Teleport is 4 bytes, 3 given"));
    assert_eq!(json(&d), json!({"raw": "020102"}));
    let d = Decoder::new().decode(Direction::S2C, &[0x77]);
    assert_eq!((d.type_name.as_ref(), d.type_id), ("Unknown", 0x77));
}

#[test]
fn decoder_reports_protocol_and_dialect() {
    let d = Decoder::new();
    assert_eq!(d.protocol(), ProtocolId::CardGame);
    assert_eq!(
        d.dialect(),
        None,
        "one dialect: nothing finer than the protocol"
    );
    let boxed = crate::protocols::new_decoder(ProtocolId::CardGame);
    assert_eq!(boxed.protocol(), ProtocolId::CardGame);
}
