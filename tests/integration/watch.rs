//! `--watch DIR`: a capture split into rotated files (`editcap -c`, named
//! as dumpcap names a ring) written into a directory one by one while
//! cardshark watches it, the last one growing, gives exactly the records
//! of the whole capture; files that are not captures are skipped with a
//! warning; a file that shrinks or is replaced while read is a warning,
//! and reading goes on; SIGTERM and Ctrl-C end the run with its summary.
//!
//! Nothing here depends on timing: the test writes, then polls for what
//! cardshark has written (with a generous deadline), and no sleep is an
//! assertion. Damaged files among several inputs read whole: `rotated.rs`.

mod running;

pub(crate) use running::{run, split, with_dir, Running, WHOLE};

use crate::support::{testdata, TempDir};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Writes `bytes` as `path` (created, then written).
fn write(path: &Path, bytes: &[u8]) {
    let mut f = std::fs::File::create(path).unwrap();
    f.write_all(bytes).unwrap();
}

/// Appends `bytes` to `path`.
fn append(path: &Path, bytes: &[u8]) {
    let mut f = std::fs::OpenOptions::new().append(true).open(path).unwrap();
    f.write_all(bytes).unwrap();
}

/// The number of whole records in the first `len` bytes of a little-endian
/// microsecond pcap file `bytes` (as editcap writes them here).
fn records_in(bytes: &[u8], len: usize) -> u64 {
    assert_eq!(bytes[..4], [0xd4, 0xc3, 0xb2, 0xa1], "a little-endian pcap");
    let (mut at, mut n) = (24, 0);
    while at + 16 <= len {
        let incl = u32::from_le_bytes(bytes[at + 8..at + 12].try_into().unwrap()) as usize;
        if at + 16 + incl > len {
            break;
        }
        (at, n) = (at + 16 + incl, n + 1);
    }
    n
}

/// A condition of [`Running::wait_for`]: the output holds the records of
/// `whole` (`decode --format jsonl`) of the frames up to `frames`.
fn read_to(whole: &str, frames: u64) -> impl Fn(&str, &str) -> bool + '_ {
    let due = whole.lines().filter(|l| frame(l) <= frames).count();
    move |out, _| whole.starts_with(out) && out.lines().count() >= due
}

/// The `frame` of a JSON record line.
fn frame(line: &str) -> u64 {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["frame"].as_u64().unwrap()
}

#[test]
fn rotated_files_written_one_by_one_give_the_records_of_the_whole_capture() {
    let parts = TempDir::new();
    let Some(files) = split(&testdata(WHOLE), &parts.file(""), 500) else {
        return;
    };
    let (code, whole, err) = run(&with_dir(
        &["decode", "--format", "jsonl"],
        &testdata(WHOLE),
    ));
    assert_eq!((code, err.as_str()), (0, ""));
    // On the calling thread, and with a reading thread and workers.
    for threads in ["1", "2"] {
        let (code, out, err) = watch_as_written(&files, &whole, threads);
        assert_eq!(out, whole, "after the signal: no record more, none less");
        assert_eq!(code, 0, "{err}");
        assert_eq!(err.lines().count(), 1, "only the watching line: {err}");
    }
}

/// `decode --format jsonl --watch` on a directory into which `files` are
/// written one after another, the last in two halves: checks that the
/// records of the first half come out before the second is written, and
/// that every record of `whole` comes out; then stops it with SIGTERM.
fn watch_as_written(files: &[PathBuf], whole: &str, threads: &str) -> (i32, String, String) {
    let watched = TempDir::new();
    let dir = watched.file("");
    let args = [
        "decode",
        "--format",
        "jsonl",
        "--threads",
        threads,
        "--watch",
    ];
    let running = Running::start(&with_dir(&args, &dir));
    let (last, before) = files.split_last().unwrap();
    let named = |f: &Path| watched.file(f.file_name().unwrap().to_str().unwrap());
    let mut frames = 0;
    for f in before {
        let bytes = std::fs::read(f).unwrap();
        frames += records_in(&bytes, bytes.len());
        write(&named(f), &bytes);
        // A pause between files, as a writer makes (not an assertion).
        std::thread::sleep(Duration::from_millis(100));
    }
    // The last file half written, cut inside a record: the records of its
    // whole frames come out before the rest is written.
    let bytes = std::fs::read(last).unwrap();
    let half = bytes.len() / 2 + 7;
    write(&named(last), &bytes[..half]);
    let written = frames + records_in(&bytes, half);
    let so_far = "the records of the frames written so far";
    running.wait_for(so_far, read_to(whole, written));
    append(&named(last), &bytes[half..]);
    running.wait_for("every record", |out, _| out == whole);
    running.stop(libc::SIGTERM)
}

#[test]
fn a_directory_of_rotated_files_is_the_whole_capture() {
    let parts = TempDir::new();
    let Some(_) = split(&testdata(WHOLE), &parts.file(""), 500) else {
        return;
    };
    let decode = |input: &Path| run(&with_dir(&["decode", "--format", "jsonl"], input));
    let whole = decode(&testdata(WHOLE));
    assert_eq!((whole.0, whole.2.as_str()), (0, ""));
    assert_eq!(decode(&parts.file("")), whole);
}

