//! One direction of a WebSocket connection, from TCP bytes to what its
//! frames carry: the stateful half of the transport, over the pure
//! [`frame`](super::frame) and [`message`](super::message) layers.
//!
//! An [`Unwrapper`] takes the direction's bytes as reassembly delivers
//! them (after the HTTP head), cuts them into frames, puts messages
//! together and says what came out ([`Out`]), each item dated by the frame
//! that completed it and placed twice: in the TCP stream (`tcp_offset`) and
//! in the unwrapped stream (`offset`: the data messages' payload bytes
//! before it, the position a game decoder sees). A header that cannot
//! start a frame, a gap, or a capture that starts after the upgrade sends
//! it looking for the next frame boundary ([`super::probe`]), and the bytes
//! it skips are reported, as is a fragmented message it cannot finish.

use super::frame::{header, Header, Opcode, Read};
use super::handshake::Deflate;
use super::message::{Assembler, Event, Side};
use super::probe::{find_frames, Found};
use crate::capture::Timestamp;
use std::collections::VecDeque;

/// The longest frame header: 2 bytes, a 64-bit length, a mask.
const MAX_HEADER: usize = 14;

/// How a data message travelled: the facts a debugger reads beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// Text or Binary (a control frame's own opcode on control records).
    pub opcode: Opcode,
    /// The first frame had FIN set: the message came in one frame.
    pub fin: bool,
    /// Its first frame was masked.
    pub masked: bool,
    /// It was compressed (permessage-deflate) and inflated.
    pub compressed: bool,
    /// Frames it took.
    pub frames: u32,
}

/// Where an item sits and which capture frame completed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At {
    /// Offset of its first frame's header in the direction's TCP stream.
    pub tcp_offset: u64,
    /// Offset in the unwrapped stream (data payload bytes before it).
    pub offset: u64,
    /// The capture frame that completed it, and its time.
    pub frame: u64,
    pub ts: Timestamp,
}

/// What the frames of a direction gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Out {
    /// A whole data message, unmasked and inflated.
    Message {
        at: At,
        payload: Vec<u8>,
        facts: Facts,
        notes: Vec<String>,
    },
    /// A ping, pong or close frame.
    Control {
        at: At,
        opcode: Opcode,
        masked: bool,
        payload: Vec<u8>,
        close: Option<(u16, String)>,
        notes: Vec<String>,
    },
    /// A compressed message that cannot be inflated (see
    /// [`Event::Uninflatable`]): `len` compressed bytes, and why its
    /// deflate history is missing.
    Uninflatable {
        at: At,
        len: u64,
        facts: Facts,
        why: &'static str,
    },
    /// A fragmented data message that cannot be finished (a gap, bytes
    /// that are not frames, or the stream's end came before its last
    /// frame): the `len` payload bytes of its frames so far, and why.
    Unfinished {
        at: At,
        len: u64,
        facts: Facts,
        why: String,
    },
    /// A frame that could not be used, and why; `len`: its bytes.
    Error { at: At, len: u64, why: String },
    /// Bytes that are not frames, skipped while looking for a boundary.
    Skipped { at: At, len: u64, why: String },
}

/// The unwrapping state of one direction; see the [module docs](self).
pub struct Unwrapper {
    asm: Assembler,
    side: Side,
    /// Bytes not yet consumed, from `buf[start..]`; `base` is the TCP
    /// offset of `buf[start]`.
    buf: Vec<u8>,
    start: usize,
    base: u64,
    /// Per buffered chunk: its end offset, frame and time.
    chunks: VecDeque<(u64, u64, Timestamp)>,
    /// Payload bytes of data messages so far.
    offset: u64,
    /// Looking for a frame boundary, and whether the position at hand is
    /// known not to be one.
    resync: bool,
    skip_first: bool,
    /// Bytes skipped and not yet reported: where, how many, why.
    skipped: Option<(At, u64, String)>,
    /// The first frame of the data message being put together.
    first: Option<(At, Header)>,
    /// This direction sent a close frame: nothing should follow it.
    closed: bool,
    latest: (u64, Timestamp),
}

impl Unwrapper {
    /// A direction sent by `side` whose frames start at TCP offset `at`,
    /// right after an upgrade that negotiated `deflate`.
    pub fn new(side: Side, deflate: Option<Deflate>, at: u64) -> Unwrapper {
        Unwrapper::with(Assembler::new(side, deflate), side, at, false)
    }

