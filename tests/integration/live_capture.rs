//! Live capture (`-i`, feature `live`): real traffic on the loopback
//! interface, a small PokerTH client and server on 127.0.0.1, captured and
//! decoded while it happens. Needs root (CI runs as root); without it the
//! tests say loudly that they were skipped.
#![cfg(feature = "live")]

use crate::common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Messages from the PokerTH reference vectors (testdata/vectors), falling
/// back on copies of the same bytes.
fn vector(name: &str) -> Vec<u8> {
    let copy = match name {
        "Init" => "0001002c0005000200010005000100000f1e2d3c4b5a69788796a5b4c3d2e1f0730000004ac3b67267000000",
        "InitAck" => "00020010004704d2a1b2c3d4000003e9",
        "JoinGame" => "00310010000001020004000070617373",
        _ => unreachable!(),
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/vectors/pokerth.jsonl"
    );
    let from_file = std::fs::read_to_string(path).ok().and_then(|text| {
        text.lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .find(|v| v["type"] == name)
            .and_then(|v| v["hex"].as_str().map(str::to_string))
    });
    hex(&from_file.unwrap_or_else(|| copy.to_string()))
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Whether this process may capture; if not, says so loudly.
pub(crate) fn can_capture(test: &str) -> bool {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        return true;
    }
    eprintln!("\n*** SKIPPED {test}: live capture needs root (CI runs it as root) ***\n");
    false
}

/// Starts `cardshark ARGS` and waits until it says it is capturing; the
/// rest of its standard error comes through the receiver.
pub(crate) fn start(args: &[&str]) -> (Child, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardshark"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let line = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("cardshark starts");
    assert!(line.contains("capturing on '"), "{line}");
    (child, rx)
}

/// A PokerTH login and game join over a real loopback connection.
fn pokerth_session(listener: TcpListener) {
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (mut c, _) = listener.accept().unwrap();
        let mut buf = [0u8; 256];
        let _ = c.read(&mut buf).unwrap();
        c.write_all(&vector("InitAck")).unwrap();
        let _ = c.read(&mut buf).unwrap();
        let _ = c.read(&mut buf); // until the client closes
    });
    let mut client = TcpStream::connect(("127.0.0.1", port)).unwrap();
    client.write_all(&vector("Init")).unwrap();
    std::thread::sleep(Duration::from_millis(50));
    client.write_all(&vector("JoinGame")).unwrap();
    std::thread::sleep(Duration::from_millis(50));
    drop(client);
    server.join().unwrap();
}

/// A listener on an unused loopback port.
pub(crate) fn listener() -> (TcpListener, u16) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    (l, port)
}

/// Waits for `child` to end by itself, at most `secs` seconds.
pub(crate) fn wait(child: &mut Child, secs: u64) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().expect("an exit code");
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("cardshark did not stop within {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub(crate) fn stdout(child: &mut Child) -> String {
    let mut s = String::new();
    child.stdout.take().unwrap().read_to_string(&mut s).unwrap();
    s
}

fn types(jsonl: &str) -> Vec<String> {
    jsonl
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON record"))
        .map(|r| {
            let name = r.get("type").or(r.get("event")).unwrap();
            format!("{} {}", r["dir"].as_str().unwrap(), name.as_str().unwrap())
        })
        .collect()
}

#[test]
fn decode_captures_a_loopback_session_and_keeps_it() {
    if !can_capture("decode_captures_a_loopback_session_and_keeps_it") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("live.pcapng");
    let (listener, port) = listener();
    let filter = format!("tcp port {port}");
    let (mut child, _err) = start(&[
        "decode",
        "-i",
        "lo",
        "-f",
        &filter,
        "-c",
        "4",
        "--format",
        "jsonl",
        "-w",
        saved.to_str().unwrap(),
    ]);
    pokerth_session(listener);
    assert_eq!(wait(&mut child, 20), 0);
    let out = stdout(&mut child);
    let want = [
        "c2s stream_start",
        "c2s Init",
        "s2c InitAck",
        "c2s JoinGame",
    ];
    assert_eq!(types(&out), want, "{out}");
    let init: Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    assert_eq!(init["protocol"], "pokerth");
    assert_eq!(init["dst"], format!("127.0.0.1:{port}"));
    assert_eq!(init["fields"]["player_name"], "Jörg");
    // What was kept decodes the same.
    let again = common::cardshark()
        .args(["decode", "-c", "4", "--format", "jsonl"])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(String::from_utf8(again.stdout).unwrap(), out);
}

#[test]
fn ctrl_c_ends_inspect_with_its_summary() {
    if !can_capture("ctrl_c_ends_inspect_with_its_summary") {
        return;
    }
    let (listener, port) = listener();
    let filter = format!("tcp port {port}");
    let (mut child, err) = start(&["inspect", "-i", "lo", "-f", &filter]);
    pokerth_session(listener);
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: kill on the pid of a child we started and have not reaped.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert_eq!(wait(&mut child, 10), 0);
    let out = stdout(&mut child);
    assert!(out.contains("pokerth"), "{out}");
    assert!(out.contains("Streams:      1"), "{out}");
    assert!(out.contains("Capture:      lo (live capture)"), "{out}");
    let last = err.recv_timeout(Duration::from_secs(5)).unwrap();
    assert!(last.contains("packet(s) captured"), "{last}");
}

#[test]
fn a_bad_filter_or_interface_says_what_to_do() {
    if !can_capture("a_bad_filter_or_interface_says_what_to_do") {
        return;
    }
    let out = common::cardshark()
        .args(["decode", "-i", "lo", "-f", "tcp port banana"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("cardshark: error: lo: bad capture filter"),
        "{err}"
    );
    assert!(err.contains("pcap-filter"), "{err}");
    let out = common::cardshark()
        .args(["inspect", "-i", "nosuchif0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("cardshark: error: nosuchif0: "), "{err}");
    assert!(err.contains("--list-interfaces"), "{err}");
}

#[test]
fn list_interfaces_names_loopback() {
    let out = common::cardshark()
        .arg("--list-interfaces")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.contains(". lo")), "{text}");
}

/// Runs `ip ARGS`; false when `ip` is missing or refuses.
fn ip(args: &[&str]) -> bool {
    Command::new("ip")
        .args(args)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn an_interface_that_goes_away_ends_with_the_summary_and_an_error() {
    let test = "an_interface_that_goes_away_ends_with_the_summary_and_an_error";
    if !can_capture(test) {
        return;
    }
    // A veth pair of this test's own, removed while cardshark captures on it.
    let name = format!("csgone{}", std::process::id() % 100_000);
    let peer = format!("{name}p");
    if !ip(&["link", "add", &name, "type", "veth", "peer", "name", &peer]) {
        eprintln!("\n*** SKIPPED {test}: cannot make a veth pair (`ip link add`) ***\n");
        return;
    }
    assert!(ip(&["link", "set", &name, "up"]) && ip(&["link", "set", &peer, "up"]));
    let (mut child, err) = start(&["inspect", "-i", &name]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(ip(&["link", "del", &name]), "the veth pair is removed");
    // The capture ends by itself: the summary so far, then the error.
    assert_eq!(wait(&mut child, 10), 1);
    let out = stdout(&mut child);
    assert!(
        out.contains(&format!("Capture:      {name} (live capture)")),
        "{out}"
    );
    let rest: Vec<String> = err.try_iter().collect();
    let last = rest.last().map(String::as_str).unwrap_or_default();
    assert!(
        last.starts_with(&format!("cardshark: error: {name}: ")),
        "{rest:?}"
    );
}
