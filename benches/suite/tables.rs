//! The tables of `-o DIR` against JSON Lines (issue 22): `decode --format
//! parquet -o DIR` and `decode --format jsonl > FILE` (both writing a
//! file, to the same disk), on the same capture in the same run, their
//! times and the sizes of what they wrote; `decode --format csv -o DIR`
//! beside them. Target: Parquet at least as fast as JSON Lines and at
//! least 5x smaller.

use crate::measure::{keep_best, measure, measure_into, median, Run, FAILED};
use std::fs::File;
use std::path::Path;
use std::process::Command;

/// One way of writing the records: its name, its arguments, the file it
/// writes (the directory's table, or standard output's file).
struct Way {
    name: &'static str,
    args: Vec<String>,
    written: std::path::PathBuf,
    stdout: bool,
}

/// Measures each way `runs` times (best kept) on `capture` of `records`
/// records, writing under `dir`, and prints the table.
pub fn run(bin: &str, capture: &Path, dir: &Path, records: u64, runs: usize) {
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let table = |format: &str| dir.join(format!("tables-{format}"));
    let jsonl = dir.join("records.jsonl");
    let mut ways = vec![Way {
        name: "decode --format jsonl FILE > records.jsonl",
        args: vec!["decode".into(), "--format".into(), "jsonl".into()],
        written: jsonl.clone(),
        stdout: true,
    }];
    for (format, name) in [
        ("parquet", "decode --format parquet -o DIR FILE"),
        ("csv", "decode --format csv -o DIR FILE"),
    ] {
        let out = table(format);
        ways.push(Way {
            name,
            args: ["decode", "--format", format, "--overwrite", "-o", &s(&out)]
                .map(String::from)
                .to_vec(),
            written: out.join(format!("records.{format}")),
            stdout: false,
        });
    }
    // Round after round, each way once in a round: a machine that drifts
    // (these are noisy) slows every way alike. Before each run its output
    // is removed and the disk synced, so no run pays for the one before.
    let mut seconds: Vec<Vec<f64>> = vec![Vec::new(); ways.len()];
    let mut best: Vec<Option<Run>> = vec![None; ways.len()];
    for _ in 0..runs {
        for (n, w) in ways.iter().enumerate() {
            let _ = std::fs::remove_file(&w.written);
            let _ = Command::new("sync").status();
            let mut cmd = Command::new(bin);
            cmd.args(&w.args).arg(capture);
            let r = match w.stdout {
                true => measure_into(&mut cmd, File::create(&w.written).unwrap().into()),
                false => measure(&mut cmd),
            };
            seconds[n].push(r.seconds);
            best[n] = Some(keep_best(best[n], r));
        }
    }
    let timed: Vec<(Run, f64, u64)> = (ways.iter().zip(best).zip(&seconds))
        .map(|((w, r), s)| {
            let size = std::fs::metadata(&w.written).map_or(0, |m| m.len());
            (r.unwrap_or(FAILED), median(s), size)
        })
        .collect();
    println!("Tables (`-o DIR`) against JSON Lines, each writing a file on the same disk ({records} records; {runs} rounds, each way once a round):");
    println!("| run | seconds (best) | median | records/s | written (MB) | peak RSS (MB) | x JSONL's time (best) | (median) | x smaller than JSONL |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let (json, json_median, json_size) = timed[0];
    for (w, (r, med, size)) in ways.iter().zip(&timed) {
        if !r.ok {
            println!("| {} | failed | | | | | | | |", w.name);
            continue;
        }
        println!(
            "| {} | {:.3} | {:.3} | {:.0} | {:.1} | {:.1} | {:.2} | {:.2} | {:.1} |",
            w.name,
            r.seconds,
            med,
            records as f64 / r.seconds,
            *size as f64 / 1e6,
            r.max_rss_kb as f64 / 1024.0,
            r.seconds / json.seconds,
            med / json_median,
            json_size as f64 / *size as f64,
        );
    }
    let (parquet, parquet_median, parquet_size) = timed[1];
    println!();
    println!("Target: Parquet at least as fast as JSON Lines (x JSONL's time at most 1.00) and at least 5x smaller.");
    if parquet.ok && json.ok {
        println!(
            "parquet: {:.2}x JSONL's time (best of each), {:.2}x (median of each), {:.1}x smaller",
            parquet.seconds / json.seconds,
            parquet_median / json_median,
            json_size as f64 / parquet_size as f64
        );
    }
    println!();
    let _ = std::fs::remove_file(&jsonl);
    for format in ["parquet", "csv"] {
        let _ = std::fs::remove_dir_all(table(format));
    }
}
