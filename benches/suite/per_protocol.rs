//! Each protocol on its own: a capture built from that protocol's scripts
//! only (same damage, same concurrency model), and `decode --format jsonl`
//! over it: records/s and MB/s per protocol, side by side, with tshark's
//! pass over the same file as the reference of the same run. The
//! captures are removed afterwards unless `BENCH_KEEP` is set.

use super::capture;
use super::measure::{best_of, count_lines, env_num, measure};
use super::scripts::Script;
use std::path::Path;
use std::process::Command;

/// The protocol folder a script came from (`pokerth1/duo.pcap#0` →
/// `pokerth1`).
fn folder(s: &Script) -> &str {
    s.name.split('/').next().unwrap_or("")
}

/// Builds and measures one capture per protocol folder; prints a table.
pub fn run(bin: &str, dir: &Path, scripts: &[Script], runs: usize, tshark: bool) {
    let mb = env_num("BENCH_PROTO_MB", 100);
    let mut folders: Vec<&str> = scripts.iter().map(folder).collect();
    folders.sort_unstable();
    folders.dedup();
    println!("\n### Each protocol alone ({mb} MB each, 1000 connections open at once)\n");
    println!("| protocol | records | decode s | MB/s | records/s | peak RSS (MB) | tshark s | x faster than tshark |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for f in folders {
        let mine: Vec<Script> = scripts
            .iter()
            .filter(|s| folder(s) == f)
            .map(|s| Script {
                name: s.name.clone(),
                port: s.port,
                segments: s.segments.clone(),
            })
            .collect();
        let path = dir.join(format!("proto-{f}-{mb}mb.pcap"));
        capture::build(&path, mb * 1_000_000, 1000, &mine);
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        let records = count_lines(bin, &["decode", "--format", "jsonl"], &path);
        let r = best_of(runs, || {
            measure(
                Command::new(bin)
                    .args(["decode", "--format", "jsonl"])
                    .arg(&path),
            )
        });
        let t = tshark.then(|| {
            measure(
                Command::new("tshark")
                    .arg("-r")
                    .arg(&path)
                    .args(["-q", "-z", "conv,tcp"]),
            )
        });
        let (ts, ratio) = match t {
            Some(t) if t.ok => (
                format!("{:.2}", t.seconds),
                format!("{:.1}", t.seconds / r.seconds),
            ),
            _ => (String::new(), String::new()),
        };
        println!(
            "| {f} | {records} | {:.3} | {:.0} | {:.0} | {:.1} | {ts} | {ratio} |",
            r.seconds,
            size as f64 / 1e6 / r.seconds,
            records as f64 / r.seconds,
            r.max_rss_kb as f64 / 1024.0,
        );
        if std::env::var_os("BENCH_KEEP").is_none() {
            let _ = std::fs::remove_file(&path);
        }
    }
}
