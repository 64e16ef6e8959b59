//! The shape of the wire facts in [`super::definitions`]: a message's
//! fields with their numbers, labels and types, and the enumerations. The
//! tables are written against these types, and [`super::schema`] builds
//! the protobuf descriptors from them.

/// A field's label (proto2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// Must be on the wire.
    Required,
    /// May be.
    Optional,
    /// Zero or more times (packed or not).
    Repeated,
}

/// A field's type: a scalar, or the full name of an enumeration or message
/// (nested ones as `Parent.Child`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Ty {
    U32,
    U64,
    I32,
    I64,
    S32,
    S64,
    F32,
    F64,
    SF32,
    SF64,
    Float,
    Double,
    Bool,
    Str,
    Bytes,
    Enum(&'static str),
    Message(&'static str),
}

/// One field of a message.
#[derive(Debug, Clone, Copy)]
pub struct FieldDef {
    /// The field number on the wire.
    pub number: u32,
    /// The name in the wire facts (camelCase).
    pub name: &'static str,
    /// The record key (snake_case).
    pub json: &'static str,
    /// Required, optional or repeated.
    pub label: Label,
    /// Its type.
    pub ty: Ty,
    /// Packed on the wire (repeated scalars).
    pub packed: bool,
    /// The default the protocol gives an absent optional field.
    pub default: Option<&'static str>,
}

/// One message type.
#[derive(Debug, Clone, Copy)]
pub struct MessageDef {
    /// Full name, nested ones as `Parent.Child`.
    pub name: &'static str,
    /// Its fields, in number order.
    pub fields: &'static [FieldDef],
}

/// One enumeration: (name on the wire, record name, number) per value.
#[derive(Debug, Clone, Copy)]
pub struct EnumDef {
    /// Full name, nested ones as `Parent.Child`.
    pub name: &'static str,
    /// Its values.
    pub values: &'static [(&'static str, &'static str, i32)],
}
