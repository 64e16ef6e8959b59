//! PokerTH 0.7 hands that end in every way the server pays (issue 34):
//! `testdata/pokerth/showdowns.pcap`, made through the kernel by
//! `make_sessions.py`, whose `showdowns.expect.json` holds each hand as the
//! generator played and paid it the way the 0.7 server does (the pot paid
//! level by level, a bet nobody called coming back as money won) and as
//! the standard rules read it (what came back uncalled, what was won),
//! checked against pokerkit playing the same actions (never by
//! cardshark). For every hand: seats, starting and final stacks, the
//! board, what each player won and got back, and that nothing was noted.

use crate::common;
use crate::support;

use serde_json::Value;
use std::collections::HashMap;
use support::testdata;

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Amounts by player id from a list of objects.
fn by_player(list: &Value, key: &str) -> HashMap<u64, u64> {
    let mut m = HashMap::new();
    for x in list.as_array().unwrap() {
        *m.entry(u(&x["player_id"])).or_default() += u(&x[key]);
    }
    m
}

#[test]
fn the_showdowns_capture_is_paid_as_the_server_paid_it() {
    let want: Value = serde_json::from_str(
        &std::fs::read_to_string(testdata("pokerth/showdowns.expect.json")).unwrap(),
    )
    .unwrap();
    let hands = common::hands_ohh(&testdata("pokerth/showdowns.pcap"), &["--incomplete"]);
    let expected = want["hands"].as_array().unwrap();
    assert_eq!(hands.len(), expected.len());
    assert_eq!(hands.len(), 6);
    for (h, e) in hands.iter().zip(expected) {
        let what = format!("hand {}", e["number"]);
        let x = &h["cardshark"];
        assert_eq!(x["server_number"], e["number"], "{what}");
        assert_eq!(x["complete"], true, "{what}");
        let notes: Vec<&Value> = (x["notes"].as_array().unwrap().iter())
            .filter(|n| n["kind"] != "info")
            .collect();
        assert_eq!(notes, Vec::<&Value>::new(), "{what}: notes");
        let board: Vec<&Value> = (h["rounds"].as_array().unwrap().iter())
            .filter_map(|r| r["cards"].as_array())
            .flatten()
            .collect();
        let want_board: Vec<&Value> = e["board"].as_array().unwrap().iter().collect();
        assert_eq!(board, want_board, "{what}: board");
        let finals = by_player(&x["final_stacks"], "stack");
        let returned = by_player(&x["returned"], "amount");
        let mut won = HashMap::new();
        for p in h["pots"].as_array().unwrap() {
            for (k, v) in by_player(&p["player_wins"], "win_amount") {
                *won.entry(k).or_insert(0) += v;
            }
        }
        let pot: u64 = (h["pots"].as_array().unwrap().iter())
            .map(|p| u(&p["amount"]))
            .sum();
        let players = h["players"].as_array().unwrap();
        let mut total_won = 0;
        for p in e["players"].as_array().unwrap() {
            let id = u(&p["player"]);
            let who = format!("{what}, {}", p["name"]);
            let ours = (players.iter()).find(|q| u(&q["id"]) == id).unwrap();
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
            // The server's money won is what came back and what was won.
            assert_eq!(back + u(&p["won"]), u(&p["money_won"]), "{who}");
            total_won += u(&p["won"]);
        }
        assert_eq!(pot, total_won, "{what}: the pots hold what was won");
    }
    // Hand 3: the odd chip of the split goes to Carol, left of the dealer;
    // hand 6: Dave's excess over Bob's all-in call comes back, won by nobody.
    let wins = |i: usize| -> Vec<u64> {
        let mut v: Vec<u64> = (hands[i]["pots"].as_array().unwrap().iter())
            .flat_map(|p| p["player_wins"].as_array().unwrap())
            .map(|w| u(&w["win_amount"]))
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(wins(2), [887, 888]);
    assert_eq!(wins(4), [2000, 2900]);
    assert_eq!(hands[4]["pots"].as_array().unwrap().len(), 2);
    assert_eq!(wins(5), [6000]);
    assert_eq!(
        by_player(&hands[5]["cardshark"]["returned"], "amount"),
        HashMap::from([(1004, 1200)])
    );
}
