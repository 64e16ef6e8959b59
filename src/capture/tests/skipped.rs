//! Several files, and a watched directory: a file damaged or not a
//! capture is skipped (a [`Skipped`](crate::capture::Skipped)), and the
//! others are read.

use super::*;
use crate::capture::Skipped;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A pcap file of `n` one-byte frames, from second `start` on.
fn capture(start: u32, n: u32) -> Vec<u8> {
    let mut parts = vec![pcap_header(Le, false, 65535, 1)];
    parts.extend((0..n).map(|i| pcap_record(Le, start + i, 0, &[i as u8], 1)));
    concat(&parts)
}

/// Writes `files` (name, bytes) into a new temporary directory.
fn directory(files: &[(&str, Vec<u8>)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

/// The name a file of `dir` has in messages.
fn named(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

#[test]
fn a_merge_skips_a_file_cut_short_and_reads_the_others() {
    let cut = capture(10, 3);
    let dir = directory(&[
        ("a.pcap", capture(0, 2)),
        ("b.pcap", cut[..cut.len() - 1].to_vec()),
        ("c.pcap", capture(20, 2)),
    ]);
    let root = dir.path().display().to_string();
    let mut reader = CaptureReader::open(&root).unwrap();
    let mut times = Vec::new();
    while let Some(frame) = reader.next_frame().unwrap() {
        times.push((frame.number, frame.ts.secs));
    }
    assert_eq!(times, [(1, 0), (2, 1), (3, 10), (4, 11), (5, 20), (6, 21)]);
    let want = CaptureError::new(
        named(dir.path(), "b.pcap"),
        "truncated record: 16 of 17 bytes (pcap record)",
    )
    .at_offset(24 + 2 * 17)
    .at_frame(3);
    assert_eq!(
        reader.take_skipped(),
        [Skipped {
            error: want,
            damaged: true
        }]
    );
}

#[test]
fn a_watch_reads_its_files_in_turn_skips_what_is_not_a_capture_and_stops() {
    static STOP: AtomicBool = AtomicBool::new(false);
    let dir = directory(&[
        ("cap10.pcap", capture(20, 2)),
        ("cap2.pcap", capture(10, 2)),
        ("cap1.pcap", capture(0, 2)),
        ("notes.txt", b"not a capture".to_vec()),
    ]);
    let root = dir.path().display().to_string();
    let mut reader = CaptureReader::watch(&root, &STOP).unwrap();
    let mut times = Vec::new();
    for _ in 0..6 {
        let frame = reader.next_frame().unwrap().expect("a frame");
        times.push((frame.number, frame.ts.secs));
    }
    assert_eq!(times, [(1, 0), (2, 1), (3, 10), (4, 11), (5, 20), (6, 21)]);
    // The last file read whole, and no later one: reading would wait.
    assert!(reader.would_wait());
    STOP.store(true, Relaxed);
    assert!(!reader.would_wait());
    assert!(reader.next_frame().unwrap().is_none());
    let skipped = reader.take_skipped();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(skipped[0].error.file, named(dir.path(), "notes.txt"));
    assert!(skipped[0]
        .error
        .message
        .starts_with("not a pcap or pcapng file"));
    assert!(!skipped[0].damaged);
}
