//! The table the timelines follow a hand with ends where the hand views
//! end it: for every hand of the poker captures (PokerTH 0.7 and 1.x, over
//! TCP and WebSocket, and poker-network),
//! the timeline's last table of the hand (its result) has each player's
//! final stack, winnings and returned chips as the hand's OHH says, and
//! `replay --hand` steps through the same tables.

use crate::common::{cardshark, json_lines, testdata};
use serde_json::Value;
use std::collections::BTreeMap;

const CAPTURES: &[&str] = &[
    "pokerth/session.pcap",
    "pokerth1/allin.pcap",
    "pokerth/port9999.pcap",
    "pokerth/lossy.pcap",
    "pokerth/midstream-full.pcap",
    "pokerth/showdowns.pcap",
    "mixed/all-four.pcap",
    "pokernetwork/betting-v2-moved.pcap",
    "pokernetwork/betting-v3-raiseto.pcap",
    "pokernetwork/betting-limit.pcap",
    "pokernetwork/session-old.pcap",
    "pokernetwork/betting-showdowns.pcap",
    "pokernetwork/betting-contradiction.pcap",
    "pokerth1/solo.pcap",
    "pokerth1/duo.pcap",
    "pokerth1/kick.pcap",
    "pokerth1/password.pcap",
    "pokerth1/reconnect.pcap",
    "pokerth1/rejected.pcap",
    "pokerth1/spectator.pcap",
    "pokerth1/ten.pcap",
    "pokerth1/timeout.pcap",
    "pokerth1/midstream.pcap",
    "pokerth1/lossy-port9234.pcap",
    "websocket/duo-ws.pcap",
    "websocket/solo-ws.pcap",
    "websocket/deflate.pcap",
    "websocket/fragmented.pcap",
];

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

fn amounts(list: &Value, key: &str) -> BTreeMap<u64, u64> {
    let mut m = BTreeMap::new();
    for x in list.as_array().into_iter().flatten() {
        *m.entry(x["player_id"].as_u64().unwrap()).or_default() += x[key].as_u64().unwrap();
    }
    m
}

#[test]
fn every_hand_ends_in_the_timeline_as_the_hand_views_end_it() {
    let mut hands = 0;
    for file in CAPTURES {
        let tables = timeline_tables(file);
        for h in json_lines(&out(&["hands", "--format", "jsonl", "--incomplete"], file)) {
            let h = &h["ohh"];
            let id = h["cardshark"]["id"].as_str().unwrap();
            let Some(last) = tables.get(id).and_then(|t| t.last()) else {
                panic!("{file}: hand {id} has no table in the timeline");
            };
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
            hands += 1;
        }
    }
    assert!(hands > 40, "{hands}");
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
