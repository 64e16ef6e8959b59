//! poker-network hands with real betting agree with the rules to the chip.
//!
//! The captures (`testdata/pokernetwork/betting-*.pcap`) were made through
//! the kernel by `make_betting.py`; each `.expect.json` holds what the rules
//! give for every hand, worked out by the generator's own engine and
//! checked against pokerkit playing the same actions (never by cardshark).
//! For every hand: starting and final stacks, what each player won and got
//! back uncalled, the pots and their winners, the rake, the reading of
//! `PacketPokerRaise.amount` the stream's chip reports decide, and every
//! `PacketPokerPlayerChips` the server sent during the hand equal to the
//! stack rebuilt from the actions.

use crate::common;
use crate::support;

use serde_json::Value;
use std::collections::HashMap;
use support::testdata;

/// The OHH objects of every hand of `file`, incomplete ones too.
fn ohh(file: &str) -> Vec<Value> {
    common::hands_ohh(&testdata(file), &["--incomplete"])
}

fn expect(name: &str) -> Value {
    let path = testdata(&format!("pokernetwork/{name}.expect.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Net winnings by player over all pots.
fn won(h: &Value) -> HashMap<u64, u64> {
    let mut m = HashMap::new();
    for p in h["pots"].as_array().unwrap() {
        for w in p["player_wins"].as_array().unwrap() {
            *m.entry(u(&w["player_id"])).or_default() += u(&w["win_amount"]);
        }
    }
    m
}

/// The stacks after every chip-moving action, by player, in order,
/// rebuilt from the starting stacks and the actions' amounts.
fn rebuilt(h: &Value) -> HashMap<u64, Vec<u64>> {
    let mut stack: HashMap<u64, u64> = (h["players"].as_array().unwrap().iter())
        .map(|p| (u(&p["id"]), u(&p["starting_stack"])))
        .collect();
    let mut after: HashMap<u64, Vec<u64>> = HashMap::new();
    for round in h["rounds"].as_array().unwrap() {
        for a in round["actions"].as_array().unwrap() {
            let Some(amount) = a.get("amount") else {
                continue;
            };
            let p = u(&a["player_id"]);
            let s = stack.get_mut(&p).unwrap();
            *s = s.checked_sub(u(amount)).expect("a stack below zero");
            after.entry(p).or_default().push(*s);
        }
    }
    after
}

/// Checks every hand of capture `name` against its expect file; returns
/// the number of hands checked.
fn check(name: &str) -> usize {
    let want = expect(name);
    let hands = ohh(&format!("pokernetwork/{name}.pcap"));
    let expected = want["hands"].as_object().unwrap();
    assert_eq!(hands.len(), expected.len(), "{name}: hands");
    let reading = match want["raise_convention"].as_str().unwrap() {
        "chips-moved" => "chips_moved",
        "raise-to" => "raise_to",
        other => panic!("{other}"),
    };
    let bad: Vec<&str> = (want["contradiction_hands"].as_array().unwrap().iter())
        .map(|v| v.as_str().unwrap())
        .collect();
    for (serial, e) in expected {
        let h = (hands.iter())
            .find(|h| h["cardshark"]["server_number"].as_u64() == serial.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no hand {serial}"));
        let what = format!("{name} hand {serial} ({})", e["label"]);
        // Stream 0: the public number is the serial.
        assert_eq!(h["game_number"], serial.as_str(), "{what}");
        let x = &h["cardshark"];
        assert_eq!(x["complete"], true, "{what}");
        assert_eq!(x["bet_reading"]["raise_amount"], reading, "{what}");
        if bad.contains(&serial.as_str()) {
            continue;
        }
        let odd: Vec<&Value> = (x["notes"].as_array().unwrap().iter())
            .filter(|n| n["kind"] != "info")
            .collect();
        assert_eq!(odd, Vec::<&Value>::new(), "{what}: no contradiction");
        let finals: HashMap<u64, u64> = (x["final_stacks"].as_array().unwrap().iter())
            .map(|f| (u(&f["player_id"]), u(&f["stack"])))
            .collect();
        let returned: HashMap<u64, u64> = (x["returned"].as_array().unwrap().iter())
            .map(|r| (u(&r["player_id"]), u(&r["amount"])))
            .collect();
        let won = won(h);
        let players = h["players"].as_array().unwrap();
        assert_eq!(
            players.len(),
            e["players"].as_array().unwrap().len(),
            "{what}"
        );
        for p in e["players"].as_array().unwrap() {
            let id = u(&p["serial"]);
            let who = format!("{what}, player {id}");
            let ours = players.iter().find(|q| u(&q["id"]) == id).unwrap();
            assert_eq!(ours["seat"], p["seat"], "{who}: seat");
            assert_eq!(ours["starting_stack"], p["start"], "{who}: start");
            assert_eq!(finals[&id], u(&p["final"]), "{who}: final");
            assert_eq!(
                won.get(&id).copied().unwrap_or(0),
                u(&p["won"]),
                "{who}: won"
            );
            let back = returned.get(&id).copied().unwrap_or(0);
            assert_eq!(back, u(&p["uncalled"]), "{who}: uncalled");
        }
        // The pots: their chips and who won each.
        let pots: Vec<(u64, Vec<u64>)> = (h["pots"].as_array().unwrap().iter())
            .map(|p| {
                let mut w: Vec<u64> = (p["player_wins"].as_array().unwrap().iter())
                    .map(|w| u(&w["player_id"]))
                    .collect();
                w.sort_unstable();
                (u(&p["amount"]), w)
            })
            .collect();
        let want_pots: Vec<(u64, Vec<u64>)> = (e["pots"].as_array().unwrap().iter())
            .map(|p| {
                let mut w: Vec<u64> = (p["winners"].as_array().unwrap().iter())
                    .map(|w| u(&w["serial"]))
                    .collect();
                w.sort_unstable();
                (u(&p["amount"]), w)
            })
            .collect();
        assert_eq!(pots, want_pots, "{what}: pots");
        let rake: u64 = h["pots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| u(&p["rake"]))
            .sum();
        assert_eq!(rake, u(&e["rake"]), "{what}: rake");
        // Every chip report the server sent after a blind, ante, call or
        // raise equals the stack rebuilt from the actions.
        let rebuilt = rebuilt(h);
        let mut seen: HashMap<u64, usize> = HashMap::new();
        for c in e["player_chips"].as_array().unwrap() {
            if !["blind", "ante", "call", "raise"].contains(&c["when"].as_str().unwrap()) {
                continue;
            }
            let p = u(&c["serial"]);
            let k = seen.entry(p).or_default();
            let ours = rebuilt.get(&p).and_then(|v| v.get(*k));
            assert_eq!(
                ours,
                Some(&u(&c["money"])),
                "{what}: chip report {k} of {p}"
            );
            *k += 1;
        }
        for (p, n) in seen {
            assert_eq!(rebuilt[&p].len(), n, "{what}: chip-moving actions of {p}");
        }
    }
    hands.len()
}

#[test]
fn protocol_2_chips_moved() {
    assert_eq!(check("betting-v2-moved"), 10);
}

#[test]
fn protocol_2_raise_to_with_nagle() {
    assert_eq!(check("betting-v2-raiseto"), 10);
}

#[test]
fn protocol_3_chips_moved() {
    assert_eq!(check("betting-v3-moved"), 10);
}

#[test]
fn protocol_3_raise_to_lossy() {
    assert_eq!(check("betting-v3-raiseto"), 10);
}

#[test]
fn fixed_limit_to_the_cap_and_a_short_all_in() {
    assert_eq!(check("betting-limit"), 2);
}

/// Hand 85002: dave's chip report after a call is 50 short, alice's final
/// report 50 over. The hand is still written, with notes naming the
/// frames; the other hands are clean.
#[test]
fn contradicting_chip_reports_are_notes_naming_their_frames() {
    assert_eq!(check("betting-contradiction"), 10);
    let hands = ohh("pokernetwork/betting-contradiction.pcap");
    let h = (hands.iter())
        .find(|h| h["game_number"] == "85002")
        .unwrap();
    let notes = h["cardshark"]["notes"].as_array().unwrap();
    let checks: Vec<&str> = (notes.iter())
        .filter(|n| n["kind"] == "check")
        .map(|n| n["text"].as_str().unwrap())
        .collect();
    assert!(
        checks
            .iter()
            .any(|t| t.contains("dave") && t.contains("frame")),
        "{checks:?}"
    );
    assert!(checks.iter().any(|t| t.starts_with("chips:")), "{checks:?}");
}

/// A capture merged with mergecap from PokerTH and poker-network captures
/// (several tables and games): no two hands share a PokerStars `Hand #` or
/// an OHH `game_number`, and the numbers are the same from run to run.
#[test]
fn a_merged_capture_has_unique_hand_numbers() {
    let first = ohh("hands/merged.pcap");
    assert!(first.len() >= 20, "{}", first.len());
    let mut numbers: Vec<&str> = first
        .iter()
        .map(|h| h["game_number"].as_str().unwrap())
        .collect();
    numbers.sort_unstable();
    let n = numbers.len();
    numbers.dedup();
    assert_eq!(numbers.len(), n, "duplicate game_number");
    let again = ohh("hands/merged.pcap");
    let a: Vec<&Value> = first.iter().map(|h| &h["game_number"]).collect();
    let b: Vec<&Value> = again.iter().map(|h| &h["game_number"]).collect();
    assert_eq!(a, b);
    let out = common::cardshark()
        .args(["hands", "--format", "text", "--incomplete"])
        .arg(testdata("hands/merged.pcap"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut ids: Vec<&str> = (text.lines())
        .filter_map(|l| l.strip_prefix("PokerStars Hand #"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(ids.len(), n);
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate Hand #");
}
