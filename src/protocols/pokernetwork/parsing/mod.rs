//! nom parsers from the bytes of one message to its [`Message`]: the
//! handshake line, the 3-byte packet header, and each class's attributes
//! (see [`wire`]), nested packet lists included.
//!
//! Harmless oddities (leftover bytes after the last attribute, the older
//! layouts, invalid UTF-8, JSON that does not parse) become notes;
//! inconsistent packets (a count or a length past the end, a header length
//! that disagrees with the message) an error with the reason.

pub mod pyliteral;
pub mod wire;

pub use wire::{Wire, WireKind};

use super::messages::FieldValue;
use super::messages::{account, basic, hand, table, tourney};
use super::messages::{Handshake, Message, Record, UnknownPacket};
use crate::protocols::span::{NoSpans, Recorder, Spans};
use crate::protocols::{hex, Dialect, Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;
use nom::bytes::complete::{tag, take, take_while_m_n};
use nom::number::complete::{be_u16, be_u8};
use nom::{IResult, Parser};
use std::borrow::Cow;
use std::sync::OnceLock;

/// What a packet header's length field counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LengthConvention {
    /// Protocol 3.x (`CGI 003.…`): the payload only.
    PayloadOnly,
    /// Older servers (`CGI 002.…`): the payload and the 3-byte header.
    WithHeader,
}

impl LengthConvention {
    /// Both conventions, the current one first.
    pub const ALL: [LengthConvention; 2] =
        [LengthConvention::PayloadOnly, LengthConvention::WithHeader];

    /// The convention of protocol major version `major`.
    pub fn for_major(major: u16) -> LengthConvention {
        if major >= 3 {
            LengthConvention::PayloadOnly
        } else {
            LengthConvention::WithHeader
        }
    }

    /// The whole packet's size for length field `length`; `None` when the
    /// field cannot be right (shorter than the header it counts).
    pub fn total_len(self, length: u16) -> Option<usize> {
        let length = usize::from(length);
        match self {
            LengthConvention::PayloadOnly => Some(HEADER_LEN + length),
            LengthConvention::WithHeader => (length >= HEADER_LEN).then_some(length),
        }
    }

    /// The convention of a poker-network dialect (`None` for another
    /// protocol's).
    pub fn of(dialect: Dialect) -> Option<LengthConvention> {
        match dialect {
            Dialect::PokerNetwork => Some(LengthConvention::PayloadOnly),
            Dialect::PokerNetwork2 => Some(LengthConvention::WithHeader),
            _ => None,
        }
    }

    /// The dialect of the convention.
    pub fn dialect(self) -> crate::protocols::Dialect {
        match self {
            LengthConvention::PayloadOnly => crate::protocols::Dialect::PokerNetwork,
            LengthConvention::WithHeader => crate::protocols::Dialect::PokerNetwork2,
        }
    }

    /// A few words for error messages.
    pub fn describe(self) -> &'static str {
        match self {
            LengthConvention::PayloadOnly => "length counts the payload (protocol 3)",
            LengthConvention::WithHeader => "length counts the header too (protocol 2)",
        }
    }

    /// The convention whose length field `length` gives a packet of
    /// exactly `total` bytes.
    pub fn from_sizes(length: u16, total: usize) -> Option<LengthConvention> {
        Self::ALL
            .into_iter()
            .find(|c| c.total_len(length) == Some(total))
    }
}

/// The handshake line starts with this.
pub const HANDSHAKE_PREFIX: &[u8] = b"CGI ";

/// True when `buf` starts like a handshake line (or is a prefix of one).
/// No packet starts so: type 67 (`C`) with length 0x4749 (`GI`) is far
/// longer than any `PacketPokerInGame`.
pub fn starts_handshake(buf: &[u8]) -> bool {
    let n = buf.len().min(HANDSHAKE_PREFIX.len());
    n > 0 && buf[..n] == HANDSHAKE_PREFIX[..n]
}

/// A nom result over packet bytes.
pub type PResult<'a, T> = IResult<&'a [u8], T>;

/// The packet header: u8 type, u16 length.
pub const HEADER_LEN: usize = 3;

/// How deep packet lists may nest (a list inside a list is depth 2).
pub const MAX_DEPTH: u8 = 8;

