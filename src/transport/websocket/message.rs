//! Messages of one direction of a WebSocket connection, put together from
//! its frames: a data message is a Text or Binary frame and the
//! continuation frames up to the one with FIN; control frames (ping, pong,
//! close) may come between fragments and stand alone. With
//! permessage-deflate (RFC 7692) a message whose first frame has RSV1 set
//! is inflated (the four bytes `00 00 ff ff` appended), keeping the
//! inflater's window from message to message unless the handshake said
//! `no_context_takeover`; a message that would inflate past the cap is an
//! error, never an allocation.

use super::frame::{unmask, Header, Opcode};
use super::handshake::Deflate;
use crate::protocols::Note;
use flate2::{Decompress, FlushDecompress, Status};

/// The largest message accepted after inflation (16 MiB).
pub const MAX_MESSAGE: usize = 16 << 20;

/// Which side sends this direction: client frames must be masked, server
/// frames must not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The side that sent the upgrade request.
    Client,
    /// The side that answered it.
    Server,
}

/// What a frame completed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A whole data message.
    Message {
        /// Text or Binary.
        opcode: Opcode,
        /// Its payload, unmasked and inflated.
        payload: Vec<u8>,
        /// It was compressed (permessage-deflate).
        compressed: bool,
        /// Frames it took.
        frames: u32,
        /// What a reader should know (an unmasked client frame, invalid
        /// UTF-8 in text, ...).
        notes: Vec<Note>,
    },
    /// A ping, pong or close frame.
    Control {
        /// Which.
        opcode: Opcode,
        /// Its payload, unmasked.
        payload: Vec<u8>,
        /// A close frame's status code and reason.
        close: Option<(u16, String)>,
        /// Notes (a close code outside the allowed ranges, ...).
        notes: Vec<Note>,
    },
    /// A compressed data message that cannot be inflated: its deflate
    /// history is missing (the capture starts after the handshake, or a
    /// gap or a message that could not be inflated cut a stream with
    /// context takeover). Reported, never guessed at.
    Uninflatable {
        /// Text or Binary.
        opcode: Opcode,
        /// Its compressed payload's length.
        len: usize,
        /// Frames it took.
        frames: u32,
        /// Why the history is missing.
        why: &'static str,
    },
    /// A frame that could not be used: why (its bytes are skipped).
    Error(String),
}

/// The message state of one direction.
pub struct Assembler {
    side: Side,
    /// The inflater, when permessage-deflate was negotiated, and whether it
    /// starts afresh for each message.
    inflate: Option<(Decompress, bool)>,
    /// A data message waiting for its last fragment.
    partial: Option<Partial>,
    /// Compressed messages seen without a negotiated inflater (a capture
    /// that starts after the handshake).
    pub uninflatable: u64,
    /// Why compressed messages cannot be inflated, when they cannot.
    lost: Option<&'static str>,
}

struct Partial {
    opcode: Opcode,
    payload: Vec<u8>,
    compressed: bool,
    /// Compressed, but there is nothing to inflate it with.
    uninflatable: bool,
    frames: u32,
    notes: Vec<Note>,
}

impl Assembler {
    /// A direction sent by `side`; `deflate`: what the handshake negotiated.
    pub fn new(side: Side, deflate: Option<Deflate>) -> Assembler {
        let inflate = deflate.map(|d| {
            let fresh = match side {
                Side::Client => d.client_no_context_takeover,
                Side::Server => d.server_no_context_takeover,
            };
            (new_inflater(), fresh)
        });
        Assembler {
            side,
            inflate,
            partial: None,
            uninflatable: 0,
            lost: None,
        }
    }

    /// Bytes of this direction are missing (a gap): the message being put
    /// together is lost, and with context takeover so is the inflater's
    /// window, so later compressed messages are reported, not inflated.
    pub fn lost(&mut self) {
        self.partial = None;
        match self.inflate.as_mut() {
            Some((d, true)) => d.reset(false),
            Some((_, false)) => {
                self.inflate = None;
                self.lost = Some("a gap cut it, and the sender keeps its context");
            }
            None => {}
        }
    }

    /// The data message being put together, dropped: its frames so far,
    /// its payload bytes so far, and whether it is compressed.
    pub fn unfinished(&mut self) -> Option<(u32, usize, bool)> {
        (self.partial.take()).map(|p| (p.frames, p.payload.len(), p.compressed || p.uninflatable))
    }

