//! Live capture through libpcap (cargo feature `live`).
//!
//! [`start`] opens the interface and sets the BPF filter in the calling
//! thread (so that a bad interface, filter or permission is an error before
//! anything runs), then captures in a thread of its own. That thread writes
//! what it captures as a legacy pcap byte stream into a channel, which the
//! returned [`CaptureReader`] reads like any file: the rest of the pipeline
//! does not know the difference. With `write_to`, it also keeps every
//! packet in a pcapng file, or with `ring` in a ring buffer of files as
//! dumpcap's `-b` (`ring_file.rs`). Setting the stop flag (Ctrl-C) ends the
//! capture within [`POLL_MS`]; the reader then sees the end of its input.
//! An error (the interface gone, a write to the files failing) also ends
//! it, and [`LiveStats::error`] says why.

use super::ring::RingOptions;
use super::ring_file::{RingReport, RingWriter};
use super::write::{pcap_header, pcap_record, pcapng_header, pcapng_packet};
use super::{CaptureError, CaptureReader, LinkType};
use std::io::{self, Read};
use std::os::fd::{AsRawFd, RawFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// How long (milliseconds) the capture thread waits for a packet when none
/// is waiting (the capture is non-blocking, in immediate mode: libpcap on
/// Linux ignores the read timeout in immediate mode; the thread polls the
/// capture's descriptor instead, and wakes as soon as a packet comes), and
/// so how soon it sees the stop flag.
pub const POLL_MS: u64 = 10;

/// Largest frame kept (what tcpdump takes by default).
pub const SNAPLEN: u32 = 262_144;

/// The kernel's buffer for captured packets, in bytes (libpcap's default
/// is 2 MB). In immediate mode each packet takes a slot as large as the
/// interface's largest frame: 64 KiB on Linux's loopback, so that 2 MB
/// hold 31 packets, too few for a burst.
pub const BUFFER_BYTES: i32 = 16 << 20;

/// What to capture.
#[derive(Debug, Clone)]
pub struct LiveOptions {
    /// The interface, as `--list-interfaces` names it (`lo`, `eth0`, `any`).
    pub interface: String,
    /// A BPF capture filter (`tcp port 7234`), as tcpdump takes it.
    pub filter: Option<String>,
    /// Where to keep what was captured, as pcapng.
    pub write_to: Option<String>,
    /// With `write_to`: the ring buffer of files (`-b`); by default one file.
    pub ring: RingOptions,
}

/// What the capture thread reports when it ends.
#[derive(Debug, Clone, Default)]
pub struct LiveStats {
    /// Packets the capture took in.
    pub captured: u64,
    /// Packets the kernel dropped (libpcap's `ps_drop`), when known.
    pub dropped: Option<u64>,
    /// Why capturing stopped early, if it did.
    pub error: Option<String>,
    /// The files written, with `write_to`.
    pub files: Option<RingReport>,
}

/// A running live capture (its packets come through the reader [`start`]
/// returned).
pub struct LiveCapture {
    thread: JoinHandle<LiveStats>,
    stop: Arc<AtomicBool>,
}

impl LiveCapture {
    /// Stops the capture (if it still runs) and waits for its thread; call
    /// it once the reader is dropped.
    pub fn finish(self) -> LiveStats {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.join().unwrap_or_default()
    }
}

/// The interfaces libpcap can capture on: name and description.
pub fn interfaces() -> Result<Vec<(String, Option<String>)>, CaptureError> {
    let devices = pcap::Device::list()
        .map_err(|e| CaptureError::new("interfaces", format!("cannot list: {e}")))?;
    Ok(devices.into_iter().map(|d| (d.name, d.desc)).collect())
}

/// Opens `opts.interface` and starts capturing until `stop` is set: the
/// packets, as a capture to read, and the capture to finish.
pub fn start(
    opts: &LiveOptions,
    stop: Arc<AtomicBool>,
) -> Result<(CaptureReader, LiveCapture), CaptureError> {
    let iface = opts.interface.as_str();
    let fail = |what: &str, e: pcap::Error| {
        CaptureError::new(iface, format!("{what}: {e}{}", advice(&e.to_string())))
    };
    let mut cap = pcap::Capture::from_device(iface)
        .map_err(|e| fail("cannot capture", e))?
        .snaplen(SNAPLEN as i32)
        .immediate_mode(true)
        .buffer_size(BUFFER_BYTES)
        .open()
        .and_then(|c| c.setnonblock())
        .map_err(|e| fail("cannot capture", e))?;
    if let Some(f) = &opts.filter {
        cap.filter(f, true).map_err(|e| {
            let why = format!("bad capture filter '{f}': {e}{FILTER_HINT}");
            CaptureError::new(iface, why)
        })?;
    }
    let link_type = LinkType(cap.get_datalink().0 as u32);
    let file = match &opts.write_to {
        Some(path) => {
            let header = pcapng_header(link_type, SNAPLEN);
            let w = RingWriter::create(Path::new(path), &opts.ring, header).map_err(|e| {
                let file = e.path.display().to_string();
                CaptureError::new(file, format!("{} (check the directory)", e.message))
            })?;
            Some(w)
        }
        None => None,
    };
    let (tx, rx) = sync_channel(4096);
    let _ = tx.send(pcap_header(link_type, SNAPLEN));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || capture_loop(cap, tx, file, &flag));
    let reader = CaptureReader::from_reader(iface, Box::new(ChannelRead::new(rx)))?;
    Ok((reader, LiveCapture { thread, stop }))
}

