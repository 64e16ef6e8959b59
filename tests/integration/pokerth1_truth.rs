//! PokerTH 1.x against the truth: every capture in testdata/pokerth1 was
//! made by Debian's unmodified PokerTH server (1.1.2) talking to a scripted
//! client, which logged each message as it sent or received it
//! (`NAME.messages.jsonl`: type, length, payload and protobuf's own JSON
//! mapping of it). Every message cardshark decodes must be one of those,
//! in order, with the same type, length and fields; every logged message
//! must be decoded; nothing else may appear (0 invented records).
//!
//! The same holds for the real server's games over WebSocket
//! (testdata/websocket/solo-ws and duo-ws: one envelope per binary
//! message, no length prefix), whose records must also say how the
//! WebSocket carried them.
//!
//! The truth's JSON (camelCase names, enumerations by wire name, bytes in
//! base64, 64-bit numbers as strings, cards as numbers) is turned into the
//! record contract's form here, from the wire facts' tables alone.

use crate::common;

use base64::Engine;
use cardshark::protocols::pokerth1::messages::definitions::{ENUMS, MESSAGES};
use cardshark::protocols::pokerth1::messages::schema::{MessageDef, Ty};
use serde_json::{Map, Value};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};

fn captures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/pokerth1");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pcap"))
        .filter(|p| p.with_extension("messages.jsonl").exists())
        .collect();
    v.sort();
    let ws = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/websocket");
    v.extend(["solo-ws.pcap", "duo-ws.pcap", "frag-ws.pcap"].map(|n| ws.join(n)));
    v
}

/// The client's port of a record.
fn port_of(r: &Value) -> u64 {
    let endpoint = if r["dir"] == "c2s" { "src" } else { "dst" };
    (r[endpoint].as_str().unwrap().rsplit(':').next().unwrap())
        .parse()
        .unwrap()
}

/// Whether a capture's clients spoke WebSocket.
fn over_websocket(cap: &Path) -> bool {
    cap.to_string_lossy().contains("websocket")
}

fn def(name: &str) -> &'static MessageDef {
    MESSAGES
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no message {name}"))
}

/// PokerTH's card numbering: suit * 13 + rank, rank 0 the deuce, suits in
/// the order diamonds, hearts, spades, clubs.
fn card(n: u64) -> Value {
    if n > 51 {
        return Value::from(n);
    }
    let rank = b"23456789TJQKA"[(n % 13) as usize] as char;
    let suit = b"dhsc"[(n / 13) as usize] as char;
    Value::from(format!("{rank}{suit}"))
}

fn is_card(name: &str) -> bool {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
        .ends_with("Card")
}

/// Protobuf's JSON of message `m` (of type `name`) in the record's form.
fn convert(name: &str, m: &Map<String, Value>) -> Value {
    let d = def(name);
    let mut out = Map::new();
    for f in d.fields {
        let Some(v) = m.get(f.name) else { continue };
        let one = |v: &Value| -> Value {
            match f.ty {
                Ty::Enum(e) => {
                    let e = ENUMS.iter().find(|x| x.name == e).unwrap();
                    let wire = v.as_str().unwrap();
                    Value::from(e.values.iter().find(|x| x.0 == wire).unwrap().1)
                }
                Ty::Message(sub) => convert(sub, v.as_object().unwrap()),
                Ty::Bytes => Value::from(
                    base64::engine::general_purpose::STANDARD
                        .decode(v.as_str().unwrap())
                        .unwrap()
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect::<String>(),
                ),
                Ty::U64 | Ty::I64 => Value::from(
                    v.as_str()
                        .map(|s| s.parse::<u64>().unwrap())
                        .or(v.as_u64())
                        .unwrap(),
                ),
                Ty::U32 if is_card(f.name) => card(v.as_u64().unwrap()),
                _ => v.clone(),
            }
        };
        let value = match v {
            Value::Array(items) => Value::Array(items.iter().map(one).collect()),
            v => one(v),
        };
        out.insert(f.json.to_owned(), value);
    }
    Value::Object(out)
}

/// One logged message in the record's form: (type, len, fields).
type Want = (String, u64, Value);

fn truth_record(t: &Value) -> Want {
    truth_record_over(t, 4)
}

/// [`truth_record`] with `prefix` bytes of framing counted in `len`.
fn truth_record_over(t: &Value, prefix: u64) -> Want {
    let ty = t["type"].as_str().unwrap();
    let msg = t["msg"].as_object().unwrap();
    let field = msg
        .keys()
        .find(|k| *k != "messageType")
        .expect("truth message has its sub-message");
    let fields = convert(ty, msg[field].as_object().unwrap());
    (
        ty.strip_suffix("Message").unwrap().to_owned(),
        t["len"].as_u64().unwrap() + prefix,
        fields,
    )
}

