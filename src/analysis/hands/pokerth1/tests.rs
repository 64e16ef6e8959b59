//! The builder on server conversations written here message by message, as
//! a PokerTH 1.x server (protocol 5.1) sends them: blinds and actions with
//! the player's street total and money after them, results with the money
//! won (uncalled chips included) and the money after the hand. Messages
//! are `prost-reflect` dynamic messages built from the wire facts' field
//! names; one test goes through the decoder and the collector on bytes.
//! The expected figures are worked out by hand in each test.

use super::*;
use crate::analysis::hands::HandCollector;
use crate::decode::record::test_record;
use crate::decode::{Body, RecordSink};
use crate::protocols::pokerth1::messages::{schema, type_name};
use crate::protocols::{ProtocolId, StreamDecoder};
use prost::Message as _;
use prost_reflect::{Kind, MessageDescriptor};
use serde_json::{json, Value as Json};

/// PokerTH's number of a card written `Qs`: suit * 13 + rank, suits in
/// the order diamonds, hearts, spades, clubs.
fn card_number(c: &str) -> u32 {
    let b = c.as_bytes();
    let rank = b"23456789TJQKA".iter().position(|&r| r == b[0]).unwrap();
    let suit = b"dhsc".iter().position(|&s| s == b[1]).unwrap();
    (suit * 13 + rank) as u32
}

/// A value of field kind `kind` from JSON: numbers, enumeration values by
/// wire name, cards as `Qs`, nested messages as objects.
fn value(kind: &Kind, v: &Json) -> Value {
    match (kind, v) {
        (Kind::Uint32, Json::String(c)) => Value::U32(card_number(c)),
        (Kind::Uint32, v) => Value::U32(v.as_u64().unwrap() as u32),
        (Kind::Bool, v) => Value::Bool(v.as_bool().unwrap()),
        (Kind::String, v) => Value::String(v.as_str().unwrap().into()),
        (Kind::Enum(e), Json::String(s)) => Value::EnumNumber(
            e.get_value_by_name(s)
                .unwrap_or_else(|| panic!("{s}"))
                .number(),
        ),
        (Kind::Enum(_), v) => Value::EnumNumber(v.as_i64().unwrap() as i32),
        (Kind::Message(m), v) => Value::Message(dynamic(m, v)),
        (k, v) => panic!("no test value of kind {k:?} from {v}"),
    }
}

fn dynamic(desc: &MessageDescriptor, fields: &Json) -> DynamicMessage {
    let mut m = DynamicMessage::new(desc.clone());
    for (k, v) in fields.as_object().unwrap() {
        let fd = desc
            .get_field_by_name(k)
            .unwrap_or_else(|| panic!("{} has no field {k}", desc.name()));
        let v = match v {
            Json::Array(items) if fd.is_list() => {
                Value::List(items.iter().map(|x| value(&fd.kind(), x)).collect())
            }
            v => value(&fd.kind(), v),
        };
        m.set_field(&fd, v);
    }
    m
}

/// Message `name` (`HandStart`) with `fields` (the wire facts' names).
fn msg(name: &str, fields: Json) -> Message {
    let kind = (1..=81).find(|&k| type_name(k) == Some(name)).unwrap();
    let desc = schema().message(&format!("{name}Message")).unwrap();
    Message::decoded(
        kind,
        type_name(kind).unwrap(),
        dynamic(&desc, &fields),
        Vec::new(),
    )
}

/// A server talking to the builder of stream 0, whose client is player 1,
/// alice.
type Server = crate::analysis::hands::testkit::Server<Builder>;

impl Server {
    fn new() -> Server {
        let mut s = Server::talking_to(Builder::new(0));
        s.send("Init", json!({"nickName": "alice"}));
        s.send("InitAck", json!({"yourPlayerId": 1}));
        s
    }

    fn send(&mut self, name: &str, fields: Json) -> u64 {
        let r = self.next_record();
        let h = self.b.message(&r, &msg(name, fields));
        self.keep(h);
        self.frame
    }

    fn names(&mut self, players: &[(u32, &str)]) {
        for &(p, n) in players {
            self.send(
                "PlayerInfoReply",
                json!({"playerId": p, "playerInfoData": {"playerName": n, "isHuman": true}}),
            );
        }
    }