    /// A direction picked up after its upgrade (no handshake in the
    /// capture): its first bytes may be inside a frame.
    pub fn midstream(side: Side, at: u64) -> Unwrapper {
        Unwrapper::with(Assembler::midstream(side), side, at, true)
    }

    fn with(asm: Assembler, side: Side, at: u64, resync: bool) -> Unwrapper {
        Unwrapper {
            asm,
            side,
            buf: Vec::new(),
            start: 0,
            base: at,
            chunks: VecDeque::new(),
            offset: 0,
            resync,
            skip_first: false,
            skipped: None,
            first: None,
            closed: false,
            latest: (0, Timestamp::default()),
        }
    }

    /// The unwrapped stream's length so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes at TCP offset `offset` (bytes before the frames' start are
    /// ignored), delivered by `frame`.
    pub fn data(
        &mut self,
        offset: u64,
        bytes: &[u8],
        frame: u64,
        ts: Timestamp,
        out: &mut Vec<Out>,
    ) {
        if frame >= self.latest.0 {
            self.latest = (frame, ts);
        }
        let (frame, ts) = self.latest;
        let end = offset + bytes.len() as u64;
        let end_held = self.base + (self.buf.len() - self.start) as u64;
        if end <= end_held {
            return;
        }
        let skip = end_held.saturating_sub(offset) as usize;
        if self.start > 0 && self.start * 2 >= self.buf.len() {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(&bytes[skip.min(bytes.len())..]);
        self.chunks.push_back((end, frame, ts));
        self.process(false, out);
    }

    /// `len` bytes at TCP offset `offset` are missing, as capture frame
    /// `frame` made certain: what was being put together is lost (reported
    /// as of that frame), and frames are looked for again after the gap.
    pub fn gap(&mut self, offset: u64, len: u64, frame: u64, ts: Timestamp, out: &mut Vec<Out>) {
        if frame >= self.latest.0 {
            self.latest = (frame, ts);
        }
        self.flush(
            "a frame cut by a gap",
            "a fragmented message cut by a gap",
            out,
        );
        self.base = offset + len;
        self.asm.lost();
        self.first = None;
        self.resync = true;
        self.skip_first = false;
    }

    /// The stream ended: what is left is reported.
    pub fn finish(&mut self, out: &mut Vec<Out>) {
        self.flush(
            "an incomplete frame at the end of the stream",
            "a fragmented message without its last frame at the end of the stream",
            out,
        );
    }

    fn flush(&mut self, why: &str, message_why: &str, out: &mut Vec<Out>) {
        self.process(true, out);
        self.report_skipped(out);
        self.abandon(message_why, out);
        let left = (self.buf.len() - self.start) as u64;
        if left > 0 {
            let at = At {
                frame: self.latest.0,
                ts: self.latest.1,
                ..self.at(self.base, self.base + left)
            };
            out.push(Out::Skipped {
                at,
                len: left,
                why: why.to_owned(),
            });
        }
        self.buf.clear();
        self.start = 0;
        self.chunks.clear();
    }

    fn at(&self, tcp_offset: u64, end: u64) -> At {
        let (frame, ts) = self
            .chunks
            .iter()
            .find(|c| c.0 >= end)
            .or(self.chunks.back())
            .map_or(self.latest, |c| (c.1, c.2));
        At {
            tcp_offset,
            offset: self.offset,
            frame,
            ts,
        }
    }

    fn process(&mut self, at_end: bool, out: &mut Vec<Out>) {
        loop {
            if self.resync && !self.resynchronise(at_end, out) {
                return;
            }
            let buf = &self.buf[self.start..];
            if buf.is_empty() {
                return;
            }
            match header(buf) {
                Read::Header(h) if h.total() <= buf.len() as u64 => {
                    let n = h.total() as usize;
                    let at = self.at(self.base, self.base + n as u64);
                    let wire = self.buf[self.start + h.header_len..self.start + n].to_vec();
                    self.consume(n);
                    self.frame(at, h, &wire, out);
                }
                Read::Header(_) | Read::NeedMore(_) => return,
                Read::Invalid(why) => {
                    self.abandon(
                        "a fragmented message cut by bytes that are not a frame",
                        out,
                    );
                    let at = self.at(self.base, self.base + 1);
                    self.skipped.get_or_insert((at, 0, why));
                    self.resync = true;
                    self.skip_first = true;
                }
            }
        }
    }

    /// One whole frame.
    fn frame(&mut self, at: At, h: Header, wire: &[u8], out: &mut Vec<Out>) {
        if matches!(h.opcode, Opcode::Text | Opcode::Binary) {
            self.first = Some((at, h));
        }
        let first = self.first.map_or((at, h), |f| f);
        let facts = |frames| Facts {
            opcode: first.1.opcode,
            fin: first.1.fin,
            masked: first.1.mask.is_some(),
            compressed: false,
            frames,
        };
        // A message is placed where its first frame started, dated by the
        // frame that completed it.
        let msg_at = At {
            frame: at.frame,
            ts: at.ts,
            ..first.0
        };
        // RFC 6455 5.5.1: after its close frame an endpoint sends nothing.
        let after_close = self.closed;
        self.closed |= h.opcode == Opcode::Close;
        let late = |mut notes: Vec<String>| {
            if after_close {
                notes.push("sent after this direction's close frame".to_owned());
            }
            notes
        };
        match self.asm.frame(&h, wire) {
            None => {}
            Some(Event::Message {
                payload,
                compressed,
                frames,
                notes,
                ..
            }) => {
                let notes = late(notes);
                self.first = None;
                let len = payload.len() as u64;
                out.push(Out::Message {
                    at: msg_at,
                    payload,
                    facts: Facts {
                        compressed,
                        ..facts(frames)
                    },
                    notes,
                });
                self.offset += len;
            }
            Some(Event::Control {
                opcode,
                payload,
                close,
                notes,
            }) => out.push(Out::Control {
                at,
                opcode,
                masked: h.mask.is_some(),
                payload,
                close,
                notes: late(notes),
            }),
            Some(Event::Uninflatable {
                len, frames, why, ..
            }) => {
                self.first = None;
                out.push(Out::Uninflatable {
                    at: msg_at,
                    len: len as u64,
                    facts: Facts {
                        compressed: true,
                        ..facts(frames)
                    },
                    why,
                });
            }
            Some(Event::Error(why)) => {
                // A data frame's error ends the message being put together;
                // a control frame's, or an unknown opcode's, leaves it be.
                if matches!(
                    h.opcode,
                    Opcode::Text | Opcode::Binary | Opcode::Continuation
                ) {
                    self.first = None;
                }
                out.push(Out::Error {
                    at,
                    len: h.total(),
                    why,
                });
            }
        }
    }

    /// The data message being put together cannot be finished: what it
    /// had so far is reported, placed at its first frame and dated by the
    /// latest capture frame.
    fn abandon(&mut self, why: &str, out: &mut Vec<Out>) {
        let first = self.first.take();
        let (Some((frames, len, compressed)), Some((at, h))) = (self.asm.unfinished(), first)
        else {
            return;
        };
        out.push(Out::Unfinished {
            at: At {
                frame: self.latest.0,
                ts: self.latest.1,
                ..at
            },
            len: len as u64,
            facts: Facts {
                opcode: h.opcode,
                fin: h.fin,
                masked: h.mask.is_some(),
                compressed,
                frames,
            },
            why: format!("{why}: {len} byte(s) of its first {frames} frame(s)"),
        });
    }

    /// Looks for the next frame boundary; true when the buffer starts at
    /// one, false when more bytes are needed.
    fn resynchronise(&mut self, at_end: bool, out: &mut Vec<Out>) -> bool {
        let from = usize::from(self.skip_first).min(self.buf.len() - self.start);
        let buf = &self.buf[self.start + from..];
        match find_frames(buf, self.side, at_end) {
            Found::At(p) => {
                self.skip(from + p);
                self.skip_first = false;
                self.resync = false;
                self.report_skipped(out);
                true
            }
            Found::NeedMore => false,
            Found::No => {
                // Nothing in the search window: drop what was searched,
                // keeping a frame header's worth (a boundary may straddle
                // the cut).
                let keep = if at_end { 0 } else { MAX_HEADER };
                let n = (from + buf.len()).saturating_sub(keep);
                self.skip(n);
                self.skip_first = false;
                if at_end {
                    self.report_skipped(out);
                }
                false
            }
        }
    }

    fn skip(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        let at = self.at(self.base, self.base + n as u64);
        let s = self.skipped.get_or_insert((
            at,
            0,
            "skipped while looking for a frame boundary".to_owned(),
        ));
        s.1 += n as u64;
        s.0.frame = at.frame;
        s.0.ts = at.ts;
        self.consume(n);
    }

    fn report_skipped(&mut self, out: &mut Vec<Out>) {
        if let Some((at, len, why)) = self.skipped.take() {
            if len > 0 {
                out.push(Out::Skipped { at, len, why });
            }
        }
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
}
