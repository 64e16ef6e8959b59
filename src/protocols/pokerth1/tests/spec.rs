//! Messages of the real server (Debian's pokerth-server 1.1.2, captured in
//! testdata/pokerth1), each byte explained, and the record it gives.

use super::*;
use serde_json::json;

#[test]
fn init_asks_for_protocol_5_1() {
    // 08 02: messageType 2 (Init); 1a 0f: field 3, 15 bytes:
    //   0a 04 (requestedVersion) 08 05 10 01 = 5.1; 10 00 buildId 0;
    //   28 02 login 2 (unauthenticatedLogin); 32 03 "bob" (nickName).
    let m = framed("08021a0f0a0408051001100028023203626f62");
    let s = check(
        &m,
        "Init",
        2,
        json!({"requested_version": {"major_version": 5, "minor_version": 1},
               "build_id": 0, "login": "unauthenticated_login", "nick_name": "bob"}),
    );
    assert_eq!(s, "init: protocol 5.1, nick \"bob\"");
}

#[test]
fn hand_start_with_plain_cards_and_unpacked_seat_states() {
    // 08 28: type 40 (HandStart); ca 02 14: field 41, 20 bytes: 08 01 gameId
    // 1; 12 04 plainCards {08 03: 3 = 5d, 10 1a: 26 = 2s}; 18 14 smallBlind
    // 20; 28 00 x4 seatStates (not packed) normal; 30 02 dealerPlayerId 2.
    let m = framed("0828ca0214080112040803101a201428002800280028003002");
    let s = check(
        &m,
        "HandStart",
        40,
        json!({"game_id": 1, "plain_cards": {"plain_card1": "5d", "plain_card2": "2s"},
               "small_blind": 20,
               "seat_states": ["net_player_state_normal", "net_player_state_normal",
                               "net_player_state_normal", "net_player_state_normal"],
               "dealer_player_id": 2}),
    );
    assert_eq!(
        s,
        "hand starts: small blind 20, button player 2, your cards [5d 2s]"
    );
}

#[test]
fn players_action_done_small_blind() {
    // type 44; field 45 (ea 02), 17 bytes: gameId 1, playerId 3, gameState
    // 4 (preflop small blind), playerAction 0 (none), totalPlayerBet 20,
    // playerMoney 980 (d4 07), highestSet 40, minimumRaise 40.
    let m = framed("082cea02110801100318042000281430d40738284028");
    let s = check(
        &m,
        "PlayersActionDone",
        44,
        json!({"game_id": 1, "player_id": 3, "game_state": "net_state_preflop_small_blind",
               "player_action": "net_action_none", "total_player_bet": 20,
               "player_money": 980, "highest_set": 40, "minimum_raise": 40}),
    );
    assert_eq!(s, "player 3 posts the small blind 20, stack 980 (preflop)");
}

#[test]
fn end_of_hand_show_cards_with_packed_best_hand() {
    // type 49; two PlayerResults; bestHandPosition packed (22 05 ...).
    let m = framed(concat!(
        "0831920336080112180801100d181c22050605030402288c0130fc07388df2e704",
        "121808021003181a22050605030402288c0130fc07388df2e704"
    ));
    check(
        &m,
        "EndOfHandShowCards",
        49,
        json!({"game_id": 1, "player_results": [
            {"player_id": 1, "result_card1": "2h", "result_card2": "4s",
             "best_hand_position": [6, 5, 3, 4, 2], "money_won": 140,
             "player_money": 1020, "cards_value": 10090765},
            {"player_id": 2, "result_card1": "5d", "result_card2": "2s",
             "best_hand_position": [6, 5, 3, 4, 2], "money_won": 140,
             "player_money": 1020, "cards_value": 10090765}]}),
    );
}

#[test]
fn all_in_show_cards() {
    let m = framed("08308a03120801120608011000182e1206080210291831");
    check(
        &m,
        "AllInShowCards",
        48,
        json!({"game_id": 1, "players_all_in": [
            {"player_id": 1, "all_in_card1": "2d", "all_in_card2": "9c"},
            {"player_id": 2, "all_in_card1": "4c", "all_in_card2": "Qc"}]}),
    );
}

#[test]
fn flop_and_hide_cards() {
    let s = check(
        &framed("082df202080801102c18072013"),
        "DealFlopCards",
        45,
        json!({"game_id": 1, "flop_card1": "7c", "flop_card2": "9d", "flop_card3": "8h"}),
    );
    assert_eq!(s, "flop [7c 9d 8h]");
    let s = check(
        &framed("08329a030a0801100218f00120bc0a"),
        "EndOfHandHideCards",
        50,
        json!({"game_id": 1, "player_id": 2, "money_won": 240, "player_money": 1340}),
    );
    assert_eq!(s, "player 2 wins 240 without showdown, stack 1340");
}

#[test]
fn game_list_new_with_game_info() {
    let m = framed(concat!(
        "080d7232080110011800280132280a0d7063617020746573742064756f10011804",
        "2001280138014000480b50055814601468e8077801"
    ));
    check(
        &m,
        "GameListNew",
        13,
        json!({"game_id": 1, "game_mode": "net_game_created", "is_private": false,
               "admin_player_id": 1, "game_info": {
                 "game_name": "pcap test duo", "net_game_type": "normal_game",
                 "max_num_players": 4, "raise_interval_mode": "raise_on_hand_num",
                 "raise_every_hands": 1, "end_raise_mode": "double_blinds",
                 "end_raise_small_blind_value": 0, "proposed_gui_speed": 11,
                 "delay_between_hands": 5, "player_action_timeout": 20,
                 "first_small_blind": 20, "start_money": 1000,
                 "allow_spectators": true}}),
    );
}
