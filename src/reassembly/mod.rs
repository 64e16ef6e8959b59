//! Stage 3: TCP reassembly.
//!
//! A [`Reassembler`] takes the TCP segments of a capture in capture order and
//! hands a [`Sink`] the bytes each side of each connection really sent, in
//! order, as [`Event`]s:
//!
//! - [`Event::Start`] when a connection (a *stream*) is first seen; streams
//!   are numbered from 0 in order of first appearance, like tshark's
//!   `tcp.stream`;
//! - [`Event::Data`], in-order bytes of one direction, each chunk with the
//!   frame number and timestamp it came from;
//! - [`Event::Gap`], bytes that were sent but that the capture does not hold,
//!   with their length; delivery goes on after them;
//! - [`Event::Conflict`], a retransmission whose bytes differ from the first
//!   copy (the first copy wins);
//! - [`Event::Closed`], the final statistics when the connection leaves the
//!   flow table (late packets included);
//! - [`Event::End`], the stream is over (fin, rst, idle timeout, end of
//!   capture), with its statistics.
//!
//! Guarantees: a stream's events begin with `Start` and end with `End`
//! (exactly once); in between, the `Data` and `Gap` events of each direction
//! cover every offset of that direction's stream exactly once, in increasing
//! order from 0. Memory is bounded by [`Config`]: out-of-order bytes per
//! direction, retained bytes per direction, and live flows.
//!
//! How bytes are judged (details in the submodules):
//!
//! - positions are u64 *stream offsets*, from sequence numbers unwrapped
//!   once on arrival (`seq`), so wraparound past 2^32 needs no care after;
//! - a segment's bytes already delivered or buffered are a retransmission:
//!   dropped (the first copy wins), compared with the first copy where it
//!   is still held (buffered, or among the last `retain_per_dir` delivered
//!   bytes), a difference being a `Conflict`; a segment at `next - 1` with
//!   at most one byte is a keep-alive, dropped;
//! - a hole becomes a `Gap` when the peer acknowledges bytes past it, when
//!   out-of-order data exceeds `max_buffered_per_dir` (or, all connections
//!   together, `max_buffered_total`: the connection whose holes grew gives
//!   them all up), or when the stream ends; bytes the snaplen cut are a `Gap` in their place;
//! - a stream ends by FIN both ways (seen: holes before the FINs are then
//!   closed as gaps), by RST, by idle timeout, by eviction under
//!   `max_flows`, or at [`Reassembler::finish`]. After a FIN or RST end the
//!   connection lingers for late packets, counted in its statistics until a
//!   new SYN reuses its 4-tuple (a new stream) or it expires.
//!
//! Layout: `seq` (sequence numbers), `tail` (retained delivered bytes),
//! `direction` (one direction's stream: in-order delivery, out-of-order
//! buffer, gaps), `conn` (a connection: both directions, its end; the
//! connections by slot), `table` (flows by 4-tuple, idle order), `flows`
//! (the flow table's decisions: which connection a segment belongs to,
//! when connections open and leave, as numbered steps), `community_id`
//! (the flow hash other tools know a connection by, made once as it
//! opens, in its [`StreamInfo`]), and here the
//! public types and the [`Reassembler`] that ties the flows and the
//! connections together on one thread. The pipeline runs the two apart:
//! the flows where the capture is read, the connections on the workers
//! that own them.
//!
//! ```no_run
//! use cardshark::reassembly::{Config, Event, Reassembler};
//! let mut r = Reassembler::new(Config::default());
//! let mut sink = |ev: Event<'_>| {
//!     if let Event::Data { stream, dir, bytes, .. } = ev {
//!         println!("stream {stream} {dir}: {} bytes", bytes.len());
//!     }
//! };
//! // for each frame: if let Packet::Tcp(seg) = decoder.decode(&frame) {
//! //     r.process(frame.number, frame.ts, &seg, &mut sink) }
//! r.finish(&mut sink);
//! ```

