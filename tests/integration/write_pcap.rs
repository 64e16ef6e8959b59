//! `-w OUT` from files: every frame of the streams a command matched,
//! read back by tshark (when installed; CI installs it) and by cardshark.

use crate::common::{cardshark, inspect};
use crate::support::{testdata, TempDir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Exit status, standard output and standard error of `args`, with
/// `stdin` on standard input.
pub(crate) fn run(args: &[&Path], stdin: &[u8]) -> (i32, String, String) {
    let out = cardshark().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub(crate) fn p(s: &str) -> &Path {
    Path::new(s)
}

/// tshark's `-T fields` lines for `fields` of the frames of `file` that
/// pass `filter`; `None` (said loudly) when tshark is not installed, which
/// fails under CI.
pub(crate) fn tshark(file: &Path, filter: Option<&str>, fields: &[&str]) -> Option<Vec<String>> {
    let mut cmd = Command::new("tshark");
    cmd.arg("-n").arg("-r").arg(file).args(["-T", "fields"]);
    if let Some(f) = filter {
        cmd.args(["-Y", f]);
    }
    for f in fields {
        cmd.args(["-e", f]);
    }
    let out = match cmd.output() {
        Ok(out) => out,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("SKIPPED the tshark check: cannot run tshark ({e}); apt-get install tshark");
            return None;
        }
        Err(e) => panic!("tshark is needed under CI: {e}"),
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "tshark: {err}");
    let text = String::from_utf8(out.stdout).unwrap();
    Some(text.lines().map(str::to_string).collect())
}

/// A tshark display filter for the TCP connection between `a` and `b`
/// (`ip:port`, IPv4).
fn connection(a: &str, b: &str) -> String {
    let (ip_a, port_a) = a.rsplit_once(':').unwrap();
    let (ip_b, port_b) = b.rsplit_once(':').unwrap();
    format!("tcp && ip.addr=={ip_a} && ip.addr=={ip_b} && tcp.port=={port_a} && tcp.port=={port_b}")
}

/// The endpoints (client, server) of each stream of `file`, by stream.
fn endpoints(file: &Path) -> Vec<(String, String)> {
    (inspect(file)["streams"].as_array().unwrap().iter())
        .map(|s| {
            let ep = |k: &str| s[k].as_str().unwrap().to_string();
            (ep("client"), ep("server"))
        })
        .collect()
}

/// Checks that `out` holds exactly the frames of `streams` of `input`, in
/// order: by tshark (time and length of every frame) and by cardshark
/// (the streams' records, numbered anew).
pub(crate) fn check_holds(out: &Path, input: &[&Path], streams: &[u64]) {
    let all: Vec<(String, String)> = endpoints_of(input);
    // tshark: the frames of those connections, read from the input.
    if input.len() == 1 {
        let filter = (streams.iter())
            .map(|&s| format!("({})", connection(&all[s as usize].0, &all[s as usize].1)))
            .collect::<Vec<_>>()
            .join(" || ");
        let fields = ["frame.time_epoch", "frame.len", "frame.cap_len"];
        if let Some(want) = tshark(input[0], Some(&filter), &fields) {
            let got = tshark(out, None, &fields).unwrap();
            assert!(!want.is_empty());
            assert_eq!(got, want, "frames of streams {streams:?}");
            let numbers = tshark(out, None, &["frame.number"]).unwrap();
            let expected: Vec<String> = (1..=want.len()).map(|n| n.to_string()).collect();
            assert_eq!(numbers, expected);
        }
    }
    // cardshark: the same streams, the same records but for frame numbers.
    let strip = |r: &mut Value| {
        r.as_object_mut().unwrap().remove("frame");
    };
    let mut want = Vec::new();
    for r in jsonl(&[&[p("decode"), p("--format"), p("jsonl")][..], input].concat()) {
        let s = r["stream"].as_u64().unwrap();
        if let Some(i) = streams.iter().position(|&x| x == s) {
            let mut r = r;
            strip(&mut r);
            want.push((i, r));
        }
    }
    let mut got = Vec::new();
    for mut r in jsonl(&[p("decode"), p("--format"), p("jsonl"), out]) {
        strip(&mut r);
        let s = r["stream"].as_u64().unwrap() as usize;
        got.push((s, r));
    }
    // Streams keep their order of first appearance, so renumbered from 0.
    for (i, r) in &mut want {
        r["stream"] = (*i as u64).into();
    }
    assert_eq!(got.len(), want.len());
    assert_eq!(got, want);
}

fn endpoints_of(input: &[&Path]) -> Vec<(String, String)> {
    input.iter().flat_map(|f| endpoints(f)).collect()
}

/// The records `args` write as JSON lines (it must succeed).
pub(crate) fn jsonl(args: &[&Path]) -> Vec<Value> {
    let (code, out, err) = run(args, b"");
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

pub(crate) fn all_four() -> PathBuf {
    testdata("mixed/all-four.pcap")
}

#[test]
fn decode_writes_every_frame_of_the_streams_it_matched() {
    let dir = TempDir::new();
    let input = all_four();
    for (filter, streams) in [
        (&["-s", "2"][..], &[2][..]),
        (&["-p", "gls"][..], &[3][..]),
        (&["--type", "PlayersActionDone"][..], &[0][..]),
        (&["-p", "pokerth", "-c", "3"][..], &[0][..]),
        (&[][..], &[0, 1, 2, 3][..]),
    ] {
        let out = dir.file("out.pcap");
        let mut args = vec![p("decode"), &input];
        args.extend(filter.iter().map(|s| p(s)));
        let (_, plain, _) = run(&args, b"");
        args.extend([p("-w"), &out]);
        let (code, shown, err) = run(&args, b"");
        assert_eq!(code, 0, "{filter:?}: {err}");
        assert_eq!(shown, plain, "-w changes nothing on standard output");
        let n = streams.len();
        assert!(
            err.starts_with(&format!("cardshark: {}: ", out.display()))
                && err.ends_with(&format!(" frame(s) of {n} stream(s) written\n")),
            "{err}"
        );
        check_holds(&out, &[&input], streams);
    }
}

#[test]
fn hands_write_the_streams_of_the_hands_they_wrote() {
    let dir = TempDir::new();
    let input = testdata("hands/merged.pcap");
    let hands: Value = {
        let (code, out, err) = run(&[p("hands"), &input, p("--format"), p("jsonl")], b"");
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(out.lines().last().unwrap()).unwrap()
    };
    let id = hands["ohh"]["cardshark"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let stream: u64 = id.split(':').next().unwrap().parse().unwrap();
    let out = dir.file("hand.pcap");
    let (code, _, err) = run(
        &[p("hands"), &input, p("--hand"), p(&id), p("-w"), &out],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    check_holds(&out, &[&input], &[stream]);
}

#[test]
fn merged_inputs_and_standard_input_write_the_same_frames() {
    let dir = TempDir::new();
    let a = testdata("gls/session.pcap");
    let b = testdata("cardgame/session.pcap");
    // Stream 2 is the first of b (a has streams 0 and 1).
    let from_files = dir.file("files.pcap");
    let (code, _, err) = run(
        &[p("decode"), &a, &b, p("-s"), p("2"), p("-w"), &from_files],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    check_holds(&from_files, &[&a, &b], &[2]);
    let alone = dir.file("alone.pcap");
    let (code, _, err) = run(&[p("decode"), &b, p("-s"), p("0"), p("-w"), &alone], b"");
    assert_eq!(code, 0, "{err}");
    let bytes = |f: &Path| std::fs::read(f).unwrap();
    assert_eq!(bytes(&from_files), bytes(&alone));
    let from_stdin = dir.file("stdin.pcap");
    let args = [
        p("decode"),
        p("-"),
        &b,
        p("-s"),
        p("2"),
        p("-w"),
        &from_stdin,
    ];
    let (code, _, err) = run(&args, &bytes(&a));
    assert_eq!(code, 0, "{err}");
    assert_eq!(bytes(&from_stdin), bytes(&alone));
}

#[test]
fn pcapng_when_the_name_says_so_and_for_several_link_types() {
    let dir = TempDir::new();
    let a = all_four();
    let b = testdata("realcap/sll2-pcapng.pcapng");
    let ng = dir.file("out.pcapng");
    let (code, _, err) = run(&[p("decode"), &a, &b, p("-w"), &ng], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(&ng).unwrap()[..4], [0x0a, 0x0d, 0x0d, 0x0a]);
    let s = inspect(&ng);
    let links: Vec<&str> = (s["capture"]["link_types"].as_array().unwrap().iter())
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(links, ["EN10MB", "LINUX_SLL2"]);
    // Every TCP frame of both (no filter: every stream matched).
    let tcp = |f: &Path| inspect(f)["capture"]["tcp_frames"].as_u64().unwrap();
    assert_eq!(s["capture"]["frames"], tcp(&a) + tcp(&b));
    if let Some(lines) = tshark(&ng, None, &["frame.number"]) {
        assert_eq!(lines.len() as u64, s["capture"]["frames"].as_u64().unwrap());
    }
    // A pcap file holds one link type: an error, and no file.
    let pcap = dir.file("out.pcap");
    let (code, _, err) = run(&[p("decode"), &a, &b, p("-w"), &pcap], b"");
    assert_eq!(code, 1);
    let line = err.lines().last().unwrap();
    assert!(
        line.starts_with(&format!("cardshark: error: {}: frame ", pcap.display()))
            && line.ends_with("a pcap file holds one link type (write a .pcapng file instead)"),
        "{err}"
    );
    assert!(!pcap.exists());
}

#[test]
fn nothing_matched_is_an_empty_capture_and_a_warning() {
    let dir = TempDir::new();
    let out = dir.file("none.pcap");
    let input = all_four();
    let warning = format!(
        "cardshark: warning: {}: no stream matched: the file holds no frame",
        out.display()
    );
    for args in [
        &["decode", "-s", "0", "-p", "gls"][..],
        &["follow", "-Y", "frame > 100000"][..],
    ] {
        let mut all = vec![p(args[0]), &input];
        all.extend(args[1..].iter().map(|a| p(a)));
        all.extend([p("-w"), &out]);
        let (code, shown, err) = run(&all, b"");
        assert_eq!((code, shown.as_str()), (0, ""), "{args:?}: {err}");
        // follow says first that it has nothing to follow.
        assert_eq!(
            err.lines().last(),
            Some(warning.as_str()),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1 + usize::from(args[0] == "follow"));
        assert_eq!(inspect(&out)["capture"]["frames"], 0);
        if let Some(lines) = tshark(&out, None, &["frame.number"]) {
            assert!(lines.is_empty());
        }
        std::fs::remove_file(&out).unwrap();
    }
}

#[test]
fn inspect_writes_the_streams_of_its_rows() {
    // The streams `inspect -Y` keeps are those whose records `decode -Y`
    // keeps for the same protocol: the same frames, byte for byte.
    let dir = TempDir::new();
    let input = all_four();
    let (a, b) = (dir.file("inspect.pcap"), dir.file("decode.pcap"));
    let y = p("protocol == \"gls\"");
    let (code, _, err) = run(&[p("inspect"), &input, p("-Y"), y, p("-w"), &a], b"");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("frame(s) of 1 stream(s) written"), "{err}");
    let (code, _, err) = run(&[p("decode"), &input, p("-Y"), y, p("-w"), &b], b"");
    assert_eq!(code, 0, "{err}");
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(a.len() > 24, "frames were written");
    assert_eq!(a, b);
}

#[test]
fn bad_uses_of_w_are_named() {
    let dir = TempDir::new();
    let input = all_four();
    let out = dir.file("x.pcap");
    let usage = [
        (
            vec![p("stats"), &input, p("-w"), &out],
            "cardshark: error: -w with a capture file goes with decode, hands, inspect, \
             timeline and follow"
                .to_string(),
        ),
        (
            vec![p("decode"), &input, p("-w"), p("-")],
            "cardshark: error: -w -: standard output carries the command's output".into(),
        ),
        (
            vec![p("decode"), &input, p("-w"), &input],
            format!("cardshark: error: -w {}: that is an input", input.display()),
        ),
    ];
    for (args, want) in usage {
        let (code, shown, err) = run(&args, b"");
        assert_eq!((code, shown.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.starts_with(&want) && err.lines().count() == 1, "{err}");
        assert!(!out.exists());
    }
    let nowhere = dir.file("no/such/dir/x.pcap");
    let (code, shown, err) = run(&[p("decode"), &input, p("-w"), &nowhere], b"");
    assert_eq!((code, shown.as_str()), (1, ""));
    let want = format!("cardshark: error: {}: cannot create: ", nowhere.display());
    assert!(err.starts_with(&want), "{err}");
    // The input unreadable: no file left behind.
    let (code, _, _) = run(
        &[p("decode"), &dir.file("missing.pcap"), p("-w"), &out],
        b"",
    );
    assert_eq!(code, 1);
    assert!(!out.exists());
}
