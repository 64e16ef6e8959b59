//! One set of names: every command names a stream's protocol the same way
//! (the dialect's name when known, `websocket/` before it over a
//! WebSocket), and `-p NAME` selects the records `-Y 'protocol == "NAME"'`
//! does, for every name a table shows.

use crate::common;

use common::{boxed_ok, json_lines, run_ok};
use std::collections::{BTreeMap, BTreeSet};

/// The (stream, protocol) cells of every table of `text` with a Protocol
/// column, by table title; the stream is `None` in a table without a
/// Stream column.
fn protocol_cells(text: &str) -> Vec<(String, Option<String>, String)> {
    let mut cells = Vec::new();
    for (title, header, rows) in tables(text) {
        let Some(p) = header.iter().position(|h| h == "Protocol") else {
            continue;
        };
        let s = header.iter().position(|h| h == "Stream");
        for row in rows {
            cells.push((title.clone(), s.map(|s| row[s].clone()), row[p].clone()));
        }
    }
    cells
}

/// The boxed tables of `text`, each with the title above it (`== proto:
/// ...` for `stats`, else empty): its header's cells, then each row's. A
/// wrapped cell's further lines (whose first cell is empty) are left out.
fn tables(text: &str) -> Vec<(String, Vec<String>, Vec<Vec<String>>)> {
    let mut out = Vec::new();
    let mut title = String::new();
    let mut table: Option<(Vec<String>, Vec<Vec<String>>)> = None;
    for line in text.lines() {
        if let Some(t) = line.strip_prefix("== ") {
            title = t.to_string();
        } else if line.starts_with('┌') {
            table = Some((Vec::new(), Vec::new()));
        } else if line.starts_with('└') {
            if let Some((h, rows)) = table.take() {
                out.push((title.clone(), h, rows));
            }
        } else if let (Some((h, rows)), true) = (&mut table, line.starts_with('│')) {
            let inner = line.trim_start_matches('│').trim_end_matches('│');
            let cells: Vec<String> = inner.split('┆').map(|c| c.trim().to_string()).collect();
            if h.is_empty() {
                *h = cells;
            } else if !cells[0].is_empty() {
                rows.push(cells);
            }
        }
    }
    out
}

/// The protocol cell of each row of `decode`'s table (its fifth column),
/// by stream.
fn decode_cells(file: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut by_stream: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in run_ok(&["decode"], file).lines().skip(1) {
        let words: Vec<&str> = line.split_whitespace().collect();
        by_stream
            .entry(words[2].to_string())
            .or_default()
            .insert(words[4].to_string());
    }
    by_stream
}

#[test]
fn every_command_names_a_stream_alike() {
    for (file, want) in [
        ("websocket/solo-ws.pcap", "websocket/pokerth-1"),
        ("pokerth/session-2007.pcap", "pokerth-2007"),
        ("pokerth1/duo.pcap", "pokerth-1"),
        ("pokernetwork/session-old.pcap", "pokernetwork-2"),
    ] {
        // inspect: one cell per stream, the name every other command uses.
        let inspect: BTreeMap<String, String> = protocol_cells(&boxed_ok(&["inspect"], file))
            .into_iter()
            .map(|(_, s, p)| (s.unwrap(), p))
            .collect();
        assert!(!inspect.is_empty(), "{file}");
        assert!(inspect.values().all(|p| p == want), "{file}: {inspect:?}");
        let names: BTreeSet<&String> = inspect.values().collect();
        // decode: every record once its stream is detected (before it:
        // `?`, and `websocket` for a WebSocket whose protocol is not known
        // yet).
        for (stream, cells) in decode_cells(file) {
            let name = &inspect[&stream];
            assert!(cells.contains(name), "{file} stream {stream}: {cells:?}");
            for c in &cells {
                assert!(
                    c == name || c == "?" || c == "websocket",
                    "{file} stream {stream}: decode says {c}, inspect {name}"
                );
            }
        }
        // decode --format csv: the table's column.
        let csv = run_ok(&["decode", "--format", "csv"], file);
        assert!(csv
            .lines()
            .skip(1)
            .any(|l| l.contains(&format!(",{want},"))));
        // hands and stats: every table with a Protocol column.
        for args in [&["hands"][..], &["stats"][..]] {
            let cells = protocol_cells(&boxed_ok(args, file));
            for (title, stream, p) in &cells {
                match stream {
                    Some(s) => assert_eq!(p, &inspect[s], "{file} {args:?} {title} stream {s}"),
                    None => assert!(
                        names.contains(p) || p == "?" || p == "websocket",
                        "{file} {args:?} {title}: {p}"
                    ),
                }
            }
            if args[0] == "stats" {
                // Every section names the protocol, the response times too.
                for section in [
                    "proto: per stream",
                    "hands: per table",
                    "rtt: response time per request",
                ] {
                    assert!(
                        cells
                            .iter()
                            .any(|(t, _, p)| t.starts_with(section) && p == want),
                        "{file}: stats {section}"
                    );
                }
            }
        }
        // The hand histories say it too.
        let text = run_ok(&["hands", "--format", "text", "--incomplete"], file);
        assert!(text.contains(&format!(", {want} stream ")), "{file}");
    }
}

