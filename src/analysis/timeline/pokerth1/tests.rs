//! The PokerTH 1.x timeline on hand-made message sequences: each message
//! built from its wire facts' field names, enumerations by number.

mod table;

use super::draw::draw;
use super::Lobby;
use crate::analysis::timeline::state::GameState;
use crate::decode::record::test_record;
use crate::protocols::pokerth1::messages::{schema, Message};
use crate::reassembly::Direction;
use prost_reflect::{DynamicMessage, Kind, MessageDescriptor, Value};
use serde_json::{json, Value as Json};

fn build(desc: MessageDescriptor, v: &Json) -> DynamicMessage {
    let mut m = DynamicMessage::new(desc.clone());
    for (k, v) in v.as_object().expect("an object") {
        let fd = desc
            .get_field_by_name(k)
            .unwrap_or_else(|| panic!("{} has no {k}", desc.name()));
        let one = |v: &Json| match fd.kind() {
            Kind::Message(d) => Value::Message(build(d, v)),
            Kind::Enum(_) => Value::EnumNumber(v.as_i64().unwrap() as i32),
            Kind::Bool => Value::Bool(v.as_bool().unwrap()),
            Kind::String => Value::String(v.as_str().unwrap().into()),
            _ => Value::U32(v.as_u64().unwrap() as u32),
        };
        let value = match v.as_array() {
            Some(items) => Value::List(items.iter().map(one).collect()),
            None => one(v),
        };
        m.set_field(&fd, value);
    }
    m
}

/// Message `name` (`HandStart`) with fields `v` by their wire names.
fn msg(name: &'static str, v: Json) -> Message {
    let desc = schema()
        .message(&format!("{name}Message"))
        .unwrap_or_else(|| panic!("no {name}"));
    Message::decoded(0, name, build(desc, &v), Vec::new())
}

/// Applies `msgs` from frame 1 on (all from the server); the changes.
fn feed(l: &mut Lobby, msgs: Vec<Message>) -> Vec<Option<String>> {
    (msgs.iter().enumerate())
        .map(|(i, m)| l.message(&test_record(i as u64 + 1), m))
        .collect()
}

fn game_info(start_money: u32) -> Json {
    json!({"gameName": "Friday", "netGameType": 1, "maxNumPlayers": 4,
           "raiseIntervalMode": 1, "raiseEveryHands": 2, "endRaiseMode": 1,
           "proposedGuiSpeed": 5, "delayBetweenHands": 6, "playerActionTimeout": 20,
           "firstSmallBlind": 10, "startMoney": start_money, "manualBlinds": [30, 60],
           "allowSpectators": true})
}

