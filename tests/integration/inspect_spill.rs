//! `inspect --format json` keeps a bounded number of rows in memory and spills the rest to
//! a temporary file in sorted runs: what it prints must not depend on it.
//! The test hook `CARDSHARK_INSPECT_ROWS_IN_MEMORY` makes the bound tiny.

use crate::common;
use crate::support;

use std::path::Path;
use support::*;

const ROWS_VAR: &str = "CARDSHARK_INSPECT_ROWS_IN_MEMORY";

/// Standard output of a successful `inspect`, with the row bound set or not.
fn inspect(path: &Path, args: &[&str], rows_in_memory: Option<&str>) -> String {
    let mut cmd = common::cardshark();
    cmd.arg("inspect").args(args).arg(path).env_remove(ROWS_VAR);
    if let Some(n) = rows_in_memory {
        cmd.env(ROWS_VAR, n);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "inspect {args:?} (rows in memory {rows_in_memory:?}) failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Every output of `inspect` is the same with 2 rows in memory as with the
/// default bound.
fn same_spilled_or_not(path: &Path, extra: &[&str]) {
    for format in ["table", "json"] {
        let mut args = vec!["--format", format];
        args.extend_from_slice(extra);
        let whole = inspect(path, &args, None);
        let spilled = inspect(path, &args, Some("2"));
        assert!(whole.contains("Streams:") || whole.contains("\"streams\""));
        assert_eq!(spilled, whole, "inspect {args:?}");
    }
}

#[test]
fn spilled_rows_print_like_rows_in_memory_on_all_four() {
    same_spilled_or_not(&testdata("mixed/all-four.pcap"), &[]);
}

/// `n` connections, overlapping in time and ending in another order than
/// they started: FIN both ways, RST, or still open at the end of the
/// capture; IPv4 and IPv6; some carrying bytes to a game port.
fn many_streams(n: u32) -> Vec<Frame> {
    let t0 = 1_700_000_000_000_000u64;
    let mut frames = Vec::new();
    for i in 0..n {
        let (client, server) = if i % 4 == 3 {
            (
                format!("[2001:db8::{:x}]:{}", i + 1, 40000 + i),
                "[2001:db8::1]:7234".to_string(),
            )
        } else {
            (
                format!("10.0.{}.{}:{}", i / 200, i % 200 + 1, 40000 + i),
                "10.1.0.1:8000".to_string(),
            )
        };
        let mut c = Conn::new(&client, &server, 1000 + i, 9000 + i);
        let mut segs = c.handshake();
        segs.push(c.data(true, format!("hello {i}").as_bytes()));
        segs.push(c.ack(false));
        match i % 5 {
            0 => segs.push(c.seg(true, RST | ACK, b"")),
            1 => {} // still open at the end of the capture
            _ => {
                segs.push(c.fin(true));
                segs.push(c.fin(false));
                segs.push(c.ack(true));
            }
        }
        // Starts 1 ms apart; segments 1 to 37 ms apart.
        let step = 1000 * u64::from(i * 7 % 37 + 1);
        let start = t0 + 1000 * u64::from(i);
        for (k, s) in segs.iter().enumerate() {
            frames.push(Frame::new(start + step * k as u64, c.eth(s)));
        }
    }
    frames.sort_by_key(|f| f.ts_us); // stable: a connection's order stays
    frames
}

#[test]
fn spilled_rows_print_like_rows_in_memory_on_hundreds_of_streams() {
    let dir = TempDir::new();
    let path = dir.file("many.pcap");
    write_pcap(&path, 1, 65535, &many_streams(300));
    let json = inspect(&path, &["--format", "json"], Some("2"));
    assert!(json.contains("\"streams\": 300,"), "300 streams");
    same_spilled_or_not(&path, &[]);
    // Few flows tracked at once: rows are made (and spilled) mid-capture,
    // some of them flushed.
    same_spilled_or_not(&path, &["--max-flows", "16"]);
}

#[test]
fn a_bad_row_bound_is_a_usage_error() {
    let out = common::cardshark()
        .args(["inspect"])
        .arg(testdata("mixed/all-four.pcap"))
        .env(ROWS_VAR, "0")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(ROWS_VAR));
}

#[test]
fn an_unusable_temporary_directory_is_a_clear_error() {
    let dir = TempDir::new();
    let missing = dir.file("no-such-dir");
    let out = common::cardshark()
        .args(["inspect", "--format", "json"])
        .arg(testdata("mixed/all-four.pcap"))
        .env(ROWS_VAR, "2")
        .env("TMPDIR", &missing)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("temporary file for inspect's rows") && err.contains("no-such-dir"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}
