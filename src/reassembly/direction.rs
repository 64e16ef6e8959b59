//! One direction of a connection: where its byte stream stands.
//!
//! A direction's bytes are numbered by *stream offset*: offset 0 is the
//! first payload byte (the byte after the SYN, or, when the capture started
//! mid-connection, the first byte of the first segment seen). Sequence
//! numbers are turned into offsets once, on arrival ([`SeqNum::unwrap`]).
//!
//! State, and how it moves:
//!
//! - `next`: every offset below it has been reported exactly once, as
//!   [`Event::Data`] or [`Event::Gap`], in increasing order. It only grows,
//!   and only through [`DirState::emit_data`] and [`DirState::emit_gap`],
//!   which is what keeps the "each byte covered once, in order" invariant.
//! - `pending`: out-of-order pieces, all strictly after `next`, never
//!   overlapping. A piece holds copied bytes, or stands for bytes cut by the
//!   snaplen (no bytes: delivered as a [`GapReason::Truncated`] gap). When
//!   `next` reaches a piece, [`DirState::drain`] delivers it.
//! - `tail`: the last delivered bytes, to compare retransmissions against.
//! - `fin`: the offset of the FIN (the stream's length) once a FIN was seen;
//!   bytes past it are ignored. The direction is *done* when `next == fin`.
//!
//! A segment is cut against what is known, first copy winning: the part
//! below `next` is a retransmission of delivered bytes (compared with the
//! tail), parts over pending pieces are compared with them, and the fresh
//! parts are new. A fresh part at `next` is delivered straight from the
//! segment (the hot path: no copy, no allocation); others are copied into
//! `pending`. Holes give way to gaps when the peer acknowledges past them
//! ([`DirState::ack`]), when `pending` grows past its cap, or when the
//! stream closes ([`DirState::close`]).

use super::flows::Sent;
use super::seq::SeqNum;
use super::tail::Tail;
use super::{Config, DirStats, Direction, Event, GapReason, ReassemblyStats, Sink};
use crate::capture::Timestamp;
use std::collections::BTreeMap;

/// Out-of-order pieces held per direction at most, on top of the byte cap
/// (`Config::max_buffered_per_dir`), so that pieces holding no bytes (all
/// cut by the snaplen) cannot pile up without bound. Past it the oldest hole
/// is given up as for the byte cap.
pub(crate) const MAX_PENDING_PIECES: usize = 4096;

/// What a direction needs to know about the segment being processed and
/// where its counters and events go.
pub(crate) struct Ctx<'a> {
    pub stream: u64,
    pub dir: Direction,
    /// The frame being processed (for a stream closed by timeout, eviction
    /// or end of capture: its last frame), and its time. Gaps made certain
    /// by this frame carry it.
    pub frame: u64,
    pub ts: Timestamp,
    pub config: &'a Config,
    pub stats: &'a mut DirStats,
    pub global: &'a mut ReassemblyStats,
}

/// An out-of-order piece waiting for `next` to reach it.
#[derive(Debug)]
struct Piece {
    /// Offset just past the piece (its start is its key in `pending`).
    end: u64,
    frame: u64,
    ts: Timestamp,
    /// The bytes, or `None` for bytes the snaplen cut.
    data: Option<Vec<u8>>,
}

/// How a segment overlapped what was already known.
#[derive(Default)]
struct Overlap {
    /// Bytes of the segment already delivered, pending, or before the stream.
    len: u64,
    /// Offset of the first byte that differed from the first copy.
    first_diff: Option<u64>,
}

impl Overlap {
    fn differs_at(&mut self, offset: u64) {
        self.first_diff = Some(self.first_diff.map_or(offset, |d| d.min(offset)));
    }
}

/// The state of one direction.
#[derive(Debug, Default)]
pub(crate) struct DirState {
    /// Sequence number of offset 0; `None` until the direction's first segment.
    base: Option<SeqNum>,
    next: u64,
    pending: BTreeMap<u64, Piece>,
    /// Bytes held in `pending`.
    buffered: usize,
    tail: Tail,
    fin: Option<u64>,
}

/// Index of `off` in a segment part starting at stream offset `start`.
fn idx(off: u64, start: i64) -> usize {
    (off as i64 - start) as usize
}

/// Index of the first byte where `a` and `b` differ.
fn first_mismatch(a: &[u8], b: &[u8]) -> Option<usize> {
    a.iter().zip(b).position(|(x, y)| x != y)
}

