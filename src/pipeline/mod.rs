//! The one way the stages run: capture → link → reassembly → (transport,
//! detection, decoding, analysis: a [`Work`]) → a sink, over N threads.
//!
//! A [`Pipeline`] reads one input. Its reading thread takes frames apart
//! and runs the flow table (`reassembly::flows`): it decides which
//! connection each segment belongs to and when connections open and end,
//! as numbered *steps*, and shards the connections over N workers by the
//! hash of their endpoints. Each worker owns its connections end to end:
//! their reassembly, and a [`Work`] (made by the caller, one per worker)
//! that takes their events: the decode stage and what follows it. Nothing
//! of a connection is shared or locked. A worker's output is items, each
//! with the number of the step that made it (its key); the calling
//! thread merges the workers' items in key order and hands them to the
//! sink, which may end the pass early by returning
//! [`ControlFlow::Break`].
//!
//! Stream numbers, every decision about a connection's life and the key
//! of every item come from the one flow table, so the sink sees the same
//! items in the same order for every number of workers. With one worker
//! ([`Pipeline::threads`]`(1)`, and for a live capture) everything runs on
//! the calling thread, and items go to the sink as soon as they are made.
//!
//! ```no_run
//! use cardshark::capture::CaptureReader;
//! use cardshark::decode::{DecodeConfig, DecodeStage, Record, RecordSink, Render};
//! use cardshark::pipeline::{Items, Pipeline};
//! use std::ops::ControlFlow;
//!
//! /// Each worker names the message types it decodes.
//! #[derive(Default)]
//! struct Names(Items<String>);
//! impl RecordSink for Names {
//!     fn record(&mut self, r: Record) {
//!         self.0.push(r.order, r.type_name().to_string());
//!     }
//! }
//! impl Render for Names {
//!     type Item = String;
//!     fn take(&mut self, into: &mut Items<String>) {
//!         into.append(&mut self.0);
//!     }
//! }
//!
//! let reader = CaptureReader::open("capture.pcap").unwrap();
//! let done = Pipeline::new("capture.pcap", reader)
//!     .threads(2)
//!     .run(
//!         || DecodeStage::new(DecodeConfig::default(), Names::default()),
//!         &mut |name: String, _: &[u8]| {
//!             println!("{name}");
//!             ControlFlow::Continue(())
//!         },
//!     )
//!     .unwrap();
//! eprintln!("{} frames", done.summary.frames);
//! ```

mod budget;
mod extract;
mod front;
mod inline;
mod merge;
mod pace;
mod shard;
mod summary;
mod workers;

pub use extract::{Extracted, StreamSet};
pub use shard::{flow_hash, Shard, ShardSummary};
pub use summary::CaptureSummary;

use crate::capture::{CaptureError, CaptureReader, Frame, Timestamp};
use crate::link::{LinkDecoder, Packet, TcpSegment};
use crate::reassembly::{Config, Sink};
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

/// The time of a pass's first frame, shared between threads: the reading
/// thread sets it as it reads that frame, before anything made from any
/// frame reaches the sink, so a sink may count time from the start of the
/// capture (not from the first item it is given) while the pass runs.
/// Clones share the one time.
#[derive(Debug, Clone, Default)]
pub struct Clock(Arc<OnceLock<Timestamp>>);

impl Clock {
    /// The first frame's time, once it has been read.
    pub fn first(&self) -> Option<Timestamp> {
        self.0.get().copied()
    }

    fn start(&self, ts: Timestamp) {
        let _ = self.0.set(ts);
    }
}

/// Bytes of items a worker makes at most before it hands them on, also in
/// the middle of a batch or of a step (see [`Work::pace`]): what one
/// worker has made and not handed on stays under this, plus one item. A
/// small budget makes chunks smaller ([`chunk_for`]).
pub const CHUNK: usize = 256 << 10;

/// The chunk of a pass of `workers` workers whose budget is `budget`
/// bytes: [`CHUNK`], or less so that each worker's chunks in the making
/// and in flight stay a small part of the budget.
pub fn chunk_for(budget: usize, workers: usize) -> usize {
    (budget / (8 * workers.max(1))).clamp(4 << 10, CHUNK)
}

