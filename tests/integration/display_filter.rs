//! Display filters (`-Y`) and field output (`-T fields`, `--format csv`)
//! through the binary: what passes is what the expression says of the
//! records' JSON, every key a record writes is a name the filter knows,
//! field columns hold the JSON's values, and every wrong value is a usage
//! error (exit 2) naming its option.

use crate::common::{self, captures, cardshark, json_lines, run_ok, testdata};
use cardshark::filter::record::RecordScope;
use cardshark::filter::Scope;
use serde_json::Value;
use std::path::Path;

const MIXED: &str = "mixed/all-four.pcap";

/// Runs cardshark; (exit status, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = cardshark().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn mixed() -> String {
    testdata(MIXED).to_string_lossy().into_owned()
}

/// Every key path of a JSON value (lists walked through).
fn key_paths(v: &Value, prefix: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let path = format!("{prefix}{k}");
                out.push(path.clone());
                key_paths(x, &format!("{path}."), out);
            }
        }
        Value::Array(items) => items.iter().for_each(|x| key_paths(x, prefix, out)),
        _ => {}
    }
}

/// The records of `decode --format jsonl` on MIXED, and those `-Y expr`
/// writes.
fn filtered(expr: &str) -> (Vec<Value>, Vec<Value>) {
    let all = json_lines(&run_ok(&["decode", "--format", "jsonl"], MIXED));
    let kept = json_lines(&run_ok(&["decode", "--format", "jsonl", "-Y", expr], MIXED));
    (all, kept)
}

#[test]
fn each_filter_keeps_exactly_the_records_its_expression_describes() {
    type Pred = fn(&Value) -> bool;
    let cases: [(&str, Pred); 10] = [
        ("type == \"NickReq\"", |r| r["type"] == "NickReq"),
        ("protocol == \"pokernetwork\" && stream in {1 3}", |r| {
            r["protocol"] == "pokernetwork" && (r["stream"] == 1 || r["stream"] == 3)
        }),
        ("frame > 600", |r| r["frame"].as_u64() > Some(600)),
        ("ts >= \"2026-11-25T10:37:05Z\"", |r| {
            r["ts"].as_str().unwrap() >= "2026-11-25T10:37:05"
        }),
        ("event", |r| r.get("event").is_some()),
        ("fields.player_id == 1001 && dir == \"s2c\"", |r| {
            r["dir"] == "s2c"
                && (r["fields"]["player_id"] == 1001
                    || r["fields"]["player_id"]
                        .as_array()
                        .is_some_and(|a| a.contains(&1001.into())))
        }),
        ("!(stream == 0) and not event", |r| {
            r["stream"] != 0 && r.get("event").is_none()
        }),
        ("type matches \"^packetpoker(call|raise)$\"", |r| {
            r["type"] == "PacketPokerCall" || r["type"] == "PacketPokerRaise"
        }),
        ("fields.nick contains \"snow\"", |r| {
            r["fields"]["nick"]
                .as_str()
                .is_some_and(|n| n.contains("snow"))
        }),
        ("stream != 2 && (len > 100 || type_id in {1..3})", |r| {
            r["stream"] != 2
                && (r["len"].as_u64() > Some(100)
                    || r["type_id"].as_u64().is_some_and(|t| (1..=3).contains(&t)))
        }),
    ];
    for (expr, pred) in cases {
        let (all, kept) = filtered(expr);
        let want: Vec<&Value> = all.iter().filter(|r| pred(r)).collect();
        assert!(!want.is_empty(), "{expr}: the case should keep something");
        assert!(want.len() < all.len(), "{expr}: and leave something out");
        assert_eq!(kept.iter().collect::<Vec<_>>(), want, "{expr}");
    }
}

