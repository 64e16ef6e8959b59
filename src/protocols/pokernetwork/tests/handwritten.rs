//! Hand-written bytes for the tricky attribute types: lists, packet lists,
//! money, players, json, bool strings, 255 values, cards, the hand history;
//! and for unknown types, leftover bytes and inconsistent packets.

use super::{codes, decode3, decode_with, decoder, fields_json, message, texts, unhex};
use crate::protocols::pokernetwork::{Message, PnCard};
use crate::protocols::{Fields, Note};
use serde_json::json;

#[test]
fn seats_list_of_u32() {
    // PacketPokerSeats (50): u8 count 3, serials 0, 201, 0x80000001; game 7.
    let d = decode3(&unhex("3200110300000000000000c98000000100000007"));
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"seats": [0, 201, 0x8000_0001u32], "game_id": 7})
    );
    assert_eq!(
        d.fields.summary(),
        "game 7 seats: [seat 1 201, seat 2 2147483649]"
    );
}

#[test]
fn packet_list_with_a_nested_list() {
    // PacketList (12) of 2: a PacketList of 1 PacketPing, then a
    // PacketPokerSeat (79) serial 101 game 73 seat 255 (-1).
    let bytes = unhex(concat!(
        "0c0016", "0002", "0c0005", "0001", "050000", "4f0009", "00000065", "00000049", "ff"
    ));
    let d = decode3(&bytes);
    assert_eq!(d.error, None);
    assert_eq!(d.notes, Vec::<Note>::new());
    assert_eq!(
        fields_json(&d),
        json!({"packets": [
            {"type": "PacketList", "type_id": 12, "fields": {"packets": [
                {"type": "PacketPing", "type_id": 5, "fields": {}}]}},
            {"type": "PacketPokerSeat", "type_id": 79,
             "fields": {"serial": 101, "game_id": 73, "seat": -1}}]})
    );
    assert_eq!(d.fields.summary(), "list of 2 packets");
}

#[test]
fn packet_lists_nest_at_most_eight_deep() {
    // n PacketLists, each holding the next; the innermost is empty.
    let nested = |n: usize| {
        let mut p = unhex("0c00020000");
        for _ in 1..n {
            let mut outer = vec![0x0c];
            outer.extend_from_slice(&((p.len() + 2) as u16).to_be_bytes());
            outer.extend_from_slice(&[0, 1]);
            outer.extend_from_slice(&p);
            p = outer;
        }
        p
    };
    let d = decode3(&nested(8));
    assert_eq!(d.error, None);
    let d = decode3(&nested(9));
    let want =
        "packets[0] (PacketList) > ".repeat(8) + "`packets`: packet lists nested deeper than 8";
    assert_eq!(d.error, Some(want));
    assert!(matches!(d.fields, Fields::Raw { .. }));
    assert_eq!(d.type_name, "PacketList");
}

#[test]
fn packet_list_counts_and_lengths_are_checked() {
    // A count of 2 with room for one header only.
    let d = decode3(&unhex("0c00050002050000"));
    assert_eq!(
        d.error.as_deref(),
        Some("`packets`: count 2 needs at least 6 bytes, 3 left")
    );
    // A nested packet longer than the list.
    let d = decode3(&unhex("0c0005000105ffff"));
    assert_eq!(
        d.error.as_deref(),
        Some("`packets`: packet 0 (PacketPing) of 65538 bytes, 3 left")
    );
    // A nested packet that does not decode.
    let d = decode3(&unhex("0c00080001390003000000"));
    assert_eq!(
        d.error.as_deref(),
        Some("packets[0] (PacketPokerFold) > `serial`: truncated (3 bytes left)")
    );
}