    /// Joins game 1 ("T", 4 seats, start money 1000) and starts it.
    fn game(&mut self, seats: &[u32], dealer: u32) {
        self.send(
            "JoinGameAck",
            json!({"gameId": 1, "areYouGameAdmin": true, "gameInfo": {
                "gameName": "T", "netGameType": "normalGame", "maxNumPlayers": 4,
                "raiseIntervalMode": "raiseOnHandNum", "endRaiseMode": "doubleBlinds",
                "proposedGuiSpeed": 11, "delayBetweenHands": 5, "playerActionTimeout": 20,
                "firstSmallBlind": 10, "startMoney": 1000}}),
        );
        self.start_game(seats, dealer);
    }

    /// Starts game 1 without the client's Join Game Ack (the capture
    /// begins later): the start money is not known.
    fn start_game(&mut self, seats: &[u32], dealer: u32) {
        self.send(
            "GameStartInitial",
            json!({"gameId": 1, "startDealerPlayerId": dealer, "playerSeats": seats}),
        );
    }

    fn hand_start(&mut self, sb: u32, dealer: u32, states: &[&str], cards: Option<[&str; 2]>) {
        let mut f = json!({"gameId": 1, "smallBlind": sb, "dealerPlayerId": dealer,
            "seatStates": states});
        if let Some([a, b]) = cards {
            f["plainCards"] = json!({"plainCard1": a, "plainCard2": b});
        }
        self.send("HandStart", f);
    }

    /// Players Action Done: `state` and `action` by wire name without
    /// their prefix (`Preflop`, `Raise`).
    fn act(&mut self, player: u32, state: &str, action: &str, total: u32, money: u32) -> u64 {
        self.send(
            "PlayersActionDone",
            json!({"gameId": 1, "playerId": player, "gameState": format!("netState{state}"),
                "playerAction": format!("netAction{action}"), "totalPlayerBet": total,
                "playerMoney": money, "highestSet": 0, "minimumRaise": 0}),
        )
    }

    fn turn(&mut self, player: u32, state: &str) {
        self.send(
            "PlayersTurn",
            json!({"gameId": 1, "playerId": player, "gameState": format!("netState{state}")}),
        );
    }

    fn board(&mut self, flop: [&str; 3], turn: &str, river: &str) {
        self.send(
            "DealFlopCards",
            json!({"gameId": 1, "flopCard1": flop[0], "flopCard2": flop[1], "flopCard3": flop[2]}),
        );
        self.send("DealTurnCard", json!({"gameId": 1, "turnCard": turn}));
        self.send("DealRiverCard", json!({"gameId": 1, "riverCard": river}));
    }

    fn result(player: u32, cards: [&str; 2], won: u32, money: u32) -> Json {
        json!({"playerId": player, "resultCard1": cards[0], "resultCard2": cards[1],
            "bestHandPosition": [0, 1, 2, 3, 4], "moneyWon": won, "playerMoney": money})
    }

    fn end_game(&mut self) {
        self.send("EndOfGame", json!({"gameId": 1, "winnerPlayerId": 1}));
    }
}

fn kinds(h: &Hand) -> Vec<(u64, ActionKind, u64, u64)> {
    (h.actions.iter())
        .map(|a| (a.player, a.kind, a.added, a.total))
        .collect()
}

fn wins(v: &[Win]) -> Vec<(u64, u64)> {
    v.iter().map(|w| (w.player, w.amount)).collect()
}

fn texts(h: &Hand) -> Vec<&str> {
    h.notes.iter().map(|n| n.text.as_str()).collect()
}

