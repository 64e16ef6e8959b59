//! nom parsers from the bytes of one GLS event to a [`Message`].
//!
//! The layout never fails once the size is right (every field is a fixed
//! number of bytes), so an error means a wrong size or an unknown type.
//! Odd contents are notes: a string with no NUL (the whole field is taken),
//! text the spec forbids, a location outside A1..H8, a color past purple,
//! color 0 where a color is required, a die of 25 or more, unused flags.
//! Bytes after a string's NUL are ignored: the reference writers leave
//! garbage there.

use super::framing::{payload_len, HEADER_LEN};
use super::messages::*;
use crate::protocols::span::Spans;
use crate::protocols::{Dialect, Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;
use nom::bytes::complete::take;
use nom::number::complete::{be_u16, be_u32, be_u64};
use nom::{IResult, Parser};

/// One parsed event and what is odd about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedEvent {
    /// The event.
    pub message: Message,
    /// Notes for the record.
    pub notes: Vec<Note>,
    /// Set when a note shows contents real GLS software would not send
    /// (no NUL, control characters, bad location, color, die or flags):
    /// the probe refuses such events.
    pub implausible: bool,
}

/// Parses one whole event (header included, exactly the framed bytes), as
/// every protocol's `parsing::parse` does. GLS has one dialect and reads
/// both directions alike: `dialect` and `dir` are not read (the decoder
/// checks the direction).
pub fn parse(_dialect: Option<Dialect>, _dir: Direction, msg: &[u8]) -> ParseResult<Message> {
    // parse_in, not parse_event: the message is not moved through a
    // ParsedEvent on the way.
    let mut cx = Context::default();
    match parse_in(msg, &mut cx) {
        Ok(message) => Ok(Parsed {
            type_id: message.type_id(),
            message,
            notes: cx.notes,
            dialect: None,
        }),
        Err(reason) => {
            let type_id = msg.first_chunk::<4>().map_or(0, |h| u32::from_be_bytes(*h));
            Err(ParseError::new(type_id, event_name(type_id), reason))
        }
    }
}

/// Parses one whole event (header included, exactly the framed bytes),
/// with what the probe wants to know ([`ParsedEvent::implausible`]).
pub fn parse_event(msg: &[u8]) -> Result<ParsedEvent, String> {
    let mut cx = Context::default();
    let message = parse_in(msg, &mut cx)?;
    Ok(ParsedEvent {
        message,
        notes: cx.notes,
        implausible: cx.implausible,
    })
}

/// [`parse_event`] into `cx`.
pub(super) fn parse_in(msg: &[u8], cx: &mut Context) -> Result<Message, String> {
    let (payload, event_type) = be_u32::<_, nom::error::Error<&[u8]>>(msg)
        .map_err(|_| "shorter than the 4-byte event type".to_string())?;
    let (Some(name), Some(size)) = (event_name(event_type), payload_len(event_type)) else {
        return Err(format!("unknown GLS event type {event_type}"));
    };
    if payload.len() != size {
        return Err(format!(
            "{name} is {} bytes, {} given",
            HEADER_LEN + size,
            msg.len()
        ));
    }
    cx.spans.read("type_id", msg, payload);
    cx.spans.open("fields", payload);
    let (rest, message) = match parse_payload(event_type, payload, cx) {
        Ok(parsed) => parsed,
        Err(e) => return Err(format!("{name}: {e}")),
    };
    cx.spans.close(rest);
    Ok(message)
}

type Res<'a, T> = IResult<&'a [u8], T>;

