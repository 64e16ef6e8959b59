//! Live capture through libpcap (cargo feature `live`).
//!
//! [`start`] opens the interface and sets the BPF filter in the calling
//! thread (so that a bad interface, filter or permission is an error before
//! anything runs), then captures in a thread of its own. That thread writes
//! what it captures as a legacy pcap byte stream into a channel, which the
//! returned [`CaptureReader`] reads like any file: the rest of the pipeline
//! does not know the difference. With `write_to`, it also keeps every
//! packet in a pcapng file. Setting the stop flag (Ctrl-C) ends the capture
//! within [`POLL_MS`]; the reader then sees the end of its input.

use super::write::{pcap_header, pcap_record, PcapNgWriter};
use super::{CaptureError, CaptureReader, LinkType};
use std::io::{self, BufWriter, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// How long (milliseconds) the capture thread sleeps when no packet is
/// waiting (the capture is non-blocking, in immediate mode: libpcap on
/// Linux ignores the read timeout in immediate mode), and so how soon it
/// sees the stop flag.
pub const POLL_MS: u64 = 10;

/// Largest frame kept (what tcpdump takes by default).
pub const SNAPLEN: u32 = 262_144;

/// What to capture.
#[derive(Debug, Clone)]
pub struct LiveOptions {
    /// The interface, as `--list-interfaces` names it (`lo`, `eth0`, `any`).
    pub interface: String,
    /// A BPF capture filter (`tcp port 7234`), as tcpdump takes it.
    pub filter: Option<String>,
    /// Where to keep what was captured, as pcapng.
    pub write_to: Option<String>,
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
            let f = std::fs::File::create(path).map_err(|e| {
                CaptureError::new(path, format!("cannot write: {e} (check the directory)"))
            })?;
            let w = PcapNgWriter::new(BufWriter::new(f), link_type, SNAPLEN)
                .map_err(|e| CaptureError::new(path, format!("cannot write: {e}")))?;
            Some((path.clone(), w))
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

type PcapFile = Option<(String, PcapNgWriter<BufWriter<std::fs::File>>)>;

fn capture_loop(
    mut cap: pcap::Capture<pcap::Active>,
    tx: SyncSender<Vec<u8>>,
    mut file: PcapFile,
    stop: &AtomicBool,
) -> LiveStats {
    let mut stats = LiveStats::default();
    while !stop.load(Ordering::SeqCst) {
        let p = match cap.next_packet() {
            Ok(p) => p,
            Err(pcap::Error::TimeoutExpired) => {
                std::thread::sleep(std::time::Duration::from_millis(POLL_MS));
                continue;
            }
            Err(e) => {
                stats.error = Some(e.to_string());
                break;
            }
        };
        stats.captured += 1;
        let (sec, usec) = (p.header.ts.tv_sec as u32, p.header.ts.tv_usec as u32);
        if let Some((path, w)) = &mut file {
            if let Err(e) = w.packet(sec, usec, p.header.len, p.data) {
                stats.error = Some(format!("{path}: cannot write: {e}"));
                break;
            }
        }
        if tx
            .send(pcap_record(sec, usec, p.header.len, p.data))
            .is_err()
        {
            break; // the reader is gone: the command has all it wanted
        }
    }
    stats.dropped = cap.stats().ok().map(|s| u64::from(s.dropped));
    stats
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