#[test]
fn money_entries() {
    // PacketPokerUserInfo (92): serial 1, rating 1500, affiliate 0, name
    // "al", password "", email "a@b", money: 1 entry (978, 2^64-1, 5, 0).
    let bytes = unhex(concat!(
        "5c0035",
        "00000001",
        "000005dc",
        "00000000",
        "0002616c",
        "0000",
        "0003614062",
        "0001",
        "000003d2",
        "ffffffffffffffff",
        "0000000000000005",
        "0000000000000000"
    ));
    let d = decode3(&bytes);
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"serial": 1, "rating": 1500, "affiliate": 0, "name": "al", "password": "",
               "email": "a@b",
               "money_by_currency": [{"currency_serial": 978, "money": u64::MAX, "in_game": 5, "points": 0}]})
    );
    match message(&d) {
        Message::PacketPokerUserInfo(p) => assert_eq!(p.money[0].money, u64::MAX),
        other => panic!("{other:?}"),
    }
}

#[test]
fn players_entries() {
    // PacketPokerPlayersList (108): game 9, 2 players: "bo" 1000 flags 1,
    // "Zoë" (4 bytes) 0 flags 0.
    let bytes = unhex(concat!(
        "6c001a",
        "00000009",
        "0002",
        "0002626f",
        "000003e8",
        "01",
        "00045a6fc3ab",
        "00000000",
        "00"
    ));
    let d = decode3(&bytes);
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"game_id": 9, "players": [
            {"name": "bo", "chips": 1000, "flags": 1},
            {"name": "Zoë", "chips": 0, "flags": 0}]})
    );
    // A player count the bytes cannot hold.
    let d = decode3(&unhex("6c000600000009ffff"));
    assert_eq!(
        d.error.as_deref(),
        Some("`players`: count 65535 needs at least 458745 bytes, 0 left")
    );
}

#[test]
fn json_attribute() {
    // PacketPokerShowdown (204): serial 1, game 2, showdown_stack
    // {"a": [1, null]}.
    let text = br#"{"a": [1, null]}"#;
    let mut bytes = unhex("cc0000" /* length fixed below */);
    bytes.extend_from_slice(&unhex("0000000100000002"));
    bytes.extend_from_slice(&(text.len() as u16).to_be_bytes());
    bytes.extend_from_slice(text);
    let len = (bytes.len() - 3) as u16;
    bytes[1..3].copy_from_slice(&len.to_be_bytes());
    let d = decode3(&bytes);
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"serial": 1, "game_id": 2, "showdown_stack": {"a": [1, null]}})
    );
    // Text that is not JSON stays a string, with a note.
    let d = decode3(&unhex("cc000d000000010000000200037b613a"));
    assert_eq!(fields_json(&d)["showdown_stack"], "{a:");
    assert_eq!(d.notes.len(), 1);
    assert!(
        d.notes[0]
            .to_string()
            .starts_with("`showdown_stack`: not valid JSON ("),
        "{:?}",
        d.notes
    );
    assert_eq!(codes(&d.notes), ["pokernetwork.invalid_json"]);
}

#[test]
fn bool_strings() {
    // PacketPokerWaitFor (103): serial 5, game 6, reason.
    let d = decode3(&unhex("670010000000050000000600065f46414c5345"));
    // Always a string, so that the key has one JSON type.
    assert_eq!(fields_json(&d)["reason"], json!("false"));
    let d = decode3(&unhex("67000f000000050000000600055f54525545"));
    assert_eq!(fields_json(&d)["reason"], json!("true"));
    let d = decode3(&unhex("67000e000000050000000600045f545255"));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["reason"], json!("_TRU"));
    let d = decode3(&unhex("67000e000000050000000600046c617465"));
    assert_eq!(fields_json(&d)["reason"], json!("late"));
}

