//! Peak memory: the peak resident memory (and wall time) of cardshark's
//! commands on three captures, at one and two threads, with three readers
//! of standard output, for one build or for two side by side.
//!
//! `cargo bench --bench memory` measures this build's cardshark;
//! `BENCH_BEFORE=/path/to/older/cardshark cargo bench --bench memory`
//! measures that binary too, alternating (before, after, before, after,
//! ...) so that drift of the machine hits both alike.
//!
//! The captures (built once into `BENCH_DIR`, default target/bench, and
//! reused when a file of the same name is there):
//! - message-dense, `dense-{MB}mb.pcap`: [`synthetic`]'s PokerTH capture
//!   (3000 connections open at once, 1% of data segments out of order, 1%
//!   retransmitted, ACKs) with each data segment packed with as many whole
//!   messages as fit in 1400 bytes: dozens of small records per packet;
//! - packet-dense, `mixed-{MB}mb-3000c.pcap`: the suite's mixed capture
//!   ([`capture::build`] with the test captures' conversations);
//! - million-SYN, `syns-1m.pcap`: a million SYNs, each from its own address
//!   and port to one server, as the hostile tests write them.
//!
//! The commands: `decode --format jsonl`, `decode --format parquet -o DIR`
//! (a fresh directory each run, removed after; its standard output is
//! empty, so the reader axis does not apply: reader "-"), `inspect`,
//! `hands`, `timeline` and `timeline --format jsonl`, each with `--threads
//! 1` and `--threads 2`, each with its standard output read by: null
//! (/dev/null), file (a file in `BENCH_DIR`, removed after the run), slow
//! (a pipe this process reads 64 KiB at a time with a 62.5 ms sleep after
//! each, 1 MB/s, for at most `BENCH_SLOW_SECS`, then closes: cardshark
//! meets a broken pipe, and its exit status then does not count). The
//! million-SYN capture: `decode --format jsonl` and `inspect` only, two
//! threads, reader null.
//!
//! Environment: `BENCH_DIR`, `BENCH_DENSE_MB` (default 300),
//! `BENCH_PACKET_MB` (default 150), `BENCH_RUNS` (runs of each cell per
//! build, default 3), `BENCH_SLOW_SECS` (default 10), `BENCH_BEFORE` (an
//! older binary), `BENCH_ONLY` (keep only the rows whose command line,
//! `ARGS --threads N`, contains it), `BENCH_CAPTURES` (some of
//! `dense,packet,syns`, comma-separated).
//!
//! Prints markdown: the machine, the captures, the builds; a table per
//! capture (median seconds, highest peak in MB of 1024 × 1024 bytes); each
//! build's highest peak per capture, and every cell at 64 MB or more (the
//! project's target is every cell under 64 MB).
//!
//! A child's peak memory as wait4 reports it includes its parent's peak
//! (the spawn shares the parent's address space until exec), so this
//! process stays small: captures are written a packet at a time, and its
//! own peak is reset (after the captures are built) before any measurement.

#[allow(dead_code)]
#[path = "suite/capture.rs"]
mod capture;
#[path = "suite/frames.rs"]
mod frames;
#[allow(dead_code)]
#[path = "suite/measure.rs"]
mod measure;
#[allow(dead_code)]
#[path = "suite/scripts.rs"]
mod scripts;
#[allow(dead_code)]
#[path = "suite/synthetic.rs"]
mod synthetic;