pub mod community_id;
pub(crate) mod conn;
mod direction;
pub(crate) mod flows;
mod seq;
mod table;
mod tail;
#[cfg(test)]
mod tests;

use crate::capture::Timestamp;
use crate::link::TcpSegment;
pub use community_id::CommunityId;
use conn::Conns;
use flows::Flows;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::net::SocketAddr;
pub(crate) use table::FlowId;

/// Which way bytes flow in a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// From the client (the SYN's sender) to the server.
    C2S,
    /// From the server to the client.
    S2C,
}

impl Direction {
    /// 0 for [`Direction::C2S`], 1 for [`Direction::S2C`]: the index of per-direction arrays.
    pub fn index(self) -> usize {
        match self {
            Direction::C2S => 0,
            Direction::S2C => 1,
        }
    }
    /// The other direction.
    pub fn reverse(self) -> Direction {
        match self {
            Direction::C2S => Direction::S2C,
            Direction::S2C => Direction::C2S,
        }
    }
    /// `"c2s"` or `"s2c"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::C2S => "c2s",
            Direction::S2C => "s2c",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a stream ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// Both sides closed with FIN.
    Fin,
    /// A reset.
    Rst,
    /// No packet for longer than the idle timeout, or flushed to make room
    /// under the live-flow cap (see [`StreamInfo::evicted`]).
    Timeout,
    /// The capture ended with the stream still open.
    Eof,
}

impl EndReason {
    /// `fin`, `rst`, `timeout` or `eof`, as in the record contract.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Fin => "fin",
            EndReason::Rst => "rst",
            EndReason::Timeout => "timeout",
            EndReason::Eof => "eof",
        }
    }
}

/// Why bytes are missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GapReason {
    /// The peer acknowledged bytes the capture never showed.
    AckedUnseen,
    /// Out-of-order data waited on a hole for longer than the buffering cap.
    BufferFull,
    /// The capture's snapshot length cut the segment's payload.
    Truncated,
    /// The stream ended (fin, rst, timeout, end of capture) with a hole unfilled.
    Closed,
}

impl GapReason {
    /// `acked_unseen`, `buffer_full`, `truncated` or `closed`, as in the record contract.
    pub fn as_str(self) -> &'static str {
        match self {
            GapReason::AckedUnseen => "acked_unseen",
            GapReason::BufferFull => "buffer_full",
            GapReason::Truncated => "truncated",
            GapReason::Closed => "closed",
        }
    }
}

/// Counters for one direction of a stream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DirStats {
    /// Segments seen going this way (with or without payload).
    pub packets: u64,
    /// Payload bytes seen on the wire this way, retransmissions included.
    pub wire_bytes: u64,
    /// Bytes delivered in order (the stream's length without its gaps).
    pub delivered: u64,
    /// Gap events and the bytes they stand for.
    pub gaps: u64,
    /// Bytes the gaps stand for.
    pub gap_bytes: u64,
    /// Segments whose payload had been seen already (wholly or in part),
    /// or lay before the point where a mid-connection capture picked the
    /// direction up. Keep-alives are not counted here.
    pub retransmissions: u64,
    /// Keep-alive probes (dropped).
    pub keepalives: u64,
    /// Overlaps whose bytes differed from the first copy.
    pub conflicts: u64,
}

/// What is known of a stream; passed with [`Event::Start`] (counters still
/// zero) and [`Event::End`] (final values).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreamInfo {
    /// 0-based stream index, in order of first appearance.
    pub id: u64,
    /// The client (the SYN's sender, or guessed; see `roles_from_handshake`).
    pub client: SocketAddr,
    /// The server.
    pub server: SocketAddr,
    /// The connection's Community ID (of `client` and `server`), made
    /// once when it opens.
    pub community_id: CommunityId,
    /// True when the roles come from the handshake (the SYN's sender is the
    /// client); false when guessed (the higher port is the client).
    pub roles_from_handshake: bool,
    /// The frame the stream was first seen in.
    pub first_frame: u64,
    /// That frame's time.
    pub start: Timestamp,
    /// The stream's latest frame.
    pub last_frame: u64,
    /// The latest time seen on the stream.
    pub last: Timestamp,
    /// Indexed by [`Direction::index`].
    pub dirs: [DirStats; 2],
    /// True when the stream was flushed to make room under the live-flow cap.
    pub evicted: bool,
}

