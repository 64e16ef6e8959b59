//! The benchmark suite: builds a large mixed capture (every protocol,
//! thousands of connections, some out of order, retransmitted or lost
//! segments) and measures, in one run, reading it (`dd`, the floor),
//! `cardshark inspect`, `cardshark decode --format jsonl`, `cardshark
//! hands`, and tshark's own pass over TCP (`tshark -r FILE -q -z
//! conv,tcp`), each with its ratio to tshark and to dd.
//!
//! `cargo bench --bench suite`. Environment: `BENCH_MB` (capture size,
//! default 1100), `BENCH_CONCURRENT` (connections open at once, default
//! 3000), `BENCH_DIR` (where the capture goes, default target/bench),
//! `BENCH_RUNS` (runs of each cardshark command, best kept, default 3),
//! `BENCH_TSHARK=0` to skip tshark, `BENCH_MIXED=0` to skip the mixed
//! capture, `BENCH_PER_PROTOCOL=0` to skip the table of each protocol
//! alone (`BENCH_PROTO_MB`, default 100, each), `BENCH_WEBSOCKET=0` to skip
//! the WebSocket captures and their plain-TCP twin (`websocket.rs`:
//! `BENCH_WS_MB`, default 150, `BENCH_WS_DEFLATE=0`), `BENCH_TABLES=0` to
//! skip `decode --format parquet|csv -o DIR` against JSON Lines written to
//! a file (`tables.rs`, on the mixed capture; run in rounds, the median
//! given beside the best).

mod capture;
mod frames;
mod measure;
mod per_protocol;
mod scripts;
mod tables;
mod websocket;

use measure::{best_of, count_lines, env_num, measure, Run};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let mb = env_num("BENCH_MB", 1100);
    let concurrent = env_num("BENCH_CONCURRENT", 3000) as usize;
    let runs = env_num("BENCH_RUNS", 3).max(1) as usize;
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var("BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| top.join("target").join("bench"));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_cardshark");

    let scripts = scripts::load(&top.join("testdata"));
    assert!(!scripts.is_empty(), "no scripts found in testdata/");
    let off = |name: &str| std::env::var(name).as_deref() == Ok("0");
    let tshark = !off("BENCH_TSHARK");
    if !off("BENCH_MIXED") {
        mixed(bin, &dir, &scripts, mb, concurrent, runs, tshark);
    }
    if !off("BENCH_PER_PROTOCOL") {
        per_protocol::run(bin, &dir, &scripts, runs, tshark);
    }
    if !off("BENCH_WEBSOCKET") {
        websocket::run(bin, top, &dir, runs, tshark);
    }
}

/// The display filters whose cost the suite measures: each keeps few
/// records.
const FILTERS: [&str; 2] = [
    "type == \"PacketPokerRaise\" && stream < 100",
    "fields.player_id == 2 && stream < 100",
];

