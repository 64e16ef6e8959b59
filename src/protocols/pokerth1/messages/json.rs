//! A decoded PokerTH 1.x message as a record's `fields`, following the
//! JSON contract: keys in snake_case (each descriptor's JSON name is its
//! record key), only the fields that were on the wire (as protobuf's JSON
//! mapping does), nested messages as objects, repeated fields as arrays,
//! enumerations by their lower_snake_case names (an unknown value as its
//! number), cards as `"Ah"`, bytes as hex. Fields protocol 5.1 does not
//! define are kept under `unknown_fields`: number, wire type, the value's
//! bytes as hex (and a varint's value).

use super::{is_card_field, schema, Message};
use crate::protocols::hex;
use crate::protocols::pokerth::messages::PtCard;
use prost::bytes::Buf;
use prost::encoding::WireType;
use prost_reflect::{DynamicMessage, FieldDescriptor, Kind, UnknownField, Value};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Fields {
            msg: self.body(),
            extra: &self.envelope_unknown,
        }
        .serialize(s)
    }
}

/// The fields of one (sub-)message; `extra`: the envelope's unknown fields,
/// shown with the message's own.
struct Fields<'a> {
    msg: &'a DynamicMessage,
    extra: &'a [UnknownField],
}

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        for (fd, v) in self.msg.fields() {
            m.serialize_entry(fd.json_name(), &Val { fd: &fd, v })?;
        }
        let unknown: Vec<&UnknownField> =
            self.msg.unknown_fields().chain(self.extra.iter()).collect();
        if !unknown.is_empty() {
            m.serialize_entry("unknown_fields", &Unknowns(&unknown))?;
        }
        m.end()
    }
}

/// One field's value.
struct Val<'a> {
    fd: &'a FieldDescriptor,
    v: &'a Value,
}

impl Serialize for Val<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.v {
            Value::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for v in items {
                    seq.serialize_element(&Val { fd: self.fd, v })?;
                }
                seq.end()
            }
            Value::Message(m) => Fields { msg: m, extra: &[] }.serialize(s),
            Value::EnumNumber(n) => match self.fd.kind() {
                Kind::Enum(e) => match schema().enum_value(e.full_name(), *n) {
                    Some(name) => s.serialize_str(name),
                    None => s.serialize_i32(*n),
                },
                _ => s.serialize_i32(*n),
            },
            Value::U32(n) if is_card_field(self.fd.name()) => match u16::try_from(*n) {
                Ok(c) => PtCard(c).serialize(s),
                Err(_) => s.serialize_u32(*n),
            },
            Value::U32(n) => s.serialize_u32(*n),
            Value::U64(n) => s.serialize_u64(*n),
            Value::I32(n) => s.serialize_i32(*n),
            Value::I64(n) => s.serialize_i64(*n),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::F32(f) => s.serialize_f32(*f),
            Value::F64(f) => s.serialize_f64(*f),
            Value::String(t) => s.serialize_str(t),
            Value::Bytes(b) => s.serialize_str(&hex(b)),
            Value::Map(_) => s.serialize_none(),
        }
    }
}

struct Unknowns<'a>(&'a [&'a UnknownField]);

impl Serialize for Unknowns<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for f in self.0 {
            seq.serialize_element(&Unknown(f))?;
        }
        seq.end()
    }
}

struct Unknown<'a>(&'a UnknownField);

impl Serialize for Unknown<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (wire, value, bytes) = unknown_value(self.0);
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("number", &self.0.number())?;
        m.serialize_entry("wire_type", wire)?;
        if let Some(v) = value {
            m.serialize_entry("value", &v)?;
        }
        m.serialize_entry("hex", &hex(&bytes))?;
        m.end()
    }
}

/// An unknown field's wire type name, its value when it is a varint, and
/// its value's bytes (without key, and without length for length-delimited
/// fields).
pub fn unknown_value(f: &UnknownField) -> (&'static str, Option<u64>, Vec<u8>) {
    let mut encoded = Vec::with_capacity(f.encoded_len());
    f.encode(&mut encoded);
    let mut buf = encoded.as_slice();
    // Skip the key; then, for length-delimited values, the length.
    let _ = prost::encoding::decode_varint(&mut buf);
    let wire = match f.wire_type() {
        WireType::Varint => "varint",
        WireType::SixtyFourBit => "i64",
        WireType::LengthDelimited => "len",
        WireType::StartGroup | WireType::EndGroup => "group",
        WireType::ThirtyTwoBit => "i32",
    };
    let value = match f.wire_type() {
        WireType::Varint => {
            let mut peek = buf;
            prost::encoding::decode_varint(&mut peek).ok()
        }
        WireType::LengthDelimited => {
            let _ = prost::encoding::decode_varint(&mut buf);
            None
        }
        _ => None,
    };
    (wire, value, buf.chunk().to_vec())
}