    /// The capture starts after the upgrade: whatever was negotiated is
    /// unknown, and a compressed message cannot be inflated.
    pub fn midstream(side: Side) -> Assembler {
        let mut a = Assembler::new(side, None);
        a.lost = Some("the capture starts after the handshake");
        a
    }

    /// Whether frame `h` is a data message whole in itself that needs
    /// nothing of this state: FIN, no reserved bit, masked as its side
    /// must be, no fragmented message in progress. [`frame`](Self::frame)
    /// gives such a frame back as a message, its payload unmasked and
    /// otherwise unchanged, with no note (but a text message's when it is
    /// not UTF-8); a caller may do that itself without the copies.
    pub fn whole(&self, h: &Header) -> bool {
        matches!(h.opcode, Opcode::Text | Opcode::Binary)
            && h.fin
            && h.rsv == 0
            && self.partial.is_none()
            && h.mask.is_some() == (self.side == Side::Client)
    }

    /// One whole frame: its header and its payload as on the wire (still
    /// masked). What it completed, if anything.
    pub fn frame(&mut self, h: &Header, wire: &[u8]) -> Option<Event> {
        let mut payload = wire.to_vec();
        let mut notes = Vec::new();
        match (self.side, h.mask) {
            (_, Some(key)) => {
                unmask(&mut payload, key, 0);
                if self.side == Side::Server {
                    notes.push(Note::WebSocketMaskedServerFrame);
                }
            }
            (Side::Client, None) => notes.push(Note::WebSocketUnmaskedClientFrame),
            (Side::Server, None) => {}
        }
        let compressible =
            self.inflate.is_some() && matches!(h.opcode, Opcode::Text | Opcode::Binary);
        let reserved = h.rsv & if compressible { 0b011 } else { 0b111 };
        if reserved != 0 {
            if h.rsv & 0b100 != 0
                && self.inflate.is_none()
                && matches!(h.opcode, Opcode::Text | Opcode::Binary)
            {
                self.uninflatable += 1;
                if self.lost.is_none() {
                    notes.push(Note::WebSocketCompressedWithoutDeflate);
                }
            } else {
                notes.push(Note::WebSocketReservedBits { rsv: h.rsv });
            }
        }
        match h.opcode {
            Opcode::Ping | Opcode::Pong | Opcode::Close => Some(control(h.opcode, payload, notes)),
            Opcode::Reserved(n) => Some(Event::Error(format!("unknown opcode {n:#x}"))),
            Opcode::Text | Opcode::Binary => {
                if let Some(p) = self.partial.take() {
                    notes.push(Note::WebSocketInterrupted {
                        opcode: match h.opcode {
                            Opcode::Text => "text",
                            _ => "binary",
                        },
                        frames: p.frames,
                    });
                }
                self.partial = Some(Partial {
                    opcode: h.opcode,
                    payload,
                    compressed: compressible && h.rsv & 0b100 != 0,
                    uninflatable: !compressible && h.rsv & 0b100 != 0 && self.lost.is_some(),
                    frames: 1,
                    notes,
                });
                h.fin.then(|| self.finish())
            }
            Opcode::Continuation => {
                let Some(p) = self.partial.as_mut() else {
                    return Some(Event::Error(
                        "a continuation frame without a message to continue".to_owned(),
                    ));
                };
                if p.payload.len() + payload.len() > MAX_MESSAGE {
                    self.partial = None;
                    return Some(Event::Error(format!(
                        "a fragmented message past {} MiB",
                        MAX_MESSAGE >> 20
                    )));
                }
                p.payload.extend_from_slice(&payload);
                p.frames += 1;
                p.notes.extend(notes);
                h.fin.then(|| self.finish())
            }
        }
    }

    /// The message in `partial`, inflated when compressed.
    fn finish(&mut self) -> Event {
        let Some(mut p) = self.partial.take() else {
            return Event::Error("no message to finish".to_owned());
        };
        if p.uninflatable {
            return Event::Uninflatable {
                opcode: p.opcode,
                len: p.payload.len(),
                frames: p.frames,
                why: self.lost.unwrap_or("permessage-deflate was not negotiated"),
            };
        }
        if p.compressed {
            if let Err(why) = self.inflate_payload(&mut p.payload) {
                return Event::Error(why);
            }
        }
        if p.opcode == Opcode::Text && std::str::from_utf8(&p.payload).is_err() {
            p.notes.push(Note::WebSocketTextNotUtf8);
        }
        Event::Message {
            opcode: p.opcode,
            payload: p.payload,
            compressed: p.compressed,
            frames: p.frames,
            notes: p.notes,
        }
    }
}

