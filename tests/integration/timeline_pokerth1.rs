//! `cardshark timeline` and `replay -s N` on PokerTH 1.x, against the truth:
//! testdata/pokerth1/NAME.messages.jsonl is what the scripted client of
//! Debian's unmodified pokerth-server 1.1.2 logged as it received each
//! message. The expected lobby and table are worked out here from that log
//! alone (the settings of Game List New, the client's cards of Hand Start,
//! each player's last `playerMoney`, the money won at each hand's end, the
//! chat texts); the truth's messages are given their capture frames by
//! order, the server's messages to one client in the order it sent them
//! (tests/integration/pokerth1_truth.rs holds cardshark's records to that same order).

use crate::common;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn testdata(rel: &str) -> PathBuf {
    common::testdata(&format!("pokerth1/{rel}"))
}

/// Runs cardshark with `args` on `file` (under testdata/pokerth1/).
fn run(args: &[&str], file: &str) -> String {
    common::run_ok(args, &format!("pokerth1/{file}"))
}

use common::json_lines as lines;

/// `alice` → the messages the server sent that client: (type without
/// `Message`, the message's body), in order.
fn truth(name: &str, conn: &str) -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(testdata(&format!("{name}.messages.jsonl"))).unwrap();
    (text.lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["conn"] == conn && v["dir"] == "s2c")
        .map(|v| {
            let t = v["type"].as_str().unwrap();
            let t = t.strip_suffix("Message").unwrap_or(t).to_owned();
            let body = (v["msg"].as_object().unwrap().iter())
                .find(|(k, _)| *k != "messageType")
                .map(|(_, b)| b.clone())
                .unwrap_or(json!({}));
            (t, body)
        })
        .collect()
}

/// The frame of each of the truth's messages: the server's records of
/// `stream`, in order (each checked to be of the truth's type).
fn frames(name: &str, stream: u64, truth: &[(String, Value)]) -> Vec<u64> {
    let recs = lines(&run(
        &["decode", "--format", "jsonl"],
        &format!("{name}.pcap"),
    ));
    let ours: Vec<&Value> = (recs.iter())
        .filter(|r| r["stream"] == stream && r["dir"] == "s2c" && r["dialect"] == "pokerth-1")
        .collect();
    assert_eq!(ours.len(), truth.len(), "{name} stream {stream}");
    (ours.iter().zip(truth))
        .map(|(r, (t, _))| {
            assert_eq!(r["type"], t.as_str());
            r["frame"].as_u64().unwrap()
        })
        .collect()
}

/// Every step of stream `stream`'s timeline (`--format jsonl`).
fn steps(name: &str, stream: u64) -> Vec<Value> {
    let s = stream.to_string();
    lines(&run(
        &["timeline", "--format", "jsonl", "-s", &s],
        &format!("{name}.pcap"),
    ))
}

/// The state after every message of frame `frame` (the last step at or
/// before it).
fn at(steps: &[Value], frame: u64) -> &Value {
    let i = steps.partition_point(|s| s["frame"].as_u64().unwrap() <= frame);
    assert!(i > 0, "no step by frame {frame}");
    &steps[i - 1]["state"]
}

/// `netGameType` → `net_game_type`, `normalGame` → `normal_game`.
fn snake(s: &str) -> String {
    let mut o = String::new();
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            o.push('_');
            o.push(c.to_ascii_lowercase());
        } else {
            o.push(c);
        }
    }
    o
}

/// A truth card number as `"Ah"`.
fn card(n: &Value) -> Value {
    let n = n.as_u64().unwrap();
    let rank = b"23456789TJQKA"[(n % 13) as usize] as char;
    let suit = b"dhsc"[(n / 13) as usize] as char;
    Value::from(format!("{rank}{suit}"))
}

