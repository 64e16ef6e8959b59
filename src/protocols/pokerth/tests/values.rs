//! Values shown for people (cards, versions, flags, names) and summaries.

use super::*;

#[test]
fn type_tables_are_sorted_and_named_upper_camel_case() {
    for table in [&TYPES[..], &TYPES_2007[..]] {
        for w in table.windows(2) {
            assert!(w[0].id < w[1].id);
        }
        for s in table {
            assert!(s.name.chars().next().unwrap().is_ascii_uppercase());
            assert!(s.name.chars().all(|c| c.is_ascii_alphanumeric()));
        }
    }
    assert_eq!(lookup(Dialect::PokerTh, 115).unwrap().size, Size::Fixed(20));
    assert_eq!(
        lookup(Dialect::PokerTh2007, 2).unwrap().size,
        Size::Fixed(24)
    );
    assert!(lookup(Dialect::PokerTh, 8).is_none());
    assert!(lookup(Dialect::PokerTh2007, 16).is_none());
}

#[test]
fn each_table_row_agrees_with_its_fields_and_its_message() {
    for s in TYPES.iter().chain(&TYPES_2007) {
        let fields = framing::HEADER_LEN + s.min_body;
        match s.size {
            Size::Fixed(n) => assert_eq!(n, fields, "{}", s.name),
            // Game List New's 44 is the spec's minimum, 4 bytes short of
            // its fields: a message between the two ends inside them.
            Size::Min(n) | Size::Exact(n) => assert!(n <= fields, "{}", s.name),
        }
        let body = vec![0; s.min_body];
        let (rest, m) = (s.parse)(&body, &mut parsing::Cx::default()).unwrap();
        assert!(rest.is_empty(), "{}", s.name);
        assert_eq!((m.type_name(), m.type_id()), (s.name, s.id));
    }
}

#[test]
fn cards_are_named_suit_times_13_plus_rank() {
    assert_eq!(PtCard(11).to_string(), "Kd");
    assert_eq!(PtCard(31).to_string(), "7s");
    assert_eq!(PtCard(51).to_string(), "Ac");
    assert_eq!(PtCard(0).to_string(), "2d");
    assert_eq!(PtCard(13).to_string(), "2h");
    assert_eq!(PtCard(21).to_string(), "Th");
    assert_eq!(PtCard(52).to_string(), "52");
    assert_eq!(serde_json::to_value(PtCard(12)).unwrap(), "Ad");
    assert_eq!(serde_json::to_value(PtCard(60)).unwrap(), "60");
}

#[test]
fn release_versions_are_shown_as_releases() {
    assert_eq!(release_version(0x0046), "0.7");
    assert_eq!(release_version(0x0047), "0.7.1");
    assert_eq!(release_version(0x003c), "0.6");
    assert_eq!(release_version(0x003d), "0.6.1");
    assert_eq!(release_version(0x0100), "1.0");
    assert_eq!(release_version(0x0080), "0.128");
}

#[test]
fn flags_are_objects_of_booleans() {
    assert_eq!(
        serde_json::to_value(PlayerFlags(0x0f)).unwrap(),
        serde_json::json!({"human": true, "has_avatar": true})
    );
    assert_eq!(PlayerFlags(0x0f).avatar_type().to_string(), "gif");
    assert_eq!(PlayerFlags(0x06).avatar_type().to_string(), "png");
    assert_eq!(PlayerFlags(0x0a).avatar_type().to_string(), "jpg");
    assert_eq!(
        serde_json::to_value(PrivacyFlags(0x81)).unwrap(),
        serde_json::json!({"show_avatar": true, "other_bits": 0x80})
    );
    assert_eq!(
        serde_json::to_value(StartFlags(1)).unwrap(),
        serde_json::json!({"fill_with_computer_players": true})
    );
}

#[test]
fn code_only_reason_codes_are_named() {
    assert_eq!(RemoveReason(5).to_string(), "start_failed");
    assert_eq!(VoteKickDenyReason(2).to_string(), "impossible");
    assert_eq!(GameState(0xF0).to_string(), "preflop_small_blind");
    assert_eq!(GameState(0xF1).to_string(), "preflop_big_blind");
    assert_eq!(PlayerAction(6).to_string(), "all_in");
    assert_eq!(serde_json::to_value(ErrorReason(0x1234)).unwrap(), "4660");
}

fn summary_of(hex: &str) -> String {
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &unhex(hex));
    assert_eq!(d.error, None);
    d.fields.summary()
}