/// Captures until `stop`, an error, or the reader is gone: each packet to
/// `file` (if any), then to the reader through `tx`.
fn capture_loop(
    mut cap: pcap::Capture<pcap::Active>,
    tx: SyncSender<Vec<u8>>,
    mut file: Option<RingWriter>,
    stop: &AtomicBool,
) -> LiveStats {
    let mut stats = LiveStats::default();
    while !stop.load(Ordering::SeqCst) {
        let p = match cap.next_packet() {
            Ok(p) => p,
            Err(pcap::Error::TimeoutExpired) => {
                // No packet: a file whose time is up still gives way.
                if let Some(Err(e)) = file.as_mut().map(RingWriter::tick) {
                    stats.error = Some(e.to_string());
                    break;
                }
                wait_readable(cap.as_raw_fd(), POLL_MS);
                continue;
            }
            Err(e) => {
                stats.error = Some(e.to_string());
                break;
            }
        };
        stats.captured += 1;
        let (sec, usec) = (p.header.ts.tv_sec as u32, p.header.ts.tv_usec as u32);
        if let Some(w) = &mut file {
            if let Err(e) = w.packet(&pcapng_packet(sec, usec, p.header.len, p.data)) {
                stats.error = Some(e.to_string());
            }
        }
        let record = pcap_record(sec, usec, p.header.len, p.data);
        if tx.send(record).is_err() || stats.error.is_some() {
            break; // the reader is gone (the command has all it wanted), or the files failed
        }
    }
    stats.dropped = cap.stats().ok().map(|s| u64::from(s.dropped));
    stats.files = file.map(RingWriter::finish);
    stats
}

/// Waits until `fd` has something to read, at most `ms` milliseconds.
/// (Sleeping instead lets a burst overflow libpcap's ring of frames, a
/// few dozen in immediate mode, before the thread wakes.)
fn wait_readable(fd: RawFd, ms: u64) {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: `p` is one valid pollfd for the duration of the call; an
    // error or a signal only ends the wait early.
    unsafe { libc::poll(&mut p, 1, ms as libc::c_int) };
}

/// What to do about a filter libpcap rejects.
const FILTER_HINT: &str =
    " (filters use tcpdump's syntax, see `man pcap-filter`: e.g. 'tcp port 7234')";

/// What to do about a failure to open a capture, from libpcap's message.
fn advice(message: &str) -> &'static str {
    let m = message.to_ascii_lowercase();
    if m.contains("permission") || m.contains("not permitted") {
        " (capturing needs root, or the binary given capabilities: \
         setcap cap_net_raw,cap_net_admin=eip $(which cardshark))"
    } else if m.contains("no such device") || m.contains("doesn't exist") {
        " (cardshark --list-interfaces lists the interfaces)"
    } else {
        ""
    }
}

/// Reads the byte chunks of a channel as one stream; ends when the
/// sender is gone.
struct ChannelRead {
    rx: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    pos: usize,
}

impl ChannelRead {
    fn new(rx: Receiver<Vec<u8>>) -> Self {
        ChannelRead {
            rx,
            chunk: Vec::new(),
            pos: 0,
        }
    }
}

impl Read for ChannelRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.chunk.len() {
            match self.rx.recv() {
                Ok(c) => (self.chunk, self.pos) = (c, 0),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.pos);
        buf[..n].copy_from_slice(&self.chunk[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}
