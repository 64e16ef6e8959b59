//! Times as tshark's `-t` writes them, in every table that shows one
//! (decode's Time, timeline's Time, inspect's Start), counted from the
//! capture's first frame whatever the filters.

use crate::common;
use crate::support::testdata;

/// stdout of a successful run, with `env` set.
fn out(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = common::cardshark();
    cmd.args(args).env("NO_COLOR", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd.output().unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn all_four() -> String {
    testdata("mixed/all-four.pcap")
        .to_string_lossy()
        .into_owned()
}

/// The Time column of decode's rows (the second).
fn times(table: &str) -> Vec<String> {
    table
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        .collect()
}

#[test]
fn relative_time_counts_from_the_first_frame_whatever_the_filters() {
    let f = all_four();
    // Frame 12 opens stream 3, 6.619 ms after the capture's first frame
    // (an ARP frame that makes no record).
    let all = out(&["decode", &f, "-c", "4"], &[]);
    let one = out(&["decode", &f, "-s", "3", "-c", "1"], &[]);
    let row = |t: &str| {
        t.lines()
            .find(|l| l.trim_start().starts_with("12 "))
            .unwrap()
            .to_string()
    };
    assert_eq!(row(&all), row(&one));
    assert_eq!(times(&one), ["0.006619"]);
    assert_eq!(
        times(&out(&["decode", &f, "-s", "3", "-c", "1", "-t", "r"], &[])),
        ["0.006619"]
    );
    // timeline: stream 2's first change, frame 37, 21.370 ms in.
    let tl = out(&["timeline", &f, "-s", "2"], &[]);
    let first: Vec<&str> = tl.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(first[..3], ["37", "0.021370", "2"], "{tl}");
}

#[test]
fn every_format() {
    let f = all_four();
    let first = |t: &str, env: &[(&str, &str)]| {
        times(&out(&["decode", &f, "-s", "3", "-c", "2", "-t", t], env))
    };
    assert_eq!(
        first("ud", &[]),
        ["2026-11-25T10:37:04.072942Z", "2026-11-25T10:37:04.087843Z"]
    );
    assert_eq!(first("u", &[]), ["10:37:04.072942", "10:37:04.087843"]);
    assert_eq!(first("e", &[]), ["1795603024.072942", "1795603024.087843"]);
    let est = [("TZ", "EST5")];
    assert_eq!(first("a", &est), ["05:37:04.072942", "05:37:04.087843"]);
    assert_eq!(
        first("ad", &est),
        [
            "2026-11-25T05:37:04.072942-05:00",
            "2026-11-25T05:37:04.087843-05:00"
        ]
    );
    assert_eq!(first("a", &[("TZ", "UTC0")]), first("u", &[]));
    // dd: since the row above; d: since the record before, shown or not
    // (stream 2's start, frame 9, came 1.863 ms before frame 12; a record of
    // another stream 0.150 ms before frame 39).
    assert_eq!(first("dd", &[]), ["0.000000", "0.014901"]);
    assert_eq!(first("d", &[]), ["0.001863", "0.000150"]);
    // The header lines up with the wider column.
    let table = out(&["decode", &f, "-s", "3", "-c", "1", "-t", "ud"], &[]);
    assert!(
        table.starts_with("  Frame Time                        Stream "),
        "{table}"
    );
}

#[test]
fn inspect_start_and_timeline_times() {
    let f = all_four();
    let start = |t: Option<&str>| {
        let mut args = vec!["inspect", f.as_str()];
        args.extend(t.map(|t| ["-t", t]).into_iter().flatten());
        let table = out(&args, &[]);
        // Plain columns: Stream, Client, Server, Community ID, Protocol, Start, ...
        // (Rows come as streams end: stream 0's is found by its number.)
        let row = (table.lines())
            .find(|l| l.split_whitespace().next() == Some("0"))
            .unwrap()
            .to_string();
        row.split_whitespace().nth(5).unwrap().to_string()
    };
    assert_eq!(start(None), "2026-11-25T10:37:04.066332Z");
    assert_eq!(start(Some("ud")), start(None));
    assert_eq!(start(Some("r")), "0.000009");
    assert_eq!(start(Some("e")), "1795603024.066332");
    let tl = out(&["timeline", &f, "-s", "2", "-t", "u"], &[]);
    let first: Vec<&str> = tl.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(first[..3], ["37", "10:37:04.087693", "2"], "{tl}");
}

#[test]
fn times_are_the_same_for_every_thread_count() {
    let f = all_four();
    for t in ["r", "d", "dd"] {
        let base = out(&["decode", &f, "-p", "gls", "-t", t, "--threads", "1"], &[]);
        for n in ["2", "3"] {
            let other = out(&["decode", &f, "-p", "gls", "-t", t, "--threads", n], &[]);
            assert_eq!(base, other, "-t {t} --threads {n}");
        }
    }
}
