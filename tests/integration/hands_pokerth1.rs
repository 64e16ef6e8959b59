//! `cardshark hands` on the real PokerTH 1.x captures of testdata/pokerth1
//! (Debian's unmodified server 1.1.2), checked against what the client
//! logged (`NAME.messages.jsonl`), not against the builder: for each
//! connection, the hands the server's messages make (one per Hand Start,
//! plus one for actions of a hand whose start the connection did not see,
//! as a rejoining client sees), each player's money after the hand (his
//! last Players Action Done, or the End Of Hand result), the money won
//! (End Of Hand Show / Hide Cards). Every hand's final stacks must be the
//! server's, the pots must hold what was won, the winnings and chips given
//! back must be the server's `moneyWon`, and no hand may carry a note but
//! the rejected actions (Your Action Rejected) of its hero.

use crate::common;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn captures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/pokerth1");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pcap"))
        .filter(|p| p.with_extension("messages.jsonl").exists())
        .collect();
    v.sort();
    v
}

/// One hand as the server's messages to one client tell it.
#[derive(Debug, Default)]
struct Truth {
    /// Hand Start was seen.
    started: bool,
    /// End Of Hand Show / Hide Cards was seen.
    ended: bool,
    /// Each player's money after the hand.
    money: BTreeMap<u64, u64>,
    /// `moneyWon` summed.
    won: u64,
    /// Your Action Rejected messages.
    rejected: usize,
}

/// The logged message's body: the one sub-message beside `messageType`.
fn body(rec: &Value) -> &Value {
    let msg = rec["msg"].as_object().unwrap();
    (msg.iter())
        .find(|(k, _)| *k != "messageType")
        .map(|(_, v)| v)
        .unwrap()
}

fn num(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("no {key} in {v}"))
}

/// The hands of each client port, from the truth.
fn truth(path: &Path) -> BTreeMap<u64, Vec<Truth>> {
    let text = std::fs::read_to_string(path.with_extension("messages.jsonl")).unwrap();
    let mut by_port: BTreeMap<u64, Vec<Truth>> = BTreeMap::new();
    for line in text.lines() {
        let rec: Value = serde_json::from_str(line).unwrap();
        if rec["dir"] != "s2c" {
            continue;
        }
        let hands = by_port.entry(num(&rec, "client_port")).or_default();
        let b = body(&rec);
        match rec["type"].as_str().unwrap() {
            "HandStartMessage" => hands.push(Truth {
                started: true,
                ..Truth::default()
            }),
            "PlayersActionDoneMessage" => {
                if hands.last().is_none_or(|h| h.ended) {
                    hands.push(Truth::default());
                }
                let h = hands.last_mut().unwrap();
                h.money.insert(num(b, "playerId"), num(b, "playerMoney"));
            }
            "EndOfHandShowCardsMessage" | "EndOfHandHideCardsMessage" => {
                let h = hands.last_mut().unwrap();
                let results = match b.get("playerResults") {
                    Some(r) => r.as_array().unwrap().clone(),
                    None => vec![b.clone()],
                };
                for r in results {
                    h.money.insert(num(&r, "playerId"), num(&r, "playerMoney"));
                    h.won += num(&r, "moneyWon");
                }
                h.ended = true;
            }
            "YourActionRejectedMessage" => hands.last_mut().unwrap().rejected += 1,
            "PlayerIdChangedMessage" => {
                // A hand in play goes on under the new id.
                if let Some(h) = hands.last_mut().filter(|h| !h.ended) {
                    if let Some(m) = h.money.remove(&num(b, "oldPlayerId")) {
                        h.money.insert(num(b, "newPlayerId"), m);
                    }
                }
            }
            _ => {}
        }
    }
    by_port
}

/// Stream number by client port, from `decode`'s stream starts.
fn streams(path: &Path) -> BTreeMap<u64, u64> {
    let out = common::cardshark()
        .args(["decode", "--format", "jsonl"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut m = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        if r["event"] == "stream_start" {
            let src = r["src"].as_str().unwrap();
            let port: u64 = src.rsplit(':').next().unwrap().parse().unwrap();
            m.insert(port, num(&r, "stream"));
        }
    }
    m
}

fn sum(v: &Value, list: &str, key: &str) -> u64 {
    (v[list].as_array().unwrap().iter())
        .map(|x| num(x, key))
        .sum()
}

#[test]
fn every_hand_of_every_connection_ends_with_the_servers_money() {
    let files = captures();
    assert!(files.len() >= 2, "no PokerTH 1.x capture");
    let mut total = 0;
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let ports = streams(&path);
        let mut checked = 0;
        let dir = tempfile::tempdir().unwrap();
        for (port, want) in truth(&path) {
            let stream = ports[&port];
            // The connection's own view of each hand: the capture of that
            // connection alone (`decode -s N -w`), where nothing joins it.
            let one = dir.path().join(format!("{stream}.pcap"));
            let out = common::cardshark()
                .args(["decode", "-s", &stream.to_string(), "-w"])
                .arg(&one)
                .arg(&path)
                .output()
                .unwrap();
            assert!(out.status.success(), "{file} stream {stream}: -w");
            let ohh = common::hands_ohh(&one, &["--incomplete"]);
            let got: Vec<&Value> = ohh.iter().collect();
            let starts = want.iter().filter(|t| t.started).count();
            let seen_start = (got.iter())
                .filter(|h| {
                    !(h["cardshark"]["incomplete_reasons"]
                        .as_array()
                        .unwrap()
                        .iter())
                    .any(|r| {
                        r.as_str()
                            .unwrap()
                            .contains("does not show this hand's start")
                    })
                })
                .count();
            assert_eq!(seen_start, starts, "{file} stream {stream}: Hand Starts");
            assert_eq!(got.len(), want.len(), "{file} stream {stream}: hands");
            for (h, t) in got.iter().zip(&want) {
                let x = &h["cardshark"];
                let id = x["id"].as_str().unwrap();
                let whole = t.started && t.ended;
                assert_eq!(x["complete"], whole, "{file} {id}: complete");
                let notes = x["notes"].as_array().unwrap();
                let rejected = (notes.iter())
                    .filter(|n| {
                        n["kind"] == "info" && n["text"].as_str().unwrap().starts_with("rejected: ")
                    })
                    .count();
                assert_eq!(rejected, t.rejected, "{file} {id}: rejected actions");
                let incomplete = notes.iter().filter(|n| n["kind"] == "incomplete").count();
                assert_eq!(
                    notes.len(),
                    rejected + incomplete,
                    "{file} {id}: notes {notes:?}"
                );
                if !whole {
                    assert!(incomplete > 0, "{file} {id}: incomplete without a reason");
                    continue;
                }
                let finals: BTreeMap<u64, u64> = (x["final_stacks"].as_array().unwrap().iter())
                    .map(|s| (num(s, "player_id"), num(s, "stack")))
                    .collect();
                assert_eq!(finals, t.money, "{file} {id}: final stacks");
                let pots = sum(h, "pots", "amount");
                let won: u64 = (h["pots"].as_array().unwrap().iter())
                    .map(|p| sum(p, "player_wins", "win_amount"))
                    .sum();
                assert_eq!(pots, won, "{file} {id}: the pots hold what is won");
                let back = sum(x, "returned", "amount");
                assert_eq!(won + back, t.won, "{file} {id}: the server's moneyWon");
                checked += 1;
            }
        }
        assert!(checked > 0, "{file}: no complete hand");
        total += checked;
    }
    println!("{total} complete hands checked");
}

