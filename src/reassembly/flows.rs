//! The flow table's side of reassembly: which connection each segment
//! belongs to, and when connections begin and leave.
//!
//! [`Flows`] looks at a segment's endpoints and flags only, never at its
//! bytes, and says what to do as [`Step`]s: open a connection, give it a
//! segment, or expire it (end it at its last frame, then drop it). The
//! connections themselves ([`super::conn::Conns`]) carry the steps out.
//! The two halves run on one thread in a [`super::Reassembler`]; the
//! pipeline runs `Flows` on its reading thread and the connections on the
//! workers that own them, so that stream numbers and every decision about
//! a connection's life are the same whatever the number of workers.
//!
//! Every step is numbered in the order it was decided: the number
//! (`Step::seq`) is the capture-order key of everything the step makes.
//! Each step concerns one connection. A segment's step counts one more
//! for each [`STEP_BYTES`] of its payload (the next step's number is that
//! much further on), so that a count of steps, such as the decode stage's
//! bound on how long a stream may hold records back, also bounds the
//! bytes read meanwhile.
//!
//! To decide without the connection's bytes, a [`Flow`] keeps what its
//! connection's life depends on: its client (which way a segment goes),
//! the FINs seen each way, a RST, its last activity and its SYN's
//! sequence number. A connection ends, as [`super::conn`] says, on a RST
//! or once FINs were seen both ways; `Flow::segment` follows the same
//! rule from the flags.

use super::community_id::CommunityId;
use super::table::{Flow, FlowId, FlowTable};
use super::{Config, Direction, EndReason, ReassemblyStats, StreamInfo};
use crate::capture::Timestamp;
use crate::link::{TcpFlags, TcpSegment};
use std::net::SocketAddr;

/// Payload bytes that count as one step more (see the [module docs](self)).
pub(crate) const STEP_BYTES: usize = 1024;

/// How a step's payload travels (the bytes, or where a batch keeps them),
/// and how many bytes it is.
pub(crate) trait Payload: Copy {
    /// The payload's length in bytes.
    fn bytes(&self) -> usize;
}

impl Payload for &[u8] {
    fn bytes(&self) -> usize {
        self.len()
    }
}

/// A range of a batch's buffer.
impl Payload for (u32, u32) {
    fn bytes(&self) -> usize {
        self.1.saturating_sub(self.0) as usize
    }
}

/// No payload carried (a pass that wants the frames only).
impl Payload for () {
    fn bytes(&self) -> usize {
        0
    }
}

/// What a segment brings its connection once the flow table knows which
/// way it travels: no addresses, so that a step stays small. `B` holds
/// the payload: the bytes themselves, or where a batch keeps them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sent<B> {
    pub dir: Direction,
    pub flags: TcpFlags,
    /// Sequence number of the first payload byte (or of the SYN/FIN).
    pub seq: u32,
    /// Meaningful only when `flags.ack()`.
    pub ack: u32,
    /// Payload bytes sent but cut off by the capture's snapshot length.
    pub missing: u32,
    pub payload: B,
}

impl<B> Sent<B> {
    /// The same segment, its payload held another way.
    pub(crate) fn with<C>(&self, payload: C) -> Sent<C> {
        Sent {
            dir: self.dir,
            flags: self.flags,
            seq: self.seq,
            ack: self.ack,
            missing: self.missing,
            payload,
        }
    }
}

/// What a step does to its connection.
#[derive(Debug)]
pub(crate) enum Action<B> {
    /// A new connection (a stream) begins, in slot `slot`.
    Open(Opening),
    /// The connection takes this segment.
    Segment {
        frame: u64,
        ts: Timestamp,
        seg: Sent<B>,
    },
    /// The connection leaves the table: it ends for `reason` at its last
    /// frame (unless it ended already; `evicted` marks a flush under the
    /// flow cap), its final statistics are reported, and it is dropped.
    Expire { reason: EndReason, evicted: bool },
}

/// One decision of the flow table about one connection.
#[derive(Debug)]
pub(crate) struct Step<B> {
    /// Its number: steps are numbered from 0 in the order they are decided.
    pub seq: u64,
    /// Where the connection lives (a slot number, reused once it left).
    pub slot: u32,
    /// The hash of the connection's flow key.
    pub hash: u64,
    /// The connection's stream number.
    pub stream: u64,
    pub action: Action<B>,
}

/// The flow table and the decisions about connections' lives; see the
/// [module docs](self).
pub(crate) struct Flows {
    config: Config,
    stats: ReassemblyStats,
    table: FlowTable,
    /// The latest capture time seen.
    clock: Option<Timestamp>,
    /// When idle flows were last looked for.
    last_sweep: Option<Timestamp>,
    /// The next step's number.
    seq: u64,
}