/// What each capture shows, checked against its truth for one client.
fn check_against_truth(name: &str, stream: u64, conn: &str) -> Facts {
    let truth = truth(name, conn);
    let frames = frames(name, stream, &truth);
    let steps = steps(name, stream);
    let mut facts = Facts::default();
    let me = (truth.iter())
        .find(|(t, _)| t == "InitAck")
        .map(|(_, b)| b["yourPlayerId"].clone())
        .unwrap();
    let mut start_money = 0;
    let mut seats: Vec<Value> = Vec::new();
    // Each player's money as the server last said it.
    let mut money: BTreeMap<u64, u64> = BTreeMap::new();
    let mut board: Vec<Value> = Vec::new();
    let mut chat: Vec<Value> = Vec::new();
    for (i, ((t, b), &frame)) in truth.iter().zip(&frames).enumerate() {
        let state = at(&steps, frame);
        // The game's table, and the hand's (the one every view tells).
        let table = &state["tables"]["1"];
        let hand = &state["table"];
        let seat_of = |p: &Value| {
            (hand["seats"].as_array().into_iter().flatten()).find(|s| s["player"] == *p)
        };
        let last_in_frame = frames.get(i + 1) != Some(&frame);
        match t.as_str() {
            "GameListNew" => {
                // The lobby lists the game with the truth's settings.
                let g = &state["games"][b["gameId"].to_string()];
                let info = b["gameInfo"].as_object().unwrap();
                assert_eq!(g["name"], info["gameName"]);
                assert_eq!(g["admin"], b["adminPlayerId"]);
                assert_eq!(g["private"], b["isPrivate"]);
                for (k, v) in info.iter().filter(|(k, _)| *k != "gameName") {
                    let want = match v {
                        Value::String(s) => Value::from(snake(s)),
                        v => v.clone(),
                    };
                    assert_eq!(g["settings"][snake(k)], want, "{name}: setting {k}");
                }
                start_money = info["startMoney"].as_u64().unwrap();
                facts.games_listed += 1;
            }
            "PlayerInfoReply" => {
                let id = b["playerId"].to_string();
                let d = &b["playerInfoData"];
                assert_eq!(state["players"][&id]["name"], d["playerName"]);
                assert_eq!(state["players"][&id]["human"], d["isHuman"]);
            }
            "Chat" => chat.push(b["chatText"].clone()),
            "GameStartInitial" => {
                seats = b["playerSeats"].as_array().unwrap().clone();
                for p in &seats {
                    money.insert(p.as_u64().unwrap(), start_money);
                }
                let ids: Vec<&Value> = (table["seats"].as_array().unwrap().iter())
                    .map(|s| &s["player"])
                    .collect();
                assert_eq!(ids, seats.iter().collect::<Vec<_>>());
                assert_eq!(table["button"], b["startDealerPlayerId"]);
            }
            "GameStartRejoin" => {
                // A spectator or a rejoining player: the seats and stacks
                // as the server gives them, and the hand count so far.
                seats = (b["rejoinPlayerData"].as_array().unwrap().iter())
                    .map(|d| d["playerId"].clone())
                    .collect();
                for d in b["rejoinPlayerData"].as_array().unwrap() {
                    money.insert(
                        d["playerId"].as_u64().unwrap(),
                        d["playerMoney"].as_u64().unwrap(),
                    );
                }
                facts.hands = b["handNum"].as_u64().unwrap() as usize;
            }
            "HandStart" => {
                facts.hands += 1;
                board.clear();
                assert_eq!(table["hand"], facts.hands, "{name}");
                let Some(mine) = seats.iter().position(|p| *p == me) else {
                    continue; // a spectator: no cards of its own
                };
                let out = b["seatStates"][mine] == "netPlayerStateNoMoney";
                let cards = seat_of(&me).map_or(Value::Null, |s| s["cards"].clone());
                let want = match out {
                    true => Value::Null,
                    false => json!([
                        card(&b["plainCards"]["plainCard1"]),
                        card(&b["plainCards"]["plainCard2"])
                    ]),
                };
                assert_eq!(cards, want, "{name} hand {}", facts.hands);
                facts.cards_seen += usize::from(!out);
            }
            "PlayersActionDone" => {
                money.insert(
                    b["playerId"].as_u64().unwrap(),
                    b["playerMoney"].as_u64().unwrap(),
                );
                // After each action (the last of its frame): every stack
                // as the server last said it.
                if last_in_frame {
                    for s in hand["seats"].as_array().unwrap() {
                        let p = s["player"].as_u64().unwrap();
                        assert_eq!(s["stack"], money[&p], "{name} hand {}", facts.hands);
                    }
                    facts.stacks_checked += 1;
                }
            }
            "DealFlopCards" | "DealTurnCard" | "DealRiverCard" => {
                for k in [
                    "flopCard1",
                    "flopCard2",
                    "flopCard3",
                    "turnCard",
                    "riverCard",
                ] {
                    if let Some(c) = b.get(k) {
                        board.push(card(c));
                    }
                }
                assert_eq!(hand["board"], Value::from(board.clone()));
            }
            "EndOfHandShowCards" | "EndOfHandHideCards" => {
                let results: Vec<Value> = match t.as_str() {
                    "EndOfHandHideCards" => vec![b.clone()],
                    _ => b["playerResults"].as_array().unwrap().clone(),
                };
                // The table shows the result as the server gives it: the
                // server's money won is what the hand gives back to the
                // player and what he wins; his money after it, his stack.
                assert_eq!(hand["over"], true, "{name} hand {}", facts.hands);
                for r in &results {
                    let p = r["playerId"].as_u64().unwrap();
                    money.insert(p, r["playerMoney"].as_u64().unwrap());
                    let seat = seat_of(&r["playerId"]).unwrap();
                    assert_eq!(
                        seat["stack"], r["playerMoney"],
                        "{name} hand {}",
                        facts.hands
                    );
                    let got = seat["won"].as_u64().unwrap() + seat["returned"].as_u64().unwrap();
                    assert_eq!(
                        Value::from(got),
                        r["moneyWon"],
                        "{name} hand {}",
                        facts.hands
                    );
                }
                facts.pots_checked += 1;
            }
            "EndOfGame" => {
                assert_eq!(table["winner"], b["winnerPlayerId"]);
                facts.winner = b["winnerPlayerId"].as_u64();
            }
            _ => {}
        }
    }
    let last = &steps.last().unwrap()["state"];
    let texts: Vec<&Value> = (last["chat"].as_array().unwrap().iter())
        .map(|c| &c["text"])
        .collect();
    assert_eq!(texts, chat.iter().collect::<Vec<_>>());
    assert_eq!(last["me"], me);
    facts.chat = chat.len();
    facts.steps = steps.len();
    facts
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Facts {
    steps: usize,
    games_listed: usize,
    hands: usize,
    cards_seen: usize,
    stacks_checked: usize,
    pots_checked: usize,
    chat: usize,
    winner: Option<u64>,
}

#[test]
fn solo_against_the_truth() {
    // Seven hands, alice out of chips for the last ones; every action's
    // stacks and every hand's pot checked.
    assert_eq!(
        check_against_truth("solo", 0, "alice"),
        Facts {
            steps: 103,
            games_listed: 1,
            hands: 7,
            cards_seen: 4,
            stacks_checked: 24,
            pots_checked: 7,
            chat: 2,
            winner: Some(3),
        }
    );
}

#[test]
fn duo_against_the_truth_both_clients() {
    // Eight hands; alice is out of chips after the first (the server goes
    // on dealing her the same two cards, which are not hers to show). The
    // server's After Hand Show Cards of alice's cards, shown at the
    // showdown already, changes nothing at the table.
    for (stream, conn, steps, cards_seen, stacks, chat) in
        [(0, "alice", 172, 1, 45, 4), (1, "bob", 172, 8, 45, 3)]
    {
        assert_eq!(
            check_against_truth("duo", stream, conn),
            Facts {
                steps,
                games_listed: 1,
                hands: 8,
                cards_seen,
                stacks_checked: stacks,
                pots_checked: 8,
                chat,
                winner: Some(4),
            },
            "{conn}"
        );
    }
}

#[test]
fn the_lobby_and_the_table_at_a_frame() {
    // Frame 100 of solo: hand 3's turn, Computer2 has just gone all in.
    let out = run(&["timeline", "--at", "100", "-s", "0"], "solo.pcap");
    assert!(out.starts_with("── stream 0 at frame 100\n"), "{out}");
    for want in [
        "  client alice (1), 1 player(s) online\n",
        "  game    1 \"pcap test solo\"     started  admin alice (1)      alice (1), Computer1 (2), Computer2 (3)\n",
        "  table of game 1: hand 3, small blind 80\n",
        "  hand 0:3 · turn\n",
        "  seat  1  alice            6h 3c  stack     780  bet    160\n",
        "  seat  2  Computer2               stack       0  bet    820 all in\n",
        "  seat  3  Computer1               stack     920  bet      0 [button] folded\n",
        "  pot 1300  board [2d 9c 7s 6s]\n",
    ] {
        assert!(out.contains(want), "{want:?} not in\n{out}");
    }
    let json = lines(&run(
        &["timeline", "--at", "100", "--format", "jsonl"],
        "solo.pcap",
    ));
    assert_eq!(json.len(), 1);
    let s = &json[0]["state"];
    assert_eq!(s["game"], "pokerth1");
    assert_eq!(s["own_game"]["players"], json!([1, 2, 3]));
    assert_eq!(s["table"]["to_act"], Value::Null);
    assert_eq!(
        s["table"]["event"],
        "Computer2 raises to 820 and is all in, stack 0"
    );
}

#[test]
fn the_table_of_changes() {
    let table = run(&["timeline"], "solo.pcap");
    for (frame, what) in [
        (
            15,
            "game 1 \"pcap test solo\" listed (created, 0 player(s))",
        ),
        (30, "hand 0:1 starts: blinds 20/40, alice's cards 8h Qh"),
        (34, "alice raises to 80, stack 920"),
        (74, "alice calls 80, stack 940"),
        (80, "flop: 2d 9c 7s"),
        (170, "game 1 over: Computer2 (3) wins"),
    ] {
        // Plain columns into a pipe: Frame, Time, Stream, What.
        let row = |l: &str| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w[0] == frame.to_string() && w[2] == "0" && l.ends_with(&format!(" {what}"))
        };
        assert!(
            table.lines().any(row),
            "frame {frame}: {what:?} not in\n{table}"
        );
    }
}