/// The hands of issue 34 in `allin.pcap` (four scripted players, the
/// real server's cards; see testdata/pokerth1/README.md), as alice's
/// connection tells them: bets nobody calls, split pots (also of a side
/// pot, and heads up), side pots won by other players than the short
/// all-in's main pot, and all-in excesses nobody could call coming back
/// (to a loser too). By hand: each pot's chips and winners (name, chips),
/// then the chips returned (name, chips). Every figure was read off the
/// server's messages in `allin.messages.jsonl` and pokerkit replays these
/// hands to the server's stacks (hands_interop.rs).
#[test]
fn allin_bets_nobody_calls_split_and_side_pots() {
    type Pots = &'static [(u64, &'static [(&'static str, u64)])];
    type Back = &'static [(&'static str, u64)];
    let want: [(&str, Pots, Back); 8] = [
        // A turn bet nobody calls; a river bet nobody calls.
        ("0:1", &[(80, &[("alice", 80)])], &[("alice", 100)]),
        ("0:2", &[(80, &[("dave", 80)])], &[("dave", 150)]),
        // Checked down to a split.
        ("0:10", &[(80, &[("alice", 40), ("carol", 40)])], &[]),
        // dave all in, bob all in for less, alice all in over both.
        (
            "0:12",
            &[(5170, &[("dave", 5170)]), (280, &[("dave", 280)])],
            &[("alice", 280)],
        ),
        // The short all-in (alice) wins the main pot; the side pot is split.
        (
            "0:13",
            &[
                (840, &[("alice", 840)]),
                (3980, &[("carol", 1990), ("dave", 1990)]),
            ],
            &[("dave", 3180)],
        ),
        // dave's excess comes back to him, who wins nothing.
        (
            "0:14",
            &[(2520, &[("carol", 2520)]), (2300, &[("carol", 2300)])],
            &[("dave", 3180)],
        ),
        // Heads up: a split of everything, then the last hand.
        (
            "0:15",
            &[(6360, &[("carol", 3180), ("dave", 3180)])],
            &[("carol", 1640)],
        ),
        ("0:16", &[(6360, &[("carol", 6360)])], &[("carol", 1640)]),
    ];
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/pokerth1/allin.pcap");
    let hands: Vec<Value> = (common::hands_ohh(&file, &[]).into_iter())
        .filter(|h| h["cardshark"]["stream"] == 0)
        .collect();
    assert_eq!(hands.len(), 16);
    for (id, pots, back) in want {
        let h = (hands.iter())
            .find(|h| h["cardshark"]["id"] == id)
            .unwrap_or_else(|| panic!("no hand {id}"));
        let name = |p: &Value| {
            let p = (h["players"].as_array().unwrap().iter())
                .find(|q| q["id"] == *p)
                .unwrap();
            p["name"].as_str().unwrap().to_string()
        };
        let got: Vec<(u64, Vec<(String, u64)>)> = (h["pots"].as_array().unwrap().iter())
            .map(|p| {
                let mut w: Vec<(String, u64)> = (p["player_wins"].as_array().unwrap().iter())
                    .map(|w| (name(&w["player_id"]), num(w, "win_amount")))
                    .collect();
                w.sort();
                (num(p, "amount"), w)
            })
            .collect();
        let want_pots: Vec<(u64, Vec<(String, u64)>)> = (pots.iter())
            .map(|(n, w)| (*n, w.iter().map(|(p, c)| (p.to_string(), *c)).collect()))
            .collect();
        assert_eq!(got, want_pots, "{id}: pots");
        let returned: Vec<(String, u64)> = (h["cardshark"]["returned"].as_array().unwrap().iter())
            .map(|r| (name(&r["player_id"]), num(r, "amount")))
            .collect();
        let want_back: Vec<(String, u64)> = back.iter().map(|(p, c)| (p.to_string(), *c)).collect();
        assert_eq!(returned, want_back, "{id}: returned");
    }
}
