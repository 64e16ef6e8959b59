//! The front of the pipeline: reading the capture, taking frames apart
//! (capture → link) and the flow table's steps (`reassembly::flows`), put
//! into a [`Batch`] per worker ([`Front::fill`]; on one thread, one batch
//! carried out after each round). A batch holds its steps with their
//! segments' payloads in one buffer; emptied batches come back to be
//! filled again, so the steady state allocates nothing per packet.
//!
//! Batches, not each step carried out as soon as it is decided, even on
//! one thread: a batch lets the connections of the next steps be brought
//! into the cache together (`Batch::warm`). Carrying steps out directly,
//! without the payload's copy, measured 13% slower on one core.

use super::{CaptureSummary, Clock};
use crate::capture::{CaptureReader, Timestamp};
use crate::link::{LinkDecoder, TcpSegment};
use crate::reassembly::conn::Conns;
use crate::reassembly::flows::{Action, Flows, Opening, Sent, Step};
use crate::reassembly::{Config, EndReason, FlowId, Sink};

/// A step as a batch holds it, small because every segment's step goes
/// from the reading thread to a worker: an opening is the batch's
/// `opens[i]`, a segment's payload its `bytes[start..end]`.
#[derive(Clone, Copy)]
enum Owned {
    Open(u32),
    Segment {
        frame: u64,
        ts: Timestamp,
        seg: Sent<(u32, u32)>,
    },
    Expire {
        reason: EndReason,
        evicted: bool,
    },
    /// Capture time has reached this though no packet says so (see
    /// [`Front::fill`]).
    Tick(Timestamp),
}

/// Segments read, prefetched and routed together.
const GROUP: usize = 16;

/// The longest a round reads before it is handed on, in wall time: with
/// an input fed while it is read (a pipe), the results of a round go out
/// within this of its first segment even when the input never pauses.
pub(super) const ROUND_TIME: std::time::Duration = std::time::Duration::from_millis(100);

/// How long a round waits for an input fed while read before it tells the
/// workers that time passes instead, in milliseconds.
const TICK_WAIT_MS: i32 = 200;

/// A segment read but not routed yet: its payload is already
/// `bytes[at]` of its worker's batch.
struct Pending {
    frame: u64,
    ts: Timestamp,
    /// The segment, its payload left out.
    seg: TcpSegment<'static>,
    flow: FlowId,
    /// Offsets in a batch, which holds a round of at most a few hundred
    /// KB (`fill`'s limit) plus one group: far below 4 GiB.
    at: (u32, u32),
}

/// Routes the segments of `group` (emptying it): their flow table entries
/// prefetched, then each segment's steps into the batches. Returns the
/// number of steps.
fn route(flows: &mut Flows, group: &mut Vec<Pending>, batches: &mut [Batch]) -> usize {
    for p in group.iter() {
        flows.prefetch(&p.flow);
    }
    let n = batches.len() as u64;
    let mut steps = 0;
    for p in group.drain(..) {
        flows.route(p.frame, p.ts, &p.seg, p.at, &p.flow, &mut |step| {
            steps += 1;
            batches[(step.hash % n) as usize].push(step);
        });
    }
    steps
}

/// A step's number and slot, beside what it does.
struct Entry {
    seq: u64,
    slot: u32,
    what: Owned,
}

/// Steps on their way from the reading thread to one worker.
pub(super) struct Batch {
    entries: Vec<Entry>,
    opens: Vec<Opening>,
    bytes: Vec<u8>,
    /// Every step before this one was decided when the batch was sent.
    pub(super) next: u64,
    /// The bytes the batch was counted for in the pass's budget.
    pub(super) charged: usize,
}

/// Connections whose state is prefetched together before the first of
/// them takes its step. (Prefetching a fixed distance ahead of each step
/// measured slower.)
const WARM_AHEAD: usize = 16;

impl Batch {
    pub(super) fn new() -> Self {
        Batch {
            entries: Vec::new(),
            opens: Vec::new(),
            bytes: Vec::new(),
            next: 0,
            charged: 0,
        }
    }