/// At most this many leftover bytes are shown in a note.
const LEFTOVER_SHOWN: usize = 32;

/// The state of one packet's parse, recording each attribute's bytes to
/// `R`: [`NoSpans`] while decoding (the recording compiles away), the
/// detail view's [`crate::protocols::span::Spans`] in [`super::spans`].
#[derive(Debug)]
pub struct Cx<R = NoSpans> {
    /// The length convention of nested packet headers.
    pub conv: LengthConvention,
    /// How many packet lists enclose the packet being parsed.
    pub depth: u8,
    /// Notes so far.
    pub notes: Vec<Note>,
    /// The attribute being parsed.
    pub field: &'static str,
    /// Why the parse failed, when a check (not a short read) failed.
    pub failure: Option<String>,
    /// Each attribute's bytes (see [`super::spans`]).
    pub spans: R,
}

impl Cx {
    /// A context for a top-level packet, recording nothing.
    pub fn new(conv: LengthConvention) -> Cx {
        Cx::with(conv, NoSpans)
    }
}

impl<R: PacketRecorder> Cx<R> {
    /// A context for a top-level packet, recording to `spans`.
    pub fn with(conv: LengthConvention, spans: R) -> Cx<R> {
        Cx {
            conv,
            depth: 0,
            notes: Vec::new(),
            field: "",
            failure: None,
            spans,
        }
    }

    /// Attribute `key` (its record key), read by wire type `W`. An
    /// attribute the packet's layout did not send (a newer release's
    /// trailing u32) has no bytes.
    #[inline(always)]
    pub fn attr<'a, W: Wire>(&mut self, key: &'static str, i: &'a [u8]) -> PResult<'a, W::Value>
    where
        W::Value: FieldValue,
    {
        self.field = key;
        self.spans.open(key, i);
        let (rest, v) = W::parse(i, self)?;
        if v.present() {
            self.spans.close(rest);
        } else {
            self.spans.close_absent();
        }
        Ok((rest, v))
    }

    /// Key `key` of an attribute's value (a money entry's `points`), read
    /// by `p`.
    #[inline(always)]
    pub fn num<'a, T>(
        &mut self,
        key: &str,
        i: &'a [u8],
        p: fn(&'a [u8]) -> PResult<'a, T>,
    ) -> PResult<'a, T> {
        let (rest, v) = p(i)?;
        self.spans.read(key, i, rest);
        Ok((rest, v))
    }

    /// Adds a note.
    pub fn note(&mut self, note: Note) {
        self.notes.push(note);
    }

    /// Fails the parse at `i` because of `reason` (about the current field).
    pub fn fail<'a, T>(&mut self, i: &'a [u8], reason: String) -> PResult<'a, T> {
        if self.failure.is_none() {
            self.failure = Some(format!("`{}`: {reason}", self.field));
        }
        Err(nom::Err::Failure(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )))
    }

    /// The reason of a failed parse.
    fn reason(&mut self, e: &nom::Err<nom::error::Error<&[u8]>>) -> String {
        if let Some(r) = self.failure.take() {
            return r;
        }
        match e {
            nom::Err::Error(e) | nom::Err::Failure(e) => {
                format!("`{}`: truncated ({} bytes left)", self.field, e.input.len())
            }
            nom::Err::Incomplete(_) => format!("`{}`: truncated", self.field),
        }
    }
}

/// A recorder the packet parsers run with: it picks, of a class's two
/// compiled parsers, its own.
pub trait PacketRecorder: Recorder {
    /// Parses the payload `body` of a packet of class `spec`.
    fn parse_payload<'a>(
        spec: &PacketSpec,
        body: &'a [u8],
        cx: &mut Cx<Self>,
    ) -> PResult<'a, Message>;
}

impl PacketRecorder for NoSpans {
    #[inline(always)]
    fn parse_payload<'a>(spec: &PacketSpec, body: &'a [u8], cx: &mut Cx) -> PResult<'a, Message> {
        (spec.parse)(body, cx)
    }
}

impl PacketRecorder for Spans {
    fn parse_payload<'a>(
        spec: &PacketSpec,
        body: &'a [u8],
        cx: &mut Cx<Spans>,
    ) -> PResult<'a, Message> {
        (spec.parse_spans)(body, cx)
    }
}

