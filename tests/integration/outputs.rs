//! Every command's output on every capture in testdata/, held to the byte:
//! each run's exit status and an XXH3-64 of its standard output and of its
//! standard error are in `tests/outputs.txt`. A change that alters any
//! output fails here, naming the runs; when the change is meant, regenerate
//! the file and commit it with the change, so that the diff shows which
//! outputs moved:
//!
//! ```text
//! UPDATE_OUTPUTS=1 cargo nextest run --test integration outputs::
//! ```
//!
//! A test per command, so that they run side by side. Runs are from the
//! repository's root with relative paths (outputs name their files), in
//! UTC and without color, into pipes (tables are plain).

use crate::common::captures;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The commands run on every capture, by the test's name.
const COMMANDS: &[(&str, &[&str])] = &[
    ("decode_table", &["decode"]),
    ("decode_jsonl", &["decode", "--format", "jsonl"]),
    ("decode_csv", &["decode", "--format", "csv"]),
    ("decode_detail", &["decode", "-V"]),
    ("hands_table", &["hands"]),
    ("hands_text", &["hands", "--format", "text", "--incomplete"]),
    ("hands_ohh", &["hands", "--format", "ohh"]),
    (
        "hands_jsonl",
        &["hands", "--format", "jsonl", "--incomplete"],
    ),
    ("timeline_table", &["timeline"]),
    ("timeline_jsonl", &["timeline", "--format", "jsonl"]),
    ("inspect_table", &["inspect"]),
    ("inspect_json", &["inspect", "--format", "json"]),
    ("stats_table", &["stats"]),
    ("stats_json", &["stats", "--format", "json"]),
];

/// The file of expected digests, a line per run.
const FILE: &str = "tests/outputs.txt";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `command<TAB>capture<TAB>exit<TAB>stdout<TAB>stderr` of every capture
/// for the command `name`.
fn lines(name: &str, args: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for path in captures() {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let run = Command::new(env!("CARGO_BIN_EXE_cardshark"))
            .current_dir(root())
            .args(args)
            .arg(&rel)
            .env("TZ", "UTC")
            .env("NO_COLOR", "1")
            .env_remove("COLUMNS")
            .output()
            .unwrap();
        let hash = |b: &[u8]| format!("{:016x}", twox_hash::XxHash3_64::oneshot(b));
        out.push(format!(
            "{name}\t{rel}\t{}\t{}\t{}",
            run.status.code().unwrap_or(-1),
            hash(&run.stdout),
            hash(&run.stderr)
        ));
    }
    out
}

/// The expected lines of the command `name`, by capture.
fn expected(name: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join(FILE)).unwrap_or_default();
    (text.lines())
        .filter(|l| l.split('\t').next() == Some(name))
        .map(|l| {
            (
                l.split('\t').nth(1).unwrap_or("").to_string(),
                l.to_string(),
            )
        })
        .collect()
}

/// Runs the command `name` on every capture and compares, or (with
/// UPDATE_OUTPUTS set) writes its lines into the file.
fn check(name: &str) {
    let args = COMMANDS.iter().find(|c| c.0 == name).unwrap().1;
    let got = lines(name, args);
    if std::env::var_os("UPDATE_OUTPUTS").is_some() {
        update(name, &got);
        return;
    }
    let want = expected(name);
    let mut differ = Vec::new();
    for line in &got {
        let capture = line.split('\t').nth(1).unwrap();
        if want.get(capture) != Some(line) {
            differ.push(format!(
                "  cardshark {} {capture}\n    now:  {line}\n    was:  {}",
                args.join(" "),
                want.get(capture).map_or("(none)", String::as_str)
            ));
        }
    }
    assert_eq!(
        want.len(),
        got.len(),
        "{name}: the captures changed ({FILE})"
    );
    assert!(
        differ.is_empty(),
        "{} of {} outputs of {name} changed (regenerate {FILE} with UPDATE_OUTPUTS=1 if meant):\n{}",
        differ.len(),
        got.len(),
        differ.join("\n")
    );
}

/// Replaces the command's lines in the file (the tests of other commands
/// may do the same at once: a lock file keeps the writes apart).
fn update(name: &str, got: &[String]) {
    let path = root().join(FILE);
    let lock = root().join("target/outputs.lock");
    std::fs::create_dir_all(lock.parent().unwrap()).unwrap();
    let mut tries = 0;
    while std::fs::create_dir(&lock).is_err() {
        tries += 1;
        assert!(tries < 6000, "{}: stale lock", lock.display());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut all: Vec<String> = (text.lines())
        .filter(|l| l.split('\t').next() != Some(name))
        .map(str::to_string)
        .collect();
    all.extend(got.iter().cloned());
    all.sort();
    std::fs::write(&path, all.join("\n") + "\n").unwrap();
    std::fs::remove_dir(&lock).unwrap();
}

#[test]
fn decode_table() {
    check("decode_table");
}
#[test]
fn decode_jsonl() {
    check("decode_jsonl");
}
#[test]
fn decode_csv() {
    check("decode_csv");
}
#[test]
fn decode_detail() {
    check("decode_detail");
}
#[test]
fn hands_table() {
    check("hands_table");
}
#[test]
fn hands_text() {
    check("hands_text");
}
#[test]
fn hands_ohh() {
    check("hands_ohh");
}
#[test]
fn hands_jsonl() {
    check("hands_jsonl");
}
#[test]
fn timeline_table() {
    check("timeline_table");
}
#[test]
fn timeline_jsonl() {
    check("timeline_jsonl");
}
#[test]
fn inspect_table() {
    check("inspect_table");
}
#[test]
fn inspect_json() {
    check("inspect_json");
}
#[test]
fn stats_table() {
    check("stats_table");
}
#[test]
fn stats_json() {
    check("stats_json");
}
