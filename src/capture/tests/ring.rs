//! The ring buffer's policy (`ring.rs`): `-b`'s criteria, the files'
//! names, when the next file starts and which files are deleted.

use crate::capture::ring::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn opts(args: &[&str]) -> Result<RingOptions, String> {
    let criteria: Result<Vec<RingCriterion>, String> = args.iter().map(|a| a.parse()).collect();
    RingOptions::new(&criteria?)
}

#[test]
fn criteria_read_as_dumpcap_reads_them() {
    let o = opts(&["filesize:1000", "files:5"]).unwrap();
    assert_eq!(o.file_bytes, Some(1_000_000), "kB are 1000 bytes");
    assert_eq!(o.files, Some(5));
    assert!(o.multiple);
    let o = opts(&["duration:0.5", "interval:3600", "packets:10", "files:0"]).unwrap();
    assert_eq!(o.duration, Some(Duration::from_millis(500)));
    assert_eq!((o.interval, o.packets), (Some(3600), Some(10)));
    assert_eq!(o.files, None, "files:0 keeps them all");
    // The last of a key wins.
    let o = opts(&["filesize:5", "filesize:7"]).unwrap();
    assert_eq!(o.file_bytes, Some(7000));
    assert_eq!(opts(&[]).unwrap(), RingOptions::default());
}

#[test]
fn bad_criteria_say_what_is_wrong() {
    let err = |a: &str| a.parse::<RingCriterion>().unwrap_err();
    assert!(err("filesize").contains("KEY:VALUE"));
    assert!(err("size:10").contains("unknown key 'size'"));
    assert!(err("size:10").contains("filesize:KB"));
    assert!(err("filesize:0").contains("at least 1"));
    assert!(err("filesize:-3").contains("whole number"));
    assert!(err("packets:x").contains("whole number"));
    assert!(err("duration:0").contains("above 0"));
    assert!(err("duration:soon").contains("seconds"));
    assert!(err("files:100000").contains("at most 99999"));
    assert_eq!(
        "FileSize:3".parse::<RingCriterion>(),
        Ok(RingCriterion::FileSize(3))
    );
    let alone = opts(&["files:3"]).unwrap_err();
    assert!(alone.contains("needs a criterion"), "{alone}");
}

#[test]
fn names_are_dumpcaps() {
    let n = RingNames::new(Path::new("/tmp/cap/out.pcapng"));
    assert_eq!(
        n.name(1, "20240714120117"),
        PathBuf::from("/tmp/cap/out_00001_20240714120117.pcapng")
    );
    // Modulo 100000, five digits.
    assert_eq!(
        n.name(123_456, "20240714120117"),
        PathBuf::from("/tmp/cap/out_23456_20240714120117.pcapng")
    );
    // The last dot only; a compression extension keeps the one before.
    let name = |f: &str| RingNames::new(Path::new(f)).name(2, "20260101000000");
    assert_eq!(
        name("a.b.pcap"),
        PathBuf::from("a.b_00002_20260101000000.pcap")
    );
    assert_eq!(
        name("day.pcapng.gz"),
        PathBuf::from("day_00002_20260101000000.pcapng.gz")
    );
    assert_eq!(
        name("capture"),
        PathBuf::from("capture_00002_20260101000000")
    );
    assert_eq!(
        name("dir.d/capture"),
        PathBuf::from("dir.d/capture_00002_20260101000000")
    );
    assert_eq!(
        name(".pcapng"),
        PathBuf::from("_00002_20260101000000.pcapng")
    );
}

#[test]
fn filesize_switches_after_the_packet_that_reaches_it() {
    let mut r = Rotation::new(&opts(&["filesize:1"]).unwrap());
    r.opened(Instant::now(), 0, 48);
    assert!(!r.wrote(900)); // 948 bytes
    assert!(!r.wrote(51)); // 999
    assert!(r.wrote(1)); // 1000: full
    r.opened(Instant::now(), 0, 48);
    assert!(r.wrote(5000), "one large packet fills a file by itself");
}

#[test]
fn packets_switch_after_n() {
    let mut r = Rotation::new(&opts(&["packets:3"]).unwrap());
    r.opened(Instant::now(), 0, 48);
    assert_eq!(
        [r.wrote(10), r.wrote(10), r.wrote(10)],
        [false, false, true]
    );
    r.opened(Instant::now(), 0, 48);
    assert!(!r.wrote(10));
}

#[test]
fn duration_and_interval_are_time_driven() {
    let t0 = Instant::now();
    let mut r = Rotation::new(&opts(&["duration:2"]).unwrap());
    r.opened(t0, 1000, 48);
    assert!(!r.due(t0 + Duration::from_millis(1999), 1001));
    assert!(r.due(t0 + Duration::from_secs(2), 1002));
    assert!(!r.wrote(10_000_000), "no size limit");
    // interval:60: at the next whole minute of the clock, not 60 s on.
    let mut r = Rotation::new(&opts(&["interval:60"]).unwrap());
    r.opened(t0, 1_700_000_030, 48);
    assert!(!r.due(t0, 1_700_000_039));
    assert!(r.due(t0, 1_700_000_040));
    // No criterion (-w FILE alone): never.
    let mut r = Rotation::new(&RingOptions::default());
    r.opened(t0, 0, 48);
    assert!(!r.wrote(u64::MAX / 2) && !r.due(t0 + Duration::from_secs(1 << 30), u64::MAX));
}

#[test]
fn files_keeps_the_newest() {
    let mut k = Kept::new(Some(2));
    let mut deleted = Vec::new();
    for i in 1..=5 {
        deleted.extend(k.make_room());
        k.push(PathBuf::from(format!("f{i}")));
        assert!(k.len() <= 2);
    }
    assert_eq!(deleted, ["f1", "f2", "f3"].map(PathBuf::from));
    let kept: Vec<&Path> = k.files().collect();
    assert_eq!(kept, [Path::new("f4"), Path::new("f5")]);
    // Without files:N, every file stays.
    let mut all = Kept::new(None);
    for i in 0..10 {
        assert_eq!(all.make_room(), None);
        all.push(PathBuf::from(i.to_string()));
    }
    assert_eq!(all.len(), 10);
}