#[test]
fn notes_and_errors_as_bare_names() {
    // A capture with damaged messages: records with notes or an error.
    let file = "websocket/duo-ws-gap.pcap";
    let all = json_lines(&run_ok(&["decode", "--format", "jsonl"], file));
    let kept = json_lines(&run_ok(
        &[
            "decode",
            "--format",
            "jsonl",
            "-Y",
            "notes || error || event == \"gap\"",
        ],
        file,
    ));
    let want: Vec<&Value> = (all.iter())
        .filter(|r| {
            r["notes"].as_array().is_some_and(|n| !n.is_empty())
                || r.get("error").is_some()
                || r["event"] == "gap"
        })
        .collect();
    assert!(!want.is_empty());
    assert_eq!(kept.iter().collect::<Vec<_>>(), want);
}

/// The catalogue: every key path any record of any capture writes is a
/// name `-Y` and `-e` accept.
#[test]
fn every_key_path_of_every_capture_is_a_known_name() {
    let mut missing = Vec::new();
    let mut seen = 0;
    // Each record type or event name, with a capture that has it.
    let mut types = std::collections::BTreeMap::new();
    for path in captures() {
        let out = cardshark()
            .args(["decode", "--format", "jsonl"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", path.display());
        let mut paths = Vec::new();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            key_paths(&v, "", &mut paths);
            for k in ["type", "event"] {
                if let Some(t) = v[k].as_str() {
                    types.entry(t.to_string()).or_insert_with(|| path.clone());
                }
            }
        }
        paths.sort();
        paths.dedup();
        seen += paths.len();
        for p in paths {
            if RecordScope::new().resolve(&p).is_err() {
                missing.push(format!("{}: {p}", path.display()));
            }
        }
    }
    assert!(seen > 400, "{seen} paths seen");
    assert!(
        missing.is_empty(),
        "names the filter does not know: {missing:#?}"
    );
    // And every type a record has is a name `--type` takes (poker-network's
    // `Handshake` once was not).
    assert!(types.len() > 150, "{} types seen", types.len());
    let refused: Vec<_> = types
        .iter()
        .filter(|(t, path)| {
            let out = cardshark()
                .args(["decode", "-c", "1", "--type", t.as_str()])
                .arg(path)
                .output()
                .unwrap();
            !out.status.success() || out.stdout.is_empty()
        })
        .map(|(t, _)| t.clone())
        .collect();
    assert!(refused.is_empty(), "--type refuses: {refused:?}");
}

/// The record keys of the contract, for `-e`.
const ENVELOPE: [&str; 18] = [
    "frame",
    "ts",
    "stream",
    "dir",
    "src",
    "dst",
    "community_id",
    "offset",
    "tcp_offset",
    "transport",
    "protocol",
    "dialect",
    "type",
    "type_id",
    "event",
    "len",
    "reason",
    "error",
];

/// A JSON value as a field column writes it.
fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s
            .replace('\t', "\\t")
            .replace('\n', "\\n")
            .replace('\r', "\\r"),
        Value::Array(a) => a.iter().map(cell).collect::<Vec<_>>().join(","),
        v => v.to_string(),
    }
}

#[test]
fn field_columns_hold_the_values_of_the_records_json() {
    for file in [MIXED, "websocket/deflate.pcap", "websocket/duo-ws-gap.pcap"] {
        let mut args = vec!["decode", "-T", "fields"];
        for k in ENVELOPE
            .iter()
            .chain(&["notes", "websocket.opcode", "fields.player_id"])
        {
            args.extend(["-e", k]);
        }
        let fields = run_ok(&args, file);
        let records = json_lines(&run_ok(&["decode", "--format", "jsonl"], file));
        let lines: Vec<&str> = fields.lines().collect();
        assert_eq!(lines.len(), records.len(), "{file}");
        for (line, r) in lines.iter().zip(&records) {
            let cells: Vec<&str> = line.split('\t').collect();
            let mut want: Vec<String> = ENVELOPE.iter().map(|k| cell(&r[k])).collect();
            want.push(cell(&r["notes"]));
            want.push(cell(&r["websocket"]["opcode"]));
            want.push(cell(&r["fields"]["player_id"]));
            assert_eq!(cells, want, "{file}: {r}");
        }
    }
}

