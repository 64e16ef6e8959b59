//! One WebSocket frame (RFC 6455, section 5.2): FIN, three reserved bits,
//! an opcode, MASK, a 7-bit length (126: a 16-bit length follows, 127: a
//! 64-bit one), the masking key when masked, then the payload.
//!
//! [`header`] reads a frame's header with nom and says what is wrong with
//! it; a length past [`MAX_FRAME`] is refused before anything is buffered.

use nom::number::complete::{be_u16, be_u64, be_u8};
use nom::IResult;

/// The largest frame payload accepted (16 MiB): a 2^63 length is an
/// error, never an allocation.
pub const MAX_FRAME: u64 = 16 << 20;

/// Frame opcodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opcode {
    /// 0x0: a fragment after the first.
    Continuation,
    /// 0x1: a text message (UTF-8).
    Text,
    /// 0x2: a binary message.
    Binary,
    /// 0x8.
    Close,
    /// 0x9.
    Ping,
    /// 0xA.
    Pong,
    /// 0x3-0x7, 0xB-0xF: reserved.
    Reserved(u8),
}

impl Opcode {
    fn from(n: u8) -> Opcode {
        match n {
            0 => Opcode::Continuation,
            1 => Opcode::Text,
            2 => Opcode::Binary,
            8 => Opcode::Close,
            9 => Opcode::Ping,
            10 => Opcode::Pong,
            n => Opcode::Reserved(n),
        }
    }

    /// Close, ping and pong.
    pub fn is_control(self) -> bool {
        matches!(self, Opcode::Close | Opcode::Ping | Opcode::Pong)
            || matches!(self, Opcode::Reserved(n) if n >= 8)
    }

    /// The name in records (`binary`, `close`, `reserved-0x3`).
    pub fn name(self) -> String {
        match self {
            Opcode::Continuation => "continuation".into(),
            Opcode::Text => "text".into(),
            Opcode::Binary => "binary".into(),
            Opcode::Close => "close".into(),
            Opcode::Ping => "ping".into(),
            Opcode::Pong => "pong".into(),
            Opcode::Reserved(n) => format!("reserved-{n:#x}"),
        }
    }
}

/// A frame's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The last frame of its message.
    pub fin: bool,
    /// RSV1..RSV3 (RSV1 marks a compressed message with permessage-deflate).
    pub rsv: u8,
    /// What the frame carries.
    pub opcode: Opcode,
    /// The masking key, when masked (client frames must be).
    pub mask: Option<[u8; 4]>,
    /// Payload length.
    pub len: u64,
    /// Header length: 2 to 14 bytes.
    pub header_len: usize,
}

impl Header {
    /// Header and payload.
    pub fn total(&self) -> u64 {
        self.header_len as u64 + self.len
    }
}

/// What reading a header found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// A header.
    Header(Header),
    /// At least this many bytes are needed.
    NeedMore(usize),
    /// Not a frame that can be followed: why.
    Invalid(String),
}

fn raw(i: &[u8]) -> IResult<&[u8], Header> {
    let (i, b0) = be_u8(i)?;
    let (i, b1) = be_u8(i)?;
    let (i, len) = match b1 & 0x7f {
        126 => be_u16(i).map(|(i, l)| (i, u64::from(l)))?,
        127 => be_u64(i)?,
        l => (i, u64::from(l)),
    };
    let (i, mask) = if b1 & 0x80 != 0 {
        let (i, k) = nom::bytes::complete::take(4usize)(i)?;
        (i, Some([k[0], k[1], k[2], k[3]]))
    } else {
        (i, None)
    };
    Ok((
        i,
        Header {
            fin: b0 & 0x80 != 0,
            rsv: (b0 >> 4) & 7,
            opcode: Opcode::from(b0 & 0x0f),
            mask,
            len,
            header_len: 0,
        },
    ))
}

/// Reads the frame header at the start of `buf`. Errors: a length past
/// [`MAX_FRAME`] or with its top bit set, a 16- or 64-bit length that a
/// shorter form could hold is accepted (some peers send them); control
/// frames longer than 125 bytes or fragmented are errors.
pub fn header(buf: &[u8]) -> Read {
    let need = match buf {
        [] | [_] => return Read::NeedMore(2),
        [_, b1, ..] => {
            2 + match b1 & 0x7f {
                126 => 2,
                127 => 8,
                _ => 0,
            } + if b1 & 0x80 != 0 { 4 } else { 0 }
        }
    };
    if buf.len() < need {
        return Read::NeedMore(need);
    }
    let Ok((rest, mut h)) = raw(buf) else {
        return Read::NeedMore(need);
    };
    h.header_len = buf.len() - rest.len();
    if h.len >> 63 != 0 {
        return Read::Invalid(format!("frame length {} has its top bit set", h.len));
    }
    if h.len > MAX_FRAME {
        return Read::Invalid(format!(
            "frame length {} is past the {} MiB a frame may hold here",
            h.len,
            MAX_FRAME >> 20
        ));
    }
    if h.opcode.is_control() && (h.len > 125 || !h.fin) {
        return Read::Invalid(format!(
            "a {} frame must be whole and at most 125 bytes ({} bytes, fin {})",
            h.opcode.name(),
            h.len,
            h.fin
        ));
    }
    Read::Header(h)
}

/// Unmasks (or masks) `data` in place with `key`, starting at payload
/// offset `at` (payloads may arrive in pieces).
pub fn unmask(data: &mut [u8], key: [u8; 4], at: usize) {
    for (i, b) in data.iter_mut().enumerate() {
        *b ^= key[(at + i) % 4];
    }
}
