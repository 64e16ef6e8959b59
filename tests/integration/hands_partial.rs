//! Hands cut by the capture's start: the hand in play when the capture
//! begins is written, marked incomplete, with what the capture shows of it;
//! every later hand is the same hand as in the uncut capture.
//!
//! `testdata/hands/cut-start-*.pcap` are captures of testdata cut with
//! editcap in the middle of a hand (see `testdata/hands/README.md`).

use crate::common;
use crate::support;

use serde_json::{json, Value};
use support::testdata;

/// The OHH objects of every hand of `file`, incomplete ones too.
fn ohh(file: &str) -> Vec<Value> {
    common::hands_ohh(&testdata(file), &["--incomplete"])
}

/// What must not change when the capture is cut before a hand: who sat
/// where with how much, every action, the board, the pots and who won
/// them, by player id (names, and which player the client is, may come
/// from messages before the cut).
fn play(h: &Value) -> Value {
    // Seats are numbered by appearance when the capture does not show the
    // table's seating (a note says so): compare by player id.
    let mut players: Vec<Value> = (h["players"].as_array().unwrap().iter())
        .map(|p| json!([p["id"], p["starting_stack"]]))
        .collect();
    players.sort_by_key(|p| p[0].as_u64());
    let mut finals = h["cardshark"]["final_stacks"].as_array().unwrap().clone();
    finals.sort_by_key(|f| f["player_id"].as_u64());
    let rounds: Vec<Value> = (h["rounds"].as_array().unwrap().iter())
        .map(|r| {
            // Who the client is comes before the cut: its hole cards
            // ("Dealt Cards") cannot be placed in the cut capture.
            let actions: Vec<Value> = (r["actions"].as_array().unwrap().iter())
                .filter(|a| a["action"] != "Dealt Cards")
                .map(|a| json!([a["player_id"], a["action"], a["amount"], a["cards"]]))
                .collect();
            json!([r["street"], r["cards"], actions])
        })
        .collect();
    json!({"players": players, "rounds": rounds, "pots": h["pots"], "finals": finals})
}

fn reasons(h: &Value) -> String {
    h["cardshark"]["incomplete_reasons"].to_string()
}

/// port9999.pcap from frame 120, inside its hand 2 (Computer 2, player
/// 1007, wins 1320): that hand comes first, incomplete, with its winner;
/// hands 3 to 8 follow, whole and as in the uncut capture.
#[test]
fn pokerth_hand_in_play_at_the_capture_start() {
    let cut = ohh("hands/cut-start-pokerth.pcap");
    let whole = ohh("pokerth/port9999.pcap");
    assert_eq!(cut.len(), 7);
    let first = &cut[0];
    assert_eq!(first["cardshark"]["complete"], false);
    assert!(
        reasons(first).contains("does not show this hand's start"),
        "{}",
        reasons(first)
    );
    let wins: Vec<&Value> = (first["pots"].as_array().unwrap().iter())
        .flat_map(|p| p["player_wins"].as_array().unwrap())
        .collect();
    assert_eq!(wins, vec![&json!({"player_id": 1007, "win_amount": 1320})]);
    // The pot is never smaller than what was collected from it.
    let pot: u64 = (first["pots"].as_array().unwrap().iter())
        .map(|p| p["amount"].as_u64().unwrap())
        .sum();
    assert!(pot >= 1320, "{pot}");
    for (c, w) in cut[1..].iter().zip(&whole[2..]) {
        assert_eq!(c["cardshark"]["complete"], true);
        assert_eq!(
            play(c),
            play(w),
            "hand {} of the cut capture",
            c["game_number"]
        );
    }
}

