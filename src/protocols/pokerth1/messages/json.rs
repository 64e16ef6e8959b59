//! A decoded PokerTH 1.x message as a record's `fields`, following the
//! JSON contract: keys in snake_case (each descriptor's JSON name is its
//! record key), only the fields that were on the wire (as protobuf's JSON
//! mapping does), nested messages as objects, repeated fields as arrays,
//! enumerations by their lower_snake_case names (an unknown value as its
//! number), cards as `"Ah"`, bytes as hex. Fields protocol 5.1 does not
//! define are kept under `unknown_fields`: number, wire type, the value's
//! bytes as hex (and a varint's value).

use super::schema::{Label, Ty};
use super::{is_card_field, schema, Message};
use crate::protocols::hex;
use crate::protocols::pokerth::messages::PtCard;
use crate::protocols::pokerth1::framing::varint;
use crate::protocols::pokerth1::scan::{field, FieldInfo};
use prost::bytes::Buf;
use prost::encoding::WireType;
use prost_reflect::{DynamicMessage, FieldDescriptor, Kind, UnknownField, Value};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // A message in canonical form is written straight from its bytes;
        // any other through the decoded dynamic message.
        if let (Some(index), Some(bytes)) = (self.canonical, self.raw_bytes()) {
            let index = usize::from(index);
            return Wire { index, bytes }.serialize(s);
        }
        Fields {
            msg: self.body(),
            extra: &self.envelope_unknown,
        }
        .serialize(s)
    }
}

/// A message in canonical form (fields in number order, a repeated field's
/// values together, nothing unknown, checked by the scan), written straight
/// from its bytes. Values read as prost reads them: a `uint32` or an
/// enumeration is the varint cut to 32 bits, a `bool` any varint not 0.
struct Wire<'a> {
    index: usize,
    bytes: &'a [u8],
}

/// The fields of a canonical message, in order: (number, wire type, value
/// start, value end); a length-delimited value's span is its content.
fn spans(b: &[u8]) -> impl Iterator<Item = (u64, u64, usize, usize)> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos >= b.len() {
            return None;
        }
        let (key, n) = varint(&b[pos..])?;
        let at = pos + n;
        let (start, end) = match key & 7 {
            0 => (at, at + varint(&b[at..])?.1),
            1 => (at, at + 8),
            5 => (at, at + 4),
            _ => {
                let (len, n) = varint(&b[at..])?;
                (at + n, at + n + len as usize)
            }
        };
        if end > b.len() {
            return None;
        }
        pos = end;
        Some((key >> 3, key & 7, start, end))
    })
}

impl Serialize for Wire<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        let mut it = spans(self.bytes).peekable();
        while let Some((number, wire, start, end)) = it.next() {
            let Some(f) = field(self.index, number) else {
                continue;
            };
            if f.def.label != Label::Repeated {
                m.serialize_entry(
                    f.def.json,
                    &WireVal {
                        f,
                        wire,
                        v: &self.bytes[start..end],
                    },
                )?;
                continue;
            }
            let mut values = vec![(wire, start, end)];
            while let Some(&(n, w, s2, e2)) = it.peek() {
                if n != number {
                    break;
                }
                values.push((w, s2, e2));
                it.next();
            }
            let list = WireList {
                f,
                bytes: self.bytes,
                values,
            };
            m.serialize_entry(f.def.json, &list)?;
        }
        m.end()
    }
}

/// A repeated field's values (packed ones unpacked).
struct WireList<'a> {
    f: FieldInfo,
    bytes: &'a [u8],
    values: Vec<(u64, usize, usize)>,
}

impl Serialize for WireList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for &(wire, start, end) in &self.values {
            let v = &self.bytes[start..end];
            let packed =
                wire == 2 && !matches!(self.f.def.ty, Ty::Str | Ty::Bytes | Ty::Message(_));
            if packed {
                let mut rest = v;
                while let Some((_, n)) = varint(rest) {
                    seq.serialize_element(&WireVal {
                        f: self.f,
                        wire: 0,
                        v: &rest[..n],
                    })?;
                    rest = &rest[n..];
                }
            } else {
                seq.serialize_element(&WireVal { f: self.f, wire, v })?;
            }
        }
        seq.end()
    }
}

/// One value of a field, from its bytes.
struct WireVal<'a> {
    f: FieldInfo,
    wire: u64,
    v: &'a [u8],
}

impl Serialize for WireVal<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = || varint(self.v).map_or(0, |(n, _)| n);
        match self.f.def.ty {
            Ty::Message(_) => match self.f.sub {
                Some(index) => Wire {
                    index,
                    bytes: self.v,
                }
                .serialize(s),
                None => s.serialize_none(),
            },
            Ty::Str => s.serialize_str(std::str::from_utf8(self.v).unwrap_or_default()),
            Ty::Bytes => s.serialize_str(&hex(self.v)),
            Ty::Bool => s.serialize_bool(n() != 0),
            Ty::Enum(_) => {
                let e = n() as i32;
                match self.f.values.and_then(|vs| vs.iter().find(|v| v.2 == e)) {
                    Some(v) => s.serialize_str(v.1),
                    None => s.collect_str(&e),
                }
            }
            _ if self.wire == 0 => {
                let v = n() as u32;
                match u16::try_from(v) {
                    Ok(c) if self.f.card => PtCard(c).serialize(s),
                    _ if self.f.card => s.collect_str(&v),
                    _ => s.serialize_u32(v),
                }
            }
            _ => s.serialize_str(&hex(self.v)),
        }
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
                    None => s.collect_str(n),
                },
                _ => s.serialize_i32(*n),
            },
            Value::U32(n) if is_card_field(self.fd.name()) => match u16::try_from(*n) {
                Ok(c) => PtCard(c).serialize(s),
                Err(_) => s.collect_str(n),
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
