//! Every `pokerth-2007` message type, from bytes written by hand from seed
//! 002's diagrams (with the errata of PROTOCOL-NOTES.md), every field
//! checked.

use super::*;
use serde_json::json;

fn dec2007() -> Decoder {
    Decoder::with_dialect(Dialect::PokerTh2007)
}

#[test]
fn join_game_with_the_two_extra_bytes() {
    // A fresh decoder: the requested major version 1 decides the dialect.
    let mut dec = Decoder::new();
    let s = check_spec(
        &mut dec,
        "0001 001e  0001 0002  0001 0000  0005 0000  78000000  426f742037000000  0000",
        "JoinGame",
        1,
        json!({
            "requested_version_major": 1, "requested_version_minor": 2,
            "requested_version": "1.2", "password_length": 1,
            "player_flags": {"human": false}, "name_length": 5,
            "password": "x", "name": "Bot 7"
        }),
    );
    assert_eq!(s, "JoinGame v1.2 player \"Bot 7\" (computer)");
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh2007));
}

#[test]
fn join_game_ack_is_24_bytes() {
    let s = check_spec(
        &mut dec2007(),
        "0002 0018  cafebabe  0004 0003  0005 0014  000a 000b  00001388",
        "JoinGameAck",
        2,
        json!({
            "your_session_id": 3405691582u32, "your_player_id": 4, "your_player_number": 3,
            "number_of_players": 5, "small_blind": 20, "hands_before_raise": 10,
            "proposed_gui_speed": 11, "start_cash": 5000
        }),
    );
    assert_eq!(
        s,
        "joined: you are player 4 at seat 3 of 5, small blind 20, start cash 5000"
    );
}

#[test]
fn player_joined_with_the_two_extra_bytes() {
    check_spec(
        &mut dec2007(),
        "0003 0012  0005 0004  0001 0003  5a656400  0000",
        "PlayerJoined",
        3,
        json!({
            "player_id": 5, "player_number": 4, "player_flags": {"human": true},
            "name_length": 3, "name": "Zed"
        }),
    );
}

#[test]
fn player_left() {
    let s = check_spec(
        &mut dec2007(),
        "0004 0008  0005 0000",
        "PlayerLeft",
        4,
        json!({"player_id": 5}),
    );
    assert_eq!(s, "player 5 left");
}

#[test]
fn game_start() {
    check_spec(
        &mut dec2007(),
        "0005 0008  0033 0000",
        "GameStart",
        5,
        json!({"your_1st_card": "Ac", "your_2nd_card": "2d"}),
    );
}

#[test]
fn players_turn() {
    check_spec(
        &mut dec2007(),
        "0006 0008  0002 0004",
        "PlayersTurn",
        6,
        json!({"game_state": "turn", "player_id": 4}),
    );
}

#[test]
fn players_action() {
    let s = check_spec(
        &mut dec2007(),
        "0007 000c  0003 0006  00000000",
        "PlayersAction",
        7,
        json!({"game_state": "river", "player_action": "all_in", "cash_value": 0}),
    );
    assert_eq!(s, "the client asks to go all in (river)");
}

#[test]
fn players_action_rejected() {
    check_spec(
        &mut dec2007(),
        "0008 0010  0000 0001  00000000  0001 0000",
        "PlayersActionRejected",
        8,
        json!({
            "game_state": "preflop", "player_action": "fold", "cash_value": 0,
            "rejection_reason": "fold_makes_no_sense"
        }),
    );
}

#[test]
fn error() {
    check_spec(
        &mut dec2007(),
        "0400 0008  ff01 0000",
        "Error",
        1024,
        json!({"error_reason": "invalid_packet"}),
    );
    check_spec(
        &mut dec2007(),
        "0400 0008  0003 0000",
        "Error",
        1024,
        json!({"error_reason": "join_game_game_already_running"}),
    );
}

#[test]
fn the_2007_table_has_the_nine_seed_types() {
    let tested = [1u16, 2, 3, 4, 5, 6, 7, 8, 1024];
    let ids: Vec<u16> = TYPES_2007.iter().map(|s| s.id).collect();
    assert_eq!(ids, tested);
}
