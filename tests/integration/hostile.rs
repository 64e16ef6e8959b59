//! Hostile captures: each runs the binary (debug or release, whichever the
//! tests were built with) on a capture written here, and checks its exit
//! status, the error or warning it gives, and its peak resident memory as
//! wait4 reports it for the child.
//!
//! The captures are written a packet at a time to a buffered file, so that
//! this process stays small: a child's peak memory as Linux reports it
//! after exec can include its parent's (the spawn shares the address space
//! until exec).
//!
//! Bounds are for the debug binary, with room to spare; the peaks measured
//! when they were written are given with each test.

use crate::support;

use pcap_file::pcap::{PcapHeader, PcapPacket, PcapWriter};
use pcap_file::DataLink;
use serde_json::Value;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;
use support::*;

/// The memory bound of every test here, in MB. Measured peaks are 10 to 35
/// MB for the debug binary; a million SYNs with the flow cap raised to a
/// million take about ten times this.
const BOUND_MB: f64 = 50.0;

/// What a run of the binary gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    /// The child's peak resident memory, in MB.
    peak_mb: f64,
}

/// Runs the binary with `args`, its standard output and error going to
/// files (not held in memory), and waits for it with wait4.
// The child is reaped by wait4, which clippy does not see.
#[allow(clippy::zombie_processes)]
fn run(dir: &TempDir, args: &[&str]) -> Run {
    let out_path = dir.file("stdout");
    let err_path = dir.file("stderr");
    let child = Command::new(env!("CARGO_BIN_EXE_cardshark"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).unwrap())
        .stderr(File::create(&err_path).unwrap())
        .spawn()
        .expect("spawn cardshark");
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child's, status and usage point to live locals.
    let r = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as i32, "wait4");
    assert!(
        libc::WIFEXITED(status),
        "killed by signal {} (a crash or a stack overflow)",
        libc::WTERMSIG(status)
    );
    eprintln!("peak memory: {:.1} MB", usage.ru_maxrss as f64 / 1024.0);
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
    Run {
        code: libc::WEXITSTATUS(status),
        stdout: read(&out_path),
        stderr: read(&err_path),
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
    }
}

