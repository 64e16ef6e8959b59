//! Card game detection. The protocol has no signature, no handshake and no
//! known port, and its messages are one to four bytes, so the probe is
//! conservative: it wants a run of messages whose opcodes, sizes and values
//! are all valid, all from one side (the client sends only PlayCard), with
//! at least [`STRONG`] "strong" messages (those that carry a card, a place,
//! a stage, a score or a reset; Delay and WaitAnimations prove little), no
//! strong message repeating the one before, at most one Reset, and, on the
//! server side, at least two different strong opcodes, one of them a card
//! going somewhere (Teleport or Move: the server's daily bread; other
//! protocols' small packets with low type numbers look like SetImage,
//! Delay or Raise, but rarely like a valid LOC). Anything invalid
//! before that is `NotMine`; a buffer that ends first is `NeedMore`.
//! The bytes of a message cut short by the end of the buffer are checked
//! as far as they go. A server side that starts with Reset (the start was captured) gets a
//! higher confidence.

use super::framing::{frame, string_header, SCORE_HEAD};
use super::messages::{is_client_opcode, MAX_CARD};
use super::parsing::parse_message;
use crate::protocols::{Framing, Probe};
use crate::reassembly::Direction;

/// Strong messages needed.
pub const STRONG: usize = 4;

/// Messages looked at, at most; a run this long without enough strong
/// messages is not the card game.
pub const WINDOW: usize = 64;

/// Probes the first bytes of direction `dir` (see the [module docs](self)).
pub fn probe(dir: Direction, buf: &[u8]) -> Probe {
    let mut pos = 0;
    let mut strong = 0;
    let mut resets = 0;
    let mut opcodes = [false; 256];
    let mut kinds = 0;
    let mut previous: &[u8] = &[];
    let mut client_side = None;
    for _ in 0..WINDOW {
        let rest = buf.get(pos..).unwrap_or_default();
        let len = match frame(None, dir, rest) {
            Framing::Message(len) => len,
            Framing::NeedMore(_) if partial_ok(rest) => return Probe::NeedMore,
            Framing::NeedMore(_) | Framing::Invalid(_) => return Probe::NotMine,
        };
        let msg = rest.get(..len).unwrap_or_default();
        match parse_message(msg) {
            Ok(p) if p.notes.is_empty() => {}
            _ => return Probe::NotMine,
        }
        let opcode = msg[0];
        let client = is_client_opcode(opcode);
        if *client_side.get_or_insert(client) != client {
            return Probe::NotMine;
        }
        if opcode == 0x01 {
            resets += 1;
            if resets > 1 {
                return Probe::NotMine;
            }
        }
        if !matches!(opcode, 0x05 | 0x08) && msg != previous {
            strong += 1;
            if !opcodes[usize::from(opcode)] {
                opcodes[usize::from(opcode)] = true;
                kinds += 1;
            }
        }
        previous = msg;
        pos += len;
        let moves = opcodes[0x02] || opcodes[0x03];
        if strong >= STRONG && (client || (kinds >= 2 && moves)) {
            let from_start = buf.first() == Some(&0x01);
            let expected_side = client == (dir == Direction::C2S);
            return Probe::Mine(match (from_start, expected_side) {
                (true, true) => 70,
                (true, false) | (false, true) => 40,
                (false, false) => 25,
            });
        }
    }
    Probe::NotMine
}

/// Whether the start of a message that the buffer cuts short is valid as
/// far as it goes (card ids, places, images, DEAL, STAGE, WHO, the totals,
/// and the start of a Score's text).
fn partial_ok(msg: &[u8]) -> bool {
    let at = |i: usize| msg.get(i).copied();
    let below = |i: usize, max: u8| at(i).is_none_or(|b| b <= max);
    match at(0) {
        Some(0x01) => below(1, 1),
        Some(0x02 | 0x03) => below(1, MAX_CARD) && below(2, 8),
        Some(0x04) => below(1, MAX_CARD) && below(2, 24),
        Some(0x06 | 0x07 | 0x81) => below(1, MAX_CARD),
        Some(0x09) => below(1, 0x0b),
        Some(0x0a) => {
            let total = msg.get(2..4).map(|b| u16::from_be_bytes([b[0], b[1]]));
            let increase = msg.get(4..6).map(|b| u16::from_be_bytes([b[0], b[1]]));
            let adds_up = match (total, increase) {
                (Some(t), Some(d)) => t >= d,
                _ => true,
            };
            let text = match msg.get(SCORE_HEAD..).and_then(string_header) {
                Some((head, _)) => msg.get(SCORE_HEAD + head..).unwrap_or_default(),
                None => &[],
            };
            below(1, 1) && adds_up && text_start_ok(text)
        }
        _ => true,
    }
}

/// The start of a text: UTF-8 (possibly cut inside a character), no
/// control characters.
fn text_start_ok(text: &[u8]) -> bool {
    let valid = match std::str::from_utf8(text) {
        Ok(s) => s,
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&text[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return false,
    };
    !valid.chars().any(char::is_control)
}
