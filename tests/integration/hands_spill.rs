//! `hands` renders each hand as soon as it is finished and keeps a bounded
//! number of bytes of them in memory, spilling the rest to a temporary file
//! in sorted runs: what it prints must not depend on it. The test hook
//! `CARDSHARK_HANDS_IN_MEMORY` makes the bound tiny (2 bytes: every hand is
//! a run of its own).

use crate::common;
use crate::support;

use std::path::Path;
use support::*;

const HANDS_VAR: &str = "CARDSHARK_HANDS_IN_MEMORY";

/// Exit status, standard output and standard error of `hands`, with the
/// byte bound set or not.
fn hands(path: &Path, args: &[&str], in_memory: Option<&str>) -> (Option<i32>, String, String) {
    let mut cmd = common::cardshark();
    cmd.arg("hands").args(args).arg(path).env_remove(HANDS_VAR);
    if let Some(n) = in_memory {
        cmd.env(HANDS_VAR, n);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Every output of `hands` (and its warnings) is the same with a 2-byte
/// bound as with the default one; returns the default run's standard
/// output of each format.
fn same_spilled_or_not(path: &Path, extra: &[&str]) -> Vec<String> {
    let mut outs = Vec::new();
    for format in ["table", "text", "ohh", "jsonl"] {
        let mut args = vec!["--format", format];
        args.extend_from_slice(extra);
        let whole = hands(path, &args, None);
        assert_eq!(whole.0, Some(0), "hands {args:?}: {}", whole.2);
        let spilled = hands(path, &args, Some("2"));
        assert_eq!(spilled, whole, "hands {args:?}");
        outs.push(whole.1);
    }
    outs
}

#[test]
fn spilled_hands_print_like_hands_in_memory_on_pokerth() {
    let path = testdata("pokerth/port9999.pcap");
    let [table, text, ohh, jsonl] = &same_spilled_or_not(&path, &[])[..] else {
        unreachable!()
    };
    assert_eq!(jsonl.lines().count(), 8, "8 hands");
    assert_eq!(ohh.split("\n\n").count(), 8, "8 hands");
    assert_eq!(text.matches("PokerStars Hand #").count(), 8);
    assert!(table.contains("0:8"), "{table}");
    same_spilled_or_not(&path, &["--incomplete"]);
    same_spilled_or_not(&path, &["--hand", "0:3"]);
}

#[test]
fn spilled_hands_print_like_hands_in_memory_on_pokernetwork() {
    let path = testdata("pokernetwork/port5555.pcap");
    let outs = same_spilled_or_not(&path, &[]);
    assert!(outs.iter().all(|o| !o.is_empty()));
    same_spilled_or_not(&path, &["--incomplete"]);
}

#[test]
fn incomplete_hands_are_warned_about_in_order_spilled_or_not() {
    let path = testdata("hands/gap.pcap");
    same_spilled_or_not(&path, &[]);
    same_spilled_or_not(&path, &["--incomplete"]);
    let (_, _, err) = hands(&path, &["--format", "jsonl"], Some("2"));
    assert!(err.contains("hand 0:1 is incomplete: left out"), "{err}");
}

#[test]
fn a_bad_byte_bound_is_a_usage_error() {
    let (code, _, err) = hands(&testdata("pokerth/port9999.pcap"), &[], Some("none"));
    assert_eq!(code, Some(2));
    assert!(err.contains(HANDS_VAR), "{err}");
}

#[test]
fn an_unusable_temporary_directory_is_a_clear_error() {
    let dir = TempDir::new();
    let missing = dir.file("no-such-dir");
    let out = common::cardshark()
        .args(["hands"])
        .arg(testdata("pokerth/port9999.pcap"))
        .env(HANDS_VAR, "2")
        .env("TMPDIR", &missing)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("temporary file for the hands") && err.contains("no-such-dir"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}
