//! The Community ID of every stream (`inspect`) and of every record
//! (`decode`) is tshark's own (`tshark --enable-protocol communityid`,
//! Wireshark's implementation of the specification, apart from ours) on
//! every capture in testdata/: so cardshark's output joins the logs Zeek,
//! Suricata and Wireshark write of the same traffic.

use crate::common::{captures, cardshark, inspect, json_lines, streams};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// The TCP frames of `file` as tshark numbers them: by frame number, its
/// `tcp.stream` and its `communityid`. `None`, said loudly, when tshark
/// cannot be run (which fails under CI).
fn tshark_ids(file: &Path) -> Option<BTreeMap<u64, (u64, String)>> {
    let out = Command::new("tshark")
        .args(["-n", "-r"])
        .arg(file)
        .args(["--enable-protocol", "communityid", "-Y", "tcp"])
        .args(["-T", "fields", "-E", "separator=/t"])
        .args([
            "-e",
            "frame.number",
            "-e",
            "tcp.stream",
            "-e",
            "communityid",
        ])
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!(
                "SKIPPED the Community ID check against tshark: cannot run tshark ({e}); \
                 apt-get install tshark"
            );
            return None;
        }
        Err(e) => panic!("tshark is needed under CI: {e}"),
    };
    assert!(
        out.status.success(),
        "tshark --enable-protocol communityid (Wireshark 3.4 or later) on {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut frames = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let cells: Vec<&str> = line.split('\t').collect();
        let [frame, stream, id] = cells[..] else {
            panic!(
                "{}: a tshark line of three fields: {line:?}",
                file.display()
            );
        };
        // A frame carrying a TCP header twice (an ICMP error quoting one)
        // has a value per header: the outer one's first.
        let first = |v: &str| v.split(',').next().unwrap_or_default().to_string();
        assert!(
            !id.is_empty(),
            "{}: tshark wrote no communityid for frame {frame}: does this tshark have \
             the communityid protocol (Wireshark 3.4 or later)?",
            file.display()
        );
        frames.insert(
            frame.parse().unwrap(),
            (first(stream).parse().unwrap(), first(id)),
        );
    }
    Some(frames)
}

#[test]
fn every_stream_and_record_has_tsharks_community_id() {
    let (mut files, mut streams_checked, mut records_checked) = (0, 0, 0);
    for file in captures() {
        let Some(frames) = tshark_ids(&file) else {
            return;
        };
        let name = file.display();
        // tshark's streams: one id each.
        let mut theirs: BTreeMap<u64, BTreeSet<&str>> = BTreeMap::new();
        for (stream, id) in frames.values() {
            theirs.entry(*stream).or_default().insert(id);
        }
        for (stream, ids) in &theirs {
            assert_eq!(ids.len(), 1, "{name}: tshark's stream {stream} has {ids:?}");
        }
        // Ours, matched by first frame: the id tshark gives that frame.
        let doc = inspect(&file);
        let mut ours = BTreeMap::new();
        for s in streams(&doc) {
            let id = s["community_id"].as_str().expect("community_id");
            let first = s["first_frame"].as_u64().unwrap();
            let Some((_, want)) = frames.get(&first) else {
                panic!(
                    "{name}: stream {}'s first frame {first} is no TCP frame for tshark",
                    s["stream"]
                );
            };
            assert_eq!(
                id, want,
                "{name}: stream {} (first frame {first})",
                s["stream"]
            );
            ours.insert(s["stream"].as_u64().unwrap(), id.to_string());
            streams_checked += 1;
        }
        // The same set of ids: no connection of tshark's is missing.
        let all_theirs: BTreeSet<&str> = theirs.values().flatten().copied().collect();
        let all_ours: BTreeSet<&str> = ours.values().map(String::as_str).collect();
        assert_eq!(all_ours, all_theirs, "{name}: the streams' Community IDs");
        // Every record carries its stream's.
        let out = cardshark()
            .args(["decode", "--format", "jsonl"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: decode failed");
        for r in json_lines(&String::from_utf8(out.stdout).unwrap()) {
            let stream = r["stream"].as_u64().unwrap();
            assert_eq!(
                r["community_id"].as_str(),
                ours.get(&stream).map(String::as_str),
                "{name}: frame {} of stream {stream}",
                r["frame"]
            );
            records_checked += 1;
        }
        files += 1;
    }
    eprintln!(
        "Community IDs as tshark's: {streams_checked} streams, {records_checked} records, {files} captures"
    );
    assert!(
        files >= 50 && streams_checked >= 90,
        "{files} captures, {streams_checked} streams"
    );
}
