//! The values at some key paths of a message's fields, in one pass of
//! its `Serialize` without building the JSON: a serializer that follows a
//! trie of the paths wanted, skips every other key's value unserialised,
//! and keeps the scalars at the paths' ends (lists walked through, as
//! [`super::json::walk`] does). A path that ends at an object asks for
//! its JSON text: the caller then falls back to the JSON value.

use serde::ser::{self, Serialize};
use std::fmt::Display;

/// The paths wanted, as a trie.
#[derive(Debug, Default)]
pub struct Trie {
    children: Vec<(String, Trie)>,
    /// The paths that end here, by index.
    ends: Vec<usize>,
}

impl Trie {
    /// The trie of `paths`.
    pub fn new(paths: &[Vec<String>]) -> Trie {
        let mut root = Trie::default();
        for (i, p) in paths.iter().enumerate() {
            let mut node = &mut root;
            for key in p {
                let at = match node.children.iter().position(|(k, _)| k == key) {
                    Some(at) => at,
                    None => {
                        node.children.push((key.clone(), Trie::default()));
                        node.children.len() - 1
                    }
                };
                node = &mut node.children[at].1;
            }
            node.ends.push(i);
        }
        root
    }

    fn child(&self, key: &str) -> Option<&Trie> {
        self.children.iter().find(|(k, _)| k == key).map(|(_, t)| t)
    }
}

/// A scalar found at a path.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A whole number.
    Int(i128),
    /// A number with a fraction.
    Float(f64),
    /// Text.
    Str(String),
}

/// Why a walk stopped: a path ends at an object (or a key is not text).
#[derive(Debug)]
pub struct Fallback;

impl Display for Fallback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("needs the JSON value")
    }
}
impl std::error::Error for Fallback {}
impl ser::Error for Fallback {
    fn custom<T: Display>(_: T) -> Self {
        Fallback
    }
}

/// The scalars at each path of `trie` (by index, `n` paths) in `value`;
/// `None` when a path ends at an object.
pub fn extract<T: Serialize + ?Sized>(
    value: &T,
    trie: &Trie,
    n: usize,
) -> Option<Vec<Vec<Scalar>>> {
    let mut out = vec![Vec::new(); n];
    value
        .serialize(Walk {
            node: trie,
            out: &mut out,
        })
        .ok()?;
    Some(out)
}

/// Serialises a value found at `node`.
struct Walk<'a> {
    node: &'a Trie,
    out: &'a mut Vec<Vec<Scalar>>,
}

impl Walk<'_> {
    fn scalar(self, s: Scalar) -> Result<(), Fallback> {
        if let Some((last, rest)) = self.node.ends.split_last() {
            for &i in rest {
                self.out[i].push(s.clone());
            }
            self.out[*last].push(s);
        }
        Ok(())
    }

    /// An object begins here: an error if a path ends at it.
    fn object(&self) -> Result<(), Fallback> {
        if self.node.ends.is_empty() {
            Ok(())
        } else {
            Err(Fallback)
        }
    }

    /// The value under `key` of an object here.
    fn entry<T: Serialize + ?Sized>(&mut self, key: &str, v: &T) -> Result<(), Fallback> {
        match self.node.child(key) {
            Some(node) => v.serialize(Walk {
                node,
                out: self.out,
            }),
            None => Ok(()),
        }
    }
}

/// A list, an object or a variant being walked.
struct Compound<'a> {
    walk: Walk<'a>,
    /// A map's key, until its value comes.
    key: Option<String>,
    /// `{"variant": ...}`: the node under the variant's name (`None`: not wanted).
    variant: Option<Option<&'a Trie>>,
}

impl<'a> Compound<'a> {
    fn new(walk: Walk<'a>) -> Self {
        Compound {
            walk,
            key: None,
            variant: None,
        }
    }

    /// A variant's contents: under its name, as serde_json writes it.
    fn variant(walk: Walk<'a>, name: &str) -> Result<Self, Fallback> {
        walk.object()?;
        let node = walk.node.child(name);
        Ok(Compound {
            walk,
            key: None,
            variant: Some(node),
        })
    }

    /// The walk of an element: in the variant's node, or here.
    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Fallback> {
        let node = match self.variant {
            Some(None) => return Ok(()),
            Some(Some(n)) => n,
            None => self.walk.node,
        };
        v.serialize(Walk {
            node,
            out: self.walk.out,
        })
    }

    /// A field of a struct (of a struct variant: in the variant's node).
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, v: &T) -> Result<(), Fallback> {
        match self.variant {
            Some(None) => Ok(()),
            Some(Some(node)) => match node.child(key) {
                Some(node) => v.serialize(Walk {
                    node,
                    out: self.walk.out,
                }),
                None => Ok(()),
            },
            None => self.walk.entry(key, v),
        }
    }
}

/// A map key as text (numbers as serde_json writes them).
struct Key;

/// `Key`'s methods for numbers: their decimal text.
macro_rules! key_numbers {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<String, Fallback> {
            Ok(v.to_string())
        }
    )*};
}

impl ser::Serializer for Key {
    type Ok = String;
    type Error = Fallback;
    type SerializeSeq = ser::Impossible<String, Fallback>;
    type SerializeTuple = ser::Impossible<String, Fallback>;
    type SerializeTupleStruct = ser::Impossible<String, Fallback>;
    type SerializeTupleVariant = ser::Impossible<String, Fallback>;
    type SerializeMap = ser::Impossible<String, Fallback>;
    type SerializeStruct = ser::Impossible<String, Fallback>;
    type SerializeStructVariant = ser::Impossible<String, Fallback>;

