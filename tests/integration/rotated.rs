//! A file cut short among several inputs (a directory of rotated files, a
//! list of files, a watched directory): a warning names the file, the
//! frame and the byte offset, the later files are still read, and the
//! exit status says the input was damaged (1, after the output).

use crate::support::{testdata, TempDir};
use crate::watch::{run, split, with_dir, Running, WHOLE};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The rotated files of [`WHOLE`] in a directory, the fourth cut
/// `cut` bytes short; `None` without editcap.
fn with_a_cut_file(dir: &TempDir, cut: u64) -> Option<(Vec<PathBuf>, PathBuf)> {
    let files = split(&testdata(WHOLE), &dir.file(""), 500)?;
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&files[3])
        .unwrap();
    let len = f.metadata().unwrap().len();
    f.set_len(len - cut).unwrap();
    let cut = files[3].clone();
    Some((files, cut))
}

/// `inspect --format json ARGS`: exit status, the document, standard error.
fn inspect(args: &[&Path]) -> (i32, Value, String) {
    let mut all = vec![Path::new("inspect"), "--format".as_ref(), "json".as_ref()];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    (code, serde_json::from_str(&out).expect("inspect JSON"), err)
}

/// The warning about `file` cut inside its last record, frame 500 (of
/// 500), at byte offset `at`, and the line ending the run (`input` named).
fn cut_lines(file: &Path, at: u64, input: &str) -> [String; 2] {
    [
        format!(
            "cardshark: warning: {}: frame 500 (byte offset {at}): truncated record: ",
            file.display()
        ),
        format!(
            "cardshark: error: {input}: 1 file is damaged (see its warning); results cover the rest"
        ),
    ]
}

#[test]
fn a_file_cut_in_the_middle_of_a_directory_or_a_list_is_a_warning_and_the_rest_is_read() {
    let dir = TempDir::new();
    let Some((files, cut)) = with_a_cut_file(&dir, 30) else {
        return;
    };
    let whole = inspect(&[&testdata(WHOLE)]).1;
    // Where the cut file's last record starts: its length less that record.
    let bytes = std::fs::read(&cut).unwrap();
    let at = last_record(&bytes);
    let root = dir.file("");
    let list: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let names = files.iter().map(|f| f.display().to_string());
    let list_name = names.collect::<Vec<_>>().join(", ");
    for (args, name) in [
        (vec![root.as_path()], root.display().to_string()),
        (list, list_name),
    ] {
        let (code, doc, err) = inspect(&args);
        assert_eq!(code, 1, "{args:?}: the input is damaged: {err}");
        let lines: Vec<&str> = err.lines().collect();
        let [warning, last] = cut_lines(&cut, at, &name);
        assert_eq!(lines.len(), 2, "{err}");
        assert!(lines[0].starts_with(&warning), "{err}");
        assert!(
            lines[0].ends_with("; the rest of this file is skipped"),
            "{err}"
        );
        assert_eq!(lines[1], last);
        // One frame fewer; every stream there, each to its end by FIN (in
        // the last file).
        assert_eq!(doc["capture"]["frames"], 4118, "{doc}");
        let ends = |d: &Value| {
            let streams = d["streams"].as_array().unwrap().iter();
            streams.map(|s| s["end_reason"].clone()).collect::<Vec<_>>()
        };
        assert_eq!(ends(&doc), ends(&whole));
        assert!(ends(&doc).iter().all(|e| e == "fin"), "{doc}");
        let warnings = doc["capture"]["warnings"].as_array().unwrap();
        assert_eq!(warnings.len(), 2, "{doc}");
    }
}

#[test]
fn a_file_cut_inside_its_first_record_is_skipped_too() {
    let dir = TempDir::new();
    let Some((_, cut)) = with_a_cut_file(&dir, 0) else {
        return;
    };
    let f = std::fs::OpenOptions::new().write(true).open(&cut).unwrap();
    f.set_len(24 + 10).unwrap();
    let root = dir.file("");
    let (code, doc, err) = inspect(&[&root]);
    assert_eq!(code, 1, "{err}");
    let want = format!(
        "cardshark: warning: {}: frame 1 (byte offset 24): truncated record header: 10 of 16 bytes",
        cut.display()
    );
    assert!(err.starts_with(&want), "{err}");
    assert_eq!(doc["capture"]["frames"], 4119 - 500, "{doc}");
}

#[test]
fn a_file_cut_in_a_watched_directory_is_a_warning_and_the_rest_is_read() {
    let dir = TempDir::new();
    let Some((_, cut)) = with_a_cut_file(&dir, 30) else {
        return;
    };
    let at = last_record(&std::fs::read(&cut).unwrap());
    let root = dir.file("");
    let args = ["decode", "--format", "jsonl", "--watch"];
    let running = Running::start(&with_dir(&args, &root));
    let [warning, last] = cut_lines(&cut, at, &root.display().to_string());
    running.wait_for("the streams' ends and the warning", |out, err| {
        out.matches("\"stream_end\"").count() == 4 && err.contains(&warning)
    });
    let (code, _, err) = running.stop(libc::SIGTERM);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().last(), Some(last.as_str()), "{err}");
}

/// The byte offset of the last record of little-endian pcap `bytes` (cut
/// inside it).
fn last_record(bytes: &[u8]) -> u64 {
    let mut at = 24;
    loop {
        let incl = u32::from_le_bytes(bytes[at + 8..at + 12].try_into().unwrap()) as usize;
        if at + 16 + incl >= bytes.len() {
            return at as u64;
        }
        at += 16 + incl;
    }
}