/// The default of [`Pipeline::budget`]: the bytes that may be in flight
/// between the reading thread, the workers, the merge and the sink.
pub const DEFAULT_BUDGET: usize = 16 << 20;

/// Items a worker made, each with its key (in increasing key order), and
/// the bytes they were rendered to, if any: an item that is text refers
/// to a range of `bytes`, which the sink is given beside it.
#[derive(Debug)]
pub struct Items<T> {
    /// The items, each with its key, in key order.
    pub keyed: Vec<(u64, T)>,
    /// The bytes the items were rendered to (an item names its range).
    pub bytes: Vec<u8>,
    /// Bytes the items own on the heap besides (a hand's actions, a
    /// row's text), as their makers count them ([`Items::push_owning`]).
    owned: usize,
}

impl<T> Default for Items<T> {
    fn default() -> Self {
        Items {
            keyed: Vec::new(),
            bytes: Vec::new(),
            owned: 0,
        }
    }
}

impl<T> Items<T> {
    /// Adds an item made by the step of key `key`.
    pub fn push(&mut self, key: u64, item: T) {
        debug_assert!(self.keyed.last().is_none_or(|(k, _)| *k <= key));
        self.keyed.push((key, item));
    }

    /// Adds an item that owns `heap` bytes besides itself (counted in
    /// [`Items::weight`]).
    pub fn push_owning(&mut self, key: u64, item: T, heap: usize) {
        self.push(key, item);
        self.owned += heap;
    }

    /// Moves `other`'s items (and bytes, the ranges of its items then
    /// counting from the end of these) to the end of these. `other` is
    /// left with room for as many: a worker's next batch is about as
    /// large, and room made once is not grown again (each growth copies
    /// what was made so far).
    pub fn append(&mut self, other: &mut Items<T>) {
        let (items, bytes) = (other.keyed.len(), other.bytes.len());
        if self.keyed.is_empty() && self.bytes.is_empty() {
            std::mem::swap(self, other);
        } else {
            self.keyed.append(&mut other.keyed);
            self.bytes.append(&mut other.bytes);
            self.owned += std::mem::take(&mut other.owned);
        }
        other.owned = 0;
        // With an eighth more: the next batch's items, about as many,
        // are then made without growing the room again.
        other.keyed.reserve(items + items / 8);
        other.bytes.reserve(bytes + bytes / 8);
    }

    /// True when there is no item.
    pub fn is_empty(&self) -> bool {
        self.keyed.is_empty()
    }

    /// Removes every item and byte, keeping the room.
    pub fn clear(&mut self) {
        self.keyed.clear();
        self.bytes.clear();
        self.owned = 0;
    }

    /// The key of the last item, if any.
    pub fn last_key(&self) -> Option<u64> {
        self.keyed.last().map(|&(k, _)| k)
    }

    /// What the items weigh: the items themselves with their keys, their
    /// bytes, and what they own besides.
    pub fn weight(&self) -> usize {
        self.keyed.len() * std::mem::size_of::<(u64, T)>() + self.bytes.len() + self.owned
    }

    /// The memory the items hold: [`Items::weight`] with the room made
    /// beyond it.
    pub fn footprint(&self) -> usize {
        self.keyed.capacity() * std::mem::size_of::<(u64, T)>() + self.bytes.capacity() + self.owned
    }
}

/// A worker's share of a pass: the events of the connections it owns, in
/// capture order ([`Sink::step`] announcing each step), made into items.
///
/// A worker may hold items back (the decode stage does, while a stream's
/// protocol is being detected); [`Work::low`] says how far it has got.
pub trait Work: Sink {
    /// What the worker hands the sink.
    type Item;
    /// Every step before `next` has been decided (its events went to the
    /// worker that owns it): the worker releases what it can and returns
    /// the smallest key an item it makes from now on can have.
    fn low(&mut self, next: u64) -> u64;
    /// Moves the items made so far to `into`.
    fn take(&mut self, into: &mut Items<Self::Item>);
    /// The input is over (every stream has ended): the last items.
    fn finish(&mut self);
    /// What the items made and not taken yet weigh ([`Items::weight`]).
    /// The pipeline takes them once they weigh a chunk ([`Work::pace`]);
    /// 0 (the default) for a work that makes little (they are taken after
    /// each batch).
    fn pending(&self) -> usize {
        0
    }
    /// From now on the work may stop making items in the middle of a
    /// step (or of [`Work::low`] or [`Work::finish`]) once what it made
    /// weighs `chunk` bytes ([`Work::pending`]), keeping the rest waiting
    /// until [`Work::resume`]. The pipeline calls it before the pass;
    /// nothing by default (the work makes everything at once).
    fn pace(&mut self, _chunk: usize) {}
    /// Goes on making items of what waits, until they weigh a chunk
    /// again: the pipeline takes the items and calls this until
    /// [`Work::pending`] stays under the chunk. The items left waiting
    /// count in [`Work::low`].
    fn resume(&mut self) {}
}