#[test]
fn the_lobby_lists_games_players_chat_and_statistics() {
    let mut l = Lobby::new();
    let said = feed(
        &mut l,
        vec![
            msg("Init", json!({"nickName": "alice"})),
            msg("InitAck", json!({"yourPlayerId": 7})),
            msg(
                "PlayerList",
                json!({"playerId": 7, "playerListNotification": 0}),
            ),
            msg(
                "PlayerList",
                json!({"playerId": 8, "playerListNotification": 0}),
            ),
            msg(
                "PlayerList",
                json!({"playerId": 8, "playerListNotification": 1}),
            ),
            msg(
                "GameListNew",
                json!({"gameId": 3, "gameMode": 1, "isPrivate": true, "playerIds": [9],
                       "adminPlayerId": 9, "gameInfo": game_info(5000), "spectatorIds": [11]}),
            ),
            msg("GameListPlayerJoined", json!({"gameId": 3, "playerId": 10})),
            msg(
                "GameListSpectatorJoined",
                json!({"gameId": 3, "playerId": 12}),
            ),
            msg(
                "GameListSpectatorLeft",
                json!({"gameId": 3, "playerId": 11}),
            ),
            msg("GameListPlayerLeft", json!({"gameId": 3, "playerId": 9})),
            msg(
                "GameListAdminChanged",
                json!({"gameId": 3, "newAdminPlayerId": 10}),
            ),
            msg("GameListUpdate", json!({"gameId": 3, "gameMode": 2})),
            msg(
                "PlayerInfoReply",
                json!({"playerId": 10, "playerInfoData": {"playerName": "Bot", "isHuman": false,
                       "playerRights": 2, "countryCode": "DE"}}),
            ),
            msg("PlayerInfoReply", json!({"playerId": 99})),
            msg(
                "Chat",
                json!({"playerId": 10, "chatType": 0, "chatText": "hi"}),
            ),
            msg("Dialog", json!({"notificationText": "maintenance soon"})),
            msg("ChatReject", json!({"chatText": "spam"})),
            msg(
                "Statistics",
                json!({"statisticsData": [{"statisticsType": 1, "statisticsValue": 42}]}),
            ),
            msg("Error", json!({"errorReason": 4})),
            msg("ResetTimeout", json!({})),
        ],
    );
    assert_eq!(said[0].as_deref(), Some("client logs in as alice"));
    assert_eq!(said[4].as_deref(), Some("8 goes offline"));
    assert_eq!(said[11].as_deref(), Some("game 3 is now started"));
    assert_eq!(
        said[14].as_deref(),
        Some("lobby chat, Bot (10): hi"),
        "{said:?}"
    );
    assert_eq!(said[19], None);
    assert_eq!(l.me, Some(7));
    assert_eq!(l.players[&7].name.as_deref(), Some("alice"));
    assert_eq!(l.online.iter().copied().collect::<Vec<_>>(), [7]);
    let g = &l.games[&3];
    assert_eq!(
        (g.name.as_deref(), g.mode.as_str(), g.private, g.admin),
        (Some("Friday"), "started", Some(true), Some(10))
    );
    assert_eq!(
        (g.players.clone(), g.spectators.clone()),
        (vec![10], vec![12])
    );
    assert_eq!(g.settings.start_money, Some(5000));
    assert_eq!(g.settings.manual_blinds, [30, 60]);
    assert_eq!(g.settings.net_game_type.as_deref(), Some("normal_game"));
    assert_eq!(g.settings.raise_every_minutes, None);
    assert_eq!(l.players[&10].human, Some(false));
    assert_eq!(l.players[&10].country.as_deref(), Some("DE"));
    assert!(l.players[&99].unknown_to_server);
    let chat: Vec<(&str, &str)> = (l.chat.iter())
        .map(|c| (c.kind.as_str(), c.text.as_str()))
        .collect();
    assert_eq!(chat, [("lobby", "hi"), ("dialog", "maintenance soon")]);
    let errors: Vec<&str> = l.errors.iter().map(|e| &*e.text).collect();
    assert_eq!(
        errors,
        ["chat rejected: spam", "error: init_player_name_in_use"]
    );
    assert_eq!(l.statistics["stat_number_of_players"], 42);
    let text = draw(&l);
    assert!(
        text.contains("  game    3 \"Friday\"             started  admin Bot (10)"),
        "{text}"
    );
    assert!(text.contains("[private]"), "{text}");
}

