//! `decode`'s detail view through the binary: `--frame N` and `-V` write
//! each record as a tree (stream offsets of the message, and of each field:
//! every protocol's are checked in `detail_spans`), `-x` adds the
//! message's bytes; the bytes and offsets
//! shown are checked against the stream as `follow --format raw` gives it.
//! Wrong values are usage errors naming the option.

use crate::common::{captures, cardshark, follow_raw, testdata};

/// stdout, stderr and exit status of `decode ARGS FILE`.
pub(crate) fn decode(args: &[&str], file: &str) -> (String, String, Option<i32>) {
    let out = cardshark()
        .arg("decode")
        .args(args)
        .arg(testdata(file))
        .output()
        .unwrap();
    let s = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (s(out.stdout), s(out.stderr), out.status.code())
}

/// The bytes of a hex dump (`OFFSET  hex bytes  ascii` lines), with the
/// offset of its first line.
pub(crate) fn dumped(lines: &[&str]) -> (u64, Vec<u8>) {
    let mut bytes = Vec::new();
    let mut first = None;
    for l in lines {
        let l = l.trim_start();
        let (off, rest) = l.split_once("  ").unwrap();
        first.get_or_insert(u64::from_str_radix(off, 16).unwrap());
        // 16 bytes of hex take 49 characters (with the gap after 8).
        let hex: String = rest.chars().take(49).collect();
        for h in hex.split_whitespace() {
            bytes.push(u8::from_str_radix(h, 16).unwrap());
        }
    }
    (first.unwrap(), bytes)
}

/// The lines of `out` that are hex dump lines (8 hex digits, two spaces).
pub(crate) fn dump_lines(out: &str) -> Vec<&str> {
    (out.lines())
        .filter(|l| {
            let t = l.trim_start().as_bytes();
            t.len() > 10 && t[..8].iter().all(u8::is_ascii_hexdigit) && &t[8..10] == b"  "
        })
        .collect()
}

#[test]
fn a_frame_as_a_tree_with_its_bytes() {
    let (out, err, code) = decode(&["--frame", "39", "-x"], "mixed/all-four.pcap");
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let want = "\
Frame 39, stream 3 c2s (10.77.1.2:39919 → 10.77.2.2:13500): gls Protover, bytes 0..56 of the c2s stream (56 bytes)
    frame: 39
    ts: \"2026-11-25T10:37:04.087843Z\"
    stream: 3
    dir: \"c2s\"
    src: \"10.77.1.2:39919\"
    dst: \"10.77.2.2:13500\"
    community_id: \"1:+b9/IPtlzkRMET+TY+z4g1dj814=\"
    offset: 0
    protocol: \"gls\"
    type: \"Protover\"
    type_id: 1  [bytes 0..4]
    len: 56
    fields:  [bytes 4..56]
        magic: \"GLS\"  [bytes 4..8]
        version: \"0.0\"  [bytes 8..24]
        software: \"gls\"  [bytes 24..56]
    notes: []
    00000000  00 00 00 01 47 4c 53 00  30 2e 30 00 00 00 00 00  ....GLS. 0.0.....
";
    assert!(out.starts_with(want), "{out}");
    let (at, bytes) = dumped(&dump_lines(&out));
    let stream = follow_raw(&testdata("mixed/all-four.pcap"), 3, "c2s");
    assert_eq!((at, &bytes[..]), (0, &stream[..56]));
}

#[test]
fn pokerth1_fields_show_their_bytes_in_the_stream() {
    let (out, err, code) = decode(
        &["-V", "-x", "--type", "HandStart", "-c", "1"],
        "pokerth1/solo.pcap",
    );
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let stream = follow_raw(&testdata("pokerth1/solo.pcap"), 0, "s2c");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].ends_with("pokerth-1 HandStart, bytes 428..455 of the s2c stream (27 bytes)"),
        "{}",
        lines[0]
    );
    // Each field's bytes: the protobuf tag of its number, then its value.
    let span = |key: &str| {
        let l = lines
            .iter()
            .find(|l| l.trim_start().starts_with(key))
            .unwrap();
        let r = l.rsplit_once("[bytes ").unwrap().1.trim_end_matches(']');
        let (a, b) = r.split_once("..").unwrap();
        (a.parse::<usize>().unwrap(), b.parse::<usize>().unwrap())
    };
    let (a, b) = span("game_id: 1");
    assert_eq!(&stream[a..b], [0x08, 0x01], "gameId (field 1) = 1");
    let (a, b) = span("small_blind: 20");
    assert_eq!(&stream[a..b], [0x20, 20], "smallBlind (field 4) = 20");
    let (a, b) = span("type_id: 40");
    assert_eq!(&stream[a..b], [0x08, 40], "messageType = 40");
    let (a, b) = span("plain_cards:");
    assert_eq!(
        (stream[a], b - a),
        (0x12, 6),
        "plainCards (field 2), 4 bytes inside"
    );
    let (at, bytes) = dumped(&dump_lines(&out));
    assert_eq!((at, &bytes[..]), (428, &stream[428..455]));
}

#[test]
fn hex_under_each_table_row() {
    let (out, _, code) = decode(&["-s", "3", "-c", "2", "-x"], "mixed/all-four.pcap");
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].contains("stream_start"), "{out}");
    assert!(lines[2].contains("Protover"), "{out}");
    let (at, bytes) = dumped(&dump_lines(&out));
    let stream = follow_raw(&testdata("mixed/all-four.pcap"), 3, "c2s");
    assert_eq!((at, &bytes[..]), (0, &stream[..56]));
}

#[test]
fn frame_picks_records_in_json_too_and_warns_when_there_are_none() {
    let (out, err, code) = decode(
        &["--frame", "39", "--format", "jsonl"],
        "mixed/all-four.pcap",
    );
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let frames: Vec<u64> = (out.lines())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["frame"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(frames, [39]);
    let (out, err, code) = decode(&["--frame", "1"], "mixed/all-four.pcap");
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert!(
        err.starts_with("cardshark: warning: --frame 1: no record of frame 1 ("),
        "{err}"
    );
}

#[test]
fn wrong_values_are_usage_errors_naming_the_option() {
    let cases: [(&[&str], &str); 6] = [
        (&["--frame", "0"], "'0' is not a frame number"),
        (&["--frame", "x"], "'x' is not a frame number"),
        (&["--frame", "625"], "--frame 625: "),
        (&["-V", "--format", "jsonl"], "-V (--detail)"),
        (&["-x", "--format", "json"], "-x (--hex)"),
        (&["--frame", "39", "-x", "--format", "jsonl"], "-x (--hex)"),
    ];
    for (args, want) in cases {
        let (out, err, code) = decode(args, "mixed/all-four.pcap");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
    }
}

#[test]
fn every_capture_in_detail_the_same_for_every_thread_count() {
    let mut trees = 0;
    for path in captures() {
        let run = |threads: &str| {
            let out = cardshark()
                .args(["decode", "-V", "-x", "--threads", threads])
                .arg(&path)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", path.display());
            out.stdout
        };
        let one = run("1");
        assert!(run("3") == one, "{}", path.display());
        trees += one.windows(7).filter(|w| w == b"\nFrame ").count();
    }
    assert!(trees > 10_000, "{trees}");
}
