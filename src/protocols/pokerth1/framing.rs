//! PokerTH 1.x framing on TCP: a 4-byte big-endian length N, then N bytes
//! holding one `PokerTHMessage` (the envelope).
//!
//! A length prefix alone would frame almost anything, and the decode stage
//! finds message boundaries after a gap by asking framing, so framing also
//! checks the envelope's first bytes, which every encoder writes in field
//! order: field 1 (`messageType`, a varint from 1 up), then the key of field
//! `messageType + 1` with wire type 2 (length-delimited), then a length that
//! fits in the envelope. The rest is the decoder's business.
//!
//! Lengths below [`MIN_LEN`] cannot hold an envelope; lengths above
//! [`MAX_LEN`] are taken as garbage, never as an allocation (avatars, the
//! largest payload PokerTH sends, travel in blocks of a few kilobytes).

use crate::protocols::{Dialect, Framing, Invalid};
use crate::reassembly::Direction;
use nom::number::complete::be_u32;

/// The length prefix.
pub const PREFIX_LEN: usize = 4;
/// The smallest envelope: messageType's key and value, the message's key
/// and length.
pub const MIN_LEN: usize = 4;
/// The largest envelope accepted as framing (256 KiB).
pub const MAX_LEN: usize = 256 * 1024;
/// The largest message type accepted as framing: the 81 of protocol 5.1
/// and room for a newer server's.
pub const MAX_TYPE: u64 = 127;

/// Where the next message of `buf` ends (prefix included). PokerTH 1.x
/// has one dialect and frames both directions alike: `dialect` and `dir`
/// are not read.
pub fn frame(_dialect: Option<Dialect>, _dir: Direction, buf: &[u8]) -> Framing {
    let Ok((env, len)) = be_u32::<_, nom::error::Error<&[u8]>>(buf) else {
        return Framing::NeedMore(PREFIX_LEN);
    };
    let len = len as usize;
    if len < MIN_LEN {
        return Framing::Invalid(Invalid::num(
            "PokerTH 1.x length below the smallest envelope (4):",
            len as u64,
        ));
    }
    if len > MAX_LEN {
        return Framing::Invalid(Invalid::num(
            "PokerTH 1.x length past any sane message (256 KiB):",
            len as u64,
        ));
    }
    if let Err(why) = envelope_head(&env[..env.len().min(len)], len) {
        return why;
    }
    if env.len() < len {
        Framing::NeedMore(PREFIX_LEN + len)
    } else {
        Framing::Message(PREFIX_LEN + len)
    }
}

/// The envelope of a framed message: its bytes after the length prefix.
pub fn envelope(msg: &[u8]) -> &[u8] {
    msg.get(PREFIX_LEN..).unwrap_or_default()
}

/// Checks the envelope's first fields (as far as `head` holds them) for an
/// envelope of `len` bytes: `Err(Invalid)` when they cannot start one,
/// `Err(NeedMore)` when too few bytes are there to tell.
pub fn envelope_head(head: &[u8], len: usize) -> Result<(), Framing> {
    let more = Err(Framing::NeedMore(PREFIX_LEN + len));
    let Some(&first) = head.first() else {
        return more;
    };
    if first != 0x08 {
        return Err(Framing::Invalid(Invalid::hex(
            "PokerTH 1.x envelope does not start with messageType: key",
            u64::from(first),
        )));
    }
    let Some((ty, n1)) = varint(&head[1..]) else {
        return if head.len() >= 11 || head.len() >= len {
            Err(Framing::Invalid(Invalid::new(
                "PokerTH 1.x messageType is not a varint",
            )))
        } else {
            more
        };
    };
    if ty == 0 || ty > MAX_TYPE {
        return Err(Framing::Invalid(Invalid::num(
            "PokerTH 1.x message type out of range:",
            ty,
        )));
    }
    let at = 1 + n1;
    let Some((key, n2)) = varint(&head[at..]) else {
        return if head.len() >= len {
            Err(bad_key(0))
        } else {
            more
        };
    };
    if key != (ty + 1) << 3 | 2 {
        return Err(bad_key(key));
    }
    let at = at + n2;
    let Some((sub, n3)) = varint(&head[at..]) else {
        return if head.len() >= len {
            Err(Framing::Invalid(Invalid::new(
                "PokerTH 1.x message length is cut by the envelope's end",
            )))
        } else {
            more
        };
    };
    if sub > (len - at - n3) as u64 {
        return Err(Framing::Invalid(Invalid::num(
            "PokerTH 1.x message runs past its envelope by",
            sub - (len - at - n3) as u64,
        )));
    }
    Ok(())
}

fn bad_key(key: u64) -> Framing {
    Framing::Invalid(Invalid::hex(
        "PokerTH 1.x envelope's second key does not match its messageType:",
        key,
    ))
}

/// A protobuf varint at the start of `b`: its value and size, or `None`
/// when `b` ends inside it or it runs past 10 bytes.
#[inline]
pub fn varint(b: &[u8]) -> Option<(u64, usize)> {
    // Most varints (keys, lengths, small numbers) are one byte.
    match b.first() {
        Some(&byte) if byte < 0x80 => Some((u64::from(byte), 1)),
        _ => varint_long(b),
    }
}

/// [`varint`] past its first byte: prost's reader.
fn varint_long(b: &[u8]) -> Option<(u64, usize)> {
    let mut rest = b;
    let v = prost::encoding::decode_varint(&mut rest).ok()?;
    Some((v, b.len() - rest.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_an_announce() {
        // ShowMyCardsRequest: type 71, field 72 (key 0xc2 0x04), empty.
        let m = [0, 0, 0, 5, 0x08, 71, 0xc2, 0x04, 0x00];
        assert_eq!(frame(None, Direction::C2S, &m), Framing::Message(9));
        assert_eq!(frame(None, Direction::C2S, &m[..8]), Framing::NeedMore(9));
        assert_eq!(frame(None, Direction::C2S, &m[..3]), Framing::NeedMore(4));
    }

    #[test]
    fn refuses_garbage_and_huge_lengths() {
        assert!(matches!(
            frame(None, Direction::C2S, &[0xff, 0xff, 0xff, 0xff, 8]),
            Framing::Invalid(_)
        ));
        assert!(matches!(
            frame(None, Direction::C2S, &[0, 0, 0, 2, 8, 1]),
            Framing::Invalid(_)
        ));
        // The key names field 3, the type says 1 (field 2).
        assert!(matches!(
            frame(None, Direction::C2S, &[0, 0, 0, 4, 0x08, 1, 0x1a, 0]),
            Framing::Invalid(_)
        ));
        // The message's length runs past the envelope.
        assert!(matches!(
            frame(None, Direction::C2S, &[0, 0, 0, 4, 0x08, 1, 0x12, 9]),
            Framing::Invalid(_)
        ));
        assert!(matches!(
            frame(None, Direction::C2S, &[0, 0, 0, 4, 0x09, 1, 0x12, 0]),
            Framing::Invalid(_)
        ));
    }
}