#[test]
fn values_255() {
    // PacketPokerDealer (70): game 70, dealer 255 (-1), previous 3.
    let d = decode3(&unhex("46000600000046ff03"));
    assert_eq!(
        fields_json(&d),
        json!({"game_id": 70, "dealer": -1, "previous_dealer": 3})
    );
    // PacketPokerChipsBet2Pot (177): pot 255 is -1.
    let d = decode3(&unhex("b1000d000000650000004900000064ff"));
    assert_eq!(
        fields_json(&d),
        json!({"serial": 101, "game_id": 73, "chips": 100, "pot": -1})
    );
    assert_eq!(d.fields.summary(), "player 101's bet 100 goes to the pot");
    // PacketPokerPlayerArrive (88): seat None; blind "_FALSE"; booleans.
    let bytes = unhex(concat!(
        "58001f",
        "00000001",
        "00000002",
        "000141",
        "0000",
        "0000",
        "00065f46414c5345",
        "01",
        "00",
        "01",
        "00",
        "01",
        "00",
        "01",
        "ff"
    ));
    let d = decode3(&bytes);
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"serial": 1, "game_id": 2, "name": "A", "outfit": "", "url": "",
               "blind": "false", "remove_next_turn": true, "sit_out": false,
               "sit_out_next_turn": true, "auto": false, "auto_blind_ante": true,
               "wait_for": false, "buy_in_payed": true, "seat": null})
    );
    assert_eq!(d.fields.summary(), "A (1) arrives at no seat in game 2");
}

#[test]
fn cards_named_face_down_and_unknown() {
    // PacketPokerPlayerCards (61): serial 3, game 4, cards Ah, face-down
    // Kd (0xc0 | 24), unknown, and 0x3f, which is no card.
    let d = decode3(&unhex("3d000d0000000300000004040cd8ff3f"));
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"serial": 3, "game_id": 4, "cards": ["Ah", "Kd", "??", "63"], "cards_face_down": [1]})
    );
    assert_eq!(texts(&d.notes), ["`cards`: byte 63 is no card"]);
    assert_eq!(
        d.notes,
        [Note::PokerNetworkNotACard {
            field: "cards",
            byte: 63
        }]
    );
    assert_eq!(
        d.fields.summary(),
        "player 3 holds [Ah Kd ?? 63] (Kd face down)"
    );
    match message(&d) {
        Message::PacketPokerPlayerCards(p) => {
            assert_eq!(p.cards.0[1], PnCard::Down(p.cards.0[1].card().unwrap()));
            assert_eq!(p.cards.0[2], PnCard::Unknown);
        }
        other => panic!("{other:?}"),
    }
    // PacketPokerBoardCards (62): flop 2h 7s Qc.
    let d = decode3(&unhex("3e000c000000000000004903002c24"));
    assert_eq!(fields_json(&d)["cards"], json!(["2h", "7s", "Qc"]));
    assert_eq!(d.fields.summary(), "board [2h 7s Qc]");
}

#[test]
fn hand_history_literals() {
    let history = "[('game', 0, 1L, 2.5, True, None, {'a': u'\\xe9'}), ('fold', -3)]";
    let names = "{101: 'al', 202: \"b'o\"}";
    let mut payload = unhex("0000000100000002");
    for s in [history, names] {
        payload.extend_from_slice(&(s.len() as u16).to_be_bytes());
        payload.extend_from_slice(s.as_bytes());
    }
    let d = decode3(&super::packet3(119, &payload));
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"serial": 1, "game_id": 2,
               "history": [["game", 0, 1, 2.5, true, null, {"a": "é"}], ["fold", -3]],
               "serial2name": {"101": "al", "202": "b'o"}})
    );
    // Not a literal (a call): kept as text, with a note.
    let d = decode3(&unhex("77000f000000010000000200036630280000"));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["history"], "f0(");
    assert_eq!(fields_json(&d)["serial2name"], "");
    assert_eq!(d.notes.len(), 2, "{:?}", d.notes);
    assert!(d.notes[0]
        .to_string()
        .starts_with("`history`: not a Python literal"));
    assert_eq!(
        codes(&d.notes),
        [
            "pokernetwork.invalid_literal",
            "pokernetwork.invalid_literal"
        ]
    );
}

#[test]
fn unknown_type_and_the_stream_goes_on() {
    let mut d = decoder(3);
    let bytes = unhex("f00003abcdef");
    let u = decode_with(&mut d, &bytes);
    assert_eq!(u.type_name, "Unknown");
    assert_eq!(u.type_id, 240);
    assert_eq!(u.error, None);
    assert_eq!(fields_json(&u), json!({"raw": "abcdef"}));
    assert_eq!(texts(&u.notes), ["unknown packet type 240"]);
    assert_eq!(codes(&u.notes), ["pokernetwork.unknown_packet_type"]);
    assert_eq!(u.fields.summary(), "unknown packet type 240, 3 bytes");
    let next = decode_with(&mut d, &unhex("390008000000650000004a"));
    assert_eq!(next.type_name, "PacketPokerFold");
    assert_eq!(next.fields.summary(), "player 101 folds");
}

