//! The wire types of attributes, each a nom parser from the payload bytes
//! to the attribute's value ([`Wire`]), named by [`WireKind`] in the packet
//! tables. Every count and length is checked against the bytes left before
//! anything is read or allocated.

use super::{parse_nested, pyliteral, Cx, PResult, PacketRecorder};
use crate::protocols::pokernetwork::messages::{
    self as m, BoolString, PlayerEntry, PnCard, Record, SitNGo,
};
use crate::protocols::Note;
use nom::bytes::complete::take;
use nom::number::complete::{be_i32, be_u16, be_u32, be_u64, be_u8};
use nom::Parser;
use serde_json::Value;

/// How an attribute travels, as the seed's "attributes:" lists say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WireKind {
    /// `unsigned char (1 byte)`.
    U8,
    /// `unsigned short (2 bytes)`.
    U16,
    /// `unsigned int (4 bytes)` (also chips "list of pairs": one total).
    U32,
    /// `unsigned long long (8 bytes)`.
    U64,
    /// `unsigned char (1 byte, -1 encoded as 255)`.
    M1,
    /// `unsigned char (1 byte, None/NULL encoded as 255)`.
    Opt,
    /// `unsigned char (1 byte, true = 1 false = 0)`.
    Bool,
    /// The tournament `sit_n_go` byte: 1 for 'y'.
    YesNo,
    /// `string`: u16 length + bytes (UTF-8).
    Str,
    /// `bool string`: a string with the special values `_TRUE` / `_FALSE`.
    BoolStr,
    /// `json`: u16 length + JSON text.
    Json,
    /// A string holding a Python literal (the hand history).
    PyLit,
    /// A list of numbers: u8 count + u8 each.
    ListU8,
    /// A list of numbers: u8 count + u32 each.
    ListU32,
    /// A list of signed numbers: u8 count + i32 each (164 `chips`).
    ListI32,
    /// A list of cards: u8 count + one byte per card.
    Cards,
    /// `money`: u16 count of (u32, u64, u64, u64).
    Money,
    /// `players`: u16 count of (u16-length name, u32 chips, u8 flags).
    Players,
    /// `packet list`: u16 count of whole packets, each with its header.
    Packets,
    /// A u32 the last release appends and older ones do not send.
    Trail,
    /// 113's `schedule_serial`: a u32 the last release sends before the
    /// final string `description_long`, absent in the older layout.
    Sched113,
}

impl WireKind {
    /// The fewest and the most payload bytes this attribute can take
    /// (`None`: no useful bound).
    pub fn size_range(self) -> (usize, Option<usize>) {
        use WireKind::*;
        match self {
            U8 | M1 | Opt | Bool | YesNo => (1, Some(1)),
            U16 => (2, Some(2)),
            U32 => (4, Some(4)),
            U64 => (8, Some(8)),
            Str | BoolStr | Json | PyLit => (2, Some(2 + 0xffff)),
            ListU8 | Cards => (1, Some(1 + 255)),
            ListU32 | ListI32 => (1, Some(1 + 255 * 4)),
            Money => (2, Some(2 + 0xffff * 28)),
            Players | Packets => (2, None),
            Trail | Sched113 => (0, Some(4)),
        }
    }
}

/// An attribute's wire type: a nom parser to its value.
pub trait Wire {
    /// The decoded value.
    type Value;
    /// Parses one attribute; `cx.field` names it (for notes and errors).
    fn parse<'a, R: PacketRecorder>(i: &'a [u8], cx: &mut Cx<R>) -> PResult<'a, Self::Value>;
}

macro_rules! wire {
    ($(#[$meta:meta])* $name:ident -> $ty:ty, |$i:ident, $cx:ident| $body:expr) => {
        $(#[$meta])*
        pub enum $name {}
        impl Wire for $name {
            type Value = $ty;
            #[inline]
            fn parse<'a, R: PacketRecorder>($i: &'a [u8], $cx: &mut Cx<R>) -> PResult<'a, $ty> {
                $body
            }
        }
    };
}

wire! {
    /// See [`WireKind::U8`].
    U8 -> u8, |i, _cx| be_u8(i)
}

wire! {
    /// See [`WireKind::U16`].
    U16 -> u16, |i, _cx| be_u16(i)
}

