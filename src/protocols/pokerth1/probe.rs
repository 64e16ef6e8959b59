//! Does a direction speak PokerTH 1.x? The first bytes must frame as
//! envelopes (a length, then `messageType` and the key of the message it
//! names: see [`super::framing`]) that decode cleanly. Like the other
//! probes it works from any message boundary: a run of clean messages is
//! convincing, and the longer the run the higher the confidence. The
//! server's `Announce` naming protocol 5.x, or a client's `Init` asking for
//! it, is as good as a signature.

use super::framing;
use super::messages::{message_of, u32_of};
use super::parsing;
use crate::protocols::run::{clean_run, Next, Run};
use crate::protocols::Probe;
use crate::reassembly::Direction;

/// Most messages looked at.
const LOOK: u32 = 6;

/// Probes `buf`, the first bytes of direction `dir`.
pub fn probe(dir: Direction, buf: &[u8]) -> Probe {
    let run = clean_run(buf, LOOK, |rest, first| {
        let len = match Next::whole(framing::frame(None, dir, rest)) {
            Ok(len) => len,
            Err(next) => return next,
        };
        match parsing::parse_envelope(&rest[framing::PREFIX_LEN..len]) {
            Ok((m, notes)) if notes.is_empty() => {
                Next::Clean(len, if first { signature(&m) } else { 0 })
            }
            _ => Next::Unclean,
        }
    });
    let Some(Run { clean, best, cut }) = run else {
        return Probe::NotMine;
    };
    if clean == 0 || (clean < 2 && cut && best == 0) {
        return Probe::NeedMore;
    }
    mine(clean, best)
}

/// The confidence of a run of `clean` messages whose first gives `best`
/// on its own. The envelope's structure (a type and the key it names) is
/// already a strong check: one clean message is as good as three of a
/// fixed-header protocol.
fn mine(clean: u32, best: u8) -> Probe {
    let run = match clean {
        1 => 60,
        2 => 75,
        _ => 88,
    };
    Probe::Mine(run.max(best))
}

/// Probes the first whole messages of direction `dir` of a
/// message-oriented transport (WebSocket), each one envelope without its
/// length prefix. `done`: no more will come.
pub fn probe_unframed(_dir: Direction, msgs: &[&[u8]], done: bool) -> Probe {
    let mut clean = 0u32;
    let mut best = 0u8;
    for msg in msgs.iter().take(LOOK as usize) {
        let ok = framing::envelope_head(msg, msg.len()).is_ok()
            && matches!(parsing::parse_envelope(msg), Ok((_, ref notes)) if notes.is_empty());
        if !ok {
            if clean == 0 {
                return Probe::NotMine;
            }
            break;
        }
        if clean == 0 {
            best = parsing::parse_envelope(msg).map_or(0, |(m, _)| signature(&m));
        }
        clean += 1;
    }
    if clean == 0 || (clean < 2 && best == 0 && !done && msgs.len() < 2) {
        return Probe::NeedMore;
    }
    mine(clean, best)
}

/// The confidence a first message gives on its own.
fn signature(m: &super::Message) -> u8 {
    let major = |f: &str| message_of(m.body(), f).and_then(|v| u32_of(&v, "majorVersion"));
    match m.name {
        "Announce" if major("protocolVersion") == Some(5) => 97,
        "Init" if major("requestedVersion") == Some(5) => 97,
        _ => 0,
    }
}