/// Three players, a raise, a bet on the flop, a showdown.
fn showdown(s: &mut Server) {
    s.names(&[(2, "bob"), (3, "carol")]);
    s.game(&[1, 2, 3], 1);
    s.hand_start(10, 1, &["netPlayerStateNormal"; 3], Some(["As", "Kd"]));
    s.act(2, "PreflopSmallBlind", "None", 10, 990);
    s.act(3, "PreflopBigBlind", "None", 20, 980);
    s.turn(1, "Preflop");
    s.act(1, "Preflop", "Raise", 60, 940);
    s.turn(2, "Preflop");
    s.act(2, "Preflop", "Fold", 10, 990);
    s.turn(3, "Preflop");
    s.act(3, "Preflop", "Call", 60, 940);
    s.send(
        "DealFlopCards",
        json!({"gameId": 1, "flopCard1": "2c", "flopCard2": "7d", "flopCard3": "9h"}),
    );
    s.act(3, "Flop", "Check", 0, 940);
    s.act(1, "Flop", "Bet", 100, 840);
    s.act(3, "Flop", "Call", 100, 840);
    s.send("DealTurnCard", json!({"gameId": 1, "turnCard": "Jc"}));
    s.act(3, "Turn", "Check", 0, 840);
    s.act(1, "Turn", "Check", 0, 840);
    s.send("DealRiverCard", json!({"gameId": 1, "riverCard": "3s"}));
    s.act(3, "River", "Check", 0, 840);
    s.act(1, "River", "Check", 0, 840);
    s.send(
        "EndOfHandShowCards",
        json!({"gameId": 1, "playerResults": [
            Server::result(1, ["As", "Kd"], 330, 1170),
            Server::result(3, ["Qh", "Qc"], 0, 840)]}),
    );
}

#[test]
fn a_showdown_hand_is_whole_and_clean() {
    let mut s = Server::new();
    showdown(&mut s);
    assert!(
        s.hands.is_empty(),
        "handed on at the next hand or the game's end"
    );
    s.end_game();
    let [h] = &s.hands[..] else {
        panic!("{} hands", s.hands.len())
    };
    assert_eq!(texts(h), Vec::<&str>::new());
    assert!(h.complete);
    assert_eq!(h.protocol, ProtocolId::PokerTh1);
    assert_eq!((h.number, h.server_number), (1, Some(1)));
    assert_eq!((h.table, h.table_name.as_deref()), (Some(1), Some("T")));
    assert_eq!(h.table_size, Some(4));
    assert_eq!((h.small_blind, h.big_blind), (Some(10), Some(20)));
    assert_eq!((h.hero, h.button), (Some(1), Some(1)));
    let seats: Vec<_> = (h.seats.iter())
        .map(|s| (s.seat, s.player, s.display_name(), s.stack, s.final_stack))
        .collect();
    assert_eq!(
        seats,
        vec![
            (1, 1, "alice".into(), Some(1000), Some(1170)),
            (2, 2, "bob".into(), Some(1000), Some(990)),
            (3, 3, "carol".into(), Some(1000), Some(840)),
        ]
    );
    let hero = h.seat(1).unwrap().cards.unwrap();
    assert_eq!(format!("{} {}", hero[0], hero[1]), "As Kd");
    use ActionKind::*;
    assert_eq!(
        kinds(h),
        vec![
            (2, SmallBlind, 10, 10),
            (3, BigBlind, 20, 20),
            (1, Raise, 60, 60),
            (2, Fold, 0, 10),
            (3, Call, 40, 60),
            (3, Check, 0, 0),
            (1, Bet, 100, 100),
            (3, Call, 100, 100),
            (3, Check, 0, 0),
            (1, Check, 0, 0),
            (3, Check, 0, 0),
            (1, Check, 0, 0),
        ]
    );
    assert_eq!(h.actions[2].expected, Some(1));
    assert_eq!(h.board.len(), 5);
    assert_eq!(h.shown.iter().map(|s| s.player).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(wins(&h.winners), [(1, 330)]);
    assert!(h.returned.is_empty());
    assert_eq!(h.total_pot(), 330);
}

#[test]
fn uncalled_chips_come_off_the_money_won_and_a_show_after_the_hand_joins_it() {
    let mut s = Server::new();
    showdown(&mut s);
    // Hand 2: bob raises to 80, both fold; the server's moneyWon (110)
    // holds his 60 nobody called. He shows after the hand.
    s.hand_start(10, 2, &["netPlayerStateNormal"; 3], Some(["8c", "8d"]));
    assert_eq!(s.hands.len(), 1);
    s.act(3, "PreflopSmallBlind", "None", 10, 830);
    s.act(1, "PreflopBigBlind", "None", 20, 1150);
    s.act(2, "Preflop", "Raise", 80, 910);
    s.act(3, "Preflop", "Fold", 10, 830);
    s.act(1, "Preflop", "Fold", 20, 1150);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 2, "moneyWon": 110, "playerMoney": 1020}),
    );
    s.send(
        "AfterHandShowCards",
        json!({"playerResult": Server::result(2, ["5h", "5s"], 110, 1020)}),
    );
    // A new game on the same stream: the server counts hands from 1
    // again, the stream does not.
    s.send(
        "GameStartInitial",
        json!({"gameId": 1, "startDealerPlayerId": 1, "playerSeats": [1, 2, 3]}),
    );
    s.hand_start(10, 1, &["netPlayerStateNormal"; 3], Some(["2c", "3c"]));
    s.act(2, "PreflopSmallBlind", "None", 10, 990);
    s.act(3, "PreflopBigBlind", "None", 20, 980);
    s.act(1, "Preflop", "Fold", 0, 1000);
    s.act(2, "Preflop", "Fold", 10, 990);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 3, "moneyWon": 30, "playerMoney": 1010}),
    );
    s.end_game();
    let [_, h, h3] = &s.hands[..] else {
        panic!("{} hands", s.hands.len())
    };
    assert_eq!(texts(h), Vec::<&str>::new());
    assert!(h.complete);
    assert_eq!((h.number, h.server_number), (2, Some(2)));
    assert_eq!(wins(&h.returned), [(2, 60)]);
    assert_eq!(wins(&h.winners), [(2, 50)]);
    assert_eq!(h.seat(2).unwrap().final_stack, Some(1020));
    assert_eq!(h.shown.len(), 1);
    assert_eq!(
        h.seat(1).unwrap().cards.map(|c| c[0].to_string()),
        Some("8c".into())
    );
    assert_eq!((h3.number, h3.server_number), (3, Some(1)));
    assert_eq!(texts(h3), Vec::<&str>::new());
    assert_eq!(wins(&h3.winners), [(3, 20)]);
}