/// One packet class: type byte, class name, attributes (name and wire
/// type, in wire order), and the parser of its payload.
pub struct PacketSpec {
    /// The type byte.
    pub type_id: u8,
    /// The class name.
    pub name: &'static str,
    /// The attributes sent, in wire order: the seed's name, the wire type.
    pub attrs: &'static [(&'static str, WireKind)],
    /// Each attribute's key in the record's `fields` (its name, but for
    /// the few renamed so that every key has one JSON type).
    pub keys: &'static [&'static str],
    /// Parses the payload.
    pub parse: for<'a> fn(&'a [u8], &mut Cx) -> PResult<'a, Message>,
    /// [`PacketSpec::parse`] recording spans (the same parser).
    pub parse_spans: for<'a> fn(&'a [u8], &mut Cx<Spans>) -> PResult<'a, Message>,
}

impl PacketSpec {
    /// The fewest and most payload bytes a packet of this class can have
    /// (`None`: no useful bound).
    pub fn size_range(&self) -> (usize, Option<usize>) {
        self.attrs.iter().fold((0, Some(0)), |(lo, hi), (_, k)| {
            let (l, h) = k.size_range();
            (lo + l, hi.zip(h).map(|(a, b)| a + b))
        })
    }
}

impl std::fmt::Debug for PacketSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.name, self.type_id)
    }
}

/// The record keys whose value is the server's own JSON or Python literal
/// (`showdown_stack`, the hand history's `history` and `serial2name`):
/// whatever its shape, text when it does not parse. Every other key has
/// one JSON type across all classes.
pub fn free_form_keys() -> impl Iterator<Item = &'static str> {
    specs().flat_map(|s| {
        (s.attrs.iter().zip(s.keys))
            .filter(|((_, kind), _)| matches!(kind, WireKind::Json | WireKind::PyLit))
            .map(|(_, key)| *key)
    })
}

/// Every packet class name (a record's `type`), and `Handshake`, the
/// version line each side sends first.
pub fn type_names() -> Vec<&'static str> {
    specs().map(|s| s.name).chain(["Handshake"]).collect()
}

/// Every packet class, family by family.
pub fn specs() -> impl Iterator<Item = &'static PacketSpec> {
    [
        basic::SPECS,
        table::SPECS,
        hand::SPECS,
        account::SPECS,
        tourney::SPECS,
    ]
    .into_iter()
    .flatten()
}

/// The class of type byte `type_id`, if known.
pub fn spec(type_id: u8) -> Option<&'static PacketSpec> {
    static BY_ID: OnceLock<[Option<&'static PacketSpec>; 256]> = OnceLock::new();
    BY_ID.get_or_init(|| {
        let mut by_id = [None; 256];
        for s in specs() {
            by_id[usize::from(s.type_id)] = Some(s);
        }
        by_id
    })[usize::from(type_id)]
}

/// The class name of type byte `type_id` (`Unknown` when not known).
pub fn type_name(type_id: u8) -> &'static str {
    spec(type_id).map_or("Unknown", |s| s.name)
}

/// A packet header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The type byte.
    pub type_id: u8,
    /// The length field (payload only, or header included: see
    /// [`LengthConvention`]).
    pub length: u16,
}

/// Parses a packet header.
pub fn header(i: &[u8]) -> PResult<'_, Header> {
    header_in(i, &mut NoSpans, false)
}

/// Parses a packet header; `spans` gets its type byte as `type_id` and,
/// with `len` (a top-level packet's: a nested record has no such key), its
/// length field as `len`.
fn header_in<'a, R: PacketRecorder>(i: &'a [u8], spans: &mut R, len: bool) -> PResult<'a, Header> {
    let (j, type_id) = be_u8(i)?;
    spans.read("type_id", i, j);
    let (k, length) = be_u16(j)?;
    if len {
        spans.read("len", j, k);
    }
    Ok((k, Header { type_id, length }))
}

