//! Live capture's ring buffer (`-i -w FILE -b ...`, feature `live`): TCP
//! traffic on loopback kept in files named and rotated as dumpcap does,
//! each read back by tshark; a disk that fills (a tiny tmpfs) and an
//! interface that disappears (a veth pair) end the capture with a clear
//! error. Needs root, as live_capture's tests; each test says loudly when
//! it skips.
#![cfg(feature = "live")]

use crate::live_capture::{can_capture, listener, start, stdout, wait};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// Sends `count` writes of 100 bytes from a client to a server on
/// `listener`, `gap` apart (no Nagle: a packet each), or until `stop`;
/// the bytes the server received.
fn traffic(listener: TcpListener, count: usize, gap: Duration, stop: &AtomicBool) -> usize {
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (mut c, _) = listener.accept().unwrap();
        let mut buf = [0u8; 4096];
        let mut got = 0;
        while let Ok(n) = c.read(&mut buf) {
            if n == 0 {
                break;
            }
            got += n;
        }
        got
    });
    let mut client = TcpStream::connect(("127.0.0.1", port)).unwrap();
    client.set_nodelay(true).unwrap();
    for _ in 0..count {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        client.write_all(&[b'x'; 100]).unwrap();
        std::thread::sleep(gap);
    }
    drop(client);
    server.join().unwrap()
}

/// Ctrl-C to `child`, which must then end with status 0.
fn interrupt(child: &mut Child) {
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill on the pid of a child we started and have not reaped.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert_eq!(wait(child, 10), 0);
}

/// The rest of `child`'s standard error (it has ended).
fn stderr_rest(err: &mpsc::Receiver<String>) -> String {
    let mut s = String::new();
    while let Ok(line) = err.recv_timeout(Duration::from_secs(2)) {
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// The number in "... N <what>" of the line of `text` that has `what`.
fn count_before(text: &str, what: &str) -> u64 {
    let line = text.lines().find(|l| l.contains(what)).expect(what);
    let head = &line[..line.find(what).unwrap()];
    head.split_whitespace().last().unwrap().parse().unwrap()
}

/// The files of `dir`, by name; each must be named `STEM_NNNNN_YYYYMMDDhhmmss.pcapng`
/// (dumpcap's pattern): their numbers, in order.
fn ring_files(dir: &Path, stem: &str) -> Vec<(u32, PathBuf)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            let rest = name
                .strip_prefix(stem)
                .and_then(|r| r.strip_prefix('_'))
                .and_then(|r| r.strip_suffix(".pcapng"));
            let (n, time) = rest.and_then(|r| r.split_once('_')).unwrap_or(("", ""));
            let digits = |s: &str, len| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
            assert!(
                digits(n, 5) && digits(time, 14),
                "not dumpcap's name: {name}"
            );
            (n.parse().unwrap(), p)
        })
        .collect()
}

/// One frame as tshark reads it: captured length, TCP payload length,
/// source port, raw sequence number.
type Fields = [u64; 4];

/// tshark's reading of `file`, which must succeed without a word on
/// standard error (but its warning about running as root): its frames.
fn tshark(file: &Path) -> Vec<Fields> {
    let fields = ["frame.cap_len", "tcp.len", "tcp.srcport", "tcp.seq_raw"];
    let mut cmd = Command::new("tshark");
    cmd.args(["-n", "-T", "fields"]);
    for f in fields {
        cmd.args(["-e", f]);
    }
    let out = cmd
        .arg("-r")
        .arg(file)
        .output()
        .expect("tshark is installed");
    let err = String::from_utf8_lossy(&out.stderr);
    let complaint = err.lines().any(|l| !l.contains("Running as user \"root\""));
    assert!(out.status.success() && !complaint, "{file:?}: {err}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let mut f = l.split('\t').map(|v| v.parse::<u64>().unwrap_or(0));
            [(); 4].map(|_| f.next().unwrap_or(0))
        })
        .collect()
}

