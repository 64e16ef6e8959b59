//! A compact JSON serializer for records' fields, byte for byte what
//! `serde_json::to_writer` writes, but faster on the strings that make up
//! most of a record (keys and text): a string that needs no escaping, nearly
//! all of them, is checked in one pass the compiler vectorises and copied
//! whole, where serde_json looks each byte up in a table.

use serde::ser::{self, Serialize};
use std::fmt::{self, Display};

/// Appends `value` as compact JSON to `out`.
pub fn to_vec<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Json { out })
}

/// The only error: a map key that is not a string or a number.
#[derive(Debug)]
pub struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for Error {}
impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

/// Writes `s` as a JSON string, escaped as serde_json escapes.
pub fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.push(b'"');
    // No early exit: a plain fold over the bytes vectorises.
    let special = bytes.iter().fold(false, |any, &b| {
        any | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if !special {
        out.extend_from_slice(bytes);
    } else {
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let esc: &[u8] = match b {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                b'\n' => b"\\n",
                b'\r' => b"\\r",
                b'\t' => b"\\t",
                0x08 => b"\\b",
                0x0c => b"\\f",
                0..=0x1f => {
                    out.extend_from_slice(&bytes[start..i]);
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.extend_from_slice(&[
                        b'\\',
                        b'u',
                        b'0',
                        b'0',
                        HEX[usize::from(b >> 4)],
                        HEX[usize::from(b & 15)],
                    ]);
                    start = i + 1;
                    continue;
                }
                _ => continue,
            };
            out.extend_from_slice(&bytes[start..i]);
            out.extend_from_slice(esc);
            start = i + 1;
        }
        out.extend_from_slice(&bytes[start..]);
    }
    out.push(b'"');
}

/// A serializer's integer methods (`serialize_i8(i8)`, ...), each handing
/// the number to the serializer's method `$write`.
macro_rules! integers {
    ($write:ident: $($method:ident($t:ty)),* $(,)?) => {$(
        fn $method(self, v: $t) -> Result<(), Error> {
            self.$write(v)
        }
    )*};
}

struct Json<'a> {
    out: &'a mut Vec<u8>,
}

impl Json<'_> {
    fn int(&mut self, v: impl itoa::Integer) -> Result<(), Error> {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        Ok(())
    }

    /// `{"variant":`, the start of a variant with contents, closed by
    /// `Compound::close` (or by hand for a newtype variant).
    fn variant_key(&mut self, variant: &str) {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.push(b':');
    }
}

impl<'a, 'b> Json<'a> {
    /// Opens an array (`bracket` `[`) or an object (`{`), inside
    /// `{"variant":...}` for a variant's.
    fn open(&'b mut self, variant: Option<&str>, bracket: u8) -> Compound<'a, 'b> {
        if let Some(variant) = variant {
            self.variant_key(variant);
        }
        self.out.push(bracket);
        Compound {
            ser: self,
            first: true,
            outer: variant.is_some(),
        }
    }
}

/// A sequence or map being written: whether an element was written yet.
struct Compound<'a, 'b> {
    ser: &'b mut Json<'a>,
    first: bool,
    /// For variants `{"name":[...]}` / `{"name":{...}}`: close the outer object too.
    outer: bool,
}

impl Compound<'_, '_> {
    fn comma(&mut self) {
        if !self.first {
            self.ser.out.push(b',');
        }
        self.first = false;
    }
}

impl<'a, 'b> ser::Serializer for &'b mut Json<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, 'b>;
    type SerializeTuple = Compound<'a, 'b>;
    type SerializeTupleStruct = Compound<'a, 'b>;
    type SerializeTupleVariant = Compound<'a, 'b>;
    type SerializeMap = Compound<'a, 'b>;
    type SerializeStruct = Compound<'a, 'b>;
    type SerializeStructVariant = Compound<'a, 'b>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }
    integers!(
        int:
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_i128(i128),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_u128(u128),
    );
    // Floats are rare in fields: serde_json's own formatting keeps them identical.
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        serde_json::to_writer(&mut *self.out, &v).map_err(|e| Error(e.to_string()))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        serde_json::to_writer(&mut *self.out, &v).map_err(|e| Error(e.to_string()))
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut seq = ser::Serializer::serialize_seq(self, Some(v.len()))?;
        for b in v {
            ser::SerializeSeq::serialize_element(&mut seq, b)?;
        }
        ser::SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        write_str(self.out, variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.variant_key(variant);
        v.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a, 'b>, Error> {
        Ok(self.open(None, b'['))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a, 'b>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'a, 'b>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'b>, Error> {
        Ok(self.open(Some(variant), b'['))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a, 'b>, Error> {
        Ok(self.open(None, b'{'))
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a, 'b>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'b>, Error> {
        Ok(self.open(Some(variant), b'{'))
    }
    fn collect_str<T: Display + ?Sized>(self, v: &T) -> Result<(), Error> {
        // Format in place; escape afterwards only if the text needs it.
        let start = self.out.len();
        self.out.push(b'"');
        std::io::Write::write_fmt(self.out, format_args!("{v}"))
            .map_err(|e| Error(e.to_string()))?;
        let text = &self.out[start + 1..];
        if text.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\') {
            let owned = String::from_utf8_lossy(text).into_owned();
            self.out.truncate(start);
            write_str(self.out, &owned);
        } else {
            self.out.push(b'"');
        }
        Ok(())
    }
}

