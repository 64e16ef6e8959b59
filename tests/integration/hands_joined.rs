//! One hand, one number: a hand several captured clients saw is one hand,
//! its views listed, in every view of the output (the table, JSON, OHH,
//! the Parquet and CSV tables, `stats`), with one number that every
//! hero's file of a tracker's folder gives it; a capture of one client
//! still gives that client's hands.
//!
//! `testdata/pokerth1/duo.pcap`: alice (stream 0) and bob (stream 1) at one
//! table, 8 hands; alice is out after hand 1 and watches the rest.

use crate::common::{cardshark, hands_ohh, json_lines, run_ok, testdata};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const DUO: &str = "pokerth1/duo.pcap";

/// The views of a hand's OHH object: (id, stream, hero).
fn views(h: &Value) -> Vec<(String, u64, Option<u64>)> {
    (h["cardshark"]["views"].as_array().unwrap().iter())
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_string(),
                v["stream"].as_u64().unwrap(),
                v["hero"].as_u64(),
            )
        })
        .collect()
}

/// The players a hand's OHH object deals cards to: (player, cards).
fn dealt(h: &Value) -> Vec<(u64, Value)> {
    (h["rounds"][0]["actions"].as_array().unwrap().iter())
        .filter(|a| a["action"] == "Dealt Cards")
        .map(|a| (a["player_id"].as_u64().unwrap(), a["cards"].clone()))
        .collect()
}

#[test]
fn duo_is_eight_hands_of_two_views_in_the_table_and_json() {
    let table = run_ok(&["hands"], DUO);
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(rows.len(), 8, "{table}");
    let header: Vec<&str> = table.lines().next().unwrap().split_whitespace().collect();
    let at = header.iter().position(|h| *h == "Views").unwrap();
    for (i, r) in rows.iter().enumerate() {
        let cells: Vec<&str> = r.split_whitespace().collect();
        assert_eq!(cells[0], format!("0:{}", i + 1), "{r}");
        assert_eq!(cells[at], "2", "{r}");
    }
    let hands = hands_ohh(&testdata(DUO), &[]);
    assert_eq!(hands.len(), 8);
    for (i, h) in hands.iter().enumerate() {
        let n = i + 1;
        assert_eq!(h["cardshark"]["id"], format!("0:{n}"));
        assert_eq!(
            views(h),
            [
                (format!("0:{n}"), 0, Some(1)),
                (format!("1:{n}"), 1, Some(2))
            ]
        );
        // Both clients' cards: alice's while she is dealt in (hand 1),
        // bob's always.
        let who: Vec<u64> = dealt(h).iter().map(|d| d.0).collect();
        assert_eq!(who, if n == 1 { vec![1, 2] } else { vec![2] }, "hand {n}");
    }
    // The hand's hero is a client dealt in: alice in hand 1, bob after.
    assert_eq!(hands[0]["hero_player_id"], 1);
    assert_eq!(hands[1]["hero_player_id"], 2);
    // One number each, all different.
    let numbers: BTreeSet<&str> = hands
        .iter()
        .map(|h| h["game_number"].as_str().unwrap())
        .collect();
    assert_eq!(numbers.len(), 8);
}

/// Each client saw its own cards: in the joined hand, each is dealt what
/// that client's connection was told (HandStart's cards, in the truth
/// of `duo.messages.jsonl`).
#[test]
fn the_joined_hand_holds_each_clients_cards_as_its_connection_saw_them() {
    let hands = hands_ohh(&testdata(DUO), &[]);
    let h = &hands[0];
    let d = dealt(h);
    assert_eq!(d.len(), 2);
    // The same cards as each view's own history (a hero's file).
    for (stream, player) in [(0, 1), (1, 2)] {
        let dir = tempfile::tempdir().unwrap();
        let out = cardshark()
            .args(["hands", "--format", "ohh", "-o"])
            .arg(dir.path())
            .arg(testdata(DUO))
            .output()
            .unwrap();
        assert!(out.status.success());
        let name = if player == 1 { "alice" } else { "bob" };
        let file = std::fs::read_dir(dir.path().join(name))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let text = std::fs::read_to_string(file).unwrap();
        let first: Value = serde_json::from_str(text.split("\n\n").next().unwrap()).unwrap();
        let own = dealt(&first["ohh"]);
        assert_eq!(own.len(), 1, "{name}: only the hero's own cards");
        assert_eq!(own[0], d[stream], "{name}");
        assert_eq!(first["ohh"]["game_number"], h["game_number"]);
        assert_eq!(first["ohh"]["cardshark"]["view"], format!("{stream}:1"));
    }
}