#[test]
fn the_own_game_kicks_votes_and_invitations() {
    let mut l = Lobby::new();
    feed(&mut l, vec![msg("InitAck", json!({"yourPlayerId": 1}))]);
    let said = feed(
        &mut l,
        vec![
            msg(
                "JoinGameAck",
                json!({"gameId": 4, "areYouGameAdmin": false, "gameInfo": game_info(1000),
                       "spectateOnly": true}),
            ),
            msg(
                "GamePlayerJoined",
                json!({"gameId": 4, "playerId": 2, "isGameAdmin": true}),
            ),
            msg(
                "GamePlayerJoined",
                json!({"gameId": 4, "playerId": 3, "isGameAdmin": false}),
            ),
            msg("GameSpectatorJoined", json!({"gameId": 4, "playerId": 5})),
            msg(
                "GameAdminChanged",
                json!({"gameId": 4, "newAdminPlayerId": 3}),
            ),
            msg(
                "StartKickPetition",
                json!({"gameId": 4, "petitionId": 9, "proposingPlayerId": 3, "kickPlayerId": 2,
                       "kickTimeoutSec": 30, "numVotesNeededToKick": 2}),
            ),
            msg(
                "KickPetitionUpdate",
                json!({"gameId": 4, "petitionId": 9, "numVotesAgainstKicking": 0,
                       "numVotesInFavourOfKicking": 1, "numVotesNeededToKick": 2}),
            ),
        ],
    );
    // The petition is open until it ends.
    let p = &l.petitions[&9];
    assert_eq!(
        (
            p.proposer,
            p.target,
            p.in_favour,
            p.votes_needed,
            p.timeout_sec
        ),
        (3, 2, 1, 2, Some(30))
    );
    let ended = feed(
        &mut l,
        vec![
            msg(
                "EndKickPetition",
                json!({"gameId": 4, "petitionId": 9, "numVotesAgainstKicking": 0,
                       "numVotesInFavourOfKicking": 2, "resultPlayerKicked": 2,
                       "petitionEndReason": 0}),
            ),
            msg(
                "GamePlayerLeft",
                json!({"gameId": 4, "playerId": 2, "gamePlayerLeftReason": 1}),
            ),
            msg(
                "AskKickDenied",
                json!({"gameId": 4, "playerId": 3, "kickDeniedReason": 2}),
            ),
            msg(
                "GameSpectatorLeft",
                json!({"gameId": 4, "playerId": 5,
                                            "gameSpectatorLeftReason": 0}),
            ),
            msg(
                "InviteNotify",
                json!({"gameId": 6, "playerIdWho": 1, "playerIdByWhom": 3}),
            ),
            msg(
                "RejectInvNotify",
                json!({"gameId": 6, "playerId": 1,
                                          "playerRejectReason": 1}),
            ),
            msg(
                "TimeoutWarning",
                json!({"timeoutReason": 1, "remainingSeconds": 60}),
            ),
        ],
    );
    assert_eq!(said[0].as_deref(), Some("client watches game 4"));
    assert_eq!(said[1].as_deref(), Some("2 joins the game (admin)"));
    let g = l.own_game.clone().unwrap();
    assert!(g.spectating);
    assert_eq!((g.players, g.spectators), (vec![3], vec![1]));
    assert_eq!(g.admin, Some(3));
    assert_eq!(g.settings.start_money, Some(1000));
    // An ended petition leaves the state; its result is in the kicks.
    assert_eq!(
        ended[0].as_deref(),
        Some("petition 9 ends: kicked (petition_end_enough_votes)")
    );
    assert!(l.petitions.is_empty());
    let kicks: Vec<&str> = l.kicks.iter().map(|e| &*e.text).collect();
    assert_eq!(
        kicks,
        [
            "petition 9: 3 asks to kick 2",
            "petition 9 ends: kicked (petition_end_enough_votes)",
            "2 leaves the game (left_kicked)",
            "kicking 3 denied: kick_denied_try_again_later",
        ]
    );
    assert_eq!(l.invitations.len(), 1);
    assert_eq!((l.invitations[0].who, l.invitations[0].by), (1, Some(3)));
    assert_eq!(
        l.invitations[0].rejected.as_deref(),
        Some("reject_reason_busy")
    );
    assert_eq!(
        &*l.notices[0].text,
        "timeout warning (timeout_inactive_game): 60 s left"
    );
    let removed = feed(
        &mut l,
        vec![msg(
            "RemovedFromGame",
            json!({"gameId": 4, "removedFromGameReason": 1}),
        )],
    );
    assert_eq!(
        removed[0].as_deref(),
        Some("client removed from game 4 (kicked_from_game)")
    );
    assert!(l.own_game.is_none());
    assert_eq!(l.kicks.len(), 5);
}

