//! PokerTH framing: a u16 type and a u16 length that counts the WHOLE
//! message (the 4-byte header, the payload and the padding). A reader
//! consumes exactly `length` bytes.
//!
//! No message of either dialect is shorter than 8 bytes, so a smaller length
//! is invalid framing. The maximum is treated leniently (the 0.7 code's 268
//! cannot hold End Of Hand Show Cards with 10 players, 328 bytes): lengths up
//! to [`MAX_LEN`] frame, and the decoder notes those above the dialect's
//! maximum. A type neither dialect (or, once decided, the stream's dialect)
//! knows is invalid framing: the original code drops such a connection, and
//! refusing it keeps resynchronisation after a gap honest.

use super::messages::{known_in_any, lookup, Dialect};
use crate::protocols::{Framing, Invalid};
use crate::reassembly::Direction;

/// The header: u16 type, u16 length.
pub const HEADER_LEN: usize = 4;
/// The smallest message of either dialect.
pub const MIN_LEN: usize = 8;
/// The largest length accepted as framing.
pub const MAX_LEN: usize = 4096;

/// The type and length at the start of `buf`, if 4 bytes are there.
pub fn header(buf: &[u8]) -> Option<(u16, usize)> {
    if buf.len() < HEADER_LEN {
        return None;
    }
    Some((
        u16::from_be_bytes([buf[0], buf[1]]),
        usize::from(u16::from_be_bytes([buf[2], buf[3]])),
    ))
}

/// True when `id` is a message type of `dialect` (of either, when `None`).
pub fn type_known(dialect: Option<Dialect>, id: u16) -> bool {
    match dialect {
        Some(d) => lookup(d, id).is_some(),
        None => known_in_any(id),
    }
}

/// Where the next message of `buf` ends, for a stream of `dialect` (`None`:
/// not decided yet). Both directions frame alike: `dir` is not read.
pub fn frame(dialect: Option<crate::protocols::Dialect>, _dir: Direction, buf: &[u8]) -> Framing {
    frame_as(dialect.and_then(Dialect::of), buf)
}

/// [`frame`], for a stream of PokerTH binary dialect `dialect` (`None`:
/// not decided yet).
pub fn frame_as(dialect: Option<Dialect>, buf: &[u8]) -> Framing {
    let Some((id, len)) = header(buf) else {
        return Framing::NeedMore(HEADER_LEN);
    };
    if !type_known(dialect, id) {
        let what = match dialect {
            Some(_) => "unknown message type in this dialect:",
            None => "unknown message type",
        };
        return Framing::Invalid(Invalid::hex(what, u64::from(id)));
    }
    if len < MIN_LEN {
        return Framing::Invalid(Invalid::num(
            "message length below the minimum of 8:",
            len as u64,
        ));
    }
    if len > MAX_LEN {
        return Framing::Invalid(Invalid::num(
            "message length far beyond the protocol's maximum (4096):",
            len as u64,
        ));
    }
    if buf.len() < len {
        Framing::NeedMore(len)
    } else {
        Framing::Message(len)
    }
}