#[test]
fn files_that_are_not_captures_are_skipped_with_a_warning() {
    let parts = TempDir::new();
    let Some(files) = split(&testdata(WHOLE), &parts.file(""), 1000) else {
        return;
    };
    let (_, whole, _) = run(&with_dir(
        &["decode", "--format", "jsonl"],
        &testdata(WHOLE),
    ));
    let watched = TempDir::new();
    // One sorts before the captures, one among them, one after them.
    write(&watched.file("README"), b"rotated by dumpcap -b\n");
    for f in &files {
        std::fs::copy(f, watched.file(f.file_name().unwrap().to_str().unwrap())).unwrap();
    }
    write(&watched.file("cap_00002_x.txt"), b"a note in the middle\n");
    write(&watched.file("zz.log"), b"\x00\x01\x02\x03 not text either");
    let dir = watched.file("");
    let running = Running::start(&with_dir(&["decode", "--format", "jsonl", "--watch"], &dir));
    let skipped = |err: &str, name: &str| {
        let want = format!(
            "{}: byte offset 0: not a pcap or pcapng file",
            dir.join(name).display()
        );
        err.lines().any(|l| {
            l.starts_with(&format!("cardshark: warning: {want}")) && l.ends_with("; skipped")
        })
    };
    running.wait_for("every record and three warnings", |out, err| {
        out == whole
            && ["README", "cap_00002_x.txt", "zz.log"]
                .iter()
                .all(|n| skipped(err, n))
    });
    let (code, out, err) = running.stop(libc::SIGTERM);
    assert_eq!(out, whole);
    // Not damage: the captures were read whole.
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 4, "{err}");
}

#[test]
fn a_file_that_shrinks_or_is_replaced_while_read_is_a_warning_and_reading_goes_on() {
    let parts = TempDir::new();
    let Some(files) = split(&testdata(WHOLE), &parts.file(""), 500) else {
        return;
    };
    let name = |i: usize| files[i].file_name().unwrap().to_str().unwrap().to_string();
    let watched = TempDir::new();
    let dir = watched.file("");
    std::fs::copy(&files[0], watched.file(&name(0))).unwrap();
    let (_, whole, _) = run(&with_dir(
        &["decode", "--format", "jsonl"],
        &testdata(WHOLE),
    ));
    let running = Running::start(&with_dir(&["decode", "--format", "jsonl", "--watch"], &dir));
    // The first file read to its end, then rewritten in place, shorter.
    running.wait_for("the first file's records", read_to(&whole, 500));
    let first = std::fs::OpenOptions::new()
        .write(true)
        .open(watched.file(&name(0)));
    first.unwrap().set_len(100).unwrap();
    running.wait_for("the warning about the file that shrank", |_, err| {
        err.contains("shrank")
    });
    // The next file read to its end, then replaced under its name by
    // another (renamed over it, as `mv` does).
    std::fs::copy(&files[1], watched.file(&name(1))).unwrap();
    running.wait_for("the second file's records", read_to(&whole, 1000));
    let copy = watched.file(".replacement");
    std::fs::copy(&files[2], &copy).unwrap();
    std::fs::rename(&copy, watched.file(&name(1))).unwrap();
    running.wait_for("the warning about the file replaced", |_, err| {
        err.contains("replaced")
    });
    for (i, f) in files.iter().enumerate().skip(2) {
        std::fs::copy(f, watched.file(&name(i))).unwrap();
    }
    // Both were read whole before the damage: nothing is lost.
    running.wait_for("every record", |out, _| out == whole);
    let (code, _, err) = running.stop(libc::SIGTERM);
    assert_eq!(code, 1, "the input was damaged: {err}");
    let lines: Vec<&str> = err.lines().collect();
    let shrank = format!(
        "cardshark: warning: {}: byte offset ",
        dir.join(name(0)).display()
    );
    assert!(lines[1].starts_with(&shrank), "{err}");
    assert!(
        lines[1].ends_with(
            "bytes while it was read (rewritten in place?); the rest of this file is skipped"
        ),
        "{err}"
    );
    let replaced = format!(
        "cardshark: warning: {}: byte offset ",
        dir.join(name(1)).display()
    );
    assert!(lines[2].starts_with(&replaced), "{err}");
    assert!(
        lines[2].contains("replaced by another of the same name while it was read"),
        "{err}"
    );
    let last = format!(
        "cardshark: error: {}: 2 files are damaged (see their warnings); results cover the rest",
        dir.display()
    );
    assert_eq!(lines[3..], [last.as_str()], "{err}");
}