/// The mixed capture: every protocol at once, every command, tshark.
fn mixed(
    bin: &str,
    dir: &Path,
    scripts: &[scripts::Script],
    mb: u64,
    concurrent: usize,
    runs: usize,
    tshark: bool,
) {
    let path = dir.join(format!("mixed-{mb}mb-{concurrent}c.pcap"));
    let t = Instant::now();
    let built = capture::build(&path, mb * 1_000_000, concurrent, scripts);
    let size = std::fs::metadata(&path).unwrap().len();
    let records = count_lines(bin, &["decode", "--format", "jsonl"], &path);
    let hands = count_lines(bin, &["hands", "--format", "json"], &path);
    let mix: Vec<String> = built
        .per_protocol
        .iter()
        .map(|(p, n)| format!("{p} {n}"))
        .collect();
    println!(
        "## {}\n\n{:.1} MB, {} packets, {} connections ({}), {concurrent} open at once, \
         {} segments never captured; {records} records, {hands} hands; built in {:.1} s\n",
        path.display(),
        size as f64 / 1e6,
        built.packets,
        built.connections,
        mix.join(", "),
        built.lost_segments,
        t.elapsed().as_secs_f64()
    );

    let cardshark =
        |args: &[&str]| best_of(runs, || measure(Command::new(bin).args(args).arg(&path)));
    let dd = best_of(runs, || {
        measure(
            Command::new("dd")
                .arg(format!("if={}", path.display()))
                .args(["of=/dev/null", "bs=1M"]),
        )
    });
    let inspect = cardshark(&["inspect"]);
    let decode = cardshark(&["decode", "--format", "jsonl"]);
    // The cost of a display filter: the same decode with a -Y that keeps
    // few records, one on a record key, one on a key under `fields`
    // (which serialises the fields of every message it looks at).
    let filtered: Vec<(&str, Run, u64)> = FILTERS
        .iter()
        .map(|&expr| {
            let args = ["decode", "--format", "jsonl", "-Y", expr];
            let kept = count_lines(bin, &args, &path);
            (expr, cardshark(&args), kept)
        })
        .collect();
    let hands_run = cardshark(&["hands"]);
    let tshark = if !tshark {
        Run {
            seconds: f64::NAN,
            max_rss_kb: 0,
            ok: false,
        }
    } else {
        measure(
            Command::new("tshark")
                .arg("-r")
                .arg(&path)
                .args(["-q", "-z", "conv,tcp"]),
        )
    };
    let rows: [(&str, Run, Option<u64>); 5] = [
        ("dd if=FILE of=/dev/null bs=1M", dd, None),
        ("cardshark inspect FILE", inspect, Some(records)),
        (
            "cardshark decode --format jsonl FILE",
            decode,
            Some(records),
        ),
        ("cardshark hands FILE", hands_run, None),
        ("tshark -r FILE -q -z conv,tcp", tshark, None),
    ];
    println!("| run | seconds | MB/s | packets/s | records/s | peak RSS (MB) | x faster than tshark | x dd's time |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, r, recs) in rows {
        if !r.ok {
            println!("| {name} | failed or not installed | | | | | | |");
            continue;
        }
        let per_s = |n: u64| format!("{:.0}", n as f64 / r.seconds);
        println!(
            "| {name} | {:.3} | {:.0} | {} | {} | {:.1} | {} | {:.1} |",
            r.seconds,
            size as f64 / 1e6 / r.seconds,
            per_s(built.packets),
            recs.map(per_s).unwrap_or_default(),
            r.max_rss_kb as f64 / 1024.0,
            if tshark.ok {
                format!("{:.1}", tshark.seconds / r.seconds)
            } else {
                String::new()
            },
            r.seconds / dd.seconds,
        );
    }
    println!();
    println!("Targets: inspect at least 40x faster than tshark; decode --format jsonl at 2 million records/s or more; peak memory under 64 MB.");
    if inspect.ok && tshark.ok {
        println!("inspect: {:.1}x tshark", tshark.seconds / inspect.seconds);
    }
    if decode.ok {
        println!(
            "decode --format jsonl: {:.2} million records/s",
            records as f64 / decode.seconds / 1e6
        );
    }
    println!();
    println!("Display filter cost (decode --format jsonl, records/s counted over all {records} records decoded):");
    println!("| -Y | records kept | seconds | records/s | x the time without -Y |");
    println!("|---|---:|---:|---:|---:|");
    if decode.ok {
        println!(
            "| (none) | {records} | {:.3} | {:.0} | 1.00 |",
            decode.seconds,
            records as f64 / decode.seconds
        );
    }
    for (expr, r, kept) in &filtered {
        if r.ok && decode.ok {
            println!(
                "| `{expr}` | {kept} | {:.3} | {:.0} | {:.2} |",
                r.seconds,
                records as f64 / r.seconds,
                r.seconds / decode.seconds
            );
        } else {
            println!("| `{expr}` | failed | | | |");
        }
    }
    let peak = [inspect, decode, hands_run]
        .iter()
        .map(|r| r.max_rss_kb)
        .max()
        .unwrap_or(0);
    println!("highest cardshark peak: {:.1} MB", peak as f64 / 1024.0);
    println!();
    if std::env::var("BENCH_TABLES").as_deref() != Ok("0") {
        tables::run(bin, &path, dir, records, runs);
    }
}
