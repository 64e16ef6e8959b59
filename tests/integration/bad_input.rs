//! Bad input: a one-line error naming the file and where, exit status 1 when
//! nothing could be read, partial results plus a warning otherwise. Never a panic.

use crate::common;
use crate::support;

use common::cardshark;
use support::*;

/// Runs `inspect FILE`, returns (status code, stdout, stderr).
fn inspect_raw(path: &std::path::Path) -> (i32, String, String) {
    let out = cardshark().arg("inspect").arg(path).output().unwrap();
    (
        out.status.code().expect("exit code, not a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_one_line_error(stderr: &str, path: &std::path::Path, words: &str) {
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("cardshark: error: "), "{stderr}");
    assert!(
        lines[0].contains(&path.display().to_string()),
        "names the file: {stderr}"
    );
    assert!(lines[0].contains(words), "says '{words}': {stderr}");
}

fn good_capture(dir: &TempDir) -> (std::path::PathBuf, usize) {
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let mut segs = c.handshake();
    segs.push(c.data(true, b"hello"));
    segs.push(c.data(false, b"world"));
    let path = dir.file("good.pcap");
    write_pcap(&path, 1, 65535, &c.frames(&segs, 0));
    (path, segs.len())
}

#[test]
fn empty_file() {
    let dir = TempDir::new();
    let path = dir.file("empty.pcap");
    std::fs::write(&path, b"").unwrap();
    let (code, out, err) = inspect_raw(&path);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert_one_line_error(&err, &path, "empty");
}

#[test]
fn not_a_capture() {
    let dir = TempDir::new();
    let path = dir.file("notes.txt");
    std::fs::write(&path, "This is a text file, not a capture.\n".repeat(10)).unwrap();
    let (code, _, err) = inspect_raw(&path);
    assert_eq!(code, 1);
    assert_one_line_error(&err, &path, "not a pcap or pcapng file");
}

#[test]
fn truncated_header() {
    let dir = TempDir::new();
    let (good, _) = good_capture(&dir);
    let bytes = std::fs::read(&good).unwrap();
    for cut in [4, 10, 23] {
        let path = dir.file(&format!("header{cut}.pcap"));
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let (code, _, err) = inspect_raw(&path);
        assert_eq!(code, 1, "cut at {cut}");
        assert_one_line_error(&err, &path, "offset");
    }
}

#[test]
fn capture_cut_inside_a_record_keeps_what_was_good() {
    let dir = TempDir::new();
    let (good, frames) = good_capture(&dir);
    let bytes = std::fs::read(&good).unwrap();
    let path = dir.file("cut.pcap");
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    let (code, out, err) = inspect_raw(&path);
    // What was good is written; the damage is the error (exit 1).
    assert_eq!(code, 1, "a damaged capture: {err}");
    assert!(
        out.contains(&format!("Frames:       {}", frames - 1)),
        "{out}"
    );
    let warning = err.lines().next().unwrap_or("");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(warning.starts_with("cardshark: error: "), "{err}");
    assert!(warning.contains(&format!("frame {frames}")), "{err}");
    assert!(warning.contains(&path.display().to_string()), "{err}");
    // The frames before the cut are still reassembled.
    let follow = cardshark()
        .args(["follow", "-s", "0", "--format", "raw", "--dir", "c2s"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(follow.stdout, b"hello");
}

#[test]
fn corrupt_pcapng_block() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let segs = c.handshake();
    let packets: Vec<(u32, Frame)> = c.frames(&segs, 0).into_iter().map(|f| (0, f)).collect();
    let path = dir.file("good.pcapng");
    write_pcapng(
        &path,
        pcap_file::Endianness::Little,
        &[Section {
            interfaces: vec![(1, 65535)],
            packets,
        }],
    );
    let mut bytes = std::fs::read(&path).unwrap();
    // Find the last Enhanced Packet Block (type 6) and break its trailing length.
    let last = bytes.len() - 4;
    let total = u32::from_le_bytes(bytes[last..].try_into().unwrap()) as usize;
    let start = bytes.len() - total;
    assert_eq!(&bytes[start..start + 4], &[6, 0, 0, 0]);
    bytes[last] ^= 0x40;
    let bad = dir.file("bad.pcapng");
    std::fs::write(&bad, &bytes).unwrap();
    let (code, out, err) = inspect_raw(&bad);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("Frames:       2"), "{out}");
    assert!(err.starts_with("cardshark: error: "), "{err}");
    assert!(
        err.contains(&format!("offset {start}")),
        "names the block's offset: {err}"
    );
}

#[test]
fn missing_file_and_bad_usage() {
    let out = cardshark()
        .args(["inspect", "/nonexistent/x.pcap"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/x.pcap"), "{err}");
    let out = cardshark().args(["inspect"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = cardshark()
        .args(["follow", "x.pcap", "-s", "zero"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn following_a_stream_that_does_not_exist() {
    let dir = TempDir::new();
    let (path, _) = good_capture(&dir);
    let out = cardshark()
        .args(["follow", "-s", "5"])
        .arg(&path)
        .output()
        .unwrap();
    // A stream the capture does not have is bad usage.
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("-s 5: ") && err.contains("has no stream 5 (it has 1 stream, numbered 0"),
        "{err}"
    );
}

#[test]
fn random_garbage_never_panics() {
    let dir = TempDir::new();
    let (good, _) = good_capture(&dir);
    let bytes = std::fs::read(&good).unwrap();
    let mut x: u32 = 12345;
    for round in 0..40 {
        let mut b = bytes.clone();
        for _ in 0..8 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let i = 24 + (x as usize >> 8) % (b.len() - 24);
            b[i] = (x >> 3) as u8;
        }
        let path = dir.file(&format!("fuzz{round}.pcap"));
        std::fs::write(&path, &b).unwrap();
        let (code, _, err) = inspect_raw(&path);
        assert!(code == 0 || code == 1, "round {round}: {err}");
        assert!(!err.contains("panicked"), "round {round}: {err}");
    }
}
