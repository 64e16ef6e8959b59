//! Running the cardshark binary in integration tests.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

pub fn cardshark() -> Command {
    Command::cargo_bin("cardshark").expect("binary")
}

/// `inspect --format json`, which must succeed.
pub fn inspect(path: &Path) -> Value {
    let out = cardshark()
        .args(["inspect", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "inspect failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("inspect JSON")
}

/// `follow -s N --format raw --dir DIR`, which must succeed.
pub fn follow_raw(path: &Path, stream: u64, dir: &str) -> Vec<u8> {
    let out = cardshark()
        .args([
            "follow",
            "--format",
            "raw",
            "--dir",
            dir,
            "-s",
            &stream.to_string(),
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "follow failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `follow -s N --format FORMAT`, which must succeed.
pub fn follow(path: &Path, stream: u64, format: &str) -> String {
    let out = cardshark()
        .args(["follow", "--format", format, "-s", &stream.to_string()])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "follow failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The streams array of an inspect document.
pub fn streams(doc: &Value) -> &Vec<Value> {
    doc["streams"].as_array().expect("streams")
}

/// Stream `n` of `inspect --format json`, owned.
pub fn stream(path: &Path, n: usize) -> Value {
    streams(&inspect(path))[n].clone()
}

/// The OHH objects (the value of each line's `"ohh"`) of
/// `hands --format jsonl ARGS FILE`, which must succeed.
pub fn hands_ohh(path: &Path, args: &[&str]) -> Vec<Value> {
    let out = cardshark()
        .args(["hands", "--format", "jsonl"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "hands failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (String::from_utf8(out.stdout).unwrap().lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["ohh"].clone())
        .collect()
}

/// `testdata/REL`.
pub fn testdata(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

/// Runs cardshark with `args` on `file` (under testdata/); it must
/// succeed. Its stdout.
pub fn run_ok(args: &[&str], file: &str) -> String {
    let out = cardshark().args(args).arg(testdata(file)).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} {file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// JSON Lines, parsed.
pub fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every capture under testdata/.
pub fn captures() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("pcap" | "pcapng")
            ) {
                out.push(p);
            }
        }
    }
    let mut all = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata"),
        &mut all,
    );
    all.sort();
    all
}

/// Runs the interop checker `script` (under tests/interop/) with `args`
/// in the virtual environment of tests/interop/setup.sh, and returns its
/// standard output; a checker that fails fails the test with its output.
pub fn interop_check<S: AsRef<std::ffi::OsStr>>(script: &str, args: &[S]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("target/interop-venv/bin/python");
    assert!(python.exists(), "no venv: run tests/interop/setup.sh first");
    let out = std::process::Command::new(&python)
        .arg(root.join("tests/interop").join(script))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}