#[test]
fn duo_text_names_the_views_and_deals_to_both_clients() {
    let text = run_ok(&["hands", "--format", "text", "--hand", "1:1"], DUO);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        "cardshark id 0:1, views 0:1 1:1, server hand number 1, pokerth-1 stream 0"
    );
    let dealt: Vec<&str> = (lines.iter().copied())
        .filter(|l| l.starts_with("Dealt to "))
        .collect();
    assert_eq!(dealt.len(), 2, "{text}");
    assert!(dealt[0].starts_with("Dealt to alice [") && dealt[1].starts_with("Dealt to bob ["));
    assert_eq!(text.matches("PokerStars Hand #").count(), 1);
}

/// The cells of a CSV line (quoted cells with their quotes doubled).
fn cells(line: &str) -> Vec<String> {
    let (mut out, mut cell, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    out.push(cell);
    out
}

/// The tables: a row of `hands` per hand, a row of `views` per view.
#[test]
fn duo_tables_hold_each_hand_once_and_each_view() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let o = cardshark()
        .args(["hands", "--format", "csv", "-o"])
        .arg(&out)
        .arg(testdata(DUO))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = |name: &str| -> Vec<BTreeMap<String, String>> {
        let text = std::fs::read_to_string(out.join(format!("{name}.csv"))).unwrap();
        let mut lines = text.lines();
        let head = cells(lines.next().unwrap());
        lines
            .map(|l| head.iter().cloned().zip(cells(l)).collect())
            .collect()
    };
    let hands = csv("hands");
    assert_eq!(hands.len(), 8);
    assert!(hands.iter().all(|h| h["views"] == "2"), "{hands:?}");
    let views = csv("views");
    assert_eq!(views.len(), 16);
    let of: BTreeSet<&str> = hands.iter().map(|h| h["hand_uid"].as_str()).collect();
    for v in &views {
        assert!(of.contains(v["hand_uid"].as_str()), "{v:?}");
    }
    let streams: BTreeSet<&str> = views.iter().map(|v| v["stream"].as_str()).collect();
    assert_eq!(streams, ["0", "1"].into());
    // Both clients' cards in the players of hand 1, each a hero.
    let players = csv("players");
    let first = &hands[0]["hand_uid"];
    let heroes: Vec<&str> = (players.iter())
        .filter(|p| &p["hand_uid"] == first && p["hero"] == "true")
        .map(|p| p["name"].as_str())
        .collect();
    assert_eq!(heroes, ["alice", "bob"]);
}

/// `stats` counts the hands `hands` lists, with their views: also a
/// view whose hand number is not known (bob's second connection, back
/// in the middle of hand 2) is a view of its hand, not a hand.
#[test]
fn stats_count_each_hand_once_with_its_views() {
    for (file, hands, views) in [(DUO, 8, 16), ("pokerth1/reconnect.pcap", 6, 13)] {
        let out = run_ok(&["stats", "-z", "hands,players", "--format", "json"], file);
        let doc: Value = serde_json::from_str(&out).unwrap();
        let t = &doc["hands"]["tables"][0];
        assert_eq!(
            (&t["hands"], &t["views"]),
            (&hands.into(), &views.into()),
            "{file}: {t}"
        );
    }
    let out = run_ok(&["stats", "-z", "players", "--format", "json"], DUO);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let bob = (doc["players"]["players"].as_array().unwrap().iter())
        .find(|p| p["name"] == "bob")
        .unwrap();
    assert_eq!(bob["hands"], 8, "{bob}");
}