#[test]
fn a_player_without_money_is_not_dealt_in_and_the_dealer_may_be_him() {
    let mut s = Server::new();
    s.names(&[(2, "bob"), (3, "carol")]);
    s.start_game(&[1, 2, 3], 1);
    // alice (the hero) is out: Hand Start still carries her old cards. The
    // dealer is her seat (a dead button); carol's big blind puts her all in
    // short.
    s.hand_start(
        100,
        1,
        &[
            "netPlayerStateNoMoney",
            "netPlayerStateNormal",
            "netPlayerStateNormal",
        ],
        Some(["As", "Kd"]),
    );
    s.act(2, "PreflopSmallBlind", "None", 100, 500);
    s.act(3, "PreflopBigBlind", "AllIn", 150, 0);
    s.act(2, "Preflop", "Call", 150, 450);
    s.send(
        "AllInShowCards",
        json!({"gameId": 1, "playersAllIn": [
            {"playerId": 2, "allInCard1": "7c", "allInCard2": "7d"},
            {"playerId": 3, "allInCard1": "Ah", "allInCard2": "2h"}]}),
    );
    s.board(["Kc", "Qd", "3s"], "4h", "Ac");
    s.send(
        "EndOfHandShowCards",
        json!({"gameId": 1, "playerResults": [
            Server::result(2, ["7c", "7d"], 0, 450),
            Server::result(3, ["Ah", "2h"], 300, 300)]}),
    );
    s.end_game();
    let [h] = &s.hands[..] else {
        panic!("{} hands", s.hands.len())
    };
    assert_eq!(texts(h), Vec::<&str>::new());
    assert!(h.complete);
    assert_eq!(h.seats.iter().map(|s| s.seat).collect::<Vec<_>>(), [2, 3]);
    assert_eq!((h.hero, h.button), (Some(1), Some(1)));
    assert!(h.seat(1).is_none());
    let bb = &h.actions[1];
    assert_eq!(
        (bb.kind, bb.total, bb.all_in),
        (ActionKind::BigBlind, 150, true)
    );
    assert_eq!(h.actions[2].kind, ActionKind::Call);
    assert_eq!(wins(&h.winners), [(3, 300)]);
    assert_eq!(h.shown.len(), 2);
}