/// The peak of this binary on a capture of one small connection: what it
/// takes to be loaded and run at all (a debug build's code is about twice
/// a release build's), measured once. The tests whose memory follows the
/// flow cap bound what they take above it. Called first in a test, while
/// this process is small (a child's peak can include its parent's).
fn baseline_mb() -> f64 {
    static BASELINE: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *BASELINE.get_or_init(|| {
        let dir = TempDir::new();
        let path = dir.file("one.pcap");
        write_connections(&path, 1, |c, _| c.seg(true, PSH | ACK, b"hello"));
        let args = ["inspect", "--threads", "2", path.to_str().unwrap()];
        let r = run(&dir, &args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.peak_mb
    })
}

/// What a run whose memory follows the flow cap may take above the
/// binary's own size ([`baseline_mb`]): the project's 64 MB for any
/// command, less the 10 MB a release build takes to run at all.
const ABOVE_BASELINE_MB: f64 = 54.0;

/// Asserts that `r` took less than [`ABOVE_BASELINE_MB`] above the
/// binary's own size, `base` ([`baseline_mb`]).
fn assert_above_baseline_under(r: &Run, base: f64) {
    let above = r.peak_mb - base;
    assert!(
        r.peak_mb > 0.0 && above < ABOVE_BASELINE_MB,
        "peak {:.1} MB: {above:.1} MB above the binary's own {base:.1} MB, bound {ABOVE_BASELINE_MB} MB",
        r.peak_mb
    );
}

fn assert_peak_under(r: &Run, mb: f64) {
    assert!(
        r.peak_mb > 0.0 && r.peak_mb < mb,
        "peak {:.1} MB, bound {mb} MB",
        r.peak_mb
    );
}

/// Writes `n` connections to one server, each from a client of its own
/// (distinct addresses and ports), one packet each: `segment(conn, i)`,
/// 10 µs apart.
fn write_connections(path: &Path, n: u32, segment: impl Fn(&Conn, u32) -> Seg) {
    let mut w = Pcap::create(path);
    for i in 0..n {
        let client = format!(
            "10.{}.{}.1:{}",
            1 + i / 50_000,
            (i / 250) % 200,
            1024 + i % 60_000
        );
        let c = Conn::new(&client, "10.0.0.2:7234", i, 0);
        w.frame(u64::from(i) * 10, &c.eth(&segment(&c, i)));
    }
    w.finish();
}

/// A pcap file written a packet at a time.
struct Pcap(PcapWriter<BufWriter<File>>);

impl Pcap {
    fn create(path: &Path) -> Self {
        let header = PcapHeader {
            datalink: DataLink::ETHERNET,
            snaplen: 65535,
            ..Default::default()
        };
        let file = BufWriter::new(File::create(path).unwrap());
        Pcap(PcapWriter::with_header(file, header).unwrap())
    }

    fn frame(&mut self, ts_us: u64, data: &[u8]) {
        let p = PcapPacket::new(Duration::from_micros(ts_us), data.len() as u32, data);
        self.0.write_packet(&p).unwrap();
    }

    fn finish(self) {
        self.0.into_writer().flush().unwrap();
    }

    /// A capture that starts with `c`'s handshake, frames 0..3.
    fn with_handshake(path: &Path, c: &mut Conn) -> Self {
        let mut w = Pcap::create(path);
        for (i, s) in c.handshake().iter().enumerate() {
            w.frame(i as u64, &c.eth(s));
        }
        w
    }
}

/// A good connection: handshake, a message each way.
fn good_frames() -> Vec<Frame> {
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let mut segs = c.handshake();
    segs.push(c.data(true, b"hello"));
    segs.push(c.data(false, b"world"));
    c.frames(&segs, 0)
}

// (a) Length fields claiming about 4 GB.

/// A pcap record header whose captured length is 0xFFFFFFF0 (about 4 GB),
/// after good packets, followed by a few bytes only. Measured: ~9 MB.
#[test]
fn pcap_record_claiming_4_gb() {
    let dir = TempDir::new();
    let path = dir.file("huge-record.pcap");
    write_pcap(&path, 1, 65535, &good_frames());
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    let mut rec = Vec::new();
    rec.extend_from_slice(&1u32.to_le_bytes()); // ts seconds
    rec.extend_from_slice(&0u32.to_le_bytes()); // ts micros
    rec.extend_from_slice(&0xFFFF_FFF0u32.to_le_bytes()); // captured length
    rec.extend_from_slice(&0xFFFF_FFF0u32.to_le_bytes()); // original length
    rec.extend_from_slice(&[0xAB; 64]);
    f.write_all(&rec).unwrap();
    drop(f);

    let r = run(
        &dir,
        &["inspect", "--format", "json", path.to_str().unwrap()],
    );
    assert_eq!(r.code, 1, "partial results, then the damage: {}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["capture"]["frames"], 5, "the good frames are kept");
    assert_eq!(doc["streams"].as_array().unwrap().len(), 1);
    let want = format!(
        "cardshark: error: {}: frame 6 (byte offset 384): record length 4294967296 exceeds the limit of 16777216 bytes; results cover the 5 frames before it\n",
        path.display()
    );
    assert_eq!(r.stderr, want);
    assert_peak_under(&r, BOUND_MB);
}

/// The same record header as the first and only one: nothing to show, a
/// one-line error, exit status 1. Measured: ~9 MB.
#[test]
fn pcap_first_record_claiming_4_gb() {
    let dir = TempDir::new();
    let path = dir.file("huge-first.pcap");
    write_pcap(&path, 1, 65535, &[]);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&[0; 8]);
    bytes.extend_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    bytes.extend_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    bytes.extend_from_slice(&[0; 100]);
    std::fs::write(&path, bytes).unwrap();

    let r = run(&dir, &["inspect", path.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    let want = format!(
        "cardshark: error: {}: frame 1 (byte offset 24): record length 4294967311 exceeds the limit of 16777216 bytes\n",
        path.display()
    );
    assert_eq!(r.stderr, want);
    assert_peak_under(&r, BOUND_MB);
}

/// A pcapng Enhanced Packet Block whose block length is 0xFFFFFFFF, after a
/// good section. Measured: ~9 MB.
#[test]
fn pcapng_block_length_ffffffff() {
    let dir = TempDir::new();
    let path = dir.file("huge-block.pcapng");
    let packets = good_frames().into_iter().map(|f| (0, f)).collect();
    write_pcapng(
        &path,
        pcap_file::Endianness::Little,
        &[Section {
            interfaces: vec![(1, 65535)],
            packets,
        }],
    );
    let good_len = std::fs::metadata(&path).unwrap().len();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&6u32.to_le_bytes()); // Enhanced Packet Block
    bytes.extend_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    bytes.extend_from_slice(&[0x5A; 200]);
    std::fs::write(&path, bytes).unwrap();

    let r = run(
        &dir,
        &["inspect", "--format", "json", path.to_str().unwrap()],
    );
    assert_eq!(r.code, 1, "partial results, then the damage: {}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["capture"]["frames"], 5, "the good frames are kept");
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", r.stderr);
    assert!(lines[0].starts_with("cardshark: error: "), "{}", r.stderr);
    assert!(
        lines[0].contains(&format!("offset {good_len}")),
        "{}",
        r.stderr
    );
    assert!(
        lines[0].contains("results cover the 5 frames before it"),
        "{}",
        r.stderr
    );
    assert_peak_under(&r, BOUND_MB);
}

// (b) Many SYNs.

/// A million SYNs, each from its own (address, port), with the default
/// flow cap (16 384): every connection past the cap flushes the longest
/// idle, and memory follows the cap, not the number of connections. The
/// whole pipeline runs (`decode` on two workers, whose filter keeps the
/// output empty). Measured: 41 MB (release), 48 MB (debug), that is
/// about 27 MB above the binary's own size: the flow cap's connections
/// (their reassembly and decoding state, about 1.4 KB each) and what is
/// in flight between the threads (`--max-in-flight`, 16 MiB at most).
#[test]
fn a_million_syns_under_the_flow_cap() {
    const N: u32 = 1_000_000;
    const CAP: u32 = 16_384;
    let base = baseline_mb();
    let dir = TempDir::new();
    let path = dir.file("syns.pcap");
    write_connections(&path, N, |c, _| c.seg(true, SYN, b""));

    let r = run(
        &dir,
        &[
            "decode",
            "--threads",
            "2",
            "--format",
            "jsonl",
            "--type",
            "gap",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    let want = format!(
        "cardshark: warning: {}: {} stream(s) flushed early to stay under the live-flow cap (--max-flows)\n",
        path.display(),
        N - CAP
    );
    assert_eq!(r.stderr, want);
    assert_above_baseline_under(&r, base);
}

// (c) A stream that never stops arriving out of order.

/// After the handshake, 50 000 segments of 100 bytes, each 100 bytes past
/// the end of the one before: every segment leaves a hole before it that
/// never fills. With `--max-buffer 65536` the buffered bytes stay under the
/// cap; holes are given up as gaps. Measured: ~9 MB.
#[test]
fn a_stream_forever_out_of_order() {
    const N: u32 = 50_000;
    let dir = TempDir::new();
    let path = dir.file("ooo.pcap");
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1000, 5000);
    let mut w = Pcap::with_handshake(&path, &mut c);
    let payload = [0x42u8; 100];
    for i in 0..N {
        c.advance(true, 100); // the hole
        let s = c.data(true, &payload);
        w.frame(10 + u64::from(i), &c.eth(&s));
    }
    w.finish();

    let r = run(
        &dir,
        &[
            "inspect",
            "--format",
            "json",
            "--max-buffer",
            "65536",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let cap = &doc["capture"];
    assert_eq!(cap["frames"], u64::from(N) + 3);
    assert_eq!(cap["streams"], 1);
    let overflows = cap["buffer_overflows"].as_u64().unwrap();
    assert!(overflows > 0);
    let want = format!(
        "cardshark: warning: {}: {overflows} hole(s) ({} bytes) given up because out-of-order buffering reached its cap (--max-buffer, --max-buffer-total)\n",
        path.display(),
        cap["buffer_overflow_bytes"]
    );
    assert_eq!(r.stderr, want);
    let c2s = &doc["streams"][0]["c2s"];
    // Every hole ends up a gap: N holes of 100 bytes; all the data is there.
    assert_eq!(c2s["gaps"], N, "{c2s}");
    assert_eq!(c2s["gap_bytes"], 100 * u64::from(N), "{c2s}");
    assert_eq!(c2s["bytes"], 100 * u64::from(N), "{c2s}");
    assert_peak_under(&r, BOUND_MB);
}

// (d) Sequence numbers jumping by 2^31.

/// After the handshake, data segments whose sequence numbers jump by 2^31
/// each time (exactly half the sequence space: neither ahead nor behind).
/// Measured: ~9 MB.
/// 10 000 connections open at once, each a byte and then 8000 bytes after
/// a hole that never fills: 80 MB out of order, each direction far under
/// `--max-buffer` (1 MiB). What all the streams hold is capped together:
/// out of order and kept for retransmissions by `--max-buffer-total` (4
/// MiB each), and in the decode stage (bytes of streams being detected,
/// messages not complete) by `decode::HELD_LIMIT` a worker; past a cap
/// the stream whose bytes grow lets them go. Measured (debug, two
/// workers): 61 MB, 40 MB above the binary's own size; with
/// `--max-buffer-total 1G`, 127 MB; before the caps, 160 MB.
#[test]
fn ten_thousand_streams_out_of_order_share_one_cap() {
    const N: u32 = 10_000;
    let base = baseline_mb();
    let dir = TempDir::new();
    let path = dir.file("holes.pcap");
    let mut w = Pcap::create(&path);
    let payload = vec![0x42u8; 8000];
    for i in 0..N {
        let client = format!("10.1.{}.{}:{}", i / 250, 1 + i % 250, 1024 + i);
        let mut c = Conn::new(&client, "10.0.0.2:7234", i, 0);
        let first = c.data(true, b"x");
        w.frame(u64::from(i) * 10, &c.eth(&first));
        c.advance(true, 100); // the hole
        let held = c.data(true, &payload);
        w.frame(u64::from(i) * 10 + 5, &c.eth(&held));
    }
    w.finish();

    let args = ["inspect", "--format", "json", "--threads", "2"];
    let r = run(&dir, &[&args[..], &[path.to_str().unwrap()]].concat());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_above_baseline_under(&r, base);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let cap = &doc["capture"];
    assert_eq!(cap["streams"], N);
    let overflows = cap["buffer_overflows"].as_u64().unwrap();
    assert!(overflows > 0, "{cap}");
    assert!(
        r.stderr
            .contains("given up because out-of-order buffering reached its cap"),
        "{}",
        r.stderr
    );
}

#[test]
fn sequence_numbers_jumping_by_2_pow_31() {
    const N: u32 = 2000;
    let dir = TempDir::new();
    let path = dir.file("jumps.pcap");
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 7, 9);
    let mut w = Pcap::with_handshake(&path, &mut c);
    let payload = [0x17u8; 50];
    for i in 0..N {
        let s = c.seg(true, PSH | ACK, &payload);
        c.advance(true, 1 << 31);
        w.frame(10 + u64::from(i), &c.eth(&s));
    }
    w.finish();

    let r = run(
        &dir,
        &["inspect", "--format", "json", path.to_str().unwrap()],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["capture"]["frames"], u64::from(N) + 3);
    let c2s = &doc["streams"][0]["c2s"];
    // The first jump is taken as ahead: a gap of 2^31 - 50 bytes (given up,
    // not buffered), then the second segment; every later one lands on the
    // bytes already seen (2^32 apart is the same place) and is a
    // retransmission.
    assert_eq!(r.stderr, "");
    assert_eq!(c2s["bytes"], 100, "{c2s}");
    assert_eq!(c2s["gaps"], 1, "{c2s}");
    assert_eq!(c2s["gap_bytes"], (1u64 << 31) - 50, "{c2s}");
    assert_eq!(c2s["retransmissions"], N - 2, "{c2s}");
    assert_eq!(c2s["packets"], N + 2, "{c2s}");
    assert_peak_under(&r, BOUND_MB);
}

// (e) Deeply nested poker-network packet lists.

/// `depth` PacketLists (type 12), each holding the next; the innermost is
/// empty. Protocol 3 lengths (payload only).
fn nested_packet_lists(depth: usize) -> Vec<u8> {
    let mut p = vec![0x0c, 0x00, 0x02, 0x00, 0x00];
    for _ in 1..depth {
        let mut outer = vec![0x0c];
        outer.extend_from_slice(&u16::try_from(p.len() + 2).unwrap().to_be_bytes());
        outer.extend_from_slice(&[0, 1]);
        outer.extend_from_slice(&p);
        p = outer;
    }
    p
}

/// A poker-network connection on port 19380 (`CGI 003.000\n` both ways)
/// whose client then sends PacketLists nested 500 deep (the decoder stops
/// at 8), then 10 000 deep (about 50 KB, split over segments). No stack
/// overflow: each is one record with an error naming the bound. Measured:
/// ~5 MB.
#[test]
fn deeply_nested_poker_network_packet_lists() {
    let dir = TempDir::new();
    let path = dir.file("nested.pcap");
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:19380", 100, 200);
    let mut segs = c.handshake();
    segs.push(c.data(false, b"CGI 003.000\n"));
    segs.push(c.data(true, b"CGI 003.000\n"));
    segs.push(c.data(true, &nested_packet_lists(500)));
    for chunk in nested_packet_lists(10_000).chunks(1400) {
        segs.push(c.data(true, chunk));
    }
    segs.push(c.data(true, &nested_packet_lists(8)));
    write_pcap(&path, 1, 65535, &c.frames(&segs, 0));

    let r = run(
        &dir,
        &["decode", "--format", "jsonl", path.to_str().unwrap()],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
    let records: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let lists: Vec<&Value> = records
        .iter()
        .filter(|v| v["type"] == "PacketList")
        .collect();
    assert_eq!(lists.len(), 3, "{}", r.stdout);
    let want =
        "packets[0] (PacketList) > ".repeat(8) + "`packets`: packet lists nested deeper than 8";
    assert_eq!(lists[0]["error"], want.as_str());
    assert_eq!(lists[1]["error"], want.as_str());
    assert_eq!(lists[2]["error"], Value::Null);
    assert_peak_under(&r, BOUND_MB);
}

/// 100 000 connections that each send a few bytes and never close: the
/// flow cap (16 384) is full for most of the capture, each live stream
/// holds reassembly and decoding state, and `inspect` keeps a row per
/// stream (4 096 in memory, the rest spilled to a temporary file). Memory
/// still follows the cap, on one worker or two: measured 47 and 51 MB
/// (release), 56 and 59 MB (debug), that is 35 to 38 MB above the
/// binary's own size.
fn inspect_on_100_000_open_streams(threads: usize) {
    const N: u32 = 100_000;
    let base = baseline_mb();
    let dir = TempDir::new();
    let path = dir.file("open-streams.pcap");
    write_connections(&path, N, |c, i| {
        let data = format!("hello from stream {i}\n");
        c.seg(true, PSH | ACK, data.as_bytes())
    });
    let t = threads.to_string();
    let args = ["inspect", "--format", "json", "--threads", &t];
    let r = run(&dir, &[&args[..], &[path.to_str().unwrap()]].concat());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_above_baseline_under(&r, base);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["capture"]["streams"], N);
    assert_eq!(doc["capture"]["streams_flushed"], N - 16_384);
}

#[test]
fn inspect_on_100_000_open_streams_on_one_worker_stays_bounded() {
    inspect_on_100_000_open_streams(1);
}

#[test]
fn inspect_on_100_000_open_streams_on_two_workers_stays_bounded() {
    inspect_on_100_000_open_streams(2);
}

// (f) PokerTH 1.x: bad lengths and bad protobuf inside a good stream.

/// A PokerTH 1.x message: length prefix, `messageType`, the message.
fn pth1(ty: u8, body: &[u8]) -> Vec<u8> {
    let key = (u16::from(ty) + 1) << 3 | 2;
    let mut env = vec![0x08, ty];
    if key < 0x80 {
        env.push(key as u8);
    } else {
        env.extend_from_slice(&[(key as u8) | 0x80, (key >> 7) as u8]);
    }
    env.push(u8::try_from(body.len()).unwrap());
    env.extend_from_slice(body);
    let mut m = u32::try_from(env.len()).unwrap().to_be_bytes().to_vec();
    m.extend_from_slice(&env);
    m
}

/// A PokerTH 1.x server stream on a port nobody knows (9): a good
/// message, a length prefix of 4 GB, more good messages, one whose varint
/// is truncated, one with a wrong wire type, one whose nested message
/// claims more than its parent holds, and a last good one. Each defect is
/// an error record or skipped bytes naming the frame, decoding resumes at
/// the next message, nothing is allocated from the 4 GB.
#[test]
fn pokerth1_bad_lengths_and_bad_protobuf() {
    let dir = TempDir::new();
    let path = dir.file("pth1.pcap");
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:9", 100, 200);
    let mut segs = c.handshake();
    let turn = |player: u8| pth1(41, &[0x08, 0x01, 0x10, player, 0x18, 0x01]);
    segs.push(c.data(false, &[turn(1), turn(2), turn(3)].concat()));
    let mut huge = vec![0xff, 0xff, 0xff, 0xf0, 0x08, 0x29, 0xd2, 0x02];
    huge.extend_from_slice(&[0x41; 40]);
    segs.push(c.data(false, &huge));
    segs.push(c.data(false, &[turn(4), turn(5), turn(6)].concat()));
    // PlayersActionDone whose last varint has its continuation bit set.
    segs.push(c.data(false, &pth1(44, &[0x08, 0x01, 0x40, 0x9c])));
    // PlayersTurn whose playerId (a uint32) is length-delimited.
    segs.push(c.data(false, &pth1(41, &[0x08, 0x01, 0x12, 0x01, 0x0a])));
    // HandStart whose plainCards claims 9 bytes of 4.
    segs.push(c.data(
        false,
        &pth1(40, &[0x08, 0x01, 0x12, 0x09, 0x08, 0x03, 0x10, 0x1a]),
    ));
    segs.push(c.data(false, &[turn(7), turn(8), turn(9)].concat()));
    write_pcap(&path, 1, 65535, &c.frames(&segs, 0));

    let r = run(
        &dir,
        &["decode", "--format", "jsonl", path.to_str().unwrap()],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turns: Vec<u64> = records
        .iter()
        .filter(|v| v["type"] == "PlayersTurn" && v.get("error").is_none())
        .map(|v| v["fields"]["player_id"].as_u64().unwrap())
        .collect();
    assert_eq!(turns, [1, 2, 3, 4, 5, 6, 7, 8, 9], "{}", r.stdout);
    let skipped: Vec<&Value> = records
        .iter()
        .filter(|v| v["event"] == "unknown_data")
        .collect();
    assert_eq!(skipped.len(), 1, "{}", r.stdout);
    assert_eq!(skipped[0]["len"], 48);
    assert!(
        skipped[0]["reason"].as_str().unwrap().contains("256 KiB"),
        "{}",
        skipped[0]
    );
    let errors: Vec<&Value> = records
        .iter()
        .filter(|v| v.get("error").is_some())
        .collect();
    assert_eq!(errors.len(), 3, "{}", r.stdout);
    for e in &errors {
        assert_eq!(e["dialect"], "pokerth-1");
        assert!(e["frame"].as_u64().unwrap() > 0);
        assert!(
            e["error"]
                .as_str()
                .unwrap()
                .starts_with("not a PokerTHMessage"),
            "{e}"
        );
    }
    assert_peak_under(&r, BOUND_MB);
}
