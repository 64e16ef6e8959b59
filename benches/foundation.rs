//! The foundation benchmark: `cardshark inspect` on a capture of 300+ MB with
//! thousands of concurrent connections, against `tshark -q -z conv,tcp` (its
//! own pass over TCP) and `dd` (reading the file: the floor), measured in the
//! same run. Run with `cargo bench --bench foundation`; needs tshark.
//!
//! Environment: `BENCH_MB` (capture size, default 320), `BENCH_CONCURRENT`
//! (connections open at once, default 3000), `BENCH_DIR` (where the capture
//! goes, default target/bench).

#[path = "suite/frames.rs"]
mod frames;
#[allow(dead_code)]
#[path = "suite/measure.rs"]
mod measure;

use frames::{pcap_writer, tcp_frame, Rng};
use measure::{best_of, count_lines, env_num, measure, Run};
use pcap_file::pcap::PcapPacket;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What the connections carry.
enum Traffic {
    /// Random bytes of 20..600 per segment (no protocol: reassembly alone).
    Random,
    /// PokerTH messages from the reference vectors, 1..4 per segment; the
    /// client's first segment is an Init and the server's an Init Ack.
    PokerTh(Vec<Vec<u8>>),
}

impl Traffic {
    fn payload(&self, rng: &mut Rng, buf: &[u8], first: bool, from_client: bool) -> Vec<u8> {
        match self {
            Traffic::Random => {
                let len = 20 + rng.below(580) as usize;
                let start = rng.below(1000) as usize;
                buf[start..start + len].to_vec()
            }
            Traffic::PokerTh(msgs) => {
                if first {
                    return msgs[if from_client { 0 } else { 2 }].clone();
                }
                // The mix of a game in progress: 85% of messages are the
                // in-game ones (hand start, turns, actions, cards, end of
                // hand), 15% anything else (lobby, avatars, chat...).
                let ingame: Vec<&Vec<u8>> = msgs.iter().filter(|m| in_game(m)).collect();
                let n = 1 + rng.below(4);
                (0..n)
                    .flat_map(|_| {
                        if rng.below(100) < 85 && !ingame.is_empty() {
                            ingame[rng.below(ingame.len() as u64) as usize].clone()
                        } else {
                            msgs[rng.below(msgs.len() as u64) as usize].clone()
                        }
                    })
                    .collect()
            }
        }
    }
}

/// PokerTH in-game message types: Hand Start (81) to End Of Hand Hide Cards (101).
fn in_game(msg: &[u8]) -> bool {
    let t = u16::from_be_bytes([msg[0], msg[1]]);
    (81..=101).contains(&t)
}

/// The PokerTH messages of the reference vectors (testdata/vectors).
fn pokerth_vectors() -> Option<Vec<Vec<u8>>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/vectors/pokerth.jsonl");
    let text = std::fs::read_to_string(path).ok()?;
    let msgs: Vec<Vec<u8>> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["hex"].as_str().map(unhex))
        .collect();
    (msgs.len() > 3).then_some(msgs)
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect()
}

struct Conn {
    client: [u8; 4],
    cport: u16,
    cseq: u32,
    sseq: u32,
    left: u32,
    started: bool,
    /// Whether each side has sent its first message yet.
    spoke: [bool; 2],
    /// A data segment held back to be sent after the next one (out of order).
    held: Option<(bool, u32, Vec<u8>)>,
}

const SERVER: [u8; 4] = [10, 1, 0, 1];

fn frame(c: &Conn, from_client: bool, seq: u32, flags: u8, payload: &[u8]) -> Vec<u8> {
    let (src, dst) = if from_client {
        ((c.client, c.cport), (SERVER, 7234))
    } else {
        ((SERVER, 7234), (c.client, c.cport))
    };
    let ack = if from_client { c.sseq } else { c.cseq };
    let mut f = Vec::with_capacity(14 + 40 + payload.len());
    tcp_frame(&mut f, src, dst, seq, ack, flags, payload);
    f
}