#[test]
fn a_rejected_action_is_a_note_and_the_hand_stays_whole() {
    let mut s = Server::new();
    s.names(&[(2, "bob")]);
    s.game(&[1, 2], 2);
    s.hand_start(10, 2, &["netPlayerStateNormal"; 2], Some(["As", "Kd"]));
    s.act(2, "PreflopSmallBlind", "None", 10, 990);
    s.act(1, "PreflopBigBlind", "None", 20, 980);
    s.turn(2, "Preflop");
    s.act(2, "Preflop", "Call", 20, 980);
    s.turn(1, "Preflop");
    let at = s.send(
        "YourActionRejected",
        json!({"gameId": 1, "gameState": "netStatePreflop", "yourAction": "netActionRaise",
            "yourRelativeBet": 5, "rejectionReason": "rejectedActionNotAllowed"}),
    );
    s.act(1, "Preflop", "Check", 20, 980);
    s.board(["Kc", "Qd", "3s"], "4h", "Ac");
    s.send(
        "EndOfHandShowCards",
        json!({"gameId": 1, "playerResults": [
            Server::result(1, ["As", "Kd"], 40, 1020),
            Server::result(2, ["7c", "7d"], 0, 980)]}),
    );
    s.end_game();
    let h = &s.hands[0];
    assert!(h.complete);
    assert_eq!(
        h.notes,
        vec![Note {
            frame: at,
            kind: NoteKind::Info,
            text: "rejected: the server refused alice's net_action_raise 5 (net_state_preflop, \
                   rejected_action_not_allowed)"
                .into()
        }]
    );
}

#[test]
fn what_the_capture_does_not_show_makes_a_hand_incomplete() {
    // Actions of a hand whose start is not in the capture, then the
    // stream ends in the middle of the next one.
    let mut s = Server::new();
    s.act(2, "Flop", "Check", 0, 500);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 2, "moneyWon": 30, "playerMoney": 530}),
    );
    s.hand_start(10, 2, &["netPlayerStateNormal"; 2], Some(["As", "Kd"]));
    s.act(2, "PreflopSmallBlind", "None", 10, 520);
    let h = s.b.end();
    s.keep(h);
    let [a, b] = &s.hands[..] else {
        panic!("{} hands", s.hands.len())
    };
    assert!(!a.complete && !b.complete);
    assert_eq!((a.number, a.server_number), (1, None));
    assert!(texts(a)[0].starts_with("the capture does not show this hand's start"));
    assert_eq!(
        b.incomplete_reasons().collect::<Vec<_>>(),
        ["the capture does not show the hand's end: it is incomplete"]
    );
}

#[test]
fn trouble_in_play_breaks_a_hand_but_not_one_already_over() {
    let mut s = Server::new();
    s.names(&[(2, "bob")]);
    s.game(&[1, 2], 2);
    // bob's and alice's money: bob posts 10 and folds, alice wins 30.
    for (trouble_in_play, bob, alice) in [(true, 1000, 1000), (false, 990, 1010)] {
        s.hand_start(10, 2, &["netPlayerStateNormal"; 2], None);
        s.act(2, "PreflopSmallBlind", "None", 10, bob - 10);
        s.act(1, "PreflopBigBlind", "None", 20, alice - 20);
        if trouble_in_play {
            s.b.trouble(s.frame, Direction::S2C, "gap".into());
        }
        s.act(2, "Preflop", "Fold", 10, bob - 10);
        s.send(
            "EndOfHandHideCards",
            json!({"gameId": 1, "playerId": 1, "moneyWon": 30, "playerMoney": alice + 10}),
        );
        if !trouble_in_play {
            // Between the result and the next hand: nothing of the hand
            // is missing.
            s.b.trouble(s.frame, Direction::C2S, "gap".into());
        }
    }
    s.end_game();
    let [a, b] = &s.hands[..] else {
        panic!("{} hands", s.hands.len())
    };
    assert!(!a.complete);
    assert_eq!(a.incomplete_reasons().collect::<Vec<_>>(), ["gap"]);
    assert!(b.complete);
    assert!(b.notes.is_empty(), "{:?}", b.notes);
}

