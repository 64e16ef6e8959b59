//! GLS detection.
//!
//! With the start of the stream: the Protover magic `GLS\0` right after event
//! type 1 (client side), or after Protoverack's ack and reason (server
//! side): confidence 100. Mid-stream: a run of events that frame and parse
//! cleanly (known type, exact size, sane strings, valid locations, colors
//! and dice), all from the same side (all client events or all server
//! events).

use super::framing::{frame, HEADER_LEN};
use super::messages::is_client_event;
use super::parsing::parse_event;
use crate::protocols::{Framing, Probe};
use crate::reassembly::Direction;

/// Events in a clean run that make the structure convincing.
pub const RUN: usize = 3;

const MAGIC: &[u8; 4] = b"GLS\0";
/// Offset of the magic in a Protover (after the type).
const PROTOVER_MAGIC: usize = HEADER_LEN;
/// Offset of the magic in a Protoverack (after type, ack and reason).
const PROTOVERACK_MAGIC: usize = HEADER_LEN + 2 + 64;

/// Probes the first bytes of direction `dir` (see the [module docs](self)).
pub fn probe(dir: Direction, buf: &[u8]) -> Probe {
    if let Some(p) = signature(buf) {
        return p;
    }
    structure(dir, buf)
}

/// The magic of a Protover or Protoverack at the start, if there is one
/// (or `NeedMore` while it may still be coming).
fn signature(buf: &[u8]) -> Option<Probe> {
    let at = match buf.first_chunk::<HEADER_LEN>() {
        Some([0, 0, 0, 1]) => PROTOVER_MAGIC,
        Some([0, 0, 0, 2]) => PROTOVERACK_MAGIC,
        _ => return None,
    };
    let have = buf.get(at..).unwrap_or_default();
    let n = have.len().min(MAGIC.len());
    if have[..n] != MAGIC[..n] {
        return None;
    }
    Some(if n < MAGIC.len() {
        Probe::NeedMore
    } else {
        Probe::Mine(100)
    })
}

/// A run of [`RUN`] clean events from one side.
fn structure(dir: Direction, buf: &[u8]) -> Probe {
    let mut pos = 0;
    let mut clean = 0;
    let mut client_side = None;
    while clean < RUN {
        let rest = buf.get(pos..).unwrap_or_default();
        if rest.is_empty() && clean > 0 {
            // The buffer ends right after a few clean events.
            break;
        }
        let len = match frame(None, dir, rest) {
            Framing::Message(len) => len,
            Framing::NeedMore(_) => return Probe::NeedMore,
            Framing::Invalid(_) => return Probe::NotMine,
        };
        let Some(Ok(parsed)) = rest.get(..len).map(parse_event) else {
            return Probe::NotMine;
        };
        if parsed.implausible {
            return Probe::NotMine;
        }
        let client = is_client_event(parsed.message.type_id());
        if *client_side.get_or_insert(client) != client {
            return Probe::NotMine;
        }
        clean += 1;
        pos += len;
    }
    let expected_side = client_side == Some(dir == Direction::C2S);
    let confidence = match (clean, expected_side) {
        (RUN, true) => 70,
        (RUN, false) => 50,
        (n, _) => 20 * u8::try_from(n).unwrap_or(1),
    };
    Probe::Mine(confidence)
}
