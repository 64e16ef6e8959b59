//! One direction of a WebSocket connection, from TCP bytes to what its
//! frames carry: the stateful half of the transport, over the pure
//! [`frame`](super::frame) and [`message`](super::message) layers.
//!
//! An [`Unwrapper`] takes the direction's bytes as reassembly delivers
//! them (after the HTTP head), cuts them into frames, puts messages
//! together and says what came out ([`Out`]), each item dated by the frame
//! that completed it and placed twice: in the TCP stream (`tcp_offset`) and
//! in the unwrapped stream (`offset`: the data messages' payload bytes
//! before it, the position a game decoder sees). Items go to a callback as
//! they come; a message whole in one frame is lent to it without a copy
//! of its own (straight from the delivered bytes when the frame is whole in
//! them, unmasked into a buffer kept for the purpose when masked), and only
//! bytes a frame left incomplete are kept for the next delivery. A header that cannot
//! start a frame, a gap, or a capture that starts after the upgrade sends
//! it looking for the next frame boundary ([`super::probe`]), and the bytes
//! it skips are reported, as is a fragmented message it cannot finish.

use super::frame::{header, Header, Opcode, Read};
use super::handshake::Deflate;
use super::message::{Assembler, Event, Side};
use super::probe::{find_frames, Found};
use crate::capture::Timestamp;
use crate::protocols::Note;
use std::borrow::Cow;
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

/// What the frames of a direction gave; a message's payload may be lent
/// (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Out<'a> {
    /// A whole data message, unmasked and inflated.
    Message {
        at: At,
        payload: Cow<'a, [u8]>,
        facts: Facts,
        notes: Vec<Note>,
    },
    /// A ping, pong or close frame.
    Control {
        at: At,
        opcode: Opcode,
        masked: bool,
        payload: Vec<u8>,
        close: Option<(u16, String)>,
        notes: Vec<Note>,
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

impl Out<'_> {
    /// The same item, owning its payload.
    pub fn into_owned(self) -> Out<'static> {
        match self {
            Out::Message {
                at,
                payload,
                facts,
                notes,
            } => Out::Message {
                at,
                payload: Cow::Owned(payload.into_owned()),
                facts,
                notes,
            },
            Out::Control {
                at,
                opcode,
                masked,
                payload,
                close,
                notes,
            } => Out::Control {
                at,
                opcode,
                masked,
                payload,
                close,
                notes,
            },
            Out::Uninflatable {
                at,
                len,
                facts,
                why,
            } => Out::Uninflatable {
                at,
                len,
                facts,
                why,
            },
            Out::Unfinished {
                at,
                len,
                facts,
                why,
            } => Out::Unfinished {
                at,
                len,
                facts,
                why,
            },
            Out::Error { at, len, why } => Out::Error { at, len, why },
            Out::Skipped { at, len, why } => Out::Skipped { at, len, why },
        }
    }
}

/// The unwrapping state of one direction; see the [module docs](self).
pub struct Unwrapper {
    side: Side,
    /// Bytes not yet consumed, from `buf[start..]`; `base` is the TCP
    /// offset of the first byte not consumed (`buf[start]`, or the first
    /// of the bytes being delivered when they are read in place).
    buf: Vec<u8>,
    start: usize,
    base: u64,
    /// Per delivery whose bytes are not all consumed: its end offset,
    /// frame and time. The latest inline (most deliveries are consumed
    /// whole), the ones before it in `older`.
    last: Option<Chunk>,
    older: VecDeque<Chunk>,
    /// Looking for a frame boundary, and whether the position at hand is
    /// known not to be one.
    resync: bool,
    skip_first: bool,
    /// Bytes skipped and not yet reported: where, how many, why (boxed:
    /// rare).
    skipped: Option<Box<(At, u64, String)>>,
    msgs: Messages,
    latest: (u64, Timestamp),
}

/// A delivery: the TCP offset where its bytes end, its frame and time.
type Chunk = (u64, u64, Timestamp);

