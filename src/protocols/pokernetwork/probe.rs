//! Is this poker-network? The handshake line `CGI MMM.mNN\n` is a
//! signature (confidence 100). Without it (a capture that starts
//! mid-stream), a run of packets of known classes that frame and decode
//! cleanly under one of the two length conventions: 3 give 60; a buffer
//! that ends right after 2 or 1 gives 40 or 20. A packet cut by the end of
//! the buffer is judged by its header and the lengths and counts it holds
//! so far (need more, or not mine).

use super::framing::{self, LengthConvention, HANDSHAKE_LEN};
use super::parsing::{self, PacketSpec, WireKind, HEADER_LEN};
use crate::protocols::{Framing, Probe};
use crate::reassembly::Direction;
use nom::number::complete::{be_u16, be_u8};

/// How many clean packets make a sure run.
const RUN: usize = 3;

/// Probes the first bytes of one direction.
pub fn probe(_dir: Direction, buf: &[u8]) -> Probe {
    if buf.is_empty() {
        return Probe::NeedMore;
    }
    if framing::starts_handshake(buf) {
        return if buf.len() < HANDSHAKE_LEN {
            Probe::NeedMore
        } else if parsing::handshake(&buf[..HANDSHAKE_LEN]).is_ok() {
            Probe::Mine(100)
        } else {
            Probe::NotMine
        };
    }
    let mut verdict = Probe::NotMine;
    for conv in LengthConvention::ALL {
        match (probe_run(conv, buf), verdict) {
            (Probe::Mine(a), Probe::Mine(b)) => verdict = Probe::Mine(a.max(b)),
            (Probe::Mine(a), _) => verdict = Probe::Mine(a),
            (Probe::NeedMore, Probe::NotMine) => verdict = Probe::NeedMore,
            _ => {}
        }
    }
    verdict
}

/// The verdict for a run of packets under `conv`.
fn probe_run(conv: LengthConvention, buf: &[u8]) -> Probe {
    let mut clean = 0;
    let mut rest = buf;
    while clean < RUN {
        if rest.is_empty() {
            return Probe::Mine(20 * clean as u8);
        }
        match framing::frame_as(conv, rest) {
            Framing::Message(n) => {
                // A payload size the packet type cannot have: no need to parse.
                let fits = spec_of(rest[0]).is_some_and(|spec| {
                    let (lo, hi) = spec.size_range();
                    let payload = n - HEADER_LEN;
                    payload >= lo && hi.is_none_or(|hi| payload <= hi)
                });
                if !fits {
                    return Probe::NotMine;
                }
                let p = parsing::parse_packet(conv, &rest[..n]);
                let known = spec_of(p.type_id).is_some();
                if p.result.is_err() || !known || !p.notes.is_empty() {
                    return Probe::NotMine;
                }
                clean += 1;
                rest = &rest[n..];
            }
            Framing::NeedMore(_) if plausible_start(conv, rest) => return Probe::NeedMore,
            Framing::NeedMore(_) | Framing::Invalid(_) => return Probe::NotMine,
        }
    }
    Probe::Mine(60)
}

/// The class of a type byte a probe accepts (type 0, the abstract base
/// class, is never sent).
fn spec_of(type_id: u8) -> Option<&'static PacketSpec> {
    parsing::spec(type_id).filter(|s| s.type_id != 0)
}

/// Could the incomplete packet at the start of `buf` be one?
fn plausible_start(conv: LengthConvention, buf: &[u8]) -> bool {
    let Some(spec) = buf.first().and_then(|&t| spec_of(t)) else {
        return false;
    };
    let Ok((body, h)) = parsing::header(buf) else {
        return true;
    };
    let Some(payload) = conv.total_len(h.length).map(|t| t - HEADER_LEN) else {
        return false;
    };
    let (lo, hi) = spec.size_range();
    payload >= lo
        && hi.is_none_or(|hi| payload <= hi)
        && plausible_prefix(conv, spec, body, payload, 0)
}

