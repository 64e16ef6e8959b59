//! `decode` and `hands` with `--format parquet|csv -o DIR`: the files and
//! their rows (read back with the `parquet` crate), the ids (what the
//! library's id functions give for the capture's files and streams), the
//! same bytes for every `--threads`, and bad input: a directory that
//! exists, a format that is not a table, a full disk (no file left that
//! looks complete).

use crate::common::{captures, cardshark, json_lines, run_ok, testdata};
use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, RecordBatch};
use cardshark::output::tables::ids::{self, StreamKey};
use cardshark::reassembly::CommunityId;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::path::{Path, PathBuf};

const FILE: &str = "mixed/all-four.pcap";

/// Runs cardshark with `args`: exit status, stdout, stderr.
fn run(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = cardshark();
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The rows of a Parquet file, as the batches it reads as.
struct Table(Vec<RecordBatch>);

impl Table {
    fn num_rows(&self) -> usize {
        self.0.iter().map(RecordBatch::num_rows).sum()
    }
}

/// The rows of a Parquet file.
fn read(path: &Path) -> Table {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    Table(reader.map(Result::unwrap).collect())
}

/// The values of whole-number column `name` (none null).
fn ints(t: &Table, name: &str) -> Vec<i64> {
    let mut all = Vec::new();
    for b in &t.0 {
        let c = b
            .column_by_name(name)
            .unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(c.null_count(), 0, "{name}");
        all.extend_from_slice(c.as_primitive::<Int64Type>().values());
    }
    all
}

/// The values of text column `name` (none null).
fn texts(t: &Table, name: &str) -> Vec<String> {
    let mut all = Vec::new();
    for b in &t.0 {
        let c = b
            .column_by_name(name)
            .unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(c.null_count(), 0, "{name}");
        all.extend(c.as_string::<i32>().iter().map(|v| v.unwrap().to_string()));
    }
    all
}

/// The files of `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = (std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn decode_writes_the_records_table_with_the_capture_and_stream_ids() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let file = testdata(FILE);
    let (code, stdout, stderr) = run(
        &["decode", s(&file), "--format", "parquet", "-o", s(&out)],
        &[],
    );
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "", ""));
    assert_eq!(files(&out), ["records.parquet"]);
    let b = read(&out.join("records.parquet"));
    let json = json_lines(&run_ok(&["decode", "--format", "jsonl"], FILE));
    assert_eq!(b.num_rows(), json.len());
    assert_eq!(
        ints(&b, "frame"),
        json.iter()
            .map(|r| r["frame"].as_i64().unwrap())
            .collect::<Vec<_>>()
    );
    // The capture id is the file's; the stream ids are those of the
    // streams' first frames and endpoints.
    let capture = ids::capture_of_file(&file).unwrap();
    assert!(ints(&b, "capture").iter().all(|&c| c == capture));
    let uids = ints(&b, "stream_uid");
    let community_ids = texts(&b, "community_id");
    for (r, id) in json.iter().zip(&community_ids) {
        assert_eq!(r["community_id"], *id);
    }
    let mut seen = 0;
    for (r, uid) in json.iter().zip(&uids) {
        if r["event"] == "stream_start" {
            let (client, server) = (
                r["src"].as_str().unwrap().parse().unwrap(),
                r["dst"].as_str().unwrap().parse().unwrap(),
            );
            let key = StreamKey {
                first_frame: r["frame"].as_u64().unwrap(),
                client,
                server,
                community_id: CommunityId::tcp(client, server),
            };
            assert_eq!(r["community_id"], key.community_id.as_str());
            assert_eq!(*uid, key.uid(capture));
            seen += 1;
        }
    }
    assert!(seen >= 4, "{seen} streams");
    // Records of one stream share its id, and no two streams do.
    let mut by_stream = std::collections::BTreeMap::new();
    for (r, uid) in json.iter().zip(&uids) {
        assert_eq!(
            *by_stream
                .entry(r["stream"].as_u64().unwrap())
                .or_insert(*uid),
            *uid
        );
    }
    let mut distinct: Vec<i64> = by_stream.values().copied().collect();
    distinct.dedup();
    assert_eq!(distinct.len(), by_stream.len());
}