#[test]
fn a_rejoined_player_keeps_his_chips_under_his_new_id() {
    let mut s = Server::new();
    s.names(&[(2, "bob")]);
    s.game(&[1, 2], 2);
    s.hand_start(10, 2, &["netPlayerStateNormal"; 2], None);
    s.act(2, "PreflopSmallBlind", "None", 10, 990);
    s.act(1, "PreflopBigBlind", "None", 20, 980);
    s.act(2, "Preflop", "Fold", 10, 990);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 1, "moneyWon": 30, "playerMoney": 1010}),
    );
    // bob reconnects as player 5 between hands; his hand is handed on
    // under the id it was played with.
    s.send(
        "PlayerIdChanged",
        json!({"oldPlayerId": 2, "newPlayerId": 5}),
    );
    assert_eq!(s.hands.len(), 1);
    assert!(s.hands[0].seat(2).is_some());
    s.hand_start(10, 1, &["netPlayerStateNormal"; 2], None);
    s.act(1, "PreflopSmallBlind", "None", 10, 1000);
    s.act(5, "PreflopBigBlind", "None", 20, 970);
    // ... and again in the middle of a hand.
    s.send(
        "PlayerIdChanged",
        json!({"oldPlayerId": 5, "newPlayerId": 6}),
    );
    s.act(1, "Preflop", "Fold", 10, 1000);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 6, "moneyWon": 30, "playerMoney": 1000}),
    );
    s.end_game();
    let h = &s.hands[1];
    assert_eq!(texts(h), Vec::<&str>::new());
    assert!(h.complete);
    let seats: Vec<_> = h
        .seats
        .iter()
        .map(|s| (s.seat, s.player, s.display_name()))
        .collect();
    assert_eq!(seats, vec![(1, 1, "alice".into()), (2, 6, "bob".into())]);
    assert_eq!(h.seat(6).unwrap().stack, Some(990));
    assert_eq!(wins(&h.winners), [(6, 20)]);
}

#[test]
fn a_rejoin_gives_the_seats_and_the_servers_hand_number() {
    let mut s = Server::new();
    s.send(
        "GameStartRejoin",
        json!({"gameId": 1, "startDealerPlayerId": 3, "handNum": 2, "rejoinPlayerData": [
            {"playerId": 3, "playerMoney": 900}, {"playerId": 1, "playerMoney": 1100}]}),
    );
    s.hand_start(20, 3, &["netPlayerStateNormal"; 2], Some(["Jh", "Jc"]));
    s.act(3, "PreflopSmallBlind", "None", 20, 880);
    s.act(1, "PreflopBigBlind", "None", 40, 1060);
    s.act(3, "Preflop", "Fold", 20, 880);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 1, "moneyWon": 60, "playerMoney": 1120}),
    );
    s.end_game();
    let h = &s.hands[0];
    assert!(h.complete);
    assert_eq!(h.server_number, Some(3));
    let seats: Vec<_> = h.seats.iter().map(|s| (s.seat, s.player)).collect();
    assert_eq!(seats, [(1, 3), (2, 1)]);
    assert_eq!(h.button, Some(1));
}