#[test]
fn ring_buffer_by_filesize_keeps_every_packet_and_files_keeps_the_newest() {
    if !can_capture("ring_buffer_by_filesize_keeps_every_packet_and_files_keeps_the_newest") {
        return;
    }
    let (all_dir, ring_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (l, port) = listener();
    let filter = format!("tcp port {port}");
    let w_all = all_dir.path().join("all.pcapng");
    let w_ring = ring_dir.path().join("ring.pcapng");
    let (mut all, all_err) = start(&[
        "inspect",
        "-i",
        "lo",
        "-f",
        &filter,
        "-w",
        w_all.to_str().unwrap(),
        "-b",
        "filesize:2",
    ]);
    let (mut ring, ring_err) = start(&[
        "inspect",
        "-i",
        "lo",
        "-f",
        &filter,
        "-w",
        w_ring.to_str().unwrap(),
        "-b",
        "filesize:2",
        "-b",
        "files:3",
    ]);
    let sent = traffic(l, 150, Duration::from_millis(2), &AtomicBool::new(false));
    assert_eq!(sent, 15_000);
    interrupt(&mut all);
    interrupt(&mut ring);
    let all_text = stderr_rest(&all_err);
    let captured = count_before(&all_text, "packet(s) captured");

    // Without files:N: every file kept, numbered from 1, each a whole
    // capture, full after the packet that reached 2000 bytes; together
    // every packet captured and every byte sent.
    let files = ring_files(all_dir.path(), "all");
    assert!(files.len() >= 5, "{files:?}");
    let numbers: Vec<u32> = files.iter().map(|f| f.0).collect();
    assert_eq!(numbers, (1..=files.len() as u32).collect::<Vec<_>>());
    let (mut packets, mut payload) = (0, 0);
    for (i, (_, path)) in files.iter().enumerate() {
        let frames = tshark(path);
        packets += frames.len() as u64;
        payload += frames.iter().map(|f| f[1]).sum::<u64>();
        let size = std::fs::metadata(path).unwrap().len();
        if i + 1 < files.len() {
            let last = frames.last().expect("a full file has packets")[0];
            let last_block = 32 + last.next_multiple_of(4);
            assert!(size >= 2000 && size - last_block < 2000, "{path:?}: {size}");
        }
    }
    assert_eq!(packets, captured, "{all_text}");
    assert_eq!(payload, 15_000);
    assert!(
        all_text.contains(&format!(
            "{} file(s) written, {} kept",
            files.len(),
            files.len()
        )),
        "{all_text}"
    );

    // files:3: the 3 newest remain, the other run's last three (the same
    // packets, cut at the same places).
    let ring_text = stderr_rest(&ring_err);
    assert_eq!(count_before(&ring_text, "packet(s) captured"), captured);
    let kept = ring_files(ring_dir.path(), "ring");
    assert_eq!(kept.len(), 3, "{kept:?}");
    let newest = &files[files.len() - 3..];
    for ((n, path), (m, same)) in kept.iter().zip(newest) {
        assert_eq!(n, m);
        assert_eq!(tshark(path), tshark(same));
        let size = |p: &Path| std::fs::metadata(p).unwrap().len();
        assert_eq!(size(path), size(same));
    }
    assert!(
        ring_text.contains(&format!("{} file(s) written, 3 kept", files.len())),
        "{ring_text}"
    );
}

#[test]
fn ring_buffer_by_duration_starts_files_without_packets() {
    if !can_capture("ring_buffer_by_duration_starts_files_without_packets") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (l, port) = listener();
    let filter = format!("tcp port {port}");
    let w = dir.path().join("timed.pcapng");
    let (mut child, err) = start(&[
        "decode",
        "-i",
        "lo",
        "-f",
        &filter,
        "-w",
        w.to_str().unwrap(),
        "-b",
        "duration:0.5",
        "-b",
        "files:2",
    ]);
    traffic(l, 10, Duration::from_millis(10), &AtomicBool::new(false));
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&mut child);
    let text = stderr_rest(&err);
    let kept = ring_files(dir.path(), "timed");
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(count_before(&text, "file(s) written") >= 4, "{text}");
    for (_, path) in &kept {
        assert!(tshark(path).is_empty(), "the traffic was in the first file");
    }
}

