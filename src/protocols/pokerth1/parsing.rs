//! From the bytes of one envelope (after the length prefix) to its
//! [`Message`], with the notes a reader needs. The protobuf wire format is
//! decoded by `prost-reflect` against the descriptors built from the wire
//! facts ([`super::messages::schema`]); this file decides what is an error
//! and what is a note.
//!
//! - errors (nothing decoded): bytes that are not protobuf (a truncated
//!   varint, a wrong wire type for a known field, a nested length past its
//!   message, nesting past prost's recursion limit, invalid UTF-8 in a
//!   string), an envelope without any message;
//! - notes: a missing `messageType` or one that does not name the message
//!   that is set, more than one message set, required fields missing, an
//!   enumeration value or card outside the protocol's, fields protocol 5.1
//!   does not define (kept, see [`super::messages::json`]).

use super::messages::definitions::MESSAGES;
use super::messages::schema::{Label, MessageDef};
use super::messages::{is_card_field, schema, type_name, Message};
use prost_reflect::{DynamicMessage, Kind, ReflectMessage, Value};

/// Notes collected while parsing.
pub type Notes = Vec<String>;

/// How deep notes look into nested messages (the protocol nests three
/// levels; prost's own limit guards decoding).
const NOTE_DEPTH: usize = 8;

/// Decodes one envelope.
pub fn parse(envelope: &[u8]) -> Result<(Message, Notes), String> {
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
        notes.push(format!(
            "the envelope also carries field {n} ({}), ignored",
            type_name(n - 1).unwrap_or("?")
        ));
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
        notes.push(format!(
            "message type {k} is not in PokerTH 1.x protocol 5.1: its fields are kept as unknown"
        ));
        return Ok((
            Message {
                kind: k,
                name: type_name(k).unwrap_or("Unknown"),
                body: DynamicMessage::new(sch.envelope.clone()),
                envelope_unknown,
            },
            notes,
        ));
    };
    let from_field = field - 1;
    match kind {
        None => notes.push(format!(
            "the envelope has no messageType (required); field {field} is set"
        )),
        Some(k) if k != from_field => notes.push(format!(
            "messageType {k} ({}) does not name the message set (field {field}, {})",
            type_name(k).unwrap_or("unknown"),
            type_name(from_field).unwrap_or("?")
        )),
        Some(_) => {}
    }
    for f in &envelope_unknown {
        notes.push(format!(
            "the envelope has field {} that protocol 5.1 does not define (kept)",
            f.number()
        ));
    }
    let name = type_name(from_field).unwrap_or("Unknown");
    check(&body, name, 0, &mut notes);
    Ok((
        Message {
            kind: kind.unwrap_or(from_field),
            name,
            body,
            envelope_unknown,
        },
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
    let desc = sub_descriptor(kind)?;
    Some(
        DynamicMessage::decode(desc, &envelope[at + n3..])
            .map_err(|e| format!("not a PokerTHMessage: {e}"))
            .map(|body| {
                let mut notes = Notes::new();
                check(&body, name, 0, &mut notes);
                (
                    Message {
                        kind,
                        name,
                        body,
                        envelope_unknown: Vec::new(),
                    },
                    notes,
                )
            }),
    )
}

/// The descriptor of the message that `messageType` `kind` names.
fn sub_descriptor(kind: u32) -> Option<prost_reflect::MessageDescriptor> {
    static SUBS: std::sync::OnceLock<Vec<Option<prost_reflect::MessageDescriptor>>> =
        std::sync::OnceLock::new();
    let subs = SUBS.get_or_init(|| {
        let env = &schema().envelope;
        (0..128u32)
            .map(|k| {
                let fd = env.get_field(k + 1).filter(|_| k > 0)?;
                match fd.kind() {
                    Kind::Message(m) => Some(m),
                    _ => None,
                }
            })
            .collect()
    });
    subs.get(kind as usize).cloned().flatten()
}

/// Notes on one (nested) message: required fields missing, values outside
/// the protocol's, unknown fields. What to check for each message type is
/// worked out once ([`plan`]): descriptors are slow to ask at every
/// message.
fn check(m: &DynamicMessage, path: &str, depth: usize, notes: &mut Notes) {
    if depth > NOTE_DEPTH {
        return;
    }
    let Some(plan) = plan(&m.descriptor()) else {
        return;
    };
    for &(number, json) in &plan.required {
        if !m.has_field_by_number(number) {
            notes.push(format!("{path}: required field {json} is missing"));
        }
    }
    for (fd, v) in m.fields() {
        let Some(what) = plan.fields.get(fd.number() as usize) else {
            continue;
        };
        let values: &[Value] = match v {
            Value::List(l) => l,
            one => std::slice::from_ref(one),
        };
        for v in values {
            match (v, what) {
                (Value::EnumNumber(n), Check::Enum { valid, name }) if !valid.contains(n) => notes
                    .push(format!(
                        "{path}.{}: {n} is not a value of {name}",
                        fd.json_name()
                    )),
                (Value::U32(n), Check::Card) if *n > 51 => notes.push(format!(
                    "{path}.{}: {n} is not a card (0..51)",
                    fd.json_name()
                )),
                (Value::Message(sub), Check::Message) => {
                    check(sub, &format!("{path}.{}", fd.json_name()), depth + 1, notes)
                }
                _ => {}
            }
        }
    }
    for f in m.unknown_fields() {
        notes.push(format!(
            "{path}: field {} is not in protocol 5.1 (kept)",
            f.number()
        ));
    }
}

/// What to check in one field.
enum Check {
    Nothing,
    Card,
    Enum { valid: Vec<i32>, name: String },
    Message,
}

/// What to check in one message type.
struct Plan {
    /// Required fields: number and record name.
    required: Vec<(u32, &'static str)>,
    /// By field number.
    fields: Vec<Check>,
}

/// The plan of message type `desc`, found by the address of its name (the
/// descriptors live as long as the program).
fn plan(desc: &prost_reflect::MessageDescriptor) -> Option<&'static Plan> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    type Map = HashMap<usize, Plan, foldhash::fast::FixedState>;
    static PLANS: OnceLock<Map> = OnceLock::new();
    let plans = PLANS.get_or_init(|| {
        let defs: HashMap<&str, &'static MessageDef> =
            MESSAGES.iter().map(|d| (d.name, d)).collect();
        schema()
            .messages()
            .map(|m| {
                let short = m.full_name().trim_start_matches("pokerth1.");
                let def = defs.get(short);
                let required = def.map_or_else(Vec::new, |d| {
                    d.fields
                        .iter()
                        .filter(|f| f.label == Label::Required)
                        .map(|f| (f.number, f.json))
                        .collect()
                });
                let top = m.fields().map(|f| f.number()).max().unwrap_or(0) as usize;
                let mut fields: Vec<Check> = (0..=top).map(|_| Check::Nothing).collect();
                for f in m.fields() {
                    fields[f.number() as usize] = match f.kind() {
                        Kind::Enum(e) => Check::Enum {
                            valid: e.values().map(|v| v.number()).collect(),
                            name: e.full_name().trim_start_matches("pokerth1.").to_owned(),
                        },
                        Kind::Message(_) => Check::Message,
                        _ if is_card_field(f.name()) => Check::Card,
                        _ => Check::Nothing,
                    };
                }
                let key = m.full_name().as_ptr() as usize;
                (key, Plan { required, fields })
            })
            .collect()
    });
    plans.get(&(desc.full_name().as_ptr() as usize))
}