impl Compound<'_, '_> {
    fn close(self, bracket: u8) -> Result<(), Error> {
        self.ser.out.push(bracket);
        if self.outer {
            self.ser.out.push(b'}');
        }
        Ok(())
    }

    /// An element of an array.
    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.comma();
        v.serialize(&mut *self.ser)
    }

    /// A field of an object.
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Result<(), Error> {
        self.comma();
        // Field names are Rust identifiers (or snake_case renames): nothing
        // to escape.
        debug_assert!(key.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\'));
        self.ser.out.push(b'"');
        self.ser.out.extend_from_slice(key.as_bytes());
        self.ser.out.extend_from_slice(b"\":");
        v.serialize(&mut *self.ser)
    }
}

/// Sequences, tuples, tuple structs and tuple variants: arrays, element by
/// element (`serde` names the element method differently).
macro_rules! like_seq {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
                self.element(v)
            }
            fn end(self) -> Result<(), Error> {
                self.close(b']')
            }
        }
    )*};
}
like_seq!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// Structs and struct variants: objects, field by field.
macro_rules! like_struct {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                v: &T,
            ) -> Result<(), Error> {
                self.field(key, v)
            }
            fn end(self) -> Result<(), Error> {
                self.close(b'}')
            }
        }
    )*};
}
like_struct!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(KeySerializer { out: self.ser.out })
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.ser.out.push(b':');
        v.serialize(&mut *self.ser)
    }
    fn end(self) -> Result<(), Error> {
        self.close(b'}')
    }
}

/// Map keys: strings as they are; numbers, booleans and chars quoted, as
/// serde_json does; anything else an error.
struct KeySerializer<'a> {
    out: &'a mut Vec<u8>,
}

impl KeySerializer<'_> {
    fn quoted(self, text: &str) -> Result<(), Error> {
        write_str(self.out, text);
        Ok(())
    }

    fn quoted_int(self, v: impl itoa::Integer) -> Result<(), Error> {
        self.quoted(itoa::Buffer::new().format(v))
    }
}

fn key_error() -> Error {
    Error("key must be a string".into())
}

impl ser::Serializer for KeySerializer<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(if v { "true" } else { "false" })
    }
    integers!(
        quoted_int:
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
    );
    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.quoted(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _v: &T) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.quoted(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _i: u32,
        _variant: &'static str,
        _v: &T,
    ) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_error())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_error())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_error())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_error())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_error())
    }
    fn collect_str<T: Display + ?Sized>(self, v: &T) -> Result<(), Error> {
        self.quoted(&v.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn same<T: Serialize>(v: &T) {
        let mut ours = Vec::new();
        to_vec(&mut ours, v).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            serde_json::to_string(v).unwrap()
        );
    }

    #[test]
    fn writes_what_serde_json_writes() {
        same(
            &json!({"a": [1, -2, 3.5, 1e300, 0.1, null, true, false], "b\"\\\n\u{1}\u{7f}é": "x\ty\u{8}\u{c}\r\u{1f}", "": {}}),
        );
        same(&json!([[], {}, "", u64::MAX, i64::MIN]));
        same(&(1u8, 'c', "s", Some(2i16), None::<u32>, ()));
        same(&std::collections::BTreeMap::from([
            (3u32, "three"),
            (10, "ten"),
        ]));
        same(&f64::NAN);
        same(&b"bytes".as_slice());
    }

    /// Every message of every reference vector, decoded and written both ways.
    #[test]
    fn every_decoded_vector_is_written_as_serde_json_writes_it() {
        use crate::protocols::{new_decoder, ProtocolId};
        use crate::reassembly::Direction;
        let mut checked = 0;
        for (file, id) in [
            ("pokerth.jsonl", ProtocolId::PokerTh),
            ("pokernetwork.jsonl", ProtocolId::PokerNetwork),
            ("gls.jsonl", ProtocolId::Gls),
        ] {
            for v in crate::protocols::testkit::vectors(file) {
                let hex = v["hex"].as_str().unwrap();
                let bytes: Vec<u8> = (0..hex.len() / 2)
                    .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
                    .collect();
                for dir in [Direction::C2S, Direction::S2C] {
                    let mut dec = new_decoder(id);
                    let decoded = dec.decode(dir, &bytes);
                    same(&decoded.fields);
                    same(&decoded.notes);
                    checked += 1;
                }
            }
        }
        assert!(checked > 400, "{checked}");
    }
}