impl DirState {
    /// Bytes and pieces held out of order (for tests of the caps).
    #[cfg(test)]
    pub(crate) fn buffered(&self) -> (usize, usize) {
        (self.buffered, self.pending.len())
    }

    /// Bytes held: out of order, and delivered but kept to compare
    /// retransmissions against (the memory of the tail).
    pub(crate) fn held(&self) -> (usize, usize) {
        (self.buffered, self.tail.footprint())
    }

    /// Forgets the delivered bytes kept to compare retransmissions against.
    pub(crate) fn forget_tail(&mut self) {
        self.tail.forget();
    }

    /// True once a FIN was seen this way (delivered or not).
    pub(crate) fn fin_seen(&self) -> bool {
        self.fin.is_some()
    }

    /// Handles a segment sent this way: its payload, snaplen-cut bytes and FIN.
    pub(crate) fn segment<S: Sink>(&mut self, seg: &Sent<&[u8]>, ctx: &mut Ctx<'_>, sink: &mut S) {
        let flags = seg.flags;
        // Payload starts after the SYN, which takes one sequence number.
        let data_seq = SeqNum(seg.seq) + u32::from(flags.syn());
        // First segment this way: the stream starts here (at the SYN's
        // successor, or mid-connection at this segment).
        let base = *self.base.get_or_insert(data_seq);
        let start = data_seq.unwrap(base, self.next);
        let captured = seg.payload.len() as i64;
        let end = start + captured + i64::from(seg.missing);

        // Keep-alive: zero or one byte just before `next`, nothing else.
        if !flags.syn()
            && !flags.fin()
            && !flags.rst()
            && end - start <= 1
            && start == self.next as i64 - 1
        {
            ctx.stats.keepalives += 1;
            return;
        }
        if flags.fin() {
            self.set_fin(end);
        }
        let mut overlap = Overlap::default();
        self.add_part(
            start,
            start + captured,
            Some(seg.payload),
            &mut overlap,
            ctx,
            sink,
        );
        self.add_part(start + captured, end, None, &mut overlap, ctx, sink);
        if overlap.len > 0 {
            ctx.stats.retransmissions += 1;
        }
        if let Some(offset) = overlap.first_diff {
            ctx.stats.conflicts += 1;
            sink.event(Event::Conflict {
                stream: ctx.stream,
                dir: ctx.dir,
                offset,
                len: overlap.len,
                frame: ctx.frame,
                ts: ctx.ts,
            });
        }
        self.drain(ctx, sink);
        self.enforce_caps(ctx, sink);
    }

    /// Records the FIN at offset `at`. The first FIN wins; one before `next`
    /// (nonsense) is moved up to `next`. Pending bytes past it are dropped.
    fn set_fin(&mut self, at: i64) {
        if self.fin.is_some() {
            return;
        }
        let fin = (at.max(0) as u64).max(self.next);
        self.fin = Some(fin);
        for piece in self.pending.split_off(&fin).into_values() {
            self.buffered -= piece.data.map_or(0, |d| d.len());
        }
        if let Some(mut last) = self.pending.last_entry() {
            let key = *last.key();
            let piece = last.get_mut();
            if piece.end > fin {
                piece.end = fin;
                if let Some(d) = &mut piece.data {
                    let keep = (fin - key) as usize;
                    self.buffered -= d.len() - keep;
                    d.truncate(keep);
                    d.shrink_to_fit();
                }
            }
        }
    }