impl Assembler {
    /// Inflates a compressed message's payload in place.
    fn inflate_payload(&mut self, payload: &mut Vec<u8>) -> Result<(), String> {
        let Some((inflater, fresh)) = self.inflate.as_mut() else {
            return Err("a compressed message without an inflater".to_owned());
        };
        match inflate(inflater, payload) {
            Ok(out) => *payload = out,
            Err(why) if *fresh => {
                // Each message starts afresh: the next one inflates.
                inflater.reset(false);
                return Err(why);
            }
            Err(why) => {
                // The sender's window carries over and this message's end
                // is unknown: an inflater started afresh would take the
                // bytes later messages refer back to for zeros (a guess),
                // so they are reported instead.
                self.inflate = None;
                self.lost = Some(
                    "a message that could not be inflated cut it, and the sender \
                     keeps its context",
                );
                return Err(why);
            }
        }
        if *fresh {
            inflater.reset(false);
        }
        Ok(())
    }
}

/// A raw-deflate inflater. Out of line and cold: making one takes a stack
/// frame of some 50 KB (the window is built on the stack before it is
/// boxed), which inlined into the path of every message had the processor
/// touch those pages for each.
#[cold]
#[inline(never)]
fn new_inflater() -> Decompress {
    Decompress::new(false)
}

/// Inflates one permessage-deflate message (its tail `00 00 ff ff`
/// appended), at most [`MAX_MESSAGE`] bytes.
fn inflate(d: &mut Decompress, data: &[u8]) -> Result<Vec<u8>, String> {
    let mut input = data.to_vec();
    input.extend_from_slice(&[0, 0, 0xff, 0xff]);
    let mut out: Vec<u8> = Vec::new();
    let start = d.total_in();
    loop {
        if out.len() >= MAX_MESSAGE {
            return Err(format!(
                "the message inflates past {} MiB (a decompression bomb?)",
                MAX_MESSAGE >> 20
            ));
        }
        out.reserve(out.len().max(4096).min(MAX_MESSAGE - out.len()));
        let (in0, out0) = (d.total_in(), d.total_out());
        let used = (in0 - start) as usize;
        let status = d
            .decompress_vec(&input[used..], &mut out, FlushDecompress::Sync)
            .map_err(|e| format!("a corrupt deflate stream: {e}"))?;
        if status == Status::StreamEnd {
            // A final block: the sender's context ends here.
            d.reset(false);
            return Ok(out);
        }
        let used = (d.total_in() - start) as usize;
        if used >= input.len() && out.len() < out.capacity() {
            return Ok(out);
        }
        if d.total_in() == in0 && d.total_out() == out0 {
            return Err("a corrupt deflate stream: it stops short".to_owned());
        }
    }
}

/// A control frame's event: a close frame's code and reason checked.
fn control(opcode: Opcode, payload: Vec<u8>, mut notes: Vec<Note>) -> Event {
    let close = (opcode == Opcode::Close && payload.len() >= 2).then(|| {
        let code = u16::from_be_bytes([payload[0], payload[1]]);
        let reason = String::from_utf8_lossy(&payload[2..]).into_owned();
        (code, reason)
    });
    if opcode == Opcode::Close {
        match &close {
            None if payload.len() == 1 => notes.push(Note::WebSocketCloseOneByte),
            Some((code, _)) if !close_code_allowed(*code) => {
                notes.push(Note::WebSocketCloseCode { code: *code })
            }
            Some(_) if std::str::from_utf8(&payload[2..]).is_err() => {
                notes.push(Note::WebSocketCloseReasonNotUtf8)
            }
            _ => {}
        }
    }
    Event::Control {
        opcode,
        payload,
        close,
        notes,
    }
}

/// Close codes an endpoint may send (RFC 6455 7.4, and the IANA registry's
/// 1012-1014): 1000-1003, 1007-1014, 3000-4999.
pub fn close_code_allowed(code: u16) -> bool {
    matches!(code, 1000..=1003 | 1007..=1014 | 3000..=4999)
}
