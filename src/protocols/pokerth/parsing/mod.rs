//! The one parse of a whole PokerTH message (header included) to its
//! [`Message`], with the notes a reader needs: the header, the length its
//! type's table row allows, then the row's fields read by their wire types
//! ([`wire`], with the [`checks`] the rows name), then what is left.
//!
//! What is an error and what is a note:
//!
//! - errors (the message is not decoded): a fixed-size message of the wrong
//!   length; a message shorter than its type's minimum; a string, blob or
//!   record count that runs past the end of the message; bytes after the last
//!   field of a message whose counts give its exact length;
//! - notes: padding or reserved bytes that are not zero; bytes after the last
//!   field of Init, Create Game, Join Game and Join Game Ack (the code only
//!   checks a minimum for them); invalid UTF-8 (shown lossily); values
//!   outside the documented ones (enumerations, cards above 51, limits such
//!   as 64-byte names or 10 players).
//!
//! Every count is checked against the bytes left before anything is
//! allocated from it.

use super::framing::{header, HEADER_LEN};
use super::messages::*;
use crate::protocols::{Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;

pub mod checks;
pub mod wire;

pub use wire::Cx;

/// Parses one whole message (header included), as every protocol's
/// `parsing::parse` does, in a stream of `dialect` (`None`: not decided
/// yet). Both directions read alike: `dir` is not read.
///
/// While the dialect is not decided, type 1's requested major version names
/// the dialect to read (1: `pokerth-2007`, 2..5: `pokerth`); other messages
/// are read as `pokerth` first, then as `pokerth-2007`. The message teaches
/// the dialect ([`Parsed::dialect`]) when it tells: a type only one dialect
/// has, type 1's version, or a message only the 2007 reading parses cleanly.
pub fn parse(
    dialect: Option<crate::protocols::Dialect>,
    _dir: Direction,
    msg: &[u8],
) -> ParseResult<Message> {
    let known = dialect.and_then(Dialect::of);
    let Some((id, len)) = header(msg) else {
        let why = format!("{} bytes cannot hold a header", msg.len());
        return Err(ParseError::new(0, None, why));
    };
    if len != msg.len() {
        let why = format!(
            "the header gives {len} bytes, the message has {}",
            msg.len()
        );
        return Err(ParseError::new(u32::from(id), None, why));
    }
    let mut first_error: Option<(&'static str, String)> = None;
    for d in readings(known, msg) {
        let Some(spec) = lookup(d, id) else {
            continue;
        };
        let mut cx = Cx::default();
        match parse_in(d, msg, &mut cx) {
            Ok(message) => {
                let mut notes = cx.notes;
                let taught = match known {
                    // A fallback reading decides only when it is clean.
                    None => tells(d, id, &message, first_error.is_some() && notes.is_empty()),
                    Some(_) => None,
                };
                if len > d.max_len() {
                    notes.push(Note::PokerThAboveMaxLength { len, dialect: d });
                }
                if d == Dialect::PokerTh && len % 4 != 0 {
                    notes.push(Note::PokerThLengthNotAligned { len });
                }
                return Ok(Parsed {
                    type_id: u32::from(id),
                    message,
                    notes,
                    dialect: taught.map(Into::into),
                });
            }
            Err(e) => {
                if first_error.is_none() {
                    first_error = Some((spec.name, e));
                }
            }
        }
    }
    Err(match first_error {
        Some((name, e)) => ParseError::new(u32::from(id), Some(name), e),
        None => ParseError::new(u32::from(id), None, format!("unknown message type {id}")),
    })
}

/// The dialects to read message `msg` (its header read) as, in order, in
/// a stream of dialect `known` (`None`: not decided yet): that one; or the
/// one type 1's requested major version names; or `pokerth`, then
/// `pokerth-2007`.
pub(super) fn readings(known: Option<Dialect>, msg: &[u8]) -> impl Iterator<Item = Dialect> {
    let id = u16::from_be_bytes([msg[0], msg[1]]);
    let major = (id == 1 && msg.len() >= 6).then(|| u16::from_be_bytes([msg[4], msg[5]]));
    let order = match (known, major) {
        (Some(d), _) => [Some(d), None],
        (None, Some(1)) => [Some(Dialect::PokerTh2007), None],
        (None, Some(2..=5)) => [Some(Dialect::PokerTh), None],
        (None, _) => [Some(Dialect::PokerTh), Some(Dialect::PokerTh2007)],
    };
    order.into_iter().flatten()
}

/// Whether message `m` of type `id`, parsed as dialect `d`, decides the
/// stream's dialect. `other_failed`: an earlier dialect could not parse
/// it.
fn tells(d: Dialect, id: u16, m: &Message, other_failed: bool) -> Option<Dialect> {
    match m {
        Message::Init(i) if (2..=5).contains(&i.requested_version_major) => {
            return Some(Dialect::PokerTh)
        }
        Message::JoinGame2007(j) if j.requested_version_major == 1 => {
            return Some(Dialect::PokerTh2007)
        }
        _ => {}
    }
    let other = match d {
        Dialect::PokerTh => Dialect::PokerTh2007,
        Dialect::PokerTh2007 => Dialect::PokerTh,
    };
    if lookup(other, id).is_none() {
        return Some(d);
    }
    (d == Dialect::PokerTh2007 && other_failed).then_some(Dialect::PokerTh2007)
}

/// Parses one whole message (header included; `msg.len()` is the header's
/// length) as dialect `d`: the message (its notes go to `cx`, and its
/// spans when the recorder is on); or why it is not one. Notes about the
/// message as a whole (its length against the dialect's maximum, a length
/// that is not a multiple of 4) are [`parse`]'s.
pub(super) fn parse_in(d: Dialect, msg: &[u8], cx: &mut Cx) -> Result<Message, String> {
    if msg.len() < HEADER_LEN {
        return Err(format!("{} bytes cannot hold a header", msg.len()));
    }
    let id = u16::from_be_bytes([msg[0], msg[1]]);
    let Some(spec) = lookup(d, id) else {
        return Err(format!("unknown message type {id} in {}", d.name()));
    };
    let len = msg.len();
    match spec.size {
        Size::Fixed(want) if len != want => {
            let mut e = format!("{} must be {want} bytes long, not {len}", spec.name);
            if d == Dialect::PokerTh && id == 115 && len == 16 {
                e.push_str(" (the spec says 16, but its diagram and the code have 20)");
            }
            if d == Dialect::PokerTh2007 && id == 2 && len == 12 {
                e.push_str(" (the spec says 12, but its diagram and the code have 24)");
            }
            return Err(e);
        }
        Size::Min(min) | Size::Exact(min) if len < min => {
            return Err(format!(
                "{} must be at least {min} bytes long, not {len}",
                spec.name
            ));
        }
        _ => {}
    }
    let body = &msg[HEADER_LEN..];
    cx.spans.read("type_id", msg, &msg[2..]);
    cx.spans.read("len", &msg[2..], body);
    cx.spans.open("fields", body);
    let (rest, message) = (spec.parse)(body, cx).map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => f.0,
        nom::Err::Incomplete(_) => "the message ends early".to_string(),
    })?;
    cx.spans.close(rest);
    if !rest.is_empty() {
        let used = len - rest.len();
        match spec.size {
            // The 2007 code appended two zero bytes to these two messages.
            Size::Min(_) if d == Dialect::PokerTh2007 && rest == [0, 0] => {}
            Size::Min(_) => cx.push(Note::PokerThTrailingBytes { count: rest.len() }),
            Size::Exact(_) | Size::Fixed(_) => {
                return Err(format!(
                    "{} bytes after the last field: the counts give {used} bytes, the header {len}",
                    rest.len()
                ));
            }
        }
    }
    Ok(message)
}
