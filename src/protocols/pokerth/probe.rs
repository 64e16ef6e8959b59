//! Does a direction speak PokerTH? The first bytes must frame as PokerTH
//! messages (a type either dialect knows, a length of 8..4096) that decode
//! cleanly. It works on captures that start mid-stream (at any message
//! boundary): a run of [`RUN`] clean messages is convincing, fewer only when
//! the buffer ends right after them (a message cut by the buffer's end asks
//! for more). The longer the run, the higher the confidence. An Init
//! (`pokerth`, requested version 2.x..5.x) or Join Game (`pokerth-2007`,
//! version 1.x) that decodes without a note is as good as a signature; so,
//! a little less, is an Init Ack naming a 0.x or 1.x release.

use super::messages::Message;
use super::Decoder;
use crate::protocols::run::{clean_run, Next, Run};
use crate::protocols::{Fields, Probe, StreamDecoder};
use crate::reassembly::Direction;

/// A convincing run of clean messages.
pub const RUN: u32 = 3;

/// Most messages looked at.
const LOOK: u32 = 6;

/// Probes `buf`, the first bytes of direction `dir`.
pub fn probe(dir: Direction, buf: &[u8]) -> Probe {
    let mut dec = Decoder::new();
    let run = clean_run(buf, LOOK, |rest, first| {
        let len = match Next::whole(dec.frame(dir, rest)) {
            Ok(len) => len,
            Err(next) => return next,
        };
        let d = dec.decode(dir, &rest[..len]);
        match d.error {
            Some(_) => Next::Unclean,
            None if first => Next::Clean(len, signature(&d.fields, d.notes.is_empty())),
            None => Next::Clean(len, 0),
        }
    });
    let Some(Run { clean, best, cut }) = run else {
        return Probe::NotMine;
    };
    if clean == 0 || (clean < RUN && cut && best == 0) {
        // A plausible start whose next message is not complete yet.
        return Probe::NeedMore;
    }
    let run = match clean {
        1 => 30,
        2 => 50,
        3 => 65,
        4 => 75,
        _ => 85,
    };
    Probe::Mine(run.max(best))
}

/// The confidence a first message gives on its own.
fn signature(fields: &Fields, clean: bool) -> u8 {
    match fields {
        Fields::PokerTh(Message::Init(m))
            if clean
                && (2..=5).contains(&m.requested_version_major)
                && m.requested_version_minor <= 9 =>
        {
            95
        }
        Fields::PokerTh(Message::JoinGame2007(m))
            if clean && m.requested_version_major == 1 && m.requested_version_minor <= 9 =>
        {
            95
        }
        Fields::PokerTh(Message::InitAck(m))
            if clean
                && m.latest_game_version_raw >> 8 <= 1
                && m.latest_game_version_raw & 0xff < 100 =>
        {
            80
        }
        Fields::PokerTh(Message::JoinGameAck2007(_)) if clean => 70,
        _ => 0,
    }
}