#[test]
fn hands_writes_four_tables_whose_ids_join() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("h");
    let file = testdata(FILE);
    let (code, _, stderr) = run(
        &["hands", s(&file), "--format", "parquet", "-o", s(&out)],
        &[],
    );
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        files(&out),
        [
            "actions.parquet",
            "hands.parquet",
            "players.parquet",
            "views.parquet"
        ]
    );
    let hands = read(&out.join("hands.parquet"));
    let ohh = crate::common::hands_ohh(&file, &["--incomplete"]);
    assert_eq!(hands.num_rows(), ohh.len());
    let uids = ints(&hands, "hand_uid");
    let streams = ints(&hands, "stream_uid");
    // A hand's Community ID is its stream's, as `inspect` gives it.
    let doc = crate::common::inspect(&file);
    let by_stream = |n: i64| crate::common::streams(&doc)[n as usize]["community_id"].clone();
    for (id, stream) in texts(&hands, "community_id")
        .iter()
        .zip(ints(&hands, "stream"))
    {
        assert_eq!(*id, by_stream(stream));
    }
    for (n, h) in ohh.iter().enumerate() {
        let number = h["cardshark"]["number"].as_u64().unwrap();
        assert_eq!(uids[n], ids::hand_uid(streams[n], number));
    }
    // A view per hand here (one client saw each): its stream the hand's.
    let views = read(&out.join("views.parquet"));
    assert_eq!(ints(&views, "hand_uid"), uids);
    assert_eq!(ints(&views, "stream_uid"), streams);
    for table in ["actions", "players"] {
        let t = read(&out.join(format!("{table}.parquet")));
        assert!(t.num_rows() > hands.num_rows(), "{table}");
        assert!(
            ints(&t, "hand_uid").iter().all(|u| uids.contains(u)),
            "{table}"
        );
    }
    // The same as CSV: a header and the same rows.
    let csv = dir.path().join("c");
    let (code, _, _) = run(&["hands", s(&file), "--format", "csv", "-o", s(&csv)], &[]);
    assert_eq!(code, 0);
    assert_eq!(
        files(&csv),
        ["actions.csv", "hands.csv", "players.csv", "views.csv"]
    );
    let text = std::fs::read_to_string(csv.join("hands.csv")).unwrap();
    assert!(text.starts_with("capture,stream_uid,hand_uid,stream,community_id,hand,"));
    let first = text.lines().nth(1).unwrap();
    assert!(first.starts_with(&format!(
        "{},{},{},",
        ints(&hands, "capture")[0],
        streams[0],
        uids[0]
    )));
}

#[test]
fn merged_inputs_and_standard_input_get_their_documented_capture_ids() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (
        testdata("gls/session.pcap"),
        testdata("cardgame/session.pcap"),
    );
    let capture = |args: &[&str], stdin: Option<&Path>| {
        let out = dir.path().join(format!("o{}", files(dir.path()).len()));
        let mut cmd = cardshark();
        cmd.args(["decode", "--format", "parquet", "-o", s(&out)])
            .args(args);
        if let Some(p) = stdin {
            cmd.write_stdin(std::fs::read(p).unwrap());
        }
        assert!(cmd.output().unwrap().status.success());
        let ids = ints(&read(&out.join("records.parquet")), "capture");
        assert!(ids.iter().all(|&c| c == ids[0]));
        ids[0]
    };
    let (id_a, id_b) = (
        ids::capture_of_file(&a).unwrap(),
        ids::capture_of_file(&b).unwrap(),
    );
    assert_eq!(capture(&[s(&a)], None), id_a);
    let merged = ids::capture_of_inputs(&[id_a, id_b]);
    assert_eq!(capture(&[s(&a), s(&b)], None), merged);
    assert_eq!(capture(&[s(&b), s(&a)], None), merged);
    // Standard input: its first MiB (the whole of this small capture).
    let head = std::fs::read(&a).unwrap();
    assert_eq!(capture(&["-"], Some(&a)), ids::capture_of_stdin(&head));
    // Beside a file, it is read whole, its first bytes too.
    let n = json_lines(&run_ok(
        &["decode", "--format", "jsonl"],
        "gls/session.pcap",
    ))
    .len()
        + json_lines(&run_ok(
            &["decode", "--format", "jsonl"],
            "cardgame/session.pcap",
        ))
        .len();
    let out = dir.path().join("both");
    let mut cmd = cardshark();
    cmd.args(["decode", "--format", "parquet", "-o", s(&out), "-", s(&b)]);
    cmd.write_stdin(std::fs::read(&a).unwrap());
    assert!(cmd.output().unwrap().status.success());
    assert_eq!(read(&out.join("records.parquet")).num_rows(), n);
}