/// A tmpfs of 64 KiB mounted on a temporary directory, unmounted when
/// dropped; `None` (said loudly) where mounting is not allowed.
struct TinyDisk(tempfile::TempDir);

impl TinyDisk {
    fn mount(test: &str) -> Option<TinyDisk> {
        let dir = tempfile::tempdir().unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("\n*** SKIPPED {test}: cannot mount a tmpfs here ***\n");
        }
        ok.then_some(TinyDisk(dir))
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0.path()).status();
    }
}

#[test]
fn a_full_disk_stops_the_capture_and_leaves_whole_files() {
    let test = "a_full_disk_stops_the_capture_and_leaves_whole_files";
    if !can_capture(test) {
        return;
    }
    let Some(disk) = TinyDisk::mount(test) else {
        return;
    };
    let (l, port) = listener();
    let filter = format!("tcp port {port}");
    // 10 kB files take 3 pages of the 16: the sixth fills the disk within
    // its first page, amid a packet.
    let w = disk.0.path().join("full.pcapng");
    let (mut child, err) = start(&[
        "inspect",
        "-i",
        "lo",
        "-f",
        &filter,
        "-w",
        w.to_str().unwrap(),
        "-b",
        "filesize:10",
    ]);
    let stop = Arc::new(AtomicBool::new(false));
    let sender = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || traffic(l, 20_000, Duration::from_micros(200), &stop))
    };
    let status = wait(&mut child, 60);
    stop.store(true, Ordering::SeqCst);
    sender.join().unwrap();
    assert_eq!(status, 1);
    let out = stdout(&mut child);
    assert!(out.contains("Capture:      lo (live capture)"), "{out}");
    let text = stderr_rest(&err);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("cardshark: error: lo: capture stopped: ")
            && last.contains("full_")
            && last.contains("No space left on device")
            && last.contains("ends with its last whole packet"),
        "{text}"
    );
    let files = ring_files(disk.0.path(), "full");
    assert_eq!(files.len(), 6, "{files:?}");
    let mut packets = 0;
    for (_, path) in &files {
        packets += tshark(path).len() as u64;
    }
    assert!(packets > 0 && packets <= count_before(&text, "packet(s) captured"));
}

/// A veth pair made for the test (names under 16 bytes), deleted when
/// dropped if it still exists; `None` (said loudly) where it cannot be made.
struct Veth(String);

impl Veth {
    fn add(test: &str) -> Option<Veth> {
        let name = format!("csr{}", std::process::id() % 100_000);
        let peer = format!("csp{}", std::process::id() % 100_000);
        let ip = |args: &[&str]| {
            Command::new("ip")
                .args(args)
                .status()
                .is_ok_and(|s| s.success())
        };
        let ok = ip(&["link", "add", &name, "type", "veth", "peer", "name", &peer])
            && ip(&["link", "set", &name, "up"]);
        if !ok {
            eprintln!("\n*** SKIPPED {test}: cannot make a veth pair here ***\n");
            return None;
        }
        Some(Veth(name))
    }

    fn delete(&self) {
        let _ = Command::new("ip")
            .args(["link", "del", &self.0])
            .stderr(std::process::Stdio::null())
            .status();
    }
}

impl Drop for Veth {
    fn drop(&mut self) {
        self.delete();
    }
}

#[test]
fn an_interface_that_disappears_gives_the_summary_and_an_error() {
    let test = "an_interface_that_disappears_gives_the_summary_and_an_error";
    if !can_capture(test) {
        return;
    }
    let Some(veth) = Veth::add(test) else {
        return;
    };
    let (mut child, err) = start(&["inspect", "-i", &veth.0]);
    std::thread::sleep(Duration::from_millis(300));
    veth.delete();
    assert_eq!(wait(&mut child, 20), 1);
    let out = stdout(&mut child);
    assert!(
        out.contains(&format!("Capture:      {} (live capture)", veth.0)),
        "{out}"
    );
    let text = stderr_rest(&err);
    let last = text.lines().last().unwrap();
    let want = format!("cardshark: error: {}: capture stopped: ", veth.0);
    assert!(last.starts_with(&want), "{text}");
    assert!(last.contains("disappeared"), "{text}");
}
