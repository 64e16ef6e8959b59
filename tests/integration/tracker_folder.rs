//! `hands --format text|ohh -o DIR`, a tracker's import folder: a file per
//! table session named as PokerStars names its files, each hand added
//! whole and once, across runs over the same capture, over a capture that
//! has grown and over one that continues it; a write that fails leaves the
//! files whole. (pokerkit reads the files while they are written:
//! `hands_interop.rs`.)

use crate::common::{self, testdata};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Output;

/// A legacy pcap file cut into its file header and its records (each with
/// its own 16-byte header).
pub fn pcap_records(bytes: &[u8]) -> (Vec<u8>, Vec<Vec<u8>>) {
    assert_eq!(
        &bytes[..4],
        b"\xd4\xc3\xb2\xa1",
        "a little-endian microsecond pcap"
    );
    let (mut records, mut at) = (Vec::new(), 24);
    while at + 16 <= bytes.len() {
        let len = u32::from_le_bytes(bytes[at + 8..at + 12].try_into().unwrap()) as usize;
        records.push(bytes[at..at + 16 + len].to_vec());
        at += 16 + len;
    }
    (bytes[..24].to_vec(), records)
}

/// Runs `hands --format FORMAT -o DIR FILE` (and `more`).
fn run(format: &str, dir: &Path, file: &Path, more: &[&str]) -> Output {
    (common::cardshark().args(["hands", "--format", format, "-o"]))
        .arg(dir)
        .args(more)
        .arg(file)
        .output()
        .unwrap()
}

/// Runs `hands --format FORMAT -o DIR FILE`, which must succeed; what its
/// last line of standard error says: hands written, files written to,
/// hands already there.
fn run_ok(format: &str, dir: &Path, file: &Path) -> (u64, u64, u64) {
    let out = run(format, dir, file, &[]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert!(out.stdout.is_empty());
    let last = stderr.lines().last().unwrap_or_default();
    let n: Vec<u64> = (last.split([' ', ',']))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        last.starts_with("cardshark: ") && last.ends_with(" already there") && n.len() == 3,
        "{stderr}"
    );
    (n[0], n[1], n[2])
}

/// Every file under `dir`, by path relative to it, with its bytes.
pub fn folder(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p: PathBuf = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                files.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    files
}

/// The `Hand #` numbers of a text file, in order.
fn numbers(text: &[u8]) -> Vec<u64> {
    (String::from_utf8_lossy(text).lines())
        .filter_map(|l| l.strip_prefix("PokerStars Hand #"))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect()
}

fn all_numbers(files: &BTreeMap<String, Vec<u8>>) -> Vec<u64> {
    files.values().flat_map(|t| numbers(t)).collect()
}

/// Writes `header` and `records` as a capture file.
fn capture(path: &Path, header: &[u8], records: &[Vec<u8>]) {
    std::fs::write(
        path,
        [vec![header.to_vec()], records.to_vec()].concat().concat(),
    )
    .unwrap();
}

#[test]
fn a_file_per_table_session_named_as_pokerstars_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let duo = testdata("pokerth1/duo.pcap");
    assert_eq!(run_ok("text", dir.path(), &duo), (16, 3, 0));
    let files = folder(dir.path());
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "Observer/HH20261125 pcap test duo - 40-80 - Play Money No Limit Hold'em.txt",
            "alice/HH20261125 pcap test duo - 20-40 - Play Money No Limit Hold'em.txt",
            "bob/HH20261125 pcap test duo - 20-40 - Play Money No Limit Hold'em.txt",
        ]
    );
    // The same hands as standard output's text, each in the file of each
    // client that saw it (both saw every hand), under one number.
    let stdout = common::run_ok(&["hands", "--format", "text"], "pokerth1/duo.pcap");
    let mut all = all_numbers(&files);
    let mut want = numbers(stdout.as_bytes());
    want.extend(want.clone());
    all.sort_unstable();
    want.sort_unstable();
    assert_eq!(all, want);
    for (name, bytes) in &files {
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.ends_with("\n\n\n"), "{name}");
        for hand in text.trim_end().split("\n\n\n") {
            assert!(hand.contains(" (Play Money) "), "{name}: {hand}");
            assert!(hand.contains(" 2026/11/25 ") && hand.contains(" UTC\n"));
            // The hero's cards, or none for the hands he watched.
            let hero = name.split('/').next().unwrap();
            let dealt: Vec<&str> = hand
                .lines()
                .filter(|l| l.starts_with("Dealt to "))
                .collect();
            if hero == "Observer" {
                assert!(dealt.is_empty(), "{name}: {hand}");
            } else {
                assert_eq!(dealt.len(), 1, "{name}: {hand}");
                assert!(dealt[0].starts_with(&format!("Dealt to {hero} [")));
            }
        }
    }
    // OHH: the same names, .ohh, the same hands.
    let ohh = tempfile::tempdir().unwrap();
    run_ok("ohh", ohh.path(), &duo);
    let objects = folder(ohh.path());
    let ohh_names: Vec<String> = objects.keys().map(|n| n.replace(".ohh", ".txt")).collect();
    assert_eq!(ohh_names, names);
    let count: usize = (objects.values())
        .map(|b| {
            String::from_utf8_lossy(b)
                .lines()
                .filter(|l| !l.is_empty())
                .count()
        })
        .sum();
    assert_eq!(count, 16);
}

