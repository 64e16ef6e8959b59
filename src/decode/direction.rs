//! One direction of a stream being decoded: buffering, framing, decoding,
//! and resynchronisation after gaps and garbage.
//!
//! Bytes arrive as the reassembler delivers them. Whole messages are decoded
//! straight from the delivered chunk when nothing is buffered (the common
//! case); the rest waits in a buffer for the next chunk. When the bytes stop
//! making sense (framing says invalid) or after a gap, the decoder looks for
//! the next position where a run of messages frames cleanly, and reports the
//! bytes it skipped as `unknown_data`: it never guesses at them.

use super::record::{Body, Record};
use crate::capture::Timestamp;
use crate::protocols::{Dialect, Framing, ProtocolId, StreamDecoder};
use crate::reassembly::{CommunityId, Direction, GapReason};
use crate::transport::Transport;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::net::SocketAddr;

/// Messages that must frame back to back for a position to count as a
/// message boundary when resynchronising.
const RUN: usize = 3;
/// Bytes a single message may take before it is given up on.
const MAX_PENDING: usize = 1 << 20;
/// Violations (invalid framing, undecodable messages) a direction may have
/// before the rest of it is reported as unknown data.
pub const VIOLATION_BUDGET: u32 = 32;

/// Who the records of this direction are about.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    pub protocol: ProtocolId,
    /// What carries the protocol's messages.
    pub transport: Transport,
    pub stream: u64,
    pub dir: Direction,
    pub src: SocketAddr,
    pub dst: SocketAddr,
    /// The stream's Community ID.
    pub community_id: CommunityId,
    /// Make a record of each message ([`super::DecodeConfig::messages`]).
    pub messages: bool,
    /// Keep each message's bytes in its record ([`super::DecodeConfig::bytes`]).
    pub bytes: bool,
}

/// Skipped bytes not yet reported.
#[derive(Debug, Clone)]
struct Skipped {
    offset: u64,
    len: u64,
    frame: u64,
    ts: Timestamp,
    reason: String,
}

/// Counters for `inspect`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DirCounts {
    pub messages: u64,
    pub errors: u64,
    pub unknown_bytes: u64,
    pub violations: u32,
}

/// The decoding state of one direction.
pub struct DirDecoder {
    ctx: Ctx,
    /// Bytes not yet consumed, from `buf[start..]`; `base` is the stream
    /// offset of `buf[start]`.
    buf: Vec<u8>,
    start: usize,
    base: u64,
    /// For each buffered chunk: its end offset, frame and time, so that a
    /// message is dated by the frame that completed it.
    chunks: VecDeque<(u64, u64, Timestamp)>,
    /// Looking for a message boundary; `skip_first` when the position at
    /// hand is known not to be one.
    resync: bool,
    skip_first: bool,
    /// Bytes being skipped (boxed: rare, and every stream has two of these).
    skipped: Option<Box<Skipped>>,
    /// Past the violation budget: everything else is unknown data.
    dead: bool,
    /// The latest frame (and its time) bytes or a gap came with. Bytes held
    /// out of order come from reassembly with the earlier frames that
    /// carried them, once a later frame fills the hole: they are dated by
    /// this one, which completed them, so a direction's records never go
    /// back in frame order (ordering records by frame must not swap two
    /// messages of one direction).
    latest: (u64, Timestamp),
    /// The stream's dialect as its decoder knew it last: what the records
    /// made now carry.
    dialect: Option<Dialect>,
    pub counts: DirCounts,
}

impl DirDecoder {
    /// A direction whose first byte (at `offset`) is a message boundary, or
    /// unknown (`resync`: the capture may have started inside a message).
    pub fn new(ctx: Ctx, offset: u64, resync: bool) -> Self {
        DirDecoder {
            ctx,
            buf: Vec::new(),
            start: 0,
            base: offset,
            chunks: VecDeque::new(),
            resync,
            skip_first: false,
            skipped: None,
            dead: false,
            latest: (0, Timestamp::default()),
            dialect: None,
            counts: DirCounts::default(),
        }
    }