impl StreamInfo {
    /// The counters of direction `d`.
    pub fn dir(&self, d: Direction) -> &DirStats {
        &self.dirs[d.index()]
    }
    /// Seconds from the first to the latest time seen.
    pub fn duration(&self) -> f64 {
        self.last.seconds_since(self.start)
    }
}

/// What the reassembler tells its [`Sink`], generic over how the bytes
/// (`B`) and the stream's information (`I`) are held: an [`Event`]
/// borrows them (the reassembler lends its own), an [`OwnedEvent`] owns
/// them (kept to be handed on later, as the decode stage keeps the events
/// of a stream still being detected). It is the one representation of
/// delivered bytes, gaps and stream ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamEvent<B, I> {
    /// A connection (a stream) was first seen: what is known of it.
    Start(I),
    /// Bytes of one direction, in order.
    Data {
        /// The stream.
        stream: u64,
        /// Which way the bytes went.
        dir: Direction,
        /// Offset of `bytes[0]` in this direction's byte stream (gaps count).
        offset: u64,
        /// The bytes.
        bytes: B,
        /// The frame the bytes came from.
        frame: u64,
        /// That frame's time.
        ts: Timestamp,
    },
    /// Bytes the capture does not hold: delivery goes on after them.
    Gap {
        /// The stream.
        stream: u64,
        /// Which way the bytes went.
        dir: Direction,
        /// Offset of the first missing byte.
        offset: u64,
        /// How many bytes are missing.
        len: u64,
        /// Why they are missing.
        reason: GapReason,
        /// The frame whose arrival made the gap certain.
        frame: u64,
        /// That frame's time.
        ts: Timestamp,
    },
    /// A retransmission whose bytes differ from the first copy (which
    /// wins). At most one per segment, after the segment's fresh bytes (if
    /// any) were handled.
    Conflict {
        /// The stream.
        stream: u64,
        /// Which way the bytes went.
        dir: Direction,
        /// Stream offset of the first differing byte.
        offset: u64,
        /// How many bytes of the segment overlapped earlier copies
        /// (compared or not).
        len: u64,
        /// The retransmitted segment's frame.
        frame: u64,
        /// That frame's time.
        ts: Timestamp,
    },
    /// The stream is over: its statistics.
    End {
        /// What is known of the stream, its counters final but for late
        /// packets.
        info: I,
        /// Why it ended.
        reason: EndReason,
        /// The frame that ended the stream (the RST, the second FIN); for
        /// timeout, eviction and end of capture, the stream's last frame.
        frame: u64,
        /// That frame's time.
        ts: Timestamp,
    },
    /// The stream's connection left the flow table (idle expiry, flow cap,
    /// reuse of its 4-tuple, end of capture): its final statistics, with the
    /// late packets that came after [`Event::End`] (such as the last ACK
    /// after the FINs). Comes exactly once per stream, after `End`.
    Closed(I),
}

/// An event as the reassembler hands it over, borrowing its bytes.
pub type Event<'a> = StreamEvent<&'a [u8], &'a StreamInfo>;

/// An event that owns its bytes and stream information.
pub type OwnedEvent = StreamEvent<Vec<u8>, Box<StreamInfo>>;

