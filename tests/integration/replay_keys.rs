//! `replay` navigation through the binary: without a terminal every step
//! is written; `--keys FILE` drives it as a person at the terminal would
//! (next, back, streets, hands, frames, search, quit), also with the
//! capture on standard input; wrong values are usage errors naming the
//! option. (The stepping itself is unit-tested in src/cli/replay/nav.rs.)

use crate::common::{cardshark, testdata};
use std::io::Write;

/// The step headers (`── step ...`) replay writes on `file` with `args`
/// and the keys `keys`; its standard error and exit status.
fn replay(file: &str, args: &[&str], keys: &str) -> (Vec<String>, String, Option<i32>) {
    let mut k = tempfile::NamedTempFile::new().unwrap();
    k.write_all(keys.as_bytes()).unwrap();
    let out = cardshark()
        .arg("replay")
        .args(args)
        .arg("--keys")
        .arg(k.path())
        .arg(testdata(file))
        .output()
        .unwrap();
    (headers(&out.stdout), stderr(&out.stderr), out.status.code())
}

fn headers(stdout: &[u8]) -> Vec<String> {
    (String::from_utf8_lossy(stdout).lines())
        .filter(|l| l.starts_with("── step"))
        .map(str::to_owned)
        .collect()
}

fn stderr(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn without_a_terminal_every_step_of_the_hand_is_written() {
    let out = cardshark()
        .args(["replay", "--hand", "0:1"])
        .arg(testdata("mixed/all-four.pcap"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let h = headers(&out.stdout);
    assert_eq!(h.len(), 43);
    assert_eq!(
        h[0],
        "── step 1 of 43 · hand 0:1 · preflop · hand 0:1 starts: blinds 10/20, Bob1's cards 9h 5d (frame 166)"
    );
    assert!(h[42].starts_with("── step 43 of 43 · "), "{}", h[42]);
    // Only hand 0:1: the next hand's start is not written.
    assert!(!String::from_utf8_lossy(&out.stdout).contains("hand 0:2 starts"));
    assert_eq!(stderr(&out.stderr), "");
}

#[test]
fn keys_step_forward_back_to_a_street_and_to_another_hand() {
    let (h, err, code) = replay("mixed/all-four.pcap", &["--hand", "0:1"], "n p\nfrh2\nfpq");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        h,
        [
            "── step 1 of 43 · hand 0:1 · preflop · hand 0:1 starts: blinds 10/20, Bob1's cards 9h 5d (frame 166)",
            "── step 2 of 43 · hand 0:1 · preflop · Bob1 posts the small blind 10, stack 2990 (frame 168)",
            "── step 3 of 43 · hand 0:1 · preflop · Carol posts the big blind 20, stack 2980 (frame 169)",
            "── step 2 of 43 · hand 0:1 · preflop · Bob1 posts the small blind 10, stack 2990 (frame 168)",
            "── step 3 of 43 · hand 0:1 · preflop · Carol posts the big blind 20, stack 2980 (frame 169)",
            "── step 12 of 43 · hand 0:1 · flop · flop: Qh Ks Tc (frame 183)",
            "── step 30 of 43 · hand 0:1 · river · river: 2h (frame 210)",
            "── step 1 of 12 · hand 0:2 · preflop · hand 0:2 starts: blinds 10/20, Bob1's cards 2h 3s (frame 226)",
        ]
    );
    // Hand 0:2 ended before the flop; back from a hand's start.
    assert_eq!(err, "── no flop in hand 0:2\n── this is the first step\n");
}

#[test]
fn the_last_step_stays_until_q_and_p_goes_back_from_it() {
    let keys = format!("{}pnq n", "\n".repeat(200));
    let (h, err, code) = replay("mixed/all-four.pcap", &["--hand", "0:3"], &keys);
    assert_eq!(code, Some(0), "{err}");
    let all = cardshark()
        .args(["replay", "--hand", "0:3"])
        .arg(testdata("mixed/all-four.pcap"))
        .output()
        .unwrap();
    let all = headers(&all.stdout);
    let n = all.len();
    // Every step; Enter past the last stays there; p goes back, n comes
    // back to the last; q ends it, and nothing after it is read.
    let mut want = all.clone();
    want.push(all[n - 2].clone());
    want.push(all[n - 1].clone());
    assert_eq!(h, want);
    let last = "── this is the last step (p back, q quit)\n";
    assert_eq!(err, last.repeat(200 - (n - 1)));
}

#[test]
fn a_game_stream_by_hand_frame_and_search() {
    let keys = "h2\ng91\n/chat\n/\n/\nt?zh9\ng5000\nq";
    let (h, err, code) = replay("pokerth1/solo.pcap", &["-s", "0"], keys);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        h,
        [
            "── step 1 of 103 · frame 4 · server speaks protocol 5.1 (server_type_internet_no_auth), 0 player(s) online",
            "── step 30 of 103 · frame 49 · hand 0:2 starts: blinds 40/80, alice's cards 7d Qs",
            "── step 52 of 103 · frame 91 · turn: 6s",
            "── step 5 of 103 · frame 13 · lobby chat, alice (1): hello lobby, alice here",
            "── step 9 of 103 · frame 19 · game chat, alice (1): good luck from alice",
            // The search wraps around.
            "── step 5 of 103 · frame 13 · lobby chat, alice (1): hello lobby, alice here",
        ]
    );
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(
        err[0], "── no hand in play at this step (h N goes to one)",
        "{err:?}"
    );
    assert!(
        err[1].starts_with("── keys: n, space or Enter next; p back;"),
        "{}",
        err[1]
    );
    assert_eq!(err[2], "── no key 'z' (? lists the keys)");
    assert_eq!(err[3], "── no hand 0:9 in this replay");
    assert_eq!(
        err[4],
        "── frame 5000 is outside this replay (frames 4 to 179 of stream 0)"
    );
    assert_eq!(err.len(), 5);
}

#[test]
fn keys_while_the_capture_comes_on_standard_input() {
    let mut k = tempfile::NamedTempFile::new().unwrap();
    k.write_all(b"nnq").unwrap();
    let out = cardshark()
        .args(["replay", "--format", "jsonl", "--hand", "0:1", "--keys"])
        .arg(k.path())
        .arg("-")
        .pipe_stdin(testdata("mixed/all-four.pcap"))
        .unwrap()
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out.stderr));
    let steps: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["step"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(steps, [1, 2, 3]);
}