#[test]
fn client_requests_and_the_direction_of_start_event() {
    let mut l = Lobby::new();
    let mut c2s = test_record(1);
    c2s.dir = Direction::C2S;
    let start = msg(
        "StartEvent",
        json!({"gameId": 2, "startEventType": 0, "fillWithComputerPlayers": true}),
    );
    assert_eq!(l.message(&c2s, &start), None);
    assert_eq!(
        l.message(&test_record(2), &start).as_deref(),
        Some("game 2 is starting")
    );
    let unsub = msg("SubscriptionRequest", json!({"subscriptionAction": 1}));
    assert_eq!(
        l.message(&c2s, &unsub).as_deref(),
        Some("client unsubscribes from the game list")
    );
    assert!(l.unsubscribed);
    let vote = msg(
        "VoteKickRequest",
        json!({"gameId": 2, "petitionId": 1, "voteKick": false}),
    );
    assert_eq!(
        l.message(&c2s, &vote).as_deref(),
        Some("client votes not to kick on petition 1")
    );
    // Chat the client asks for changes nothing: the server's Chat does.
    let ask = msg("ChatRequest", json!({"chatText": "hi"}));
    assert_eq!(l.message(&c2s, &ask), None);
    // A message for no table at all changes nothing.
    let after = msg("AfterHandShowCards", json!({}));
    assert_eq!(l.message(&test_record(3), &after), None);
    // The state is named as its JSON's game (`timeline::Game` checks the two
    // agree).
    assert_eq!(GameState::name(&l), "pokerth1");
    let v = serde_json::to_value(&l).unwrap();
    assert_eq!(v["unsubscribed"], true);
}

#[test]
fn the_histories_keep_the_last_entries_and_every_change_is_reported() {
    use crate::analysis::timeline::recent::KEPT;
    let mut l = Lobby::new();
    let n = KEPT + 40;
    let mut msgs = Vec::new();
    for i in 0..n {
        msgs.push(msg(
            "Chat",
            json!({"playerId": 10, "chatType": 0, "chatText": format!("line {i}")}),
        ));
        msgs.push(msg("Error", json!({"errorReason": 4})));
        msgs.push(msg("AskKickPlayer", json!({"gameId": 1, "playerId": 3})));
        msgs.push(msg(
            "TimeoutWarning",
            json!({"timeoutReason": 1, "remainingSeconds": i}),
        ));
        msgs.push(msg(
            "InviteNotify",
            json!({"gameId": i, "playerIdWho": 1, "playerIdByWhom": 3}),
        ));
    }
    let said = feed(&mut l, msgs);
    // Every message made its change.
    assert_eq!(said.len(), 5 * n);
    assert!(said.iter().all(Option::is_some), "{said:?}");
    assert_eq!(said[0].as_deref(), Some("lobby chat, 10: line 0"));
    assert_eq!(
        said[5 * n - 2].as_deref(),
        Some(format!("timeout warning (timeout_inactive_game): {} s left", n - 1).as_str())
    );
    // The state keeps the last KEPT of each, oldest first.
    assert_eq!(l.chat.len(), KEPT);
    assert_eq!(l.chat.let_go(), (n - KEPT) as u64);
    let texts: Vec<&str> = l.chat.iter().map(|c| c.text.as_str()).collect();
    let want: Vec<String> = (n - KEPT..n).map(|i| format!("line {i}")).collect();
    assert_eq!(texts, want);
    assert_eq!(l.chat[0].frame, 5 * (n - KEPT) as u64 + 1);
    for list in [&l.errors, &l.kicks, &l.notices] {
        assert_eq!((list.len(), list.let_go()), (KEPT, (n - KEPT) as u64));
    }
    assert_eq!(l.invitations.len(), KEPT);
    assert_eq!(l.invitations[0].game_id, (n - KEPT) as u32);
    assert_eq!(l.invitations.last().unwrap().game_id, n as u32 - 1);
    // A refusal of the newest invitation still finds it.
    let no = feed(
        &mut l,
        vec![msg(
            "RejectInvNotify",
            json!({"gameId": n - 1, "playerId": 1, "playerRejectReason": 1}),
        )],
    );
    assert!(no[0].is_some());
    assert_eq!(
        l.invitations.last().unwrap().rejected.as_deref(),
        Some("reject_reason_busy")
    );
    let v = serde_json::to_value(&l).unwrap();
    for k in ["chat", "errors", "kicks", "notices", "invitations"] {
        assert_eq!(v[k].as_array().unwrap().len(), KEPT, "{k}");
    }
    assert!(draw(&l).contains(&format!("  chat: 10: line {}\n", n - 1)));
}

