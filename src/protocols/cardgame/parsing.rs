//! nom parsers from the bytes of one card game message to a [`Message`].
//!
//! Errors: a wrong size, an unknown opcode, a STRING whose length does not
//! match the message. Odd values are notes: a card id past 95, an unknown
//! place, image, stage, WHO or DEAL, a detail byte where the place has
//! none, a STRING that is not UTF-8 or holds control characters.

use super::framing::{fixed_len, string_header, SCORE_HEAD};
use super::messages::*;
use crate::protocols::{Dialect, Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;
use nom::bytes::complete::take;
use nom::number::complete::{be_u16, u8 as byte};
use nom::{IResult, Parser};

/// One parsed message and what is odd about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedMessage {
    /// The message.
    pub message: Message,
    /// Notes for the record.
    pub notes: Vec<Note>,
}

type Res<'a, T> = IResult<&'a [u8], T>;

/// Parses one whole message (exactly the framed bytes), as every
/// protocol's `parsing::parse` does. The card game has one dialect and
/// reads both directions alike: `dialect` and `dir` are not read (the
/// decoder checks the direction).
pub fn parse(_dialect: Option<Dialect>, _dir: Direction, msg: &[u8]) -> ParseResult<Message> {
    match parse_message(msg) {
        Ok(parsed) => Ok(Parsed {
            type_id: u32::from(parsed.message.opcode()),
            message: parsed.message,
            notes: parsed.notes,
            dialect: None,
        }),
        Err(reason) => {
            let opcode = msg.first().copied().unwrap_or(0);
            Err(ParseError::new(
                u32::from(opcode),
                opcode_name(opcode),
                reason,
            ))
        }
    }
}

/// Parses one whole message (exactly the framed bytes).
pub fn parse_message(msg: &[u8]) -> Result<ParsedMessage, String> {
    let Some(&opcode) = msg.first() else {
        return Err("empty message".to_owned());
    };
    let Some(name) = opcode_name(opcode) else {
        return Err(format!("unknown card game opcode {opcode:#04x}"));
    };
    if let Some(len) = fixed_len(opcode) {
        if msg.len() != len {
            return Err(format!("{name} is {len} bytes, {} given", msg.len()));
        }
    }
    let mut notes = Vec::new();
    let body = &msg[1..];
    let parsed = match opcode {
        0x01 => byte(body).map(|(i, deal)| (i, Message::Reset(Reset { deal: Deal(deal) }))),
        0x02 => card_loc(body).map(|(i, m)| (i, Message::Teleport(m))),
        0x03 => card_loc(body).map(|(i, m)| (i, Message::Move(m))),
        0x04 => (byte, byte).parse(body).map(|(i, (card, image))| {
            (
                i,
                Message::SetImage(SetImage {
                    card,
                    image: Image(image),
                }),
            )
        }),
        0x05 => be_u16(body).map(|(i, ms)| (i, Message::Delay(Delay { milliseconds: ms }))),
        0x06 => card_only(body).map(|(i, m)| (i, Message::Raise(m))),
        0x07 => card_only(body).map(|(i, m)| (i, Message::Lower(m))),
        0x08 => Ok((body, Message::WaitAnimations(WaitAnimations {}))),
        0x09 => byte(body).map(|(i, s)| (i, Message::Stage(StageChange { stage: Stage(s) }))),
        0x0a => return score(msg, &mut notes).map(|message| ParsedMessage { message, notes }),
        _ => card_only(body).map(|(i, m)| (i, Message::PlayCard(m))),
    };
    let message = match parsed {
        Ok((_, m)) => m,
        Err(e) => return Err(format!("{name}: {e}")),
    };
    check(&message, &mut notes);
    Ok(ParsedMessage { message, notes })
}

fn card_loc(i: &[u8]) -> Res<'_, CardLoc> {
    let (i, (card, place, detail)) = (byte, byte, byte).parse(i)?;
    let loc = Loc {
        place: Place(place),
        detail,
    };
    Ok((i, CardLoc { card, loc }))
}

fn card_only(i: &[u8]) -> Res<'_, CardOnly> {
    let (i, card) = byte(i)?;
    Ok((i, CardOnly { card }))
}

/// Score: WHO INT(s) INT(d) STRING(WHAT); the STRING must end the message.
fn score(msg: &[u8], notes: &mut Vec<Note>) -> Result<Message, String> {
    let body = msg.get(1..).unwrap_or_default();
    let head: Res<'_, (u8, u16, u16)> = (byte, be_u16, be_u16).parse(body);
    let Ok((rest, (who, total, increase))) = head else {
        return Err(format!(
            "Score is at least {} bytes, {} given",
            SCORE_HEAD + 1,
            msg.len()
        ));
    };
    let Some((hlen, len)) = string_header(rest) else {
        return Err("Score: the STRING's length is missing".to_owned());
    };
    let text = &rest[hlen..];
    if text.len() != len {
        return Err(format!(
            "Score: the STRING says {len} bytes, {} follow",
            text.len()
        ));
    }
    let taken: Res<'_, &[u8]> = take(len)(text);
    let what = match taken {
        Ok((_, bytes)) => text_of(bytes, notes),
        Err(e) => return Err(format!("Score: {e}")),
    };
    let m = Message::Score(Score {
        who: Who(who),
        total,
        increase,
        what,
        other_total: None,
    });
    check(&m, notes);
    Ok(m)
}

fn text_of(bytes: &[u8], notes: &mut Vec<Note>) -> String {
    let s = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => {
            notes.push(Note::CardGameInvalidUtf8);
            String::from_utf8_lossy(bytes).into_owned()
        }
    };
    if s.chars().any(char::is_control) {
        notes.push(Note::CardGameControlCharacters);
    }
    s
}

/// Notes on values outside the documented ranges.
fn check(m: &Message, notes: &mut Vec<Note>) {
    let card = |c: u8, notes: &mut Vec<Note>| {
        if c > MAX_CARD {
            notes.push(Note::CardGameCardOutOfRange { card: c });
        }
    };
    match m {
        Message::Reset(r) if !r.deal.is_known() => {
            notes.push(Note::CardGameUnknownDeal { value: r.deal.0 });
        }
        Message::Teleport(c) | Message::Move(c) => {
            card(c.card, notes);
            if !c.loc.place.is_known() {
                notes.push(Note::CardGameUnknownPlace {
                    value: c.loc.place.0,
                });
            } else if !c.loc.has_detail() && c.loc.detail != 0 {
                notes.push(Note::CardGameUnexpectedDetail {
                    detail: c.loc.detail,
                });
            }
        }
        Message::SetImage(s) => {
            card(s.card, notes);
            if !s.image.is_known() {
                notes.push(Note::CardGameImageOutOfRange { value: s.image.0 });
            }
        }
        Message::Raise(c) | Message::Lower(c) | Message::PlayCard(c) => card(c.card, notes),
        Message::Stage(s) if !s.stage.is_known() => {
            notes.push(Note::CardGameUnknownStage { value: s.stage.0 });
        }
        Message::Score(s) => {
            if !s.who.is_known() {
                notes.push(Note::CardGameUnknownPlayer { value: s.who.0 });
            }
            if s.total < s.increase {
                notes.push(Note::CardGameTotalBelowIncrease {
                    total: s.total,
                    increase: s.increase,
                });
            }
        }
        _ => {}
    }
}
