//! `packets!`: declares packet classes from their attribute lists.
//!
//! Each entry is `ID Name { attribute: RustType = WireKind, ... }` in wire
//! order; `attribute: RustType = WireKind as key` writes the attribute
//! under `key` in the record's `fields` (and in notes), where the seed's
//! name would give one key two JSON types across classes (`players`, a
//! count in `PacketPokerTable`, a list of serials in `PacketPokerInGame`).
//! For each it generates the struct (fields in wire order), its nom
//! parser (one [`Wire`](crate::protocols::pokernetwork::parsing::Wire)
//! parser per attribute), its `Serialize` (an object of the attributes, see
//! [`FieldValue`](super::values::FieldValue)), and the module's `SPECS`
//! table of [`PacketSpec`](crate::protocols::pokernetwork::parsing::PacketSpec)s.

macro_rules! packets {
    // The record key of an attribute: its name, or the `as` key.
    (@key $field:ident) => { stringify!($field) };
    (@key $field:ident $key:ident) => { stringify!($key) };
    // A class's parser, for a `PacketSpec`: its payload as a `Message`.
    (@message $name:ident, $i:ident, $cx:ident) => {
        $name::parse($i, $cx).map(|(i, p)| {
            (i, $crate::protocols::pokernetwork::messages::Message::$name(p.into()))
        })
    };
    ($(
        $(#[$meta:meta])*
        $id:literal $name:ident { $($field:ident : $ty:ty = $wire:ident $(as $key:ident)?),* $(,)? }
    )*) => {
        $(
            $(#[$meta])*
            #[derive(Debug, Clone, PartialEq)]
            pub struct $name {
                $(
                    #[doc = concat!("`", stringify!($field), "`, sent as `", stringify!($wire), "`.")]
                    pub $field: $ty,
                )*
            }

            impl $name {
                /// The packet's type byte.
                pub const TYPE_ID: u8 = $id;

                /// Parses the packet's payload (the bytes after the header),
                /// attribute by attribute in wire order.
                pub fn parse<'a, R: $crate::protocols::pokernetwork::parsing::PacketRecorder>(
                    i: &'a [u8],
                    cx: &mut $crate::protocols::pokernetwork::parsing::Cx<R>,
                ) -> $crate::protocols::pokernetwork::parsing::PResult<'a, Self> {
                    #[allow(unused_imports)]
                    use $crate::protocols::pokernetwork::parsing::wire;
                    let _ = &cx;
                    $(
                        let (i, $field): (&[u8], $ty) =
                            cx.attr::<wire::$wire>(packets!(@key $field $($key)?), i)?;
                    )*
                    Ok((i, $name { $($field),* }))
                }
            }

            impl serde::Serialize for $name {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    #[allow(unused_imports)]
                    use $crate::protocols::pokernetwork::messages::FieldValue;
                    use serde::ser::SerializeMap;
                    #[allow(unused_mut)]
                    let mut map = s.serialize_map(None)?;
                    $( FieldValue::put(&self.$field, packets!(@key $field $($key)?), &mut map)?; )*
                    map.end()
                }
            }
        )*

        /// The packet classes of this module: type, name, attributes, parser.
        pub(crate) const SPECS: &[$crate::protocols::pokernetwork::parsing::PacketSpec] = &[
            $(
                $crate::protocols::pokernetwork::parsing::PacketSpec {
                    type_id: $id,
                    name: stringify!($name),
                    attrs: &[$((
                        stringify!($field),
                        $crate::protocols::pokernetwork::parsing::WireKind::$wire,
                    )),*],
                    keys: &[$(packets!(@key $field $($key)?)),*],
                    parse: |i, cx| packets!(@message $name, i, cx),
                    parse_spans: |i, cx| packets!(@message $name, i, cx),
                },
            )*
        ];
    };
}
