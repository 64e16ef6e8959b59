//! Stage 5: framing and decoding, from reassembled streams to records.
//!
//! [`DecodeStage`] is a reassembly [`Sink`]: it takes the events of every
//! stream, detects each stream's protocol ([`crate::detect`]), frames and
//! decodes its messages with the protocol's [`StreamDecoder`], and hands
//! [`Record`]s, in capture order, to a [`RecordSink`]. When a stream ends
//! it also hands over a [`StreamReport`] (protocol, dialect, counts) for
//! `inspect`.
//!
//! Each stream's state is kept by the slot of its connection, which
//! [`Sink::step`] names before the step's events: a segment reaches its
//! stream's state (and [`Sink::warm`] prefetches it) with one indexed
//! load, no hash lookup. A caller that hands the stage events itself
//! calls `step` first, with a slot that no other stream open at the same
//! time has.

pub mod direction;
mod held;
pub mod label;
pub use held::HELD_LIMIT;
pub(crate) mod order;
pub mod record;
#[cfg(test)]
mod tests;
mod websocket;
#[cfg(test)]
mod websocket_tests;

pub use direction::DirCounts;
pub use record::{Body, Carried, How, Record, WsEvent};

use crate::capture::Timestamp;
use crate::detect::{self, Overrides, Verdict};
use crate::pipeline::{Items, Work};
use crate::protocols::{self, Dialect, ProtocolId, StreamDecoder};
use crate::reassembly::{Direction, EndReason, Event, OwnedEvent, Sink, StreamInfo};
use crate::transport::websocket::connection::{self, Recognised};
use crate::transport::Transport;
use direction::{Ctx, DirDecoder};
use order::Reorder;
use websocket::WsStream;

/// Receives the decode stage's output.
pub trait RecordSink {
    /// One record, in capture order.
    fn record(&mut self, r: Record);
    /// A stream is over: what it was (after its last record).
    fn stream_done(&mut self, _report: &StreamReport) {}
    /// What the output made of the records so far and not taken yet
    /// weighs, in bytes ([`Items::weight`]): once it reaches a chunk
    /// ([`Work::pace`]), the decode stage run by the pipeline keeps the
    /// next records waiting until the output has been taken (see
    /// [`Work::resume`]). 0 (the default) for a sink that keeps nothing.
    fn pending(&self) -> usize {
        0
    }
    /// Capture time has reached `ts` (no record of an earlier time is to
    /// come): a sink may finish what waited for time to pass. Nothing by
    /// default.
    fn tick(&mut self, _ts: crate::capture::Timestamp) {}
    /// The smallest key an output of this sink may still have though made
    /// later (a hand kept open for what may still join it), if any: the
    /// decode stage's low water mark stays below it. `None` by default.
    fn hold(&self) -> Option<u64> {
        None
    }
}

/// The part of a pipeline's [`Work`] after the decode stage: a record sink that makes
/// items (see the [module docs](self) for an example). A
/// [`DecodeStage`](crate::decode::DecodeStage) over a `Render` is a
/// `Work`.
pub trait Render: RecordSink + Send {
    /// What the worker makes of its records.
    type Item: Send;
    /// Moves the items made so far to `into`.
    fn take(&mut self, into: &mut Items<Self::Item>);
}

/// Hands `r` to `sink`, unless its output weighs `chunk`: then `r` is
/// given back, to wait in order (the sink's output is taken first).
#[inline]
fn pass_on<S: RecordSink>(sink: &mut S, chunk: usize, r: Record) -> Option<Record> {
    if sink.pending() < chunk {
        sink.record(r);
        None
    } else {
        Some(r)
    }
}

/// What a stream turned out to be.
#[derive(Debug, Clone)]
pub struct StreamReport {
    /// The stream's final statistics.
    pub info: StreamInfo,
    /// Why it ended.
    pub reason: EndReason,
    /// The protocol detected or forced, if any.
    pub protocol: Option<ProtocolId>,
    /// The protocol's dialect, once known.
    pub dialect: Option<Dialect>,
    /// What carried the protocol's messages over TCP.
    pub transport: Transport,
    /// How the protocol was chosen.
    pub how: How,
    /// Indexed by [`Direction::index`].
    pub counts: [DirCounts; 2],
}