#[test]
fn every_message_matches_the_servers_truth() {
    let caps = captures();
    assert!(
        caps.len() >= 2,
        "testdata/pokerth1 holds the real-server captures"
    );
    let mut total = 0;
    for cap in caps {
        let truth = std::fs::read_to_string(cap.with_extension("messages.jsonl")).unwrap();
        // The truth per (client port, direction), in order.
        let mut want: HashMap<(u64, String), VecDeque<Want>> = HashMap::new();
        // Over WebSocket: the frames each message took (frag-ws: the
        // client fragments every message).
        let mut frames: HashMap<(u64, String), VecDeque<u64>> = HashMap::new();
        let mut n_truth = 0;
        let ws = over_websocket(&cap);
        let prefix = if ws { 0 } else { 4 };
        for line in truth.lines() {
            let t: Value = serde_json::from_str(line).unwrap();
            let key = (
                t["client_port"].as_u64().unwrap(),
                t["dir"].as_str().unwrap().to_owned(),
            );
            frames
                .entry(key.clone())
                .or_default()
                .push_back(t["fragments"].as_u64().unwrap_or(1));
            want.entry(key)
                .or_default()
                .push_back(truth_record_over(&t, prefix));
            n_truth += 1;
        }
        // Per (stream, direction): where the next message starts.
        let mut next: HashMap<(u64, String), u64> = HashMap::new();
        let out = common::cardshark()
            .args(["decode", "--format", "jsonl"])
            .arg(&cap)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", cap.display());
        let mut n = 0;
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let r: Value = serde_json::from_str(line).unwrap();
            if r.get("event").is_some() {
                let ev = r["event"].as_str().unwrap();
                let allowed: &[&str] = if ws {
                    &[
                        "stream_start",
                        "stream_end",
                        "websocket_upgrade",
                        "websocket_close",
                        "websocket_ping",
                        "websocket_pong",
                    ]
                } else {
                    &["stream_start", "stream_end"]
                };
                assert!(
                    allowed.contains(&ev),
                    "{}: unexpected event {r}",
                    cap.display()
                );
                if ev == "websocket_close" {
                    assert_eq!(r["code"], 1000, "{r}");
                    assert_eq!(r["transport"], "websocket", "{r}");
                }
                if ev == "websocket_upgrade" {
                    assert_eq!(r["resource"], "/pokerthwebsocket", "{r}");
                    assert_eq!(r["notes"], Value::Array(vec![]), "{r}");
                }
                continue;
            }
            let dir = r["dir"].as_str().unwrap().to_owned();
            // Offsets: each message starts where the one before it ended,
            // in the unwrapped stream over WebSocket.
            let at = next
                .entry((r["stream"].as_u64().unwrap(), dir.clone()))
                .or_insert(0);
            assert_eq!(r["offset"], *at, "{}: {r}", cap.display());
            *at += r["len"].as_u64().unwrap();
            if ws {
                assert_eq!(r["transport"], "websocket", "{r}");
                let facts = &r["websocket"];
                assert_eq!(facts["opcode"], "binary", "{r}");
                assert_eq!(facts["masked"], dir == "c2s", "{r}");
                assert_eq!(facts["compressed"], false, "{r}");
                let key = (port_of(&r), dir.clone());
                let n = frames.get_mut(&key).and_then(VecDeque::pop_front);
                assert_eq!(facts["frames"], n.unwrap_or(0), "{r}");
                assert_eq!(facts["fin"], n == Some(1), "{r}");
                assert!(r["tcp_offset"].as_u64().unwrap() > r["offset"].as_u64().unwrap());
            } else {
                assert!(r.get("transport").is_none(), "{r}");
            }
            assert_eq!(r["protocol"], "pokerth", "{r}");
            assert_eq!(r["dialect"], "pokerth-1", "{r}");
            assert!(r.get("error").is_none(), "{}: {r}", cap.display());
            assert_eq!(r["notes"], Value::Array(vec![]), "{}: {r}", cap.display());
            let endpoint = if dir == "c2s" { "src" } else { "dst" };
            let port: u64 = r[endpoint]
                .as_str()
                .unwrap()
                .rsplit(':')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let (ty, len, fields) = want
                .get_mut(&(port, dir.clone()))
                .and_then(VecDeque::pop_front)
                .unwrap_or_else(|| panic!("{}: invented record {r}", cap.display()));
            assert_eq!(r["type"], ty.as_str(), "{}: {r}", cap.display());
            assert_eq!(r["len"], len, "{}: {r}", cap.display());
            assert_eq!(
                r["fields"],
                fields,
                "{}: {ty} at {}",
                cap.display(),
                r["frame"]
            );
            n += 1;
        }
        let left: usize = want.values().map(VecDeque::len).sum();
        assert_eq!(left, 0, "{}: truth messages not decoded", cap.display());
        assert_eq!(n, n_truth);
        total += n;
    }
    eprintln!("{total} PokerTH 1.x messages equal to the server's truth");
}