    /// `(frame, ts)`, or the latest seen on the direction when it is later.
    fn completed_at(&mut self, frame: u64, ts: Timestamp) -> (u64, Timestamp) {
        if frame >= self.latest.0 {
            self.latest = (frame, ts);
        }
        self.latest
    }

    fn pending(&self) -> &[u8] {
        &self.buf[self.start..]
    }

    /// Bytes held: those of messages not yet complete.
    pub fn held(&self) -> usize {
        self.buf.len() - self.start
    }

    /// Gives up the messages not yet complete: what the bytes held still
    /// allow is decoded, the rest reported as unknown data (`why`), and the
    /// direction looks for the next message boundary, as after a gap.
    pub fn give_up(&mut self, dec: &mut dyn StreamDecoder, why: &str, out: &mut Vec<Record>) {
        self.dialect = dec.dialect();
        if self.held() == 0 {
            return;
        }
        self.flush(dec, why, out);
        self.buf = Vec::new();
        if !self.dead {
            self.resync = true;
            self.skip_first = false;
        }
    }

    fn record(&self, frame: u64, ts: Timestamp, offset: u64, body: Body) -> Record {
        let c = self.ctx;
        Record {
            order: 0,
            frame,
            ts,
            stream: c.stream,
            dir: c.dir,
            src: c.src,
            dst: c.dst,
            community_id: c.community_id,
            offset,
            protocol: Some(c.protocol),
            dialect: self.dialect,
            transport: c.transport,
            carried: None,
            body,
        }
    }