use measure::{count_lines, env_num, median};
use pcap_file::pcap::PcapPacket;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::{ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// Connections open at once in the message-dense and packet-dense captures.
const CONCURRENT: usize = 3000;
/// The slow reader: bytes per read, and the sleep after each (1 MB/s).
const SLOW_CHUNK: usize = 64 * 1024;
const SLOW_PAUSE: Duration = Duration::from_micros(62_500);
/// The project's target: every cell's peak under this many MB.
const TARGET_MB: f64 = 64.0;
/// A mebibyte, the MB of the tables.
const MB: f64 = 1024.0 * 1024.0;

/// The commands measured on the message-dense and packet-dense captures
/// (`DIR` stands for a fresh output directory).
const COMMANDS: &[&[&str]] = &[
    &["decode", "--format", "jsonl"],
    &["decode", "--format", "parquet", "-o", "DIR"],
    &["inspect"],
    &["hands"],
    &["timeline"],
    &["timeline", "--format", "jsonl"],
];
/// The commands measured on the million-SYN capture (two threads, reader
/// null).
const SYN_COMMANDS: &[&[&str]] = &[&["decode", "--format", "jsonl"], &["inspect"]];

/// Who reads cardshark's standard output.
#[derive(Clone, Copy, PartialEq)]
enum Reader {
    /// /dev/null.
    Null,
    /// A file in the bench directory, removed after the run.
    File,
    /// A pipe read slowly by this process.
    Slow,
    /// Nothing to read (`-o DIR`): standard output to /dev/null.
    NotApplicable,
}

impl Reader {
    /// The reader's name in the tables.
    fn name(self) -> &'static str {
        match self {
            Reader::Null => "null",
            Reader::File => "file",
            Reader::Slow => "slow",
            Reader::NotApplicable => "-",
        }
    }
}

/// One row of a table: a command, its threads, its reader.
struct Cell {
    args: &'static [&'static str],
    threads: u32,
    reader: Reader,
}

impl Cell {
    /// The command as the table shows it (without `--threads` and the file).
    fn command(&self) -> String {
        self.args.join(" ")
    }

    /// The command line `BENCH_ONLY` is matched against: `ARGS --threads N`.
    fn line(&self) -> String {
        format!("{} --threads {}", self.command(), self.threads)
    }
}

/// One capture to measure.
struct Capture {
    /// Its name in `BENCH_CAPTURES`: dense, packet, syns.
    key: &'static str,
    title: &'static str,
    path: PathBuf,
    size: u64,
    packets: u64,
    records: u64,
}

/// One run of one build on one cell.
struct Outcome {
    seconds: f64,
    peak_kb: i64,
    ok: bool,
    /// Why it failed: the exit status and the last line of its errors.
    why: String,
    /// The slow reader: bytes read, and whether it closed the pipe before
    /// cardshark was done.
    read: u64,
    closed: bool,
}

