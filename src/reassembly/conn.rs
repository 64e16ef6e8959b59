//! One connection (a *stream*): its roles, its two directions, its life.
//!
//! Life of a connection:
//!
//! 1. **Created** when the flow table opens it at its first segment
//!    (`super::flows`), which fixes the roles: a SYN without ACK is sent by
//!    the client, a SYN-ACK by the server; with no handshake in sight the
//!    higher port is the client (on equal ports, the first sender), and
//!    `roles_from_handshake` is false.
//! 2. **Open**: each segment feeds its direction (payload, FIN) and, through
//!    its ACK, the reverse direction (gaps for acknowledged bytes the capture
//!    missed), in [`Conn::process`].
//! 3. **Ended** by a RST, or once FINs were seen both ways: both directions
//!    are closed (holes before buffered data and before the FIN become
//!    [`GapReason::Closed`](super::GapReason::Closed) gaps) and
//!    [`Event::End`] is emitted, once ([`Conn::end`]). The connection stays in
//!    the flow table so that late packets (the last ACK after the FINs) are
//!    still counted in its statistics; nothing is delivered any more.
//!    Timeout, eviction and end of capture end a connection the same way,
//!    and the table then drops it.
//!
//! [`Conns`] holds the connections by slot and carries out the flow
//! table's steps on them.

use super::direction::{Ctx, DirState};
use super::flows::{Action, Opening, Sent, Step};
use super::{Config, Direction, EndReason, Event, ReassemblyStats, Sink, StreamInfo};
use crate::capture::Timestamp;

/// A connection: what each direction holds, and its statistics.
#[derive(Debug)]
pub(crate) struct Conn {
    pub info: StreamInfo,
    /// Indexed by [`Direction::index`].
    dirs: [DirState; 2],
    /// True once [`Event::End`] was emitted.
    pub ended: bool,
}

impl Conn {
    /// A connection, as the flow table opened it (see
    /// [`super::flows::Action::Open`]).
    pub(crate) fn new(info: StreamInfo) -> Conn {
        Conn {
            info,
            dirs: Default::default(),
            ended: false,
        }
    }

    /// Bytes and pieces held out of order each way (for tests of the caps).
    #[cfg(test)]
    pub(crate) fn buffered(&self) -> [(usize, usize); 2] {
        [self.dirs[0].buffered(), self.dirs[1].buffered()]
    }

    /// Bytes held, both directions together: out of order, and kept to
    /// compare retransmissions against.
    fn held(&self) -> (usize, usize) {
        let ((a, b), (c, d)) = (self.dirs[0].held(), self.dirs[1].held());
        (a + c, b + d)
    }

    /// Gives up the holes of both directions (as `BufferFull` gaps,
    /// delivering what they held): the out-of-order bytes of all the
    /// connections passed `Config::max_buffered_total`.
    fn give_up_holes<S: Sink>(
        &mut self,
        config: &Config,
        global: &mut ReassemblyStats,
        sink: &mut S,
    ) {
        let (frame, ts) = (self.info.last_frame, self.info.last);
        for d in [Direction::C2S, Direction::S2C] {
            let (dir, mut ctx) = self.dir(d, frame, ts, config, global);
            dir.give_up_holes(&mut ctx, sink);
        }
    }

    /// Forgets what both directions kept to compare retransmissions
    /// against: what all the connections kept passed
    /// `Config::max_buffered_total`.
    fn forget_tails(&mut self) {
        for dir in &mut self.dirs {
            dir.forget_tail();
        }
    }

    /// Direction `d`'s state, and its context for `frame` at `ts`.
    fn dir<'c>(
        &'c mut self,
        d: Direction,
        frame: u64,
        ts: Timestamp,
        config: &'c Config,
        global: &'c mut ReassemblyStats,
    ) -> (&'c mut DirState, Ctx<'c>) {
        let ctx = Ctx {
            stream: self.info.id,
            dir: d,
            frame,
            ts,
            config,
            stats: &mut self.info.dirs[d.index()],
            global,
        };
        (&mut self.dirs[d.index()], ctx)
    }

    /// Handles a segment of this connection.
    pub(crate) fn process<S: Sink>(
        &mut self,
        frame: u64,
        ts: Timestamp,
        seg: &Sent<&[u8]>,
        config: &Config,
        global: &mut ReassemblyStats,
        sink: &mut S,
    ) {
        let d = seg.dir;
        let stats = &mut self.info.dirs[d.index()];
        stats.packets += 1;
        stats.wire_bytes += seg.payload.len() as u64 + u64::from(seg.missing);
        // `last` is the latest time seen (in a capture that is not in time
        // order it may be earlier than the last frame's); idle time counts
        // from it.
        self.info.last_frame = frame;
        self.info.last = self.info.last.max(ts);
        if self.ended {
            return; // A late packet: counted, nothing more.
        }

        // The segment's own direction: payload, snaplen cut, FIN.
        let (dir, mut ctx) = self.dir(d, frame, ts, config, global);
        dir.segment(seg, &mut ctx, sink);

        // The reverse direction: what its peer (this sender) acknowledges.
        if seg.flags.ack() {
            let (dir, mut ctx) = self.dir(d.reverse(), frame, ts, config, global);
            dir.ack(seg.ack, &mut ctx, sink);
        }

        if seg.flags.rst() {
            self.end(EndReason::Rst, frame, ts, config, global, sink);
        } else if self.dirs.iter().all(DirState::fin_seen) {
            self.end(EndReason::Fin, frame, ts, config, global, sink);
        }
    }

    /// Ends the stream for `reason`, at `frame`/`ts`: closes both directions
    /// (flushing what they hold, with gaps for holes) and emits
    /// [`Event::End`]. Does nothing if the stream already ended.
    pub(crate) fn end<S: Sink>(
        &mut self,
        reason: EndReason,
        frame: u64,
        ts: Timestamp,
        config: &Config,
        global: &mut ReassemblyStats,
        sink: &mut S,
    ) {
        if self.ended {
            return;
        }
        for d in [Direction::C2S, Direction::S2C] {
            let (dir, mut ctx) = self.dir(d, frame, ts, config, global);
            dir.close(&mut ctx, sink);
        }
        self.ended = true;
        sink.event(Event::End {
            info: &self.info,
            reason,
            frame,
            ts,
        });
    }

    /// Ends the stream for `reason` at its last frame and time (timeout,
    /// eviction, end of capture).
    pub(crate) fn end_at_last<S: Sink>(
        &mut self,
        reason: EndReason,
        config: &Config,
        global: &mut ReassemblyStats,
        sink: &mut S,
    ) {
        let (frame, ts) = (self.info.last_frame, self.info.last);
        self.end(reason, frame, ts, config, global, sink);
    }
}