#[test]
fn summaries_read_like_a_game() {
    assert_eq!(
        summary_of("00010014000500020000000400000000426f6231"),
        "Init v5.2 player \"Bob1\""
    );
    assert_eq!(
        summary_of("0054001c000003ea00010005000000f000000eb0000000f000000078"),
        "player 1002 raises to 240, stack 3760 (flop)"
    );
    assert_eq!(
        summary_of("0054001c000003ec00f100000000005000000b680000005000000050"),
        "player 1004 posts the big blind 80, stack 2920 (preflop)"
    );
    assert_eq!(summary_of("0060000c000b001f00330000"), "flop [Kd 7s Ac]");
    assert_eq!(
        summary_of("0051000c000b003300000028"),
        "hand starts: small blind 40, your cards [Kd Ac]"
    );
    assert_eq!(
        summary_of("02010014000003ea0005000068656c6c6f000000"),
        "chat from player 1002: hello"
    );
    assert_eq!(
        summary_of("0400000800050000"),
        "error: init_player_name_in_use"
    );
    assert_eq!(
        summary_of("0053000c0001000500000078"),
        "the client asks to raise, putting in 120 (flop)"
    );
    assert_eq!(
        summary_of("00020010004704d2a1b2c3d4000003e9"),
        "init ack: you are player 1001, session 2712847316, server release 0.7.1"
    );
}

#[test]
fn game_list_new_summary() {
    let mut body = Vec::new();
    body.extend_from_slice(&7u32.to_be_bytes()); // game id
    body.extend_from_slice(&1001u32.to_be_bytes()); // admin
    body.extend_from_slice(&[0, 1, 0, 6, 0, 3, 0, 0]); // created, name 6, 3 players, flags
    body.extend_from_slice(&[0, 10, 0, 1, 0, 8, 0, 1, 0, 1, 0, 0, 0, 5, 0, 30]);
    body.extend_from_slice(&10u32.to_be_bytes());
    body.extend_from_slice(&0u32.to_be_bytes());
    body.extend_from_slice(&5000u32.to_be_bytes());
    body.extend_from_slice(b"Friday\0\0");
    for id in [1001u32, 1002, 1003] {
        body.extend_from_slice(&id.to_be_bytes());
    }
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &msg(16, &body));
    assert_eq!(d.error, None);
    assert!(d.notes.is_empty(), "{:?}", d.notes);
    assert_eq!(
        d.fields.summary(),
        "game list new: game 7 \"Friday\" 3/10 players, created"
    );
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh));
}

/// The summaries of messages decoded in order, names learnt from each as
/// a stream's writer learns them.
fn named_summaries(messages: &[Vec<u8>]) -> Vec<String> {
    let mut dec = Decoder::new();
    let mut names = crate::protocols::names::Names::new();
    messages
        .iter()
        .map(|m| {
            let d = decode_one(&mut dec, m);
            assert_eq!(d.error, None);
            d.fields.learn_names(&mut names);
            d.fields.summary_with(&names)
        })
        .collect()
}

#[test]
fn summaries_name_the_players_the_stream_told() {
    let mut game_start = vec![0, 0, 0x03, 0xed, 0, 10, 0, 0];
    for id in 1001u32..=1010 {
        game_start.extend_from_slice(&id.to_be_bytes());
    }
    let s = named_summaries(&[
        // Player Info: 1005 is "Bot", a computer.
        unhex("00210014000003ed0000000300000000426f7400"),
        // Player's Action Done: 1005 raises, total bet 240, money 3760.
        unhex("0054001c000003ed00010005000000f000000eb0000000f000000078"),
        // Init as "Bob1", then Init Ack: you are 1001.
        unhex("00010014000500020000000400000000426f6231"),
        unhex("00020010004704d2a1b2c3d4000003e9"),
        // Player's Action: the client raises, adding 120.
        unhex("0053000c0001000500000078"),
        // Game Start: dealer 1005, ten players.
        msg(80, &game_start),
        // End Of Hand Show Cards: 1005 wins 300 with Ad Ac.
        unhex(concat!(
            "00640028000100000000",
            "03ed000c0033000000010002000300040000",
            "0001e2400000012c00000708"
        )),
        // Chat Text from 1001.
        unhex("02010014000003e90005000068656c6c6f000000"),
    ]);
    assert_eq!(
        s,
        [
            "player 1005 is \"Bot\" (computer)",
            "Bot (1005) raises to 240, stack 3760 (flop)",
            "Init v5.2 player \"Bob1\"",
            "init ack: you are Bob1 (1001), session 2712847316, server release 0.7.1",
            "Bob1 (1001) asks to raise, putting in 120 (flop)",
            "game starts: button Bot (1005), players [Bob1 (1001), 1002, 1003, 1004, \
             Bot (1005), 1006, 1007, 1008, … 2 more]",
            "showdown: Bot (1005) wins 300 with [Ad Ac], stack 1800",
            "chat from Bob1 (1001): hello",
        ]
    );
}