    /// The memory the batch holds: its steps, openings and payload, with
    /// the room made for them.
    pub(super) fn footprint(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.opens.capacity() * std::mem::size_of::<Opening>()
            + self.bytes.capacity()
    }

    /// The memory a batch of `steps` steps and `bytes` bytes of payload
    /// holds at most (openings aside), with the room its vectors make as
    /// they grow.
    pub(super) fn footprint_of(steps: usize, bytes: usize) -> usize {
        2 * (steps * std::mem::size_of::<Entry>() + bytes)
    }

    /// Lets go of room past what a batch of `steps` steps and `bytes` of
    /// payload needs (left by a batch that carried a huge segment), so a
    /// batch kept for reuse holds no more than a round.
    pub(super) fn trim(&mut self, steps: usize, bytes: usize) {
        if self.bytes.capacity() > 2 * bytes {
            self.bytes = Vec::new();
        }
        if self.entries.capacity() > 2 * steps {
            self.entries = Vec::new();
        }
        if self.opens.capacity() > 2 * steps {
            self.opens = Vec::new();
        }
    }

    /// Adds a step; a segment's payload is already in `bytes`, where
    /// the step says.
    fn push(&mut self, step: Step<(u32, u32)>) {
        let what = match step.action {
            Action::Open(info) => {
                self.opens.push(info);
                Owned::Open(self.opens.len() as u32 - 1)
            }
            Action::Segment { frame, ts, seg } => Owned::Segment { frame, ts, seg },
            Action::Expire { reason, evicted } => Owned::Expire { reason, evicted },
        };
        self.entries.push(Entry {
            seq: step.seq,
            slot: step.slot,
            what,
        });
    }

    /// Adds a tick: capture time has reached `ts` (given to every worker).
    fn push_tick(&mut self, ts: Timestamp) {
        self.entries.push(Entry {
            seq: 0,
            slot: u32::MAX,
            what: Owned::Tick(ts),
        });
    }

    /// Carries out the batch's steps on `conns`, their events to `sink`,
    /// and empties the batch.
    pub(super) fn apply(&mut self, conns: &mut Conns, config: &Config, sink: &mut impl Sink) {
        for i in 0..self.entries.len() {
            if i % WARM_AHEAD == 0 {
                self.warm(i, conns, sink);
            }
            let e = &self.entries[i];
            if let Owned::Tick(ts) = e.what {
                sink.tick(ts);
                continue;
            }
            sink.step(e.seq, e.slot);
            match e.what {
                Owned::Tick(_) => {}
                Owned::Open(i) => conns.open(e.slot, &self.opens[i as usize], sink),
                Owned::Expire { reason, evicted } => {
                    conns.expire(e.slot, reason, evicted, config, sink)
                }
                Owned::Segment { frame, ts, seg } => {
                    let (start, end) = seg.payload;
                    let seg = seg.with(&self.bytes[start as usize..end as usize]);
                    conns.segment(e.slot, frame, ts, &seg, config, sink);
                }
            }
        }
        self.entries.clear();
        self.opens.clear();
        self.bytes.clear();
    }

    /// Brings the state of the connections of the next entries into the
    /// cache: their reassembly and (through `sink`) what follows.
    pub(super) fn warm(&self, from: usize, conns: &Conns, sink: &impl Sink) {
        for e in self.entries.iter().skip(from).take(WARM_AHEAD) {
            conns.warm(e.slot);
            sink.warm(e.slot);
        }
    }
}

/// The reading side: the capture and link stages, the flow table, and
/// what they counted.
pub(super) struct Front {
    reader: CaptureReader,
    decoder: LinkDecoder,
    summary: CaptureSummary,
    /// Started at the first frame.
    clock: Clock,
    pub(super) flows: Flows,
    /// Segments read, not routed yet (kept to be reused).
    group: Vec<Pending>,
    done: bool,
    /// When the last round that read a segment ended (for the time of a
    /// tick).
    last_read: Option<std::time::Instant>,
}