/// Everything a run needs besides its cell and its binary.
struct Setup {
    dir: PathBuf,
    slow_limit: Duration,
    /// Runs of each cell per build.
    runs: usize,
    /// (name, binary): before (if any), then after.
    builds: Vec<(&'static str, String)>,
}

/// Builds the captures wanted, counts their packets and records, then
/// measures every cell of each and prints the tables.
fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var("BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| top.join("target").join("bench"));
    std::fs::create_dir_all(&dir).unwrap();
    let after = env!("CARGO_BIN_EXE_cardshark").to_string();
    let mut builds = Vec::new();
    if let Ok(before) = std::env::var("BENCH_BEFORE") {
        if !before.is_empty() {
            builds.push(("before", before));
        }
    }
    builds.push(("after", after.clone()));
    let setup = Setup {
        dir: dir.clone(),
        slow_limit: Duration::from_secs(env_num("BENCH_SLOW_SECS", 10).max(1)),
        runs: env_num("BENCH_RUNS", 3).max(1) as usize,
        builds,
    };
    let only = std::env::var("BENCH_ONLY").ok().filter(|s| !s.is_empty());
    let wanted = wanted_captures();

    // Every capture is built before anything is measured.
    let dense_mb = env_num("BENCH_DENSE_MB", 300);
    let packet_mb = env_num("BENCH_PACKET_MB", 150);
    let mut captures = Vec::new();
    if wanted.contains(&"dense") {
        let path = dir.join(format!("dense-{dense_mb}mb.pcap"));
        match synthetic::pokerth_vectors() {
            Some(msgs) => {
                let traffic = synthetic::Traffic::PokerThPacked(msgs);
                build_once(&path, |tmp| {
                    synthetic::build(tmp, dense_mb * 1_000_000, CONCURRENT, &traffic);
                });
                captures.push(("dense", "message-dense", path));
            }
            None => eprintln!("PokerTH vectors not found: the message-dense capture is skipped"),
        }
    }
    if wanted.contains(&"packet") {
        let path = dir.join(format!("mixed-{packet_mb}mb-{CONCURRENT}c.pcap"));
        build_once(&path, |tmp| {
            let scripts = scripts::load(&top.join("testdata"));
            assert!(!scripts.is_empty(), "no scripts found in testdata/");
            capture::build(tmp, packet_mb * 1_000_000, CONCURRENT, &scripts);
        });
        captures.push(("packet", "packet-dense", path));
    }
    if wanted.contains(&"syns") {
        let path = dir.join("syns-1m.pcap");
        build_once(&path, |tmp| write_syns(tmp, 1_000_000));
        captures.push(("syns", "million-SYN", path));
    }
    let floor_before_reset = floor_kb();
    shrink_self();

    let captures: Vec<Capture> = captures
        .into_iter()
        .map(|(key, title, path)| {
            eprintln!("counting the packets and records of {}", path.display());
            Capture {
                key,
                title,
                size: std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
                packets: count_packets(&path),
                records: count_lines(&after, &["decode", "--format", "jsonl"], &path),
                path,
            }
        })
        .collect();

    header(&setup, &captures, floor_before_reset);
    let mut summary = Vec::new();
    for cap in &captures {
        let cells: Vec<Cell> = cells(cap.key)
            .into_iter()
            .filter(|c| only.as_ref().is_none_or(|o| c.line().contains(o.as_str())))
            .collect();
        if cells.is_empty() {
            continue;
        }
        let results = measure_capture(&setup, cap, &cells);
        summary.push(table(&setup, cap, &cells, &results));
    }
    footer(&setup, &summary);
}

/// The captures `BENCH_CAPTURES` keeps (all three without it).
fn wanted_captures() -> Vec<&'static str> {
    const ALL: [&str; 3] = ["dense", "packet", "syns"];
    let Ok(list) = std::env::var("BENCH_CAPTURES") else {
        return ALL.to_vec();
    };
    let mut wanted = Vec::new();
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match ALL.iter().find(|&&a| a == name) {
            Some(&a) => wanted.push(a),
            None => {
                eprintln!("BENCH_CAPTURES: unknown capture {name:?} (known: dense, packet, syns)");
                std::process::exit(2);
            }
        }
    }
    wanted
}

/// Builds `path` with `write` unless a file of that name is there already:
/// written under a temporary name and renamed when whole, so that an
/// interrupted build is not reused.
fn build_once(path: &Path, write: impl FnOnce(&Path)) {
    if path.exists() {
        eprintln!("reusing {}", path.display());
        return;
    }
    eprintln!("building {}", path.display());
    let t = Instant::now();
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = PathBuf::from(tmp);
    write(&tmp);
    std::fs::rename(&tmp, path).unwrap();
    eprintln!("built in {:.1} s", t.elapsed().as_secs_f64());
}

/// Writes `n` TCP SYNs to `path`, a packet at a time: connection `i` from
/// 10.(1 + i / 50000).((i / 250) % 200).1 port 1024 + i % 60000 to
/// 10.0.0.2:7234, sequence number `i`, at `i` × 10 µs (as the hostile
/// tests' `a_million_syns_under_the_flow_cap` writes them).
fn write_syns(path: &Path, n: u32) {
    let mut w = frames::pcap_writer(path);
    let mut frame = Vec::with_capacity(64);
    for i in 0..n {
        let client = [10, (1 + i / 50_000) as u8, ((i / 250) % 200) as u8, 1];
        let port = 1024 + (i % 60_000) as u16;
        let tcp = etherparse::PacketBuilder::ipv4(client, [10, 0, 0, 2], 64)
            .tcp(port, 7234, i, 64240)
            .syn();
        frame.clear();
        frame.extend_from_slice(&[2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00]);
        tcp.write(&mut frame, &[]).expect("build packet");
        let ts = Duration::from_micros(u64::from(i) * 10);
        w.write_packet(&PcapPacket::new(ts, frame.len() as u32, &frame))
            .unwrap();
    }
    w.into_writer()
        .into_inner()
        .map_err(|e| e.into_error())
        .unwrap();
}