#[test]
fn filters_and_count_choose_the_rows() {
    let dir = tempfile::tempdir().unwrap();
    let file = testdata(FILE);
    let out = dir.path().join("c");
    let (code, _, _) = run(
        &[
            "decode",
            s(&file),
            "--format",
            "parquet",
            "-o",
            s(&out),
            "-c",
            "5",
            "-p",
            "gls",
        ],
        &[],
    );
    assert_eq!(code, 0);
    let want = json_lines(&run_ok(
        &["decode", "--format", "jsonl", "-c", "5", "-p", "gls"],
        FILE,
    ));
    assert_eq!(
        ints(&read(&out.join("records.parquet")), "frame"),
        want.iter()
            .map(|r| r["frame"].as_i64().unwrap())
            .collect::<Vec<_>>()
    );
    let out = dir.path().join("h");
    let (code, _, _) = run(
        &[
            "hands",
            s(&file),
            "--format",
            "parquet",
            "-o",
            s(&out),
            "-Y",
            "pot > 1000",
        ],
        &[],
    );
    assert_eq!(code, 0);
    let pots = ints(&read(&out.join("hands.parquet")), "pot");
    assert!(
        !pots.is_empty() && pots.iter().all(|&p| p > 1000),
        "{pots:?}"
    );
}

/// The tables of every capture, with `threads` workers, by file name.
fn tables(dir: &Path, threads: usize) -> Vec<(String, Vec<u8>)> {
    let mut all = Vec::new();
    for (n, file) in captures().iter().enumerate() {
        for cmd in ["decode", "hands"] {
            let out = dir.join(format!("{n}-{cmd}-{threads}"));
            let t = threads.to_string();
            let (code, _, err) = run(
                &[
                    cmd,
                    s(file),
                    "--format",
                    "parquet",
                    "-o",
                    s(&out),
                    "--threads",
                    &t,
                ],
                &[],
            );
            assert_eq!(code, 0, "{}: {err}", file.display());
            for name in files(&out) {
                let bytes = std::fs::read(out.join(&name)).unwrap();
                all.push((format!("{} {cmd} {name}", file.display()), bytes));
            }
        }
    }
    all
}

#[test]
fn the_tables_are_the_same_bytes_for_every_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let one = tables(dir.path(), 1);
    assert!(one.len() > 150, "{} files", one.len());
    let three = tables(dir.path(), 3);
    for (a, b) in one.iter().zip(&three) {
        assert!(a == b, "{}: 3 workers differ from 1", a.0);
    }
}

/// A directory holding `keep`, a file that is not a table.
fn existing(dir: &Path) -> PathBuf {
    let out = dir.join("exists");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("keep"), "mine").unwrap();
    out
}

