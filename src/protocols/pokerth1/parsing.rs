//! From the bytes of one envelope (after the length prefix) to its
//! [`Message`], with the notes a reader needs.
//!
//! An envelope as every encoder writes it (`messageType`, then the one
//! message it names) is checked by one pass over the message's bytes
//! against the wire facts ([`super::scan`]), and decoded with
//! `prost-reflect` only when its fields are read. Any other envelope is
//! decoded by `prost-reflect` at once (the general way: several messages,
//! none, a type that does not name the message, unknown envelope fields),
//! and its message then scanned as prost re-encodes it.
//!
//! - errors (nothing decoded): bytes that are not protobuf (a truncated
//!   varint, a wrong wire type for a known field, a nested length past its
//!   message, nesting past 100 levels, invalid UTF-8 in a string), an
//!   envelope without any message;
//! - notes: a missing `messageType` or one that does not name the message
//!   that is set, more than one message set, required fields missing, an
//!   enumeration value or card outside the protocol's, fields protocol 5.1
//!   does not define (kept, see [`super::messages::json`]).

use super::framing::{envelope, varint};
use super::messages::{schema, type_name, Message};
use super::scan::{index_of, scan};
use crate::protocols::{Dialect, Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;
use prost::Message as _;
use prost_reflect::{DynamicMessage, Value};

/// Notes collected while parsing.
pub type Notes = Vec<Note>;

/// Parses one whole message as framed on TCP (length prefix included), as
/// every protocol's `parsing::parse` does. PokerTH 1.x has one dialect and
/// reads both directions alike: `dialect` and `dir` are not read.
pub fn parse(_dialect: Option<Dialect>, dir: Direction, msg: &[u8]) -> ParseResult<Message> {
    parse_unframed(dir, envelope(msg))
}

/// Parses one envelope, a message without its length prefix, as a
/// message-oriented transport (WebSocket) carries it.
pub fn parse_unframed(_dir: Direction, msg: &[u8]) -> ParseResult<Message> {
    match parse_envelope(msg) {
        Ok((message, notes)) => Ok(Parsed {
            type_id: message.kind,
            message,
            notes,
            dialect: None,
        }),
        Err(reason) => {
            let type_id = varint(msg.get(1..).unwrap_or_default()).map_or(0, |(t, _)| t as u32);
            Err(ParseError::new(type_id, type_name(type_id), reason))
        }
    }
}

/// Decodes one envelope: the message and its notes, or why it is not one.
pub fn parse_envelope(envelope: &[u8]) -> Result<(Message, Notes), String> {
    if let Some(done) = parse_canonical(envelope) {
        return done;
    }
    let sch = schema();
    let mut env = DynamicMessage::decode(sch.envelope.clone(), envelope)
        .map_err(|e| format!("not a PokerTHMessage: {e}"))?;
    let mut notes = Notes::new();
    let kind = match env.get_field_by_number(1).as_deref() {
        Some(Value::EnumNumber(n)) if env.has_field_by_number(1) => Some(*n as u32),
        _ => None,
    };
    env.clear_field_by_number(1);
    let mut set: Vec<(u32, DynamicMessage)> = env
        .take_fields()
        .filter_map(|(fd, v)| match v {
            Value::Message(m) => Some((fd.number(), m)),
            _ => None,
        })
        .collect();
    let envelope_unknown: Vec<_> = env.take_unknown_fields().collect();
    let chosen = match (kind, set.len()) {
        (_, 0) => None,
        (Some(k), _) => set
            .iter()
            .position(|(n, _)| *n == k + 1)
            .or(Some(0))
            .map(|i| set.swap_remove(i)),
        (None, _) => Some(set.swap_remove(0)),
    };
    for (n, _) in &set {
        notes.push(Note::PokerTh1ExtraMessage {
            field: *n,
            name: type_name(n - 1).unwrap_or("?"),
        });
    }
    let Some((field, body)) = chosen else {
        let Some(k) = kind else {
            return Err("the envelope holds neither messageType nor a message".into());
        };
        if envelope_unknown.is_empty() {
            return Err(format!(
                "messageType {k} ({}) but no message is set",
                type_name(k).unwrap_or("unknown")
            ));
        }
        // A message type newer than protocol 5.1: kept as unknown fields.
        notes.push(Note::PokerTh1UnknownType { kind: k });
        return Ok((
            Message::decoded(
                k,
                type_name(k).unwrap_or("Unknown"),
                DynamicMessage::new(sch.envelope.clone()),
                envelope_unknown,
            ),
            notes,
        ));
    };
    let from_field = field - 1;
    match kind {
        None => notes.push(Note::PokerTh1NoMessageType { field }),
        Some(k) if k != from_field => notes.push(Note::PokerTh1TypeMismatch {
            kind: k,
            kind_name: type_name(k).unwrap_or("unknown"),
            field,
            field_name: type_name(from_field).unwrap_or("?"),
        }),
        Some(_) => {}
    }
    for f in &envelope_unknown {
        notes.push(Note::PokerTh1UnknownEnvelopeField { field: f.number() });
    }
    let name = type_name(from_field).unwrap_or("Unknown");
    // The one checker: the scan, over the message as prost re-encodes it
    // (unknown fields and values kept).
    if let Some(index) = sub_index(from_field) {
        scan(index, &body.encode_to_vec(), name, &mut notes)?;
    }
    Ok((
        Message::decoded(kind.unwrap_or(from_field), name, body, envelope_unknown),
        notes,
    ))
}

/// The envelope as every encoder writes it: `messageType`, then the one
/// message it names and nothing else. Then only the message is decoded
/// (the envelope's 82 fields need no map); any other shape goes the
/// general way.
fn parse_canonical(envelope: &[u8]) -> Option<Result<(Message, Notes), String>> {
    use super::framing::varint;
    if envelope.first() != Some(&0x08) {
        return None;
    }
    let (kind, n1) = varint(&envelope[1..])?;
    let kind = u32::try_from(kind).ok()?;
    let name = type_name(kind)?;
    let (key, n2) = varint(&envelope[1 + n1..])?;
    if key != u64::from(kind + 1) << 3 | 2 {
        return None;
    }
    let at = 1 + n1 + n2;
    let (len, n3) = varint(&envelope[at..])?;
    if len != (envelope.len() - at - n3) as u64 {
        return None;
    }
    schema::sub_descriptor(kind)?;
    let index = sub_index(kind)?;
    let body = &envelope[at + n3..];
    let mut notes = Notes::new();
    Some(
        scan(index, body, name, &mut notes)
            .map_err(|e| format!("not a PokerTHMessage: {e}"))
            .map(|canonical| {
                let raw = canonical.then_some(index);
                (Message::lazy(kind, name, body, raw), notes)
            }),
    )
}

/// The index in the wire facts' tables of the message `messageType`
/// `kind` names.
fn sub_index(kind: u32) -> Option<usize> {
    static SUBS: std::sync::OnceLock<Vec<Option<usize>>> = std::sync::OnceLock::new();
    let subs = SUBS.get_or_init(|| {
        (0..128u32)
            .map(|k| schema::sub_descriptor(k).and_then(|d| index_of(d.name())))
            .collect()
    });
    subs.get(kind as usize).copied().flatten()
}