#[test]
fn wrong_values_are_usage_errors_naming_the_option() {
    let file = testdata("mixed/all-four.pcap");
    let cases: [(&[&str], &str); 6] = [
        (
            &["--hand", "0:1", "--keys", "/no/such/keys"],
            "--keys /no/such/keys: cannot read it",
        ),
        (
            &["--hand", "0:1", "--keys", "/"],
            "--keys /: cannot read it: it is a directory",
        ),
        (&["--hand", "0:99"], "--hand 0:99: "),
        (&["--hand", "zero"], "--hand"),
        (&["-s", "9"], "-s 9: "),
        (&["--hand", "0:1", "--keys", "k", "--auto", "5"], "--auto"),
    ];
    for (args, want) in cases {
        let out = cardshark()
            .arg("replay")
            .args(args)
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn on_a_terminal_the_last_step_stays_until_q() {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
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
    let mut keys = master.try_clone().unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    let reader = {
        let seen = Arc::clone(&seen);
        std::thread::spawn(move || {
            let (mut m, mut buf) = (master, [0u8; 4096]);
            // Ends with EIO once the child (the last holder of the slave)
            // exits.
            while let Ok(n) = m.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    // The terminal is standard input, output and error, as at a shell.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cardshark"))
        .args(["replay", "--hand", "0:1"])
        .arg(testdata("pokerth1/solo.pcap"))
        .env("NO_COLOR", "1")
        .stdin(slave.try_clone().unwrap())
        .stdout(slave.try_clone().unwrap())
        .stderr(slave)
        .spawn()
        .unwrap();
    let wait = |text: &str, times: usize| {
        let until = Instant::now() + Duration::from_secs(30);
        while seen.lock().unwrap().matches(text).count() < times {
            let now = seen.lock().unwrap().clone();
            assert!(Instant::now() < until, "no {text:?} ×{times} in:\n{now}");
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    let n = 11;
    wait(&format!("[step 1 of {n}"), 1);
    for k in 2..=n {
        keys.write_all(b"n").unwrap();
        wait(&format!("[step {k} of {n}"), 1);
    }
    // Past the last step: it stays, and the replay still reads keys.
    keys.write_all(b"n").unwrap();
    wait("── this is the last step (p back, q quit)", 1);
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        child.try_wait().unwrap().is_none(),
        "ended at the last step"
    );
    keys.write_all(b"p").unwrap();
    wait(&format!("── step {} of {n} ·", n - 1), 2);
    keys.write_all(b"q").unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    drop(keys);
    reader.join().unwrap();
}