#[test]
fn leftover_bytes_are_a_note() {
    let d = decode3(&unhex("39000a000000650000004abeef"));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d), json!({"serial": 101, "game_id": 74}));
    assert_eq!(
        texts(&d.notes),
        ["2 leftover bytes after the last attribute: beef"]
    );
    assert_eq!(codes(&d.notes), ["pokernetwork.leftover_bytes"]);
    // Past 32 bytes, the first 32 are shown.
    let mut long = unhex("390030000000650000004a");
    long.extend((0..40).map(|i| i as u8));
    let d = decode3(&long);
    let shown: String = (0..32).map(|i| format!("{i:02x}")).collect();
    assert_eq!(
        texts(&d.notes),
        [format!(
            "40 leftover bytes after the last attribute: {shown}..."
        )]
    );
}

#[test]
fn a_note_inside_a_packet_list_names_the_packet_and_keeps_its_code() {
    // A PacketList holding a fold with two leftover bytes.
    let d = decode3(&unhex("0c000f000139000a000000650000004abeef"));
    assert_eq!(d.error, None);
    assert_eq!(
        texts(&d.notes),
        ["packets[0] (PacketPokerFold): 2 leftover bytes after the last attribute: beef"]
    );
    assert_eq!(codes(&d.notes), ["pokernetwork.leftover_bytes"]);
}

#[test]
fn inconsistent_packets_are_errors_with_the_raw_bytes() {
    // A fold with 5 payload bytes.
    let d = decode3(&unhex("3900050000006500"));
    assert_eq!(
        d.error.as_deref(),
        Some("`game_id`: truncated (1 bytes left)")
    );
    assert_eq!(d.type_name, "PacketPokerFold");
    assert_eq!(d.type_id, 57);
    assert_eq!(fields_json(&d), json!({"raw": "3900050000006500"}));
    // A string longer than the packet.
    let d = decode3(&unhex("01000400096869"));
    assert_eq!(
        d.error.as_deref(),
        Some("`string`: string of 9 bytes, 2 left")
    );
    // A list longer than the packet.
    let d = decode3(&unhex("3b00090000000100000002ff"));
    assert_eq!(
        d.error.as_deref(),
        Some("`serials`: list of 255 x 4 bytes, 0 left")
    );
}

#[test]
fn odd_bytes_are_notes() {
    // Invalid UTF-8 in a chat line.
    let d = decode3(&unhex("56000d000000010000000200036fff6b"));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["message"], "o\u{fffd}k");
    assert_eq!(texts(&d.notes), ["`message`: invalid UTF-8, replaced"]);
    assert_eq!(codes(&d.notes), ["pokernetwork.invalid_utf8"]);
    // A boolean byte of 2 (PacketPokerTablePicker's last attribute).
    let d = decode3(&unhex("a50015000000010000000200000003000000040000000002"));
    assert_eq!(fields_json(&d)["auto_blind_ante"], json!(true));
    assert_eq!(
        texts(&d.notes),
        ["`auto_blind_ante`: boolean byte 2, taken as true"]
    );
    assert_eq!(codes(&d.notes), ["pokernetwork.bool_byte"]);
    // PacketPokerTourney (112) in the older layout with a sit_n_go byte of 7.
    let d = decode3(&unhex(concat!(
        "700031", "00000001", "00000001", "00000001", "00000001", "00000001", "00000001", "07",
        "0002", "0003", "00000004", "0005", "0006", "0007", "0000", "0000", "0000", "0000", "0000"
    )));
    assert_eq!(d.error, None);
    assert_eq!(fields_json(&d)["sit_n_go"], json!("7"));
    assert_eq!(fields_json(&d)["players_quota"], json!(2));
    assert_eq!(fields_json(&d).get("schedule_serial"), None);
    assert_eq!(
        texts(&d.notes),
        [
            "`sit_n_go`: byte 7 is neither 1 ('y') nor 0 ('n')",
            "`schedule_serial` not sent (the older layout)"
        ]
    );
    assert_eq!(
        codes(&d.notes),
        ["pokernetwork.yes_no_byte", "pokernetwork.older_layout"]
    );
}