/// Options of the decode stage.
#[derive(Debug, Clone)]
pub struct DecodeConfig {
    /// `--decode-as` choices.
    pub overrides: Overrides,
    /// Hand records over in capture order (holding back those that come
    /// after a stream still being detected). Off for consumers that only
    /// count, such as `inspect`: nothing is then held.
    pub ordered: bool,
    /// Make a record of every message. Off for consumers that only count
    /// (`inspect`): messages are still decoded and counted (errors
    /// included), then dropped; events (starts, ends, gaps, unknown data)
    /// are still recorded.
    pub messages: bool,
    /// Keep the unwrapped payload of every WebSocket data message in its
    /// record ([`Carried::payload`]), for `follow --websocket`.
    pub payloads: bool,
    /// Keep the bytes of every message in its record ([`Body::Message`]'s
    /// `bytes`), for `decode -x`.
    pub bytes: bool,
}

impl Default for DecodeConfig {
    fn default() -> Self {
        DecodeConfig {
            overrides: Overrides::default(),
            ordered: true,
            messages: true,
            payloads: false,
            bytes: false,
        }
    }
}

/// An event of a stream still being detected (data or a gap), kept to be
/// replayed, with the key of the step that brought it.
type Pending = (u64, OwnedEvent);

/// A stream's phase. The decoding directions are inline, not boxed: a
/// stream's state is then one allocation (the [`Stream`] box), which
/// [`Sink::warm`] prefetches in one go; every stream takes the largest
/// variant's room, a few hundred bytes.
#[allow(clippy::large_enum_variant)]
enum Phase {
    /// Looking at the first bytes; `prefix` is each direction's bytes from
    /// offset 0 up to its first gap (`sealed` once a gap came).
    Detecting {
        prefix: [Vec<u8>; 2],
        sealed: [bool; 2],
        queue: Vec<Pending>,
        /// Bytes of data in `queue`.
        queued: usize,
        detector: detect::Detector,
    },
    Decoding {
        dec: Box<dyn StreamDecoder>,
        dirs: [DirDecoder; 2],
    },
    /// A WebSocket: frames unwrapped, then what they carry detected and
    /// decoded (see [`websocket`]). Boxed: rare, and large.
    WebSocket(Box<WsStream>),
    /// No protocol: bytes are reported as unknown data, a record per run.
    Unknown {
        run: [Option<(u64, u64, u64, Timestamp)>; 2],
        unknown: [u64; 2],
    },
}

struct Stream {
    info: StreamInfo,
    phase: Phase,
    how: How,
    reason: Option<EndReason>,
    /// While detecting: the key from which this stream holds records back.
    held: Option<u64>,
    /// While it holds records back: the key of each step that brought it
    /// data, by frame. A record it gives late (once it decided, or bytes a
    /// WebSocket unwrapper kept) takes the key of its frame's step: its
    /// place in capture order, as if it had been decoded at once.
    steps: Vec<(u64, u64)>,
    /// The key of the step in which it last stopped holding back.
    released: Option<u64>,
    /// [`DecodeConfig::messages`].
    messages: bool,
    /// [`DecodeConfig::payloads`].
    payloads: bool,
    /// [`DecodeConfig::bytes`].
    bytes: bool,
    /// The protocol `--decode-as` chose: decoded as soon as it is known
    /// whether a transport (WebSocket) wraps it.
    forced: Option<ProtocolId>,
}

impl Stream {
    fn ctx(&self, protocol: ProtocolId, dir: Direction) -> Ctx {
        let (src, dst) = match dir {
            Direction::C2S => (self.info.client, self.info.server),
            Direction::S2C => (self.info.server, self.info.client),
        };
        Ctx {
            protocol,
            transport: Transport::Tcp,
            stream: self.info.id,
            dir,
            src,
            dst,
            community_id: self.info.community_id,
            messages: self.messages,
            bytes: self.bytes,
        }
    }

