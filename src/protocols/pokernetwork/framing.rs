//! Where the next message ends: the handshake line, or a packet whose
//! 3-byte header (u8 type, u16 length) gives its size under one of the two
//! length conventions. Lengths are bounded by the u16 field itself; nothing
//! is allocated here.

use super::parsing::{self, HEADER_LEN};
pub use super::parsing::{starts_handshake, LengthConvention, HANDSHAKE_PREFIX};
use crate::protocols::{Dialect, Framing, Invalid};
use crate::reassembly::Direction;

/// The handshake line's usual size (`CGI 003.000\n`).
pub const HANDSHAKE_LEN: usize = 12;

/// The longest line accepted as a (malformed) handshake.
const HANDSHAKE_MAX: usize = 32;

/// Frames the handshake line at the start of `buf` (which
/// [`starts_handshake`]): up to and including the newline.
pub fn frame_handshake(buf: &[u8]) -> Framing {
    let window = &buf[..buf.len().min(HANDSHAKE_MAX)];
    match window.iter().position(|&b| b == b'\n') {
        Some(end) => Framing::Message(end + 1),
        None if buf.len() < HANDSHAKE_MAX => Framing::NeedMore(HANDSHAKE_LEN.max(buf.len() + 1)),
        None => Framing::Invalid(Invalid::num(
            "`CGI ` line without a newline in its first bytes:",
            HANDSHAKE_MAX as u64,
        )),
    }
}

/// Where the next message of `buf` ends (a handshake line or a packet), in
/// a stream of `dialect` as far as its direction knows it: under that
/// dialect's length convention; `None`: under the one the packets at the
/// start of `buf` follow ([`guess_convention`]). Both directions frame
/// alike: `dir` is not read.
pub fn frame(dialect: Option<Dialect>, _dir: Direction, buf: &[u8]) -> Framing {
    if starts_handshake(buf) {
        return frame_handshake(buf);
    }
    if let Some(conv) = dialect.and_then(LengthConvention::of) {
        return frame_as(conv, buf);
    }
    match guess_convention(buf) {
        Some(conv) => frame_as(conv, buf),
        None => LengthConvention::ALL
            .into_iter()
            .filter_map(|c| match frame_as(c, buf) {
                Framing::NeedMore(n) => Some(n),
                _ => None,
            })
            .min()
            .map_or(Framing::NeedMore(HEADER_LEN), Framing::NeedMore),
    }
}

/// Frames the packet at the start of `buf` under `conv`.
pub fn frame_as(conv: LengthConvention, buf: &[u8]) -> Framing {
    let Ok((_, h)) = parsing::header(buf) else {
        return Framing::NeedMore(HEADER_LEN);
    };
    match conv.total_len(h.length) {
        // Only the protocol 2 convention can have a length too small.
        None => Framing::Invalid(Invalid::num(
            "length counts the header too (protocol 2), so at least 3, not",
            u64::from(h.length),
        )),
        Some(total) if total <= buf.len() => Framing::Message(total),
        Some(total) => Framing::NeedMore(total),
    }
}

/// How a run of packets at the start of a buffer fares under a convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Packets of known classes that framed and decoded without error and
    /// without leftover bytes.
    pub clean: usize,
    /// Packets that framed and decoded, but with leftover bytes or of an
    /// unknown type.
    pub doubtful: usize,
    /// How the run ended.
    pub end: RunEnd,
}

/// How a [`Run`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEnd {
    /// At the end of the buffer, on a packet boundary.
    Boundary,
    /// Inside a packet the buffer does not hold whole.
    Partial,
    /// On a packet that does not frame or decode.
    Failed,
    /// After the most packets looked at.
    Enough,
}

impl Run {
    /// A score for comparing conventions: clean packets count twice.
    pub fn score(&self) -> usize {
        2 * self.clean + self.doubtful
    }
}

/// Frames and decodes up to `max` packets from the start of `buf` under
/// `conv` (the buffer starting at a packet boundary).
pub fn run(conv: LengthConvention, buf: &[u8], max: usize) -> Run {
    let mut r = Run {
        clean: 0,
        doubtful: 0,
        end: RunEnd::Enough,
    };
    let mut rest = buf;
    for _ in 0..max {
        if rest.is_empty() {
            r.end = RunEnd::Boundary;
            return r;
        }
        match frame_as(conv, rest) {
            Framing::Message(n) => {
                let p = parsing::parse_packet(conv, &rest[..n]);
                match p.result {
                    Err(_) => {
                        r.end = RunEnd::Failed;
                        return r;
                    }
                    Ok(m) if parsing::spec(m.type_id()).is_none() || !p.notes.is_empty() => {
                        r.doubtful += 1
                    }
                    Ok(_) => r.clean += 1,
                }
                rest = &rest[n..];
            }
            Framing::NeedMore(_) => {
                r.end = RunEnd::Partial;
                return r;
            }
            Framing::Invalid(_) => {
                r.end = RunEnd::Failed;
                return r;
            }
        }
    }
    if rest.is_empty() {
        r.end = RunEnd::Boundary;
    }
    r
}

/// How many packets [`guess_convention`] looks at.
const GUESS_RUN: usize = 8;

/// The convention under which the packets at the start of `buf` frame and
/// decode best (the higher [`Run::score`]; on a tie, the one that did not
/// fail; then protocol 3). `None` while the first packet is incomplete
/// under both.
pub fn guess_convention(buf: &[u8]) -> Option<LengthConvention> {
    let [a, b] = LengthConvention::ALL.map(|c| (c, run(c, buf, GUESS_RUN)));
    let waiting = |r: &Run| r.score() == 0 && r.end == RunEnd::Partial;
    if waiting(&a.1) && waiting(&b.1) {
        return None;
    }
    let rank = |r: &Run| (r.score(), r.end != RunEnd::Failed);
    Some(if rank(&b.1) > rank(&a.1) { b.0 } else { a.0 })
}
