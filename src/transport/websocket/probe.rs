//! A WebSocket connection picked up after its upgrade: no handshake in the
//! capture, only frames, possibly starting inside one. [`find_frames`]
//! looks for the first position where a message's first frame (or a
//! control frame) starts a run of frames lined up back to back as the
//! sending side writes them: a client's masked, a server's not, known
//! opcodes, no reserved bit but RSV1 (permessage-deflate) on a data frame,
//! control frames whole and short, continuations only inside a fragmented
//! message, lengths within the cap.

use super::frame::{header, Opcode, Read};
use super::message::Side;

/// Frames that must line up for a position to count.
pub const RUN: usize = 4;

/// How far into the bytes a boundary is looked for.
pub const SEARCH: usize = 64 * 1024;

/// What the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// Frames start at this offset.
    At(usize),
    /// More bytes are needed to tell.
    NeedMore,
    /// No run of frames in the first [`SEARCH`] bytes.
    No,
}

/// Whether a frame header fits what `side` sends.
fn plausible(h: &super::frame::Header, side: Side) -> bool {
    let masked_ok = h.mask.is_some() == (side == Side::Client);
    let rsv_ok =
        h.rsv == 0 || (h.rsv == 0b100 && matches!(h.opcode, Opcode::Text | Opcode::Binary));
    masked_ok && rsv_ok && !matches!(h.opcode, Opcode::Reserved(_))
}

/// Whether frame `h` may follow the frames before it: a continuation only
/// inside a fragmented message, a new data message only outside one.
fn follows(h: &super::frame::Header, open: &mut Option<bool>) -> bool {
    let ok = !matches!(
        (h.opcode, *open),
        (Opcode::Continuation, Some(false)) | (Opcode::Text | Opcode::Binary, Some(true))
    );
    match h.opcode {
        Opcode::Continuation | Opcode::Text | Opcode::Binary => *open = Some(!h.fin),
        _ => {}
    }
    ok
}

/// Looks for the first frame boundary in `buf` (one direction's bytes,
/// sent by `side`). `at_end`: no more bytes will come, so a shorter run
/// that ends exactly at the end counts.
pub fn find_frames(buf: &[u8], side: Side, at_end: bool) -> Found {
    for start in 0..buf.len().min(SEARCH) {
        let mut pos = start;
        let mut frames = 0;
        // Inside a fragmented message: unknown before the first frame,
        // then known. The run starts with a message's first frame (or a
        // control frame): a continuation is of no use without its
        // message's start, and protobuf's zero bytes look like one.
        let mut open: Option<bool> = None;
        if let Read::Header(h) = header(&buf[start..]) {
            if h.opcode == Opcode::Continuation {
                continue;
            }
        }
        let verdict = loop {
            if frames == RUN {
                break Some(true);
            }
            if pos == buf.len() {
                // At the end a shorter run counts, unless it leaves a
                // message open.
                break if at_end && frames > 0 && open != Some(true) {
                    Some(true)
                } else if at_end {
                    Some(false)
                } else {
                    None
                };
            }
            match header(&buf[pos..]) {
                Read::Header(h) if plausible(&h, side) && follows(&h, &mut open) => {
                    let end = pos as u64 + h.total();
                    if end > buf.len() as u64 {
                        break if at_end { Some(false) } else { None };
                    }
                    pos = end as usize;
                    frames += 1;
                }
                Read::NeedMore(_) if !at_end => break None,
                _ => break Some(false),
            }
        };
        match verdict {
            Some(true) => return Found::At(start),
            None => return Found::NeedMore,
            Some(false) => {}
        }
    }
    if buf.len() < SEARCH && !at_end {
        Found::NeedMore
    } else {
        Found::No
    }
}
