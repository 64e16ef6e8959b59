//! nom parsers from the bytes of one card game message to a [`Message`].
//!
//! Errors: a wrong size, an unknown opcode, a STRING whose length does not
//! match the message. Odd values are notes: a card id past 95, an unknown
//! place, image, stage, WHO or DEAL, a detail byte where the place has
//! none, a STRING that is not UTF-8 or holds control characters.

use super::framing::{fixed_len, string_header, SCORE_HEAD};
use super::messages::*;
use crate::protocols::span::{NoSpans, Recorder};
use crate::protocols::{Dialect, Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;
use nom::bytes::complete::take;
use nom::number::complete::{be_u16, u8 as byte};
use nom::IResult;

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
    let mut cx: Cx = Cx::default();
    match parse_in(msg, &mut cx) {
        Ok(message) => Ok(Parsed {
            type_id: u32::from(message.opcode()),
            message,
            notes: cx.notes,
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
    let mut cx: Cx = Cx::default();
    let message = parse_in(msg, &mut cx)?;
    Ok(ParsedMessage {
        message,
        notes: cx.notes,
    })
}

/// What a parse collects beside the message: its notes, and where each
/// field lies, recorded to `R`: [`NoSpans`] while decoding (the recording
/// compiles away), the detail view's recorder in [`super::spans`].
#[derive(Debug, Default)]
pub struct Cx<R = NoSpans> {
    /// Notes for the record.
    pub notes: Vec<Note>,
    /// Each field's bytes.
    pub spans: R,
}

impl<R: Recorder> Cx<R> {
    /// Field `key`, read by `p` from `i`.
    #[inline(always)]
    fn field<'a, T>(
        &mut self,
        key: &str,
        i: &'a [u8],
        p: fn(&'a [u8]) -> Res<'a, T>,
    ) -> Res<'a, T> {
        let (rest, v) = p(i)?;
        self.spans.read(key, i, rest);
        Ok((rest, v))
    }
}

/// [`parse_message`] into `cx`.
pub(super) fn parse_in<R: Recorder>(msg: &[u8], cx: &mut Cx<R>) -> Result<Message, String> {
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
    let body = &msg[1..];
    cx.spans.read("type_id", msg, body);
    cx.spans.open("fields", body);
    let parsed = match opcode {
        0x0a => score(msg, cx)?,
        _ => fixed(opcode, body, cx).map_err(|e| format!("{name}: {e}"))?,
    };
    let (rest, message) = parsed;
    cx.spans.close(rest);
    check(&message, &mut cx.notes);
    Ok(message)
}

/// The body of a message of fixed size (all but Score).
fn fixed<'a, R: Recorder>(opcode: u8, body: &'a [u8], cx: &mut Cx<R>) -> Res<'a, Message> {
    match opcode {
        0x01 => (cx.field("deal", body, byte))
            .map(|(i, deal)| (i, Message::Reset(Reset { deal: Deal(deal) }))),
        0x02 => card_loc(body, cx).map(|(i, m)| (i, Message::Teleport(m))),
        0x03 => card_loc(body, cx).map(|(i, m)| (i, Message::Move(m))),
        0x04 => set_image(body, cx).map(|(i, m)| (i, Message::SetImage(m))),
        0x05 => (cx.field("milliseconds", body, be_u16))
            .map(|(i, ms)| (i, Message::Delay(Delay { milliseconds: ms }))),
        0x06 => card_only(body, cx).map(|(i, m)| (i, Message::Raise(m))),
        0x07 => card_only(body, cx).map(|(i, m)| (i, Message::Lower(m))),
        0x08 => Ok((body, Message::WaitAnimations(WaitAnimations {}))),
        0x09 => (cx.field("stage", body, byte))
            .map(|(i, s)| (i, Message::Stage(StageChange { stage: Stage(s) }))),
        _ => card_only(body, cx).map(|(i, m)| (i, Message::PlayCard(m))),
    }
}

fn card_loc<'a, R: Recorder>(i: &'a [u8], cx: &mut Cx<R>) -> Res<'a, CardLoc> {
    let (i, card) = cx.field("card", i, byte)?;
    cx.spans.open("loc", i);
    let (i, place) = cx.field("place", i, byte)?;
    let (i, detail) = cx.field("detail", i, byte)?;
    cx.spans.close(i);
    let loc = Loc {
        place: Place(place),
        detail,
    };
    Ok((i, CardLoc { card, loc }))
}

fn set_image<'a, R: Recorder>(i: &'a [u8], cx: &mut Cx<R>) -> Res<'a, SetImage> {
    let (i, card) = cx.field("card", i, byte)?;
    let (i, image) = cx.field("image", i, byte)?;
    let image = Image(image);
    Ok((i, SetImage { card, image }))
}

fn card_only<'a, R: Recorder>(i: &'a [u8], cx: &mut Cx<R>) -> Res<'a, CardOnly> {
    let (i, card) = cx.field("card", i, byte)?;
    Ok((i, CardOnly { card }))
}

/// Score: WHO INT(s) INT(d) STRING(WHAT); the STRING (its length and its
/// bytes: the key `what`) must end the message.
fn score<'a, R: Recorder>(msg: &'a [u8], cx: &mut Cx<R>) -> Result<(&'a [u8], Message), String> {
    let short = |_| {
        let n = msg.len();
        format!("Score is at least {} bytes, {n} given", SCORE_HEAD + 1)
    };
    let body = msg.get(1..).unwrap_or_default();
    let (i, who) = cx.field("who", body, byte).map_err(short)?;
    let (i, total) = cx.field("total", i, be_u16).map_err(short)?;
    let (rest, increase) = cx.field("increase", i, be_u16).map_err(short)?;
    let Some((hlen, len)) = string_header(rest) else {
        return Err("Score: the STRING's length is missing".to_owned());
    };
    let text = &rest[hlen..];
    if text.len() != len {
        let n = text.len();
        return Err(format!("Score: the STRING says {len} bytes, {n} follow"));
    }
    let taken: Res<'_, &[u8]> = take(len)(text);
    let (end, what) = match taken {
        Ok((end, bytes)) => (end, text_of(bytes, &mut cx.notes)),
        Err(e) => return Err(format!("Score: {e}")),
    };
    cx.spans.read("what", rest, end);
    let m = Message::Score(Score {
        who: Who(who),
        total,
        increase,
        what,
        other_total: None,
    });
    Ok((end, m))
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
