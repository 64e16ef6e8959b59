//! Running the cardshark binary in integration tests.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;
use std::io::Read;
use std::os::fd::FromRawFd;
use std::path::{Path, PathBuf};

pub fn cardshark() -> Command {
    Command::cargo_bin("cardshark").expect("binary")
}

/// `inspect --format json`, which must succeed.
pub fn inspect(path: &Path) -> Value {
    let out = cardshark()
        .args(["inspect", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "inspect failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("inspect JSON")
}

/// `follow -s N --format raw --dir DIR`, which must succeed.
pub fn follow_raw(path: &Path, stream: u64, dir: &str) -> Vec<u8> {
    let out = cardshark()
        .args([
            "follow",
            "--format",
            "raw",
            "--dir",
            dir,
            "-s",
            &stream.to_string(),
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "follow failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `follow -s N --format FORMAT`, which must succeed.
pub fn follow(path: &Path, stream: u64, format: &str) -> String {
    let out = cardshark()
        .args(["follow", "--format", format, "-s", &stream.to_string()])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "follow failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The streams array of an inspect document.
pub fn streams(doc: &Value) -> &Vec<Value> {
    doc["streams"].as_array().expect("streams")
}

/// Stream `n` of `inspect --format json`, owned.
pub fn stream(path: &Path, n: usize) -> Value {
    streams(&inspect(path))[n].clone()
}

/// The OHH objects (the value of each line's `"ohh"`) of
/// `hands --format jsonl ARGS FILE`, which must succeed.
pub fn hands_ohh(path: &Path, args: &[&str]) -> Vec<Value> {
    let out = cardshark()
        .args(["hands", "--format", "jsonl"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "hands failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (String::from_utf8(out.stdout).unwrap().lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["ohh"].clone())
        .collect()
}

/// `testdata/REL`.
pub fn testdata(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

/// Runs cardshark with `args` on `file` (under testdata/); it must
/// succeed. Its stdout.
pub fn run_ok(args: &[&str], file: &str) -> String {
    let out = cardshark().args(args).arg(testdata(file)).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} {file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// JSON Lines, parsed.
pub fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every capture under testdata/.
pub fn captures() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("pcap" | "pcapng")
            ) {
                out.push(p);
            }
        }
    }
    let mut all = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata"),
        &mut all,
    );
    all.sort();
    all
}

/// Runs the interop checker `script` (under tests/interop/) with `args`
/// in the virtual environment of tests/interop/setup.sh, and returns its
/// standard output; a checker that fails fails the test with its output.
pub fn interop_check<S: AsRef<std::ffi::OsStr>>(script: &str, args: &[S]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("target/interop-venv/bin/python");
    assert!(python.exists(), "no venv: run tests/interop/setup.sh first");
    let out = std::process::Command::new(&python)
        .arg(root.join("tests/interop").join(script))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Runs cardshark with standard output on a terminal `columns` wide (the
/// environment's COLUMNS removed, NO_COLOR set, then `env`); its exit
/// status, what the terminal showed (lines ending in `\n`), and stderr.
pub fn on_terminal(args: &[&str], columns: u16, env: &[(&str, &str)]) -> (i32, String, String) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 50,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two new descriptors into the pointers given
    // and reads the window size.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let reader = std::thread::spawn(move || {
        let (mut m, mut all, mut buf) = (master, Vec::new(), [0u8; 4096]);
        // Ends with EIO once the last holder of the slave exits.
        while let Ok(n) = m.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).replace("\r\n", "\n")
    });
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_cardshark"));
    cmd.args(args)
        .env_remove("COLUMNS")
        .env_remove("PAGER")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .stdout(slave)
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    drop(cmd);
    let shown = reader.join().unwrap();
    (
        out.status.code().unwrap(),
        shown,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What `cardshark ARGS --wide` shows on a terminal 250 columns wide:
/// its tables boxed and whole (a cell longer than its column wraps inside
/// it, on the lines below). The command must succeed.
pub fn boxed(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--wide");
    let (code, shown, err) = on_terminal(&all, 250, &[]);
    assert_eq!(code, 0, "cardshark {args:?}: {err}");
    shown
}

/// [`boxed`] with `file` (under testdata/) after `args`.
pub fn boxed_ok(args: &[&str], file: &str) -> String {
    let path = testdata(file);
    let mut all = args.to_vec();
    all.push(path.to_str().unwrap());
    boxed(&all)
}