#[test]
fn a_raise_no_short_stack_can_answer_is_written_as_a_call() {
    // PokerTH lets bob raise all in over a short all-in big blind and a
    // short caller; PokerStars and pokerkit play it as a call.
    let mut s = Server::new();
    s.names(&[(2, "bob"), (3, "carol")]);
    s.start_game(&[1, 2, 3], 3);
    s.hand_start(100, 3, &["netPlayerStateNormal"; 3], Some(["As", "Kd"]));
    s.act(1, "PreflopSmallBlind", "None", 100, 900);
    s.act(2, "PreflopBigBlind", "AllIn", 150, 0);
    s.act(3, "Preflop", "AllIn", 1000, 0);
    s.act(1, "Preflop", "Call", 1000, 0);
    s.board(["Kc", "Qd", "3s"], "4h", "Ac");
    s.send(
        "EndOfHandShowCards",
        json!({"gameId": 1, "playerResults": [
            Server::result(1, ["As", "Kd"], 2150, 2150),
            Server::result(2, ["7c", "7d"], 0, 0),
            Server::result(3, ["Ah", "2h"], 0, 0)]}),
    );
    s.end_game();
    let h = &s.hands[0];
    assert_eq!(texts(h), Vec::<&str>::new());
    let text = crate::output::hand_text::write(h);
    assert!(
        text.contains("carol: raises 850 to 1000 and is all-in"),
        "{text}"
    );
    // Now alice has only 50 behind her small blind: carol's raise over two
    // players who cannot answer it is a call of 150.
    let mut s = Server::new();
    s.names(&[(2, "bob"), (3, "carol")]);
    s.start_game(&[1, 2, 3], 3);
    s.hand_start(100, 3, &["netPlayerStateNormal"; 3], None);
    s.act(1, "PreflopSmallBlind", "None", 100, 50);
    s.act(2, "PreflopBigBlind", "AllIn", 150, 0);
    s.act(3, "Preflop", "AllIn", 1000, 0);
    s.act(1, "Preflop", "AllIn", 150, 0);
    s.board(["Kc", "Qd", "3s"], "4h", "Ac");
    s.send(
        "EndOfHandShowCards",
        json!({"gameId": 1, "playerResults": [
            Server::result(1, ["As", "Kd"], 0, 0),
            Server::result(2, ["7c", "7d"], 0, 0),
            Server::result(3, ["Ah", "2h"], 1300, 1300)]}),
    );
    s.end_game();
    let h = &s.hands[0];
    assert_eq!(texts(h), Vec::<&str>::new());
    assert_eq!(wins(&h.returned), [(3, 850)]);
    assert_eq!(wins(&h.winners), [(3, 450)]);
    let text = crate::output::hand_text::write(h);
    assert!(text.contains("carol: calls 150\n"), "{text}");
}

/// The bytes of message `m` on the wire: length prefix, then the envelope.
fn wire(m: &Message) -> Vec<u8> {
    let sch = schema();
    let mut env = DynamicMessage::new(sch.envelope.clone());
    env.set_field_by_number(1, Value::EnumNumber(m.kind as i32));
    env.set_field_by_number(m.kind + 1, Value::Message(m.body().clone()));
    let body = env.encode_to_vec();
    let mut out = (body.len() as u32).to_be_bytes().to_vec();
    out.extend(body);
    out
}

#[test]
fn the_collector_builds_pokerth_1_streams_from_decoded_bytes() {
    let msgs = [
        msg("InitAck", json!({"yourPlayerId": 1})),
        msg(
            "GameStartInitial",
            json!({"gameId": 4, "startDealerPlayerId": 2, "playerSeats": [1, 2]}),
        ),
        msg(
            "HandStart",
            json!({"gameId": 4, "smallBlind": 5, "dealerPlayerId": 2,
                "seatStates": ["netPlayerStateNormal", "netPlayerStateNormal"],
                "plainCards": {"plainCard1": "Td", "plainCard2": "Ts"}}),
        ),
        msg(
            "PlayersActionDone",
            json!({"gameId": 4, "playerId": 2, "gameState": "netStatePreflopSmallBlind",
                "playerAction": "netActionNone", "totalPlayerBet": 5, "playerMoney": 95,
                "highestSet": 10, "minimumRaise": 10}),
        ),
        msg(
            "PlayersActionDone",
            json!({"gameId": 4, "playerId": 1, "gameState": "netStatePreflopBigBlind",
                "playerAction": "netActionNone", "totalPlayerBet": 10, "playerMoney": 90,
                "highestSet": 10, "minimumRaise": 10}),
        ),
        msg(
            "PlayersActionDone",
            json!({"gameId": 4, "playerId": 2, "gameState": "netStatePreflop",
                "playerAction": "netActionFold", "totalPlayerBet": 5, "playerMoney": 95,
                "highestSet": 10, "minimumRaise": 10}),
        ),
        msg(
            "EndOfHandHideCards",
            json!({"gameId": 4, "playerId": 1, "moneyWon": 15, "playerMoney": 105}),
        ),
    ];
    let mut dec = crate::protocols::pokerth1::Decoder::new();
    let mut c = HandCollector::new();
    for (i, m) in msgs.iter().enumerate() {
        let mut r = test_record(i as u64 + 1);
        r.protocol = Some(ProtocolId::PokerTh1);
        let bytes = wire(m);
        let decoded = dec.decode(Direction::S2C, &bytes);
        assert!(decoded.error.is_none(), "{:?}", decoded.error);
        r.dialect = dec.dialect();
        r.body = Body::Message {
            len: bytes.len() as u64,
            decoded,
            bytes: None,
        };
        c.record(r);
    }
    let (hands, seen) = c.end_seen();
    let [h] = &hands[..] else {
        panic!("{} hands", hands.len())
    };
    assert_eq!(h.dialect, Some(crate::protocols::Dialect::PokerTh1));
    assert_eq!(h.protocol.name(), "pokerth");
    assert!(h.complete, "{:?}", h.notes);
    assert_eq!(h.table, Some(4));
    assert_eq!(wins(&h.winners), [(1, 10)]);
    assert_eq!(wins(&h.returned), [(1, 5)]);
    assert_eq!(
        (seen.poker_streams, seen.games, seen.hand_starts),
        (1, 1, 1)
    );
    assert_eq!(seen.streams.get("pokerth-1"), Some(&1));
    assert!(h.seat(1).unwrap().cards.is_some());
}