/// The packets of a pcap file, counted from its record headers (read as a
/// stream, the packets skipped).
fn count_packets(path: &Path) -> u64 {
    let Ok(file) = File::open(path) else {
        return 0;
    };
    let mut r = BufReader::with_capacity(1 << 16, file);
    let mut head = [0u8; 24];
    if r.read_exact(&mut head).is_err() {
        return 0;
    }
    let big_endian = matches!(
        head[..4],
        [0xa1, 0xb2, 0xc3, 0xd4] | [0xa1, 0xb2, 0x3c, 0x4d]
    );
    let mut packets = 0;
    let mut rec = [0u8; 16];
    while r.read_exact(&mut rec).is_ok() {
        let len = [rec[8], rec[9], rec[10], rec[11]];
        let len = if big_endian {
            u32::from_be_bytes(len)
        } else {
            u32::from_le_bytes(len)
        };
        if r.seek_relative(i64::from(len)).is_err() {
            break;
        }
        packets += 1;
    }
    packets
}

/// The peak resident memory, in KiB, that wait4 reports for a child doing
/// next to nothing (`true`): the floor under every measured peak.
fn floor_kb() -> i64 {
    let mut cmd = Command::new("true");
    run_child(
        &mut cmd,
        Reader::Null,
        Duration::ZERO,
        Path::new("/dev/null"),
    )
    .peak_kb
}

/// Gives back to the system the memory this process freed (glibc), and
/// resets its peak resident memory to what it holds now (Linux's
/// /proc/self/clear_refs), so that building the captures does not count in
/// the children's peaks.
fn shrink_self() {
    #[cfg(target_env = "gnu")]
    // SAFETY: malloc_trim only returns free heap memory to the system.
    unsafe {
        libc::malloc_trim(0);
    }
    if std::fs::write("/proc/self/clear_refs", "5").is_err() {
        eprintln!("could not reset this process's peak memory (/proc/self/clear_refs)");
    }
}

/// This process's resident memory now and its peak, in KiB
/// (/proc/self/status).
fn own_memory_kb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The cells of a capture: for the million SYNs, two commands at two
/// threads to /dev/null; otherwise every command at one and two threads
/// with every reader (the parquet output with none).
fn cells(key: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    if key == "syns" {
        for &args in SYN_COMMANDS {
            cells.push(Cell {
                args,
                threads: 2,
                reader: Reader::Null,
            });
        }
        return cells;
    }
    for &args in COMMANDS {
        for threads in [1, 2] {
            let readers: &[Reader] = if args.contains(&"-o") {
                &[Reader::NotApplicable]
            } else {
                &[Reader::Null, Reader::File, Reader::Slow]
            };
            for &reader in readers {
                cells.push(Cell {
                    args,
                    threads,
                    reader,
                });
            }
        }
    }
    cells
}

/// Runs every cell of `cap` `setup.runs` times per build, the builds
/// alternating; the outcomes per cell, per build (in `setup.builds`'
/// order).
fn measure_capture(setup: &Setup, cap: &Capture, cells: &[Cell]) -> Vec<Vec<Vec<Outcome>>> {
    let total = cells.len() * setup.runs * setup.builds.len();
    let mut done = 0;
    let mut results = Vec::new();
    for cell in cells {
        let mut per_build: Vec<Vec<Outcome>> = setup.builds.iter().map(|_| Vec::new()).collect();
        for _ in 0..setup.runs {
            for (b, (name, bin)) in setup.builds.iter().enumerate() {
                let o = run_cell(setup, bin, cell, &cap.path);
                done += 1;
                eprintln!(
                    "[{} {done}/{total}] {name}: {} reader {}: {} s, {:.1} MB{}",
                    cap.title,
                    cell.line(),
                    cell.reader.name(),
                    if o.ok {
                        format!("{:.2}", o.seconds)
                    } else {
                        "failed".into()
                    },
                    o.peak_kb as f64 / 1024.0,
                    if cell.reader == Reader::Slow {
                        format!(", read {:.1} MB", o.read as f64 / MB)
                    } else {
                        String::new()
                    }
                );
                per_build[b].push(o);
            }
        }
        results.push(per_build);
    }
    results
}