/// What a pass gives back: the summary and the workers' works, with
/// whatever they gathered (one per worker).
pub struct Finished<W> {
    /// What the pass read and counted.
    pub summary: CaptureSummary,
    /// The workers' [`Work`]s, in worker order, with what they gathered.
    pub workers: Vec<W>,
    /// The most bytes that were in flight between the threads at once
    /// (batches and items, spares included; 0 on one thread, where a
    /// batch and a chunk are all there is): what [`Pipeline::budget`]
    /// bounds.
    pub in_flight: usize,
}

/// One pass over one input; see the [module docs](self).
pub struct Pipeline {
    name: String,
    reader: CaptureReader,
    config: Config,
    threads: usize,
    eager: bool,
    /// Steps and payload bytes per worker in a round of the reading thread.
    round: (usize, usize),
    clock: Clock,
    shard: Option<Shard>,
    /// Bytes in flight between the threads at most ([`Pipeline::budget`]).
    budget: usize,
}

impl Pipeline {
    /// A pass over `reader`, named `name` in messages (the file, `-`, or
    /// an interface), with the default reassembly limits, on as many
    /// threads as there are cores.
    pub fn new(name: &str, reader: CaptureReader) -> Self {
        Pipeline {
            name: name.to_string(),
            reader,
            config: Config::default(),
            threads: default_threads(),
            eager: false,
            round: inline::ROUND,
            clock: Clock::default(),
            shard: None,
            budget: DEFAULT_BUDGET,
        }
    }

    /// Opens `path` (`-` for standard input).
    pub fn open(path: &str) -> Result<Self, CaptureError> {
        Ok(Pipeline::new(path, CaptureReader::open(path)?))
    }

    /// The reassembly limits.
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// Sets `clock` to the first frame's time as soon as it is read.
    pub fn clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Keeps the TCP connections of `shard` only (all with `None`): the
    /// segments of the others are dropped before the flow table, counted
    /// in the summary's [`CaptureSummary::shard`]; see [`Shard`].
    pub fn shard(mut self, shard: Option<Shard>) -> Self {
        self.shard = shard;
        self
    }

    /// The summary a pass starts from: its name and its shard.
    fn start(&self) -> CaptureSummary {
        CaptureSummary {
            shard: self.shard.map(ShardSummary::new),
            ..CaptureSummary::empty(&self.name)
        }
    }

    /// The bytes that may be in flight between the reading thread, the
    /// workers, the merge and the sink (batches of segments, items made
    /// and not yet given to the sink), [`DEFAULT_BUDGET`] by default: the
    /// reading thread and the workers wait when it is spent, so memory
    /// does not grow with a slow sink or with records larger than the
    /// packets they came in. With one worker everything runs on the
    /// calling thread, and a batch and a chunk ([`chunk_for`]) are all that
    /// is ever in flight.
    pub fn budget(mut self, bytes: usize) -> Self {
        self.budget = bytes.max(1);
        self
    }