/// Parses the payload `body` of a packet of type `type_id`: the message,
/// or why it could not be decoded. Notes go to `cx`.
pub fn parse_body<R: PacketRecorder>(
    type_id: u8,
    body: &[u8],
    cx: &mut Cx<R>,
) -> Result<Message, String> {
    cx.spans.open("fields", body);
    let Some(spec) = spec(type_id) else {
        cx.note(Note::PokerNetworkUnknownType { type_id });
        cx.spans.bytes("raw", body);
        cx.spans.close(&body[body.len()..]);
        return Ok(Message::Unknown(UnknownPacket {
            type_id,
            raw: hex(body),
        }));
    };
    match R::parse_payload(spec, body, cx) {
        Ok((rest, msg)) => {
            cx.spans.close(rest);
            if !rest.is_empty() {
                cx.note(Note::PokerNetworkLeftover {
                    count: rest.len(),
                    head: rest[..rest.len().min(LEFTOVER_SHOWN)].into(),
                });
            }
            Ok(msg)
        }
        Err(e) => Err(cx.reason(&e)),
    }
}

/// Parses the `k`th packet of a packet list (header included).
pub(super) fn parse_nested<'a, R: PacketRecorder>(
    i: &'a [u8],
    cx: &mut Cx<R>,
    k: usize,
) -> PResult<'a, Record> {
    cx.spans.open_item(k, i);
    let (rest, h) = header_in(i, &mut cx.spans, false)?;
    let name = type_name(h.type_id);
    let Some(total) = cx.conv.total_len(h.length) else {
        return cx.fail(i, format!("packet {k} ({name}): length {} < 3", h.length));
    };
    if total > i.len() {
        return cx.fail(
            i,
            format!("packet {k} ({name}) of {total} bytes, {} left", i.len()),
        );
    }
    let (rest, body) = take(total - HEADER_LEN)(rest)?;
    let mut sub = Cx {
        conv: cx.conv,
        depth: cx.depth + 1,
        notes: Vec::new(),
        field: "",
        failure: None,
        spans: std::mem::take(&mut cx.spans),
    };
    let parsed = parse_body(h.type_id, body, &mut sub);
    cx.spans = sub.spans;
    cx.spans.close(rest);
    match parsed {
        Ok(fields) => {
            let field = cx.field;
            for n in sub.notes {
                cx.note(Note::PokerNetworkInList {
                    field,
                    index: k,
                    name,
                    note: Box::new(n),
                });
            }
            let type_name = Cow::Borrowed(fields.type_name());
            Ok((
                rest,
                Record {
                    type_name,
                    type_id: h.type_id,
                    fields,
                },
            ))
        }
        Err(reason) => {
            // Not prefixed again with the field: the path reads outside in.
            cx.failure = Some(format!("{}[{k}] ({name}) > {reason}", cx.field));
            cx.fail(i, String::new())
        }
    }
}

/// A parsed top-level packet.
#[derive(Debug, Clone)]
pub struct ParsedPacket {
    /// The type byte (0 when the message was too short for a header).
    pub type_id: u8,
    /// The message, or why it could not be decoded.
    pub result: Result<Message, String>,
    /// Notes.
    pub notes: Vec<Note>,
}

/// Parses one whole message (a handshake line, or a packet with its
/// header), as every protocol's `parsing::parse` does, in a stream of
/// `dialect` as far as its direction knows it. A handshake line teaches the
/// dialect of its side; while the dialect is not known, a packet is read
/// under the convention whose length field gives exactly its size, which
/// it then teaches (protocol 3 when neither does, teaching nothing). Both
/// directions read alike: `dir` is not read.
pub fn parse(dialect: Option<Dialect>, _dir: Direction, msg: &[u8]) -> ParseResult<Message> {
    if starts_handshake(msg) {
        return match parse_handshake(msg) {
            Ok(h) => Ok(Parsed {
                type_id: 0,
                dialect: Some(LengthConvention::for_major(h.major).dialect()),
                message: Message::Handshake(h),
                notes: Vec::new(),
            }),
            Err(reason) => Err(ParseError::new(0, Some("Handshake"), reason)),
        };
    }
    let (conv, learned) = convention(dialect, msg);
    let dialect = learned.map(LengthConvention::dialect);
    let mut cx = Cx::new(conv);
    match parse_packet_in(msg, &mut cx) {
        (_, Ok(message)) => Ok(Parsed {
            type_id: u32::from(message.type_id()),
            message,
            notes: cx.notes,
            dialect,
        }),
        (type_id, Err(reason)) => Err(ParseError {
            type_id: u32::from(type_id),
            type_name: Some(type_name(type_id)),
            reason,
            notes: cx.notes,
            dialect,
        }),
    }
}

