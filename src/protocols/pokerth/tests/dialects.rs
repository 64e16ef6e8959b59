//! `pokerth-2007`, the dialect decision, the probe and the protocol table.

use super::*;

fn join_game_2007(name: &str) -> Vec<u8> {
    let mut body = vec![0, 1, 0, 0, 0, 0, 0, 1];
    body.extend_from_slice(&(name.len() as u16).to_be_bytes());
    body.extend_from_slice(&[0, 0]);
    body.extend_from_slice(name.as_bytes());
    while body.len() % 4 != 0 {
        body.push(0);
    }
    body.extend_from_slice(&[0, 0]); // the 2007 code's extra two bytes
    msg(1, &body)
}

#[test]
fn pokerth_2007_join_game_with_its_two_extra_bytes() {
    let m = join_game_2007("Alice");
    assert_eq!(m.len(), 26);
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &m);
    assert_eq!(d.error, None);
    assert!(d.notes.is_empty(), "{:?}", d.notes);
    assert_eq!(d.type_name, "JoinGame");
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh2007));
    let f = fields_json(&d);
    assert_eq!(f["requested_version"], "1.0");
    assert_eq!(f["name"], "Alice");
    assert_eq!(f["player_flags"]["human"], true);
    assert_eq!(d.fields.summary(), "JoinGame v1.0 player \"Alice\" (human)");
}

#[test]
fn pokerth_2007_join_game_ack_is_24_bytes() {
    let mut body = Vec::new();
    body.extend_from_slice(&0xdeadbeefu32.to_be_bytes());
    for v in [3u16, 2, 4, 10, 5, 4] {
        body.extend_from_slice(&v.to_be_bytes());
    }
    body.extend_from_slice(&2000u32.to_be_bytes());
    let m = msg(2, &body);
    assert_eq!(m.len(), 24);
    let mut dec = Decoder::new();
    let d = decode_one(&mut dec, &m);
    assert_eq!(d.error, None, "{:?}", d.notes);
    assert_eq!(d.type_name, "JoinGameAck");
    // Init Ack (2) must be 16 bytes: only the 2007 reading parses.
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh2007));
    assert_eq!(fields_json(&d)["start_cash"], 2000);
    // The spec's 12 is an error that says why.
    let mut dec = Decoder::with_dialect(Dialect::PokerTh2007);
    let d = decode_one(&mut dec, &msg(2, &body[..8]));
    assert!(d.error.unwrap().contains("the spec says 12"));
}

#[test]
fn pokerth_2007_player_joined_and_the_rest() {
    let mut dec = Decoder::with_dialect(Dialect::PokerTh2007);
    let d = decode_one(
        &mut dec,
        &msg(3, &[0, 2, 0, 1, 0, 1, 0, 3, b'B', b'o', b'b', 0, 0, 0]),
    );
    assert_eq!(d.error, None);
    assert!(d.notes.is_empty());
    assert_eq!(d.fields.summary(), "Bob (2) joined at seat 1 (human)");
    let d = decode_one(&mut dec, &msg(6, &[0, 1, 0, 2]));
    assert_eq!(d.fields.summary(), "player 2 to act (flop)");
    let d = decode_one(&mut dec, &msg(7, &[0, 1, 0, 5, 0, 0, 0, 40]));
    assert_eq!(
        d.fields.summary(),
        "the client asks to raise, amount 40 (flop)"
    );
    let d = decode_one(&mut dec, &msg(8, &[0, 1, 0, 5, 0, 0, 0, 40, 0, 0x10, 0, 0]));
    assert_eq!(fields_json(&d)["rejection_reason"], "cash_value_too_large");
    let d = decode_one(&mut dec, &msg(5, &[0, 11, 0, 31]));
    assert_eq!(d.fields.summary(), "hand starts: your cards [Kd 7s]");
    let d = decode_one(&mut dec, &msg(1024, &[0, 5, 0, 0]));
    assert_eq!(
        fields_json(&d)["error_reason"],
        "join_game_player_name_in_use"
    );
    let d = decode_one(&mut dec, &msg(4, &[0, 2, 0, 0]));
    assert_eq!(d.type_name, "PlayerLeft");
}

#[test]
fn undecided_streams_read_as_pokerth_and_switch_when_only_2007_parses() {
    let mut dec = Decoder::new();
    // Type 6 length 8: Avatar End in pokerth, Player's Turn in 2007: undecided.
    let d = decode_one(&mut dec, &msg(6, &[0, 1, 0, 2]));
    assert_eq!(d.type_name, "AvatarEnd");
    assert_eq!(dec.dialect(), None);
    // Type 7 length 12: Unknown Avatar must be 8, so only 2007 parses.
    let d = decode_one(&mut dec, &msg(7, &[0, 1, 0, 5, 0, 0, 0, 40]));
    assert_eq!(d.error, None);
    assert_eq!(d.type_name, "PlayersAction");
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh2007));
    // Now type 6 reads as 2007.
    let d = decode_one(&mut dec, &msg(6, &[0, 1, 0, 2]));
    assert_eq!(d.type_name, "PlayersTurn");
    // And 2009-only types no longer frame.
    assert!(matches!(
        dec.frame(S2C, &msg(84, &[0; 24])),
        Framing::Invalid(_)
    ));
}