/// A tracker's folder: the same hand has the same number in alice's file
/// (or the Observer's, for the hands she watched) and in bob's, each file
/// telling its own hero's cards.
#[test]
fn each_heros_file_gives_a_hand_the_same_number() {
    let dir = tempfile::tempdir().unwrap();
    let o = cardshark()
        .args(["hands", "--format", "text", "-o"])
        .arg(dir.path())
        .arg(testdata(DUO))
        .output()
        .unwrap();
    assert!(o.status.success());
    let numbers = |who: &str| -> Vec<String> {
        let d = dir.path().join(who);
        let f = std::fs::read_dir(&d)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let text = std::fs::read_to_string(f).unwrap();
        (text.lines())
            .filter_map(|l| l.strip_prefix("PokerStars Hand #"))
            .map(|l| l.split(':').next().unwrap().to_string())
            .collect()
    };
    let (alice, bob, watched) = (numbers("alice"), numbers("bob"), numbers("Observer"));
    assert_eq!(bob.len(), 8);
    assert_eq!(alice, bob[..1]);
    assert_eq!(watched, bob[1..]);
    let stdout = run_ok(&["hands", "--format", "text"], DUO);
    let all: Vec<&str> = (stdout.lines())
        .filter_map(|l| l.strip_prefix("PokerStars Hand #"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(all, bob);
}

/// Each connection of duo cut out alone (`decode -s N -w`): that
/// client's 8 hands, one view each; the first client's (whose view of
/// each hand started first) with the numbers of the whole capture.
#[test]
fn a_capture_of_one_client_gives_its_hands() {
    let whole = hands_ohh(&testdata(DUO), &[]);
    let dir = tempfile::tempdir().unwrap();
    for stream in ["0", "1"] {
        let cut = dir.path().join(format!("{stream}.pcap"));
        let o = cardshark()
            .args(["decode", "-s", stream, "-w"])
            .arg(&cut)
            .arg(testdata(DUO))
            .output()
            .unwrap();
        assert!(o.status.success());
        let hands = hands_ohh(&cut, &[]);
        assert_eq!(hands.len(), 8, "stream {stream}");
        for (h, w) in hands.iter().zip(&whole) {
            assert_eq!(views(h).len(), 1);
            assert_eq!(h["pots"], w["pots"]);
            if stream == "0" {
                assert_eq!(h["game_number"], w["game_number"]);
            }
        }
    }
}

/// Every PokerTH 1.x capture of the real server with several clients:
/// how many hands, and how many views each.
#[test]
fn every_multi_client_capture_joins_its_views() {
    for (file, want) in [
        ("pokerth1/allin.pcap", vec![4; 16]),
        ("pokerth1/ten.pcap", vec![2; 12]),
        ("pokerth1/timeout.pcap", vec![2; 9]),
        ("pokerth1/rejected.pcap", vec![2; 6]),
        ("pokerth1/password.pcap", vec![2; 6]),
        // carol watches hands 2 to 4.
        ("pokerth1/spectator.pcap", vec![2, 3, 3, 3, 2, 2, 2]),
        // carol is voted out in hand 2.
        ("pokerth1/kick.pcap", vec![3, 3, 2, 2]),
        // bob's two connections and alice's see hand 2.
        ("pokerth1/reconnect.pcap", vec![2, 3, 2, 2, 2, 2]),
        ("websocket/duo-ws.pcap", vec![2; 8]),
        ("pokerth1/solo.pcap", vec![1; 7]),
        // Two conversations replayed one after the other: never in play
        // at the same time, never joined.
        ("pokerth1/lossy-port9234.pcap", vec![1; 16]),
        ("websocket/duo-tcp.pcap", vec![1; 16]),
    ] {
        let hands = hands_ohh(&testdata(file), &["--incomplete"]);
        let got: Vec<usize> = hands.iter().map(|h| views(h).len()).collect();
        assert_eq!(got, want, "{file}");
        for h in &hands {
            let notes = h["cardshark"]["notes"].to_string();
            assert!(!notes.contains("disagree"), "{file}: {notes}");
        }
    }
}

/// A player who reconnects mid-game: hand 2 is alice's whole view and
/// both of bob's cut ones, complete, with bob's cards from his first
/// connection.
#[test]
fn a_reconnecting_players_views_are_one_hand() {
    let hands = hands_ohh(&testdata("pokerth1/reconnect.pcap"), &["--incomplete"]);
    let h = &hands[1];
    let ids: Vec<String> = views(h).into_iter().map(|v| v.0).collect();
    assert_eq!(ids, ["0:2", "1:2", "2:1"]);
    assert_eq!(h["cardshark"]["complete"], true);
    let complete: Vec<&Value> = (h["cardshark"]["views"].as_array().unwrap().iter())
        .map(|v| &v["complete"])
        .collect();
    assert_eq!(complete, [&Value::Bool(true), &false.into(), &false.into()]);
    let players: Vec<u64> = dealt(h).iter().map(|d| d.0).collect();
    assert_eq!(players, [1, 2]);
}

/// `--hand` takes any view's id and selects the hand; `replay --hand`
/// with a view's id steps through that view.
#[test]
fn any_views_id_selects_the_hand() {
    let by_first = run_ok(&["hands", "--format", "jsonl", "--hand", "0:5"], DUO);
    let by_second = run_ok(&["hands", "--format", "jsonl", "--hand", "1:5"], DUO);
    assert_eq!(by_first, by_second);
    assert_eq!(json_lines(&by_first).len(), 1);
    let replay = run_ok(&["replay", "--hand", "1:5"], DUO);
    assert!(replay.starts_with("── step 1 of "), "{replay}");
    assert!(
        replay.lines().next().unwrap().contains("hand 1:5"),
        "{replay}"
    );
    let filtered = run_ok(
        &["hands", "--format", "jsonl", "-Y", "view == \"1:5\""],
        DUO,
    );
    assert_eq!(filtered, by_first);
    let bobs = run_ok(&["hands", "-Y", "stream == 1 && views == 2"], DUO);
    assert_eq!(bobs.lines().count(), 9, "{bobs}");
}

/// A tracker's folder of four clients' files: each hand under one number
/// in every file, and the same bytes with several workers (the other
/// outputs: `threads.rs`).
#[test]
fn the_folder_is_the_same_for_every_thread_count() {
    let folder = |threads: &str| -> BTreeMap<String, Vec<u8>> {
        let dir = tempfile::tempdir().unwrap();
        let o = cardshark()
            .args(["hands", "--format", "text", "--threads", threads, "-o"])
            .arg(dir.path())
            .arg(testdata("pokerth1/allin.pcap"))
            .output()
            .unwrap();
        assert!(o.status.success());
        let mut files = BTreeMap::new();
        for hero in std::fs::read_dir(dir.path()).unwrap() {
            let hero = hero.unwrap().path();
            for f in std::fs::read_dir(&hero).unwrap() {
                let f = f.unwrap().path();
                let name = f.strip_prefix(dir.path()).unwrap().display().to_string();
                files.insert(name, std::fs::read(&f).unwrap());
            }
        }
        files
    };
    let one = folder("1");
    assert!(one.len() >= 4, "{:?}", one.keys());
    // allin's 16 hands, each in the file of every client that saw it,
    // under its one number.
    let numbers: Vec<&str> = (one.values())
        .flat_map(|b| std::str::from_utf8(b).unwrap().lines())
        .filter_map(|l| l.strip_prefix("PokerStars Hand #"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let distinct: BTreeSet<&&str> = numbers.iter().collect();
    assert_eq!(distinct.len(), 16);
    assert!(numbers.len() > 32, "{}", numbers.len());
    for n in ["2", "3"] {
        assert!(folder(n) == one, "{n} workers");
    }
}