/// One run of `bin` on `cell` and the capture `file`: `bin ARGS --threads N
/// FILE`, `DIR` in ARGS replaced by a fresh directory under the bench
/// directory; what it wrote (the file, the directory, its errors) removed
/// after.
fn run_cell(setup: &Setup, bin: &str, cell: &Cell, file: &Path) -> Outcome {
    let pid = std::process::id();
    let out_dir = fresh_dir(&setup.dir, &format!("memory-{pid}-parquet"));
    let mut cmd = Command::new(bin);
    for &a in cell.args {
        if a == "DIR" {
            cmd.arg(&out_dir);
        } else {
            cmd.arg(a);
        }
    }
    cmd.arg("--threads").arg(cell.threads.to_string()).arg(file);
    let stdout_file = setup.dir.join(format!("memory-{pid}-stdout.out"));
    if cell.reader == Reader::File {
        match File::create(&stdout_file) {
            Ok(f) => {
                cmd.stdout(f);
            }
            Err(e) => return failed(format!("cannot create {}: {e}", stdout_file.display())),
        }
    }
    let stderr_file = setup.dir.join(format!("memory-{pid}-stderr.txt"));
    let o = run_child(&mut cmd, cell.reader, setup.slow_limit, &stderr_file);
    let _ = std::fs::remove_file(&stdout_file);
    let _ = std::fs::remove_file(&stderr_file);
    let _ = std::fs::remove_dir_all(&out_dir);
    o
}

/// A path under `dir` named after `stem` that does not exist yet.
fn fresh_dir(dir: &Path, stem: &str) -> PathBuf {
    (0u64..)
        .map(|n| dir.join(format!("{stem}-{n}")))
        .find(|p| !p.exists())
        .expect("a free name")
}

/// A run that did not start.
fn failed(why: String) -> Outcome {
    Outcome {
        seconds: f64::NAN,
        peak_kb: 0,
        ok: false,
        why,
        read: 0,
        closed: false,
    }
}

/// Runs `cmd` to its end (its standard output as `reader` takes it, unless
/// already set; its errors to the file `stderr`), timed from the spawn to
/// wait4's return, with its peak resident memory from wait4's rusage.
// The child is reaped by wait4, which clippy does not see.
#[allow(clippy::zombie_processes)]
fn run_child(cmd: &mut Command, reader: Reader, slow_limit: Duration, stderr: &Path) -> Outcome {
    let err = match File::create(stderr) {
        Ok(f) => Stdio::from(f),
        Err(_) => Stdio::null(),
    };
    cmd.stdin(Stdio::null()).stderr(err);
    match reader {
        Reader::Null | Reader::NotApplicable => {
            cmd.stdout(Stdio::null());
        }
        Reader::Slow => {
            cmd.stdout(Stdio::piped());
        }
        Reader::File => {}
    }
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return failed(format!("cannot run {:?}: {e}", cmd.get_program())),
    };
    let slow = child
        .stdout
        .take()
        .map(|out| std::thread::spawn(move || read_slowly(out, start + slow_limit)));
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = loop {
        // SAFETY: pid is our child's, status and usage point to live locals.
        let r = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
        if r >= 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            break r;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let (read, closed) = slow
        .map(|t| t.join().unwrap_or((0, false)))
        .unwrap_or((0, false));
    let exited_ok = r > 0 && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    // After the slow reader closed the pipe, any end is fine.
    let ok = exited_ok || (r > 0 && closed);
    let why = if ok {
        String::new()
    } else if r <= 0 {
        "wait4 failed".into()
    } else {
        let how = if libc::WIFEXITED(status) {
            format!("exit status {}", libc::WEXITSTATUS(status))
        } else {
            format!("killed by signal {}", libc::WTERMSIG(status))
        };
        match last_line(stderr) {
            Some(line) => format!("{how}: {line}"),
            None => how,
        }
    };
    Outcome {
        seconds,
        peak_kb: usage.ru_maxrss,
        ok,
        why,
        read,
        closed,
    }
}

