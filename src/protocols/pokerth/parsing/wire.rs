//! The wire types the message tables name, each a nom parser from the bytes
//! of one field to its value ([`Wire`]), and [`Parse`], what the table
//! generates for each message and record: its fields read in wire order.
//!
//! Every field is read here, so notes, errors and spans are alike for all:
//! a number's bytes are its span; a string's or a blob's are its bytes
//! without their padding; a flags word gives each bit a key in the same
//! bytes; lists and nested records open a key of their own. Reserved
//! fields have no key and are noted when not zero. Every count is checked
//! against the bytes left before anything is allocated from it.

use crate::protocols::pokerth::messages::values::{Coded, FlagWord, PtCard};
use crate::protocols::span::Spans;
use crate::protocols::{hex, Note};
use nom::bytes::complete::take;
use nom::number::complete::{be_u16, be_u32};
use nom::IResult;

/// What a parse collects beside the message: its notes, and where each
/// field lies when the detail view asks (`spans`).
#[derive(Debug, Default)]
pub struct Cx {
    /// Notes for the record.
    pub notes: Vec<Note>,
    /// Each field's bytes (off while decoding).
    pub spans: Spans,
}

impl Cx {
    /// Adds a note.
    pub fn push(&mut self, note: Note) {
        self.notes.push(note);
    }
}

/// Why a message could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fail(pub String);

impl<I> nom::error::ParseError<I> for Fail {
    fn from_error_kind(_: I, kind: nom::error::ErrorKind) -> Self {
        Fail(format!("parse error ({kind:?})"))
    }
    fn append(_: I, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

/// A nom result over a message's bytes.
pub type Res<'a, T> = IResult<&'a [u8], T, Fail>;

/// A failed parse, for reason `msg`.
pub fn fail<T>(msg: String) -> Result<T, nom::Err<Fail>> {
    Err(nom::Err::Failure(Fail(msg)))
}

fn ends_inside(field: &str) -> nom::Err<Fail> {
    nom::Err::Failure(Fail(format!("the message ends inside {field}")))
}

/// A message or a record the tables declare: its fields, in wire order.
pub trait Parse: Sized {
    /// The fewest bytes its fields take (all of them, for a record).
    const MIN_BODY: usize;
    /// Reads its fields from `i`.
    fn parse<'a>(i: &'a [u8], cx: &mut Cx) -> Res<'a, Self>;
}

/// A wire type: how a field of type `T` travels.
pub trait Wire<T> {
    /// What the table gives it besides the bytes (a count, a limit), as a
    /// tuple.
    type Args;
    /// The fewest bytes it takes.
    const SIZE: usize;
    /// Reads field `key` from `i`.
    fn read<'a>(i: &'a [u8], key: &'static str, args: Self::Args, cx: &mut Cx) -> Res<'a, T>;
}

/// Declares wire type `$name` of fields of type `$ty`.
macro_rules! wire {
    ($(#[$meta:meta])* $name:ident -> $ty:ty, $args:ty, $size:expr,
     |$i:ident, $key:ident, $a:pat_param, $cx:ident| $body:expr) => {
        $(#[$meta])*
        pub enum $name {}
        impl Wire<$ty> for $name {
            type Args = $args;
            const SIZE: usize = $size;
            fn read<'a>($i: &'a [u8], $key: &'static str, $a: $args, $cx: &mut Cx) -> Res<'a, $ty> {
                $body
            }
        }
    };
}

/// A big-endian unsigned integer, as enumerations read their number.
pub trait Int: Copy + Into<u32> {
    /// Its bytes.
    const SIZE: usize;
    /// Reads field `key`, its bytes the field's span.
    fn read<'a>(i: &'a [u8], key: &str, cx: &mut Cx) -> Res<'a, Self>;
}

impl Int for u16 {
    const SIZE: usize = 2;
    fn read<'a>(i: &'a [u8], key: &str, cx: &mut Cx) -> Res<'a, u16> {
        let (rest, v) = be_u16::<_, Fail>(i).map_err(|_| ends_inside(key))?;
        cx.spans.read(key, i, rest);
        Ok((rest, v))
    }
}

