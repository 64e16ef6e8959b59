//! The tables of `-o DIR` against JSON Lines (issue 22): `decode --format
//! parquet -o DIR` and `decode --format jsonl > FILE` (both writing a
//! file, to the same disk), on the same capture in the same run, their
//! times and the sizes of what they wrote; `decode --format csv -o DIR`
//! beside them. Target: Parquet at least as fast as JSON Lines and at
//! least 5x smaller.

use crate::measure::{best_of, measure, measure_into, Run};
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
    let timed: Vec<(Run, u64)> = (ways.iter())
        .map(|w| {
            let r = best_of(runs, || {
                let mut cmd = Command::new(bin);
                cmd.args(&w.args).arg(capture);
                if w.stdout {
                    measure_into(&mut cmd, File::create(&w.written).unwrap().into())
                } else {
                    measure(&mut cmd)
                }
            });
            let size = std::fs::metadata(&w.written).map_or(0, |m| m.len());
            (r, size)
        })
        .collect();
    println!("Tables (`-o DIR`) against JSON Lines, each writing a file on the same disk ({records} records):");
    println!("| run | seconds | records/s | written (MB) | peak RSS (MB) | x JSONL's time | x smaller than JSONL |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let (json, json_size) = timed[0];
    for (w, (r, size)) in ways.iter().zip(&timed) {
        if !r.ok {
            println!("| {} | failed | | | | | |", w.name);
            continue;
        }
        println!(
            "| {} | {:.3} | {:.0} | {:.1} | {:.1} | {:.2} | {:.1} |",
            w.name,
            r.seconds,
            records as f64 / r.seconds,
            *size as f64 / 1e6,
            r.max_rss_kb as f64 / 1024.0,
            r.seconds / json.seconds,
            json_size as f64 / *size as f64,
        );
    }
    let (parquet, parquet_size) = timed[1];
    println!();
    println!("Target: Parquet at least as fast as JSON Lines (x JSONL's time at most 1.00) and at least 5x smaller.");
    if parquet.ok && json.ok {
        println!(
            "parquet: {:.2}x JSONL's time, {:.1}x smaller",
            parquet.seconds / json.seconds,
            json_size as f64 / parquet_size as f64
        );
    }
    println!();
    let _ = std::fs::remove_file(&jsonl);
    for format in ["parquet", "csv"] {
        let _ = std::fs::remove_dir_all(table(format));
    }
}
