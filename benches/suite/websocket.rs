//! WebSocket: what unwrapping costs next to decoding. Three captures made
//! from the very same PokerTH 1.x messages (the real ones, from the
//! clients' logs `testdata/pokerth1/*.messages.jsonl` and
//! `testdata/websocket/*-ws.messages.jsonl`, one conversation per
//! connection of a log):
//!
//! - **websocket**: each connection opens with an HTTP upgrade (as the
//!   real server's captures do: `GET /pokerthwebsocket`, a fresh
//!   `Sec-WebSocket-Key`, the `101` with its accept), then one binary frame
//!   per message, client frames masked with a fresh key each, server frames
//!   not; it ends with the client's close frame and the server's answer;
//! - **tcp**, its twin: the same messages with PokerTH's 4-byte length
//!   prefix, in the same segments (where the WebSocket capture has the
//!   upgrade and the close frames, the twin has segments without payload);
//! - **deflate**: the websocket capture with permessage-deflate (RFC 7692)
//!   negotiated, every message compressed (raw deflate with context
//!   takeover, flushed, the `00 00 ff ff` tail stripped) and RSV1 set.
//!
//! A side's consecutive messages go out together or, half the time, each
//! on its own (the real server's WebSocket capture puts 123 messages in
//! 78 segments); a send longer than [`MSS`] is cut at MSS on its longest
//! encoding and at the same place in the same message in the others, so
//! frames and prefixes are cut across segments alike. The three captures
//! are built from scripts alike in their number of segments and sides, so
//! they have the same connections, schedule and damage (out of order,
//! retransmitted, lost segments; see [`capture`](super::capture)), the
//! twins stopped at the websocket capture's packet count.
//!
//! Measured in one run, interleaved (each round runs every command on
//! every capture): `decode --format jsonl` and `inspect` (best of
//! `BENCH_RUNS`), and tshark's pass over TCP (`-q -z conv,tcp`, the
//! suite's reference) and its WebSocket pass (`-d tcp.port==7233,http -T
//! fields -e frame.number -e websocket.opcode -e data.data`: every frame
//! dissected, unmasked and inflated, each message's bytes written), once
//! each. Environment: `BENCH_WS_MB` (the websocket capture's size,
//! default 150), `BENCH_WS_DEFLATE=0` to leave out the deflate capture,
//! `BENCH_KEEP` to keep the captures.

use super::capture::{self, Limit};
use super::frames::Rng;
use super::measure::{count_lines, env_num, keep_best, measure, Run};
use super::scripts::{Script, MSS};
use base64::Engine;
use flate2::{Compress, Compression, FlushCompress};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The WebSocket captures' server port (as in testdata/websocket), and the
/// twin's (PokerTH's own).
const WS_PORT: u16 = 7233;
const TCP_PORT: u16 = 7234;

/// Copies of each conversation, each with its own keys and sends.
const VARIANTS: u64 = 32;

/// The server's address in the captures (see `capture.rs`).
const SERVER: &str = "10.1.0.1";