impl Front {
    /// Reads `reader`, counting in `start` (the pass's name and shard).
    pub(super) fn new(
        start: CaptureSummary,
        reader: CaptureReader,
        config: Config,
        clock: Clock,
    ) -> Self {
        Front {
            clock,
            summary: CaptureSummary {
                format: reader.format(),
                ..start
            },
            reader,
            decoder: LinkDecoder::new(),
            flows: Flows::new(config),
            group: Vec::with_capacity(GROUP),
            done: false,
            last_read: None,
        }
    }

    /// True once the capture has ended (or could be read no further).
    pub(super) fn done(&self) -> bool {
        self.done
    }

    /// Reads frames into the workers' batches (by the hash of each
    /// step's connection) until they hold `limit.0` steps or `limit.1`
    /// payload bytes together, or the capture ends.
    ///
    /// Segments are taken a group at a time: read, their payload copied
    /// into the batch of the worker that owns their connection, their
    /// flow table entries prefetched together (so that the cache misses
    /// overlap), then routed.
    pub(super) fn fill(&mut self, batches: &mut [Batch], limit: (usize, usize)) {
        // An input fed while read that has nothing to read: wait for it a
        // while, then tell the workers that time passes (a hand kept open
        // after its result is then written though the server is quiet).
        if self.reader.would_wait() && !self.reader.wait_ready(TICK_WAIT_MS) {
            self.reader.idle();
            if let (Some(last), Some(at)) = (self.summary.last, self.last_read) {
                let ts = last.after(at.elapsed());
                let n = batches.len() as u64;
                // Flows idle or ended long enough leave, then the workers
                // hear of the time.
                self.flows
                    .tick(ts, &mut |step| batches[(step.hash % n) as usize].push(step));
                for b in batches.iter_mut() {
                    b.push_tick(ts);
                }
            }
            let next = self.flows.next_seq();
            for b in batches.iter_mut() {
                b.next = next;
            }
            return;
        }
        let n = batches.len() as u64;
        let (mut steps, mut bytes) = (0, 0);
        let group = &mut self.group;
        let flows = &mut self.flows;
        let mut stopped = false;
        // Segments taken this round: a round that holds some ends when
        // the input would make it wait, or after [`ROUND_TIME`].
        let taken = std::cell::Cell::new(0usize);
        let started = std::time::Instant::now();
        let paused = super::read_segments_until(
            &mut self.reader,
            &mut self.decoder,
            &mut self.summary,
            &self.clock,
            || taken.get() > 0,
            |frame, seg| {
                let flow = flows.table().hasher().flow(seg.src, seg.dst);
                let shard = (flow.hash % n) as usize;
                let b = &mut batches[shard].bytes;
                let start = b.len();
                b.extend_from_slice(seg.payload);
                bytes += seg.payload.len();
                taken.set(taken.get() + 1);
                group.push(Pending {
                    frame: frame.number,
                    ts: frame.ts,
                    seg: TcpSegment {
                        payload: &[],
                        ..*seg
                    },
                    flow,
                    at: (start as u32, b.len() as u32),
                });
                if group.len() == GROUP {
                    steps += route(flows, group, batches);
                    stopped |= started.elapsed() >= ROUND_TIME;
                }
                stopped |= steps >= limit.0 || bytes >= limit.1;
                !stopped
            },
        );
        route(flows, group, batches);
        // Paused before waiting for the input: not its end.
        self.done |= !stopped && !paused;
        if taken.get() > 0 {
            self.last_read = Some(std::time::Instant::now());
        }
        let next = self.flows.next_seq();
        for b in batches.iter_mut() {
            b.next = next;
        }
    }

    /// The steps ending every connection still open, into the workers'
    /// batches.
    pub(super) fn finish_into(&mut self, batches: &mut [Batch]) {
        let n = batches.len() as u64;
        self.flows
            .finish(&mut |step| batches[(step.hash % n) as usize].push(step));
        let next = self.flows.next_seq();
        for b in batches.iter_mut() {
            b.next = next;
        }
    }

    /// The summary, with the link stage's final counts and the flow
    /// table's.
    pub(super) fn finish(mut self) -> CaptureSummary {
        self.summary.skipped = self.reader.take_skipped();
        self.decoder.flush_fragments();
        self.summary.link = self.decoder.stats();
        self.summary.reassembly = self.flows.stats().clone();
        self.summary
    }
}