    /// The key of a record of frame `frame` made with key `now` in the
    /// step of key `step` (see [`Stream::steps`]).
    fn key_of(&self, frame: u64, now: u64, step: u64) -> u64 {
        if self.held.is_none() && self.released != Some(step) {
            return now;
        }
        match self.steps.binary_search_by_key(&frame, |&(f, _)| f) {
            Ok(i) => self.steps[i].1.min(now),
            Err(_) => now,
        }
    }

    /// Notes that the step of key `key`, from frame `frame`, brought data.
    fn brought(&mut self, frame: u64, key: u64) {
        if self.held.is_some() && self.steps.last().is_none_or(|&(f, _)| f < frame) {
            self.steps.push((frame, key));
        }
    }

    /// Bytes the stream holds between packets: while detecting, its first
    /// bytes and the events queued; while decoding, the bytes of messages
    /// not yet complete; in a WebSocket, the same inside it and its frames
    /// not yet complete.
    fn held(&self) -> usize {
        match &self.phase {
            Phase::Detecting { prefix, queued, .. } => prefix[0].len() + prefix[1].len() + queued,
            Phase::Decoding { dirs, .. } => dirs[0].held() + dirs[1].held(),
            Phase::WebSocket(ws) => ws.held(),
            Phase::Unknown { .. } => 0,
        }
    }

    /// The stream's dialect as far as known, and what carries its
    /// messages.
    fn speaks(&self) -> (Option<Dialect>, Transport) {
        match &self.phase {
            Phase::Decoding { dec, .. } => (dec.dialect(), Transport::Tcp),
            Phase::WebSocket(ws) => (ws.dialect(), Transport::WebSocket),
            _ => (None, Transport::Tcp),
        }
    }

    fn protocol(&self) -> Option<ProtocolId> {
        match &self.phase {
            Phase::Decoding { dec, .. } => Some(dec.protocol()),
            Phase::WebSocket(ws) => ws.protocol().or(self.forced),
            Phase::Detecting { .. } => self.forced,
            Phase::Unknown { .. } => None,
        }
    }

    fn env(&self) -> websocket::Env {
        websocket::Env {
            stream: self.info.id,
            client: self.info.client,
            server: self.info.server,
            community_id: self.info.community_id,
            messages: self.messages,
            payloads: self.payloads,
            bytes: self.bytes,
            port: self.info.server.port(),
            forced: self.forced,
        }
    }
}

/// The decode stage; see the [module docs](self).
pub struct DecodeStage<S: RecordSink> {
    config: DecodeConfig,
    /// Each stream's state, by its connection's slot ([`Sink::step`]).
    /// Boxed: a free slot costs a pointer.
    streams: Vec<Option<Box<Stream>>>,
    /// The slot of the stream whose events are being handled.
    slot: u32,
    out: Vec<Record>,
    /// Records of `out` whose key is set.
    assigned: usize,
    /// The key of the records being made ([`Record::order`]).
    key: u64,
    /// The key of the step being handled (`key` differs from it while
    /// queued events are replayed).
    step_key: u64,
    /// The key of the step in which a stream last stopped holding back.
    last_release: Option<u64>,
    order: Reorder,
    /// What the sink's output may weigh before records wait
    /// ([`Work::pace`]; never, unless the pipeline says so).
    chunk: usize,
    /// Bytes all the streams hold ([`Stream::held`]), against
    /// [`HELD_LIMIT`].
    held: usize,
    sink: S,
}

impl<S: RecordSink> DecodeStage<S> {
    /// A decode stage handing its records to `sink`.
    pub fn new(config: DecodeConfig, sink: S) -> Self {
        DecodeStage {
            config,
            streams: Vec::new(),
            slot: 0,
            out: Vec::new(),
            assigned: 0,
            key: 0,
            step_key: 0,
            last_release: None,
            order: Reorder::default(),
            chunk: usize::MAX,
            held: 0,
            sink,
        }
    }

