//! `decode --format jsonl` on every realcap capture of a game protocol:
//! each direction of each connection must be covered exactly by decoded
//! messages (offsets back to back up to the truth's byte count), with no
//! error, no gap and no unknown data, and the stream detected as the
//! right protocol; plus spot checks of what the records say.

use crate::common;
use crate::support;

use serde_json::Value;
use std::collections::HashMap;

/// The JSON records of `decode --format jsonl` (with extra arguments).
fn decode(path: &std::path::Path, extra: &[&str]) -> Vec<Value> {
    let out = common::cardshark()
        .args(["decode", "--format", "jsonl"])
        .args(extra)
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "decode failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Checks a capture against its truth; returns its records.
fn check(rel: &str, protocol: &str) -> Vec<Value> {
    check_from(rel, rel, &[protocol], [0, 0])
}

/// Like [`check`] for a capture cut from the one whose truth is `truth_of`:
/// `cut` bytes each way were not captured. Connection `i` of the truth
/// speaks `protocols[i]` (the last one for all the rest).
fn check_from(rel: &str, truth_of: &str, protocols: &[&str], cut: [u64; 2]) -> Vec<Value> {
    let path = support::testdata(rel);
    let truth_path = support::testdata(truth_of);
    let truth: Value =
        serde_json::from_slice(&std::fs::read(format!("{}.json", truth_path.display())).unwrap())
            .unwrap();
    let records = decode(&path, &[]);
    // Stream index of each connection, by client endpoint.
    let mut by_client = HashMap::new();
    for r in &records {
        if r["event"] == "stream_start" {
            by_client.insert(
                r["src"].as_str().unwrap().to_string(),
                r["stream"].as_u64().unwrap(),
            );
        }
    }
    for (i, conn) in truth["connections"].as_array().unwrap().iter().enumerate() {
        let stream = by_client[conn["client"].as_str().unwrap()];
        let protocol = protocols[i.min(protocols.len() - 1)];
        for (d, dir) in ["c2s", "s2c"].into_iter().enumerate() {
            let want = conn[dir]["bytes"].as_u64().unwrap() - cut[d];
            let mut next = 0;
            for r in records
                .iter()
                .filter(|r| r["stream"] == stream && r["dir"] == dir)
            {
                let ev = r["event"].as_str();
                // The start record comes before detection: no protocol yet.
                if ev != Some("stream_start") {
                    assert_eq!(r["protocol"], protocol, "{rel} stream {stream}: {r}");
                }
                assert!(
                    !matches!(ev, Some("gap") | Some("unknown_data")),
                    "{rel} stream {stream}: {r}"
                );
                if ev.is_some() {
                    continue;
                }
                assert!(r.get("error").is_none(), "{rel} stream {stream}: {r}");
                assert_eq!(
                    r["offset"], next,
                    "{rel} stream {stream} {dir}: messages back to back"
                );
                next += r["len"].as_u64().unwrap();
            }
            assert_eq!(
                next, want,
                "{rel} stream {stream} {dir}: every byte decoded"
            );
        }
    }
    // Capture order: frame numbers never go back.
    let frames: Vec<u64> = records
        .iter()
        .map(|r| r["frame"].as_u64().unwrap())
        .collect();
    assert!(
        frames.windows(2).all(|w| w[0] <= w[1]),
        "{rel}: records in capture order"
    );
    records
}

fn types(records: &[Value]) -> Vec<&str> {
    records.iter().filter_map(|r| r["type"].as_str()).collect()
}

/// Message types of one stream and direction, in order.
fn types_of<'a>(records: &'a [Value], stream: u64, dir: &str) -> Vec<&'a str> {
    records
        .iter()
        .filter(|r| r["stream"] == stream && r["dir"] == dir)
        .filter_map(|r| r["type"].as_str())
        .collect()
}

fn read_json(rel: &str) -> Value {
    serde_json::from_slice(&std::fs::read(support::testdata(rel)).unwrap()).unwrap()
}

/// The PokerTH captures' `.expect.json`: message names each way per connection.
fn check_pokerth(name: &str, dialect: &str) -> Vec<Value> {
    let records = check(&format!("pokerth/{name}.pcap"), "pokerth");
    let expect = read_json(&format!("pokerth/{name}.expect.json"));
    for (i, conn) in expect["connections"].as_array().unwrap().iter().enumerate() {
        for dir in ["c2s", "s2c"] {
            let want: Vec<&str> = conn[dir]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            assert_eq!(
                types_of(&records, i as u64, dir),
                want,
                "{name} stream {i} {dir}"
            );
        }
    }
    for r in records.iter().filter(|r| r["type"].is_string()) {
        assert_eq!(r["dialect"], dialect, "{name}: {r}");
        assert_eq!(r["notes"], serde_json::json!([]), "{name}: {r}");
    }
    records
}

#[test]
fn pokerth_sessions() {
    let records = check_pokerth("session", "pokerth");
    let init = records.iter().find(|r| r["type"] == "Init").unwrap();
    assert_eq!(init["dir"], "c2s");
    assert_eq!(init["type_id"], 1);
    check_pokerth("lossy", "pokerth");
    check_pokerth("port9999", "pokerth");
    check_pokerth("showdowns", "pokerth");
    check_pokerth("session-2007", "pokerth-2007");
}

