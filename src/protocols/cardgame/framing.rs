//! Card game framing: no length field; the opcode fixes the size, except
//! Score, whose STRING says its own length (one byte for 0..127, otherwise
//! two bytes holding `length + 32640`).

use crate::protocols::{Dialect, Framing, Invalid};
use crate::reassembly::Direction;

/// The largest STRING (two length bytes holding 0xffff).
pub const MAX_STRING: usize = 32895;

/// Bytes of a Score before its STRING: opcode, WHO, INT(s), INT(d).
pub const SCORE_HEAD: usize = 6;

/// The largest message: a Score with the longest STRING.
pub const MAX_MESSAGE: usize = SCORE_HEAD + 2 + MAX_STRING;

/// The size of a message with a fixed size (all but Score), or `None`.
pub fn fixed_len(opcode: u8) -> Option<usize> {
    Some(match opcode {
        0x01 => 2,
        0x02 | 0x03 => 4,
        0x04 => 3,
        0x05 => 3,
        0x06 | 0x07 => 2,
        0x08 => 1,
        0x09 => 2,
        0x81 => 2,
        _ => return None,
    })
}

/// A STRING's header at the start of `buf`: `Some((header bytes, length))`,
/// or `None` when the header is not complete.
pub fn string_header(buf: &[u8]) -> Option<(usize, usize)> {
    match *buf {
        [b0, ..] if b0 < 0x80 => Some((1, usize::from(b0))),
        [b0, b1, ..] => Some((2, usize::from(u16::from_be_bytes([b0, b1])) - 32640)),
        _ => None,
    }
}

/// Where the message at the start of `buf` ends.
pub fn frame(_dialect: Option<Dialect>, _dir: Direction, buf: &[u8]) -> Framing {
    let Some(&opcode) = buf.first() else {
        return Framing::NeedMore(1);
    };
    let total = if opcode == 0x0a {
        let string = buf.get(SCORE_HEAD..).unwrap_or_default();
        match string_header(string) {
            Some((head, len)) => SCORE_HEAD + head + len,
            None => return Framing::NeedMore(SCORE_HEAD + 1 + usize::from(!string.is_empty())),
        }
    } else {
        match fixed_len(opcode) {
            Some(n) => n,
            None => {
                return Framing::Invalid(Invalid::hex(
                    "unknown card game opcode",
                    u64::from(opcode),
                ))
            }
        }
    };
    if buf.len() < total {
        Framing::NeedMore(total)
    } else {
        Framing::Message(total)
    }
}