    /// The record sink (for example to take what it collected so far).
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Flushes what is held and gives the sink back (after the capture's end).
    pub fn into_sink(mut self) -> S {
        self.flush();
        self.pump(true);
        self.sink
    }

    /// Hands every record still held to the sink (the capture's end);
    /// while the sink's output weighs a chunk, they wait (see
    /// [`Work::resume`]).
    pub fn flush(&mut self) {
        self.emit();
        let (sink, chunk) = (&mut self.sink, self.chunk);
        self.order.flush(&mut |r| pass_on(sink, chunk, r));
    }

    /// Hands the sink what waits: all of it, or (`all` false) until its
    /// output weighs a chunk.
    fn pump(&mut self, all: bool) {
        let sink = &mut self.sink;
        if all {
            self.order.drain(&mut |r| {
                sink.record(r);
                None
            });
        } else {
            let chunk = self.chunk;
            self.order.drain(&mut |r| pass_on(sink, chunk, r));
        }
    }

    /// What the sink's output not taken yet weighs
    /// ([`RecordSink::pending`]; for a [`Work`] over this stage).
    pub fn pending(&self) -> usize {
        self.sink.pending()
    }

    /// Hands the sink what waits until its output weighs a chunk again
    /// ([`Work::resume`]; for a [`Work`] over this stage).
    pub fn resume(&mut self) {
        self.pump(false);
    }

    /// Records wait once the sink's output weighs `chunk` bytes
    /// ([`Work::pace`]; for a [`Work`] over this stage).
    pub fn pace(&mut self, chunk: usize) {
        self.chunk = chunk;
    }

    fn start(&mut self, info: &StreamInfo) {
        let forced = self
            .config
            .overrides
            .forced(info.id, info.server.port(), info.client.port());
        let mut s = Stream {
            info: info.clone(),
            phase: Phase::Detecting {
                prefix: [Vec::new(), Vec::new()],
                sealed: [false; 2],
                queue: Vec::new(),
                queued: 0,
                detector: detect::Detector::new(info.roles_from_handshake),
            },
            how: How::Detected,
            reason: None,
            held: None,
            steps: Vec::new(),
            released: None,
            messages: self.config.messages,
            payloads: self.config.payloads,
            bytes: self.config.bytes,
            forced,
        };
        if forced.is_some() {
            s.how = How::Forced;
        }
        // The start record goes out at once (before detection: it names a
        // protocol only when one was forced).
        self.out.push(start_record(&s));
        let i = self.slot as usize;
        if self.streams.len() <= i {
            self.streams.resize_with(i + 1, || None);
        }
        self.streams[i] = Some(Box::new(s));
    }

    /// Bytes or a gap of one direction (`ev` is `Data` or `Gap`): queued
    /// while the stream is detecting, decoded once it knows its protocol.
    fn carry(&mut self, ev: Event<'_>) {
        let (stream, dir, offset, frame, ts) = match ev {
            Event::Data {
                stream,
                dir,
                offset,
                frame,
                ts,
                ..
            }
            | Event::Gap {
                stream,
                dir,
                offset,
                frame,
                ts,
                ..
            } => (stream, dir, offset, frame, ts),
            _ => return,
        };
        let slot = self.slot;
        let Some(s) = stream_at(&mut self.streams, slot, stream) else {
            return;
        };
        // Only a stream that may hold records back notes its steps.
        let holding = matches!(s.phase, Phase::Detecting { .. } | Phase::WebSocket(_));
        let i = dir.index();
        match (&mut s.phase, ev) {
            (
                Phase::Detecting {
                    prefix,
                    sealed,
                    queue,
                    queued,
                    ..
                },
                ev,
            ) => {
                let data = match ev {
                    Event::Data { bytes, .. } if !sealed[i] => {
                        prefix[i].extend_from_slice(bytes);
                        *queued += bytes.len();
                        true
                    }
                    Event::Data { bytes, .. } => {
                        *queued += bytes.len();
                        true
                    }
                    _ => {
                        sealed[i] = true;
                        false
                    }
                };
                // Room for one at first (not Vec's four): with the flow cap
                // full of streams that sent one segment, this is 3 MB.
                if queue.capacity() == 0 {
                    queue.reserve_exact(1);
                }
                queue.push((self.key, ev.to_owned_event()));
                self.hold(slot, stream);
                if data {
                    self.try_detect(slot, stream, false);
                }
            }
            (Phase::Decoding { dec, dirs }, Event::Data { bytes, .. }) => {
                dirs[i].data(dec.as_mut(), offset, bytes, frame, ts, &mut self.out);
            }
            (Phase::Decoding { dec, dirs }, Event::Gap { len, reason, .. }) => {
                dirs[i].gap(dec.as_mut(), offset, len, reason, frame, ts, &mut self.out);
            }
            (Phase::WebSocket(ws), ev) => {
                match ev {
                    Event::Data { bytes, .. } => {
                        ws.data(dir, offset, bytes, frame, ts, &mut self.out)
                    }
                    Event::Gap { len, reason, .. } => {
                        ws.gap(dir, offset, len, reason, frame, ts, &mut self.out)
                    }
                    _ => {}
                }
                let detecting = ws.detecting();
                let held = s.held.is_some();
                // Records wait while it works out what it carries (it may
                // also have just decided: then they go).
                if detecting {
                    self.hold(slot, stream);
                }
                if detecting || held {
                    self.try_detect_inner(slot, stream, false);
                }
            }
            (Phase::Unknown { run, unknown }, Event::Data { bytes, .. }) => {
                unknown[i] += bytes.len() as u64;
                let r = run[i].get_or_insert((offset, 0, frame, ts));
                r.1 += bytes.len() as u64;
                r.2 = frame;
                r.3 = ts;
            }
            (Phase::Unknown { .. }, Event::Gap { len, reason, .. }) => {
                flush_unknown(s, dir, &mut self.out);
                let mut r = record(s, dir, frame, ts, offset, Body::Gap { len, reason });
                r.protocol = None;
                self.out.push(r);
            }
            _ => {}
        }
        if holding {
            self.brought(slot, stream, frame);
        }
    }

    /// Runs detection on `stream` (in `slot`, the one being handled) if
    /// it is still detecting; on a verdict, replays what was queued
    /// through the chosen decoder.
    fn try_detect(&mut self, slot: u32, stream: u64, finished: bool) {
        let Some(s) = stream_at(&mut self.streams, slot, stream) else {
            return;
        };
        let port = s.info.server.port();
        let env = s.env();
        let Phase::Detecting {
            prefix,
            sealed,
            detector,
            ..
        } = &mut s.phase
        else {
            return;
        };
        let done = finished || (sealed[0] && sealed[1]);
        // The transport first: a WebSocket's upgrade, then the games.
        let mut ws = match connection::handshake(&prefix[0], &prefix[1], done) {
            Recognised::Upgrade { upgrade, start } => Some(WsStream::upgraded(env, upgrade, start)),
            Recognised::Undecided => return,
            _ => None,
        };
        let mut verdict = Verdict::Unknown;
        if let (None, Some(id)) = (&ws, s.forced) {
            verdict = Verdict::Protocol {
                id,
                confidence: 100,
                start: [0, 0],
            };
        } else if ws.is_none() {
            verdict = detector.detect(&prefix[0], &prefix[1], done, port);
        }
        // A WebSocket picked up after its upgrade is recognised from its
        // frames, once no game claims the bytes as they are.
        if verdict == Verdict::Unknown && ws.is_none() && !s.info.roles_from_handshake {
            match connection::midstream(&prefix[0], &prefix[1], done) {
                Recognised::Midstream { .. } => ws = Some(WsStream::midstream(env)),
                Recognised::Undecided => return,
                _ => {}
            }
        }
        let (id, start) = match verdict {
            Verdict::Undecided => return,
            Verdict::Protocol { id, start, .. } => (Some(id), start),
            Verdict::Unknown => (None, [0, 0]),
        };
        let old = std::mem::replace(
            &mut s.phase,
            Phase::Unknown {
                run: [None, None],
                unknown: [0, 0],
            },
        );
        let Phase::Detecting { queue, .. } = old else {
            unreachable!("checked above")
        };
        let carried = ws.is_some();
        match (id, ws) {
            (_, Some(ws)) => s.phase = Phase::WebSocket(Box::new(ws)),
            (Some(id), None) => become_protocol(s, id, start),
            (None, None) => s.how = How::Unknown,
        }
        // A WebSocket keeps holding records until it knows what it carries.
        if !carried {
            self.release(slot, stream);
        }
        // Each queued event's records take the key of the step that
        // brought it: they go back to their place in capture order.
        let now = self.key;
        for (key, ev) in queue {
            self.assign();
            self.key = key;
            self.carry(ev.as_event());
        }
        self.assign();
        self.key = now;
    }

    /// Works out what a WebSocket stream carries; on a verdict its queued
    /// records go out and the stream stops holding records back.
    fn try_detect_inner(&mut self, slot: u32, stream: u64, finished: bool) {
        let Some(s) = stream_at(&mut self.streams, slot, stream) else {
            return;
        };
        let Phase::WebSocket(ws) = &mut s.phase else {
            return;
        };
        if ws.decide(finished, &mut self.out) {
            if ws.protocol().is_none() && s.how == How::Detected {
                s.how = How::Unknown;
            }
            self.release(slot, stream);
        }
    }

    fn end(&mut self, info: &StreamInfo, reason: EndReason, frame: u64, ts: Timestamp) {
        let slot = self.slot;
        self.try_detect(slot, info.id, true);
        let Some(mut s) = (self.streams.get_mut(slot as usize))
            .and_then(|cell| cell.take_if(|s| s.info.id == info.id))
        else {
            return;
        };
        s.reason = Some(reason);
        s.info = info.clone();
        let mut counts = [DirCounts::default(); 2];
        match &mut s.phase {
            Phase::Decoding { dec, dirs } => {
                for (i, d) in dirs.iter_mut().enumerate() {
                    d.finish(dec.as_mut(), &mut self.out);
                    counts[i] = d.counts;
                }
            }
            Phase::WebSocket(ws) => {
                ws.finish(&mut self.out);
                counts = ws.counts();
                if ws.protocol().is_none() && s.how == How::Detected {
                    s.how = How::Unknown;
                }
            }
            Phase::Unknown { unknown, .. } => {
                let unknown = *unknown;
                for d in [Direction::C2S, Direction::S2C] {
                    flush_unknown(&mut s, d, &mut self.out);
                    counts[d.index()].unknown_bytes = unknown[d.index()];
                }
            }
            Phase::Detecting { .. } => {}
        }
        let r = record(&s, Direction::C2S, frame, ts, 0, Body::StreamEnd { reason });
        self.out.push(r);
        // The stream has left the table: its records are keyed here.
        let key = self.key;
        for r in &mut self.out[self.assigned..] {
            if r.order == 0 && r.stream == s.info.id {
                r.order = s.key_of(r.frame, key, self.step_key);
            }
        }
        self.emit();
        let (dialect, transport) = s.speaks();
        let report = StreamReport {
            info: s.info.clone(),
            reason,
            protocol: s.protocol(),
            dialect,
            transport,
            how: s.how,
            counts,
        };
        self.sink.stream_done(&report);
    }

    /// Gives the records of `out` not keyed yet the current key. They are
    /// those of one stream: the one being handled (in `slot`), or one that
    /// has just left (which keys its own).
    fn assign(&mut self) {
        let key = self.key;
        let late = self.order.oldest_hold().is_some() || self.last_release == Some(self.step_key);
        if !late {
            // No stream holds records back: every record takes the key.
            for r in &mut self.out[self.assigned..] {
                if r.order == 0 {
                    r.order = key;
                }
            }
            self.assigned = self.out.len();
            return;
        }
        let current = self
            .streams
            .get(self.slot as usize)
            .and_then(Option::as_deref);
        for r in &mut self.out[self.assigned..] {
            if r.order == 0 {
                r.order = match current {
                    Some(s) if s.info.id == r.stream => s.key_of(r.frame, key, self.step_key),
                    _ => key,
                };
            }
        }
        self.assigned = self.out.len();
    }

    /// Passes the records made so far through the reorder buffer.
    fn emit(&mut self) {
        self.assign();
        self.assigned = 0;
        let (sink, chunk) = (&mut self.sink, self.chunk);
        self.order
            .push_all(&mut self.out, &mut |r| pass_on(sink, chunk, r));
    }

    /// Before step `next`: makes every stream that has held records back
    /// for [`order::HOLD_STEPS`] steps decide with what it has. Its records
    /// take the key just after the last step it waited for, which does not
    /// depend on when this runs. (Run before every step: the rare work is
    /// out of line, so that the test is all a step pays.)
    /// Past the reorder buffer's last bound on memory
    /// ([`Reorder::overfull`]), the oldest hold decides at once, as at the
    /// step before `next`.
    #[inline]
    fn force_due(&mut self, next: u64) {
        while let Some((key, stream, slot)) = self.order.oldest_hold() {
            let due = key / 2 + order::HOLD_STEPS;
            if due < next {
                self.force_at(due, (key, stream, slot));
            } else if self.order.overfull() {
                self.force_at(next.saturating_sub(1).max(key / 2), (key, stream, slot));
            } else {
                break;
            }
        }
    }

    /// Makes the stream of `hold` (its first key, the stream, its slot)
    /// decide, as at step `due`.
    #[inline(never)]
    fn force_at(&mut self, due: u64, hold: (u64, u64, u32)) {
        let (key, stream, slot) = hold;
        let now = (self.key, self.step_key, self.slot);
        self.key = due * 2 + 1;
        self.step_key = self.key;
        self.slot = slot;
        self.force(slot, stream);
        if self.order.oldest_hold() == Some(hold) {
            // It could not let go: stop holding (a last resort).
            self.release(slot, stream);
            self.order.release(key, stream, slot);
        }
        self.emit();
        (self.key, self.step_key, self.slot) = now;
    }

    /// Makes `stream`, the oldest holder, decide with what it has. A
    /// WebSocket cannot yet when its upgrade waits for the response, or
    /// when no message has come through it since: then, like a connection
    /// that has sent nothing, it only stops holding records back, until
    /// its next bytes.
    fn force(&mut self, slot: u32, stream: u64) {
        let Some(s) = stream_at(&mut self.streams, slot, stream) else {
            return;
        };
        let cannot = match &s.phase {
            Phase::Detecting { prefix, .. } => {
                connection::awaiting_response(&prefix[0], &prefix[1])
            }
            Phase::WebSocket(ws) => ws.awaiting_messages(),
            _ => false,
        };
        if cannot {
            self.release(slot, stream);
            return;
        }
        self.try_detect(slot, stream, true);
        self.try_detect_inner(slot, stream, true);
    }

    /// `stream` (in `slot`) stops holding records back (it decided, or
    /// cannot yet).
    fn release(&mut self, slot: u32, stream: u64) {
        let Some(s) = stream_at(&mut self.streams, slot, stream) else {
            return;
        };
        if let Some(key) = s.held.take() {
            s.released = Some(self.step_key);
            self.last_release = s.released;
            self.order.release(key, stream, slot);
        }
    }

    /// Notes, for a stream holding records back, that the current step
    /// (from `frame`) brought it data.
    fn brought(&mut self, slot: u32, stream: u64, frame: u64) {
        if let Some(s) = stream_at(&mut self.streams, slot, stream) {
            s.brought(frame, self.key);
        }
    }

    /// A stream still detecting starts holding records back at the
    /// current key.
    fn hold(&mut self, slot: u32, stream: u64) {
        if !self.config.ordered {
            return;
        }
        if let Some(s) = stream_at(&mut self.streams, slot, stream) {
            if s.held.is_none() {
                s.held = Some(self.key);
                s.steps.clear();
                self.order.hold(self.key, stream, slot);
            }
        }
    }

    /// Every step before `next` was decided: makes the streams due decide,
    /// releases what no hold keeps back, and returns the smallest key a
    /// record made from now on (or waiting for the sink) can have.
    pub fn low(&mut self, next: u64) -> u64 {
        self.force_due(next);
        self.emit();
        let held = self.order.oldest_hold().map_or(u64::MAX, |(k, _, _)| k);
        let waiting = self.order.first_key().unwrap_or(u64::MAX);
        let kept = self.sink.hold().unwrap_or(u64::MAX);
        held.min(waiting).min(kept).min(next.saturating_mul(2))
    }
}

impl<S: RecordSink> Sink for DecodeStage<S> {
    /// Passed on to the record sink only when no record waits here (one
    /// that waits may be earlier than `ts`).
    fn tick(&mut self, ts: crate::capture::Timestamp) {
        if self.order.first_key().is_none() && self.order.oldest_hold().is_none() {
            self.sink.tick(ts);
        }
    }