/// The length convention to read packet `msg` with, in a stream of
/// `dialect` as far as its direction knows it, and the one it teaches:
/// the dialect's; or, not knowing it, the one under which the header's
/// length gives exactly this message (which it teaches), protocol 3's when
/// neither does.
pub(super) fn convention(
    dialect: Option<Dialect>,
    msg: &[u8],
) -> (LengthConvention, Option<LengthConvention>) {
    match dialect.and_then(LengthConvention::of) {
        Some(conv) => (conv, None),
        None => {
            let learned = header(msg)
                .ok()
                .and_then(|(_, h)| LengthConvention::from_sizes(h.length, msg.len()));
            (learned.unwrap_or(LengthConvention::PayloadOnly), learned)
        }
    }
}

/// Parses one whole packet `msg` (header included) whose length field
/// follows `conv`.
pub fn parse_packet(conv: LengthConvention, msg: &[u8]) -> ParsedPacket {
    let mut cx = Cx::new(conv);
    let (type_id, result) = parse_packet_in(msg, &mut cx);
    ParsedPacket {
        type_id,
        result,
        notes: cx.notes,
    }
}

/// [`parse_packet`] into `cx` (whose `conv` the length field follows):
/// the type byte (0 when there is no header), and the message or why not.
pub(super) fn parse_packet_in<R: PacketRecorder>(
    msg: &[u8],
    cx: &mut Cx<R>,
) -> (u8, Result<Message, String>) {
    let Ok((body, h)) = header_in(msg, &mut cx.spans, true) else {
        let why = format!("{} bytes: no room for a header", msg.len());
        return (msg.first().copied().unwrap_or(0), Err(why));
    };
    let result = match cx.conv.total_len(h.length) {
        Some(total) if total == msg.len() => parse_body(h.type_id, body, cx),
        _ => Err(format!(
            "length field {} does not fit a message of {} bytes ({})",
            h.length,
            msg.len(),
            cx.conv.describe()
        )),
    };
    (h.type_id, result)
}

/// The handshake line: `CGI `, three digits, `.`, three digits, newline.
pub fn handshake(i: &[u8]) -> PResult<'_, Handshake> {
    handshake_in(i, &mut NoSpans)
}

/// [`handshake`]; `spans` gets the digits of `major`, `minor` and `micro`
/// (`version` is derived from the first two).
pub(super) fn handshake_in<'a, R: PacketRecorder>(
    i: &'a [u8],
    spans: &mut R,
) -> PResult<'a, Handshake> {
    let digits = |n| take_while_m_n(n, n, |b: u8| b.is_ascii_digit());
    let mut number_at = |key, n, i: &'a [u8]| -> PResult<'a, u32> {
        let (rest, d) = digits(n).parse(i)?;
        spans.read(key, i, rest);
        Ok((rest, number(d)))
    };
    let (i, _) = tag(&b"CGI "[..]).parse(i)?;
    let (i, major) = number_at("major", 3, i)?;
    let (i, _) = tag(&b"."[..]).parse(i)?;
    let (i, minor) = number_at("minor", 1, i)?;
    let (i, micro) = number_at("micro", 2, i)?;
    let (i, _) = tag(&b"\n"[..]).parse(i)?;
    let (major, minor) = (major as u16, minor as u8);
    let h = Handshake {
        version: format!("{major}.{minor}"),
        major,
        minor,
        micro: micro as u8,
    };
    Ok((i, h))
}

/// The value of ASCII digits (at most 3 here).
fn number(digits: &[u8]) -> u32 {
    digits
        .iter()
        .fold(0, |n, d| n * 10 + u32::from(d.wrapping_sub(b'0')))
}

/// Parses a whole handshake line `msg`.
pub fn parse_handshake(msg: &[u8]) -> Result<Handshake, String> {
    match handshake(msg) {
        Ok((&[], h)) => Ok(h),
        _ => Err(format!(
            "not a handshake line `CGI MMM.mNN\\n`: {:?}",
            String::from_utf8_lossy(msg)
        )),
    }
}
