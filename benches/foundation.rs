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
#[allow(dead_code)]
#[path = "suite/synthetic.rs"]
mod synthetic;

use measure::{best_of, count_lines, env_num, measure, Run};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use synthetic::{build, pokerth_vectors, Traffic};

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