    /// Delivered bytes at stream `offset`, from `frame`.
    pub fn data(
        &mut self,
        dec: &mut dyn StreamDecoder,
        offset: u64,
        bytes: &[u8],
        frame: u64,
        ts: Timestamp,
        out: &mut Vec<Record>,
    ) {
        self.dialect = dec.dialect();
        let (frame, ts) = self.completed_at(frame, ts);
        if self.dead {
            self.unknown(
                offset,
                bytes.len() as u64,
                frame,
                ts,
                "past the violation budget",
                out,
            );
            return;
        }
        if self.pending().is_empty() && !self.resync {
            // Fast path: decode whole messages straight from the chunk.
            self.base = offset;
            let mut pos = 0;
            while pos < bytes.len() {
                match dec.frame(self.ctx.dir, &bytes[pos..]) {
                    Framing::Message(n) if n > 0 && pos + n <= bytes.len() => {
                        self.emit(
                            dec,
                            &bytes[pos..pos + n],
                            offset + pos as u64,
                            frame,
                            ts,
                            out,
                        );
                        pos += n;
                    }
                    Framing::Invalid(why) => {
                        self.violation(offset + pos as u64, frame, ts, why.to_string(), out);
                        break;
                    }
                    _ => break,
                }
            }
            self.buf.clear();
            self.start = 0;
            self.chunks.clear();
            self.base = offset + pos as u64;
            if pos == bytes.len() {
                return;
            }
            self.buf.extend_from_slice(&bytes[pos..]);
            self.chunks
                .push_back((offset + bytes.len() as u64, frame, ts));
            if self.resync || self.dead {
                self.process(dec, false, out);
            }
            return;
        }
        if self.pending().is_empty() {
            self.base = offset;
        }
        if self.start > 0 && self.start * 2 >= self.buf.len() {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(bytes);
        self.chunks
            .push_back((offset + bytes.len() as u64, frame, ts));
        self.process(dec, false, out);
    }

    /// Bytes the capture does not hold.
    #[allow(clippy::too_many_arguments)]
    pub fn gap(
        &mut self,
        dec: &mut dyn StreamDecoder,
        offset: u64,
        len: u64,
        reason: GapReason,
        frame: u64,
        ts: Timestamp,
        out: &mut Vec<Record>,
    ) {
        self.dialect = dec.dialect();
        let (frame, ts) = self.completed_at(frame, ts);
        self.flush(dec, "incomplete message cut by a gap", out);
        out.push(self.record(frame, ts, offset, Body::Gap { len, reason }));
        self.base = offset + len;
        if !self.dead {
            self.resync = true;
            self.skip_first = false;
        }
    }

    /// The stream ended: decode what can be, report the rest.
    pub fn finish(&mut self, dec: &mut dyn StreamDecoder, out: &mut Vec<Record>) {
        self.dialect = dec.dialect();
        self.flush(dec, "incomplete message at the end of the stream", out);
    }

    /// Decodes what the buffer still allows (accepting shorter runs), then
    /// reports leftover bytes as unknown data.
    fn flush(&mut self, dec: &mut dyn StreamDecoder, why: &str, out: &mut Vec<Record>) {
        if !self.dead {
            self.process(dec, true, out);
        }
        self.report_skipped(out);
        let left = self.pending().len() as u64;
        if left > 0 {
            let (frame, ts) = self.completing(self.base + left);
            self.unknown(self.base, left, frame, ts, why, out);
        }
        self.buf.clear();
        self.start = 0;
        self.chunks.clear();
    }

    /// Frames and decodes buffered bytes as far as they go.
    fn process(&mut self, dec: &mut dyn StreamDecoder, at_end: bool, out: &mut Vec<Record>) {
        loop {
            if self.dead {
                let left = self.pending().len() as u64;
                if left > 0 {
                    let (frame, ts) = self.completing(self.base + left);
                    self.unknown(self.base, left, frame, ts, "past the violation budget", out);
                    self.consume(left as usize);
                }
                return;
            }
            if self.resync && !self.resynchronise(dec, at_end, out) {
                return;
            }
            let buf = &self.buf[self.start..];
            if buf.is_empty() {
                return;
            }
            match dec.frame(self.ctx.dir, buf) {
                Framing::Message(n) if n > 0 && n <= buf.len() => {
                    let offset = self.base;
                    let (frame, ts) = self.completing(offset + n as u64);
                    // The buffer is lent out while the message is decoded
                    // (`emit` does not touch it): no copy of the message.
                    let buf = std::mem::take(&mut self.buf);
                    self.emit(
                        dec,
                        &buf[self.start..self.start + n],
                        offset,
                        frame,
                        ts,
                        out,
                    );
                    self.buf = buf;
                    self.consume(n);
                }
                Framing::Invalid(why) => {
                    let (frame, ts) = self.completing(self.base + 1);
                    self.violation(self.base, frame, ts, why.to_string(), out);
                }
                _ if buf.len() > MAX_PENDING => {
                    let (frame, ts) = self.completing(self.base + buf.len() as u64);
                    let why = format!("no message boundary within {MAX_PENDING} bytes");
                    self.violation(self.base, frame, ts, why, out);
                }
                _ => return,
            }
        }
    }

    /// Looks for the next message boundary; true when one was found (the
    /// buffer then starts there), false when more bytes are needed.
    fn resynchronise(
        &mut self,
        dec: &mut dyn StreamDecoder,
        at_end: bool,
        out: &mut Vec<Record>,
    ) -> bool {
        let buf = &self.buf[self.start..];
        let first = usize::from(self.skip_first);
        let mut found = None;
        let mut wait_at = buf.len();
        for p in first..buf.len() {
            match run_at(dec, self.ctx.dir, &buf[p..]) {
                Run::Clean => {
                    found = Some(p);
                    break;
                }
                Run::Short(n) if at_end && n > 0 => {
                    found = Some(p);
                    break;
                }
                Run::Short(_) if !at_end => {
                    wait_at = p;
                    break;
                }
                _ => {}
            }
        }
        let skip = found.unwrap_or(wait_at);
        if skip > 0 {
            let (frame, ts) = self.completing(self.base + skip as u64);
            let s = self.skipped.get_or_insert_with(|| {
                Box::new(Skipped {
                    offset: self.base,
                    len: 0,
                    frame,
                    ts,
                    reason: "skipped while looking for a message boundary".into(),
                })
            });
            s.len += skip as u64;
            s.frame = frame;
            s.ts = ts;
            self.counts.unknown_bytes += skip as u64;
            self.consume(skip);
        }
        self.skip_first = false;
        if found.is_some() {
            self.resync = false;
            self.report_skipped(out);
            true
        } else {
            false
        }
    }

    fn report_skipped(&mut self, out: &mut Vec<Record>) {
        if let Some(s) = self.skipped.take() {
            let body = Body::UnknownData {
                len: s.len,
                reason: s.reason,
            };
            out.push(self.record(s.frame, s.ts, s.offset, body));
        }
    }

    /// Invalid framing at the buffer's start: counts against the budget,
    /// and decoding looks for the next boundary after this position.
    fn violation(
        &mut self,
        offset: u64,
        frame: u64,
        ts: Timestamp,
        why: String,
        _out: &mut Vec<Record>,
    ) {
        self.counts.violations += 1;
        if self.counts.violations > VIOLATION_BUDGET {
            self.dead = true;
        }
        if self.skipped.is_none() {
            self.skipped = Some(Box::new(Skipped {
                offset,
                len: 0,
                frame,
                ts,
                reason: why,
            }));
        }
        self.resync = true;
        self.skip_first = true;
    }

    fn unknown(
        &mut self,
        offset: u64,
        len: u64,
        frame: u64,
        ts: Timestamp,
        why: &str,
        out: &mut Vec<Record>,
    ) {
        self.counts.unknown_bytes += len;
        let body = Body::UnknownData {
            len,
            reason: why.to_string(),
        };
        out.push(self.record(frame, ts, offset, body));
    }

    fn emit(
        &mut self,
        dec: &mut dyn StreamDecoder,
        msg: &[u8],
        offset: u64,
        frame: u64,
        ts: Timestamp,
        out: &mut Vec<Record>,
    ) {
        let decoded = dec.decode(self.ctx.dir, msg);
        self.dialect = dec.dialect();
        self.counts.messages += 1;
        if decoded.error.is_some() {
            self.counts.errors += 1;
            self.counts.violations += 1;
            if self.counts.violations > VIOLATION_BUDGET {
                self.dead = true;
            }
        }
        if !self.ctx.messages {
            return;
        }
        let body = Body::Message {
            len: msg.len() as u64,
            decoded,
            bytes: self.ctx.bytes.then(|| msg.into()),
        };
        out.push(self.record(frame, ts, offset, body));
    }

    fn consume(&mut self, n: usize) {
        self.start += n;
        self.base += n as u64;
        while self.chunks.front().is_some_and(|c| c.0 <= self.base) && self.chunks.len() > 1 {
            self.chunks.pop_front();
        }
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
    }

    /// The frame (and time) that delivered the byte just before `end`.
    fn completing(&self, end: u64) -> (u64, Timestamp) {
        self.chunks
            .iter()
            .find(|c| c.0 >= end)
            .or(self.chunks.back())
            .map(|c| (c.1, c.2))
            .unwrap_or((0, Timestamp::default()))
    }
}

/// How a candidate boundary fares.
enum Run {
    /// `RUN` messages frame back to back.
    Clean,
    /// The bytes ran out after this many whole messages (more may come).
    Short(usize),
    /// Framing failed.
    Broken,
}

fn run_at(dec: &dyn StreamDecoder, dir: Direction, buf: &[u8]) -> Run {
    let mut pos = 0;
    for i in 0..RUN {
        if pos == buf.len() {
            return Run::Short(i);
        }
        match dec.frame(dir, &buf[pos..]) {
            Framing::Message(n) if n > 0 && pos + n <= buf.len() => pos += n,
            Framing::Message(_) | Framing::NeedMore(_) => return Run::Short(i),
            Framing::Invalid(_) => return Run::Broken,
        }
    }
    Run::Clean
}