#[test]
fn p_and_protocol_in_a_filter_select_the_same_records() {
    let names = [
        "pokerth",
        "pokerth-2007",
        "pokerth-1",
        "pokernetwork",
        "pokernetwork-2",
        "gls",
        "cardgame",
    ];
    let count = |args: &[&str], file: &str| json_lines(&run_ok(args, file)).len();
    for file in [
        "mixed/all-four.pcap",
        "websocket/solo-ws.pcap",
        "pokerth/session-2007.pcap",
        "pokerth1/gap.pcap",
        "pokernetwork/session-old.pcap",
    ] {
        for name in names {
            let by_p = run_ok(&["decode", "--format", "jsonl", "-p", name], file);
            let filter = format!("protocol == \"{name}\"");
            let by_y = run_ok(&["decode", "--format", "jsonl", "-Y", &filter], file);
            assert_eq!(by_p, by_y, "{file}: -p {name}");
        }
        // A protocol takes its dialects; a dialect only its own.
        let all = count(&["decode", "--format", "jsonl", "-p", "pokerth"], file);
        let one = count(&["decode", "--format", "jsonl", "-p", "pokerth-1"], file);
        let old = count(&["decode", "--format", "jsonl", "-p", "pokerth-2007"], file);
        assert!(one + old <= all, "{file}");
    }
    let count_p =
        |name: &str, file: &str| count(&["decode", "--format", "jsonl", "-p", name], file);
    // PokerTH 1.x: every record of the stream, its events too (a gap, the
    // stream's end), also over a WebSocket.
    for file in ["pokerth1/gap.pcap", "websocket/solo-ws.pcap"] {
        let records = json_lines(&run_ok(&["decode", "--format", "jsonl"], file));
        let with_protocol = records
            .iter()
            .filter(|r| r["protocol"] == "pokerth")
            .count();
        assert_eq!(count_p("pokerth-1", file), with_protocol, "{file}");
        assert_eq!(count_p("pokerth", file), with_protocol, "{file}");
    }
    // A dialect its streams showed: the stream's end is the dialect's too.
    let file = "pokerth/session-2007.pcap";
    assert_eq!(count_p("pokerth-2007", file), count_p("pokerth", file));
    let ends = run_ok(
        &[
            "decode",
            "--format",
            "jsonl",
            "-p",
            "pokernetwork-2",
            "--type",
            "stream_end",
        ],
        "pokernetwork/session-old.pcap",
    );
    assert_eq!(json_lines(&ends).len(), 1);
    assert_eq!(count_p("pokerth-1", "pokerth/session-2007.pcap"), 0);
    assert_eq!(count_p("pokernetwork-2", "mixed/all-four.pcap"), 0);
    // `dialect` is what the JSON has: messages only.
    let by_dialect = run_ok(
        &[
            "decode",
            "--format",
            "jsonl",
            "-Y",
            "dialect == \"pokerth-1\"",
        ],
        "pokerth1/gap.pcap",
    );
    assert!(json_lines(&by_dialect)
        .iter()
        .all(|r| r["type"].is_string()));
}

#[test]
fn hands_and_inspect_take_the_same_names() {
    let hands = |file: &str, filter: &str| {
        let out = run_ok(
            &["hands", "--format", "csv", "--incomplete", "-Y", filter],
            file,
        );
        out.lines().count().saturating_sub(1)
    };
    let file = "pokerth/session-2007.pcap";
    assert_eq!(hands(file, "protocol == \"pokerth-2007\""), 3);
    assert_eq!(hands(file, "protocol == \"pokerth\""), 3);
    assert_eq!(hands(file, "protocol == \"pokerth-1\""), 0);
    let file = "websocket/solo-ws.pcap";
    assert_eq!(hands(file, "protocol == \"pokerth-1\""), 6);
    let streams = |file: &str, filter: &str| {
        let out = run_ok(&["inspect", "--format", "csv", "-Y", filter], file);
        out.lines().count().saturating_sub(1)
    };
    assert_eq!(streams(file, "protocol == \"pokerth-1\""), 1);
    assert_eq!(
        streams(
            file,
            "protocol == \"pokerth\" && transport == \"websocket\""
        ),
        1
    );
    assert_eq!(streams(file, "protocol == \"pokerth-2007\""), 0);
    assert_eq!(streams("mixed/all-four.pcap", "protocol == \"pokerth\""), 1);
}

#[test]
fn a_websocket_whose_protocol_is_not_known_is_websocket() {
    let cells = protocol_cells(&boxed_ok(&["inspect"], "websocket/deflate-midstream.pcap"));
    assert_eq!(cells.len(), 1);
    assert_eq!(cells[0].2, "websocket");
    let stats = boxed_ok(&["stats", "-z", "proto"], "websocket/solo-ws.pcap");
    assert!(!stats.contains("ws/"), "{stats}");
    let upgrade: Vec<String> = protocol_cells(&stats)
        .into_iter()
        .map(|(_, _, p)| p)
        .filter(|p| !p.contains('/'))
        .collect();
    assert_eq!(
        upgrade,
        ["websocket"],
        "the upgrade, before the protocol is known"
    );
}