#[test]
fn update_money_signed_chips() {
    // PacketPokerUpdateMoney (164): game 164, serials [101], chips [-1], absolute true.
    let d = decode3(&unhex("a4000f000000a4010000006501ffffffff01"));
    assert_eq!(d.error, None);
    assert_eq!(
        fields_json(&d),
        json!({"game_id": 164, "serials": [101], "chip_amounts": [-1], "absolute": true})
    );
}

/// Classes of up to 32 bytes sit inline in `Message`, the larger ones in a
/// box: a message stays 40 bytes, and most packets (calls, bets, seats, ...)
/// are decoded without allocating room for the packet.
#[test]
fn a_message_is_forty_bytes() {
    assert_eq!(std::mem::size_of::<Message>(), 40);
}

/// A protocol 3 packet: type, payload length, payload.
fn packet(ty: u8, payload: &[u8]) -> Vec<u8> {
    let mut p = vec![ty];
    p.extend_from_slice(&(payload.len() as u16).to_be_bytes());
    p.extend_from_slice(payload);
    p
}

/// A string attribute: u16 length, bytes.
fn string(s: &str, out: &mut Vec<u8>) {
    out.extend_from_slice(&(s.len() as u16).to_be_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// `serial`, `game_id` (73), then `rest`.
fn ids(serial: u32, rest: &[u8]) -> Vec<u8> {
    let mut p = serial.to_be_bytes().to_vec();
    p.extend_from_slice(&73u32.to_be_bytes());
    p.extend_from_slice(rest);
    p
}

#[test]
fn summaries_name_the_players_the_stream_told() {
    let mut login = Vec::new();
    string("alice", &mut login);
    string("secret", &mut login);
    let mut info = ids(2002, &[]);
    for s in ["bob", "", ""] {
        string(s, &mut info);
    }
    let mut chips = 40u64.to_be_bytes().to_vec();
    chips.extend_from_slice(&1960u64.to_be_bytes());
    let mut pot2player = 120u32.to_be_bytes().to_vec();
    pot2player.push(0);
    string("win", &mut pot2player);
    let mut in_game = vec![10];
    for serial in 2000u32..2010 {
        in_game.extend_from_slice(&serial.to_be_bytes());
    }
    let packets = [
        packet(10, &login),                           // PacketLogin alice
        packet(6, &1001u32.to_be_bytes()),            // PacketSerial 1001
        packet(87, &info),                            // PacketPokerPlayerInfo: 2002 is bob
        packet(69, &ids(2002, &30u32.to_be_bytes())), // PacketPokerRaise 30
        packet(64, &ids(2002, &chips)),               // PacketPokerPlayerChips
        packet(68, &ids(1001, &[])),                  // PacketPokerCall
        packet(178, &ids(2002, &pot2player)),         // PacketPokerChipsPot2Player
        packet(67, &ids(0, &in_game)),                // PacketPokerInGame, ten players
    ];
    let mut d = decoder(3);
    let mut names = crate::protocols::names::Names::new();
    let s: Vec<String> = (packets.iter())
        .map(|p| {
            let m = decode_with(&mut d, p);
            assert_eq!(m.error, None);
            m.fields.learn_names(&mut names);
            m.fields.summary_with(&names)
        })
        .collect();
    assert_eq!(
        s,
        [
            "login as alice",
            "logged in as alice (1001)",
            "player 2002 is \"bob\"",
            // The raise's amount means what the engine's release says.
            "bob (2002) raises, amount 30",
            "bob (2002): bet now 40, stack 1960",
            "alice (1001) calls",
            "bob (2002) wins 120 from the main pot",
            "game 73: players in the hand: [2000, 2001, bob (2002), 2003, 2004, 2005, 2006, \
             2007, … 2 more]",
        ]
    );
}
