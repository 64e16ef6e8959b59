//! The command line people know: color, completions, the progress bar,
//! live-capture options and what a build without them says.

use crate::common;

use common::cardshark;
use std::path::{Path, PathBuf};

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/gls/session.pcap")
}

fn run(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = cardshark();
    cmd.args(args).env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn color_only_when_asked_or_on_a_terminal() {
    let file = sample();
    let file = file.to_str().unwrap();
    for cmd in ["inspect", "decode"] {
        let (code, out, _) = run(&[cmd, file, "--color", "always"], &[]);
        assert_eq!(code, 0);
        assert!(out.contains("\x1b["), "{cmd} --color always: {out}");
        // Not a terminal: no color by default, nor with NO_COLOR or never.
        for (args, env) in [
            (vec![cmd, file], vec![]),
            (vec![cmd, file, "--color", "auto"], vec![("NO_COLOR", "1")]),
            (vec!["--color", "never", cmd, file], vec![]),
        ] {
            let (code, out, _) = run(&args, &env);
            assert_eq!(code, 0);
            assert!(!out.contains('\x1b'), "{args:?}: {out}");
        }
    }
    let (code, _, err) = run(&["inspect", file, "--color", "sometimes"], &[]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn completions_for_three_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = run(&["completions", shell], &[]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("cardshark"), "{shell}");
        assert!(
            out.contains("decode") && out.contains("interface"),
            "{shell}"
        );
    }
    let (code, _, _) = run(&["completions", "tcsh"], &[]);
    assert_eq!(code, 2);
}

#[test]
fn capture_options_need_an_interface() {
    let file = sample();
    let file = file.to_str().unwrap();
    let (code, _, err) = run(&["decode", file, "-f", "tcp port 1"], &[]);
    assert_eq!(code, 2, "{err}");
    // From a file, -w goes with the commands that write what they matched
    // (tests/integration/write_pcap.rs).
    let (code, _, err) = run(&["stats", file, "-w", "/tmp/x.pcapng"], &[]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["decode", file, "-i", "lo"], &[]);
    assert_eq!(code, 2, "a file or an interface: {err}");
    let (code, _, err) = run(&["decode"], &[]);
    assert_eq!(code, 2, "{err}");
}

#[cfg(not(feature = "live"))]
#[test]
fn without_the_live_feature_it_says_how_to_turn_it_on() {
    for args in [&["decode", "-i", "lo"][..], &["--list-interfaces"][..]] {
        let (code, out, err) = run(args, &[]);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{err}");
        assert!(lines[0].starts_with("cardshark: error: live capture is not in this build"));
        assert!(lines[0].contains("--features live") && lines[0].contains("libpcap-dev"));
    }
}

/// A pcap file of about `mb` megabytes of ARP-sized frames.
fn big_capture(dir: &Path, mb: usize) -> PathBuf {
    use cardshark::capture::{write, LinkType};
    let path = dir.join("big.pcap");
    let mut bytes = write::pcap_header(LinkType::ETHERNET, 65535);
    let frame = [0x11u8; 1000];
    while bytes.len() < mb << 20 {
        bytes.extend(write::pcap_record(1_700_000_000, 0, 1000, &frame));
    }
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let path = big_capture(dir.path(), 5);
    let (code, out, err) = run(&["inspect", path.to_str().unwrap()], &[]);
    assert_eq!(code, 0);
    assert!(out.contains("Frames:"));
    assert_eq!(err, "", "nothing on stderr");
}

#[test]
fn a_progress_bar_on_a_terminal() {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let dir = tempfile::tempdir().unwrap();
    let path = big_capture(dir.path(), 6);
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the pointers given.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
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
        let mut all = Vec::new();
        let mut m = master;
        let mut buf = [0u8; 4096];
        // Ends with EIO once the child (the last holder of the slave) exits.
        while let Ok(n) = m.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_cardshark"))
        .args(["inspect", path.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(slave)
        .status()
        .unwrap();
    assert!(status.success());
    let shown = reader.join().unwrap();
    assert!(shown.contains("MiB"), "bytes shown: {shown:?}");
    assert!(shown.contains("left"), "time left shown: {shown:?}");
}

/// The lines of bash's completion script that complete option `opt` of
/// `decode`.
fn bash_case<'a>(script: &'a str, opt: &str) -> &'a str {
    let decode = &script[script
        .find("cardshark__subcmd__decode)")
        .expect("decode's part")..];
    let at = decode
        .find(&format!("                {opt})\n"))
        .unwrap_or_else(|| panic!("{opt}"));
    let case = &decode[at..];
    &case[..case.find(";;").unwrap()]
}

#[test]
fn completions_offer_names_not_files() {
    let (code, script, _) = run(&["completions", "bash"], &[]);
    assert_eq!(code, 0);
    for (opt, words) in [
        (
            "-p",
            &["pokerth pokerth-2007 pokerth-1 pokernetwork pokernetwork-2 gls cardgame"][..],
        ),
        (
            "--type",
            &["PlayersActionDone", "PacketPokerRaise", "DiePlace", "gap"],
        ),
        ("-t", &["a ad r d dd e u ud"]),
        ("--format", &["table json jsonl"]),
    ] {
        let case = bash_case(&script, opt);
        assert!(case.contains("compgen -W"), "{opt}: {case}");
        for w in words {
            assert!(case.contains(w), "{opt} offers {w}: {case}");
        }
    }
    for opt in ["-s", "-c", "--decode-as", "--threads", "-i"] {
        let case = bash_case(&script, opt);
        assert!(
            !case.contains("compgen -f"),
            "{opt} offers no file names: {case}"
        );
    }
    assert!(
        bash_case(&script, "-w").contains("compgen -f"),
        "-w takes a file"
    );
    let (_, zsh, _) = run(&["completions", "zsh"], &[]);
    assert!(zsh.contains("PlayersActionDone") && zsh.contains("pokernetwork"));
}
