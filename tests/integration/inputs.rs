//! Inputs: several files merged by timestamp, gzip and zstd captures (told
//! by their bytes), standard input, directories, and what bad inputs say.

use crate::common::{cardshark, inspect};
use crate::support::{testdata, TempDir};
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Exit status, standard output and standard error of `args`, with
/// `stdin` on standard input.
fn run(args: &[&Path], stdin: &[u8]) -> (i32, String, String) {
    let out = cardshark().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `run` for arguments that are all text.
fn run_s(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let args: Vec<&Path> = args.iter().map(Path::new).collect();
    run(&args, stdin)
}

/// Standard output of `args`, which must succeed without a word on
/// standard error.
fn ok(args: &[&Path], stdin: &[u8]) -> String {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(err, "", "{args:?}");
    out
}

fn p(s: &str) -> &Path {
    Path::new(s)
}

/// Three captures of different protocols, each later than the one before.
fn three() -> [PathBuf; 3] {
    [
        testdata("gls/session.pcap"),
        testdata("cardgame/session.pcap"),
        testdata("pokerth/session.pcap"),
    ]
}

fn records(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::stream::encode_all(bytes, 3).unwrap()
}

#[test]
fn several_files_are_one_capture_numbered_across_them() {
    let files = three();
    let args = |files: &[&PathBuf]| {
        let mut a: Vec<&Path> = vec![p("decode"), p("--format"), p("jsonl")];
        a.extend(files.iter().map(|f| f.as_path()));
        ok(&a, b"")
    };
    // The concatenation of each file's records, their frames and streams
    // counted on from the files before.
    let mut expected = Vec::new();
    let (mut frames, mut streams) = (0, 0);
    for f in &files {
        for mut r in records(&args(&[f])) {
            r["frame"] = (r["frame"].as_u64().unwrap() + frames).into();
            r["stream"] = (r["stream"].as_u64().unwrap() + streams).into();
            expected.push(r);
        }
        let capture = &inspect(f)["capture"];
        frames += capture["frames"].as_u64().unwrap();
        streams += capture["streams"].as_u64().unwrap();
    }
    let merged = args(&[&files[0], &files[1], &files[2]]);
    assert_eq!(records(&merged), expected);
    // Merged by time, not by the order named.
    assert_eq!(args(&[&files[2], &files[0], &files[1]]), merged);
    // The same for every number of workers.
    for threads in ["1", "3"] {
        let mut a: Vec<&Path> = vec![p("decode"), p("--format"), p("jsonl")];
        a.extend([p("--threads"), p(threads)]);
        a.extend(files.iter().map(|f| f.as_path()));
        assert_eq!(ok(&a, b""), merged, "--threads {threads}");
    }
    // One flow table: stream numbers stay unique.
    let json = ok(
        &[p("inspect"), p("--format"), p("json"), &files[1], &files[0]],
        b"",
    );
    let v: Value = serde_json::from_str(&json).unwrap();
    let ids: Vec<u64> = (v["streams"].as_array().unwrap().iter())
        .map(|s| s["stream"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [0, 1, 2]);
    assert_eq!(v["capture"]["frames"], 42 + 45);
}

#[test]
fn frames_of_inputs_that_overlap_in_time_interleave_by_timestamp() {
    let f = testdata("mixed/all-four.pcap");
    let one = inspect(&f)["capture"]["frames"].as_u64().unwrap();
    let out = ok(&[p("decode"), p("--format"), p("jsonl"), &f, &f], b"");
    let recs = records(&out);
    let frames: Vec<u64> = recs.iter().map(|r| r["frame"].as_u64().unwrap()).collect();
    let times: Vec<&str> = recs.iter().map(|r| r["ts"].as_str().unwrap()).collect();
    assert!(frames.windows(2).all(|w| w[0] <= w[1]), "frame order");
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "time order");
    // Each frame twice, the copies side by side (the second a
    // retransmission of the first): a record's frame is about twice its own.
    let alone = records(&ok(&[p("decode"), p("--format"), p("jsonl"), &f], b""));
    assert_eq!(recs.len(), alone.len());
    for (r, a) in recs.iter().zip(&alone) {
        assert_eq!(
            r["frame"].as_u64().unwrap(),
            2 * a["frame"].as_u64().unwrap() - 1
        );
        assert_eq!((&r["ts"], &r["type"]), (&a["ts"], &a["type"]));
    }
    let json = ok(&[p("inspect"), p("--format"), p("json"), &f, &f], b"");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["capture"]["frames"].as_u64().unwrap(), 2 * one);
}

#[test]
fn gzip_and_zstd_captures_are_told_by_their_bytes_not_their_name() {
    let dir = TempDir::new();
    for (name, file) in [
        ("gls/session.pcap", "a.pcap"),
        ("realcap/sll2-pcapng.pcapng", "b.pcapng"),
    ] {
        let plain = testdata(name);
        let bytes = std::fs::read(&plain).unwrap();
        let want = ok(&[p("decode"), &plain], b"");
        assert!(want.lines().count() > 3, "{want}");
        // Misleading names on purpose: the first bytes decide.
        for (made, compressed) in [("gz.", gzip(&bytes)), ("zst.", zstd(&bytes))] {
            let path = dir.file(&format!("{made}{file}"));
            std::fs::write(&path, &compressed).unwrap();
            let shown = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(ok(&[p("decode"), &path], b""), want, "{shown}");
            assert_eq!(
                ok(&[p("decode"), p("-")], &compressed),
                want,
                "{shown} on stdin"
            );
        }
    }
}