impl Flows {
    pub(crate) fn new(config: Config) -> Self {
        Flows {
            config,
            stats: ReassemblyStats::default(),
            table: FlowTable::default(),
            clock: None,
            last_sweep: None,
            seq: 0,
        }
    }

    pub(crate) fn table(&self) -> &FlowTable {
        &self.table
    }

    /// Starts bringing the connection of `flow` into the cache.
    pub(crate) fn prefetch(&self, flow: &FlowId) {
        self.table.prefetch(flow);
    }

    /// Segments, streams and evictions counted here.
    pub(crate) fn stats(&self) -> &ReassemblyStats {
        &self.stats
    }

    /// The number the next step will have: every step before it was
    /// decided.
    pub(crate) fn next_seq(&self) -> u64 {
        self.seq
    }

    /// The next step: `action` on the connection `(id, hash)` in `slot`.
    fn step<B>(&mut self, slot: u32, conn: (u64, u64), action: Action<B>) -> Step<B> {
        self.weighed_step(slot, conn, action, 1)
    }

    /// The next step, counting `weight` steps (see the [module docs](self)).
    fn weighed_step<B>(
        &mut self,
        slot: u32,
        (id, hash): (u64, u64),
        action: Action<B>,
        weight: u64,
    ) -> Step<B> {
        let seq = self.seq;
        self.seq += weight;
        Step {
            seq,
            slot,
            hash,
            stream: id,
            action,
        }
    }

    /// The step expiring the connection `f`, which left `slot`.
    fn expire<B>(&mut self, slot: u32, f: &Flow, reason: EndReason, evicted: bool) -> Step<B> {
        self.step(slot, (f.id, f.hash), Action::Expire { reason, evicted })
    }

    /// The steps for one segment, from frame `frame` captured at `ts`,
    /// of the connection `flow` (its key and hash), each to `out`. The
    /// flow table looks at the segment's addresses and flags only; its
    /// payload travels in the step as `payload` (the bytes, or where a
    /// batch keeps them).
    pub(crate) fn route<B: Payload>(
        &mut self,
        frame: u64,
        ts: Timestamp,
        seg: &TcpSegment<'_>,
        payload: B,
        flow: &FlowId,
        out: &mut impl FnMut(Step<B>),
    ) {
        self.stats.segments += 1;
        self.advance_clock(ts, out);
        // A new SYN on the 4-tuple of an ended connection opens a new one,
        // and so does a SYN whose sequence number differs from the client's
        // SYN of a live one (the port was reused; the old connection's end
        // was not seen: it ends by timeout). Anything else (the last ACK
        // after the FINs, a retransmitted SYN...) belongs to the old one.
        let reopen = seg.flags.syn() && !seg.flags.ack();
        if !reopen && self.segment(frame, ts, seg, payload, flow, out) {
            // The common case, one lookup: a segment of a known connection.
            return;
        }
        let new = match self.table.get(flow) {
            None => true,
            Some(f) => reopen && (f.ended || f.syn_seq != Some(seg.seq)),
        };
        if new {
            if let Some((slot, old)) = self.table.remove(&flow.key) {
                out(self.expire(slot, &old, EndReason::Timeout, false));
            }
            self.make_room(out);
            let info = opening(self.stats.streams, frame, ts, seg);
            self.stats.streams += 1;
            let (syn, ack) = (seg.flags.syn(), seg.flags.ack());
            let f = Box::new(Flow::new(
                flow,
                info.id,
                info.client,
                ts,
                (syn && !ack).then_some(seg.seq),
            ));
            let conn = (f.id, f.hash);
            let slot = self.table.insert(f);
            out(self.step(slot, conn, Action::Open(info)));
        }
        self.segment(frame, ts, seg, payload, flow, out);
    }

    /// The step giving `seg` to the connection of `flow`, if there is one
    /// (then true), and the step dropping the ended connection that makes
    /// room for it under `table::MAX_ENDED`.
    fn segment<B: Payload>(
        &mut self,
        frame: u64,
        ts: Timestamp,
        seg: &TcpSegment<'_>,
        payload: B,
        flow: &FlowId,
        out: &mut impl FnMut(Step<B>),
    ) -> bool {
        let Some((slot, (conn, dir), dropped)) = self
            .table
            .with(flow, |f| ((f.id, f.hash), f.segment(ts, seg)))
        else {
            return false;
        };
        let seg = Sent {
            dir,
            flags: seg.flags,
            seq: seg.seq,
            ack: seg.ack,
            missing: seg.missing,
            payload,
        };
        let weight = 1 + (payload.bytes() / STEP_BYTES) as u64;
        out(self.weighed_step(slot, conn, Action::Segment { frame, ts, seg }, weight));
        if let Some((slot, old)) = dropped {
            out(self.expire(slot, &old, EndReason::Timeout, false));
        }
        true
    }