/// Do the lengths and counts in `avail` (the start of a payload of
/// `payload` bytes) fit that payload, and are its strings UTF-8 so far?
fn plausible_prefix(
    conv: LengthConvention,
    spec: &PacketSpec,
    avail: &[u8],
    payload: usize,
    depth: u8,
) -> bool {
    let mut pos = 0usize;
    for &(_, kind) in spec.attrs {
        let step = match kind {
            WireKind::Str | WireKind::BoolStr | WireKind::Json | WireKind::PyLit => {
                string_at(avail, pos)
            }
            WireKind::ListU8 => u8_at(avail, pos).map(|n| Step::Bytes(1 + n)),
            WireKind::Cards => cards_at(avail, pos),
            WireKind::ListU32 | WireKind::ListI32 => {
                u8_at(avail, pos).map(|n| Step::Bytes(1 + 4 * n))
            }
            WireKind::Money => u16_at(avail, pos).map(|n| Step::Bytes(2 + 28 * n)),
            WireKind::Players => return players_fit(avail, pos, payload),
            WireKind::Packets => return packets_fit(conv, avail, pos, payload, depth),
            WireKind::Trail | WireKind::Sched113 => return pos <= payload,
            fixed => Some(Step::Bytes(fixed.size_range().0)),
        };
        match step {
            // The bytes so far end before this length or count.
            None => return pos <= payload,
            Some(Step::Bad) => return false,
            Some(Step::Bytes(n)) => pos += n,
        }
        if pos > payload {
            return false;
        }
    }
    pos == payload
}

/// How far an attribute goes, or that it cannot be right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// This many bytes.
    Bytes(usize),
    /// Not a plausible value.
    Bad,
}

/// The u8 at `pos`, if there.
fn u8_at(avail: &[u8], pos: usize) -> Option<usize> {
    let at = avail.get(pos..)?;
    be_u8::<_, nom::error::Error<&[u8]>>(at)
        .ok()
        .map(|(_, n)| usize::from(n))
}

/// The u16 at `pos`, if there.
fn u16_at(avail: &[u8], pos: usize) -> Option<usize> {
    let at = avail.get(pos..)?;
    be_u16::<_, nom::error::Error<&[u8]>>(at)
        .ok()
        .map(|(_, n)| usize::from(n))
}

/// A string at `pos`: its size, or bad when the bytes seen so far are not
/// UTF-8 (a sequence cut by the end of the buffer is fine).
fn string_at(avail: &[u8], pos: usize) -> Option<Step> {
    let n = u16_at(avail, pos)?;
    let start = (pos + 2).min(avail.len());
    let seen = &avail[start..(pos + 2 + n).min(avail.len())];
    Some(match std::str::from_utf8(seen) {
        Err(e) if e.error_len().is_some() => Step::Bad,
        _ => Step::Bytes(2 + n),
    })
}

/// Do the player entries at `pos` fit, as far as the buffer shows?
fn players_fit(avail: &[u8], mut pos: usize, payload: usize) -> bool {
    let Some(count) = u16_at(avail, pos) else {
        return pos + 2 <= payload;
    };
    pos += 2;
    for _ in 0..count {
        match string_at(avail, pos) {
            None => break,
            Some(Step::Bad) => return false,
            Some(Step::Bytes(n)) => pos += n + 5,
        }
        if pos > payload {
            return false;
        }
    }
    pos <= payload
}

/// Cards at `pos`: their size, or bad when a byte seen is no card.
fn cards_at(avail: &[u8], pos: usize) -> Option<Step> {
    let n = u8_at(avail, pos)?;
    let seen = avail.get(pos + 1..(pos + 1 + n).min(avail.len()))?;
    let card = |&b: &u8| b == 255 || b & 0x3f < 52;
    Some(if seen.iter().all(card) {
        Step::Bytes(1 + n)
    } else {
        Step::Bad
    })
}

/// Does the first nested packet at `pos` (after the u16 count) look like
/// one, as far as the buffer shows?
fn packets_fit(
    conv: LengthConvention,
    avail: &[u8],
    pos: usize,
    payload: usize,
    depth: u8,
) -> bool {
    let room = payload.saturating_sub(pos + 2);
    let count = u16_at(avail, pos);
    let inner = avail.get(pos + 2..).unwrap_or_default();
    if pos + 2 > payload || count.is_some_and(|n| n * HEADER_LEN > room) {
        return false;
    }
    if count.is_none_or(|n| n == 0) || inner.is_empty() {
        return true;
    }
    let Some(spec) = spec_of(inner[0]) else {
        return false;
    };
    let Ok((body, h)) = parsing::header(inner) else {
        return true;
    };
    let Some(total) = conv.total_len(h.length) else {
        return false;
    };
    // Only the first nested packet is looked at.
    total <= room
        && depth < parsing::MAX_DEPTH
        && plausible_prefix(conv, spec, body, total - HEADER_LEN, depth + 1)
}
