//! Exit statuses and errors, the same for every command: 0 success, 1
//! input unreadable, 2 usage (also what the capture turns out not to
//! have), 3 with `--strict` when the traffic had problems; every error one
//! `cardshark: error:` line naming the argument or file; no panic on a
//! closed standard output.

use crate::common;
use crate::support::{testdata, write_pcap, Conn, TempDir};
use std::process::{Command, Stdio};

/// Runs cardshark; (exit status, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = common::cardshark()
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().expect("an exit status, not a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `stderr` is one error line that says each of `words`.
fn one_error(stderr: &str, words: &[&str]) {
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("cardshark: error: "), "{stderr}");
    for w in words {
        assert!(lines[0].contains(w), "says {w:?}: {stderr}");
    }
}

fn all_four() -> String {
    testdata("mixed/all-four.pcap")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn clap_errors_are_one_line_with_their_suggestion() {
    let f = all_four();
    for (args, words) in [
        (
            vec!["decode", &f, "--formt", "jsonl"],
            vec!["'--formt'", "did you mean '--format'?"],
        ),
        (vec!["decod", &f], vec!["'decod'", "did you mean 'decode'?"]),
        (
            vec!["inspect", &f, "--color", "sometimes"],
            vec!["'sometimes'", "possible values: auto, always, never"],
        ),
        (
            vec!["decode", &f, "--format", "xml"],
            vec!["'xml'", "possible values: table, json, jsonl"],
        ),
        (vec!["decode", &f, "-s", "x"], vec!["'x'", "--stream"]),
        (vec!["hands", &f, "--hand", "3"], vec!["'3'", "STREAM:HAND"]),
        (
            vec!["completions", "tcsh"],
            vec!["'tcsh'", "did you mean 'zsh'?"],
        ),
        (vec!["inspect"], vec!["<FILE>", "cardshark inspect --help"]),
        (vec!["decode", &f, "--strict=yes"], vec!["--strict"]),
        (vec!["decode", &f, "--wide=1"], vec!["--wide"]),
        (vec!["decode", &f, "--pager=1"], vec!["--pager"]),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        one_error(&err, &words);
        assert!(!err.contains("Usage:"), "no usage block: {err}");
    }
    // Help and version are not errors.
    for args in [vec!["--help"], vec!["decode", "--help"], vec!["--version"]] {
        let (code, out, err) = run(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert!(!out.is_empty());
    }
}

#[test]
fn wrong_names_are_refused_before_reading() {
    // A capture that does not exist: the name is checked first.
    let missing = "no-such-capture.pcap";
    for (args, words) in [
        (
            vec!["decode", missing, "--type", "NoSuchType"],
            vec!["'NoSuchType'", "--type", "no protocol has"],
        ),
        (
            vec!["decode", missing, "--type", "PlayersActonDone"],
            vec!["did you mean 'PlayersActionDone'?"],
        ),
        (
            vec!["decode", missing, "-p", "pokert"],
            vec!["'pokert'", "--protocol", "did you mean 'pokerth'?"],
        ),
        (
            vec!["decode", missing, "-t", "x"],
            vec!["'x'", "--time-format", "a, ad, r, d, dd, e, u, ud"],
        ),
        (
            vec!["decode", missing, "-t", "PlayersActionDone"],
            vec!["use --type PlayersActionDone"],
        ),
        (vec!["decode", missing, "-t", "gap"], vec!["use --type gap"]),
        (
            vec!["timeline", missing, "--at", "0"],
            vec!["'0'", "--at", "numbered from 1"],
        ),
        (vec!["timeline", missing, "--at", "x"], vec!["'x'", "--at"]),
        (vec!["decode", missing, "-c", "0"], vec!["'0'", "--count"]),
        (
            vec!["inspect", missing, "-t", "sometimes"],
            vec!["--time-format"],
        ),
        (
            vec!["decode", missing, "--decode-as", "7234=nope"],
            vec!["--decode-as", "unknown protocol 'nope'"],
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        one_error(&err, &words);
        assert!(!err.contains(missing), "refused before opening: {err}");
    }
    // Type names in any case; -t on a command without --type says nothing of it.
    assert_eq!(
        run(&["decode", &all_four(), "--type", "diePLACE", "-c", "1"]).0,
        0
    );
    let (_, _, err) = run(&["timeline", missing, "-t", "PlayersActionDone"]);
    assert!(!err.contains("--type"), "{err}");
}

#[test]
fn ring_buffer_options_are_checked_before_capturing() {
    let f = all_four();
    for (args, words) in [
        (
            vec!["decode", &f, "-b", "filesize:1"],
            vec!["-b goes with -i"],
        ),
        (
            vec!["decode", &f, "-b", "size:1"],
            vec!["--ring-buffer", "unknown key 'size'", "filesize:KB"],
        ),
        (vec!["inspect", &f, "-b", "filesize:0"], vec!["at least 1"]),
        (vec!["inspect", &f, "-b", "duration:-1"], vec!["above 0"]),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        one_error(&err, &words);
    }
    // With -i, before the interface is opened (no root needed).
    let live = cfg!(feature = "live");
    for (args, words) in [
        (
            vec!["decode", "-i", "lo", "-b", "filesize:1"],
            "-b needs -w FILE",
        ),
        (
            vec!["decode", "-i", "lo", "-w", "x.pcapng", "-b", "files:3"],
            "needs a criterion that starts the next file",
        ),
        (
            vec!["decode", "-i", "lo", "-w", "-", "-b", "filesize:1"],
            "-b with -w -",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        one_error(
            &err,
            &[if live {
                words
            } else {
                "live capture is not in this build"
            }],
        );
    }
}

#[test]
fn what_the_capture_does_not_have_is_a_usage_error() {
    let f = all_four();
    let cases = [
        (vec!["decode", &f, "-s", "99"], "-s 99: "),
        (vec!["decode", &f, "-s", "4", "--format", "jsonl"], "-s 4: "),
        (vec!["follow", &f, "-s", "99"], "-s 99: "),
        (vec!["timeline", &f, "-s", "99"], "-s 99: "),
        (vec!["replay", &f, "-s", "99"], "-s 99: "),
        (
            vec!["decode", &f, "--decode-as", "stream:99=gls"],
            "--decode-as stream:99: ",
        ),
        (
            vec!["inspect", &f, "--decode-as", "stream:7=gls"],
            "--decode-as stream:7: ",
        ),
        (
            vec!["hands", &f, "--decode-as", "stream:9=pokerth"],
            "--decode-as stream:9: ",
        ),
        (
            vec!["timeline", &f, "--decode-as", "stream:9=gls"],
            "--decode-as stream:9: ",
        ),
    ];
    for (args, what) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        one_error(&err, &[what, &f, "(it has 4 streams, numbered from 0"]);
        if args[0] == "decode" && !args.contains(&"--decode-as") {
            assert!(out.is_empty(), "{args:?}: {out}");
        }
    }
    let (code, _, err) = run(&["timeline", &f, "--at", "625"]);
    assert_eq!(code, 2);
    one_error(&err, &["--at 625: ", &f, "has frames 1 to 624"]);
    // What the capture has is fine, also when no record passes the filters.
    for args in [
        vec!["decode", &f, "-s", "3", "--type", "PlayersActionDone"],
        vec!["decode", &f, "--decode-as", "stream:3=gls", "-c", "2"],
        vec!["timeline", &f, "--at", "624", "-s", "3"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
}

/// A poker-network connection whose client sends a packet list nested 9
/// deep: one record with an error (the decoder stops at 8).
fn capture_with_an_error_record(dir: &TempDir) -> String {
    let mut p = vec![0x0c, 0x00, 0x02, 0x00, 0x00];
    for _ in 1..9 {
        let mut outer = vec![0x0c];
        outer.extend_from_slice(&u16::try_from(p.len() + 2).unwrap().to_be_bytes());
        outer.extend_from_slice(&[0, 1]);
        outer.extend_from_slice(&p);
        p = outer;
    }
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:19380", 100, 200);
    let mut segs = c.handshake();
    segs.push(c.data(false, b"CGI 003.000\n"));
    segs.push(c.data(true, b"CGI 003.000\n"));
    segs.push(c.data(true, &p));
    let path = dir.file("error.pcap");
    write_pcap(&path, 1, 65535, &c.frames(&segs, 0));
    path.to_string_lossy().into_owned()
}

#[test]
fn strict_exits_3_on_gaps_errors_contradictions_and_a_damaged_capture_1() {
    let dir = TempDir::new();
    let gap = testdata("hands/gap.pcap").to_string_lossy().into_owned();
    let contradiction = testdata("pokernetwork/betting-contradiction.pcap");
    let contradiction = contradiction.to_string_lossy().into_owned();
    let error = capture_with_an_error_record(&dir);
    let cut = dir.file("cut.pcap");
    let bytes = std::fs::read(testdata("gls/session.pcap")).unwrap();
    std::fs::write(&cut, &bytes[..bytes.len() - 10]).unwrap();
    let cut = cut.to_string_lossy().into_owned();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["decode", &gap], "1 gap, the first at frame 57"),
        (vec!["inspect", &gap], "1 gap"),
        (vec!["hands", &gap], "1 gap, the first at frame 57"),
        (vec!["timeline", &gap], "1 gap, the first at frame 57"),
        (vec!["stats", &gap], "1 gap, the first at frame 57"),
        (
            vec!["follow", &gap, "-s", "0"],
            "1 gap, the first at frame 57",
        ),
        (vec!["decode", &error], "1 error record, the first at frame"),
        (vec!["inspect", &error], "1 error record"),
        (
            vec!["hands", &contradiction],
            "5 hand contradictions, the first at frame",
        ),
    ];
    // A damaged capture: what came before the damage is written, then the
    // damage is the error, with or without --strict.
    for args in [
        vec!["decode", cut.as_str()],
        vec!["--strict", "decode", cut.as_str()],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            out.lines().count() > 5,
            "{args:?}: the frames before it: {out}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("cardshark: error: {cut}: frame ")),
            "{err}"
        );
    }
    for (args, said) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "without --strict: {args:?}: {err}");
        let strict: Vec<&str> = ["--strict"]
            .into_iter()
            .chain(args.iter().copied())
            .collect();
        let (strict_code, strict_out, strict_err) = run(&strict);
        assert_eq!(strict_code, 3, "{strict:?}: {strict_err}");
        assert_eq!(out, strict_out, "the same output: {strict:?}");
        let last = strict_err.lines().last().unwrap();
        assert!(
            last.starts_with(&format!("cardshark: error: --strict: {}: ", args[1])),
            "{last}"
        );
        assert!(last.contains(said), "{strict:?} says {said:?}: {last}");
        assert_eq!(
            strict_err.lines().count(),
            err.lines().count() + 1,
            "{strict_err}"
        );
    }
    // Clean traffic, and what the command did not look at, pass.
    for args in [
        vec!["--strict", "decode", &all_four()],
        vec!["--strict", "hands", &all_four()],
        vec!["decode", &gap, "--strict", "--type", "stream_start"],
        vec!["--strict", "completions", "bash"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
}

#[test]
fn unreadable_input_is_1() {
    let (code, out, err) = run(&["decode", "no-such-capture.pcap"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    one_error(&err, &["no-such-capture.pcap", "cannot open"]);
}

/// Runs cardshark with its standard output closed before it writes.
fn with_stdout_closed(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardshark"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("no signal"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn no_command_panics_on_a_closed_standard_output() {
    let f = all_four();
    let commands: Vec<Vec<&str>> = vec![
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["completions", "fish"],
        vec!["inspect", &f],
        vec!["inspect", &f, "--format", "json"],
        vec!["decode", &f],
        vec!["decode", &f, "--format", "json"],
        vec!["decode", &f, "--format", "jsonl", "--threads", "1"],
        vec!["hands", &f],
        vec!["hands", &f, "--format", "text"],
        vec!["hands", &f, "--format", "ohh"],
        vec!["timeline", &f],
        vec!["timeline", &f, "--format", "jsonl"],
        vec!["timeline", &f, "--at", "300"],
        vec!["replay", &f, "--hand", "0:3"],
        vec!["replay", &f, "-s", "3", "--format", "jsonl"],
        vec!["follow", &f, "-s", "1"],
        vec!["follow", &f, "-s", "1", "--format", "raw"],
        vec!["--help"],
    ];
    for args in commands {
        let (code, err) = with_stdout_closed(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
}
