//! The output is the same for every number of worker threads: every
//! command, on every capture in testdata/, with 1, 2 and 3 workers (the
//! pipeline shards connections over the workers and merges their output
//! back in capture order).

use crate::common::{captures, cardshark};
use std::path::Path;

/// Standard output, standard error and exit status of `args` on `path`
/// with `threads` workers.
fn output(args: &[&str], path: &Path, threads: usize) -> (Vec<u8>, Vec<u8>, Option<i32>) {
    let out = cardshark()
        .args(args)
        .args(["--threads", &threads.to_string()])
        .arg(path)
        .output()
        .unwrap();
    (out.stdout, out.stderr, out.status.code())
}

/// `args` give the same bytes with 2 and 3 workers as with 1, on every
/// capture.
fn same_for_every_thread_count(args: &[&str]) {
    let all = captures();
    assert!(all.len() >= 50, "{} captures", all.len());
    let mut records = 0;
    for path in &all {
        let one = output(args, path, 1);
        records += one.0.iter().filter(|&&b| b == b'\n').count();
        for threads in [2, 3] {
            let got = output(args, path, threads);
            assert!(
                got == one,
                "{} {args:?}: {threads} workers differ from 1",
                path.display()
            );
        }
    }
    assert!(records > 400, "{records} lines in all");
}

#[test]
fn decode_jsonl_is_the_same_for_every_thread_count() {
    same_for_every_thread_count(&["decode", "--format", "jsonl"]);
}

#[test]
fn decode_table_is_the_same_for_every_thread_count() {
    same_for_every_thread_count(&["decode"]);
}

#[test]
fn inspect_is_the_same_for_every_thread_count() {
    same_for_every_thread_count(&["inspect", "--format", "json"]);
}

#[test]
fn hands_are_the_same_for_every_thread_count() {
    same_for_every_thread_count(&["hands", "--format", "jsonl", "--incomplete"]);
}

#[test]
fn timelines_are_the_same_for_every_thread_count() {
    same_for_every_thread_count(&["timeline", "--format", "jsonl"]);
}

#[test]
fn stats_are_the_same_for_every_thread_count() {
    same_for_every_thread_count(&["stats", "--format", "json"]);
}
