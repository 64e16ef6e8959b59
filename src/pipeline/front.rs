//! The front of the pipeline on its own thread: reading the capture and
//! taking frames apart (capture → link) while the caller's thread
//! reassembles and decodes. Segments cross in batches whose payloads sit in
//! one buffer, and emptied batches come back to be filled again, so the
//! steady state allocates nothing per packet.

use super::CaptureSummary;
use crate::capture::{CaptureError, CaptureReader, Timestamp};
use crate::link::{LinkDecoder, TcpFlags, TcpSegment};
use crate::reassembly::{Config, FlowHasher, FlowId, Reassembler, Sink};
use std::cell::Cell;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;

/// A batch is handed over once it holds this many segments or payload bytes.
const BATCH_SEGMENTS: usize = 1024;
const BATCH_BYTES: usize = 256 << 10;
/// Batches in flight between the threads (so at most about 1 MB of
/// payload waits). There are two more: one being filled, one being read.
const IN_FLIGHT: usize = 16;

/// Segments whose connections are looked up ahead, together (see
/// [`Reassembler::warm`]).
const WARM_AHEAD: usize = 16;

/// A TCP segment as the link stage left it, its payload in the batch's
/// `bytes[start..end]`.
struct Seg {
    frame: u64,
    ts: Timestamp,
    src: SocketAddr,
    dst: SocketAddr,
    seq: u32,
    ack: u32,
    flags: TcpFlags,
    window: u16,
    /// Its connection's [`FlowId`], worked out on this thread.
    flow: FlowId,
    missing: u32,
    start: usize,
    end: usize,
}

struct Batch {
    bytes: Vec<u8>,
    segs: Vec<Seg>,
}

impl Batch {
    /// A placeholder that holds no memory (while the real batch is away).
    fn empty() -> Self {
        Batch {
            bytes: Vec::new(),
            segs: Vec::new(),
        }
    }

    fn new() -> Self {
        Batch {
            bytes: Vec::with_capacity(BATCH_BYTES + (64 << 10)),
            segs: Vec::with_capacity(BATCH_SEGMENTS),
        }
    }
}

/// Reads `reader` on a second thread; reassembles (into `sink`) here.
/// The same events, in the same order, as [`super::run_reader`]; `stop` is
/// checked before each segment.
pub fn run(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut impl Sink,
    stop: &Cell<bool>,
) -> Result<CaptureSummary, CaptureError> {
    let (to_main, batches) = sync_channel::<Batch>(IN_FLIGHT);
    // The batches go round: filled by the reader, emptied here, given back.
    let (give_back, spare) = sync_channel::<Batch>(IN_FLIGHT + 2);
    for _ in 0..=IN_FLIGHT {
        let _ = give_back.try_send(Batch::new());
    }
    let quit = Arc::new(AtomicBool::new(false));
    let mut reasm = Reassembler::new(config);
    let front = {
        let quit = Arc::clone(&quit);
        let name = name.to_string();
        let hasher = reasm.flow_hasher();
        std::thread::spawn(move || read(&name, reader, &hasher, &to_main, &spare, &quit))
    };
    'batches: for mut batch in batches.iter() {
        for (i, s) in batch.segs.iter().enumerate() {
            if i % WARM_AHEAD == 0 {
                for w in batch.segs.iter().skip(i).take(WARM_AHEAD) {
                    reasm.warm(&w.flow);
                }
            }
            if stop.get() {
                quit.store(true, Ordering::Relaxed);
                break 'batches;
            }
            let seg = TcpSegment {
                src: s.src,
                dst: s.dst,
                seq: s.seq,
                ack: s.ack,
                flags: s.flags,
                window: s.window,
                payload: &batch.bytes[s.start..s.end],
                missing: s.missing,
            };
            reasm.process_flow(s.frame, s.ts, &seg, &s.flow, sink);
        }
        batch.bytes.clear();
        batch.segs.clear();
        let _ = give_back.try_send(batch);
    }
    // Unblock the reader if it waits to hand over a batch or for an
    // emptied one.
    drop(batches);
    drop(give_back);
    let mut summary = front.join().unwrap_or_else(|_| CaptureSummary::empty(name));
    if summary.frames == 0 {
        if let Some(e) = summary.truncated.take() {
            return Err(e);
        }
    }
    reasm.finish(sink);
    summary.reassembly = reasm.stats().clone();
    Ok(summary)
}

/// The reader thread: frames in, batches of TCP segments out; returns what
/// the capture and link stages saw.
fn read(
    name: &str,
    mut reader: CaptureReader,
    hasher: &FlowHasher,
    to_main: &SyncSender<Batch>,
    spare: &Receiver<Batch>,
    quit: &AtomicBool,
) -> CaptureSummary {
    let mut decoder = LinkDecoder::new();
    let mut summary = CaptureSummary {
        format: reader.format(),
        ..CaptureSummary::empty(name)
    };
    let mut batch = Batch::new();
    // Set when the reassembling side stopped taking batches.
    let mut gone = false;
    super::read_segments(&mut reader, &mut decoder, &mut summary, |frame, seg| {
        let start = batch.bytes.len();
        batch.bytes.extend_from_slice(seg.payload);
        batch.segs.push(Seg {
            frame: frame.number,
            ts: frame.ts,
            src: seg.src,
            dst: seg.dst,
            seq: seg.seq,
            ack: seg.ack,
            flags: seg.flags,
            window: seg.window,
            flow: hasher.flow(seg.src, seg.dst),
            missing: seg.missing,
            start,
            end: batch.bytes.len(),
        });
        if batch.segs.len() < BATCH_SEGMENTS && batch.bytes.len() < BATCH_BYTES {
            return true;
        }
        let full = std::mem::replace(&mut batch, Batch::empty());
        if quit.load(Ordering::Relaxed) || to_main.send(full).is_err() {
            gone = true;
            return false;
        }
        // Wait for an emptied batch; none comes once the reading side
        // has stopped.
        match spare.recv() {
            Ok(b) => batch = b,
            Err(_) => gone = true,
        }
        !gone
    });
    if !gone && !batch.segs.is_empty() {
        let _ = to_main.send(batch);
    }
    finish(decoder, summary)
}

/// The summary with the link stage's final counts.
fn finish(mut decoder: LinkDecoder, mut summary: CaptureSummary) -> CaptureSummary {
    decoder.flush_fragments();
    summary.link = decoder.stats();
    summary
}