wire! {
    /// See [`WireKind::U32`].
    U32 -> u32, |i, _cx| be_u32(i)
}

wire! {
    /// See [`WireKind::U64`].
    U64 -> u64, |i, _cx| be_u64(i)
}

wire! {
    /// See [`WireKind::M1`].
    M1 -> i16, |i, _cx| be_u8.map(|b| if b == 255 { -1 } else { i16::from(b) }).parse(i)
}

wire! {
    /// See [`WireKind::Opt`].
    Opt -> Option<u8>, |i, _cx| be_u8.map(|b| (b != 255).then_some(b)).parse(i)
}

wire! {
    /// See [`WireKind::Bool`].
    Bool -> bool, |i, cx| {
        let (i, b) = be_u8(i)?;
        if b > 1 {
            cx.note(Note::PokerNetworkBoolByte { field: cx.field, byte: b });
        }
        Ok((i, b != 0))
    }
}

wire! {
    /// See [`WireKind::YesNo`].
    YesNo -> SitNGo, |i, cx| {
        let (i, b) = be_u8(i)?;
        if b > 1 {
            cx.note(Note::PokerNetworkYesNoByte { field: cx.field, byte: b });
        }
        Ok((i, SitNGo(b)))
    }
}

wire! {
    /// See [`WireKind::Str`].
    Str -> String, |i, cx| text(i, cx)
}

wire! {
    /// See [`WireKind::BoolStr`].
    BoolStr -> BoolString, |i, cx| {
        let (i, s) = text(i, cx)?;
        Ok((i, BoolString::from_wire(s)))
    }
}

wire! {
    /// See [`WireKind::Json`].
    Json -> Value, |i, cx| {
        let (i, s) = text(i, cx)?;
        match serde_json::from_str(&s) {
            Ok(v) => Ok((i, v)),
            Err(e) => {
                cx.note(Note::PokerNetworkInvalidJson { field: cx.field, error: e.to_string() });
                Ok((i, Value::String(s)))
            }
        }
    }
}

wire! {
    /// See [`WireKind::PyLit`].
    PyLit -> Value, |i, cx| {
        let (i, s) = text(i, cx)?;
        match pyliteral::parse(&s) {
            Ok(v) => Ok((i, v)),
            Err(e) => {
                cx.note(Note::PokerNetworkInvalidLiteral { field: cx.field, error: e.to_string() });
                Ok((i, Value::String(s)))
            }
        }
    }
}

wire! {
    /// See [`WireKind::ListU8`].
    ListU8 -> Vec<u8>, |i, cx| short_list(i, cx, 1, be_u8)
}

wire! {
    /// See [`WireKind::ListU32`].
    ListU32 -> Vec<u32>, |i, cx| short_list(i, cx, 4, be_u32)
}

wire! {
    /// See [`WireKind::ListI32`].
    ListI32 -> Vec<i32>, |i, cx| short_list(i, cx, 4, be_i32)
}

wire! {
    /// See [`WireKind::Cards`].
    Cards -> m::Cards, |i, cx| {
        let (i, bytes) = short_list(i, cx, 1, be_u8)?;
        let cards: Vec<PnCard> = bytes.into_iter().map(PnCard::from_wire).collect();
        for c in &cards {
            if let PnCard::Invalid(b) = c {
                cx.note(Note::PokerNetworkNotACard { field: cx.field, byte: *b });
            }
        }
        Ok((i, m::Cards(cards)))
    }
}

wire! {
    /// See [`WireKind::Money`].
    Money -> Vec<m::Money>, |i, cx| {
        let (mut i, n) = long_count(i, cx, 28)?;
        let mut list = Vec::with_capacity(n);
        for k in 0..n {
            cx.spans.open_item(k, i);
            let (rest, currency_serial) = cx.num("currency_serial", i, be_u32)?;
            let (rest, money) = cx.num("money", rest, be_u64)?;
            let (rest, in_game) = cx.num("in_game", rest, be_u64)?;
            let (rest, points) = cx.num("points", rest, be_u64)?;
            cx.spans.close(rest);
            list.push(m::Money { currency_serial, money, in_game, points });
            i = rest;
        }
        Ok((i, list))
    }
}