/// Messages per (stream, direction).
type PerDirection = HashMap<(u64, String), Vec<Want>>;

/// The truth of duo.messages.jsonl per client (alice's connection is
/// stream 0 of the replays, bob's stream 1) and direction.
fn duo_truth() -> PerDirection {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/pokerth1");
    let mut want = PerDirection::new();
    for line in std::fs::read_to_string(dir.join("duo.messages.jsonl"))
        .unwrap()
        .lines()
    {
        let t: Value = serde_json::from_str(line).unwrap();
        let stream = if t["conn"] == "alice" { 0 } else { 1 };
        let dir = t["dir"].as_str().unwrap().to_owned();
        want.entry((stream, dir))
            .or_default()
            .push(truth_record(&t));
    }
    want
}

/// `decode --format jsonl` of a replay: messages per (stream, direction),
/// and the events.
fn decoded(name: &str) -> (PerDirection, Vec<Value>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/pokerth1")
        .join(name);
    let out = common::cardshark()
        .args(["decode", "--format", "jsonl"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut got = PerDirection::new();
    let mut events = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        if r.get("event").is_some() {
            events.push(r);
            continue;
        }
        assert!(r.get("error").is_none(), "{name}: {r}");
        assert_eq!(r["notes"], Value::Array(vec![]), "{name}: {r}");
        assert_eq!(r["dialect"], "pokerth-1");
        let key = (
            r["stream"].as_u64().unwrap(),
            r["dir"].as_str().unwrap().to_owned(),
        );
        got.entry(key).or_default().push((
            r["type"].as_str().unwrap().to_owned(),
            r["len"].as_u64().unwrap(),
            r["fields"].clone(),
        ));
    }
    (got, events)
}

/// The duo conversations replayed through the kernel on port 9234 with
/// small segments and loss (realcap): detected without the port, every
/// message of both clients decoded, in order, equal to the truth.
#[test]
fn lossy_replay_on_another_port_decodes_every_message() {
    let want = duo_truth();
    let (got, events) = decoded("lossy-port9234.pcap");
    assert!(events
        .iter()
        .all(|e| e["event"] != "gap" && e["event"] != "unknown_data"));
    assert_eq!(got.len(), 4);
    for (k, w) in &want {
        assert_eq!(got.get(k), Some(w), "{k:?}");
    }
}

/// The same capture without its first frames (alice's handshake and first
/// messages): detected mid-stream, the rest of alice's messages decoded,
/// the truth's tail exactly.
#[test]
fn mid_stream_start_decodes_the_rest() {
    let want = duo_truth();
    let (got, events) = decoded("midstream.pcap");
    assert!(events.iter().all(|e| e["event"] != "gap"));
    for dir in ["c2s", "s2c"] {
        let k = (0, dir.to_owned());
        let (g, w) = (&got[&k], &want[&k]);
        assert!(
            g.len() > w.len() / 2 && g.len() < w.len(),
            "{dir}: {} of {}",
            g.len(),
            w.len()
        );
        assert_eq!(g[..], w[w.len() - g.len()..], "{dir}");
    }
    assert_eq!(got[&(1, "s2c".to_owned())], want[&(1, "s2c".to_owned())]);
}

/// One server segment removed: a gap event, the messages it held missing,
/// decoding resumed at the next message boundary with nothing invented.
#[test]
fn a_gap_loses_only_the_messages_it_held() {
    let want = duo_truth();
    let (got, events) = decoded("gap.pcap");
    let gaps: Vec<&Value> = events.iter().filter(|e| e["event"] == "gap").collect();
    assert_eq!(gaps.len(), 1);
    assert_eq!(gaps[0]["dir"], "s2c");
    let k = (0, "s2c".to_owned());
    let (g, w) = (&got[&k], &want[&k]);
    // g is w with one contiguous run missing.
    let head = g.iter().zip(w).take_while(|(a, b)| a == b).count();
    let tail = g
        .iter()
        .rev()
        .zip(w.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    assert_eq!(head + tail, g.len(), "decoded = truth minus one run");
    let lost = w.len() - g.len();
    assert!((1..=40).contains(&lost), "{lost} messages lost");
    let skipped: u64 = events
        .iter()
        .filter(|e| e["event"] == "unknown_data")
        .map(|e| e["len"].as_u64().unwrap())
        .sum();
    let lost_bytes: u64 = w[head..head + lost].iter().map(|m| m.1).sum();
    assert_eq!(gaps[0]["len"].as_u64().unwrap() + skipped, lost_bytes);
}