    /// Adds the part `[start, end)` of a segment: its bytes (`Some`), or
    /// bytes the snaplen cut (`None`). Cuts it against what is known,
    /// recording overlaps; delivers or buffers the fresh pieces.
    fn add_part<S: Sink>(
        &mut self,
        start: i64,
        end: i64,
        bytes: Option<&[u8]>,
        overlap: &mut Overlap,
        ctx: &mut Ctx<'_>,
        sink: &mut S,
    ) {
        // Nothing past the FIN.
        let end = self.fin.map_or(end, |f| end.min(f as i64));
        if start >= end {
            return;
        }
        // Bytes before offset 0 precede what the capture picked up: dropped
        // as a retransmission (they cannot be compared).
        if start < 0 {
            overlap.len += (end.min(0) - start) as u64;
            if end <= 0 {
                return;
            }
        }
        let mut cur = start.max(0) as u64;
        let end = end as u64;
        let slice = |from: u64, to: u64| bytes.map(|b| &b[idx(from, start)..idx(to, start)]);

        // Below `next`: already delivered. Compare with the retained tail.
        if cur < self.next {
            let to = end.min(self.next);
            if let Some(diff) = slice(cur, to).and_then(|b| self.tail.first_difference(cur, b)) {
                overlap.differs_at(diff);
            }
            overlap.len += to - cur;
            cur = to;
        }
        // Nothing held out of order (the common case): the whole rest is
        // fresh, with no pieces to look up.
        if self.pending.is_empty() && cur < end && cur == self.next {
            match slice(cur, end) {
                Some(b) => self.emit_data(b, ctx.frame, ctx.ts, ctx, sink),
                None => self.gap_now(end, GapReason::Truncated, ctx, sink),
            }
            return;
        }
        while cur < end {
            // A pending piece covering `cur`: first copy wins, compare.
            if let Some((&key, piece)) = self.pending.range(..=cur).next_back() {
                if piece.end > cur {
                    let to = end.min(piece.end);
                    if let (Some(new), Some(old)) = (slice(cur, to), &piece.data) {
                        let old = &old[(cur - key) as usize..(to - key) as usize];
                        if let Some(i) = first_mismatch(new, old) {
                            overlap.differs_at(cur + i as u64);
                        }
                    }
                    overlap.len += to - cur;
                    cur = to;
                    continue;
                }
            }
            // A fresh piece, up to the next pending piece.
            let to = self.pending.range(cur..end).next().map_or(end, |(&k, _)| k);
            match slice(cur, to) {
                // In order: straight from the segment (the hot path).
                Some(b) if cur == self.next => self.emit_data(b, ctx.frame, ctx.ts, ctx, sink),
                None if cur == self.next => self.gap_now(to, GapReason::Truncated, ctx, sink),
                // Out of order: copy and wait.
                data => {
                    let data = data.map(<[u8]>::to_vec);
                    self.buffered += data.as_ref().map_or(0, Vec::len);
                    let piece = Piece {
                        end: to,
                        frame: ctx.frame,
                        ts: ctx.ts,
                        data,
                    };
                    self.pending.insert(cur, piece);
                }
            }
            cur = to;
        }
    }

    /// Delivers the pending pieces that `next` has reached, in order.
    fn drain<S: Sink>(&mut self, ctx: &mut Ctx<'_>, sink: &mut S) {
        while let Some(entry) = self.pending.first_entry() {
            if *entry.key() > self.next {
                break;
            }
            let (key, piece) = entry.remove_entry();
            self.buffered -= piece.data.as_ref().map_or(0, Vec::len);
            if piece.end <= self.next {
                continue; // Cannot happen (pieces start after `next`); harmless.
            }
            match piece.data {
                Some(d) => self.emit_data(
                    &d[(self.next - key) as usize..],
                    piece.frame,
                    piece.ts,
                    ctx,
                    sink,
                ),
                None => self.emit_gap(
                    piece.end,
                    GapReason::Truncated,
                    piece.frame,
                    piece.ts,
                    ctx,
                    sink,
                ),
            }
        }
    }

    /// Past a cap (bytes or pieces held), gives up the oldest hole as a
    /// [`GapReason::BufferFull`] gap and delivers what follows it, until
    /// under the caps again.
    fn enforce_caps<S: Sink>(&mut self, ctx: &mut Ctx<'_>, sink: &mut S) {
        while self.buffered > ctx.config.max_buffered_per_dir
            || self.pending.len() > MAX_PENDING_PIECES
        {
            if !self.give_up_oldest_hole(ctx, sink) {
                break;
            }
        }
    }

    /// Gives up every hole, as [`GapReason::BufferFull`] gaps, and delivers
    /// what was held after them (the out-of-order bytes of all the
    /// connections passed `Config::max_buffered_total`).
    pub(crate) fn give_up_holes<S: Sink>(&mut self, ctx: &mut Ctx<'_>, sink: &mut S) {
        while self.give_up_oldest_hole(ctx, sink) {}
    }

