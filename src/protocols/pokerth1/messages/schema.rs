//! The protobuf descriptors built once from the wire facts of
//! [`super::definitions`] (their shape: [`super::shape`]), at first use, for
//! `prost-reflect` to decode with.
//!
//! Each field's JSON name in the descriptor is its record key (snake_case),
//! so serialising a decoded message needs no lookup by name.

use super::definitions::{ENUMS, MESSAGES};
pub use super::shape::{EnumDef, FieldDef, Label, MessageDef, Ty};
use prost_reflect::{DescriptorPool, MessageDescriptor};
use prost_types::field_descriptor_proto::{Label as PLabel, Type as PType};
use prost_types::{
    DescriptorProto, EnumDescriptorProto, EnumValueDescriptorProto, FieldDescriptorProto,
    FileDescriptorProto,
};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The protobuf package the descriptors are built in.
const PACKAGE: &str = "pokerth1";

/// The envelope's full name.
pub const ENVELOPE: &str = "PokerTHMessage";

/// The descriptors, built once.
pub struct Schema {
    pool: DescriptorPool,
    /// The envelope's descriptor.
    pub envelope: MessageDescriptor,
    /// The enumerations, by full name without the package.
    enums: HashMap<&'static str, &'static EnumDef>,
}

impl Schema {
    /// The descriptor of message `name` (`HandStartMessage`,
    /// `HandStartMessage.PlainCards`).
    pub fn message(&self, name: &str) -> Option<MessageDescriptor> {
        self.pool.get_message_by_name(&format!("{PACKAGE}.{name}"))
    }

    /// Every message type's descriptor.
    pub fn messages(&self) -> impl Iterator<Item = MessageDescriptor> + '_ {
        self.pool.all_messages()
    }

    /// The record name of value `number` of enumeration `enum_name` (its
    /// full name without the package), if the protocol defines it.
    pub fn enum_value(&self, enum_name: &str, number: i32) -> Option<&'static str> {
        let short = enum_name.strip_prefix(PACKAGE)?.strip_prefix('.')?;
        let def = self.enums.get(short)?;
        def.values
            .iter()
            .find(|v| v.2 == number)
            .map(|&(_, record, _)| record)
    }
}

/// The schema, built at first use.
pub fn schema() -> &'static Schema {
    static SCHEMA: OnceLock<Schema> = OnceLock::new();
    SCHEMA.get_or_init(build)
}

fn build() -> Schema {
    let mut file = FileDescriptorProto {
        name: Some("pokerth1.proto".into()),
        package: Some(PACKAGE.into()),
        syntax: Some("proto2".into()),
        ..Default::default()
    };
    // Top-level messages first, then each nested one into its parent.
    let mut top: Vec<DescriptorProto> = Vec::new();
    let mut depth_sorted: Vec<&MessageDef> = MESSAGES.iter().collect();
    depth_sorted.sort_by_key(|m| m.name.matches('.').count());
    for m in depth_sorted {
        let (parent, short) = split(m.name);
        let proto = DescriptorProto {
            name: Some(short.into()),
            field: m.fields.iter().map(field).collect(),
            ..Default::default()
        };
        match parent {
            None => top.push(proto),
            Some(p) => find_mut(&mut top, p)
                .expect("definitions: a nested message's parent is defined")
                .nested_type
                .push(proto),
        }
    }
    for e in ENUMS {
        let (parent, short) = split(e.name);
        let proto = EnumDescriptorProto {
            name: Some(short.into()),
            value: e
                .values
                .iter()
                .map(|&(n, _, v)| EnumValueDescriptorProto {
                    name: Some(n.into()),
                    number: Some(v),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
        match parent {
            None => file.enum_type.push(proto),
            Some(p) => find_mut(&mut top, p)
                .expect("definitions: a nested enumeration's parent is defined")
                .enum_type
                .push(proto),
        }
    }
    file.message_type = top;
    let mut pool = DescriptorPool::new();
    pool.add_file_descriptor_proto(file)
        .expect("definitions: the PokerTH 1.x tables form valid descriptors");
    let envelope = pool
        .get_message_by_name(&format!("{PACKAGE}.{ENVELOPE}"))
        .expect("definitions: the envelope is defined");
    Schema {
        pool,
        envelope,
        enums: ENUMS.iter().map(|e| (e.name, e)).collect(),
    }
}

/// `A.B.C` → (`Some("A.B")`, `"C"`).
fn split(name: &str) -> (Option<&str>, &str) {
    match name.rsplit_once('.') {
        Some((p, s)) => (Some(p), s),
        None => (None, name),
    }
}

/// The (possibly nested) message `path` among `top`.
fn find_mut<'a>(top: &'a mut [DescriptorProto], path: &str) -> Option<&'a mut DescriptorProto> {
    let mut parts = path.split('.');
    let first = parts.next()?;
    let mut cur = top.iter_mut().find(|m| m.name() == first)?;
    for p in parts {
        cur = cur.nested_type.iter_mut().find(|m| m.name() == p)?;
    }
    Some(cur)
}

fn field(f: &FieldDef) -> FieldDescriptorProto {
    let (ty, type_name) = match f.ty {
        Ty::U32 => (PType::Uint32, None),
        Ty::U64 => (PType::Uint64, None),
        Ty::I32 => (PType::Int32, None),
        Ty::I64 => (PType::Int64, None),
        Ty::S32 => (PType::Sint32, None),
        Ty::S64 => (PType::Sint64, None),
        Ty::F32 => (PType::Fixed32, None),
        Ty::F64 => (PType::Fixed64, None),
        Ty::SF32 => (PType::Sfixed32, None),
        Ty::SF64 => (PType::Sfixed64, None),
        Ty::Float => (PType::Float, None),
        Ty::Double => (PType::Double, None),
        Ty::Bool => (PType::Bool, None),
        Ty::Str => (PType::String, None),
        Ty::Bytes => (PType::Bytes, None),
        Ty::Enum(n) => (PType::Enum, Some(format!(".{PACKAGE}.{n}"))),
        Ty::Message(n) => (PType::Message, Some(format!(".{PACKAGE}.{n}"))),
    };
    let label = match f.label {
        Label::Required => PLabel::Required,
        Label::Optional => PLabel::Optional,
        Label::Repeated => PLabel::Repeated,
    };
    FieldDescriptorProto {
        name: Some(f.name.into()),
        number: Some(f.number as i32),
        label: Some(label as i32),
        r#type: Some(ty as i32),
        type_name,
        json_name: Some(f.json.into()),
        default_value: f.default.map(Into::into),
        options: f.packed.then(|| prost_types::FieldOptions {
            packed: Some(true),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// The descriptor of the message that `messageType` `kind` names.
pub fn sub_descriptor(kind: u32) -> Option<prost_reflect::MessageDescriptor> {
    static SUBS: std::sync::OnceLock<Vec<Option<prost_reflect::MessageDescriptor>>> =
        std::sync::OnceLock::new();
    let subs = SUBS.get_or_init(|| {
        let env = &schema().envelope;
        (0..128u32)
            .map(|k| {
                let fd = env.get_field(k + 1).filter(|_| k > 0)?;
                match fd.kind() {
                    prost_reflect::Kind::Message(m) => Some(m),
                    _ => None,
                }
            })
            .collect()
    });
    subs.get(kind as usize).cloned().flatten()
}
