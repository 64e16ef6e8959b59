//! `--shard I/N`: the N shards of a capture together hold exactly what
//! the unsharded run holds (records, and inspect's streams), every
//! connection in one shard; bad specs are usage errors.

use crate::common::{captures, cardshark, json_lines, testdata};
use serde_json::Value;
use std::path::Path;

/// Standard output of `args` on `path`, which must succeed.
fn run(args: &[&str], path: &Path) -> String {
    let out = cardshark().args(args).arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `doc` without its stream number (a sharded run numbers its own
/// connections), as one line of text to sort.
fn without_stream(mut doc: Value) -> String {
    doc.as_object_mut().unwrap().remove("stream");
    doc.to_string()
}

/// `decode --format jsonl` records (without their stream numbers),
/// sorted, of `path` in `shard` (all with `None`).
fn records(path: &Path, shard: Option<String>) -> Vec<String> {
    let mut args = vec!["decode", "--format", "jsonl"];
    let spec;
    if let Some(s) = shard {
        spec = s;
        args.extend(["--shard", &spec]);
    }
    let mut all: Vec<String> = json_lines(&run(&args, path))
        .into_iter()
        .map(without_stream)
        .collect();
    all.sort();
    all
}

/// inspect's streams (without their numbers), sorted; the frames in
/// all, and those that are not TCP, must be the whole capture's.
fn streams(path: &Path, shard: &str) -> Vec<String> {
    let inspect = |args: &[&str]| -> Value { serde_json::from_str(&run(args, path)).unwrap() };
    let doc = inspect(&["inspect", "--format", "json", "--shard", shard]);
    let whole = inspect(&["inspect", "--format", "json"]);
    for key in ["frames", "tcp_frames", "non_tcp_frames", "non_tcp"] {
        assert_eq!(doc["capture"][key], whole["capture"][key], "{key}");
    }
    let mut all: Vec<String> = doc["streams"]
        .as_array()
        .unwrap()
        .iter()
        .cloned()
        .map(without_stream)
        .collect();
    all.sort();
    all
}

#[test]
fn the_shards_of_every_capture_hold_exactly_its_records() {
    let all = captures();
    assert!(all.len() >= 50, "{} captures", all.len());
    let (mut records_seen, mut split) = (0, 0);
    for path in &all {
        let whole = records(path, None);
        records_seen += whole.len();
        for n in [1, 2, 7] {
            let mut union = Vec::new();
            let mut holding = 0;
            for i in 1..=n {
                let part = records(path, Some(format!("{i}/{n}")));
                holding += usize::from(!part.is_empty());
                union.extend(part);
            }
            union.sort();
            assert!(
                union == whole,
                "{}: the {n} shards' records differ from the unsharded run's",
                path.display()
            );
            split += usize::from(holding > 1);
        }
    }
    assert!(records_seen > 400, "{records_seen} records in all");
    // Captures of several connections do get split.
    assert!(
        split >= 10,
        "only {split} runs put records in two shards or more"
    );
}

#[test]
fn the_shards_streams_are_the_captures_streams() {
    // merged.pcap has 8 frames that are not TCP.
    for rel in [
        "hands/merged.pcap",
        "mixed/all-four.pcap",
        "pokerth1/kick.pcap",
    ] {
        let path = testdata(rel);
        let whole = streams(&path, "1/1");
        assert!(whole.len() >= 4, "{rel}");
        for n in [2, 7] {
            let mut union: Vec<String> = (1..=n)
                .flat_map(|i| streams(&path, &format!("{i}/{n}")))
                .collect();
            union.sort();
            assert_eq!(union, whole, "{rel}, {n} shards");
        }
    }
}

/// The shard (of 7) that holds the one connection of
/// pokerth/midstream.pcap, 10.77.1.2:35517 to 10.77.2.2:7234: it pins
/// the hash, the same on every machine: XXH3-64 of the ordered endpoints
/// is 0x81128edd706c58c4, modulo 7 plus 1 is 3 (in Python:
/// `xxhash.xxh3_64_intdigest(bytes.fromhex("0a4d01028abd0a4d02021c42"))`).
const MIDSTREAM_SHARD: u32 = 3;

#[test]
fn a_capture_of_one_connection_is_all_in_one_shard() {
    let path = testdata("pokerth/midstream.pcap");
    let whole = run(&["decode", "--format", "jsonl"], &path);
    assert!(!whole.is_empty());
    for i in 1..=7 {
        let spec = format!("{i}/7");
        let part = run(&["decode", "--format", "jsonl", "--shard", &spec], &path);
        let table = run(&["inspect", "--shard", &spec], &path);
        if i == MIDSTREAM_SHARD {
            assert_eq!(part, whole, "shard {spec}");
            assert!(table.contains("Streams:      1\n"), "{table}");
            assert!(
                table.contains(&format!(
                    "Shard:        {spec}, 0 connection(s) (0 segment(s)) in other shards"
                )),
                "{table}"
            );
        } else {
            assert_eq!(part, "", "shard {spec}");
            assert!(table.contains("Streams:      0\n"), "{table}");
            assert!(
                table.contains(&format!("Shard:        {spec}, 1 connection(s) (")),
                "{table}"
            );
        }
    }
}

#[test]
fn bad_shard_specs_are_usage_errors_naming_the_option() {
    let path = testdata("pokerth/midstream.pcap");
    for cmd in ["decode", "hands", "timeline", "inspect", "stats", "follow"] {
        for bad in ["3/2", "0/2", "1/0", "a/b", "1"] {
            let out = cardshark()
                .args([cmd, "--shard", bad])
                .arg(&path)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{cmd} --shard {bad}: {err}");
            assert!(err.starts_with("cardshark: error: "), "{err}");
            assert!(err.contains("--shard"), "{cmd} --shard {bad}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(out.stdout.is_empty());
        }
    }
}

#[test]
fn w_writes_the_frames_of_the_shards_streams() {
    let path = testdata("hands/merged.pcap");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.pcap");
    // Stream 1 of shard 1/2 is stream 3 of the whole: the second pass
    // must number the shard's streams as the first did.
    let spec = "1/2";
    let shard = run(&["inspect", "--format", "json", "--shard", spec], &path);
    let shard: Value = serde_json::from_str(&shard).unwrap();
    let first = &shard["streams"][1];
    assert_eq!(first["client"], "10.77.1.2:35893");
    let ok = cardshark()
        .args(["decode", "-s", "1", "--shard", spec, "-w"])
        .arg(&out)
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    // The file holds that one connection, every packet of it.
    let written: Value =
        serde_json::from_str(&run(&["inspect", "--format", "json"], &out)).unwrap();
    let written = written["streams"].as_array().unwrap();
    assert_eq!(written.len(), 1);
    for key in ["client", "server", "c2s", "s2c"] {
        assert_eq!(written[0][key], first[key], "{key}");
    }
}
