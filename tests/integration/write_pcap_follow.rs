//! `-w OUT` on `timeline` (the streams of the changes or states it
//! shows) and `follow` (the streams it follows), read back by tshark and
//! cardshark as `write_pcap` reads `decode`'s.

use crate::support::{testdata, TempDir};
use crate::write_pcap::{all_four, check_holds, jsonl, p, run};
use std::collections::BTreeSet;
use std::path::Path;

/// The streams of the lines `timeline ... --format jsonl` writes.
fn timeline_streams(input: &Path, args: &[&str]) -> Vec<u64> {
    let mut all = vec![p("timeline"), input];
    all.extend(args.iter().map(|a| p(a)));
    all.extend([p("--format"), p("jsonl")]);
    let streams: BTreeSet<u64> = (jsonl(&all).iter())
        .map(|l| l["stream"].as_u64().unwrap())
        .collect();
    streams.into_iter().collect()
}

/// Runs `command input args -w OUT` and checks that its standard output is
/// that of the same command without `-w`, that standard error counts
/// `streams`, and that OUT holds every frame of them.
fn check_writes(command: &str, input: &Path, args: &[&str], streams: &[u64]) {
    let dir = TempDir::new();
    let out = dir.file("out.pcap");
    let mut all = vec![p(command), input];
    all.extend(args.iter().map(|a| p(a)));
    let (code, plain, err) = run(&all, b"");
    assert_eq!(code, 0, "{all:?}: {err}");
    all.extend([p("-w"), &out]);
    let (code, shown, err) = run(&all, b"");
    assert_eq!(code, 0, "{all:?}: {err}");
    assert_eq!(
        shown, plain,
        "{all:?}: -w changes nothing on standard output"
    );
    let n = streams.len();
    let line = err.lines().last().unwrap_or_default();
    assert!(
        line.starts_with(&format!("cardshark: {}: ", out.display()))
            && line.ends_with(&format!(" frame(s) of {n} stream(s) written")),
        "{all:?}: {err}"
    );
    check_holds(&out, &[input], streams);
}

#[test]
fn timeline_writes_the_streams_of_the_changes_it_shows() {
    let input = all_four();
    // Every stream is a game's (stream 1, poker-network, has the table of
    // its hands).
    for (args, streams) in [
        (&[][..], &[0, 1, 2, 3][..]),
        (&["-Y", "game == \"gls\""][..], &[3][..]),
        (&["-s", "2"][..], &[2][..]),
        (&["-Y", "frame > 400"][..], &[0, 1][..]),
        (&["--at", "20"][..], &[0][..]),
        (&["--at", "40"][..], &[0, 2, 3][..]),
    ] {
        assert_eq!(timeline_streams(&input, args), streams, "{args:?}");
        check_writes("timeline", &input, args, streams);
        for format in ["csv", "jsonl"].iter().filter(|_| !args.contains(&"--at")) {
            let args = [args, &["--format", format]].concat();
            check_writes("timeline", &input, &args, streams);
        }
    }
}

#[test]
fn follow_writes_the_streams_it_follows() {
    let input = all_four();
    for (args, streams) in [
        (&["-s", "1"][..], &[1][..]),
        (
            &["-s", "2", "--format", "raw", "--dir", "s2c"][..],
            &[2][..],
        ),
        (&["-Y", "protocol == \"gls\""][..], &[3][..]),
        (
            &["-Y", "protocol == \"pokerth\" || protocol == \"cardgame\""][..],
            &[0, 2][..],
        ),
    ] {
        check_writes("follow", &input, args, streams);
    }
    let ws = testdata("websocket/solo-ws.pcap");
    check_writes("follow", &ws, &["-s", "0", "--websocket"], &[0]);
}

#[test]
fn follow_and_timeline_from_standard_input_write_what_a_file_gives() {
    let dir = TempDir::new();
    let input = all_four();
    let bytes = std::fs::read(&input).unwrap();
    for (command, stream) in [("follow", "2"), ("timeline", "3")] {
        let (from_file, from_stdin) = (dir.file("file.pcap"), dir.file("stdin.pcap"));
        let args = [p(command), &input, p("-s"), p(stream), p("-w"), &from_file];
        let (code, shown_file, err) = run(&args, b"");
        assert_eq!(code, 0, "{err}");
        let args = [p(command), p("-"), p("-s"), p(stream), p("-w"), &from_stdin];
        let (code, shown_stdin, err) = run(&args, &bytes);
        assert_eq!(code, 0, "{err}");
        assert_eq!(shown_stdin, shown_file);
        let (a, b) = (
            std::fs::read(&from_file).unwrap(),
            std::fs::read(&from_stdin).unwrap(),
        );
        assert!(a.len() > 24, "{command}: frames were written");
        assert_eq!(a, b, "{command}");
    }
}

#[test]
fn bad_uses_of_w_with_timeline_and_follow_are_named() {
    let dir = TempDir::new();
    let input = all_four();
    let out = dir.file("x.pcap");
    let name = input.display();
    let cases: [(Vec<&Path>, &[u8], String); 6] = [
        (
            vec![p("follow"), &input, p("-s"), p("99"), p("-w"), &out],
            b"",
            format!("cardshark: error: -s 99: {name} has no stream 99"),
        ),
        (
            vec![p("timeline"), &input, p("--at"), p("9999"), p("-w"), &out],
            b"",
            format!("cardshark: error: --at 9999: {name} has frames 1 to 624"),
        ),
        (
            vec![p("timeline"), &input, p("-w"), p("-")],
            b"",
            "cardshark: error: -w -: standard output carries the command's output".into(),
        ),
        (
            vec![p("follow"), &input, p("-s"), p("0"), p("-w"), &input],
            b"",
            format!("cardshark: error: -w {name}: that is an input"),
        ),
        (
            vec![p("follow"), p("-"), p("-Y"), p("frame > 1"), p("-w"), &out],
            b"not read",
            "cardshark: error: follow -Y reads the capture more than once: give a file, \
             not standard input"
                .into(),
        ),
        (
            vec![p("replay"), &input, p("-s"), p("3"), p("-w"), &out],
            b"",
            "cardshark: error: -w with a capture file goes with decode, hands, inspect, \
             timeline and follow"
                .into(),
        ),
    ];
    for (args, stdin, want) in cases {
        let (code, _, err) = run(&args, stdin);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.starts_with(&want) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
        assert!(!out.exists(), "{args:?}: no file left behind");
    }
    // With a file and standard input, -Y still reads standard input once.
    let args = [p("follow"), &input, p("-"), p("-Y"), p("frame > 1")];
    let (code, _, err) = run(&args, b"");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("follow -Y reads the capture more than once"),
        "{err}"
    );
}