#[test]
fn replay_a_pokerth1_stream_without_a_terminal() {
    let all = steps("duo", 1);
    let json = lines(&run(
        &["replay", "-s", "1", "--format", "jsonl"],
        "duo.pcap",
    ));
    assert_eq!(json.len(), all.len());
    let last = json.last().unwrap();
    assert_eq!(last["step"], json.len());
    assert_eq!(last["change"]["what"], "the stream ends (fin)");
    assert_eq!(last["state"]["tables"]["1"]["winner"], 4);
    let text = run(&["replay", "-s", "0"], "solo.pcap");
    assert!(!text.contains("[Enter"), "waited without a terminal");
    let heads = text.lines().filter(|l| l.starts_with("── step")).count();
    assert_eq!(heads, steps("solo", 0).len());
    let last = &text[text.rfind("── step").unwrap()..];
    assert!(last.contains("  game over: Computer2 (3) wins\n"), "{last}");
    assert!(
        last.contains("  seat  2  Computer2        Kd 8s  stack    3000"),
        "{last}"
    );
}

#[test]
fn every_step_has_the_full_state_and_a_row() {
    let all = steps("solo", 0);
    for s in &all {
        let state = s["state"].as_object().unwrap();
        assert_eq!(state["game"], "pokerth1");
        for k in [
            "players", "games", "tables", "table", "chat", "errors", "kicks", "own_game",
        ] {
            assert!(state.contains_key(k), "{k}");
        }
        assert_eq!(state["incomplete"], false);
    }
    // The table has the same changes, a row each.
    let table = run(&["timeline"], "solo.pcap");
    // The header, then a line per change.
    assert_eq!(table.lines().skip(1).count(), all.len());
}