    fn serialize_str(self, v: &str) -> Result<String, Fallback> {
        Ok(v.to_string())
    }
    fn serialize_char(self, v: char) -> Result<String, Fallback> {
        Ok(v.to_string())
    }
    key_numbers!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64);
    fn serialize_bool(self, _: bool) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_f32(self, _: f32) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_f64(self, _: f64) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_none(self) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<String, Fallback> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, Fallback> {
        Ok(variant.to_string())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<String, Fallback> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Fallback> {
        Err(Fallback)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Fallback> {
        Err(Fallback)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Fallback> {
        Err(Fallback)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Fallback> {
        Err(Fallback)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Fallback> {
        Err(Fallback)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Fallback> {
        Err(Fallback)
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Fallback> {
        Err(Fallback)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Fallback> {
        Err(Fallback)
    }
}

/// A type's or a variant's name, as serde gives it.
type Name = &'static str;

/// What `Walk` gives for a list, an object or a variant.
type Walked<'a> = Result<Compound<'a>, Fallback>;

/// `Walk`'s methods for whole numbers: a scalar each.
macro_rules! walk_numbers {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<(), Fallback> {
            self.scalar(Scalar::Int(v.into()))
        }
    )*};
}

impl<'a> ser::Serializer for Walk<'a> {
    type Ok = ();
    type Error = Fallback;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Fallback> {
        self.scalar(Scalar::Bool(v))
    }
    walk_numbers!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64);
    fn serialize_f32(self, v: f32) -> Result<(), Fallback> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Fallback> {
        // serde_json writes a number that is not finite as null.
        self.scalar(if v.is_finite() {
            Scalar::Float(v)
        } else {
            Scalar::Null
        })
    }
    fn serialize_char(self, v: char) -> Result<(), Fallback> {
        self.scalar(Scalar::Str(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<(), Fallback> {
        if self.node.ends.is_empty() {
            return Ok(());
        }
        self.scalar(Scalar::Str(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Fallback> {
        for b in v {
            Walk {
                node: self.node,
                out: &mut *self.out,
            }
            .serialize_u8(*b)?;
        }
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Fallback> {
        self.scalar(Scalar::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Fallback> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Fallback> {
        self.scalar(Scalar::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Fallback> {
        self.scalar(Scalar::Null)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Fallback> {
        self.scalar(Scalar::Str(variant.to_string()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Fallback> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Fallback> {
        self.object()?;
        self.entry(variant, v)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, Fallback> {
        Ok(Compound::new(self))
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, Fallback> {
        Ok(Compound::new(self))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Fallback> {
        Ok(Compound::new(self))
    }
    fn serialize_tuple_variant(self, _: Name, _: u32, variant: Name, _: usize) -> Walked<'a> {
        Compound::variant(self, variant)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, Fallback> {
        self.object()?;
        Ok(Compound::new(self))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Fallback> {
        self.object()?;
        Ok(Compound::new(self))
    }
    fn serialize_struct_variant(self, _: Name, _: u32, variant: Name, _: usize) -> Walked<'a> {
        Compound::variant(self, variant)
    }
}

/// The element-wise compounds: each element walked at the same node.
macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Fallback;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Fallback> {
                self.element(v)
            }
            fn end(self) -> Result<(), Fallback> {
                Ok(())
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Fallback;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Fallback> {
        self.key = Some(k.serialize(Key)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Fallback> {
        let key = self.key.take().unwrap_or_default();
        self.walk.entry(&key, v)
    }
    fn serialize_entry<K: Serialize + ?Sized, V: Serialize + ?Sized>(
        &mut self,
        k: &K,
        v: &V,
    ) -> Result<(), Fallback> {
        if self.walk.node.children.is_empty() {
            return Ok(());
        }
        let key = k.serialize(Key)?;
        self.walk.entry(&key, v)
    }
    fn end(self) -> Result<(), Fallback> {
        Ok(())
    }
}

/// The struct compounds: each field walked under its name.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Fallback;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                v: &T,
            ) -> Result<(), Fallback> {
                self.field(key, v)
            }
            fn end(self) -> Result<(), Fallback> {
                Ok(())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paths(list: &[&str]) -> Vec<Vec<String>> {
        list.iter()
            .map(|p| p.split('.').map(str::to_string).collect())
            .collect()
    }

    /// The extraction agrees with walking the JSON value.
    #[test]
    fn finds_what_the_json_holds() {
        let v = json!({
            "a": 1, "b": "x", "list": [1, [2]], "objs": [{"c": true}], "rows": [{"n": "A"}, {"n": null}],
            "deep": {"er": {"est": -1.5}}, "skip": {"big": [1, 2, 3]}
        });
        let p = paths(&[
            "a",
            "b",
            "list",
            "objs.c",
            "rows.n",
            "deep.er.est",
            "nope",
            "a.b",
        ]);
        let got = extract(&v, &Trie::new(&p), p.len()).unwrap();
        use Scalar::*;
        assert_eq!(
            got,
            vec![
                vec![Int(1)],
                vec![Str("x".into())],
                vec![Int(1), Int(2)],
                vec![Bool(true)],
                vec![Str("A".into()), Null],
                vec![Float(-1.5)],
                vec![],
                vec![],
            ]
        );
        // A path that ends at an object: the JSON value is needed.
        for p in ["deep.er", "objs"] {
            let p = paths(&[p]);
            assert!(extract(&v, &Trie::new(&p), 1).is_none(), "{p:?}");
        }
    }
}
