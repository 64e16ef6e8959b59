//! A PokerTH 1.x game's table on hand-made message sequences: the seats,
//! the hand number and blinds the game tells beside its hands.

use super::{feed, game_info, msg};
use crate::analysis::timeline::pokerth1::draw::draw;
use crate::analysis::timeline::pokerth1::Lobby;
use crate::protocols::pokerth1::messages::Message;
use serde_json::json;

fn action(player: u32, state: i32, action: i32, bet: u32, money: u32) -> Message {
    msg(
        "PlayersActionDone",
        json!({"gameId": 1, "playerId": player, "gameState": state, "playerAction": action,
               "totalPlayerBet": bet, "playerMoney": money, "highestSet": bet,
               "minimumRaise": 20}),
    )
}

#[test]
fn a_hand_at_the_table() {
    let mut l = Lobby::new();
    feed(
        &mut l,
        vec![
            msg("InitAck", json!({"yourPlayerId": 1})),
            msg(
                "JoinGameAck",
                json!({"gameId": 1, "areYouGameAdmin": true, "gameInfo": game_info(1000)}),
            ),
            msg(
                "PlayerInfoReply",
                json!({"playerId": 2, "playerInfoData": {"playerName": "bob", "isHuman": true,
                       "playerRights": 2}}),
            ),
        ],
    );
    let said = feed(
        &mut l,
        vec![
            msg(
                "GameStartInitial",
                json!({"gameId": 1, "startDealerPlayerId": 2, "playerSeats": [2, 1, 3]}),
            ),
            msg(
                "HandStart",
                json!({"gameId": 1, "plainCards": {"plainCard1": 12, "plainCard2": 51},
                       "smallBlind": 10, "seatStates": [0, 0, 1], "dealerPlayerId": 2}),
            ),
            action(1, 4, 0, 10, 990),
            action(3, 5, 0, 20, 980),
            msg(
                "PlayersTurn",
                json!({"gameId": 1, "playerId": 2, "gameState": 0}),
            ),
            action(2, 0, 5, 60, 940),
            action(1, 0, 3, 60, 940),
            action(3, 0, 1, 20, 980),
            msg(
                "DealFlopCards",
                json!({"gameId": 1, "flopCard1": 0, "flopCard2": 13, "flopCard3": 26}),
            ),
            msg(
                "PlayersTurn",
                json!({"gameId": 1, "playerId": 1, "gameState": 1}),
            ),
            action(1, 1, 4, 40, 900),
            action(2, 1, 6, 940, 0),
            action(1, 1, 3, 940, 0),
            msg(
                "AllInShowCards",
                json!({"gameId": 1, "playersAllIn": [
                    {"playerId": 1, "allInCard1": 12, "allInCard2": 51},
                    {"playerId": 2, "allInCard1": 1, "allInCard2": 2}]}),
            ),
            msg("DealTurnCard", json!({"gameId": 1, "turnCard": 39})),
            msg("DealRiverCard", json!({"gameId": 1, "riverCard": 40})),
            msg(
                "EndOfHandShowCards",
                json!({"gameId": 1, "playerResults": [
                    {"playerId": 1, "resultCard1": 12, "resultCard2": 51, "moneyWon": 2020,
                     "playerMoney": 2020, "cardsValue": 7},
                    {"playerId": 2, "resultCard1": 1, "resultCard2": 2, "moneyWon": 0,
                     "playerMoney": 0}]}),
            ),
            msg("EndOfGame", json!({"gameId": 1, "winnerPlayerId": 1})),
        ],
    );
    assert_eq!(
        said[0].as_deref(),
        Some("game 1 starts: seats bob (2), 1, 3; button bob (2)")
    );
    // The hand's own changes are the hand table's (`timeline::poker`,
    // tested with the hand builders on real captures): the lobby keeps
    // what the game tells beside them.
    assert!(said[1..17].iter().all(Option::is_none), "{said:?}");
    assert_eq!(said[17].as_deref(), Some("game 1 over: 1 wins"));
    let t = &l.tables[&1];
    assert_eq!(t.hand, Some(1));
    assert_eq!(t.small_blind, Some(10));
    assert_eq!(t.button, Some(2));
    let seats: Vec<u32> = t.seats.iter().map(|s| s.player).collect();
    assert_eq!(seats, [2, 1, 3]);
    assert_eq!(t.seats[2].state, Some("session_inactive"));
    assert_eq!(t.highest_bet, Some(940));
    assert_eq!(t.winner, Some(1));
    assert!(l.own_game.as_ref().unwrap().started);
    let text = draw(&l);
    assert!(
        text.contains("  table of game 1: hand 1, small blind 10\n"),
        "{text}"
    );
    assert!(text.contains("  3 (session_inactive)\n"), "{text}");
    assert!(text.contains("  game over: 1 wins\n"), "{text}");
}

#[test]
fn a_table_first_seen_in_the_middle_of_a_game() {
    let mut l = Lobby::new();
    let said = feed(
        &mut l,
        vec![
            action(5, 1, 4, 40, 460),
            msg(
                "MyActionRequest",
                json!({"gameId": 1, "handNum": 7, "gameState": 1, "myAction": 3,
                       "myRelativeBet": 40}),
            ),
            msg(
                "EndOfHandHideCards",
                json!({"gameId": 1, "playerId": 5, "moneyWon": 100, "playerMoney": 560}),
            ),
        ],
    );
    assert_eq!(
        said[1].as_deref(),
        Some("the client's action request says this is hand 7")
    );
    let t = &l.tables[&1];
    assert!(t.partial);
    assert_eq!(t.hand, Some(7));
    assert_eq!(t.seats.len(), 1);
    assert!(draw(&l).contains("hand seen from its middle"));
    // The next hand is seen whole.
    feed(
        &mut l,
        vec![msg("HandStart", json!({"gameId": 1, "smallBlind": 20}))],
    );
    assert!(!l.tables[&1].partial);
    assert_eq!(l.tables[&1].hand, Some(8));
}

#[test]
fn a_client_out_of_chips_keeps_its_seat_state() {
    let mut l = Lobby::new();
    let said = feed(
        &mut l,
        vec![
            msg("InitAck", json!({"yourPlayerId": 1})),
            msg(
                "GameStartInitial",
                json!({"gameId": 1, "startDealerPlayerId": 2, "playerSeats": [1, 2, 3]}),
            ),
            msg(
                "HandStart",
                json!({"gameId": 1, "plainCards": {"plainCard1": 1, "plainCard2": 2},
                       "smallBlind": 10, "seatStates": [2, 0, 0]}),
            ),
        ],
    );
    assert_eq!(said[2], None);
    assert_eq!(l.tables[&1].seats[0].state, Some("no_money"));
}