impl Int for u32 {
    const SIZE: usize = 4;
    fn read<'a>(i: &'a [u8], key: &str, cx: &mut Cx) -> Res<'a, u32> {
        let (rest, v) = be_u32::<_, Fail>(i).map_err(|_| ends_inside(key))?;
        cx.spans.read(key, i, rest);
        Ok((rest, v))
    }
}

wire! {
    /// A u16.
    U16 -> u16, (), 2, |i, key, (), cx| u16::read(i, key, cx)
}

wire! {
    /// A u32.
    U32 -> u32, (), 4, |i, key, (), cx| u32::read(i, key, cx)
}

wire! {
    /// A u16 card, noted when it is not 0..51.
    Card -> PtCard, (), 2, |i, key, (), cx| {
        let (i, v) = u16::read(i, key, cx)?;
        if v > 51 {
            cx.push(Note::PokerThNotACard { field: key, value: v });
        }
        Ok((i, PtCard(v)))
    }
}

/// A u16 (or u32) enumeration, noted when its value is undocumented.
pub enum Enum {}

impl<T: Coded> Wire<T> for Enum
where
    T::Raw: Int,
{
    type Args = ();
    const SIZE: usize = <T::Raw as Int>::SIZE;
    fn read<'a>(i: &'a [u8], key: &'static str, (): (), cx: &mut Cx) -> Res<'a, T> {
        let (i, v) = <T::Raw as Int>::read(i, key, cx)?;
        let e = T::from_raw(v);
        if !e.known() {
            cx.push(Note::PokerThUnknownValue {
                field: key,
                value: v.into(),
            });
        }
        Ok((i, e))
    }
}

/// A u16 flags word: each bit a key in its bytes, undocumented bits noted.
pub enum Flags {}

impl<T: FlagWord> Wire<T> for Flags {
    type Args = ();
    const SIZE: usize = 2;
    fn read<'a>(i: &'a [u8], key: &'static str, (): (), cx: &mut Cx) -> Res<'a, T> {
        let (i, v) = u16::read(i, key, cx)?;
        let f = T::from_bits(v);
        if cx.spans.is_on() {
            cx.spans.same_bytes(&f.keys());
        }
        if f.unknown_bits() != 0 {
            cx.push(Note::PokerThUnknownFlags {
                field: key,
                bits: f.unknown_bits(),
            });
        }
        Ok((i, f))
    }
}

/// A reserved field of `bits`: no key, noted when not zero.
fn reserved<'a>(i: &'a [u8], bits: u8, cx: &mut Cx) -> Res<'a, ()> {
    let (i, value) = match bits {
        16 => be_u16::<_, Fail>(i).map(|(i, v)| (i, u32::from(v))),
        _ => be_u32::<_, Fail>(i),
    }
    .map_err(|_| ends_inside("a reserved field"))?;
    if value != 0 {
        cx.push(Note::PokerThReserved { value, bits });
    }
    Ok((i, ()))
}

wire! {
    /// A reserved u16.
    Reserved16 -> (), (), 2, |i, _key, (), cx| reserved(i, 16, cx)
}

wire! {
    /// A reserved u32.
    Reserved32 -> (), (), 4, |i, _key, (), cx| reserved(i, 32, cx)
}

/// 16 bytes of MD5, as hex.
fn md5<'a>(i: &'a [u8], key: &str, cx: &mut Cx) -> Res<'a, String> {
    let (i, b) = take::<_, _, Fail>(16usize)(i).map_err(|_| ends_inside(key))?;
    cx.spans.bytes(key, b);
    Ok((i, hex(b)))
}

wire! {
    /// 16 bytes of MD5, as hex.
    Md5 -> String, (), 16, |i, key, (), cx| md5(i, key, cx)
}

wire! {
    /// An MD5 sent only when the flag given is set.
    Md5If -> Option<String>, (bool,), 0, |i, key, (sent,), cx| {
        if !sent {
            return Ok((i, None));
        }
        let (i, m) = md5(i, key, cx)?;
        Ok((i, Some(m)))
    }
}