#[test]
fn sigterm_and_ctrl_c_end_the_watch_with_the_summary() {
    let (code, want, err) = run(&[Path::new("inspect"), &testdata(WHOLE)]);
    assert_eq!((code, err.as_str()), (0, ""));
    let but_the_name = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("Capture:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let watched = TempDir::new();
        std::fs::copy(testdata(WHOLE), watched.file("cap.pcap")).unwrap();
        let dir = watched.file("");
        let running = Running::start(&with_dir(&["inspect", "--watch"], &dir));
        // Whenever the signal comes, the file there at the start is read.
        let (code, out, err) = running.stop(signal);
        assert_eq!(code, 0, "signal {signal}: {err}");
        assert_eq!(but_the_name(&out), but_the_name(&want), "signal {signal}");
        assert!(
            out.contains(&format!("Capture:      {} (pcap)", dir.display())),
            "{out}"
        );
    }
}

#[test]
fn watch_takes_one_directory() {
    let file = testdata(WHOLE);
    let dir = TempDir::new();
    let (d, f) = (dir.file(""), file.as_path());
    for (args, want) in [
        (
            with_dir(&["inspect", "--watch"], f),
            "not a directory (to follow one file",
        ),
        (
            vec![Path::new("inspect"), "--watch".as_ref(), &d, &d],
            "--watch takes one directory",
        ),
        (
            with_dir(&["inspect", "--watch", "-w", "out.pcap"], &d),
            "cannot be used with",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(
            err.starts_with("cardshark: error: ") && err.contains(want),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_watch_ends_by_itself_once_decode_has_its_count() {
    let watched = TempDir::new();
    std::fs::copy(testdata(WHOLE), watched.file("cap.pcap")).unwrap();
    let (_, whole, _) = run(&with_dir(
        &["decode", "--format", "jsonl"],
        &testdata(WHOLE),
    ));
    let first: String = whole.lines().take(5).map(|l| format!("{l}\n")).collect();
    for threads in ["1", "2"] {
        let args = [
            "decode",
            "--format",
            "jsonl",
            "-c",
            "5",
            "--threads",
            threads,
            "--watch",
        ];
        let (code, out, err) = Running::start(&with_dir(&args, &watched.file(""))).end();
        assert_eq!((code, out.as_str()), (0, first.as_str()), "{err}");
    }
}

#[test]
fn a_file_compressed_once_written_is_not_read_twice() {
    let parts = TempDir::new();
    let Some(files) = split(&testdata(WHOLE), &parts.file(""), 500) else {
        return;
    };
    let (_, whole, _) = run(&with_dir(
        &["decode", "--format", "jsonl"],
        &testdata(WHOLE),
    ));
    let watched = TempDir::new();
    let dir = watched.file("");
    let running = Running::start(&with_dir(&["decode", "--format", "jsonl", "--watch"], &dir));
    // As tcpdump -C 1 -z gzip -w cap.pcap names them: cap.pcap, cap.pcap1,
    // ...; each gzipped once the next is begun (cap.pcap.gz), then removed.
    let name = |i: usize| match i {
        0 => "cap.pcap".to_string(),
        i => format!("cap.pcap{i}"),
    };
    let gzip = |i: usize| {
        let plain = watched.file(&name(i));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&std::fs::read(&plain).unwrap()).unwrap();
        write(
            &watched.file(&format!("{}.gz", name(i))),
            &gz.finish().unwrap(),
        );
        std::fs::remove_file(plain).unwrap();
    };
    for (i, f) in files.iter().enumerate() {
        write(&watched.file(&name(i)), &std::fs::read(f).unwrap());
        if i > 0 {
            gzip(i - 1);
        }
    }
    gzip(files.len() - 1);
    // A file sorting after them all: its warning says the watch has gone
    // past every compressed copy.
    write(&watched.file("zz.txt"), b"the end of the test");
    running.wait_for("the last warning", |_, err| err.contains("zz.txt"));
    let (code, out, err) = running.stop(libc::SIGTERM);
    assert_eq!(out, whole, "every frame once");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn while_the_last_file_waits_to_grow_capture_time_moves_on() {
    // The first 600 frames of the capture: its four connections still
    // open, with no packet to come that would end them.
    let bytes = std::fs::read(testdata(WHOLE)).unwrap();
    let (header, records) = crate::tracker_folder::pcap_records(&bytes);
    let watched = TempDir::new();
    let cut = watched.file("cap.pcap");
    write(&cut, &[header, records[..600].concat()].concat());
    let args = ["inspect", "--format", "csv", "--idle-timeout", "3"];
    let (code, want, err) = run(&with_dir(&args, &cut));
    assert_eq!((code, err.as_str()), (0, ""));
    let rows = want.lines().count();
    assert!(rows > 4, "{want}");
    // Watched, every stream's row comes out without a signal: the streams
    // end by --idle-timeout as the clock moves capture time on.
    let dir = watched.file("");
    let running = Running::start(&with_dir(&[&args[..], &["--watch"]].concat(), &dir));
    running.wait_for("every stream to end by the idle timeout", |out, _| {
        out.lines().count() == rows
    });
    let (code, out, err) = running.stop(libc::SIGTERM);
    assert_eq!((code, err.lines().count()), (0, 1), "{err}");
    assert_eq!(out.lines().count(), rows, "no row waited for the signal");
}
