//! WebSocket end to end: the commands on the captures of
//! testdata/websocket (see its README): real-server games over WebSocket
//! and their plain-TCP twins, the duo game replayed by a WebSocket library
//! that compresses and fragments, a lossy replay through the kernel and
//! cuts of it (mid-stream, a gap), a compressed stream picked up mid-way.

use crate::common;

use common::{cardshark, json_lines, run_ok, testdata};
use serde_json::Value;
use std::collections::HashMap;

/// `decode --format jsonl` of testdata/websocket/NAME.
fn decode(name: &str) -> Vec<Value> {
    json_lines(&run_ok(
        &["decode", "--format", "jsonl"],
        &format!("websocket/{name}"),
    ))
}

/// `follow --websocket --format raw -s 0 --dir DIR FILE`, which must
/// succeed: the messages' bytes, unmasked and inflated.
fn follow_websocket(path: &std::path::Path, dir: &str) -> Vec<u8> {
    let out = cardshark()
        .args([
            "follow",
            "--websocket",
            "--format",
            "raw",
            "-s",
            "0",
            "--dir",
            dir,
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Removes the keys that depend on when and where a capture was made
/// (frame numbers, times, ports, step numbers, hand numbers made of the
/// connection and the time), at any depth.
fn timeless(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| {
                    ![
                        "frame",
                        "first_frame",
                        "last_frame",
                        "ts",
                        "step",
                        "start_date_utc",
                        "game_number",
                        "public_number",
                        // Each view's client (its port) and frames.
                        "views",
                    ]
                    .contains(&k.as_str())
                })
                .map(|(k, v)| (k.clone(), timeless(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(timeless).collect()),
        v => v.clone(),
    }
}

/// Each stream's own hands (its views of them), by stream: the hands of
/// the capture of that stream alone (`decode -s N -w`), where no other
/// connection's view joins them.
fn views_by_stream(path: &std::path::Path) -> Vec<Vec<Value>> {
    let n = common::streams(&common::inspect(path)).len();
    let dir = tempfile::tempdir().unwrap();
    (0..n)
        .map(|stream| {
            let one = dir.path().join(format!("{stream}.pcap"));
            let out = cardshark()
                .args(["decode", "-s", &stream.to_string(), "-w"])
                .arg(&one)
                .arg(path)
                .output()
                .unwrap();
            assert!(out.status.success(), "{}: -s {stream} -w", path.display());
            common::hands_ohh(&one, &[])
        })
        .collect()
}

/// The truth of a library capture: per direction, (type, hex, fragments).
fn library_truth(name: &str) -> HashMap<String, Vec<(String, String, u64)>> {
    let text =
        std::fs::read_to_string(testdata(&format!("websocket/{name}.messages.jsonl"))).unwrap();
    let mut want: HashMap<String, Vec<_>> = HashMap::new();
    for t in json_lines(&text) {
        want.entry(t["dir"].as_str().unwrap().to_owned())
            .or_default()
            .push((
                t["type"]
                    .as_str()
                    .unwrap()
                    .trim_end_matches("Message")
                    .to_owned(),
                t["hex"].as_str().unwrap().to_owned(),
                t["fragments"].as_u64().unwrap_or(1),
            ));
    }
    want
}

#[test]
fn the_same_game_over_tcp_and_websocket_gives_the_same_hands_and_timelines() {
    for game in ["solo", "duo"] {
        let ws = testdata(&format!("websocket/{game}-ws.pcap"));
        let tcp = testdata(&format!("websocket/{game}-tcp.pcap"));
        // Each connection's own hands: the TCP twin plays its connections
        // one after the other (never at the same time, so its hands are
        // never joined), the WebSocket capture at once (duo's joined).
        let (h_ws, h_tcp) = (views_by_stream(&ws), views_by_stream(&tcp));
        assert!(h_ws[0].len() >= 6, "{game}: {} hands", h_ws[0].len());
        let all_complete = h_ws
            .iter()
            .flatten()
            .all(|h| h["cardshark"]["complete"] == true);
        assert!(all_complete, "{game}");
        let timeless_all = |streams: &[Vec<Value>]| -> Vec<Vec<Value>> {
            streams
                .iter()
                .map(|s| s.iter().map(timeless).collect())
                .collect()
        };
        assert_eq!(timeless_all(&h_ws), timeless_all(&h_tcp), "{game}: hands");
        // Timelines per stream (the TCP twin plays its connections one
        // after the other), the same but for how the connection ended.
        let timeline = |path| {
            let out = cardshark()
                .args(["timeline", "--format", "jsonl"])
                .arg(path)
                .output()
                .unwrap();
            assert!(out.status.success());
            let mut rows: Vec<Value> = json_lines(&String::from_utf8(out.stdout).unwrap())
                .iter()
                .filter(|r| !r["what"].as_str().unwrap().starts_with("the stream ends"))
                .map(timeless)
                .collect();
            rows.sort_by_key(|r| r["stream"].as_u64());
            rows
        };
        let (t_ws, t_tcp) = (timeline(&ws), timeline(&tcp));
        assert!(t_ws.len() > 100, "{game}: {} changes", t_ws.len());
        assert_eq!(t_ws, t_tcp, "{game}: timelines");
    }
}

#[test]
fn a_compressing_fragmenting_library_carries_the_tcp_game_unchanged() {
    // deflate*.pcap and fragmented.pcap carry alice's connection of
    // testdata/pokerth1/duo.pcap (the real server over TCP; hers is stream
    // 0): her hands must be the same from each.
    let duo = views_by_stream(&testdata("pokerth1/duo.pcap"));
    let alice: Vec<Value> = duo[0]
        .iter()
        .map(timeless)
        .map(|mut h| {
            h["cardshark"]["id"] = Value::Null;
            h["cardshark"]["stream"] = Value::Null;
            h
        })
        .collect();
    assert!(alice.len() >= 5);
    for name in [
        "deflate",
        "deflate-no-takeover",
        "fragmented",
        "deflate-fragmented",
    ] {
        let path = testdata(&format!("websocket/{name}.pcap"));
        let got: Vec<Value> = common::hands_ohh(&path, &[])
            .iter()
            .map(timeless)
            .map(|mut h| {
                h["cardshark"]["id"] = Value::Null;
                h["cardshark"]["stream"] = Value::Null;
                h
            })
            .collect();
        assert_eq!(got, alice, "{name}");
    }
}

#[test]
fn library_captures_decode_message_for_message_with_their_frame_facts() {
    for (name, compressed) in [
        ("deflate", true),
        ("deflate-no-takeover", true),
        ("fragmented", false),
        ("deflate-fragmented", true),
    ] {
        let mut want = library_truth(name);
        let mut events: HashMap<String, usize> = HashMap::new();
        let mut follow: HashMap<String, Vec<u8>> = HashMap::new();
        for r in decode(&format!("{name}.pcap")) {
            if let Some(e) = r["event"].as_str() {
                *events.entry(e.to_owned()).or_default() += 1;
                assert!(
                    !matches!(e, "gap" | "unknown_data" | "websocket_error"),
                    "{name}: {r}"
                );
                continue;
            }
            let dir = r["dir"].as_str().unwrap().to_owned();
            let queue = want.get_mut(&dir).unwrap();
            assert!(!queue.is_empty(), "{name}: invented {r}");
            let (ty, hex, fragments) = queue.remove(0);
            assert_eq!(r["type"], ty.as_str(), "{name}: {r}");
            assert_eq!(r["len"], hex.len() / 2, "{name}: {r}");
            assert!(r.get("error").is_none(), "{name}: {r}");
            assert_eq!(r["notes"], Value::Array(vec![]), "{name}: {r}");
            let f = &r["websocket"];
            assert_eq!(f["compressed"], compressed, "{name}: {r}");
            assert_eq!(f["frames"], fragments, "{name}: {r}");
            assert_eq!(f["fin"], fragments == 1, "{name}: {r}");
            assert_eq!(f["masked"], dir == "c2s", "{name}: {r}");
            follow.entry(dir).or_default().extend(
                (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()),
            );
        }
        assert!(want.values().all(Vec::is_empty), "{name}: not decoded");
        assert_eq!(events["websocket_upgrade"], 1, "{name}");
        assert_eq!(events["websocket_close"], 2, "{name}");
        assert_eq!(events["websocket_ping"], events["websocket_pong"], "{name}");
        assert!(events["websocket_ping"] >= 5, "{name}");
        // follow --websocket: the messages' bytes, unmasked and inflated.
        for dir in ["c2s", "s2c"] {
            let stdout = follow_websocket(&testdata(&format!("websocket/{name}.pcap")), dir);
            assert_eq!(stdout, follow[dir], "{name} {dir}");
        }
    }
}

#[test]
fn inspect_names_the_transport_and_the_protocol_inside() {
    let table = run_ok(&["inspect"], "websocket/duo-ws.pcap");
    assert_eq!(table.matches("websocket/pokerth-1").count(), 2, "{table}");
    let doc = common::inspect(&testdata("websocket/deflate.pcap"));
    let s = &common::streams(&doc)[0];
    assert_eq!(s["transport"], "websocket");
    assert_eq!(s["protocol"], "pokerth");
    assert_eq!(s["dialect"], "pokerth-1");
    assert_eq!(s["c2s"]["messages"], 17);
    assert_eq!(s["s2c"]["messages"], 170);
    let tcp = common::inspect(&testdata("websocket/duo-tcp.pcap"));
    assert_eq!(common::streams(&tcp)[0]["transport"], "tcp");
    // Inside a compressed stream picked up mid-way nothing can be known:
    // a WebSocket, carrying no protocol recognised.
    let table = run_ok(&["inspect"], "websocket/deflate-midstream.pcap");
    assert!(table.contains(" websocket "), "{table}");
}

#[test]
fn loss_a_gap_and_a_mid_stream_start_over_websocket() {
    // The truth per (client port, direction) of the duo game.
    let text = std::fs::read_to_string(testdata("websocket/duo-ws.messages.jsonl")).unwrap();
    let mut truth: HashMap<(u64, String), Vec<String>> = HashMap::new();
    for t in json_lines(&text) {
        truth
            .entry((
                t["client_port"].as_u64().unwrap(),
                t["dir"].as_str().unwrap().into(),
            ))
            .or_default()
            .push(
                t["type"]
                    .as_str()
                    .unwrap()
                    .trim_end_matches("Message")
                    .into(),
            );
    }
    // The replays' streams are the original's in order (alice, then bob).
    let mut ports: Vec<u64> = truth.keys().map(|k| k.0).collect();
    ports.sort();
    ports.dedup();
    let per_stream = |name: &str| {
        let mut got: HashMap<(u64, String), Vec<String>> = HashMap::new();
        let mut events: Vec<Value> = Vec::new();
        for r in decode(name) {
            if r.get("event").is_some() {
                events.push(r);
                continue;
            }
            assert!(r.get("error").is_none(), "{name}: {r}");
            assert_eq!(r["transport"], "websocket", "{name}: {r}");
            got.entry((
                r["stream"].as_u64().unwrap(),
                r["dir"].as_str().unwrap().into(),
            ))
            .or_default()
            .push(r["type"].as_str().unwrap().into());
        }
        (got, events)
    };
    let want = |stream: u64, dir: &str| truth[&(ports[stream as usize], dir.to_owned())].clone();

    // Lossy: every message, in order; no gap.
    let (got, events) = per_stream("duo-ws-lossy.pcap");
    for s in 0..2 {
        for d in ["c2s", "s2c"] {
            assert_eq!(got[&(s, d.to_owned())], want(s, d), "lossy {s} {d}");
        }
    }
    assert!(events
        .iter()
        .all(|e| e["event"] != "gap" && e["event"] != "unknown_data"));

    // A gap of 13 bytes in alice's server direction: one message lost, the
    // rest decoded; the gap record says where in both streams.
    let (got, events) = per_stream("duo-ws-gap.pcap");
    let gaps: Vec<&Value> = events.iter().filter(|e| e["event"] == "gap").collect();
    assert_eq!(gaps.len(), 1);
    assert_eq!(gaps[0]["len"], 13);
    assert_eq!(gaps[0]["dir"], "s2c");
    assert_eq!(gaps[0]["transport"], "websocket");
    assert!(gaps[0]["tcp_offset"].as_u64() > gaps[0]["offset"].as_u64());
    let s2c = &got[&(0, "s2c".to_owned())];
    assert_eq!(s2c.len(), want(0, "s2c").len() - 1);
    assert_eq!(got[&(1, "s2c".to_owned())], want(1, "s2c"));

    // Mid-stream: alice's connection without its upgrade is recognised
    // from its frames; what follows is the end of her conversation.
    let (got, events) = per_stream("duo-ws-midstream.pcap");
    for d in ["c2s", "s2c"] {
        let g = &got[&(0, d.to_owned())];
        let w = want(0, d);
        assert!(g.len() >= 10 && g.len() < w.len(), "{d}: {}", g.len());
        assert_eq!(g[..], w[w.len() - g.len()..], "mid-stream {d}");
    }
    assert_eq!(got[&(1, "s2c".to_owned())], want(1, "s2c"));
    let upgrades = events.iter().filter(|e| e["event"] == "websocket_upgrade");
    assert_eq!(upgrades.count(), 1, "only bob's upgrade is in the capture");
    // Without Game Start players are seated as they appear; the button is
    // still the dealer's seat.
    let hands = common::hands_ohh(&testdata("websocket/duo-ws-midstream.pcap"), &[]);
    let alices: Vec<&Value> = hands
        .iter()
        .filter(|h| h["cardshark"]["stream"] == 0)
        .collect();
    assert!(alices.len() >= 5);
    assert!(alices.iter().all(|h| h["dealer_seat"].as_u64() > Some(0)));
}

#[test]
fn a_compressed_stream_picked_up_mid_way_is_reported_not_guessed() {
    let records = decode("deflate-midstream.pcap");
    let mut unknown = 0;
    for r in &records {
        assert!(r.get("type").is_none(), "no message can be decoded: {r}");
        if r["event"] == "unknown_data" {
            let reason = r["reason"].as_str().unwrap();
            assert!(reason.contains("deflate history"), "{r}");
            assert_eq!(r["websocket"]["compressed"], true, "{r}");
            unknown += 1;
        }
    }
    assert!(unknown > 100, "{unknown}");
    assert!(records.iter().any(|r| r["event"] == "websocket_close"));
    assert!(records.iter().any(|r| r["event"] == "websocket_ping"));
}

#[test]
fn follow_websocket_refuses_a_stream_that_is_not_one() {
    let out = cardshark()
        .args(["follow", "--websocket", "-s", "0"])
        .arg(testdata("websocket/solo-tcp.pcap"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stream 0 is not a WebSocket"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_real_server_answers_pings_between_fragments() {
    // frag-ws: the client fragments every message and pings the server,
    // also between the fragments of a message; the server echoes each.
    let records = decode("frag-ws.pcap");
    let payloads = |event: &str, dir: &str| -> Vec<String> {
        records
            .iter()
            .filter(|r| r["event"] == event && r["dir"] == dir)
            .map(|r| r["payload"].as_str().unwrap().to_owned())
            .collect()
    };
    let pings = payloads("websocket_ping", "c2s");
    assert!(pings.len() >= 20, "{}", pings.len());
    assert_eq!(pings, payloads("websocket_pong", "s2c"));
    // "alice ping 1", as hex.
    assert_eq!(pings[0], "616c6963652070696e672031");
    let fragmented = records
        .iter()
        .filter(|r| r["dir"] == "c2s" && r["websocket"]["frames"].as_u64() > Some(1))
        .count();
    let messages = records
        .iter()
        .filter(|r| r["dir"] == "c2s" && r.get("type").is_some())
        .count();
    assert_eq!(fragmented, messages);
    let hands = common::hands_ohh(&testdata("websocket/frag-ws.pcap"), &[]);
    assert_eq!(hands.len(), 5);
    assert!(hands.iter().all(|h| h["cardshark"]["complete"] == true));
}

#[test]
fn decode_as_chooses_the_protocol_inside_the_websocket() {
    let plain = decode("solo-ws.pcap");
    let forced = json_lines(&run_ok(
        &[
            "decode",
            "--format",
            "jsonl",
            "--decode-as",
            "7233=pokerth-1",
        ],
        "websocket/solo-ws.pcap",
    ));
    // The same records, but that every one now names the protocol (the
    // start and the upgrade too, since it is known from the start).
    assert_eq!(plain.len(), forced.len());
    for (a, b) in plain.iter().zip(&forced) {
        let mut a = a.clone();
        a["protocol"] = Value::from("pokerth");
        assert_eq!(a, *b);
    }
    let table = run_ok(
        &["inspect", "--decode-as", "7233=gls"],
        "websocket/solo-ws.pcap",
    );
    assert!(table.contains("websocket/gls (forced)"), "{table}");
}

#[test]
fn a_capture_that_starts_inside_a_frame_decodes_from_the_first_whole_frame() {
    // solo-ws-midframe: the solo game in 88-byte segments, cut so that the
    // server's first captured segment starts inside a frame.
    let text = std::fs::read_to_string(testdata("websocket/solo-ws.messages.jsonl")).unwrap();
    let mut truth: HashMap<String, Vec<String>> = HashMap::new();
    for t in json_lines(&text) {
        truth
            .entry(t["dir"].as_str().unwrap().into())
            .or_default()
            .push(t["hex"].as_str().unwrap().into());
    }
    let records = decode("solo-ws-midframe.pcap");
    let s2c: Vec<&Value> = records.iter().filter(|r| r["dir"] == "s2c").collect();
    // The end of the frame the capture cut into, reported; then messages.
    assert_eq!(s2c[0]["event"], "unknown_data", "{}", s2c[0]);
    assert_eq!(s2c[0]["frame"], 1);
    assert!(s2c[0]["len"].as_u64().unwrap() < 300);
    assert!(s2c[1].get("type").is_some(), "{}", s2c[1]);
    // Each direction's messages are the end of the truth's, in order (the
    // lengths: the records carry no hex; follow --websocket does).
    for dir in ["c2s", "s2c"] {
        let stdout = follow_websocket(&testdata("websocket/solo-ws-midframe.pcap"), dir);
        let got: String = stdout.iter().map(|b| format!("{b:02x}")).collect();
        let want = &truth[dir];
        let n = records
            .iter()
            .filter(|r| r["dir"] == dir && r.get("type").is_some())
            .count();
        assert!(n >= 2 && n < want.len(), "{dir}: {n}");
        assert_eq!(got, want[want.len() - n..].concat(), "{dir}");
    }
}