fn parse_payload<'a>(t: u32, i: &'a [u8], cx: &mut Context) -> Res<'a, Message> {
    Ok(match t {
        1 => {
            let (i, m) = protover(i, cx)?;
            (i, Message::Protover(m))
        }
        2 => {
            let (i, ack) = cx.num("ack", i, be_u16)?;
            let (i, reason) = take(64usize)(i)?;
            let (i, p) = protover(i, cx)?;
            let reason = cx.text("reason", reason);
            if ack == 0 && reason.is_empty() {
                cx.note(Note::GlsRejectionWithoutReason);
            }
            let m = Protoverack {
                ack,
                reason,
                magic: p.magic,
                version: p.version,
                software: p.software,
            };
            (i, Message::Protoverack(m))
        }
        3 => {
            let (i, nick) = take(32usize)(i)?;
            let nick = cx.nick("nick", nick, false);
            (i, Message::NickReq(NickReq { nick }))
        }
        4 => {
            let (i, (nick, reason)) = (take(32usize), take(64usize)).parse(i)?;
            let nick = cx.nick("nick", nick, true);
            let reason = cx.text("reason", reason);
            if nick.is_empty() && reason.is_empty() {
                cx.note(Note::GlsNickRejectionWithoutReason);
            } else if !nick.is_empty() && !reason.is_empty() {
                cx.note(Note::GlsReasonWithNick);
            }
            (i, Message::NickSet(NickSet { nick, reason }))
        }
        5 => {
            let (i, (old, new)) = (take(32usize), take(32usize)).parse(i)?;
            let m = NickChange {
                old_nick: cx.text("old_nick", old),
                new_nick: cx.text("new_nick", new),
            };
            (i, Message::NickChange(m))
        }
        6 | 7 => {
            let (i, nick) = take(32usize)(i)?;
            let p = Player {
                nick: cx.text("nick", nick),
            };
            (
                i,
                if t == 6 {
                    Message::PlayerJoin(p)
                } else {
                    Message::PlayerPart(p)
                },
            )
        }
        8 => {
            let (i, reason) = take(64usize)(i)?;
            let reason = cx.text("reason", reason);
            (i, Message::Shutdown(Shutdown { reason }))
        }
        9 => {
            let (i, message) = take(256usize)(i)?;
            let message = cx.printable("message", message);
            (i, Message::Say1(Say1 { message }))
        }
        10 => {
            let (i, nick) = take(32usize)(i)?;
            let (i, time) = cx.num("time", i, be_u64)?;
            let (i, message) = take(256usize)(i)?;
            let m = Say2 {
                nick: cx.text("nick", nick),
                time,
                time_utc: cx.time(time),
                message: cx.printable("message", message),
            };
            (i, Message::Say2(m))
        }
        11 => {
            let (i, motd) = take(256usize)(i)?;
            let motd = cx.printable("motd", motd);
            (i, Message::SyncEnd(SyncEnd { motd }))
        }
        12 => {
            let (i, (abbrev, description, name, loc)) =
                (take(4usize), take(256usize), take(64usize), take(3usize)).parse(i)?;
            let (i, flags) = cx.num("flags", i, be_u32)?;
            let m = PlatePlace {
                abbrev: cx.printable("abbrev", abbrev),
                description: cx.printable("description", description),
                name: cx.printable("name", name),
                loc: cx.loc(loc),
                flags: cx.flags(flags),
            };
            (i, Message::PlatePlace(m))
        }
        13 => {
            let (i, loc) = take(3usize)(i)?;
            let (i, color) = cx.num("color", i, be_u32)?;
            let m = DiePlaceTry {
                loc: cx.loc(loc),
                color: cx.color(color, false),
            };
            (i, Message::DiePlaceTry(m))
        }
        14 => {
            let (i, loc) = take(3usize)(i)?;
            let (i, color) = cx.num("color", i, be_u32)?;
            let (i, reason) = take(64usize)(i)?;
            let m = DiePlaceReject {
                loc: cx.loc(loc),
                color: cx.color(color, false),
                reason: cx.text("reason", reason),
            };
            (i, Message::DiePlaceReject(m))
        }
        15 => {
            let (i, loc) = take(3usize)(i)?;
            let (i, color) = cx.num("color", i, be_u32)?;
            let (i, nick) = take(32usize)(i)?;
            let (i, die) = cx.num("die", i, be_u32)?;
            let m = DiePlace {
                loc: cx.loc(loc),
                color: cx.color(color, true),
                nick: cx.text("nick", nick),
                die: cx.die(die),
            };
            (i, Message::DiePlace(m))
        }
        _ => {
            return Err(nom::Err::Failure(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Switch,
            )))
        }
    })
}

/// The Protocol Version Exchange fields (alone, or inside Protoverack).
fn protover<'a>(i: &'a [u8], cx: &mut Context) -> Res<'a, Protover> {
    let (i, (magic, version, software)) = (take(4usize), take(16usize), take(32usize)).parse(i)?;
    let magic = cx.text("magic", magic);
    if magic != "GLS" {
        cx.odd(Note::GlsBadMagic {
            magic: magic.clone(),
        });
    }
    let m = Protover {
        magic,
        version: cx.text("version", version),
        software: cx.text("software", software),
    };
    Ok((i, m))
}