/// Builds the capture: `concurrent` connections open at once, each a
/// handshake, 50..250 messages of 20..600 bytes with 1% sent out of order and
/// 1% retransmitted, ACKs, and FINs; a finished connection is replaced.
fn build(path: &Path, target_bytes: u64, concurrent: usize, traffic: &Traffic) -> (u64, u64) {
    let mut rng = Rng::seeded();
    let mut w = pcap_writer(path);
    let mut written = 24u64;
    let (mut packets, mut conns_made) = (0u64, 0u64);
    let mut ts = Duration::from_secs(1_700_000_000);
    let payload: Vec<u8> = (0..2000u32).map(|i| (i * 7 % 251) as u8).collect();
    let new_conn = |n: u64, rng: &mut Rng| Conn {
        client: [10, 2, (n >> 8) as u8, n as u8],
        cport: 20_000 + (n % 40_000) as u16,
        cseq: rng.next() as u32,
        sseq: rng.next() as u32,
        left: 50 + rng.below(200) as u32,
        started: false,
        spoke: [false; 2],
        held: None,
    };
    let mut live: Vec<Conn> = (0..concurrent as u64)
        .map(|n| new_conn(n, &mut rng))
        .collect();
    conns_made += concurrent as u64;
    let mut emit = |f: Vec<u8>, ts: &mut Duration, written: &mut u64, packets: &mut u64| {
        *ts += Duration::from_micros(7);
        w.write_packet(&PcapPacket::new(*ts, f.len() as u32, &f))
            .unwrap();
        *written += 16 + f.len() as u64;
        *packets += 1;
    };
    while written < target_bytes {
        let i = rng.below(live.len() as u64) as usize;
        let c = &mut live[i];
        if !c.started {
            c.started = true;
            let f = frame(c, true, c.cseq, 0x02, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.cseq = c.cseq.wrapping_add(1);
            let f = frame(c, false, c.sseq, 0x12, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.sseq = c.sseq.wrapping_add(1);
            let f = frame(c, true, c.cseq, 0x10, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            continue;
        }
        if c.left == 0 {
            let f = frame(c, true, c.cseq, 0x11, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.cseq = c.cseq.wrapping_add(1);
            let f = frame(c, false, c.sseq, 0x11, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.sseq = c.sseq.wrapping_add(1);
            let f = frame(c, true, c.cseq, 0x10, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            live[i] = new_conn(conns_made, &mut rng);
            conns_made += 1;
            continue;
        }
        c.left -= 1;
        // Each side opens with its first message, the client first.
        // A segment held back goes out right after the next one from the
        // same side (so no ACK from the peer covers it before it arrives).
        let from_client = if let Some((side, ..)) = c.held {
            side
        } else if !c.spoke[0] {
            true
        } else if !c.spoke[1] {
            false
        } else {
            rng.below(2) == 0
        };
        let side = usize::from(!from_client);
        let data = traffic.payload(&mut rng, &payload, !c.spoke[side], from_client);
        c.spoke[side] = true;
        let len = data.len();
        let seq = if from_client { c.cseq } else { c.sseq };
        if from_client {
            c.cseq = c.cseq.wrapping_add(len as u32);
        } else {
            c.sseq = c.sseq.wrapping_add(len as u32);
        }
        let roll = rng.below(100);
        if roll == 0 && c.held.is_none() && c.left > 1 {
            c.held = Some((from_client, seq, data));
            continue;
        }
        let f = frame(c, from_client, seq, 0x18, &data);
        emit(f, &mut ts, &mut written, &mut packets);
        if let Some((fc, s, d)) = c.held.take() {
            let f = frame(c, fc, s, 0x18, &d);
            emit(f, &mut ts, &mut written, &mut packets);
        }
        if roll == 1 {
            let f = frame(c, from_client, seq, 0x18, &data);
            emit(f, &mut ts, &mut written, &mut packets);
        }
        if roll.is_multiple_of(2) {
            let f = frame(
                c,
                !from_client,
                if from_client { c.sseq } else { c.cseq },
                0x10,
                &[],
            );
            emit(f, &mut ts, &mut written, &mut packets);
        }
    }
    (packets, conns_made)
}

fn print_table(size: u64, packets: u64, runs: &[(&str, &Run)]) {
    println!("| run | seconds | MB/s | packets/s | peak RSS (MB) |");
    println!("|---|---:|---:|---:|---:|");
    for (name, r) in runs {
        if !r.ok {
            println!("| {name} | failed or not installed | | | |");
            continue;
        }
        println!(
            "| {name} | {:.3} | {:.0} | {:.0} | {:.1} |",
            r.seconds,
            size as f64 / 1e6 / r.seconds,
            packets as f64 / r.seconds,
            r.max_rss_kb as f64 / 1024.0
        );
    }
    println!();
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let mb = env_num("BENCH_MB", 320);
    let concurrent = env_num("BENCH_CONCURRENT", 3000) as usize;
    let dir = std::env::var("BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("target")
                .join("bench")
        });
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_cardshark");

    // 1. Reassembly: random payloads, no protocol.
    let path = dir.join(format!("foundation-{mb}mb-{concurrent}c.pcap"));
    let t = Instant::now();
    let (packets, conns) = build(&path, mb * 1_000_000, concurrent, &Traffic::Random);
    let size = std::fs::metadata(&path).unwrap().len();
    println!(
        "## Reassembly: {} ({:.1} MB, {packets} packets, {conns} connections, {concurrent} concurrent), built in {:.1} s\n",
        path.display(),
        size as f64 / 1e6,
        t.elapsed().as_secs_f64()
    );
    let dd = best_of(3, || {
        measure(
            Command::new("dd")
                .arg(format!("if={}", path.display()))
                .args(["of=/dev/null", "bs=1M"]),
        )
    });
    let inspect = best_of(3, || measure(Command::new(bin).arg("inspect").arg(&path)));
    let tshark = measure(
        Command::new("tshark")
            .arg("-r")
            .arg(&path)
            .args(["-q", "-z", "conv,tcp"]),
    );
    print_table(
        size,
        packets,
        &[
            ("dd if=FILE of=/dev/null bs=1M", &dd),
            ("cardshark inspect FILE", &inspect),
            ("tshark -r FILE -q -z conv,tcp", &tshark),
        ],
    );
    if inspect.ok && tshark.ok {
        println!(
            "inspect is {:.1}x faster than tshark's pass (target: 20x)",
            tshark.seconds / inspect.seconds
        );
    }
    if inspect.ok && dd.ok {
        println!(
            "inspect runs at {:.0}% of dd's read speed",
            100.0 * dd.seconds / inspect.seconds
        );
    }
    if inspect.ok {
        println!(
            "inspect peak memory: {:.1} MB (target: under 64 MB)",
            inspect.max_rss_kb as f64 / 1024.0
        );
    }

    // 2. Decoding: PokerTH messages from the reference vectors.
    let Some(msgs) = pokerth_vectors() else {
        println!("\n(PokerTH vectors not found beside the checkout: decoding benchmark skipped)");
        return;
    };
    let pmb = env_num("BENCH_POKERTH_MB", 200);
    let path = dir.join(format!("pokerth-{pmb}mb-{concurrent}c.pcap"));
    let (packets, conns) = build(&path, pmb * 1_000_000, concurrent, &Traffic::PokerTh(msgs));
    let size = std::fs::metadata(&path).unwrap().len();
    let records = count_lines(bin, &["decode", "--format", "jsonl"], &path);
    println!(
        "\n## Decoding: {} ({:.1} MB, {packets} packets, {conns} PokerTH connections, {records} records)\n",
        path.display(),
        size as f64 / 1e6
    );
    let decode = best_of(3, || {
        measure(
            Command::new(bin)
                .args(["decode", "--format", "jsonl"])
                .arg(&path),
        )
    });
    let inspect = best_of(3, || measure(Command::new(bin).arg("inspect").arg(&path)));
    let tshark = measure(
        Command::new("tshark")
            .arg("-r")
            .arg(&path)
            .args(["-q", "-z", "conv,tcp"]),
    );
    print_table(
        size,
        packets,
        &[
            ("cardshark decode --format jsonl FILE", &decode),
            ("cardshark inspect FILE", &inspect),
            ("tshark -r FILE -q -z conv,tcp", &tshark),
        ],
    );
    for (name, r) in [("decode --format jsonl", &decode), ("inspect", &inspect)] {
        if r.ok {
            println!(
                "{name}: {:.2} million records/s{}",
                records as f64 / r.seconds / 1e6,
                if name == "inspect" {
                    ""
                } else {
                    " (target: 1.5 million/s on one core)"
                }
            );
        }
    }
    if inspect.ok && tshark.ok {
        println!(
            "inspect (decoding) is {:.1}x faster than tshark's pass",
            tshark.seconds / inspect.seconds
        );
    }
}