/// session-old.pcap from frame 78, inside hand 501 (bob, 2002, wins the pot
/// of 120): that hand comes first, incomplete, numbered by its first frame
/// (its serial is not in the capture); hand 502 follows, as in the uncut
/// capture but for what the cut removed before it (the stacks are known
/// from the chip reports of hand 501).
#[test]
fn pokernetwork_hand_in_play_at_the_capture_start() {
    let cut = ohh("hands/cut-start-pokernetwork.pcap");
    let whole = ohh("pokernetwork/session-old.pcap");
    assert_eq!(cut.len(), 2);
    let first = &cut[0];
    let x = &first["cardshark"];
    assert_eq!(x["complete"], false);
    assert!(reasons(first).contains("numbered by its first frame"));
    assert!(x.get("server_number").is_none_or(|n| n.is_null()), "{x}");
    let wins: Vec<&Value> = (first["pots"].as_array().unwrap().iter())
        .flat_map(|p| p["player_wins"].as_array().unwrap())
        .collect();
    assert_eq!(wins, vec![&json!({"player_id": 2002, "win_amount": 120})]);
    let last = &cut[1];
    assert_eq!(last["cardshark"]["server_number"], 502);
    assert_eq!(last["cardshark"]["complete"], true);
    let w = (whole.iter())
        .find(|h| h["cardshark"]["server_number"] == 502)
        .unwrap();
    // The same hand, the same number, wherever the capture starts.
    assert_eq!(last["game_number"], w["game_number"]);
    assert_eq!(play(last)["rounds"], play(w)["rounds"]);
    assert_eq!(play(last)["pots"], play(w)["pots"]);
    assert_eq!(play(last)["finals"], play(w)["finals"]);
}

/// `--format text --incomplete` writes the cut hand with the line saying
/// why, and without `--incomplete` it is left out with a warning.
#[test]
fn the_cut_hand_is_marked_in_text_and_left_out_by_default() {
    let path = testdata("hands/cut-start-pokerth.pcap");
    let out = common::cardshark()
        .args(["hands", "--format", "text", "--incomplete", "--hand", "0:1"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("PokerStars Hand #"), "{text}");
    assert_eq!(
        lines[1],
        "cardshark id 0:1, server hand number not known, pokerth stream 0"
    );
    assert!(lines[2].starts_with("cardshark INCOMPLETE hand: the capture does not show"));
    let out = common::cardshark()
        .args(["hands", "--format", "text"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("INCOMPLETE"));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("hand 0:1 is incomplete: left out"), "{err}");
}

/// PokerTH 2007 hand 0:1 (testdata/pokerth/make_sessions.py,
/// session_2007): Alice calls before the flop (the dialect does not say
/// how much), bets 40 on the flop, checks the turn and folds the river;
/// nothing of the board or the result is in the capture. Text says what
/// is not known instead of making it up; OHH, which requires a number,
/// lists the placeholder's path under `cardshark.unknown`.
#[test]
fn pokerth_2007_unknown_amounts_are_never_written_as_numbers() {
    let path = testdata("pokerth/session-2007.pcap");
    let out = common::cardshark()
        .args(["hands", "--format", "text", "--incomplete", "--hand", "0:1"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let actions: Vec<&str> = (text.lines())
        .skip_while(|l| !l.starts_with("Dealt to"))
        .take_while(|l| !l.starts_with("*** SUMMARY"))
        .collect();
    assert_eq!(
        actions,
        vec![
            "Dealt to Alice [2c 5h]",
            "Alice: calls (amount not known)",
            "*** FLOP *** (cards not in the capture)",
            "Alice: bets 40",
            "*** TURN *** (cards not in the capture)",
            "Alice: checks",
            "*** RIVER *** (cards not in the capture)",
            "Alice: folds",
        ]
    );
    assert!(
        text.contains("Total pot ? (amounts not in the capture)"),
        "{text}"
    );
    let h = &ohh("pokerth/session-2007.pcap")[0];
    let call = &h["rounds"][0]["actions"][1];
    assert_eq!(call["action"], "Call");
    // OHH requires the amount: a placeholder, its path listed as unknown.
    assert_eq!(call["amount"], 0, "{call}");
    let unknown = h["cardshark"]["unknown"].as_array().unwrap();
    assert!(
        unknown.contains(&json!("/rounds/0/actions/1/amount")),
        "{unknown:?}"
    );
    let turns = h["cardshark"]["turns"].as_array().unwrap();
    assert_eq!(turns[0]["player_id"], 1);
}