impl<B, I> StreamEvent<B, I> {
    /// The same event with its bytes made by `bytes` and its stream
    /// information by `info` (borrowing from this one, or copying).
    // Each arm names a variant's fields twice (read, then made again: with
    // other types it is a variant of another enum), kept side by side
    // where rustfmt would write a field a line.
    #[rustfmt::skip]
    pub fn map<'s, B2, I2>(
        &'s self,
        bytes: impl FnOnce(&'s B) -> B2,
        info: impl FnOnce(&'s I) -> I2,
    ) -> StreamEvent<B2, I2> {
        use StreamEvent::*;
        match self {
            Start(i) => Start(info(i)),
            &Data { stream, dir, offset, bytes: ref b, frame, ts } =>
                Data { stream, dir, offset, bytes: bytes(b), frame, ts },
            &Gap { stream, dir, offset, len, reason, frame, ts } =>
                Gap { stream, dir, offset, len, reason, frame, ts },
            &Conflict { stream, dir, offset, len, frame, ts } =>
                Conflict { stream, dir, offset, len, frame, ts },
            &End { info: ref i, reason, frame, ts } => End { info: info(i), reason, frame, ts },
            Closed(i) => Closed(info(i)),
        }
    }
}

impl OwnedEvent {
    /// The event, borrowing from this one.
    pub fn as_event(&self) -> Event<'_> {
        self.map(|b| b.as_slice(), |i| &**i)
    }
}

impl Event<'_> {
    /// The event, owning copies of its bytes and stream information.
    pub fn to_owned_event(&self) -> OwnedEvent {
        self.map(|b| b.to_vec(), |i| Box::new((*i).clone()))
    }
}

/// Receives the reassembler's events. Any `FnMut(Event)` is a sink.
pub trait Sink {
    /// One event.
    fn event(&mut self, ev: Event<'_>);

    /// The events that follow, up to the next call, come from the flow
    /// table's step `seq` about the connection in `slot`: steps are
    /// numbered from 0 in capture order, and each concerns one stream, so
    /// the number is the capture-order key of what the events make (the
    /// pipeline merges the output of its workers by it). Nothing by
    /// default.
    ///
    /// `slot` names the connection among those open at once: a small
    /// number (below the flow table's size), the same for all of the
    /// connection's steps, given to a later connection only once this one
    /// has left (after its [`Event::Closed`]). A sink may keep its
    /// per-stream state in a vector indexed by it, reached without a hash
    /// lookup.
    fn step(&mut self, _seq: u64, _slot: u32) {}

    /// A hint that events of the connection in `slot` come soon (a batch
    /// of events is handed over a group at a time): a sink may start
    /// bringing the stream's state into the cache. Nothing by default.
    fn warm(&self, _slot: u32) {}

    /// Capture time has reached `ts` though no packet says so (an input
    /// fed while read has paused): a sink may finish what waited for time
    /// to pass. Nothing by default.
    fn tick(&mut self, _ts: crate::capture::Timestamp) {}
}

impl<F: FnMut(Event<'_>)> Sink for F {
    fn event(&mut self, ev: Event<'_>) {
        self(ev)
    }
}

/// Limits and timeouts.
#[derive(Debug, Clone)]
pub struct Config {
    /// Out-of-order bytes buffered per direction before the oldest hole is
    /// given up as a gap.
    pub max_buffered_per_dir: usize,
    /// Bytes buffered by all connections together, out of order and kept
    /// to compare retransmissions against (on one worker: the pipeline
    /// gives each of N workers an Nth): past it, a connection whose bytes
    /// grow gives up its holes as gaps and forgets the bytes it kept.
    pub max_buffered_total: usize,
    /// Connections tracked at once (0 counts as 1); past it ended ones are
    /// dropped first, then the longest idle is flushed. A connection costs
    /// about 1.5 KB here and in the decode stage, so the default, 16 384,
    /// keeps a capture of any number of connections (a SYN flood, say)
    /// near 30 MB; raise it for captures with more open at once.
    pub max_flows: usize,
    /// Seconds without a packet after which a stream ends (`None`: never).
    pub idle_timeout: Option<f64>,
    /// Delivered bytes kept per direction to compare retransmissions against.
    pub retain_per_dir: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_buffered_per_dir: 1 << 20,
            max_buffered_total: 4 << 20,
            max_flows: 16_384,
            idle_timeout: Some(600.0),
            retain_per_dir: 4096,
        }
    }
}

