//! The table the timelines follow a hand with ends where the hand views
//! end it: for every hand of every poker capture in testdata (PokerTH 0.7
//! and 1.x, over TCP and WebSocket, and poker-network), the timeline's
//! last table of the hand (its result) has each player's final stack,
//! winnings and returned chips, and every pot and uncalled bet, as the
//! hand's OHH says, and `replay --hand` steps through the same tables.

use crate::common::{captures, cardshark, json_lines, testdata};
use serde_json::Value;
use std::collections::BTreeMap;

/// Every capture under testdata/ that holds a hand (its path under
/// testdata/), with its hands (OHH lines, incomplete ones too).
fn poker_captures() -> Vec<(String, Vec<Value>)> {
    let root = testdata("");
    let mut found = Vec::new();
    for path in captures() {
        let file = (path.strip_prefix(&root).unwrap())
            .to_string_lossy()
            .into_owned();
        // A capture damaged on purpose may end in an error: its hands
        // are still written.
        let o = cardshark()
            .args(["hands", "--format", "jsonl", "--incomplete"])
            .arg(&path)
            .output()
            .unwrap();
        let hands = json_lines(&String::from_utf8(o.stdout).unwrap());
        if !hands.is_empty() {
            found.push((file, hands));
        }
    }
    found
}

fn out(args: &[&str], file: &str) -> String {
    let o = cardshark().args(args).arg(testdata(file)).output().unwrap();
    assert!(o.status.success(), "{args:?} {file}");
    String::from_utf8(o.stdout).unwrap()
}

/// Each hand's tables in the timeline, in order, by hand id.
fn timeline_tables(file: &str) -> BTreeMap<String, Vec<Value>> {
    let mut by_hand: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for l in json_lines(&out(&["timeline", "--format", "jsonl"], file)) {
        let t = &l["state"]["table"];
        if let Some(id) = t["hand"].as_str() {
            let list = by_hand.entry(id.to_string()).or_default();
            if list.last() != Some(t) {
                list.push(t.clone());
            }
        }
    }
    by_hand
}

/// `key` of each player in `list`, added up; a player whose `key` is not
/// known (`pokerth-2007`'s stacks) is left out.
fn amounts(list: &Value, key: &str) -> BTreeMap<u64, u64> {
    let mut m = BTreeMap::new();
    for x in list.as_array().into_iter().flatten() {
        if let Some(v) = x[key].as_u64() {
            *m.entry(x["player_id"].as_u64().unwrap()).or_default() += v;
        }
    }
    m
}

#[test]
fn every_hand_ends_in_the_timeline_as_the_hand_views_end_it() {
    let (mut hands, mut checked, mut pots, mut files) = (0, 0, 0, 0);
    for (file, list) in poker_captures() {
        let file = file.as_str();
        let tables = timeline_tables(file);
        files += 1;
        for h in &list {
            let h = &h["ohh"];
            // Every view's table ends as the joined hand does: each
            // client's timeline follows the hand on its own stream.
            let views = h["cardshark"]["views"].as_array().unwrap();
            for view in views {
                let id = view["id"].as_str().unwrap();
                let Some(last) = tables.get(id).and_then(|t| t.last()) else {
                    panic!("{file}: hand {id} has no table in the timeline");
                };
                if view["complete"] != true {
                    // A view cut by its connection ends where its stream does.
                    continue;
                }
                assert_eq!(last["over"], true, "{file} {id}");
                let finals = amounts(&h["cardshark"]["final_stacks"], "stack");
                let returned = amounts(&h["cardshark"]["returned"], "amount");
                let mut won = BTreeMap::new();
                for p in h["pots"].as_array().unwrap() {
                    for (k, v) in amounts(&p["player_wins"], "win_amount") {
                        *won.entry(k).or_insert(0u64) += v;
                    }
                }
                for s in last["seats"].as_array().unwrap() {
                    let p = s["player"].as_u64().unwrap();
                    if let Some(f) = finals.get(&p) {
                        assert_eq!(
                            s["stack"].as_u64(),
                            Some(*f),
                            "{file} {id} player {p} stack"
                        );
                    }
                    let w = won.get(&p).copied().unwrap_or(0);
                    assert_eq!(s["won"].as_u64(), Some(w), "{file} {id} player {p} won");
                    let r = returned.get(&p).copied().unwrap_or(0);
                    assert_eq!(
                        s["returned"].as_u64(),
                        Some(r),
                        "{file} {id} player {p} back"
                    );
                }
                // Every pot, main and side, as the hand's, and the uncalled
                // bets apart from them.
                let want: Vec<u64> = (h["pots"].as_array().unwrap().iter())
                    .map(|p| p["amount"].as_u64().unwrap())
                    .collect();
                let shown: Vec<u64> = (last["pots"].as_array().unwrap().iter())
                    .map(|p| p["amount"].as_u64().unwrap())
                    .collect();
                if want.is_empty() {
                    // No result to settle: only a hand the capture cuts.
                    assert_eq!(h["cardshark"]["complete"], false, "{file} {id}: no pots");
                } else {
                    assert_eq!(shown, want, "{file} {id}: the pots");
                    let total: u64 = want.iter().sum();
                    assert_eq!(last["pot"].as_u64(), Some(total), "{file} {id}: pot");
                    pots += want.len();
                }
                let uncalled: BTreeMap<u64, u64> = (last["uncalled"].as_array().unwrap().iter())
                    .map(|u| (u["player"].as_u64().unwrap(), u["amount"].as_u64().unwrap()))
                    .collect();
                assert_eq!(uncalled, returned, "{file} {id}: the uncalled bets");
                checked += 1;
            }
            hands += 1;
        }
    }
    assert!(
        files > 40 && hands > 400 && checked > 500 && pots > 450,
        "{files} {hands} {checked} {pots}"
    );
}