    /// The steps expiring every connection still in the table (reason
    /// `eof`), in stream order.
    pub(crate) fn finish<B>(&mut self, out: &mut impl FnMut(Step<B>)) {
        for (slot, f) in self.table.drain_by_id() {
            out(self.expire(slot, &f, EndReason::Eof, false));
        }
    }

    /// Capture time has reached `ts` though no packet says so (an input fed
    /// while read has paused): the flows idle for too long, and the ended
    /// ones past their linger, leave as they would at a packet of that
    /// time.
    pub(crate) fn tick<B>(&mut self, ts: Timestamp, out: &mut impl FnMut(Step<B>)) {
        self.advance_clock(ts, out);
    }

    /// Moves capture time to `ts` if later, expiring the flows idle for
    /// too long (reason `timeout`). Ended flows kept for late packets
    /// expire the same way.
    fn advance_clock<B>(&mut self, ts: Timestamp, out: &mut impl FnMut(Step<B>)) {
        if self.clock.is_some_and(|c| ts <= c) {
            return;
        }
        self.clock = Some(ts);
        // Without an idle timeout, only ended flows leave (after their
        // linger).
        let timeout = self.config.idle_timeout.unwrap_or(f64::INFINITY);
        // Looking for idle flows on every packet costs more than it finds:
        // sweep at most every thousandth of the timeout (0.6 s for 600 s),
        // and at least every tenth of a second.
        let every = (timeout / 1000.0).min(0.1);
        if self.last_sweep.is_some_and(|t| ts.seconds_since(t) < every) {
            return;
        }
        self.last_sweep = Some(ts);
        while let Some((slot, f)) = self.table.pop_idle(ts, timeout) {
            out(self.expire(slot, &f, EndReason::Timeout, false));
        }
    }

    /// Before adding a flow: while the table is at `max_flows` (0 counts as
    /// 1), drops ended flows, then flushes the longest-idle live ones
    /// (reason `timeout`, marked evicted).
    fn make_room<B>(&mut self, out: &mut impl FnMut(Step<B>)) {
        while self.table.len() >= self.config.max_flows.max(1) {
            let Some((slot, f)) = self.table.pop_first() else {
                break;
            };
            if !f.ended {
                self.stats.flows_evicted += 1;
            }
            out(self.expire(slot, &f, EndReason::Timeout, !f.ended));
        }
    }
}

/// What a connection is when it opens: its [`StreamInfo`] but for the
/// counters (small, so that a step carries it without an allocation).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Opening {
    pub id: u64,
    pub client: SocketAddr,
    pub server: SocketAddr,
    pub roles_from_handshake: bool,
    pub frame: u64,
    pub ts: Timestamp,
}

impl Opening {
    /// The stream's information, its counters at zero.
    pub(crate) fn info(&self) -> StreamInfo {
        StreamInfo {
            id: self.id,
            client: self.client,
            server: self.server,
            community_id: CommunityId::tcp(self.client, self.server),
            roles_from_handshake: self.roles_from_handshake,
            first_frame: self.frame,
            start: self.ts,
            last_frame: self.frame,
            last: self.ts,
            dirs: Default::default(),
            evicted: false,
        }
    }
}

/// What is known of a connection first seen with `seg`, as stream `id`.
/// The roles: a SYN without ACK is sent by the client, a SYN-ACK by the
/// server; with no handshake in sight the higher port is the client (on
/// equal ports, the first sender), and `roles_from_handshake` is false.
fn opening(id: u64, frame: u64, ts: Timestamp, seg: &TcpSegment<'_>) -> Opening {
    let (syn, ack) = (seg.flags.syn(), seg.flags.ack());
    let (client, server, roles_from_handshake) = if syn && !ack {
        (seg.src, seg.dst, true)
    } else if syn {
        (seg.dst, seg.src, true)
    } else if seg.dst.port() > seg.src.port() {
        (seg.dst, seg.src, false)
    } else {
        (seg.src, seg.dst, false)
    };
    Opening {
        id,
        client,
        server,
        roles_from_handshake,
        frame,
        ts,
    }
}