#[test]
fn games_players_tables_and_petitions_go_when_the_server_says_they_ended() {
    let mut l = Lobby::new();
    let info = |p: u32, name: &str| {
        msg(
            "PlayerInfoReply",
            json!({"playerId": p, "playerInfoData": {"playerName": name, "isHuman": true}}),
        )
    };
    let offline = |p: u32| {
        msg(
            "PlayerList",
            json!({"playerId": p, "playerListNotification": 1}),
        )
    };
    let start = |game: u32, seats: Json| {
        msg(
            "GameStartInitial",
            json!({"gameId": game, "startDealerPlayerId": 1, "playerSeats": seats}),
        )
    };
    let said = feed(
        &mut l,
        vec![
            msg("InitAck", json!({"yourPlayerId": 1})),
            msg(
                "GameListNew",
                json!({"gameId": 3, "gameMode": 1, "playerIds": [7], "gameInfo": game_info(500)}),
            ),
            msg(
                "GameListNew",
                json!({"gameId": 4, "gameMode": 1, "playerIds": [], "gameInfo": game_info(500)}),
            ),
            msg("GameListUpdate", json!({"gameId": 3, "gameMode": 3})),
            info(2, "bob"),
            info(7, "gone"),
            msg(
                "JoinGameAck",
                json!({"gameId": 4, "areYouGameAdmin": true, "gameInfo": game_info(500)}),
            ),
            start(4, json!([1, 2])),
            msg(
                "StartKickPetition",
                json!({"gameId": 4, "petitionId": 5, "proposingPlayerId": 1, "kickPlayerId": 2,
                       "numVotesNeededToKick": 1}),
            ),
            offline(7),
            offline(2),
        ],
    );
    // The closed game left the list; the change said so.
    assert_eq!(said[3].as_deref(), Some("game 3 is now closed"));
    assert_eq!(l.games.keys().copied().collect::<Vec<_>>(), [4]);
    // A player gone offline is forgotten, unless the client's table shows
    // them: bob is seated at game 4.
    assert_eq!(said[9].as_deref(), Some("gone (7) goes offline"));
    assert_eq!(l.players.keys().copied().collect::<Vec<_>>(), [1, 2]);
    assert_eq!(l.petitions.keys().copied().collect::<Vec<_>>(), [5]);
    // Removed from its game, the client's petitions there go; its table
    // stays, drawn, until another starts.
    let said = feed(
        &mut l,
        vec![msg(
            "RemovedFromGame",
            json!({"gameId": 4, "removedFromGameReason": 0}),
        )],
    );
    assert_eq!(
        said[0].as_deref(),
        Some("client removed from game 4 (removed_on_request)")
    );
    assert!(l.petitions.is_empty() && l.own_game.is_none());
    assert!(draw(&l).contains("table of game 4"));
    assert!(draw(&l).contains("bob (2)"));
    // The next game's table takes its place; bob, no longer shown, goes
    // when next said offline.
    feed(&mut l, vec![start(6, json!([1, 8])), offline(2)]);
    assert_eq!(l.tables.keys().copied().collect::<Vec<_>>(), [6]);
    assert_eq!(l.players.keys().copied().collect::<Vec<_>>(), [1]);
    // So does the table of a game seen from its middle.
    feed(
        &mut l,
        vec![msg("HandStart", json!({"gameId": 9, "smallBlind": 20}))],
    );
    assert_eq!(l.tables.keys().copied().collect::<Vec<_>>(), [9]);
    assert_eq!((l.table_game, l.tables[&9].hand), (Some(9), None));
}
