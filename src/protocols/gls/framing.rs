//! GLS framing: a big-endian u32 event type, then a payload whose size the
//! type fixes. There is no length field, so an unknown type cannot be
//! skipped: framing says [`Framing::Invalid`] and the decode stage looks for
//! the next position where events line up again. Framing is strict and
//! cheap (it reads the first four bytes only) to make that search fast.

use crate::protocols::{Dialect, Framing, Invalid};
use crate::reassembly::Direction;

/// The event-type header: a u32.
pub const HEADER_LEN: usize = 4;

/// The largest event (PlatePlace, 4 + 331 bytes).
pub const MAX_EVENT_LEN: usize = HEADER_LEN + 331;

/// The payload size of event type `event_type`, or `None` for an unknown
/// type (sizes from PROTOCOL-NOTES.md).
pub fn payload_len(event_type: u32) -> Option<usize> {
    Some(match event_type {
        1 => 52,
        2 => 118,
        3 => 32,
        4 => 96,
        5 => 64,
        6 | 7 => 32,
        8 => 64,
        9 => 256,
        10 => 296,
        11 => 256,
        12 => 331,
        13 => 7,
        14 => 71,
        15 => 43,
        _ => return None,
    })
}

/// Where the event at the start of `buf` ends.
///
/// Event types are 1..=15, so the first three bytes must be zero: a buffer
/// that cannot start a known type is invalid even before four bytes arrived.
/// GLS has one dialect and frames both directions alike: `dialect` and
/// `dir` are not read.
pub fn frame(_dialect: Option<Dialect>, _dir: Direction, buf: &[u8]) -> Framing {
    let Some(head) = buf.first_chunk::<HEADER_LEN>() else {
        if buf.iter().take(3).any(|&b| b != 0) {
            let first = buf.iter().take(3).fold(0u64, |v, &b| v << 8 | u64::from(b));
            return Framing::Invalid(Invalid::hex("not a GLS event type: starts with", first));
        }
        return Framing::NeedMore(HEADER_LEN);
    };
    let event_type = u32::from_be_bytes(*head);
    match payload_len(event_type) {
        None => Framing::Invalid(Invalid::num(
            "unknown GLS event type",
            u64::from(event_type),
        )),
        Some(payload) => {
            let total = HEADER_LEN + payload;
            if buf.len() < total {
                Framing::NeedMore(total)
            } else {
                Framing::Message(total)
            }
        }
    }
}