#[test]
fn pokerth_only_types_decide_pokerth() {
    let mut dec = Decoder::new();
    decode_one(&mut dec, &msg(32, &[0, 0, 3, 0xe9]));
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh));
    assert_eq!(dec.current_dialect(), Some(Dialect::PokerTh));
}

#[test]
fn probe_finds_pokerth_by_its_first_messages() {
    let init = unhex("00010014000500020000000400000000426f6231");
    assert_eq!(probe(C2S, &init), Probe::Mine(95));
    assert_eq!(probe(C2S, &init[..2]), Probe::NeedMore);
    assert_eq!(probe(C2S, &init[..10]), Probe::NeedMore);
    assert_eq!(probe(C2S, &join_game_2007("Alice")), Probe::Mine(95));
    let ack = unhex("00020010004704d2a1b2c3d4000003e9");
    assert_eq!(probe(S2C, &ack), Probe::Mine(80));
    // A run of ordinary messages.
    let run = [
        msg(82, &[0, 0, 3, 0xe9, 0, 1, 0, 0]),
        msg(97, &[0, 1, 0, 0]),
        msg(98, &[0, 2, 0, 0]),
    ]
    .concat();
    assert_eq!(probe(S2C, &run[..12]), Probe::Mine(30));
    assert_eq!(probe(S2C, &run[..14]), Probe::NeedMore);
    assert_eq!(probe(S2C, &run[..20]), Probe::Mine(50));
    assert_eq!(probe(S2C, &run), Probe::Mine(65));
    let mut more = run.clone();
    more.extend_from_slice(&[0, 0x52]);
    assert_eq!(probe(S2C, &more), Probe::Mine(65));
    // A signature does not wait for more.
    let mut init_more = init.clone();
    init_more.extend_from_slice(&[0, 0x20]);
    assert_eq!(probe(C2S, &init_more), Probe::Mine(95));
    // Other protocols.
    assert_eq!(probe(C2S, b"CGI 003.000\n"), Probe::NotMine);
    assert_eq!(probe(C2S, &[0, 0, 0, 1, 0, 0, 0, 0]), Probe::NotMine);
    assert_eq!(probe(C2S, b"GET / HTTP/1.1\r\n"), Probe::NotMine);
    // A known type whose contents do not decode.
    assert_eq!(probe(S2C, &msg(84, &[0; 8])), Probe::NotMine);
}

#[test]
fn decoders_come_from_the_protocol_table() {
    let dec = crate::protocols::new_decoder(ProtocolId::PokerTh);
    assert_eq!(dec.protocol(), ProtocolId::PokerTh);
    assert_eq!(dec.dialect(), None);
    let init = unhex("00010014000500020000000400000000426f6231");
    assert_eq!(
        crate::protocols::probe(ProtocolId::PokerTh, C2S, &init),
        Probe::Mine(95)
    );
}

#[test]
fn pokerth_2007_summaries_name_the_players_the_stream_told() {
    // Join Game as "Alice", Join Game Ack: player 3 at number 2 of 4;
    // Player Joined: 2 is "Bob"; then Bob's turn and the client's raise.
    let mut ack = 0xdeadbeefu32.to_be_bytes().to_vec();
    for v in [3u16, 2, 4, 10, 5, 4] {
        ack.extend_from_slice(&v.to_be_bytes());
    }
    ack.extend_from_slice(&2000u32.to_be_bytes());
    let msgs = [
        join_game_2007("Alice"),
        msg(2, &ack),
        msg(3, &[0, 2, 0, 1, 0, 1, 0, 3, b'B', b'o', b'b', 0, 0, 0]),
        msg(6, &[0, 1, 0, 2]),
        msg(7, &[0, 1, 0, 5, 0, 0, 0, 40]),
    ];
    let mut dec = Decoder::new();
    let mut names = crate::protocols::names::Names::new();
    let s: Vec<String> = (msgs.iter())
        .map(|m| {
            let d = decode_one(&mut dec, m);
            assert_eq!(d.error, None);
            d.fields.learn_names(&mut names);
            d.fields.summary_with(&names)
        })
        .collect();
    assert_eq!(
        s[1..],
        [
            "joined: you are Alice (3) at seat 2 of 4, small blind 10, start cash 2000",
            "Bob (2) joined at seat 1 (human)",
            "Bob (2) to act (flop)",
            // The 2007 cash value: the spec does not say what it counts.
            "Alice (3) asks to raise, amount 40 (flop)",
        ]
    );
}

#[test]
fn every_type_is_found_by_its_id_and_no_other_id_is() {
    use crate::protocols::pokerth::messages::{lookup, Dialect, TYPES, TYPES_2007};
    for (d, table) in [
        (Dialect::PokerTh, &TYPES[..]),
        (Dialect::PokerTh2007, &TYPES_2007[..]),
    ] {
        for s in table {
            assert_eq!(
                lookup(d, s.id).map(|f| f.name),
                Some(s.name),
                "{d:?} {}",
                s.id
            );
        }
        let known = |id: u16| table.iter().any(|s| s.id == id);
        for id in (0..=u16::MAX).filter(|&id| !known(id)) {
            assert!(lookup(d, id).is_none(), "{d:?}: {id}");
        }
    }
}
