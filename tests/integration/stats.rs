//! `cardshark stats`: each section's figures on real captures, checked
//! against `decode --format jsonl` and `hands --format jsonl` (and a few
//! by hand); wrong `-z` values; a capture without game traffic.

use crate::common::{cardshark, hands_ohh, json_lines, run_ok, testdata};
use serde_json::Value;
use std::collections::BTreeMap;

/// `stats --format json ARGS FILE` (under testdata/), which must succeed.
fn stats(args: &[&str], file: &str) -> Value {
    let mut all = vec!["stats", "--format", "json"];
    all.extend(args);
    serde_json::from_str(&run_ok(&all, file)).expect("stats JSON")
}

/// The rows of list `list` of section `section`.
fn rows<'a>(doc: &'a Value, section: &str, list: &str) -> &'a Vec<Value> {
    doc[section][list].as_array().expect(list)
}

/// Microseconds since the epoch of a record's `ts`
/// (`2026-11-25T10:37:04.087843Z`): the time of day is enough here.
fn micros(ts: &str) -> i64 {
    let time = &ts[11..ts.len() - 1];
    let (hms, frac) = time.split_once('.').unwrap();
    let secs: Vec<i64> = hms.split(':').map(|p| p.parse().unwrap()).collect();
    (secs[0] * 3600 + secs[1] * 60 + secs[2]) * 1_000_000 + frac.parse::<i64>().unwrap()
}