#[test]
fn bad_usage_is_one_error_line_and_exit_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = testdata(FILE);
    let out = existing(dir.path());
    let not_a_dir = out.join("keep");
    let new = dir.path().join("new");
    let cases: [(Vec<&str>, &str); 9] = [
        (
            vec!["decode", "--format", "parquet"],
            "--format parquet writes a table per file: name their directory with -o DIR",
        ),
        (
            vec!["hands", "--format", "parquet"],
            "--format parquet writes a table per file",
        ),
        (
            vec!["decode", "--format", "jsonl", "-o", s(&new)],
            "-o DIR writes tables: it goes with --format parquet or csv",
        ),
        (
            vec!["hands", "--format", "jsonl", "-o", s(&new)],
            "-o DIR goes with --format text or ohh (a tracker's import folder) or parquet or csv",
        ),
        (
            vec!["hands", "--format", "text", "-o", s(&new), "--overwrite"],
            "--overwrite replaces tables; a tracker's folder",
        ),
        (
            vec!["hands", "--format", "ohh", "-o", s(&not_a_dir)],
            "that is a file; -o names a directory",
        ),
        (
            vec!["decode", "--format", "parquet", "-o", s(&out)],
            "the directory exists; --overwrite replaces the tables in it",
        ),
        (
            vec!["hands", "--format", "csv", "-o", s(&not_a_dir)],
            "that is a file; -o names a directory",
        ),
        (
            vec!["decode", "--format", "csv", "-o", s(&new), "-e", "frame"],
            "-e chooses the columns of --format csv on standard output",
        ),
    ];
    for (args, message) in cases {
        let mut args = args.clone();
        args.push(s(&file));
        let (code, stdout, stderr) = run(&args, &[]);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("cardshark: error: ") && stderr.contains(message),
            "{args:?}: {stderr}"
        );
    }
    assert!(!new.exists());
    assert_eq!(files(&out), ["keep"]);
    let (code, _, stderr) = run(&["decode", s(&file), "--overwrite"], &[]);
    assert_eq!(code, 2, "{stderr}");
    // --overwrite: the tables are replaced, other files stay.
    for _ in 0..2 {
        let (code, _, _) = run(
            &[
                "decode",
                s(&file),
                "--format",
                "parquet",
                "-o",
                s(&out),
                "--overwrite",
            ],
            &[],
        );
        assert_eq!(code, 0);
    }
    assert_eq!(files(&out), ["keep", "records.parquet"]);
}

#[test]
fn a_full_disk_is_one_error_and_leaves_no_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = testdata(FILE);
    let full = [("CARDSHARK_TABLES_DISK_BYTES", "20000")];
    // A directory it made is gone again.
    let new = dir.path().join("new");
    for (cmd, format) in [("decode", "parquet"), ("decode", "csv")] {
        let (code, stdout, stderr) =
            run(&[cmd, s(&file), "--format", format, "-o", s(&new)], &full);
        assert_eq!(code, 1, "{stderr}");
        assert!(stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        let records = new.join(format!("records.{format}"));
        assert!(
            stderr.starts_with(&format!(
                "cardshark: error: {}: writing: No space left on device",
                records.display()
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains("the disk is full: no table was kept"),
            "{stderr}"
        );
        assert!(!new.exists());
    }
    // In a directory that was there: no table, no temporary file.
    let out = existing(dir.path());
    let full = [("CARDSHARK_TABLES_DISK_BYTES", "3000")];
    let (code, _, stderr) = run(
        &[
            "hands",
            s(&file),
            "--format",
            "parquet",
            "-o",
            s(&out),
            "--overwrite",
        ],
        &full,
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert_eq!(files(&out), ["keep"]);
    // Enough room: the same run writes them.
    let room = [("CARDSHARK_TABLES_DISK_BYTES", "10000000")];
    let (code, _, _) = run(
        &[
            "hands",
            s(&file),
            "--format",
            "parquet",
            "-o",
            s(&out),
            "--overwrite",
        ],
        &room,
    );
    assert_eq!(code, 0);
    // keep, and the four tables of hands.
    assert_eq!(files(&out).len(), 5);
}

#[test]
fn an_unreadable_capture_leaves_no_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let missing = dir.path().join("missing.pcap");
    let (code, _, stderr) = run(
        &["decode", s(&missing), "--format", "parquet", "-o", s(&out)],
        &[],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with("cardshark: error: ") && stderr.contains("missing.pcap"),
        "{stderr}"
    );
    assert!(!out.exists());
}
