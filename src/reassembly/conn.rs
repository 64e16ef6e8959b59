//! One connection (a *stream*): its roles, its two directions, its life.
//!
//! Life of a connection:
//!
//! 1. **Created** by the flow table at its first segment ([`Conn::new`]),
//!    which fixes the roles: a SYN without ACK is sent by the client, a
//!    SYN-ACK by the server; with no handshake in sight the higher port is
//!    the client (on equal ports, the first sender), and
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

use super::direction::{Ctx, DirState};
use super::table::FlowKey;
use super::{Config, Direction, EndReason, Event, ReassemblyStats, Sink, StreamInfo};
use crate::capture::Timestamp;
use crate::link::TcpSegment;

/// A connection in the flow table.
#[derive(Debug)]
pub(crate) struct Conn {
    /// Its endpoints, as the flow table finds it.
    pub key: FlowKey,
    pub info: StreamInfo,
    /// Indexed by [`Direction::index`].
    dirs: [DirState; 2],
    /// True once [`Event::End`] was emitted.
    pub ended: bool,
    /// The sequence number of the client's SYN, when seen: another SYN
    /// with a different one is a new connection on the same 4-tuple.
    pub syn_seq: Option<u32>,
}

impl Conn {
    /// A connection first seen with `seg`, as stream `id`; `key` is the
    /// segment's flow key (worked out already to look the flow up).
    pub(crate) fn new(
        id: u64,
        key: FlowKey,
        frame: u64,
        ts: Timestamp,
        seg: &TcpSegment<'_>,
    ) -> Conn {
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
        Conn {
            key,
            info: StreamInfo {
                id,
                client,
                server,
                roles_from_handshake,
                first_frame: frame,
                start: ts,
                last_frame: frame,
                last: ts,
                dirs: Default::default(),
                evicted: false,
            },
            dirs: Default::default(),
            ended: false,
            syn_seq: (syn && !ack).then_some(seg.seq),
        }
    }

    /// Bytes and pieces held out of order each way (for tests of the caps).
    #[cfg(test)]
    pub(crate) fn buffered(&self) -> [(usize, usize); 2] {
        [self.dirs[0].buffered(), self.dirs[1].buffered()]
    }

    /// The direction `seg` travels in.
    fn direction_of(&self, seg: &TcpSegment<'_>) -> Direction {
        if seg.src == self.info.client {
            Direction::C2S
        } else {
            Direction::S2C
        }
    }

    /// Handles a segment of this connection.
    pub(crate) fn process<S: Sink>(
        &mut self,
        frame: u64,
        ts: Timestamp,
        seg: &TcpSegment<'_>,
        config: &Config,
        global: &mut ReassemblyStats,
        sink: &mut S,
    ) {
        let d = self.direction_of(seg);
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
        let mut ctx = Ctx {
            stream: self.info.id,
            dir: d,
            frame,
            ts,
            config,
            stats: &mut self.info.dirs[d.index()],
            global,
        };
        self.dirs[d.index()].segment(seg, &mut ctx, sink);

        // The reverse direction: what its peer (this sender) acknowledges.
        if seg.flags.ack() {
            let r = d.reverse();
            let mut ctx = Ctx {
                stream: self.info.id,
                dir: r,
                frame,
                ts,
                config,
                stats: &mut self.info.dirs[r.index()],
                global,
            };
            self.dirs[r.index()].ack(seg.ack, &mut ctx, sink);
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
            let mut ctx = Ctx {
                stream: self.info.id,
                dir: d,
                frame,
                ts,
                config,
                stats: &mut self.info.dirs[d.index()],
                global,
            };
            self.dirs[d.index()].close(&mut ctx, sink);
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