wire! {
    /// See [`WireKind::Players`].
    Players -> Vec<PlayerEntry>, |i, cx| {
        let (mut i, n) = long_count(i, cx, 7)?;
        let mut players = Vec::new();
        for k in 0..n {
            cx.spans.open_item(k, i);
            let (rest, name) = text(i, cx)?;
            cx.spans.read("name", i, rest);
            let (rest, chips) = cx.num("chips", rest, be_u32)?;
            let (rest, flags) = cx.num("flags", rest, be_u8)?;
            cx.spans.close(rest);
            players.push(PlayerEntry { name, chips, flags });
            i = rest;
        }
        Ok((i, players))
    }
}

wire! {
    /// See [`WireKind::Packets`].
    Packets -> Vec<Record>, |i, cx| {
        if cx.depth >= super::MAX_DEPTH {
            return cx.fail(i, format!("packet lists nested deeper than {}", super::MAX_DEPTH));
        }
        let (mut i, n) = long_count(i, cx, super::HEADER_LEN)?;
        let mut records = Vec::new();
        for k in 0..n {
            let (rest, record) = parse_nested(i, cx, k)?;
            records.push(record);
            i = rest;
        }
        Ok((i, records))
    }
}

wire! {
    /// See [`WireKind::Trail`].
    Trail -> Option<u32>, |i, cx| {
        if i.is_empty() {
            cx.note(Note::PokerNetworkOlderLayout { field: cx.field });
            return Ok((i, None));
        }
        be_u32.map(Some).parse(i)
    }
}

wire! {
    /// See [`WireKind::Sched113`].
    Sched113 -> Option<u32>, |i, cx| {
        // The older layout has only `description_long` left: one string
        // filling the rest exactly.
        if let Ok((_, len)) = be_u16::<_, nom::error::Error<&[u8]>>(i) {
            if usize::from(len) + 2 == i.len() {
                cx.note(Note::PokerNetworkOlderLayout { field: cx.field });
                return Ok((i, None));
            }
        }
        be_u32.map(Some).parse(i)
    }
}

/// A string: u16 length + bytes, decoded as UTF-8 (invalid sequences are
/// replaced, with a note).
pub(super) fn text<'a, R: PacketRecorder>(i: &'a [u8], cx: &mut Cx<R>) -> PResult<'a, String> {
    let (i, len) = be_u16(i)?;
    if usize::from(len) > i.len() {
        return cx.fail(i, format!("string of {len} bytes, {} left", i.len()));
    }
    let (i, bytes) = take(len)(i)?;
    Ok((i, utf8(bytes, cx)))
}

/// Bytes as UTF-8; invalid sequences are replaced, with a note.
pub(super) fn utf8<R: PacketRecorder>(bytes: &[u8], cx: &mut Cx<R>) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => {
            cx.note(Note::PokerNetworkInvalidUtf8 { field: cx.field });
            String::from_utf8_lossy(bytes).into_owned()
        }
    }
}

/// A "list of numbers": u8 count, then `count` elements of `size` bytes.
fn short_list<'a, T, R: PacketRecorder>(
    i: &'a [u8],
    cx: &mut Cx<R>,
    size: usize,
    elem: fn(&'a [u8]) -> PResult<'a, T>,
) -> PResult<'a, Vec<T>> {
    let (mut i, n) = be_u8(i)?;
    let n = usize::from(n);
    if n * size > i.len() {
        return cx.fail(i, format!("list of {n} x {size} bytes, {} left", i.len()));
    }
    let mut list = Vec::with_capacity(n);
    for k in 0..n {
        let (rest, v) = elem(i)?;
        cx.spans.item(k, i, rest);
        list.push(v);
        i = rest;
    }
    Ok((i, list))
}

/// A u16 count of items of at least `min_size` bytes each, checked against
/// the bytes left.
fn long_count<'a, R: PacketRecorder>(
    i: &'a [u8],
    cx: &mut Cx<R>,
    min_size: usize,
) -> PResult<'a, usize> {
    let (i, n) = be_u16(i)?;
    let n = usize::from(n);
    if n * min_size > i.len() {
        return cx.fail(
            i,
            format!(
                "count {n} needs at least {} bytes, {} left",
                n * min_size,
                i.len()
            ),
        );
    }
    Ok((i, n))
}