/// Every connection of every scenario the real server played (spectator,
/// kick, rejected actions, timeouts, password, ten seats, reconnect): the
/// same checks against the truth as for solo and duo, each connection
/// found by its client port.
#[test]
fn every_scenario_against_the_truth() {
    let (mut checked, mut connections) = (0, 0);
    for name in [
        "spectator",
        "kick",
        "rejected",
        "timeout",
        "password",
        "ten",
        "reconnect",
    ] {
        let inspect = common::inspect(&testdata(&format!("{name}.pcap")));
        let text = std::fs::read_to_string(testdata(&format!("{name}.messages.jsonl"))).unwrap();
        let conns: BTreeMap<u64, String> = (text.lines())
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|v| {
                (
                    v["client_port"].as_u64().unwrap(),
                    v["conn"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        for s in inspect["streams"].as_array().unwrap() {
            let client = s["client"].as_str().unwrap();
            let port: u64 = client.rsplit(':').next().unwrap().parse().unwrap();
            let Some(conn) = conns.get(&port) else {
                continue;
            };
            let stream = s["stream"].as_u64().unwrap();
            let f = check_against_truth(name, stream, conn);
            assert!(f.steps > 0 && f.games_listed >= 1, "{name} {conn}: {f:?}");
            checked += f.stacks_checked;
            connections += 1;
            eprintln!("{name} {conn}: {f:?}");
        }
    }
    eprintln!("{connections} connections, {checked} table states checked after an action");
    assert_eq!(connections, 18);
    assert!(checked > 500, "{checked} stacks checked");
}
