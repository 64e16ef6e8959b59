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
        let ohh = common::hands_ohh(&path, &["--incomplete"]);
        let ports = streams(&path);
        let mut checked = 0;
        for (port, want) in truth(&path) {
            let stream = ports[&port];
            let got: Vec<&Value> = (ohh.iter())
                .filter(|h| h["cardshark"]["stream"] == stream)
                .collect();
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