/// One connection of a client's log: (from the client, message), in order.
struct Conversation {
    name: String,
    messages: Vec<(bool, Vec<u8>)>,
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// The conversations of every PokerTH 1.x client log in testdata.
fn conversations(testdata: &Path) -> Vec<Conversation> {
    let mut logs: Vec<PathBuf> = Vec::new();
    for (folder, suffix) in [
        ("pokerth1", ".messages.jsonl"),
        ("websocket", "-ws.messages.jsonl"),
    ] {
        let Ok(entries) = std::fs::read_dir(testdata.join(folder)) else {
            continue;
        };
        logs.extend(
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(suffix)),
        );
    }
    logs.sort();
    let mut out: Vec<Conversation> = Vec::new();
    for log in logs {
        let text = std::fs::read_to_string(&log).unwrap();
        let file = log.file_name().unwrap().to_string_lossy().into_owned();
        let first = out.len();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let conn = v["conn"].as_str().unwrap_or("");
            let name = format!("{file}#{conn}");
            let from_client = v["dir"] == "c2s";
            let payload = unhex(v["hex"].as_str().expect("hex"));
            let i = match out[first..].iter().position(|c| c.name == name) {
                Some(i) => first + i,
                None => {
                    out.push(Conversation {
                        name,
                        messages: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            out[i].messages.push((from_client, payload));
        }
    }
    out.retain(|c| c.messages.iter().any(|m| m.0) && c.messages.iter().any(|m| !m.0));
    out
}

/// A send's bytes in one encoding, and where each message's header and
/// payload are in them.
#[derive(Default)]
struct Enc {
    bytes: Vec<u8>,
    /// Per message: start, header length, payload length.
    parts: Vec<(usize, usize, usize)>,
}

impl Enc {
    fn push(&mut self, header: &[u8], payload: &[u8]) {
        self.parts
            .push((self.bytes.len(), header.len(), payload.len()));
        self.bytes.extend_from_slice(header);
        self.bytes.extend_from_slice(payload);
    }

    /// Where position `x` of `driver` (an encoding of the same messages)
    /// falls in this one: the same message, the same header byte (or the
    /// header's end) or the same fraction of the payload.
    fn map(&self, driver: &Enc, x: usize) -> usize {
        let i = driver.parts.partition_point(|p| p.0 <= x) - 1;
        let (ds, dh, dp) = driver.parts[i];
        let (s, h, p) = self.parts[i];
        let off = x - ds;
        if off < dh {
            s + off.min(h)
        } else {
            s + h + (off - dh) * p / dp
        }
    }
}

/// A WebSocket frame header: FIN, `rsv1`, binary (or `opcode`), the length,
/// the key when masked.
fn ws_header(opcode: u8, rsv1: bool, len: usize, mask: Option<[u8; 4]>) -> Vec<u8> {
    let mut h = vec![0x80 | if rsv1 { 0x40 } else { 0 } | opcode];
    let m = if mask.is_some() { 0x80 } else { 0 };
    match len {
        0..=125 => h.push(m | len as u8),
        126..=0xffff => {
            h.push(m | 126);
            h.extend_from_slice(&(len as u16).to_be_bytes());
        }
        _ => {
            h.push(m | 127);
            h.extend_from_slice(&(len as u64).to_be_bytes());
        }
    }
    if let Some(k) = mask {
        h.extend_from_slice(&k);
    }
    h
}

fn masked(payload: &[u8], key: Option<[u8; 4]>) -> Vec<u8> {
    let mut p = payload.to_vec();
    if let Some(k) = key {
        for (i, b) in p.iter_mut().enumerate() {
            *b ^= k[i % 4];
        }
    }
    p
}

/// One message compressed as permessage-deflate sends it with context
/// takeover: the stream flushed, its `00 00 ff ff` tail stripped.
fn deflate(c: &mut Compress, msg: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(msg.len() + 64);
    let start = c.total_in();
    loop {
        let used = (c.total_in() - start) as usize;
        c.compress_vec(&msg[used..], &mut out, FlushCompress::Sync)
            .expect("deflate");
        if (c.total_in() - start) as usize == msg.len() && out.len() < out.capacity() {
            break;
        }
        out.reserve(out.capacity().max(64));
    }
    assert!(out.ends_with(&[0, 0, 0xff, 0xff]), "a sync flush's tail");
    out.truncate(out.len() - 4);
    out
}

/// The three encodings of every conversation, `VARIANTS` times over:
/// scripts for the websocket capture, its TCP twin and the deflate one.
fn scripts(convs: &[Conversation]) -> [Vec<Script>; 3] {
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut rng = Rng(0x5745_4253_4f43_4b45);
    let mut sets: [Vec<Script>; 3] = Default::default();
    // Compressed once per conversation: context takeover makes a message's
    // bytes depend on those before it in its direction, not on the keys.
    let compressed: Vec<Vec<Vec<u8>>> = convs
        .iter()
        .map(|c| {
            let mut z = [
                Compress::new(Compression::default(), false),
                Compress::new(Compression::default(), false),
            ];
            (c.messages.iter())
                .map(|(fc, m)| deflate(&mut z[usize::from(*fc)], m))
                .collect()
        })
        .collect();
    for v in 0..VARIANTS {
        for (ci, conv) in convs.iter().enumerate() {
            let mut segs: [Vec<(bool, Vec<u8>)>; 3] = Default::default();
            let key: [u8; 16] = std::array::from_fn(|_| rng.next() as u8);
            let key = b64.encode(key);
            let accept = cardshark::transport::websocket::handshake::accept_for(&key);
            for (k, deflate) in [(0, false), (2, true)] {
                let (offer, answer) = if deflate {
                    (
                        "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n",
                        "Sec-WebSocket-Extensions: permessage-deflate\r\n",
                    )
                } else {
                    ("", "")
                };
                let req = format!(
                    "GET /pokerthwebsocket HTTP/1.1\r\nUpgrade: websocket\r\n\
                     Host: {SERVER}:{WS_PORT}\r\nOrigin: http://{SERVER}\r\n\
                     Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{offer}\
                     Connection: Upgrade\r\n\r\n"
                );
                let resp = format!(
                    "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n\
                     Sec-WebSocket-Accept: {accept}\r\n{answer}Server: WebSocket++/0.8.2\r\n\
                     Upgrade: websocket\r\n\r\n"
                );
                segs[k].push((true, req.into_bytes()));
                segs[k].push((false, resp.into_bytes()));
            }
            segs[1].push((true, Vec::new()));
            segs[1].push((false, Vec::new()));
            let msgs = &conv.messages;
            let mut i = 0;
            while i < msgs.len() {
                let from_client = msgs[i].0;
                let mut encs: [Enc; 3] = Default::default();
                loop {
                    let (_, m) = &msgs[i];
                    let z = &compressed[ci][i];
                    let key = from_client.then(|| (rng.next() as u32).to_be_bytes());
                    encs[0].push(&ws_header(2, false, m.len(), key), &masked(m, key));
                    encs[1].push(&(m.len() as u32).to_be_bytes(), m);
                    encs[2].push(&ws_header(2, true, z.len(), key), &masked(z, key));
                    i += 1;
                    // Half the time, a side's next message goes in the same send.
                    if i == msgs.len() || msgs[i].0 != from_client || rng.below(2) == 0 {
                        break;
                    }
                }
                let d = (0..3).max_by_key(|&k| encs[k].bytes.len()).unwrap();
                let cuts: Vec<usize> = (1..encs[d].bytes.len().div_ceil(MSS))
                    .map(|n| n * MSS)
                    .collect();
                for (k, e) in encs.iter().enumerate() {
                    let mut at = 0;
                    for &x in &cuts {
                        let y = if k == d { x } else { e.map(&encs[d], x) };
                        segs[k].push((from_client, e.bytes[at..y].to_vec()));
                        at = y;
                    }
                    segs[k].push((from_client, e.bytes[at..].to_vec()));
                }
            }
            // The client closes (1000), the server answers.
            let ckey = (rng.next() as u32).to_be_bytes();
            let code = 1000u16.to_be_bytes();
            for k in [0, 2] {
                let mut c = ws_header(8, false, 2, Some(ckey));
                c.extend_from_slice(&masked(&code, Some(ckey)));
                segs[k].push((true, c));
                let mut s = ws_header(8, false, 2, None);
                s.extend_from_slice(&code);
                segs[k].push((false, s));
            }
            segs[1].push((true, Vec::new()));
            segs[1].push((false, Vec::new()));
            for (k, segments) in segs.into_iter().enumerate() {
                sets[k].push(Script {
                    name: format!("{}/{}#{v}", ["websocket", "tcp", "deflate"][k], conv.name),
                    port: if k == 1 { TCP_PORT } else { WS_PORT },
                    segments,
                });
            }
        }
    }
    sets
}

/// One measured command on each capture.
struct Row {
    what: &'static str,
    args: &'static [&'static str],
    best: Vec<Option<Run>>,
}

/// Builds the captures, measures, prints the table and the ratios.
pub fn run(bin: &str, top: &Path, dir: &Path, runs: usize, tshark: bool) {
    let mb = env_num("BENCH_WS_MB", 150);
    let with_deflate = std::env::var("BENCH_WS_DEFLATE").as_deref() != Ok("0");
    let convs = conversations(&top.join("testdata"));
    assert!(
        !convs.is_empty(),
        "no PokerTH 1.x message logs in testdata/"
    );
    let messages: usize = convs.iter().map(|c| c.messages.len()).sum();
    let t = std::time::Instant::now();
    let sets = scripts(&convs);
    let names = ["websocket", "tcp twin", "deflate"];
    let paths = [
        dir.join(format!("ws-{mb}mb.pcap")),
        dir.join(format!("ws-{mb}mb-tcp.pcap")),
        dir.join(format!("ws-{mb}mb-deflate.pcap")),
    ];
    let n = if with_deflate { 3 } else { 2 };
    let built = capture::build(&paths[0], mb * 1_000_000, 1000, &sets[0]);
    for k in 1..n {
        let twin = capture::build_until(&paths[k], Limit::Packets(built.packets), 1000, &sets[k]);
        assert_eq!(twin.connections, built.connections, "twins alike");
    }
    drop(sets);
    let sizes: Vec<u64> = paths[..n]
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .collect();
    let records: Vec<u64> = paths[..n]
        .iter()
        .map(|p| count_lines(bin, &["decode", "--format", "jsonl"], p))
        .collect();
    println!(
        "\n### WebSocket: PokerTH 1.x over WebSocket and its plain-TCP twin\n\n\
         {} conversations ({messages} messages) from testdata's PokerTH 1.x client logs, \
         {VARIANTS} variants each; {} packets and {} connections per capture \
         (1000 open at once), {} segments never captured; built in {:.1} s.\n",
        convs.len(),
        built.packets,
        built.connections,
        built.lost_segments,
        t.elapsed().as_secs_f64()
    );
    for k in 0..n {
        println!(
            "- {}: {} ({:.1} MB, {} records)",
            names[k],
            paths[k].display(),
            sizes[k] as f64 / 1e6,
            records[k]
        );
    }
    println!();

    let mut rows = [
        Row {
            what: "cardshark decode --format jsonl",
            args: &["decode", "--format", "jsonl"],
            best: vec![None; n],
        },
        Row {
            what: "cardshark inspect",
            args: &["inspect"],
            best: vec![None; n],
        },
    ];
    for _ in 0..runs {
        for row in &mut rows {
            for (best, path) in row.best.iter_mut().zip(&paths) {
                *best = Some(keep_best(
                    *best,
                    measure(Command::new(bin).args(row.args).arg(path)),
                ));
            }
        }
    }
    // tshark once each: its pass over TCP (the suite's reference), and
    // its WebSocket pass where there is a WebSocket.
    let conv: Vec<Option<Run>> = (0..n)
        .map(|k| {
            tshark.then(|| {
                measure(
                    Command::new("tshark")
                        .arg("-r")
                        .arg(&paths[k])
                        .args(["-q", "-z", "conv,tcp"]),
                )
            })
        })
        .collect();
    let ws_pass: Vec<Option<Run>> = (0..n)
        .map(|k| {
            (tshark && k != 1).then(|| {
                measure(
                    Command::new("tshark")
                        .arg("-r")
                        .arg(&paths[k])
                        .arg("-d")
                        .arg(format!("tcp.port=={WS_PORT},http"))
                        .args(["-T", "fields", "-e", "frame.number"])
                        .args(["-e", "websocket.opcode", "-e", "data.data"]),
                )
            })
        })
        .collect();

    let ok = |r: &Option<Run>| r.filter(|r| r.ok);
    println!("| capture | run | seconds | MB/s | records/s | peak RSS (MB) | x faster than tshark conv,tcp | x faster than tshark's WebSocket pass | / tcp twin |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    let line = |k: usize, what: &str, r: Option<Run>, recs: bool, twin: Option<Run>| {
        let Some(r) = ok(&r) else {
            println!("| {} | {what} | failed or not run | | | | | | |", names[k]);
            return;
        };
        let x = |t: &Option<Run>| {
            ok(t).map_or(String::new(), |t| format!("{:.1}", t.seconds / r.seconds))
        };
        println!(
            "| {} | {what} | {:.3} | {:.0} | {} | {:.1} | {} | {} | {} |",
            names[k],
            r.seconds,
            sizes[k] as f64 / 1e6 / r.seconds,
            if recs {
                format!("{:.0}", records[k] as f64 / r.seconds)
            } else {
                String::new()
            },
            r.max_rss_kb as f64 / 1024.0,
            x(&conv[k]),
            x(&ws_pass[k]),
            ok(&twin).map_or(String::new(), |t| format!("{:.3}", r.seconds / t.seconds)),
        );
    };
    for row in &rows {
        for k in 0..n {
            let twin = (k != 1).then_some(row.best[1]).flatten();
            line(k, row.what, row.best[k], true, twin);
        }
    }
    for (k, &t) in conv.iter().enumerate() {
        line(k, "tshark -r FILE -q -z conv,tcp", t, false, None);
    }
    for k in (0..n).filter(|&k| k != 1) {
        let what = "tshark -r FILE -d tcp.port==7233,http -T fields -e frame.number -e websocket.opcode -e data.data";
        line(k, what, ws_pass[k], false, None);
    }
    println!();
    let ratio = |a: Option<Run>, b: Option<Run>| match (ok(&a), ok(&b)) {
        (Some(a), Some(b)) => format!("{:.3}", a.seconds / b.seconds),
        _ => "-".to_owned(),
    };
    for row in &rows {
        let mut s = format!(
            "{}: websocket / tcp twin {}",
            row.what,
            ratio(row.best[0], row.best[1])
        );
        if with_deflate {
            s += &format!(
                ", deflate / tcp twin {}, deflate / websocket {}",
                ratio(row.best[2], row.best[1]),
                ratio(row.best[2], row.best[0])
            );
        }
        s += &format!(
            "; on the websocket capture {} x tshark conv,tcp, {} x tshark's WebSocket pass",
            ratio(conv[0], row.best[0]),
            ratio(ws_pass[0], row.best[0])
        );
        println!("{s}");
    }
    if std::env::var_os("BENCH_KEEP").is_none() {
        for p in &paths[..n] {
            let _ = std::fs::remove_file(p);
        }
    }
}