/// Connections by slot, and the steps of the flow table carried out on
/// them (see `super::flows`): on one thread in a
/// [`super::Reassembler`], or on the worker that owns them.
#[derive(Debug, Default)]
pub(crate) struct Conns {
    slots: Vec<Option<Box<Conn>>>,
    /// Buffer overflows, counted here.
    stats: ReassemblyStats,
    /// Bytes held by all these connections: out of order, and kept to
    /// compare retransmissions against (each against
    /// `Config::max_buffered_total`).
    held: (usize, usize),
}

impl Conns {
    /// Buffer overflows and their bytes (the other counters are the flow
    /// table's).
    pub(crate) fn stats(&self) -> &ReassemblyStats {
        &self.stats
    }

    /// Every connection (for tests).
    #[cfg(test)]
    pub(crate) fn all(&self) -> impl Iterator<Item = &Conn> {
        self.slots.iter().flatten().map(|c| &**c)
    }

    /// The connection in `slot`.
    pub(crate) fn get(&self, slot: u32) -> Option<&Conn> {
        self.slots.get(slot as usize)?.as_deref()
    }

    /// Starts bringing the connection in `slot` into the cache.
    pub(crate) fn warm(&self, slot: u32) {
        if let Some(conn) = self.get(slot) {
            crate::prefetch::prefetch(conn);
        }
    }

    /// Carries out `step`, its events to `sink`.
    pub(crate) fn apply<S: Sink>(&mut self, step: Step<&[u8]>, config: &Config, sink: &mut S) {
        sink.step(step.seq, step.slot);
        match step.action {
            Action::Open(opening) => self.open(step.slot, &opening, sink),
            Action::Segment { frame, ts, seg } => {
                self.segment(step.slot, frame, ts, &seg, config, sink)
            }
            Action::Expire { reason, evicted } => {
                self.expire(step.slot, reason, evicted, config, sink)
            }
        }
    }

    /// Opens a connection in `slot` (the step `Action::Open`; the caller
    /// has told `sink` the step's number, as for the two below).
    pub(crate) fn open<S: Sink>(&mut self, slot: u32, opening: &Opening, sink: &mut S) {
        let i = slot as usize;
        let conn = Box::new(Conn::new(opening.info()));
        sink.event(Event::Start(&conn.info));
        if self.slots.len() <= i {
            self.slots.resize_with(i + 1, || None);
        }
        self.slots[i] = Some(conn);
    }

    /// Gives the connection in `slot` a segment (`Action::Segment`).
    #[inline]
    pub(crate) fn segment<S: Sink>(
        &mut self,
        slot: u32,
        frame: u64,
        ts: Timestamp,
        seg: &Sent<&[u8]>,
        config: &Config,
        sink: &mut S,
    ) {
        if let Some(conn) = self
            .slots
            .get_mut(slot as usize)
            .and_then(Option::as_deref_mut)
        {
            let before = conn.held();
            conn.process(frame, ts, seg, config, &mut self.stats, sink);
            let mut after = conn.held();
            // Past the cap of all the connections together, the connection
            // whose bytes grew lets them go (as Suricata's reassembly
            // memcap refuses new segments): its holes become gaps, or it
            // forgets what it kept for retransmissions. Each total then
            // never passes the cap by more than a segment.
            let cap = config.max_buffered_total;
            if after.0 > before.0 && self.held.0 + after.0 - before.0 > cap {
                conn.give_up_holes(config, &mut self.stats, sink);
                after = conn.held();
            }
            // (Holes given up deliver bytes, which the tails then keep.)
            if after.1 > before.1 && self.held.1 + after.1 - before.1 > cap {
                conn.forget_tails();
                after = conn.held();
            }
            self.held.0 = (self.held.0 + after.0).saturating_sub(before.0);
            self.held.1 = (self.held.1 + after.1).saturating_sub(before.1);
        }
    }

    /// Ends and drops the connection in `slot` (`Action::Expire`).
    pub(crate) fn expire<S: Sink>(
        &mut self,
        slot: u32,
        reason: EndReason,
        evicted: bool,
        config: &Config,
        sink: &mut S,
    ) {
        let Some(mut conn) = self.slots.get_mut(slot as usize).and_then(Option::take) else {
            return;
        };
        if evicted {
            conn.info.evicted = true;
        }
        let held = conn.held();
        self.held.0 = self.held.0.saturating_sub(held.0);
        self.held.1 = self.held.1.saturating_sub(held.1);
        conn.end_at_last(reason, config, &mut self.stats, sink);
        sink.event(Event::Closed(&conn.info));
    }
}
