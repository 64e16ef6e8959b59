//! A/B: one cardshark command, two builds, the same capture, in one run.
//!
//! ```text
//! cargo bench --bench ab -- OLD_BIN NEW_BIN FILE [RUNS] -- ARGS...
//! cargo bench --bench ab -- /tmp/old/cardshark target/release/cardshark \
//!     target/bench/mixed-1100mb-3000c.pcap 11 -- hands
//! ```
//!
//! Runs `BIN ARGS FILE` RUNS times (default 5) for each build, alternating
//! (old, new, old, new, ...) so that drift of this noisy machine hits both
//! alike, output thrown away, timed and measured by the suite's
//! [`measure`]. Prints each build's best and median seconds and peak
//! resident memory, and the ratio new/old of the best and of the medians:
//! below 1.0 the new build is faster. Without arguments it prints this
//! usage and does nothing (so that `cargo bench` runs it harmlessly).

#[allow(dead_code)]
#[path = "suite/measure.rs"]
mod measure;

use measure::{measure, Run};
use std::process::Command;

const USAGE: &str = "usage: cargo bench --bench ab -- OLD_BIN NEW_BIN FILE [RUNS] -- ARGS...";

/// Best and median seconds of the successful runs.
fn summary(runs: &[Run]) -> (f64, f64) {
    let mut s: Vec<f64> = runs.iter().filter(|r| r.ok).map(|r| r.seconds).collect();
    s.sort_by(f64::total_cmp);
    if s.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let n = s.len();
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    (s[0], median)
}

fn main() {
    // cargo passes `--bench` to a bench without the test harness.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let Some(sep) = args.iter().position(|a| a == "--") else {
        println!("{USAGE}");
        return;
    };
    let (head, cmd) = (&args[..sep], &args[sep + 1..]);
    let [old, new, file, rest @ ..] = head else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let runs: usize = rest.first().and_then(|r| r.parse().ok()).unwrap_or(5);
    let mut got: [Vec<Run>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..runs {
        for (i, bin) in [old, new].into_iter().enumerate() {
            got[i].push(measure(Command::new(bin).args(cmd).arg(file)));
        }
    }
    println!(
        "cardshark {} FILE, {runs} runs each, alternating; FILE = {file}",
        cmd.join(" ")
    );
    println!("| build | best s | median s | peak RSS MB | runs (s) |");
    println!("|---|---:|---:|---:|---|");
    let mut best = [0.0; 2];
    let mut median = [0.0; 2];
    for (i, (name, bin)) in [("old", old), ("new", new)].into_iter().enumerate() {
        (best[i], median[i]) = summary(&got[i]);
        let peak = got[i].iter().map(|r| r.max_rss_kb).max().unwrap_or(0);
        let all: Vec<String> = (got[i].iter())
            .map(|r| {
                if r.ok {
                    format!("{:.2}", r.seconds)
                } else {
                    "failed".into()
                }
            })
            .collect();
        println!(
            "| {name}: {bin} | {:.3} | {:.3} | {:.1} | {} |",
            best[i],
            median[i],
            peak as f64 / 1024.0,
            all.join(" ")
        );
    }
    println!(
        "new/old: best {:.3}, median {:.3} (below 1: the new build is faster)",
        best[1] / best[0],
        median[1] / median[0]
    );
}