#[test]
fn the_last_step_of_a_replay_shows_the_hands_pots() {
    // duo 0:6: bob is all in for 160 on the small blind, Computer2's big
    // blind of 1280 is called for 160; the pot is 320 (what `hands` says),
    // the 1120 nobody can call are apart from it from the big blind on.
    let file = "pokerth1/duo.pcap";
    let text = out(&["replay", "--hand", "0:6"], file);
    let steps: Vec<&str> = text.split("── step ").skip(1).collect();
    let pot_line = |step: &str| {
        (step.lines())
            .find(|l| l.contains("board ["))
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let blind = (steps.iter())
        .find(|s| s.contains("Computer2 posts the big blind 1280"))
        .unwrap();
    assert_eq!(
        pot_line(blind),
        "pot 320  uncalled bet 1120 (Computer2)  board []"
    );
    let last = steps.last().unwrap();
    assert!(
        last.contains("bob wins 320 with three of a kind, Jacks"),
        "{last}"
    );
    assert_eq!(
        pot_line(last),
        "pot 320  uncalled bet 1120 (Computer2)  board [Jc Jh 7d 2d Td]"
    );
    let row = out(&["hands", "--hand", "0:6"], file);
    let row = row.lines().nth(1).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert!(cells.contains(&"320"), "{row}");
    // A player who busts is out at the result, not `stack 0`.
    let text = out(&["replay", "--hand", "0:8"], file);
    let last = text.split("── step ").last().unwrap();
    let bob = last.lines().find(|l| l.contains(" bob ")).unwrap();
    assert!(bob.contains("  out [button] all in"), "{bob}");
    assert!(!bob.contains("stack"), "{bob}");
}

#[test]
fn replay_steps_through_the_tables_the_timeline_shows() {
    let mut checked = 0;
    for (file, ids) in [
        ("mixed/all-four.pcap", &["0:1", "0:3", "1:500", "1:502"][..]),
        ("pokerth1/solo.pcap", &["0:3", "0:7"][..]),
        ("websocket/duo-ws.pcap", &["0:2"][..]),
        (
            "pokernetwork/betting-showdowns.pcap",
            &["0:87001", "0:87004"][..],
        ),
    ] {
        let tables = timeline_tables(file);
        for id in ids {
            let Some(timeline) = tables.get(*id) else {
                panic!("{file}: no hand {id} in the timeline");
            };
            let replay = json_lines(&out(&["replay", "--format", "jsonl", "--hand", id], file));
            // The timeline shows a record's last step; every one of them is
            // a step of the replay, in order, with the same figures.
            let mut at = 0;
            for t in timeline {
                let found = replay[at..].iter().position(|r| r == t);
                assert!(found.is_some(), "{file} {id}: {t}");
                at += found.unwrap();
            }
            assert_eq!(replay.last(), timeline.last(), "{file} {id}");
            checked += 1;
        }
    }
    assert_eq!(checked, 9);
}
