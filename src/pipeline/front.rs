//! The front of the pipeline: reading the capture and taking frames apart
//! (capture → link, [`Front`]) into batches of segments that the
//! reassembler takes in ([`Batch::reassemble`]). [`run`] reads on a thread
//! of its own while the caller's thread reassembles and decodes; the split
//! pass (module `workers`) uses the same pieces. Segments cross in batches
//! whose payloads sit in one buffer, and emptied batches come back to be
//! filled again, so the steady state allocates nothing per packet.

use super::{CaptureSummary, Limits};
use crate::capture::{CaptureError, CaptureReader, Frame, Timestamp};
use crate::link::{LinkDecoder, TcpFlags, TcpSegment};
use crate::reassembly::{Config, FlowHasher, FlowId, Reassembler, Sink};
use std::cell::Cell;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;

/// Batches in flight between the threads (so at most about 1 MB of
/// payload waits). There are two more: one being filled, one being read.
const IN_FLIGHT: usize = 16;

/// Segments whose connections are prefetched together, before the first of
/// them is reassembled ([`Reassembler::warm`]). (Prefetching a fixed
/// distance ahead of each segment measured slower.)
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
    /// Its connection's [`FlowId`], worked out on the reading thread.
    flow: FlowId,
    missing: u32,
    start: usize,
    end: usize,
}

/// Segments on their way from the reading side to the reassembler.
pub(super) struct Batch {
    limits: Limits,
    bytes: Vec<u8>,
    segs: Vec<Seg>,
}

impl Batch {
    pub(super) fn new(limits: Limits) -> Self {
        Batch {
            bytes: Vec::with_capacity(limits.bytes + (64 << 10)),
            segs: Vec::with_capacity(limits.items),
            limits,
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.segs.is_empty()
    }

    fn full(&self) -> bool {
        self.segs.len() >= self.limits.items || self.bytes.len() >= self.limits.bytes
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.segs.clear();
    }

    /// Feeds the batch's segments to `reasm` (events to `sink`), emptying
    /// it; false when `stop` was set before the last one.
    pub(super) fn reassemble(
        &mut self,
        reasm: &mut Reassembler,
        sink: &mut impl Sink,
        stop: &Cell<bool>,
    ) -> bool {
        for (i, s) in self.segs.iter().enumerate() {
            if i % WARM_AHEAD == 0 {
                for w in self.segs.iter().skip(i).take(WARM_AHEAD) {
                    reasm.warm(&w.flow);
                }
            }
            if stop.get() {
                self.clear();
                return false;
            }
            let seg = TcpSegment {
                src: s.src,
                dst: s.dst,
                seq: s.seq,
                ack: s.ack,
                flags: s.flags,
                window: s.window,
                payload: &self.bytes[s.start..s.end],
                missing: s.missing,
            };
            reasm.process_flow(s.frame, s.ts, &seg, &s.flow, sink);
        }
        self.clear();
        true
    }
}

/// The reading side: the capture and link stages, and what they counted.
pub(super) struct Front {
    reader: CaptureReader,
    decoder: LinkDecoder,
    summary: CaptureSummary,
    hasher: FlowHasher,
    done: bool,
}

impl Front {
    /// Reads `reader` (named `name` in the summary); `hasher` is the
    /// reassembler's, so that segments come with their [`FlowId`].
    pub(super) fn new(name: &str, reader: CaptureReader, hasher: FlowHasher) -> Self {
        Front {
            summary: CaptureSummary {
                format: reader.format(),
                ..CaptureSummary::empty(name)
            },
            reader,
            decoder: LinkDecoder::new(),
            hasher,
            done: false,
        }
    }

    /// True once the capture has ended (or could be read no further).
    pub(super) fn done(&self) -> bool {
        self.done
    }

    /// Hands each TCP segment to `f` until `f` returns false or the
    /// capture ends ([`Front::done`] from then on).
    pub(super) fn each(&mut self, mut f: impl FnMut(&Frame<'_>, &TcpSegment<'_>) -> bool) {
        let mut stopped = false;
        super::read_segments(
            &mut self.reader,
            &mut self.decoder,
            &mut self.summary,
            |frame, seg| {
                stopped = !f(frame, seg);
                !stopped
            },
        );
        self.done |= !stopped;
    }

    /// Reads frames into `batch` until it is full or the capture ends.
    pub(super) fn fill(&mut self, batch: &mut Batch) {
        let hasher = self.hasher.clone();
        self.each(|frame, seg| {
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
            !batch.full()
        });
    }

    /// The summary, with the link stage's final counts.
    pub(super) fn finish(mut self) -> CaptureSummary {
        self.decoder.flush_fragments();
        self.summary.link = self.decoder.stats();
        self.summary
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
        let _ = give_back.try_send(Batch::new(Limits::DEFAULT));
    }
    let quit = Arc::new(AtomicBool::new(false));
    let mut reasm = Reassembler::new(config);
    let front = {
        let quit = Arc::clone(&quit);
        let front = Front::new(name, reader, reasm.flow_hasher());
        std::thread::spawn(move || read(front, &to_main, &spare, &quit))
    };
    for mut batch in batches.iter() {
        if !batch.reassemble(&mut reasm, sink, stop) {
            quit.store(true, Ordering::Relaxed);
            break;
        }
        let _ = give_back.try_send(batch);
    }
    // Unblock the reader if it waits to hand over a batch or for an
    // emptied one.
    drop(batches);
    drop(give_back);
    let mut summary = front.join().unwrap_or_else(|_| CaptureSummary::empty(name));
    if let Some(e) = summary.unreadable() {
        return Err(e);
    }
    reasm.finish(sink);
    summary.reassembly = reasm.stats().clone();
    Ok(summary)
}

/// The reader thread: frames in, batches of TCP segments out; returns what
/// the capture and link stages saw.
fn read(
    mut front: Front,
    to_main: &SyncSender<Batch>,
    spare: &Receiver<Batch>,
    quit: &AtomicBool,
) -> CaptureSummary {
    let mut batch = Batch::new(Limits::DEFAULT);
    loop {
        front.fill(&mut batch);
        if batch.is_empty() || quit.load(Ordering::Relaxed) || to_main.send(batch).is_err() {
            break;
        }
        // Wait for an emptied batch; none comes once the reassembling
        // side has stopped.
        match spare.recv() {
            Ok(b) if !front.done() => batch = b,
            _ => break,
        }
    }
    front.finish()
}