/// Every key path under `fields` that some record of `file` writes, as
/// `-e` columns: each cell holds what the record's JSON has there.
#[test]
fn every_fields_path_reads_as_the_json_has_it() {
    for file in [
        MIXED,
        "pokerth1/duo.pcap",
        "pokernetwork/port5555.pcap",
        "pokerth/session-2007.pcap",
    ] {
        let records = json_lines(&run_ok(&["decode", "--format", "jsonl"], file));
        let mut paths = Vec::new();
        for r in &records {
            key_paths(&r["fields"], "", &mut paths);
        }
        paths.sort();
        paths.dedup();
        // Leaves only: a path that ends at an object would have the
        // filter read the fields' JSON instead of walking them.
        let all = paths.clone();
        paths.retain(|p| !all.iter().any(|q| q.starts_with(&format!("{p}."))));
        assert!(paths.len() > 20, "{file}");
        let names: Vec<String> = paths.iter().map(|p| format!("fields.{p}")).collect();
        let mut args = vec!["decode", "-T", "fields"];
        for n in &names {
            args.extend(["-e", n.as_str()]);
        }
        let out = run_ok(&args, file);
        assert_eq!(out.lines().count(), records.len(), "{file}");
        for (line, r) in out.lines().zip(&records) {
            let cells: Vec<&str> = line.split('\t').collect();
            for (p, got) in paths.iter().zip(&cells) {
                let want = cell(&at(&r["fields"], p));
                assert_eq!(*got, want, "{file}: fields.{p} in {r}");
            }
        }
    }
}

/// What a dotted path holds in `v`, lists walked through (as a list of
/// what each element holds, absent ones left out).
fn at(v: &Value, path: &str) -> Value {
    let keys: Vec<&str> = path.split('.').collect();
    fn walk(v: &Value, keys: &[&str], out: &mut Vec<Value>) {
        match (v, keys) {
            (Value::Array(a), _) => a.iter().for_each(|x| walk(x, keys, out)),
            (Value::Object(m), [k, rest @ ..]) => {
                if let Some(x) = m.get(*k) {
                    walk(x, rest, out);
                }
            }
            (_, [_, ..]) => {}
            (v, []) => out.push(v.clone()),
        }
    }
    let mut out = Vec::new();
    walk(v, &keys, &mut out);
    Value::Array(out)
}