#[test]
fn standard_input_merges_with_files() {
    let [a, b, _] = three();
    let bytes = std::fs::read(&a).unwrap();
    let want = ok(&[p("decode"), &a, &b], b"");
    assert_eq!(ok(&[p("decode"), p("-"), &b], &bytes), want);
    assert_eq!(ok(&[p("decode"), &b, p("-")], &gzip(&bytes)), want);
    let (code, out, err) = run_s(&["decode", "-", "-"], &bytes);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(
        err,
        "cardshark: error: - (standard input) is named more than once: it can be read once\n"
    );
}

#[test]
fn a_directory_is_its_capture_files_in_natural_order() {
    let dir = TempDir::new();
    let files = three();
    // A ring of rotated files: cap2 before cap10, whatever the names sort.
    let ring = ["cap1.pcap.gz", "cap2.pcap", "cap10.pcap"];
    for (f, name) in files.iter().zip(ring) {
        let bytes = std::fs::read(f).unwrap();
        let bytes = if name.ends_with(".gz") {
            gzip(&bytes)
        } else {
            bytes
        };
        std::fs::write(dir.file(name), bytes).unwrap();
    }
    std::fs::write(dir.file("README.txt"), "not a capture").unwrap();
    std::fs::write(dir.file(".hidden.pcap"), "hidden").unwrap();
    std::fs::create_dir(dir.file("sub")).unwrap();
    let root = dir.file("");
    let want = ok(&[p("decode"), &files[0], &files[1], &files[2]], b"");
    assert_eq!(ok(&[p("decode"), &root], b""), want);

    // The order shows in which file is opened first: both are broken, and
    // the error names cap2.pcap (natural order), not cap10.pcap (bytes).
    let broken = TempDir::new();
    for name in ["cap10.pcap", "cap2.pcap"] {
        std::fs::write(broken.file(name), [0xd4, 0xc3, 0xb2, 0xa1, 2, 0]).unwrap();
    }
    let (code, out, err) = run(&[p("inspect"), &broken.file("")], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    let cap2 = broken.file("cap2.pcap");
    assert_eq!(
        err,
        format!(
            "cardshark: error: {}: byte offset 0: truncated file header: 6 of 24 bytes \
             (the file is cut short: was the capture still being written?)\n",
            cap2.display()
        )
    );
}

#[test]
fn bad_inputs_say_which_file_and_exit_1() {
    let dir = TempDir::new();
    let good = testdata("gls/session.pcap");
    let missing = dir.file("missing.pcap");
    let empty_dir = dir.file("empty");
    std::fs::create_dir(&empty_dir).unwrap();
    let bytes = std::fs::read(&good).unwrap();
    let gz = gzip(&bytes);
    let cut_early = dir.file("early.pcap.gz");
    std::fs::write(&cut_early, &gz[..10]).unwrap();
    let text = dir.file("notes.gz");
    std::fs::write(&text, gzip(b"This is not a capture")).unwrap();
    let cases: [(&Path, String); 4] = [
        (
            &missing,
            format!(
                "{}: cannot open: No such file or directory",
                missing.display()
            ),
        ),
        (
            &empty_dir,
            format!("{}: no capture file in this directory", empty_dir.display()),
        ),
        (
            &cut_early,
            format!(
                "{}: byte offset 0 of the gzip-decompressed data: read error: gzip data: ",
                cut_early.display()
            ),
        ),
        (
            &text,
            format!(
                "{}: byte offset 0 of the gzip-decompressed data: not a pcap or pcapng file",
                text.display()
            ),
        ),
    ];
    for (bad, want) in cases {
        // Alone, and beside a good file: either way the bad one is named.
        for args in [vec![p("inspect"), bad], vec![p("inspect"), &good, bad]] {
            let (code, out, err) = run(&args, b"");
            assert_eq!((code, out.as_str()), (1, ""), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.starts_with(&format!("cardshark: error: {want}")),
                "{err}"
            );
        }
    }
}

#[test]
fn a_compressed_file_cut_short_gives_its_frames_and_says_where_it_stopped() {
    let dir = TempDir::new();
    let bytes = std::fs::read(testdata("gls/session.pcap")).unwrap();
    let gz = gzip(&bytes);
    let cut = dir.file("cut.pcap.gz");
    std::fs::write(&cut, &gz[..gz.len() * 3 / 4]).unwrap();
    let (code, out, err) = run(&[p("decode"), &cut], b"");
    assert_eq!(code, 1, "a damaged capture: {err}");
    assert!(out.lines().count() > 5, "the frames before the cut: {out}");
    let want = format!("cardshark: error: {}: byte offset ", cut.display());
    assert!(err.starts_with(&want), "{err}");
    assert!(
        err.contains(" of the gzip-decompressed data: read error: gzip data: ")
            && err.contains("(the compressed file is cut short); results cover the "),
        "{err}"
    );
}