/// `len` bytes of `key`, then its zero padding to a multiple of 4. The
/// padding may be cut short by the end of the message (the length not
/// being a multiple of 4 is noted once, for the whole message). The
/// field's bytes are the `len` bytes, not the padding.
fn padded<'a>(i: &'a [u8], len: usize, key: &'static str, cx: &mut Cx) -> Res<'a, &'a [u8]> {
    if i.len() < len {
        return fail(format!(
            "{key} ({len} bytes) runs past the end of the message ({} bytes left)",
            i.len()
        ));
    }
    let (i, data) = take::<_, _, Fail>(len)(i)?;
    cx.spans.bytes(key, data);
    let pad = ((4 - len % 4) % 4).min(i.len());
    let (i, padding) = take::<_, _, Fail>(pad)(i)?;
    if padding.iter().any(|&b| b != 0) {
        cx.push(Note::PokerThPadding { field: key });
    }
    Ok((i, data))
}

wire! {
    /// A padded UTF-8 string of the length given, noted above the limit
    /// given; invalid UTF-8 is replaced, with a note.
    Str -> String, (u16, usize), 0, |i, key, (len, limit), cx| {
        let (i, bytes) = padded(i, usize::from(len), key, cx)?;
        if usize::from(len) > limit {
            cx.push(Note::PokerThStringTooLong { field: key, len, limit });
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(s) => s.to_owned(),
            Err(_) => {
                cx.push(Note::PokerThInvalidUtf8 { field: key });
                String::from_utf8_lossy(bytes).into_owned()
            }
        };
        Ok((i, text))
    }
}

wire! {
    /// Padded bytes of the length given, as hex.
    Hex -> String, (u16,), 0, |i, key, (len,), cx| {
        let (i, data) = padded(i, usize::from(len), key, cx)?;
        Ok((i, hex(data)))
    }
}

wire! {
    /// The count given of u32 values (player ids, blinds), each an item
    /// of the list's key.
    U32s -> Vec<u32>, (u16,), 0, |i, key, (count,), cx| {
        let need = usize::from(count) * 4;
        if i.len() < need {
            return fail(format!(
                "{key} ({count} × 4 bytes) run past the end of the message ({} bytes left)",
                i.len()
            ));
        }
        let (rest, b) = take::<_, _, Fail>(need)(i)?;
        if cx.spans.is_on() {
            cx.spans.open(key, b);
            for (k, item) in b.chunks_exact(4).enumerate() {
                cx.spans.bytes(&format!("[{k}]"), item);
            }
            cx.spans.close(rest);
        }
        let list = (b.chunks_exact(4))
            .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok((rest, list))
    }
}

/// A record whose keys are inside its own (the Game Info Block).
pub enum Nest {}

impl<T: Parse> Wire<T> for Nest {
    type Args = ();
    const SIZE: usize = T::MIN_BODY;
    fn read<'a>(i: &'a [u8], key: &'static str, (): (), cx: &mut Cx) -> Res<'a, T> {
        cx.spans.open(key, i);
        let (rest, v) = T::parse(i, cx)?;
        cx.spans.close(rest);
        Ok((rest, v))
    }
}

/// The count given of fixed-size records, first checked to fit (the
/// error names them as the text given).
pub enum Records {}

impl<T: Parse> Wire<Vec<T>> for Records {
    type Args = (u16, &'static str);
    const SIZE: usize = 0;
    fn read<'a>(
        i: &'a [u8],
        key: &'static str,
        (count, what): (u16, &'static str),
        cx: &mut Cx,
    ) -> Res<'a, Vec<T>> {
        let (size, need) = (T::MIN_BODY, usize::from(count) * T::MIN_BODY);
        if i.len() < need {
            return fail(format!(
                "{what} ({count} × {size} bytes) run past the end of the message ({} bytes left)",
                i.len()
            ));
        }
        cx.spans.open(key, i);
        let mut i = i;
        let mut list = Vec::with_capacity(count.into());
        for k in 0..usize::from(count) {
            cx.spans.open_item(k, i);
            let (rest, v) = T::parse(i, cx)?;
            cx.spans.close(rest);
            list.push(v);
            i = rest;
        }
        cx.spans.close(i);
        Ok((i, list))
    }
}