/// The slow reader: reads `out` 64 KiB at a time, sleeping 62.5 ms after
/// each (1 MB/s), until the end of the output or `until`, when it closes
/// the pipe. Returns the bytes read and whether it closed the pipe first.
fn read_slowly(mut out: ChildStdout, until: Instant) -> (u64, bool) {
    let mut buf = vec![0u8; SLOW_CHUNK];
    let mut total = 0u64;
    loop {
        if Instant::now() >= until {
            return (total, true);
        }
        let mut got = 0;
        while got < buf.len() {
            match out.read(&mut buf[got..]) {
                Ok(0) => return (total + got as u64, false),
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return (total + got as u64, false),
            }
        }
        total += got as u64;
        std::thread::sleep(SLOW_PAUSE.min(until.saturating_duration_since(Instant::now())));
    }
}

/// The last non-empty line of the file `path` (its last 8 KiB looked at),
/// cut to 300 characters.
fn last_line(path: &Path) -> Option<String> {
    let mut f = File::open(path).ok()?;
    let len = f.metadata().ok()?.len();
    f.seek(SeekFrom::Start(len.saturating_sub(8192))).ok()?;
    let mut tail = Vec::new();
    f.read_to_end(&mut tail).ok()?;
    let text = String::from_utf8_lossy(&tail);
    let line = text.lines().rev().find(|l| !l.trim().is_empty())?.trim();
    Some(line.chars().take(300).collect())
}

/// Prints the header: the machine, the builds, the runs, the readers, this
/// process's own memory, and the captures.
fn header(setup: &Setup, captures: &[Capture], floor_before_reset: i64) {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let (rss, hwm) = own_memory_kb();
    println!("# Peak memory of cardshark\n");
    println!("- machine: {cores} cores");
    for (name, bin) in &setup.builds {
        let this = if *name == "after" {
            " (this build)"
        } else {
            ""
        };
        println!("- {name}: `{bin}`{this}");
    }
    println!(
        "- runs: {} of each cell per build{}; seconds: the median of a cell's runs; peak: the highest of its runs, in MB of 1024 × 1024 bytes",
        setup.runs,
        if setup.builds.len() > 1 {
            ", alternating before, after, before, ..."
        } else {
            ""
        }
    );
    println!(
        "- readers of standard output: null (/dev/null); file (a file in {}, removed after each run); slow (a pipe read 64 KiB at a time, 62.5 ms between reads: 1 MB/s, for at most {} s, then closed; cardshark's exit status after the close does not count)",
        setup.dir.display(),
        setup.slow_limit.as_secs()
    );
    println!(
        "- this process: {:.1} MB resident, peak {:.1} MB (a child's peak as wait4 reports it includes it); a child doing nothing (`true`) peaks at {:.1} MB (before this process's peak was reset: {:.1} MB)",
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0,
        floor_kb() as f64 / 1024.0,
        floor_before_reset as f64 / 1024.0
    );
    println!("- captures:");
    for c in captures {
        println!(
            "  - {}: `{}`, {:.1} MB (of 10^6 bytes), {} packets, {} records (`decode --format jsonl`)",
            c.title,
            c.path.display(),
            c.size as f64 / 1e6,
            c.packets,
            c.records
        );
    }
    println!();
}