    /// Workers (at least 1). With 1 everything runs on the calling thread;
    /// with more, a thread more reads the capture.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n.max(1);
        self
    }

    /// Rounds of the reading thread of `round` steps or payload bytes
    /// per worker (tests make them tiny).
    #[cfg(test)]
    fn round(mut self, round: (usize, usize)) -> Self {
        self.round = round;
        self
    }

    /// Hands every item to the sink as soon as its segment is through
    /// (for a live capture); runs on the calling thread.
    pub fn eager(mut self) -> Self {
        self.eager = true;
        self.threads = 1;
        self
    }

    /// Runs the pass: `make` makes each worker's [`Work`], `sink` takes
    /// the items in key order (with the bytes of their batch) and may end
    /// the pass early. Fails only when nothing could be read.
    pub fn run<W>(
        self,
        make: impl Fn() -> W + Sync,
        sink: &mut impl FnMut(W::Item, &[u8]) -> ControlFlow<()>,
    ) -> Result<Finished<W>, CaptureError>
    where
        W: Work + Send,
        W::Item: Send,
    {
        let done = if self.threads == 1 {
            inline::run(self, make(), sink)
        } else {
            workers::run(self, make, sink)
        };
        let mut done = done?;
        if let Some(e) = done.summary.unreadable() {
            return Err(e);
        }
        Ok(done)
    }

    /// Runs the pass on the calling thread with every event going to
    /// `sink` (for a consumer of raw events that makes no items, such as
    /// a test or a benchmark); returns the summary.
    pub fn run_events(self, sink: &mut impl Sink) -> Result<CaptureSummary, CaptureError> {
        let mut done = inline::run(self, Events(sink), &mut |(), _| ControlFlow::Continue(()))?;
        match done.summary.unreadable() {
            Some(e) => Err(e),
            None => Ok(done.summary),
        }
    }
}

/// A [`Work`] that only passes events on.
struct Events<'a, S>(&'a mut S);

impl<S: Sink> Sink for Events<'_, S> {
    fn event(&mut self, ev: crate::reassembly::Event<'_>) {
        self.0.event(ev);
    }
    fn step(&mut self, seq: u64, slot: u32) {
        self.0.step(seq, slot);
    }
    fn warm(&self, slot: u32) {
        self.0.warm(slot);
    }
}

impl<S: Sink> Work for Events<'_, S> {
    type Item = ();
    fn low(&mut self, next: u64) -> u64 {
        next
    }
    fn take(&mut self, _: &mut Items<()>) {}
    fn finish(&mut self) {}
}

/// The cores available (at least 1).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The capture and link stages: reads frames, takes each apart, and hands
/// its TCP segment to `f`, until the capture ends, a frame cannot be read
/// (the error goes to `summary.truncated`), or `f` returns false. Counts the
/// frames, the time span and the first malformed frame in `summary`; starts
/// `clock` at the first frame. A sharded pass's segments of other shards
/// are counted in `summary.shard` and not handed over.
fn read_segments(
    reader: &mut CaptureReader,
    decoder: &mut LinkDecoder,
    summary: &mut CaptureSummary,
    clock: &Clock,
    f: impl FnMut(&Frame<'_>, &TcpSegment<'_>) -> bool,
) {
    read_segments_until(reader, decoder, summary, clock, || false, f);
}

/// [`read_segments`], also returning (then true) before the reader would
/// wait for an input fed while it is read when `pause()` says so (a
/// round that holds something hands it on first).
fn read_segments_until(
    reader: &mut CaptureReader,
    decoder: &mut LinkDecoder,
    summary: &mut CaptureSummary,
    clock: &Clock,
    pause: impl Fn() -> bool,
    mut f: impl FnMut(&Frame<'_>, &TcpSegment<'_>) -> bool,
) -> bool {
    loop {
        if reader.would_wait() && pause() {
            return true;
        }
        let frame = match reader.next_frame() {
            Ok(Some(f)) => f,
            Ok(None) => return false,
            Err(e) => {
                summary.truncated = Some(e);
                return false;
            }
        };
        summary.frames += 1;
        if summary.first.is_none() {
            summary.first = Some(frame.ts);
            clock.start(frame.ts);
        }
        summary.last = Some(frame.ts);
        match decoder.decode(&frame) {
            Packet::Tcp(seg) => {
                if summary.shard.as_mut().is_some_and(|s| !s.keeps(&seg)) {
                    continue;
                }
                if !f(&frame, &seg) {
                    return false;
                }
            }
            Packet::Malformed(why) => {
                if summary.first_malformed.is_none() {
                    summary.first_malformed = Some((frame.number, why));
                }
            }
            Packet::NotTcp(_) | Packet::FragmentHeld => {}
        }
    }
}

#[cfg(test)]
use inline::ROUND;

#[cfg(test)]
mod tests;