/// What turns whole frames into items: apart from the bytes, so that a
/// frame's payload can be lent from them while this changes.
struct Messages {
    asm: Assembler,
    /// Payload bytes of data messages so far.
    offset: u64,
    /// The first frame of the data message being put together.
    first: Option<(At, Header)>,
    /// Where a masked message whole in one frame is unmasked.
    unmasked: Vec<u8>,
    /// This direction sent a close frame: nothing should follow it.
    closed: bool,
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
            side,
            buf: Vec::new(),
            start: 0,
            base: at,
            last: None,
            older: VecDeque::new(),
            resync,
            skip_first: false,
            skipped: None,
            msgs: Messages {
                asm,
                offset: 0,
                first: None,
                unmasked: Vec::new(),
                closed: false,
            },
            latest: (0, Timestamp::default()),
        }
    }

    /// Bytes held: those of frames not yet complete.
    pub fn held(&self) -> usize {
        self.buf.len() - self.start
    }

    /// The unwrapped stream's length so far.
    pub fn offset(&self) -> u64 {
        self.msgs.offset
    }

    /// Bytes at TCP offset `offset` (bytes before the frames' start are
    /// ignored), delivered by `frame`; what they complete goes to `out`.
    pub fn data(
        &mut self,
        offset: u64,
        bytes: &[u8],
        frame: u64,
        ts: Timestamp,
        out: &mut impl FnMut(Out<'_>),
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
        let new = &bytes[skip.min(bytes.len())..];
        if let Some(l) = self.last.take() {
            // A delivery wholly consumed places nothing any more.
            if l.0 > self.base {
                self.older.push_back(l);
            }
        }
        self.last = Some((end, frame, ts));
        if self.start == self.buf.len() {
            // Nothing held: frames are read where they were delivered, and
            // only what they leave incomplete is kept.
            self.buf.clear();
            let used = self.process(new, 0, false, out);
            self.buf.extend_from_slice(&new[used..]);
            self.start = 0;
            return;
        }
        if self.start > 0 && self.start * 2 >= self.buf.len() {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(new);
        self.process_held(false, out);
    }

    /// `len` bytes at TCP offset `offset` are missing, as capture frame
    /// `frame` made certain: what was being put together is lost (reported
    /// as of that frame), and frames are looked for again after the gap.
    pub fn gap(
        &mut self,
        offset: u64,
        len: u64,
        frame: u64,
        ts: Timestamp,
        out: &mut impl FnMut(Out<'_>),
    ) {
        if frame >= self.latest.0 {
            self.latest = (frame, ts);
        }
        self.flush(
            "a frame cut by a gap",
            "a fragmented message cut by a gap",
            out,
        );
        self.base = offset + len;
        self.msgs.asm.lost();
        self.msgs.first = None;
        self.resync = true;
        self.skip_first = false;
    }

    /// The stream ended: what is left is reported.
    pub fn finish(&mut self, out: &mut impl FnMut(Out<'_>)) {
        self.flush(
            "an incomplete frame at the end of the stream",
            "a fragmented message without its last frame at the end of the stream",
            out,
        );
    }

    fn flush(&mut self, why: &str, message_why: &str, out: &mut impl FnMut(Out<'_>)) {
        self.process_held(true, out);
        self.report_skipped(out);
        self.abandon(message_why, out);
        let left = (self.buf.len() - self.start) as u64;
        if left > 0 {
            let at = At {
                frame: self.latest.0,
                ts: self.latest.1,
                ..self.at(self.base, self.base + left)
            };
            out(Out::Skipped {
                at,
                len: left,
                why: why.to_owned(),
            });
        }
        self.buf.clear();
        self.start = 0;
        self.last = None;
        self.older.clear();
    }

    fn at(&self, tcp_offset: u64, end: u64) -> At {
        let (frame, ts) = (self.older.iter())
            .find(|c| c.0 >= end)
            .or(self.last.as_ref())
            .map_or(self.latest, |c| (c.1, c.2));
        At {
            tcp_offset,
            offset: self.msgs.offset,
            frame,
            ts,
        }
    }

    /// [`process`](Self::process) over the bytes held.
    fn process_held(&mut self, at_end: bool, out: &mut impl FnMut(Out<'_>)) {
        let buf = std::mem::take(&mut self.buf);
        let used = self.process(&buf, self.start, at_end, out);
        self.buf = buf;
        self.start = used;
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
    }

    /// Reads frames from `buf[pos..]`, whose first byte is at TCP offset
    /// `base`; returns the position of the first byte not consumed.
    fn process(
        &mut self,
        buf: &[u8],
        mut pos: usize,
        at_end: bool,
        out: &mut impl FnMut(Out<'_>),
    ) -> usize {
        loop {
            if self.resync {
                match self.resynchronise(&buf[pos..], at_end, out) {
                    (n, true) => pos += n,
                    (n, false) => return pos + n,
                }
            }
            let rest = &buf[pos..];
            if rest.is_empty() {
                return pos;
            }
            match header(rest) {
                Read::Header(h) if h.total() <= rest.len() as u64 => {
                    let n = h.total() as usize;
                    let at = self.at(self.base, self.base + n as u64);
                    self.consume(n);
                    pos += n;
                    self.msgs.frame(at, h, &rest[h.header_len..n], out);
                }
                Read::Header(_) | Read::NeedMore(_) => return pos,
                Read::Invalid(why) => {
                    self.abandon(
                        "a fragmented message cut by bytes that are not a frame",
                        out,
                    );
                    let at = self.at(self.base, self.base + 1);
                    self.skipped.get_or_insert_with(|| Box::new((at, 0, why)));
                    self.resync = true;
                    self.skip_first = true;
                }
            }
        }
    }

    /// Looks for the next frame boundary in `buf`: how many bytes were
    /// skipped, and whether a boundary follows them (else more bytes are
    /// needed).
    fn resynchronise(
        &mut self,
        buf: &[u8],
        at_end: bool,
        out: &mut impl FnMut(Out<'_>),
    ) -> (usize, bool) {
        let from = usize::from(self.skip_first).min(buf.len());
        let searched = &buf[from..];
        match find_frames(searched, self.side, at_end) {
            Found::At(p) => {
                self.skip(from + p);
                self.skip_first = false;
                self.resync = false;
                self.report_skipped(out);
                (from + p, true)
            }
            Found::NeedMore => (0, false),
            Found::No => {
                // Nothing in the search window: drop what was searched,
                // keeping a frame header's worth (a boundary may straddle
                // the cut).
                let keep = if at_end { 0 } else { MAX_HEADER };
                let n = (from + searched.len()).saturating_sub(keep);
                self.skip(n);
                self.skip_first = false;
                if at_end {
                    self.report_skipped(out);
                }
                (n, false)
            }
        }
    }

    /// `n` bytes skipped (the caller moves past them).
    fn skip(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        let at = self.at(self.base, self.base + n as u64);
        let s = self.skipped.get_or_insert_with(|| {
            Box::new((
                at,
                0,
                "skipped while looking for a frame boundary".to_owned(),
            ))
        });
        s.1 += n as u64;
        s.0.frame = at.frame;
        s.0.ts = at.ts;
        self.consume(n);
    }

    fn report_skipped(&mut self, out: &mut impl FnMut(Out<'_>)) {
        if let Some((at, len, why)) = self.skipped.take().map(|b| *b) {
            if len > 0 {
                out(Out::Skipped { at, len, why });
            }
        }
    }

    /// The data message being put together cannot be finished: what it
    /// had so far is reported, placed at its first frame and dated by the
    /// latest capture frame.
    fn abandon(&mut self, why: &str, out: &mut impl FnMut(Out<'_>)) {
        let first = self.msgs.first.take();
        let (Some((frames, len, compressed)), Some((at, h))) = (self.msgs.asm.unfinished(), first)
        else {
            return;
        };
        out(Out::Unfinished {
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

    /// `n` bytes consumed (the caller moves past them).
    fn consume(&mut self, n: usize) {
        self.base += n as u64;
        while self.older.front().is_some_and(|c| c.0 <= self.base) {
            self.older.pop_front();
        }
    }
}

impl Messages {
    /// One whole frame, its payload `wire` as sent.
    fn frame(&mut self, at: At, h: Header, wire: &[u8], out: &mut impl FnMut(Out<'_>)) {
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
        let late = |mut notes: Vec<Note>| {
            if after_close {
                notes.push(Note::WebSocketAfterClose);
            }
            notes
        };
        if self.asm.whole(&h) {
            // What `Assembler::frame` would give, without copying the
            // payload when it is not masked, into a kept buffer when it is.
            self.first = None;
            self.offset += wire.len() as u64;
            let payload = match h.mask {
                Some(key) => {
                    self.unmasked.clear();
                    let unmasked = wire.iter().zip(key.iter().cycle()).map(|(b, k)| b ^ k);
                    self.unmasked.extend(unmasked);
                    &self.unmasked[..]
                }
                None => wire,
            };
            let mut notes = Vec::new();
            if h.opcode == Opcode::Text && std::str::from_utf8(payload).is_err() {
                notes.push(Note::WebSocketTextNotUtf8);
            }
            out(Out::Message {
                at: msg_at,
                payload: Cow::Borrowed(payload),
                facts: facts(1),
                notes: late(notes),
            });
            return;
        }
        match self.asm.frame(&h, wire) {
            None => {}
            Some(Event::Message {
                payload,
                compressed,
                frames,
                notes,
                ..
            }) => {
                self.first = None;
                let len = payload.len() as u64;
                out(Out::Message {
                    at: msg_at,
                    payload: Cow::Owned(payload),
                    facts: Facts {
                        compressed,
                        ..facts(frames)
                    },
                    notes: late(notes),
                });
                self.offset += len;
            }
            Some(Event::Control {
                opcode,
                payload,
                close,
                notes,
            }) => out(Out::Control {
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
                out(Out::Uninflatable {
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
                out(Out::Error {
                    at,
                    len: h.total(),
                    why,
                });
            }
        }
    }
}