#[test]
fn a_second_run_adds_no_hand_and_changes_no_byte() {
    for format in ["text", "ohh"] {
        let dir = tempfile::tempdir().unwrap();
        let file = testdata("hands/merged.pcap");
        let (written, _, _) = run_ok(format, dir.path(), &file);
        let before = folder(dir.path());
        assert!(written >= 20, "{written}");
        assert_eq!(run_ok(format, dir.path(), &file), (0, 0, written));
        assert_eq!(folder(dir.path()), before, "{format}");
    }
}

/// A capture read while it grows (the first half, then the whole), and
/// rotated captures (the halves one after the other): each hand once, and
/// the grown capture's folder is the whole capture's.
#[test]
fn a_capture_that_grows_or_continues_adds_only_its_new_hands() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = testdata("pokerth1/duo.pcap");
    let (header, records) = pcap_records(&std::fs::read(&whole).unwrap());
    let half = records.len() / 2;
    let first = tmp.path().join("first.pcap");
    let second = tmp.path().join("second.pcap");
    capture(&first, &header, &records[..half]);
    capture(&second, &header, &records[half..]);

    let once = tmp.path().join("once");
    run_ok("text", &once, &whole);
    let grown = tmp.path().join("grown");
    let (early, ..) = run_ok("text", &grown, &first);
    assert!(early > 0 && early < 16, "{early}");
    assert_eq!(run_ok("text", &grown, &whole).2, early);
    assert_eq!(folder(&grown), folder(&once));

    // Rotated: the second half numbers its streams anew and knows no hero.
    let rotated = tmp.path().join("rotated");
    run_ok("text", &rotated, &first);
    run_ok("text", &rotated, &second);
    let files = folder(&rotated);
    for (name, text) in &files {
        let numbers = numbers(text);
        let unique: HashSet<&u64> = numbers.iter().collect();
        assert_eq!(
            unique.len(),
            numbers.len(),
            "{name}: a hand twice: {numbers:?}"
        );
    }
    assert!(all_numbers(&files).len() > early as usize, "{files:?}");
    run_ok("text", &rotated, &second);
    run_ok("text", &rotated, &first);
    assert_eq!(folder(&rotated), files);
}

/// A disk that fills: a file size limit (RLIMIT_FSIZE; cardshark ignores
/// SIGXFSZ, so the write fails with EFBIG rather than killing it) cuts a
/// hand's write short. The run stops with an error naming the file, and
/// every file holds whole hands, the first ones of a run without the
/// limit. Half a hand left at a file's end (a process killed during a
/// write) is cut off by the next run.
#[test]
fn a_write_that_fails_leaves_whole_hands() {
    use std::os::unix::process::CommandExt;
    let file = testdata("pokerth1/duo.pcap");
    let full = tempfile::tempdir().unwrap();
    run_ok("text", full.path(), &file);
    let whole = folder(full.path());
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_cardshark"));
    cmd.args(["hands", "--format", "text", "-o"])
        .arg(dir.path())
        .arg(&file);
    // SAFETY: between fork and exec only async-signal-safe calls.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 3000,
                rlim_max: 3000,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("cardshark: error: ")
            && stderr.contains("Play Money No Limit Hold'em.txt: cannot add hand ")
            && stderr.contains("File too large")
            && stderr.contains("the file keeps the whole hands written before it"),
        "{stderr}"
    );
    let cut = folder(dir.path());
    assert!(!cut.is_empty());
    let mut short = 0;
    for (name, bytes) in &cut {
        assert!(bytes.is_empty() || bytes.ends_with(b"\n\n\n"), "{name}");
        assert!(whole[name].starts_with(bytes), "{name}: not whole hands");
        short += usize::from(bytes.len() < whole[name].len());
    }
    assert!(short > 0);
    let (torn, _) = cut.iter().find(|(_, b)| !b.is_empty()).unwrap();
    let mut f = (std::fs::OpenOptions::new().append(true))
        .open(dir.path().join(torn))
        .unwrap();
    std::io::Write::write_all(&mut f, b"PokerStars Hand #1: Hold'em No Li").unwrap();
    // The next run, with room, cuts the half hand and adds the rest: the
    // folder is whole.
    let out = run("text", dir.path(), &file, &[]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!(
            "{torn}: its last 33 bytes are not a whole hand (a write cut short"
        )),
        "{stderr}"
    );
    assert_eq!(folder(dir.path()), whole);
}

#[test]
fn the_site_names_the_headers() {
    let dir = tempfile::tempdir().unwrap();
    let file = testdata("pokernetwork/session-old.pcap");
    let out = run("text", dir.path(), &file, &["--site", "Home Game"]);
    assert!(out.status.success());
    let files = folder(dir.path());
    let text = String::from_utf8_lossy(files.values().next().unwrap()).into_owned();
    assert!(text.starts_with("Home Game Hand #"), "{text}");
    // Found again and not written twice, whatever the site.
    let out = run("text", dir.path(), &file, &[]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 hands written"));
    let ohh = tempfile::tempdir().unwrap();
    assert!(run("ohh", ohh.path(), &file, &["--site", "My Club"])
        .status
        .success());
    let files = folder(ohh.path());
    let first = String::from_utf8_lossy(files.values().next().unwrap()).into_owned();
    let v: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(v["ohh"]["site_name"], "My Club");
    assert_eq!(v["ohh"]["network_name"], "My Club");
    // Without a folder too.
    let text = common::run_ok(
        &["hands", "--format", "text", "--site", "Home Game"],
        "pokernetwork/session-old.pcap",
    );
    assert!(text.starts_with("Home Game Hand #"));
}