#[test]
fn field_options_as_tshark_has_them() {
    let f = mixed();
    let (code, out, err) = run(&[
        "decode",
        &f,
        "-T",
        "fields",
        "-e",
        "frame",
        "-e",
        "type",
        "-e",
        "fields.cards",
        "-E",
        "header=y",
        "-E",
        "separator=;",
        "-E",
        "quote=d",
        "-E",
        "aggregator=/s",
        "-Y",
        "fields.cards",
        "-c",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "\"frame\";\"type\";\"fields.cards\"");
    assert_eq!(lines.len(), 3, "{out}");
    let cells: Vec<&str> = lines[1].split(';').collect();
    assert_eq!(cells.len(), 3);
    assert!(cells[2].starts_with('"') && cells[2].contains(' '), "{out}");
    // Occurrence: the first card only.
    let (_, first, _) = run(&[
        "decode",
        &f,
        "-T",
        "fields",
        "-e",
        "fields.cards",
        "-E",
        "occurrence=f",
        "-Y",
        "fields.cards",
        "-c",
        "1",
    ]);
    assert_eq!(first.trim().len(), 2, "{first}");
    // No record: the header alone.
    let (code, out, _) = run(&[
        "decode",
        &f,
        "-T",
        "fields",
        "-e",
        "frame",
        "-E",
        "header=y",
        "-Y",
        "frame > 99999",
    ]);
    assert_eq!((code, out.as_str()), (0, "frame\n"));
}

/// A minimal RFC 4180 reader: rows of cells.
fn csv(text: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut cell) = (Vec::new(), Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    rows
}

#[test]
fn csv_on_every_command_has_a_header_and_a_row_per_item() {
    let cases: [(&[&str], &str, usize); 5] = [
        (
            &["decode", "--format", "csv"],
            "frame,ts,stream,dir,protocol,type,summary",
            7,
        ),
        (
            &[
                "decode",
                "--format",
                "csv",
                "-e",
                "frame",
                "-e",
                "fields.cards",
            ],
            "frame,fields.cards",
            2,
        ),
        (
            &["hands", "--format", "csv"],
            "id,stream,hand,views,protocol,table,players,pot,winners,complete,notes",
            11,
        ),
        (&["timeline", "--format", "csv"], "frame,ts,stream,what", 4),
        (
            &["inspect", "--format", "csv"],
            "stream,protocol,dialect",
            38,
        ),
    ];
    for (args, header, columns) in cases {
        let out = run_ok(args, MIXED);
        let rows = csv(&out);
        assert!(
            out.starts_with(header),
            "{args:?}: {}",
            out.lines().next().unwrap()
        );
        assert!(rows.len() > 2, "{args:?}");
        for r in &rows {
            assert_eq!(r.len(), columns, "{args:?}: {r:?}");
        }
    }
    // Quoting: a cell with a comma is quoted and reads back whole.
    let hands = csv(&run_ok(&["hands", "--format", "csv"], MIXED));
    assert!(
        hands.iter().any(|r| r[6].contains(", ")),
        "players joined by commas"
    );
    let inspect = csv(&run_ok(&["inspect", "--format", "csv"], MIXED));
    assert_eq!(inspect.len(), 5, "a header and 4 streams");
}

#[test]
fn hands_timeline_inspect_and_follow_filter_their_items() {
    let f = mixed();
    // Hands: by player and amount.
    let all = common::hands_ohh(&testdata(MIXED), &["--incomplete"]);
    let (_, out, err) = run(&[
        "hands",
        &f,
        "--format",
        "jsonl",
        "--incomplete",
        "-Y",
        "winners == \"Bob1\" && pot > 100",
    ]);
    let kept: Vec<Value> = json_lines(&out)
        .into_iter()
        .map(|h| h["ohh"].clone())
        .collect();
    assert!(!kept.is_empty() && kept.len() < all.len(), "{err}");
    for h in &kept {
        let text = h.to_string();
        assert!(text.contains("Bob1"), "{text}");
    }
    // Timeline: changes of one game, step numbers as without the filter.
    let every = json_lines(&run_ok(&["timeline", "--format", "jsonl"], MIXED));
    let gls = json_lines(&run_ok(
        &[
            "timeline",
            "--format",
            "jsonl",
            "-Y",
            "game == \"gls\" && frame > 100",
        ],
        MIXED,
    ));
    let want: Vec<&Value> = (every.iter())
        .filter(|c| c["state"]["game"] == "gls" && c["frame"].as_u64() > Some(100))
        .collect();
    assert!(!want.is_empty());
    assert_eq!(gls.iter().collect::<Vec<_>>(), want);
    // Inspect: rows by protocol and counts.
    let out = run_ok(
        &[
            "inspect",
            "--format",
            "csv",
            "-Y",
            "protocol in {\"gls\" \"cardgame\"} && messages > 20",
        ],
        MIXED,
    );
    let streams: Vec<String> = csv(&out)
        .into_iter()
        .skip(1)
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(streams, ["2", "3"]);
    let table = run_ok(&["inspect", "-Y", "c2s.retransmissions > 0"], MIXED);
    assert!(
        table.contains("Streams:      1 matching -Y (of 4)"),
        "{table}"
    );
    // Follow: each stream with a matching record, as -s N shows it.
    let out = run_ok(
        &[
            "follow",
            "--format",
            "text",
            "-Y",
            "type in {\"NickReq\" \"Reset\"}",
        ],
        MIXED,
    );
    let want =
        common::follow(&testdata(MIXED), 2, "text") + &common::follow(&testdata(MIXED), 3, "text");
    assert_eq!(out, want);
    let (code, out, err) = run(&["follow", &f, "-Y", "type == \"Nope\""]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert!(err.contains("no record matches -Y"), "{err}");
}

#[test]
fn the_output_is_the_same_for_every_thread_count() {
    let f = mixed();
    for args in [
        vec![
            "decode",
            "-Y",
            "fields.player_id || stream == 3",
            "-T",
            "fields",
            "-e",
            "frame",
            "-e",
            "fields.player_id",
        ],
        vec!["decode", "--format", "csv", "-Y", "frame > 100"],
        vec!["timeline", "-Y", "stream != 2", "--format", "jsonl"],
    ] {
        let outs: Vec<String> = ["1", "2", "3"]
            .iter()
            .map(|n| {
                let mut a = args.clone();
                a.extend(["--threads", n, &f]);
                let (code, out, err) = run(&a);
                assert_eq!(code, 0, "{err}");
                out
            })
            .collect();
        assert!(!outs[0].is_empty());
        assert!(outs.iter().all(|o| *o == outs[0]), "{args:?}");
    }
}

#[test]
fn wrong_values_are_usage_errors_naming_the_option() {
    let f = mixed();
    let cases: [(&[&str], &str); 18] = [
        (&["decode", "-Y", "type == "], "cardshark: error: -Y: column 9: expected a value after '=='"),
        (&["decode", "-Y", "(frame > 3"], "-Y: column 11: expected ')' to close the '(' at column 1"),
        (&["decode", "-Y", "fields.playerid == 2"], "-Y: column 1: unknown field 'fields.playerid': no record has it (did you mean 'fields.player_id'?)"),
        (&["decode", "-Y", "type == PlayersActionDone"], "text goes in quotes"),
        (&["decode", "-Y", "ts > \"yesterday\""], "-Y: column 6: \"yesterday\" is not a time"),
        (&["decode", "-Y", "protocol == \"pokerth1\""], "\"pokerth1\" is not a protocol or dialect (one of pokerth, pokerth-2007, pokerth-1,"),
        (&["decode", "-Y", "type matches \"(\""], "-Y: column 14: not a regular expression"),
        (&["decode", "-T", "fields"], "-T fields needs at least one -e NAME"),
        (&["decode", "-e", "frame"], "-e goes with -T fields or --format csv"),
        (&["decode", "-T", "fields", "-e", "frame", "-e", "nosuch"], "-e nosuch: unknown field 'nosuch'"),
        (&["decode", "--format", "csv", "-E", "header=n"], "-E goes with -T fields"),
        (&["decode", "-T", "fields", "-e", "frame", "-E", "quote=x"], "quote is d, s or n"),
        (&["hands", "-Y", "plyer == \"x\""], "-Y: column 1: unknown field 'plyer': no hand has it (did you mean 'players'?)"),
        (&["inspect", "-Y", "msgs > 3"], "-Y: column 1: unknown field 'msgs': no stream has it"),
        (&["timeline", "-Y", "game == \"poker\""], "\"poker\" is not a game"),
        (&["timeline", "-Y", "frame > 3", "--at", "100"], "--at"),
        (&["timeline", "--format", "csv", "--at", "100"], "cardshark: error: --format csv writes the changes; --at draws states"),
        (&["follow", "-Y", "frame >"], "cardshark: error: -Y: column 8: expected a value after '>'"),
    ];
    for (args, want) in cases {
        let mut a = args.to_vec();
        a.push(&f);
        let (code, out, err) = run(&a);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        if err.starts_with("cardshark: error:") {
            assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        }
    }
    // follow -Y reads the capture twice: not from standard input.
    let out = cardshark()
        .args(["follow", "-Y", "frame > 1", "-"])
        .pipe_stdin(Path::new(&f))
        .unwrap()
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("follow -Y reads the capture more than once")
    );
}