/// True for "A1" .. "H8".
pub fn is_valid_loc(loc: &str) -> bool {
    matches!(loc.as_bytes(), [b'A'..=b'H', b'1'..=b'8'])
}

/// Collects notes while one event is converted, and where each field
/// lies when the detail view asks ([`super::spans`]).
#[derive(Default)]
pub(super) struct Context {
    notes: Vec<Note>,
    implausible: bool,
    /// Each field's bytes (off while decoding).
    pub(super) spans: Spans,
}

impl Context {
    /// A context whose spans go to `spans`.
    pub(super) fn with_spans(spans: Spans) -> Context {
        Context {
            spans,
            ..Context::default()
        }
    }

    /// Number `key`, read by `p` from `i`.
    fn num<'a, T>(&mut self, key: &str, i: &'a [u8], p: fn(&'a [u8]) -> Res<'a, T>) -> Res<'a, T> {
        let (rest, v) = p(i)?;
        self.spans.read(key, i, rest);
        Ok((rest, v))
    }

    fn note(&mut self, note: Note) {
        self.notes.push(note);
    }

    /// A note about contents no real sender produces.
    fn odd(&mut self, note: Note) {
        self.implausible = true;
        self.note(note);
    }

    /// A fixed-size C string `field`: the bytes before the first NUL (its
    /// bytes are the whole field).
    fn text(&mut self, field: &'static str, bytes: &[u8]) -> String {
        self.spans.bytes(field, bytes);
        let value = match bytes.iter().position(|&b| b == 0) {
            Some(end) => &bytes[..end],
            None => {
                self.odd(Note::GlsNoNul {
                    field,
                    size: bytes.len(),
                });
                bytes
            }
        };
        match std::str::from_utf8(value) {
            Ok(s) => {
                // ASCII text (the usual case) is checked a byte at a time;
                // its control characters are those below 0x20 and 0x7f.
                let control = if s.is_ascii() {
                    s.bytes().any(|b| b < 0x20 || b == 0x7f)
                } else {
                    s.chars().any(char::is_control)
                };
                if control {
                    self.odd(Note::GlsControlCharacters { field });
                }
                s.to_owned()
            }
            Err(_) => {
                self.odd(Note::GlsInvalidUtf8 { field });
                String::from_utf8_lossy(value).into_owned()
            }
        }
    }

    /// A string the spec says is printable ASCII only.
    fn printable(&mut self, field: &'static str, bytes: &[u8]) -> String {
        let s = self.text(field, bytes);
        if !s.bytes().all(|b| (0x20..0x7f).contains(&b)) && !s.chars().any(char::is_control) {
            self.note(Note::GlsNotPrintable { field });
        }
        s
    }

    /// A nickname: alphanumeric, and not empty unless `may_be_empty`.
    fn nick(&mut self, field: &'static str, bytes: &[u8], may_be_empty: bool) -> String {
        let s = self.text(field, bytes);
        if s.is_empty() && !may_be_empty {
            self.note(Note::GlsEmptyNick { field });
        } else if !s.bytes().all(|b| b.is_ascii_alphanumeric()) {
            self.note(Note::GlsNickNotAlphanumeric { field });
        }
        s
    }

    fn loc(&mut self, bytes: &[u8]) -> String {
        let s = self.text("loc", bytes);
        if !is_valid_loc(&s) {
            self.odd(Note::GlsBadLocation { loc: s.clone() });
        }
        s
    }

    fn color(&mut self, value: u32, required: bool) -> Color {
        if value > COLOR_MAX {
            self.odd(Note::GlsColorOutOfRange { value });
        } else if value == 0 && required {
            self.odd(Note::GlsMissingColor);
        }
        Color(value)
    }

    fn die(&mut self, value: u32) -> u32 {
        if value >= DIE_MAX {
            self.odd(Note::GlsDieOutOfRange { value });
        }
        value
    }

    fn flags(&mut self, value: u32) -> PlateFlags {
        if value & !1 != 0 {
            self.odd(Note::GlsUnusedFlags { value });
        }
        PlateFlags(value)
    }

    fn time(&mut self, secs: u64) -> Option<String> {
        /// 9999-12-31T23:59:59Z: RFC 3339 years have four digits.
        const LAST: u64 = 253_402_300_799;
        if secs > LAST {
            self.note(Note::GlsTimeOutOfRange { secs });
            return None;
        }
        let secs = i64::try_from(secs).ok()?;
        Some(crate::capture::Timestamp::new(secs, 0).rfc3339())
    }
}
