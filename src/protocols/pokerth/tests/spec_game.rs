//! Every `pokerth` game message type (80 .. 112), from bytes written by
//! hand from seed 000's diagrams, every field checked.

use super::*;
use serde_json::json;

#[test]
fn game_start() {
    let s = check_spec(
        &mut Decoder::new(),
        "0050 0018  00000006  0003 0000  00000005 00000006 00000007",
        "GameStart",
        80,
        json!({"start_dealer_player_id": 6, "number_of_players": 3, "player_id_slots": [5, 6, 7]}),
    );
    assert_eq!(s, "game starts: button player 6, players [5, 6, 7]");
}

#[test]
fn hand_start() {
    let s = check_spec(
        &mut Decoder::new(),
        "0051 000c  0000 0019  0000000f",
        "HandStart",
        81,
        json!({"your_1st_card": "2d", "your_2nd_card": "Ah", "small_blind": 15}),
    );
    assert_eq!(s, "hand starts: small blind 15, your cards [2d Ah]");
}

#[test]
fn players_turn() {
    let s = check_spec(
        &mut Decoder::new(),
        "0052 000c  00000007  0003 0000",
        "PlayersTurn",
        82,
        json!({"player_id": 7, "game_state": "river"}),
    );
    assert_eq!(s, "player 7 to act (river)");
}

#[test]
fn players_action() {
    let s = check_spec(
        &mut Decoder::new(),
        "0053 000c  0000 0003  0000001e",
        "PlayersAction",
        83,
        json!({"game_state": "preflop", "player_action": "call", "player_bet": 30}),
    );
    assert_eq!(s, "the client asks to call 30 (preflop)");
}

#[test]
fn players_action_done_small_blind() {
    let s = check_spec(
        &mut Decoder::new(),
        "0054 001c  00000005  00f0 0000  0000000f  000005cd  0000000f  0000001e",
        "PlayersActionDone",
        84,
        json!({
            "player_id": 5, "game_state": "preflop_small_blind", "player_action": "none",
            "total_player_bet": 15, "player_money": 1485, "highest_set": 15, "minimum_raise": 30
        }),
    );
    assert_eq!(s, "player 5 posts the small blind 15, stack 1485 (preflop)");
}

#[test]
fn players_action_done_all_in_on_the_turn() {
    let s = check_spec(
        &mut Decoder::new(),
        "0054 001c  00000006  0002 0006  00000190  00000000  00000190  000000c8",
        "PlayersActionDone",
        84,
        json!({
            "player_id": 6, "game_state": "turn", "player_action": "all_in",
            "total_player_bet": 400, "player_money": 0, "highest_set": 400, "minimum_raise": 200
        }),
    );
    assert_eq!(s, "player 6 is all in, bet now 400, stack 0 (turn)");
}

#[test]
fn players_action_rejected() {
    let s = check_spec(
        &mut Decoder::new(),
        "0055 0010  0002 0006  00000000  0001 0000",
        "PlayersActionRejected",
        85,
        json!({
            "game_state": "turn", "player_action": "all_in", "player_bet": 0,
            "rejection_reason": "invalid_game_state"
        }),
    );
    assert_eq!(s, "the client may not go all in (turn): invalid_game_state");
}

#[test]
fn deal_flop_cards() {
    let s = check_spec(
        &mut Decoder::new(),
        "0060 000c  0026 001a  0027 0000",
        "DealFlopCards",
        96,
        json!({"flop_1st_card": "As", "flop_2nd_card": "2s", "flop_3rd_card": "2c"}),
    );
    assert_eq!(s, "flop [As 2s 2c]");
}

#[test]
fn deal_turn_card() {
    let s = check_spec(
        &mut Decoder::new(),
        "0061 0008  002c 0000",
        "DealTurnCard",
        97,
        json!({"turn_card": "7c"}),
    );
    assert_eq!(s, "turn [7c]");
}

#[test]
fn deal_river_card() {
    let s = check_spec(
        &mut Decoder::new(),
        "0062 0008  0008 0000",
        "DealRiverCard",
        98,
        json!({"river_card": "Td"}),
    );
    assert_eq!(s, "river [Td]");
}

#[test]
fn all_in_show_cards() {
    let s = check_spec(
        &mut Decoder::new(),
        "0063 0010  0001 0000  00000005 0032 0018",
        "AllInShowCards",
        99,
        json!({
            "number_of_player_cards_records": 1,
            "player_cards_records": [{"player_id": 5, "1st_card": "Kc", "2nd_card": "Kh"}]
        }),
    );
    assert_eq!(s, "all in, cards shown: 5 [Kc Kh]");
}

#[test]
fn end_of_hand_show_cards() {
    let s = check_spec(
        &mut Decoder::new(),
        "0064 0028  0001 0000  \
         00000006 000c 0033  0000 0001  0002 0003  0004 0000  0001e240 0000012c 00000708",
        "EndOfHandShowCards",
        100,
        json!({
            "number_of_player_result_records": 1,
            "player_result_records": [{
                "player_id": 6, "1st_card": "Ad", "2nd_card": "Ac",
                "best_hand_position_1": 0, "best_hand_position_2": 1,
                "best_hand_position_3": 2, "best_hand_position_4": 3,
                "best_hand_position_5": 4, "value_of_cards": 123456,
                "money_won": 300, "player_money": 1800
            }]
        }),
    );
    assert_eq!(s, "showdown: player 6 wins 300 with [Ad Ac], stack 1800");
}

#[test]
fn end_of_hand_hide_cards() {
    let s = check_spec(
        &mut Decoder::new(),
        "0065 0010  00000007  0000002d  00000609",
        "EndOfHandHideCards",
        101,
        json!({"player_id": 7, "money_won": 45, "player_money": 1545}),
    );
    assert_eq!(s, "player 7 wins 45 without showdown, stack 1545");
}

#[test]
fn end_of_game() {
    let s = check_spec(
        &mut Decoder::new(),
        "0070 0008  00000007",
        "EndOfGame",
        112,
        json!({"winner_player_id": 7}),
    );
    assert_eq!(s, "game over: player 7 wins");
}