/// Capture-wide reassembly counters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReassemblyStats {
    /// TCP segments taken in.
    pub segments: u64,
    /// Streams opened.
    pub streams: u64,
    /// Live streams flushed to respect `max_flows` (ended streams dropped
    /// to make room are not counted).
    pub flows_evicted: u64,
    /// Holes given up because buffering reached `max_buffered_per_dir` or
    /// `max_buffered_total`.
    pub buffer_overflows: u64,
    /// Bytes of the holes given up that way.
    pub buffer_overflow_bytes: u64,
}

impl ReassemblyStats {
    /// Adds `other`'s counts (of another part of the same pass).
    pub fn add(&mut self, other: &ReassemblyStats) {
        self.segments += other.segments;
        self.streams += other.streams;
        self.flows_evicted += other.flows_evicted;
        self.buffer_overflows += other.buffer_overflows;
        self.buffer_overflow_bytes += other.buffer_overflow_bytes;
    }
}

/// The TCP reassembler: a flow table ([`flows`]) that decides which
/// connection each segment belongs to and when connections begin and end,
/// and the connections ([`conn`]) that reassemble their bytes.
///
/// Capture time is the latest timestamp seen. Each time it advances, the
/// flows idle for longer than [`Config::idle_timeout`] are ended (reason
/// `timeout`), found from the front of the table's idle order rather than by
/// a scan.
pub struct Reassembler {
    config: Config,
    flows: Flows,
    conns: Conns,
}

impl Reassembler {
    /// A reassembler with these limits.
    pub fn new(config: Config) -> Self {
        Reassembler {
            flows: Flows::new(config.clone()),
            conns: Conns::default(),
            config,
        }
    }

    /// Feeds one segment, from frame `frame` captured at `ts`.
    pub fn process(
        &mut self,
        frame: u64,
        ts: Timestamp,
        seg: &TcpSegment<'_>,
        sink: &mut impl Sink,
    ) {
        let flow = self.flows.table().hasher().flow(seg.src, seg.dst);
        let (conns, config) = (&mut self.conns, &self.config);
        self.flows
            .route(frame, ts, seg, seg.payload, &flow, &mut |step| {
                conns.apply(step, config, sink)
            });
    }

    /// Ends every open stream (reason `eof`), flushing what is buffered
    /// with [`GapReason::Closed`] gaps for the holes. The `End` event of
    /// each carries its last frame. Streams that already ended are dropped
    /// silently.
    pub fn finish(&mut self, sink: &mut impl Sink) {
        let (conns, config) = (&mut self.conns, &self.config);
        self.flows
            .finish(&mut |step| conns.apply(step, config, sink));
    }

    /// The counters so far.
    pub fn stats(&self) -> ReassemblyStats {
        let mut s = self.flows.stats().clone();
        s.add(self.conns.stats());
        s
    }

    /// What is known of the connection between `a` and `b` now (for tests).
    #[cfg(test)]
    pub(crate) fn info_between(&self, a: SocketAddr, b: SocketAddr) -> Option<&StreamInfo> {
        let slot = self.flows.table().slot_of(&table::flow_key(a, b))?;
        Some(&self.conns.get(slot)?.info)
    }

    /// The connections (for tests).
    #[cfg(test)]
    pub(crate) fn conns(&self) -> &Conns {
        &self.conns
    }

    /// Flows in the table (for tests).
    #[cfg(test)]
    pub(crate) fn flow_count(&self) -> usize {
        self.flows.table().len()
    }
}