#[test]
fn an_action_of_a_player_not_dealt_in_is_a_note_with_its_frame_and_the_hand_goes_on() {
    let mut s = Server::new();
    s.names(&[(2, "bob")]);
    s.game(&[1, 2], 1);
    s.hand_start(10, 1, &["netPlayerStateNormal"; 2], None);
    s.act(1, "PreflopSmallBlind", "None", 10, 990);
    s.act(2, "PreflopBigBlind", "None", 20, 980);
    let stranger = s.act(9, "Preflop", "Call", 20, 480);
    s.act(1, "Preflop", "Call", 20, 980);
    s.send(
        "EndOfHandHideCards",
        json!({"gameId": 1, "playerId": 2, "moneyWon": 60, "playerMoney": 1040}),
    );
    s.end_game();
    let [h] = &s.hands[..] else {
        panic!("{} hands", s.hands.len())
    };
    let note = (h.notes.iter())
        .find(|n| n.text.contains("Hand Start did not deal them in"))
        .unwrap_or_else(|| panic!("{:?}", h.notes));
    assert_eq!(note.frame, stranger);
    assert!(
        note.text.starts_with("player 9 plays in the hand"),
        "{}",
        note.text
    );
    // The hand is still written, with the stranger seated.
    assert_eq!(h.seats.len(), 3);
    assert_eq!(h.actions.len(), 4);
}

#[test]
fn the_table_follows_the_hand_step_by_step() {
    use crate::analysis::hands::table::states;
    let mut s = Server::new();
    showdown(&mut s);
    s.end_game();
    let h = &s.hands[0];
    let t = states(h);
    let steps: Vec<usize> = t.iter().map(|t| t.step).collect();
    assert_eq!(steps, (1..=t.len()).collect::<Vec<_>>());
    let at = |event: &str| {
        (t.iter())
            .find(|t| t.event == event)
            .unwrap_or_else(|| panic!("no step {event:?}"))
    };
    // The pot holds the bets in front of the players.
    let raise = at("alice raises to 60, stack 940");
    assert_eq!(raise.pot, Some(90));
    assert_eq!(raise.to_act, None);
    let bets: Vec<_> = raise.seats.iter().map(|s| s.bet).collect();
    assert_eq!(bets, [Some(60), Some(10), Some(20)]);
    assert!(raise.seats[0].button);
    // The server's prompt names who is to act.
    assert_eq!(at("bob to act").to_act, Some(2));
    // A deal keeps the bets in the pot, in front of nobody.
    let flop = at("flop: 2c 7d 9h");
    assert_eq!(flop.pot, Some(130));
    assert!(flop.seats.iter().all(|s| s.bet == Some(0)));
    // The result: the winner is paid, the stacks are the server's.
    let last = t.last().unwrap();
    assert!(last.over && last.complete);
    assert_eq!(last.event, "alice wins 330 with high card Ace");
    let end: Vec<_> = (last.seats.iter())
        .map(|s| (s.player, s.stack, s.won, s.returned))
        .collect();
    assert_eq!(
        end,
        [
            (1, Some(1170), 330, 0),
            (2, Some(990), 0, 0),
            (3, Some(840), 0, 0)
        ]
    );
    // Its pot is the hand's, which the winner took.
    assert_eq!(last.pot, Some(330));
    assert_eq!(last.pots.len(), 1);
    assert!(last.uncalled.is_empty());
}