/// Prints the table of one capture, its failures and its slow reader's
/// bytes; returns the capture's title, each build's highest peak in KiB,
/// and a line for each cell (and build) at the target or over it.
fn table(
    setup: &Setup,
    cap: &Capture,
    cells: &[Cell],
    results: &[Vec<Vec<Outcome>>],
) -> (String, Vec<i64>, Vec<String>) {
    println!("## {}: `{}`\n", cap.title, cap.path.display());
    let mut head = String::from("| command | threads | reader |");
    let mut rule = String::from("|---|---:|---|");
    for (name, _) in &setup.builds {
        head.push_str(&format!(" {name}: median s | {name}: peak MB |"));
        rule.push_str("---:|---:|");
    }
    println!("{head}\n{rule}");
    let mut highest = vec![0i64; setup.builds.len()];
    let mut over = Vec::new();
    let mut failures = Vec::new();
    let mut slow_notes = Vec::new();
    for (cell, per_build) in cells.iter().zip(results) {
        let mut row = format!(
            "| `{}` | {} | {} |",
            cell.command(),
            cell.threads,
            cell.reader.name()
        );
        let mut reads = Vec::new();
        for (b, runs) in per_build.iter().enumerate() {
            let name = setup.builds[b].0;
            let peak = runs.iter().map(|o| o.peak_kb).max().unwrap_or(0);
            highest[b] = highest[b].max(peak);
            let peak_mb = peak as f64 / 1024.0;
            if peak_mb >= TARGET_MB {
                over.push(format!(
                    "{}, {name}: `{}` --threads {}, reader {}: {peak_mb:.1} MB",
                    cap.title,
                    cell.command(),
                    cell.threads,
                    cell.reader.name()
                ));
            }
            let bad: Vec<&Outcome> = runs.iter().filter(|o| !o.ok).collect();
            let seconds = if bad.is_empty() {
                let s: Vec<f64> = runs.iter().map(|o| o.seconds).collect();
                format!("{:.2}", median(&s))
            } else {
                failures.push(format!(
                    "- {name}, `{}` --threads {}, reader {}: {} of {} runs failed; {}",
                    cell.command(),
                    cell.threads,
                    cell.reader.name(),
                    bad.len(),
                    runs.len(),
                    bad[0].why
                ));
                "failed".into()
            };
            row.push_str(&format!(" {seconds} | {peak_mb:.1} |"));
            if cell.reader == Reader::Slow {
                let closed = runs.iter().filter(|o| o.closed).count();
                let most = runs.iter().map(|o| o.read).max().unwrap_or(0);
                let least = runs.iter().map(|o| o.read).min().unwrap_or(0);
                let range = if most == least {
                    format!("{:.1} MB", most as f64 / MB)
                } else {
                    format!("{:.1} to {:.1} MB", least as f64 / MB, most as f64 / MB)
                };
                reads.push(format!(
                    "{name} read {range} (pipe closed in {closed} of {} runs)",
                    runs.len()
                ));
            }
        }
        println!("{row}");
        if !reads.is_empty() {
            slow_notes.push(format!(
                "- `{}` --threads {}: {}",
                cell.command(),
                cell.threads,
                reads.join("; ")
            ));
        }
    }
    println!();
    if !failures.is_empty() {
        println!("Failed runs (the exit status and the last line of the errors):\n");
        for f in &failures {
            println!("{f}");
        }
        println!();
    }
    if !slow_notes.is_empty() {
        println!("Slow reader, bytes read:\n");
        for n in &slow_notes {
            println!("{n}");
        }
        println!();
    }
    (cap.title.to_string(), highest, over)
}

/// Prints each build's highest peak per capture, and every cell at the
/// 64 MB target or over it.
fn footer(setup: &Setup, summary: &[(String, Vec<i64>, Vec<String>)]) {
    println!("## Highest peaks\n");
    for (title, highest, _) in summary {
        let per_build: Vec<String> = setup
            .builds
            .iter()
            .zip(highest)
            .map(|((name, _), kb)| format!("{name} {:.1} MB", *kb as f64 / 1024.0))
            .collect();
        println!("- {title}: {}", per_build.join(", "));
    }
    println!();
    let over: Vec<&String> = summary.iter().flat_map(|(_, _, o)| o).collect();
    if over.is_empty() {
        println!("Every cell is under {TARGET_MB} MB (the target).");
    } else {
        println!(
            "Cells at {TARGET_MB} MB or more (the target is every cell under {TARGET_MB} MB):\n"
        );
        for o in over {
            println!("- {o}");
        }
    }
}