#[test]
fn proto_counts_every_message_as_decode_writes_it() {
    let file = "mixed/all-four.pcap";
    let doc = stats(&["-z", "proto"], file);
    assert!(doc.get("hands").is_none() && doc.get("rtt").is_none());
    // What decode writes, added up the same way.
    let mut want: BTreeMap<(String, String, String), (u64, u64)> = BTreeMap::new();
    for r in json_lines(&run_ok(&["decode", "--format", "jsonl"], file)) {
        let (Some(p), Some(t)) = (r["protocol"].as_str(), r["type"].as_str()) else {
            continue;
        };
        let key = (
            p.to_string(),
            t.to_string(),
            r["dir"].as_str().unwrap().into(),
        );
        let e = want.entry(key).or_default();
        e.0 += 1;
        e.1 += r["len"].as_u64().unwrap();
    }
    let types = rows(&doc, "proto", "types");
    let got: BTreeMap<(String, String, String), (u64, u64)> = types
        .iter()
        .map(|t| {
            let s = |k: &str| t[k].as_str().unwrap().to_string();
            let n = |k: &str| t[k].as_u64().unwrap();
            (
                (s("protocol"), s("type"), s("dir")),
                (n("messages"), n("bytes")),
            )
        })
        .collect();
    assert_eq!(got, want);
    // By hand: PokerTH's Players Action Done is 28 bytes (the spec).
    let key = ("pokerth".into(), "PlayersActionDone".into(), "s2c".into());
    assert_eq!(got[&key], (77, 77 * 28));
    // Per stream and direction: inspect's message and byte counts.
    let streams = rows(&doc, "proto", "streams");
    assert_eq!(streams.len(), 8);
    let s0: Vec<(u64, u64)> = streams[..2]
        .iter()
        .map(|r| {
            (
                r["messages"].as_u64().unwrap(),
                r["bytes"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(s0, [(45, 864), (221, 4692)]);
    assert_eq!(streams[0]["src"], "10.77.1.2:42843");
    assert_eq!(streams[1]["dir"], "s2c");
    assert_eq!(streams[7]["protocol"], "gls");
}

#[test]
fn hands_per_table_count_a_hand_two_clients_saw_once() {
    let doc = stats(&["-z", "hands"], "pokerth1/duo.pcap");
    let tables = rows(&doc, "hands", "tables");
    assert_eq!(tables.len(), 1, "{tables:?}");
    let t = &tables[0];
    // `hands` lists 8 hands, each seen by both clients: 16 views.
    let hands = hands_ohh(&testdata("pokerth1/duo.pcap"), &["--incomplete"]);
    let views: usize = (hands.iter())
        .map(|h| h["cardshark"]["views"].as_array().unwrap().len())
        .sum();
    assert_eq!((hands.len(), views), (8, 16));
    assert_eq!(
        (&t["hands"], &t["complete"], &t["incomplete"], &t["views"]),
        (&8.into(), &8.into(), &0.into(), &16.into())
    );
    assert_eq!(
        (&t["table"], &t["name"]),
        (&1.into(), &"pcap test duo".into())
    );
    // A capture cut mid-hand: its hands are incomplete.
    let doc = stats(&["-z", "hands"], "hands/cut-start-pokerth.pcap");
    let t = &rows(&doc, "hands", "tables")[0];
    let ohh = hands_ohh(&testdata("hands/cut-start-pokerth.pcap"), &["--incomplete"]);
    let incomplete = ohh
        .iter()
        .filter(|h| h["cardshark"]["complete"] == false)
        .count() as u64;
    assert!(incomplete > 0);
    assert_eq!(t["incomplete"].as_u64(), Some(incomplete));
    assert_eq!(t["hands"].as_u64(), Some(ohh.len() as u64));
}

#[test]
fn actions_per_player_agree_with_the_hand_histories() {
    for file in ["mixed/all-four.pcap", "pokernetwork/port5555.pcap"] {
        let doc = stats(&["-z", "players"], file);
        // By protocol and player: a PokerTH and a poker-network player
        // may have the same id.
        let mut want: BTreeMap<(String, u64), [u64; 7]> = BTreeMap::new();
        for h in hands_ohh(&testdata(file), &["--incomplete"]) {
            let protocol = h["cardshark"]["protocol"].as_str().unwrap().to_string();
            for round in h["rounds"].as_array().unwrap() {
                for a in round["actions"].as_array().unwrap() {
                    let k = match a["action"].as_str().unwrap() {
                        "Fold" => 0,
                        "Check" => 1,
                        "Call" => 2,
                        "Bet" => 3,
                        "Raise" => 4,
                        "Post SB" | "Post BB" | "Post Ante" | "Post Dead" => 6,
                        _ => continue,
                    };
                    let id = a["player_id"].as_u64().unwrap();
                    let c = want.entry((protocol.clone(), id)).or_default();
                    c[k] += 1;
                    if a["is_allin"] == true {
                        c[5] += 1;
                    }
                }
            }
        }
        let kinds = ["fold", "check", "call", "bet", "raise", "all_in", "blind"];
        let got: BTreeMap<(String, u64), [u64; 7]> = rows(&doc, "players", "players")
            .iter()
            .map(|p| {
                let id = p["player"].as_u64().unwrap();
                let protocol = p["protocol"].as_str().unwrap().to_string();
                ((protocol, id), kinds.map(|k| p[k].as_u64().unwrap()))
            })
            .collect();
        assert_eq!(got, want, "{file}");
    }
    // By hand (PokerTH, table Friday): Carol went all in once.
    let doc = stats(&["-z", "players"], "mixed/all-four.pcap");
    let carol = rows(&doc, "players", "players")
        .iter()
        .find(|p| p["name"] == "Carol")
        .unwrap();
    assert_eq!((&carol["hands"], &carol["all_in"]), (&3.into(), &1.into()));
}

#[test]
fn response_times_are_the_gaps_between_request_and_answer() {
    let file = "mixed/all-four.pcap";
    let records = json_lines(&run_ok(&["decode", "--format", "jsonl"], file));
    // GLS (stream 3): the time of the first record of each type.
    let at = |ty: &str, nth: usize| {
        let r = records
            .iter()
            .filter(|r| r["stream"] == 3 && r["type"] == ty)
            .nth(nth)
            .unwrap();
        micros(r["ts"].as_str().unwrap())
    };
    let doc = stats(&["-z", "rtt"], file);
    let pair = |protocol: &str, request: &str, by: &str| {
        rows(&doc, "rtt", "requests")
            .iter()
            .find(|p| p["protocol"] == protocol && p["request"] == request && p["by"] == by)
            .unwrap_or_else(|| panic!("{request}"))
            .clone()
    };
    let us = |p: &Value, k: &str| p[k].as_i64().unwrap();
    let protover = pair("gls", "Protover", "server");
    assert_eq!(
        us(&protover, "min_us"),
        at("Protoverack", 0) - at("Protover", 0)
    );
    assert_eq!(us(&protover, "min_us"), 60);
    let nick = pair("gls", "NickReq", "server");
    let (a, b) = (
        at("NickSet", 0) - at("NickReq", 0),
        at("NickSet", 1) - at("NickReq", 1),
    );
    assert_eq!(
        (us(&nick, "min_us"), us(&nick, "max_us")),
        (a.min(b), a.max(b))
    );
    assert_eq!((us(&nick, "requests"), us(&nick, "p50_us")), (2, 62));
    // The die placed at D4 is answered by the DiePlace at D4, the one at
    // H8 by the rejection: 87 and 15 µs, not the next message's time.
    let die = pair("gls", "DiePlaceTry", "server");
    assert_eq!((us(&die, "min_us"), us(&die, "max_us")), (15, 87));
    // PokerTH: the 18 turns of the client's own player (Bob1, 1002) of the
    // 63 sent, each answered by its action; 19 actions (one rejected and
    // made again), each answered by its own Players Action Done.
    let turns = records
        .iter()
        .filter(|r| r["stream"] == 0 && r["type"] == "PlayersTurn")
        .filter(|r| r["fields"]["player_id"] == 1002)
        .count();
    assert_eq!(turns, 18);
    let turn = pair("pokerth", "PlayersTurn", "client");
    assert_eq!((us(&turn, "requests"), us(&turn, "unanswered")), (18, 0));
    let action = pair("pokerth", "PlayersAction", "server");
    assert_eq!((us(&action, "requests"), us(&action, "answered")), (19, 19));
    // poker-network: the server never answered the auto blind request.
    let auto = pair("pokernetwork", "PacketPokerAutoBlindAnte", "server");
    assert_eq!(
        (us(&auto, "unanswered"), &auto["p50_us"]),
        (1, &Value::Null)
    );
    // Per player: the stream's client, named as the protocol tells it.
    let players = rows(&doc, "rtt", "players");
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    for name in [
        "Bob1 (1002)",
        "alice (1001)",
        "Frostsnow2",
        "client 10.77.1.2:51193",
    ] {
        assert!(names.contains(&name), "{name}: {names:?}");
    }
}

#[test]
fn tables_have_a_title_and_a_row_per_figure() {
    let out = crate::common::boxed_ok(
        &["stats", "-z", "rtt,hands", "-z", "rtt"],
        "mixed/all-four.pcap",
    );
    let titles: Vec<&str> = out.lines().filter(|l| l.starts_with("== ")).collect();
    assert_eq!(
        titles,
        [
            "== hands: per table",
            "== rtt: response time per request type (by: who answers)",
            "== rtt: response time per player (the client of the stream)",
        ]
    );
    let protover = out
        .lines()
        .find(|l| l.contains("Protover → Protoverack"))
        .unwrap();
    let cells: Vec<&str> = protover.split('┆').map(str::trim).collect();
    assert_eq!(cells[2..5], ["server", "1", "0"], "{protover}");
    assert_eq!(cells[5].trim_end_matches('│').trim(), "0.060");
}

#[test]
fn a_capture_without_game_traffic() {
    let file = "realcap/ipv6.pcap";
    let doc = stats(&[], file);
    for (section, list) in [
        ("hands", "tables"),
        ("players", "players"),
        ("rtt", "requests"),
    ] {
        assert!(rows(&doc, section, list).is_empty(), "{section}");
    }
    // The bytes are there, as bytes no protocol claimed.
    let types = rows(&doc, "proto", "types");
    assert!(!types.is_empty());
    assert!(types
        .iter()
        .all(|t| t["protocol"] == "?" && t["type"] == "unknown_data"));
    let out = run_ok(&["stats"], file);
    assert!(
        out.contains("== hands: per table\n(no poker hands in the capture)\n"),
        "{out}"
    );
    assert!(
        out.contains("(no request of a known pair in the capture)"),
        "{out}"
    );
}

#[test]
fn wrong_values_are_usage_errors() {
    let file = testdata("gls/session.pcap");
    for args in [
        vec!["-z", "nope"],
        vec!["-z"],
        vec!["-z", "proto,nope"],
        vec!["--format", "csv"],
    ] {
        let out = cardshark()
            .arg("stats")
            .args(&args)
            .arg(&file)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(args[0]), "{args:?} names the option: {err}");
        assert!(out.stdout.is_empty());
    }
    let out = cardshark()
        .args(["stats", "no/such.pcap"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("cardshark: error: no/such.pcap"), "{err}");
}

#[test]
fn stream_rows_spilled_to_disk_come_back_the_same() {
    let file = testdata("websocket/duo-ws-lossy.pcap");
    let run = |bound: &str| {
        let out = cardshark()
            .args(["stats", "-z", "proto"])
            .arg(&file)
            .env("CARDSHARK_STATS_ROWS_IN_MEMORY", bound)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let whole = run("100000000");
    assert_eq!(run("1"), whole);
    let text = String::from_utf8(whole).unwrap();
    assert!(text.contains("websocket/pokerth-1"), "{text}");
    let out = cardshark()
        .args(["stats"])
        .arg(&file)
        .env("CARDSHARK_STATS_ROWS_IN_MEMORY", "0")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `--interval`: each interval's messages and bytes, written as a JSON
/// line before the whole capture's document, add up to the whole
/// capture's; intervals come in order, each as long as asked.
#[test]
fn intervals_add_up_to_the_whole_capture() {
    for (file, secs) in [
        ("mixed/all-four.pcap", "0.25"),
        ("pokerth1/allin.pcap", "10"),
    ] {
        let out = run_ok(
            &[
                "stats",
                "-z",
                "proto",
                "--format",
                "json",
                "--interval",
                secs,
            ],
            file,
        );
        let mut lines = out.lines().peekable();
        let (mut sum, mut last_start) = (BTreeMap::new(), -1.0);
        let mut intervals = 0;
        while lines.peek().is_some_and(|l| l.starts_with("{\"interval\"")) {
            let v: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
            let (start, end) = (
                v["interval"]["start"].as_f64().unwrap(),
                v["interval"]["end"].as_f64().unwrap(),
            );
            assert!(start > last_start, "{file}: in order");
            assert!((end - start - secs.parse::<f64>().unwrap()).abs() < 1e-9);
            last_start = start;
            intervals += 1;
            for t in v["types"].as_array().unwrap() {
                let key = format!("{} {} {}", t["protocol"], t["type"], t["dir"]);
                let e = sum.entry(key).or_insert([0u64; 2]);
                e[0] += t["messages"].as_u64().unwrap();
                e[1] += t["bytes"].as_u64().unwrap();
            }
        }
        assert!(intervals > 1, "{file}: {intervals} intervals");
        let doc: Value = serde_json::from_str(&lines.collect::<Vec<_>>().join("\n")).unwrap();
        let mut whole = BTreeMap::new();
        for t in doc["proto"]["types"].as_array().unwrap() {
            let key = format!("{} {} {}", t["protocol"], t["type"], t["dir"]);
            whole.insert(
                key,
                [
                    t["messages"].as_u64().unwrap(),
                    t["bytes"].as_u64().unwrap(),
                ],
            );
        }
        assert_eq!(sum, whole, "{file}");
    }
    // A number of seconds greater than 0.
    let bad = cardshark()
        .args(["stats", "--interval", "0"])
        .arg(testdata("mixed/all-four.pcap"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