#[test]
fn pokerth_capture_starting_mid_stream() {
    let cut = read_json("pokerth/midstream.cut.json");
    let bytes = [
        cut["c2s"]["bytes"].as_u64().unwrap(),
        cut["s2c"]["bytes"].as_u64().unwrap(),
    ];
    let records = check_from(
        "pokerth/midstream.pcap",
        "pokerth/midstream-full.pcap",
        &["pokerth"],
        bytes,
    );
    // Every message after the cut decodes, in order, as in the full capture.
    let full = read_json("pokerth/midstream-full.expect.json");
    let skip = [
        cut["c2s"]["messages"].as_u64().unwrap() as usize,
        cut["s2c"]["messages"].as_u64().unwrap() as usize,
    ];
    for (d, dir) in ["c2s", "s2c"].into_iter().enumerate() {
        let want: Vec<&str> = full["connections"][0][dir]
            .as_array()
            .unwrap()
            .iter()
            .skip(skip[d])
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(types_of(&records, 0, dir), want, "{dir}");
    }
    let start = records
        .iter()
        .find(|r| r["event"] == "stream_start")
        .unwrap();
    assert_eq!(
        start["src"],
        "10.77.1.2:".to_string() + start["src"].as_str().unwrap().rsplit(':').next().unwrap()
    );
}

#[test]
fn pokernetwork_sessions() {
    let expect = read_json("pokernetwork/expected-types.json");
    for (name, dialect) in [
        ("session-lossy", Some("pokernetwork")),
        ("session-old", Some("pokernetwork-2")),
        ("port5555", Some("pokernetwork")),
    ] {
        let records = check(&format!("pokernetwork/{name}.pcap"), "pokernetwork");
        for dir in ["c2s", "s2c"] {
            let want: Vec<&str> = expect[name][dir]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            assert_eq!(types_of(&records, 0, dir), want, "{name} {dir}");
        }
        let handshake = records.iter().find(|r| r["type"] == "Handshake").unwrap();
        assert_eq!(handshake["offset"], 0);
        for r in records.iter().filter(|r| r["type"].is_string()) {
            assert_eq!(
                r.get("dialect").and_then(|d| d.as_str()),
                dialect,
                "{name}: {r}"
            );
        }
    }
}

#[test]
fn gls_session() {
    let records = check("gls/session.pcap", "gls");
    let t = types(&records);
    assert_eq!(&t[..3], &["Protover", "Protoverack", "NickReq"]);
    for name in [
        "DiePlaceTry",
        "DiePlace",
        "DiePlaceReject",
        "Say1",
        "Say2",
        "SyncEnd",
        "Shutdown",
    ] {
        assert!(t.contains(&name), "gls session has {name}");
    }
    let nick = records
        .iter()
        .find(|r| r["type"] == "NickSet" && r["dir"] == "s2c")
        .unwrap();
    assert!(nick["fields"].is_object());
}

#[test]
fn gls_lossy_on_another_port() {
    let records = check("gls/lossy-port4000.pcap", "gls");
    assert!(
        types(&records)
            .iter()
            .filter(|t| **t == "PlatePlace")
            .count()
            >= 64
    );
}

#[test]
fn cardgame_session_and_lossy() {
    for rel in ["cardgame/session.pcap", "cardgame/lossy.pcap"] {
        let records = check(rel, "cardgame");
        let t = types(&records);
        assert_eq!(t[0], "Reset", "{rel}");
        for name in ["Teleport", "SetImage", "Stage", "PlayCard", "Score"] {
            assert!(t.contains(&name), "{rel} has {name}");
        }
        let play = records.iter().find(|r| r["type"] == "PlayCard").unwrap();
        assert_eq!(play["dir"], "c2s");
        assert_eq!(play["type_id"], 0x81);
    }
}

#[test]
fn filters_pick_streams_types_and_counts() {
    let path = support::testdata("gls/session.pcap");
    let only = decode(&path, &["--type", "diePLACE"]);
    assert!(!only.is_empty() && only.iter().all(|r| r["type"] == "DiePlace"));
    let one = decode(&path, &["-s", "1"]);
    assert!(!one.is_empty() && one.iter().all(|r| r["stream"] == 1));
    assert_eq!(decode(&path, &["-c", "3"]).len(), 3);
    assert!(decode(&path, &["-p", "pokerth"]).is_empty());
    let out = common::cardshark()
        .args(["decode", "-p", "http"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn decode_as_forces_a_protocol() {
    let path = support::testdata("realcap/ipv6.pcap");
    let records = decode(&path, &["--decode-as", "19380=gls", "-s", "0"]);
    assert!(
        records.iter().all(|r| r["protocol"] == "gls"),
        "forced streams say so"
    );
    assert!(
        records.iter().any(|r| r["event"] == "unknown_data"),
        "random bytes are not GLS"
    );
    let out = common::cardshark()
        .args(["decode", "--decode-as", "x=gls"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn json_array_format_is_one_document() {
    let path = support::testdata("cardgame/session.pcap");
    let out = common::cardshark()
        .args(["decode", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc.as_array().unwrap().len(), decode(&path, &[]).len());
}

#[test]
fn all_four_protocols_at_once() {
    let rel = "mixed/all-four.pcap";
    let protocols = ["pokerth", "pokernetwork", "gls", "cardgame"];
    check_from(rel, rel, &protocols, [0, 0]);
    // inspect names each stream's protocol.
    let doc = common::inspect(&support::testdata(rel));
    let truth = read_json("mixed/all-four.pcap.json");
    for (i, conn) in truth["connections"].as_array().unwrap().iter().enumerate() {
        let s = common::streams(&doc)
            .iter()
            .find(|s| s["client"] == conn["client"])
            .unwrap();
        assert_eq!(s["protocol"], protocols[i], "connection {i}");
        assert_eq!(s["detection"], "detected", "connection {i}");
        assert!(s["c2s"]["messages"].as_u64().unwrap() > 0, "connection {i}");
        assert_eq!(s["c2s"]["errors"], 0, "connection {i}");
    }
}