    fn step(&mut self, seq: u64, slot: u32) {
        self.force_due(seq);
        self.key = seq * 2;
        self.step_key = self.key;
        self.slot = slot;
    }

    /// Prefetches the stream's state (its decoder's directions included).
    fn warm(&self, slot: u32) {
        if let Some(Some(s)) = self.streams.get(slot as usize) {
            crate::prefetch::prefetch(&**s);
        }
    }

    fn event(&mut self, ev: Event<'_>) {
        match ev {
            Event::Start(info) => self.start(info),
            Event::Data { stream, .. } | Event::Gap { stream, .. } => {
                let before = self.held_by(stream);
                self.carry(ev);
                self.account(stream, before, true);
            }
            Event::End {
                info,
                reason,
                frame,
                ts,
            } => {
                let before = self.held_by(info.id);
                self.end(info, reason, frame, ts);
                self.account(info.id, before, false);
            }
            Event::Conflict { .. } | Event::Closed(_) => {}
        }
        if !self.out.is_empty() {
            self.emit();
        }
    }
}

/// The stream in `slot`, if it is `stream` (a slot goes to another
/// stream once its own has left).
fn stream_at(streams: &mut [Option<Box<Stream>>], slot: u32, stream: u64) -> Option<&mut Stream> {
    match streams.get_mut(slot as usize) {
        Some(Some(s)) if s.info.id == stream => Some(s),
        _ => None,
    }
}

/// Switches a stream to decoding `id`; a direction whose first message
/// starts past offset 0 begins by resynchronising.
fn become_protocol(s: &mut Stream, id: ProtocolId, start: [usize; 2]) {
    let dec = protocols::new_decoder(id);
    let dirs = [Direction::C2S, Direction::S2C]
        .map(|d| DirDecoder::new(s.ctx(id, d), 0, start[d.index()] > 0));
    s.phase = Phase::Decoding { dec, dirs };
}

fn record(
    s: &Stream,
    dir: Direction,
    frame: u64,
    ts: Timestamp,
    offset: u64,
    body: Body,
) -> Record {
    let (src, dst) = match dir {
        Direction::C2S => (s.info.client, s.info.server),
        Direction::S2C => (s.info.server, s.info.client),
    };
    let (dialect, transport) = s.speaks();
    Record {
        order: 0,
        frame,
        ts,
        stream: s.info.id,
        dir,
        src,
        dst,
        community_id: s.info.community_id,
        offset,
        protocol: s.protocol(),
        dialect,
        transport,
        carried: None,
        body,
    }
}

fn start_record(s: &Stream) -> Record {
    record(
        s,
        Direction::C2S,
        s.info.first_frame,
        s.info.start,
        0,
        Body::StreamStart,
    )
}

fn flush_unknown(s: &mut Stream, dir: Direction, out: &mut Vec<Record>) {
    let Phase::Unknown { run, .. } = &mut s.phase else {
        return;
    };
    if let Some((offset, len, frame, ts)) = run[dir.index()].take() {
        let body = Body::UnknownData {
            len,
            reason: "no protocol recognised".into(),
        };
        out.push(record(s, dir, frame, ts, offset, body));
    }
}

impl<S: Render> Work for DecodeStage<S> {
    type Item = S::Item;

    fn low(&mut self, next: u64) -> u64 {
        DecodeStage::low(self, next)
    }

    fn take(&mut self, into: &mut Items<S::Item>) {
        self.sink.take(into);
    }

    fn finish(&mut self) {
        self.flush();
    }

    fn pending(&self) -> usize {
        DecodeStage::pending(self)
    }

    fn resume(&mut self) {
        DecodeStage::resume(self);
    }

    fn pace(&mut self, chunk: usize) {
        DecodeStage::pace(self, chunk);
    }
}