    /// Gives up the oldest hole and delivers what follows it; false when
    /// nothing is held.
    fn give_up_oldest_hole<S: Sink>(&mut self, ctx: &mut Ctx<'_>, sink: &mut S) -> bool {
        let Some(&key) = self.pending.keys().next() else {
            return false;
        };
        if key > self.next {
            ctx.global.buffer_overflows += 1;
            ctx.global.buffer_overflow_bytes += key - self.next;
            self.gap_now(key, GapReason::BufferFull, ctx, sink);
        }
        self.drain(ctx, sink);
        true
    }

    /// The peer acknowledged up to sequence number `ack`: the bytes before
    /// it were sent. Holes before it will not be filled by anything the
    /// capture can still show (it missed them), so they become
    /// [`GapReason::AckedUnseen`] gaps, each up to the next pending piece
    /// (or the ack), and the pieces are delivered as they are reached.
    pub(crate) fn ack<S: Sink>(&mut self, ack: u32, ctx: &mut Ctx<'_>, sink: &mut S) {
        let Some(base) = self.base else {
            return; // Nothing seen this way yet: no offsets to speak of.
        };
        let mut upto = SeqNum(ack).unwrap(base, self.next);
        if let Some(fin) = self.fin {
            upto = upto.min(fin as i64); // The FIN's own sequence number is no byte.
        }
        if upto <= self.next as i64 {
            // Nothing new to deliver; what was delivered may be let go.
            self.tail.acked(upto.max(0) as u64);
            return;
        }
        let upto = upto as u64;
        while self.next < upto {
            let first = self.pending.keys().next().copied();
            match first {
                Some(key) if key <= self.next => self.drain(ctx, sink),
                Some(key) => self.gap_now(key.min(upto), GapReason::AckedUnseen, ctx, sink),
                None => self.gap_now(upto, GapReason::AckedUnseen, ctx, sink),
            }
        }
        self.drain(ctx, sink);
    }

    /// The stream is over (fin, rst, timeout, end of capture): delivers all
    /// that is pending with [`GapReason::Closed`] gaps for the holes before
    /// it and before the FIN, then frees the buffers. `next` ends at the
    /// FIN when one was seen.
    pub(crate) fn close<S: Sink>(&mut self, ctx: &mut Ctx<'_>, sink: &mut S) {
        loop {
            self.drain(ctx, sink);
            let Some(&key) = self.pending.keys().next() else {
                break;
            };
            self.gap_now(key, GapReason::Closed, ctx, sink);
        }
        if let Some(fin) = self.fin {
            if fin > self.next {
                self.gap_now(fin, GapReason::Closed, ctx, sink);
            }
        }
        self.tail.release();
        self.pending = BTreeMap::new();
        self.buffered = 0;
    }

    /// Reports `bytes` as the data at `next`, and moves past them.
    fn emit_data<S: Sink>(
        &mut self,
        bytes: &[u8],
        frame: u64,
        ts: Timestamp,
        ctx: &mut Ctx<'_>,
        sink: &mut S,
    ) {
        if bytes.is_empty() {
            return;
        }
        sink.event(Event::Data {
            stream: ctx.stream,
            dir: ctx.dir,
            offset: self.next,
            bytes,
            frame,
            ts,
        });
        ctx.stats.delivered += bytes.len() as u64;
        self.tail.push(self.next, bytes, ctx.config.retain_per_dir);
        self.next += bytes.len() as u64;
    }

    /// Reports `[next, upto)` as a gap made certain by the frame at hand.
    fn gap_now<S: Sink>(&mut self, upto: u64, reason: GapReason, ctx: &mut Ctx<'_>, sink: &mut S) {
        let (frame, ts) = (ctx.frame, ctx.ts);
        self.emit_gap(upto, reason, frame, ts, ctx, sink);
    }

    /// Reports `[next, upto)` as a gap, and moves past it. The tail restarts
    /// empty: delivered bytes before a gap are not contiguous with those after.
    fn emit_gap<S: Sink>(
        &mut self,
        upto: u64,
        reason: GapReason,
        frame: u64,
        ts: Timestamp,
        ctx: &mut Ctx<'_>,
        sink: &mut S,
    ) {
        if upto <= self.next {
            return;
        }
        let len = upto - self.next;
        sink.event(Event::Gap {
            stream: ctx.stream,
            dir: ctx.dir,
            offset: self.next,
            len,
            reason,
            frame,
            ts,
        });
        ctx.stats.gaps += 1;
        ctx.stats.gap_bytes += len;
        self.next = upto;
        self.tail.reset(upto);
    }
}
