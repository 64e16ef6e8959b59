//! `cardshark hands` and `cardshark replay` on the poker captures of
//! testdata/. The expected values are read off the decoded messages
//! (`cardshark decode`), not off the builder: the stacks in the Player's
//! Action Done and End Of Hand records (PokerTH), the Player Chips records
//! and Chips Pot2Player (poker-network).

use crate::common;
use crate::support;

use serde_json::Value;
use support::testdata;

/// The OHH objects of `hands --format jsonl` (with extra arguments).
fn ohh(file: &str, extra: &[&str]) -> Vec<Value> {
    common::hands_ohh(&testdata(file), extra)
}

/// (name, seat, starting stack) of each player.
fn players(h: &Value) -> Vec<(String, u64, u64)> {
    (h["players"].as_array().unwrap().iter())
        .map(|p| {
            let name = p["name"].as_str().unwrap().to_string();
            (
                name,
                p["seat"].as_u64().unwrap(),
                p["starting_stack"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Final stacks by player id.
fn finals(h: &Value) -> Vec<(u64, u64)> {
    (h["cardshark"]["final_stacks"].as_array().unwrap().iter())
        .map(|s| {
            (
                s["player_id"].as_u64().unwrap(),
                s["stack"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// (player, amount) of every win, over all pots.
fn wins(h: &Value) -> Vec<(u64, u64)> {
    let mut v = Vec::new();
    for p in h["pots"].as_array().unwrap() {
        for w in p["player_wins"].as_array().unwrap() {
            v.push((
                w["player_id"].as_u64().unwrap(),
                w["win_amount"].as_u64().unwrap(),
            ));
        }
    }
    v
}

/// (name, seat, starting stack) of each player.
type Players = Vec<(String, u64, u64)>;
/// (player id, chips) pairs.
type Chips = Vec<(u64, u64)>;

fn s(v: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
    v.iter().map(|&(n, a, b)| (n.to_string(), a, b)).collect()
}

const ALICE: u64 = 1001;
const C1: u64 = 1006;
const C2: u64 = 1007;

#[test]
fn pokerth_port9999_every_hand_with_exact_stacks_and_winners() {
    let hands = ohh("pokerth/port9999.pcap", &[]);
    assert_eq!(hands.len(), 8);
    // (starting stacks by seat, final stacks, winners) of hands 1..8.
    let three = |a, b, c| s(&[("Alice", 1, a), ("Computer 1", 2, b), ("Computer 2", 3, c)]);
    let want: Vec<(Players, Chips, Chips)> = vec![
        (
            three(1000, 1000, 1000),
            vec![(ALICE, 1440), (C1, 760), (C2, 800)],
            vec![(ALICE, 680)],
        ),
        (
            three(1440, 760, 800),
            vec![(ALICE, 1000), (C1, 320), (C2, 1680)],
            vec![(C2, 1320)],
        ),
        (
            three(1000, 320, 1680),
            vec![(ALICE, 720), (C1, 200), (C2, 2080)],
            vec![(C2, 680)],
        ),
        // Computer 2 gets 120, 40 of them its own uncalled raise.
        (
            three(720, 200, 2080),
            vec![(ALICE, 720), (C1, 160), (C2, 2120)],
            vec![(C2, 80)],
        ),
        (
            three(720, 160, 2120),
            vec![(ALICE, 800), (C1, 160), (C2, 2040)],
            vec![(ALICE, 160)],
        ),
        (
            three(800, 160, 2040),
            vec![(ALICE, 680), (C1, 320), (C2, 2000)],
            vec![(C1, 280)],
        ),
        // The side pot: main 960 and side 720 to Alice; 1320 back to Computer 2.
        (
            three(680, 320, 2000),
            vec![(ALICE, 1680), (C1, 0), (C2, 1320)],
            vec![(ALICE, 960), (ALICE, 720)],
        ),
        (
            s(&[("Alice", 1, 1680), ("Computer 2", 3, 1320)]),
            vec![(ALICE, 3000), (C2, 0)],
            vec![(ALICE, 2640)],
        ),
    ];
    for (i, (h, (start, fin, won))) in hands.iter().zip(&want).enumerate() {
        assert_eq!(h["cardshark"]["number"], i + 1);
        assert_eq!(&players(h), start, "hand {}", i + 1);
        assert_eq!(&finals(h), fin, "hand {}", i + 1);
        assert_eq!(&wins(h), won, "hand {}", i + 1);
        assert_eq!(h["cardshark"]["complete"], true);
        assert_eq!(
            h["cardshark"]["notes"],
            serde_json::json!([]),
            "hand {}",
            i + 1
        );
    }
    let first = &hands[0];
    assert_eq!(first["table_name"], "Late night");
    assert_eq!(first["dealer_seat"], 1);
    assert_eq!(first["small_blind_amount"], 20);
    assert_eq!(first["big_blind_amount"], 40);
    assert_eq!(first["hero_player_id"], ALICE);
    let board: Vec<&str> = (first["rounds"].as_array().unwrap().iter())
        .filter_map(|r| r["cards"].as_array())
        .flatten()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(board, ["6s", "3c", "Kc", "6d", "9c"]);
}

#[test]
fn pokerth_side_pot_hand() {
    let h = &ohh("pokerth/port9999.pcap", &["--hand", "0:7"])[0];
    let pots: Vec<(u64, u64)> = (h["pots"].as_array().unwrap().iter())
        .map(|p| (p["number"].as_u64().unwrap(), p["amount"].as_u64().unwrap()))
        .collect();
    assert_eq!(pots, [(0, 960), (1, 720)]);
    assert_eq!(
        h["cardshark"]["returned"],
        serde_json::json!([{"player_id": C2, "amount": 1320}])
    );
    // Every action of the hand: player, action, chips, all in.
    let acts: Vec<(u64, String, u64, bool)> =
        (h["rounds"][0]["actions"].as_array().unwrap().iter())
            .map(|a| {
                (
                    a["player_id"].as_u64().unwrap(),
                    a["action"].as_str().unwrap().to_string(),
                    a["amount"].as_u64().unwrap_or(0),
                    a["is_allin"].as_bool().unwrap_or(false),
                )
            })
            .collect();
    let want = [
        (ALICE, "Dealt Cards", 0, false),
        (C1, "Post SB", 40, false),
        (C2, "Post BB", 80, false),
        (ALICE, "Raise", 680, true),
        (C1, "Call", 280, true),
        (C2, "Raise", 1920, true),
    ];
    let want: Vec<(u64, String, u64, bool)> = want
        .iter()
        .map(|&(p, a, n, b)| (p, a.to_string(), n, b))
        .collect();
    assert_eq!(acts, want);
    let text = common::cardshark()
        .args(["hands", "--format", "text", "--hand", "0:7"])
        .arg(testdata("pokerth/port9999.pcap"))
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("Total pot 1680 Main pot 960. Side pot 720. | Rake 0\n"),
        "{text}"
    );
    assert!(
        text.contains("Alice collected 960 from main pot\n"),
        "{text}"
    );
    assert!(
        text.contains("Alice collected 720 from side pot-1\n"),
        "{text}"
    );
    assert!(text.contains("Computer 1: shows [3d Ac]"), "{text}");
}

#[test]
fn pokernetwork_session_every_hand_with_exact_stacks_and_winners() {
    let hands = ohh("pokernetwork/session-lossy.pcap", &[]);
    let (bob, alice, carol) = (2002, 1001, 3003);
    let got: Vec<(String, Players, Chips, Chips, u64)> = (hands.iter())
        .map(|h| {
            (
                h["cardshark"]["number"].to_string(),
                players(h),
                finals(h),
                wins(h),
                h["dealer_seat"].as_u64().unwrap(),
            )
        })
        .collect();
    let seats = |a, b, c| s(&[("bob", 1, a), ("alice", 3, b), ("carol", 6, c)]);
    let fin = |a, b, c| vec![(bob, a), (alice, b), (carol, c)];
    assert_eq!(
        got,
        vec![
            (
                "500".into(),
                seats(2000, 2000, 2000),
                fin(1960, 1960, 2080),
                vec![(carol, 120)],
                6
            ),
            (
                "501".into(),
                seats(1960, 1960, 2080),
                fin(1920, 1920, 2160),
                vec![(carol, 120)],
                1
            ),
            (
                "502".into(),
                seats(1920, 1920, 2160),
                fin(1880, 1880, 2240),
                vec![(carol, 120)],
                3
            ),
        ]
    );
    for h in &hands {
        assert_eq!(h["bet_limit"]["bet_type"], "FL");
        assert_eq!(h["table_name"], "Table Ägäis");
        assert_eq!(h["cardshark"]["notes"], serde_json::json!([]));
    }
    assert_eq!(
        hands[0]["rounds"][0]["actions"][0]["cards"],
        serde_json::json!(["Qc", "Ah"])
    );
}

#[test]
fn a_gap_inside_a_hand_marks_it_incomplete_and_nothing_is_invented() {
    // testdata/hands/gap.pcap is port9999.pcap without frame 57: the
    // server's Player's Action Done of Computer 2's flop bet of 80.
    let all = ohh("hands/gap.pcap", &["--incomplete"]);
    assert_eq!(all.len(), 8);
    let h = &all[0];
    assert_eq!(h["cardshark"]["complete"], false);
    assert_eq!(
        h["cardshark"]["notes"],
        serde_json::json!([{"frame": 57, "kind": "incomplete", "text": "gap: 28 byte(s) of the s2c direction missing: the hand is incomplete"}])
    );
    assert_eq!(
        h["cardshark"]["incomplete_reasons"],
        serde_json::json!(["gap: 28 byte(s) of the s2c direction missing: the hand is incomplete"])
    );
    // The flop holds the actions the capture shows, the lost bet not made up.
    let flop: Vec<(u64, &str, u64)> = (h["rounds"][1]["actions"].as_array().unwrap().iter())
        .map(|a| {
            (
                a["player_id"].as_u64().unwrap(),
                a["action"].as_str().unwrap(),
                a["amount"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        flop,
        [(C1, "Check", 0), (ALICE, "Call", 80), (C1, "Call", 80)]
    );
    // No pots computed; the winner as the server said; the others complete.
    assert_eq!(
        h["pots"][0]["player_wins"],
        serde_json::json!([{"player_id": ALICE, "win_amount": 680}])
    );
    assert!(all[1..].iter().all(|h| h["cardshark"]["complete"] == true));
    // Without --incomplete the hand is left out, with a warning.
    let out = common::cardshark()
        .args(["hands", "--format", "jsonl"])
        .arg(testdata("hands/gap.pcap"))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 7);
    assert!(String::from_utf8_lossy(&out.stderr).contains("hand 0:1 is incomplete"));
    // The table says so.
    let table = common::cardshark()
        .arg("hands")
        .arg(testdata("hands/gap.pcap"))
        .output()
        .unwrap();
    let table = String::from_utf8(table.stdout).unwrap();
    // Plain columns into a pipe: the Id first.
    let row = table.lines().find(|l| l.starts_with("0:1 ")).unwrap();
    assert!(row.contains(" no ") && row.contains("[57] gap"), "{row}");
}

#[test]
fn replay_jsonl_gives_every_state_without_waiting() {
    let out = common::cardshark()
        .args(["replay", "--format", "jsonl", "--hand", "0:7"])
        .arg(testdata("pokerth/port9999.pcap"))
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    assert!(out.status.success());
    let states: Vec<Value> = (String::from_utf8(out.stdout).unwrap().lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Start, blinds, 3 prompts and 3 actions, the cards shown, flop,
    // turn, river, result: the steps the stream's timeline shows.
    assert_eq!(states.len(), 16);
    let steps: Vec<u64> = states.iter().map(|s| s["step"].as_u64().unwrap()).collect();
    assert_eq!(steps, (1..=16).collect::<Vec<u64>>());
    assert_eq!(
        states[4]["event"],
        "Alice raises to 680 and is all in, stack 0"
    );
    assert_eq!(states[5]["to_act"], C1);
    assert_eq!(
        states[14]["board"],
        serde_json::json!(["6s", "7c", "7h", "Ks", "8h"])
    );
    let last = &states[15];
    assert_eq!(
        last["event"],
        "uncalled bet (1320) returned to Computer 2, Alice wins 1680 with two pair, Sevens and Sixes"
    );
    // The result's pots are the hand's (Computer 1 all in for less: a side
    // pot), the chips given back apart; Computer 1 is out.
    assert_eq!(last["pot"], 1680);
    let pots: Vec<&Value> = (last["pots"].as_array().unwrap().iter())
        .map(|p| &p["amount"])
        .collect();
    assert_eq!(pots, [960, 720]);
    assert_eq!(
        last["uncalled"],
        serde_json::json!([{"player": C2, "amount": 1320}])
    );
    assert_eq!(last["seats"][1]["out"], true);
    let stacks: Vec<u64> = (last["seats"].as_array().unwrap().iter())
        .map(|s| s["stack"].as_u64().unwrap())
        .collect();
    assert_eq!(stacks, [1680, 0, 1320]);
    // The text form, stdout not a terminal: no prompt, no waiting.
    let out = common::cardshark()
        .args(["replay", "--hand", "0:1"])
        .arg(testdata("pokerth/port9999.pcap"))
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("[Enter"));
    assert!(text.contains("── step 1 of "), "{text}");
    assert!(
        text.contains(" · hand 0:1 · preflop · hand 0:1 starts"),
        "{text}"
    );
    assert!(text.contains("Alice wins 680"));
}

#[test]
fn unknown_hands_and_bad_ids_are_usage_errors() {
    for id in ["0:99", "x", "1-2"] {
        let out = common::cardshark()
            .args(["replay", "--hand", id])
            .arg(testdata("pokerth/port9999.pcap"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{id}");
    }
}

#[test]
fn every_capture_gives_hands_without_failing() {
    // Poker or not, whole or cut: hands and replay of every hand exit 0.
    let mut files = Vec::new();
    for dir in [
        "pokerth",
        "pokernetwork",
        "mixed",
        "gls",
        "cardgame",
        "realcap",
        "hands",
    ] {
        for e in std::fs::read_dir(testdata(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "pcap" || x == "pcapng") {
                files.push(p);
            }
        }
    }
    assert_eq!(files.len(), 29);
    for f in files {
        let out = common::cardshark()
            .args(["hands", "--format", "jsonl", "--incomplete"])
            .arg(&f)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", f.display());
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let h: Value = serde_json::from_str(line).unwrap();
            let id = h["ohh"]["cardshark"]["id"].as_str().unwrap().to_string();
            let r = common::cardshark()
                .args(["replay", "--format", "jsonl", "--hand", &id])
                .arg(&f)
                .output()
                .unwrap();
            assert!(r.status.success(), "{} {id}", f.display());
        }
    }
}

/// Standard output and standard error of `hands` with `args`, which must
/// exit 0.
fn hands_ok(args: &[&str], file: &std::path::Path) -> (String, String) {
    let out = common::cardshark()
        .arg("hands")
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}: {err}", file.display());
    (String::from_utf8(out.stdout).unwrap(), err)
}

/// The poker captures of testdata/ (those where `hands` finds hands).
fn poker_captures() -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![testdata("")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "pcap" || x == "pcapng")
                && !hands_ok(&["--format", "jsonl", "--incomplete"], &p)
                    .0
                    .is_empty()
            {
                found.push(p);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn ohh_is_the_storage_format_one_blank_line_between_objects() {
    let file = testdata("hands/gap.pcap");
    let (ohh, _) = hands_ok(&["--format", "ohh", "--incomplete"], &file);
    let (jsonl, _) = hands_ok(&["--format", "jsonl", "--incomplete"], &file);
    assert!(ohh.ends_with("}\n") && !ohh.contains("\n\n\n"), "{ohh}");
    let objects: Vec<&str> = ohh.trim_end_matches('\n').split("\n\n").collect();
    assert_eq!(objects.len(), 8);
    for o in &objects {
        assert!(!o.contains('\n'), "one object, one line: {o}");
        let v: Value = serde_json::from_str(o).unwrap();
        assert_eq!(v.as_object().unwrap().len(), 1);
        assert_eq!(v["ohh"]["spec_version"], "1.4.6");
    }
    // The same objects as --format jsonl, which has one a line.
    assert_eq!(jsonl.lines().collect::<Vec<_>>(), objects);
    // Nothing at all for no hands, not even a newline.
    let (none, _) = hands_ok(&["--format", "ohh"], &testdata("gls/session.pcap"));
    assert_eq!(none, "");
}

#[test]
fn jsonl_is_one_object_a_line_and_json_still_names_it() {
    let file = testdata("pokernetwork/port5555.pcap");
    let (jsonl, _) = hands_ok(&["--format", "jsonl"], &file);
    let (json, _) = hands_ok(&["--format", "json"], &file);
    assert_eq!(json, jsonl);
    assert_eq!(jsonl.lines().count(), 3);
    for l in jsonl.lines() {
        let v: Value = serde_json::from_str(l).unwrap();
        assert!(v["ohh"].is_object());
    }
    // `json` is an alias kept for old scripts, not offered in the help.
    let help = common::cardshark()
        .args(["hands", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("jsonl") && help.contains("ohh"), "{help}");
    assert!(!help.contains("- json:"), "{help}");
}

/// The `null`s in a JSON value, by path.
fn nulls(v: &Value, path: &str, found: &mut Vec<String>) {
    match v {
        Value::Null => found.push(path.to_string()),
        Value::Array(a) => {
            (a.iter().enumerate()).for_each(|(i, x)| nulls(x, &format!("{path}/{i}"), found))
        }
        Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| nulls(x, &format!("{path}/{k}"), found)),
        _ => {}
    }
}

#[test]
fn game_numbers_are_unique_and_complete_hands_hold_no_null() {
    let captures = poker_captures();
    assert!(captures.len() >= 8, "{captures:?}");
    for file in captures {
        let (jsonl, _) = hands_ok(&["--format", "jsonl", "--incomplete"], &file);
        let mut numbers = std::collections::HashSet::new();
        for l in jsonl.lines() {
            let v: Value = serde_json::from_str(l).unwrap();
            let h = &v["ohh"];
            let number = h["game_number"].as_str().unwrap().to_string();
            // game_number is the public number of the hand id, the server's
            // own number beside it.
            assert_eq!(
                number,
                h["cardshark"]["public_number"].to_string(),
                "{}",
                file.display()
            );
            // A number, or null when the capture does not tell it (the
            // hand's start, or its PokerTH game's, is not in it).
            let server = &h["cardshark"]["server_number"];
            assert!(server.is_u64() || server.is_null(), "{}", file.display());
            assert!(numbers.insert(number), "{}: {l}", file.display());
            if h["cardshark"]["complete"] == true {
                let mut found = Vec::new();
                nulls(&v, "", &mut found);
                assert!(found.is_empty(), "{}: null at {found:?}", file.display());
            }
        }
    }
}

#[test]
fn the_table_has_a_complete_column() {
    let table = common::boxed_ok(&["hands"], "hands/gap.pcap");
    let cells = |l: &str| -> Vec<String> {
        l.trim_matches(|c| c == '│' || c == ' ')
            .split('┆')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let mut lines = table.lines().filter(|l| l.starts_with('│'));
    let headers = cells(lines.next().unwrap());
    let complete = headers.iter().position(|h| h == "Complete").unwrap();
    // Rows (a wrapped cell goes on below, its Id cell empty).
    let lines = lines.filter(|l| !cells(l)[0].is_empty());
    let got: Vec<(String, String)> = lines
        .map(|l| {
            let c = cells(l);
            (c[0].clone(), c[complete].clone())
        })
        .collect();
    let want: Vec<(String, String)> = (1..=8)
        .map(|n| {
            (
                format!("0:{n}"),
                if n == 1 { "no" } else { "yes" }.to_string(),
            )
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn no_poker_stream_is_explained() {
    let (out, err) = hands_ok(&[], &testdata("gls/session.pcap"));
    assert!(
        err.contains("no hands: no poker stream") && err.contains("gls: 2"),
        "{err}"
    );
    assert!(!out.contains("0:"), "{out}");
    let (_, err) = hands_ok(&["--format", "text"], &testdata("realcap/ipv6.pcap"));
    assert!(
        err.contains("no poker stream") && err.contains("unknown: 2"),
        "{err}"
    );
}

/// The frames of a pcap file: (time in microseconds, bytes, length on the
/// wire).
fn frames_of(path: &std::path::Path) -> Vec<support::Frame> {
    let mut r = pcap_file::pcap::PcapReader::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut frames = Vec::new();
    while let Some(p) = r.next_packet() {
        let p = p.unwrap();
        frames.push(support::Frame {
            ts_us: p.timestamp.as_micros() as u64,
            data: p.data.to_vec(),
            orig_len: p.orig_len,
        });
    }
    frames
}

#[test]
fn lobby_traffic_alone_is_explained() {
    // port9999.pcap up to the frame before its first game starts: a
    // PokerTH client that logs in and joins, and no game.
    let src = testdata("pokerth/port9999.pcap");
    let decoded = common::cardshark()
        .args(["decode", "--format", "jsonl"])
        .arg(&src)
        .output()
        .unwrap();
    let first_game = (String::from_utf8(decoded.stdout).unwrap().lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["type"] == "GameStart" || r["type"] == "HandStart")
        .unwrap()["frame"]
        .as_u64()
        .unwrap() as usize;
    let dir = support::TempDir::new();
    let lobby = dir.file("lobby.pcap");
    let frames = frames_of(&src);
    support::write_pcap(&lobby, 1, 65535, &frames[..first_game - 1]);
    let (out, err) = hands_ok(&["--format", "jsonl"], &lobby);
    assert_eq!(out, "");
    assert!(
        err.contains(
            "no hands: only lobby traffic: no game played on the 1 poker stream (pokerth: 1)"
        ),
        "{err}"
    );
}

#[test]
fn frames_cut_by_the_snapshot_length_are_explained() {
    // port9999.pcap with every frame cut after its TCP header, as tcpdump
    // with a small -s keeps it.
    let dir = support::TempDir::new();
    let cut = dir.file("cut.pcap");
    let frames: Vec<support::Frame> = (frames_of(&testdata("pokerth/port9999.pcap")).into_iter())
        .map(|f| {
            let d = &f.data;
            let headers = if d.len() > 14 + 20 && d[12..14] == [0x08, 0x00] && d[23] == 6 {
                let ip = usize::from(d[14] & 0x0f) * 4;
                14 + ip + usize::from(d[14 + ip + 12] >> 4) * 4
            } else {
                d.len()
            };
            f.truncated(headers)
        })
        .collect();
    assert!(frames.iter().any(|f| (f.data.len() as u32) < f.orig_len));
    let snaplen = frames.iter().map(|f| f.data.len()).max().unwrap() as u32;
    support::write_pcap(&cut, 1, snaplen, &frames);
    let (out, err) = hands_ok(&[], &cut);
    assert!(!out.contains("0:1"), "{out}");
    assert!(
        err.contains("no hands: the snapshot length cut every frame's TCP payload"),
        "{err}"
    );
}

#[test]
fn pokerth_2007_hands_are_partial_and_replay_through_turns() {
    // testdata/pokerth/make_sessions.py, session_2007(5): Alice (player 1,
    // number 0) joins; Bob (2) and Computer 1 (3) join; three Game Starts.
    // Computer 1 leaves during the second hand. The hole cards are
    // random.Random(5).sample(range(52), 6) = 39 16 47 22 44 41 in
    // PokerTH's numbering: 2c 5h, Tc Jh, 7c 4c.
    let file = testdata("pokerth/session-2007.pcap");
    let out = common::cardshark()
        .arg("hands")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = (table.lines())
        .filter(|l| l.contains(" pokerth-2007 "))
        .collect();
    assert_eq!(rows.len(), 3, "{table}");
    for (row, (id, players)) in rows.iter().zip([
        ("0:1", "Alice, Bob, Computer 1"),
        ("0:2", "Alice, Bob, Computer 1"),
        ("0:3", "Alice, Bob"),
    ]) {
        assert!(row.starts_with(&format!("{id} ")), "{row}");
        assert!(row.contains(players), "{row}");
        assert!(row.contains(" no "), "the Complete column: {row}");
        assert!(
            row.contains("pokerth-2007 dialect tells a client only"),
            "{row}"
        );
    }
    // The refused join of the second connection gives no hand.
    assert!(!table.contains(" 1:"));

    // Hand 2: Bob, Computer 1 and Alice are to act before the flop, then
    // Alice raises with a cash value of 60.
    let out = common::cardshark()
        .args(["replay", "--format", "jsonl", "--hand", "0:2"])
        .arg(&file)
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let states: Vec<Value> = (String::from_utf8(out.stdout).unwrap().lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let events: Vec<&str> = states
        .iter()
        .map(|s| s["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        events[..5],
        [
            "hand 0:2 starts: blinds 10/20, Alice's cards Tc Jh",
            "Bob to act",
            "Computer 1 to act",
            "Alice to act",
            "Alice raises, adding 60 (the street total is not in the capture)",
        ]
    );
    let raise = &states[4];
    assert_eq!(raise["street"], "preflop");
    assert_eq!(raise["seats"][0]["name"], "Alice");
    assert_eq!(raise["seats"][0]["cards"], serde_json::json!(["Tc", "Jh"]));
    assert!(events.last().unwrap().ends_with("[incomplete hand]"));
}

#[test]
fn showdown_lines_say_the_hand_as_pokerstars_does() {
    let text =
        |file: &str, id: &str| common::run_ok(&["hands", "--format", "text", "--hand", id], file);
    // A showdown: each hand shown with what it makes, the winner's and the
    // loser's summary lines with it.
    let t = text("pokerth/session.pcap", "0:3");
    for line in [
        "*** SHOW DOWN ***\nBob1: shows [Ah Ad] (a pair of Aces)\nCarol: shows [Kc Ks] (a pair of Kings)\nBob1 collected 5970 from pot\n",
        "Seat 2: Bob1 showed [Ah Ad] and won (5970) with a pair of Aces\n",
        "Seat 3: Carol (button) showed [Kc Ks] and lost with a pair of Kings\n",
    ] {
        assert!(t.contains(line), "{line}\nnot in\n{t}");
    }
    // Everyone else folded: no showdown; the winner's cards shown after
    // he collects, or that he does not show them.
    let t = text("pokerth1/solo.pcap", "0:1");
    assert!(!t.contains("SHOW DOWN"), "{t}");
    assert!(
        t.contains("alice collected 100 from pot\nalice: shows [8h Qh] (high card Queen)\n*** SUMMARY ***\n"),
        "{t}"
    );
    assert!(
        t.contains("Seat 1: alice (button) collected (100)\n"),
        "{t}"
    );
    let t = text("pokerth/session.pcap", "0:2");
    assert!(
        t.contains("Alice collected 50 from pot\nAlice: doesn't show hand\n*** SUMMARY ***\n"),
        "{t}"
    );
    // poker-network: a split pot, each with his hand.
    let t = text("pokernetwork/betting-showdowns.pcap", "0:87003");
    assert!(
        t.contains("dave: shows [") && t.contains("(a pair of Kings)"),
        "{t}"
    );
    // The hands table's Winners cell, the replay and the timeline.
    let row = common::run_ok(&["hands", "--hand", "0:3"], "pokerth/session.pcap");
    assert!(row.contains(" Bob1 5970 (a pair of Aces) "), "{row}");
    let replay = common::run_ok(&["replay", "--hand", "0:3"], "pokerth/session.pcap");
    assert!(
        replay.contains("· Bob1 wins 5970 with a pair of Aces (frame 189)"),
        "{replay}"
    );
    assert!(
        replay.contains("· Carol shows Kc Ks (a pair of Kings) (frame 183)"),
        "{replay}"
    );
    let timeline = common::run_ok(&["timeline", "-s", "0"], "pokerth/session.pcap");
    assert!(
        timeline.contains("Bob1 shows Ah Ad (a pair of Aces); Carol shows Kc Ks (a pair of Kings)"),
        "{timeline}"
    );
}
