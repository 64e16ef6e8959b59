//! `messages!` and `records!`: the PokerTH message types declared as a
//! table, one row a type, its fields in wire order.
//!
//! A message row is `ID Name: Size { entries }` (`ID Name as "Wire": ...`
//! when the record's `type` is not the struct's name, as for the 2007
//! dialect's types); a record row (a sub-structure: the Game Info Block,
//! the show-cards records, a statistics entry) is `Name { entries }`. The
//! entries, in wire order:
//!
//! - `field: Type = Wire` or `field: Type = Wire(args)`: a field read by
//!   wire type `Wire` ([`Wire`](crate::protocols::pokerth::parsing::wire::Wire)),
//!   the args being what it needs from fields read before (a length, a
//!   count, a flag, a limit); `field as "key": ...` names its key;
//! - `_ = Reserved16` / `_ = Reserved32`: a reserved field, no key;
//! - `field: Type => expr`: a key derived from the fields read (computed
//!   after the last one), with no bytes of its own;
//! - `check field <= LIMIT` or `check name(args)`: a note about the fields
//!   read so far ([`checks`](crate::protocols::pokerth::parsing::checks)).
//!
//! Each row becomes a struct whose fields serialise in the row's order,
//! and its [`Parse`](crate::protocols::pokerth::parsing::wire::Parse),
//! the one parser every type shares, read entry by entry. `messages!`
//! also gives each struct its `TYPE_ID` and `NAME` and makes the module's
//! `SPECS`, the [`Spec`](super::Spec) of each row.

macro_rules! messages {
    // A struct and its `Parse`, from its entries: munched one by one into
    // the struct's fields, the read steps, the derived keys, the
    // constructor's names and the fixed size. `$i` and `$cx` are made
    // once, so that every step names the same two.
    (@struct [$($meta:tt)*] $name:ident; $($body:tt)*) => {
        messages!(@munch [$($meta)*] $name (i cx) [] [] [] [] []; $($body)*);
    };
    (@munch [$($meta:tt)*] $name:ident ($i:ident $cx:ident) [$($fields:tt)*] [$($steps:tt)*]
        [$($derive:tt)*] [$($ctor:ident)*] [$($size:tt)*];) => {
        $($meta)*
        #[derive(Debug, Clone, serde::Serialize)]
        pub struct $name {
            $($fields)*
        }

        impl $crate::protocols::pokerth::parsing::wire::Parse for $name {
            const MIN_BODY: usize = 0 $($size)*;
            fn parse<'a>(
                $i: &'a [u8],
                $cx: &mut $crate::protocols::pokerth::parsing::wire::Cx,
            ) -> $crate::protocols::pokerth::parsing::wire::Res<'a, Self> {
                $($steps)*
                $($derive)*
                Ok(($i, $name { $($ctor),* }))
            }
        }
    };
    (@munch $meta:tt $name:ident ($i:ident $cx:ident) $fields:tt [$($steps:tt)*] $derive:tt
        $ctor:tt [$($size:tt)*]; _ = $wire:ident $(, $($rest:tt)*)?) => {
        messages!(@munch $meta $name ($i $cx) $fields [$($steps)*
            let ($i, ()) = messages!(@read $wire, (), $i, "", (), $cx);
        ] $derive $ctor [$($size)* + messages!(@size $wire, ())]; $($($rest)*)?);
    };
    (@munch $meta:tt $name:ident ($i:ident $cx:ident) $fields:tt [$($steps:tt)*] $derive:tt
        $ctor:tt $size:tt; check $field:ident <= $limit:expr $(, $($rest:tt)*)?) => {
        messages!(@munch $meta $name ($i $cx) $fields [$($steps)*
            $crate::protocols::pokerth::parsing::checks::at_most(
                $cx, stringify!($field), u32::from($field), $limit,
            );
        ] $derive $ctor $size; $($($rest)*)?);
    };
    (@munch $meta:tt $name:ident ($i:ident $cx:ident) $fields:tt [$($steps:tt)*] $derive:tt
        $ctor:tt $size:tt; check $check:ident($($arg:expr),*) $(, $($rest:tt)*)?) => {
        messages!(@munch $meta $name ($i $cx) $fields [$($steps)*
            $crate::protocols::pokerth::parsing::checks::$check($cx, $($arg),*);
        ] $derive $ctor $size; $($($rest)*)?);
    };
    (@munch $meta:tt $name:ident ($i:ident $cx:ident) [$($fields:tt)*] $steps:tt [$($derive:tt)*]
        [$($ctor:ident)*] $size:tt; $(#[$fmeta:meta])* $field:ident: $ty:ty => $value:expr
        $(, $($rest:tt)*)?) => {
        messages!(@munch $meta $name ($i $cx) [$($fields)*
            $(#[$fmeta])*
            #[doc = concat!("`", stringify!($field), "`, derived: no bytes of its own.")]
            pub $field: $ty,
        ] $steps [$($derive)* let $field: $ty = $value;] [$($ctor)* $field] $size; $($($rest)*)?);
    };
    (@munch $meta:tt $name:ident ($i:ident $cx:ident) [$($fields:tt)*] [$($steps:tt)*] $derive:tt
        [$($ctor:ident)*] [$($size:tt)*]; $(#[$fmeta:meta])* $field:ident as $key:literal: $ty:ty =
        $wire:ident $(($($arg:expr),*))? $(, $($rest:tt)*)?) => {
        messages!(@munch $meta $name ($i $cx) [$($fields)*
            $(#[$fmeta])*
            #[doc = concat!("`", $key, "`, read as `", stringify!($wire), "`.")]
            #[serde(rename = $key)]
            pub $field: $ty,
        ] [$($steps)*
            let ($i, $field) = messages!(@read $wire, $ty, $i, $key, ($($($arg,)*)?), $cx);
        ] $derive [$($ctor)* $field] [$($size)* + messages!(@size $wire, $ty)]; $($($rest)*)?);
    };
    (@munch $meta:tt $name:ident ($i:ident $cx:ident) [$($fields:tt)*] [$($steps:tt)*] $derive:tt
        [$($ctor:ident)*] [$($size:tt)*]; $(#[$fmeta:meta])* $field:ident: $ty:ty =
        $wire:ident $(($($arg:expr),*))? $(, $($rest:tt)*)?) => {
        messages!(@munch $meta $name ($i $cx) [$($fields)*
            $(#[$fmeta])*
            #[doc = concat!("`", stringify!($field), "`, read as `", stringify!($wire), "`.")]
            pub $field: $ty,
        ] [$($steps)*
            let ($i, $field) =
                messages!(@read $wire, $ty, $i, stringify!($field), ($($($arg,)*)?), $cx);
        ] $derive [$($ctor)* $field] [$($size)* + messages!(@size $wire, $ty)]; $($($rest)*)?);
    };
    // One field read by its wire type, and the bytes a wire type takes.
    (@read $wire:ident, $ty:ty, $i:ident, $key:expr, $args:expr, $cx:ident) => {
        <$crate::protocols::pokerth::parsing::wire::$wire
            as $crate::protocols::pokerth::parsing::wire::Wire<$ty>>::read($i, $key, $args, $cx)?
    };
    (@size $wire:ident, $ty:ty) => {
        <$crate::protocols::pokerth::parsing::wire::$wire
            as $crate::protocols::pokerth::parsing::wire::Wire<$ty>>::SIZE
    };
    (@name $name:ident) => { stringify!($name) };
    (@name $name:ident $wire:literal) => { $wire };
    // The table: message rows.
    ($(
        $(#[$meta:meta])*
        $id:literal $name:ident $(as $wire:literal)?: $size:ident($len:literal) { $($body:tt)* }
    )*) => {
        $(
            messages!(@struct [$(#[$meta])*] $name; $($body)*);

            impl $name {
                /// The type id on the wire.
                pub const TYPE_ID: u16 = $id;
                /// The message name, the record's `type`.
                pub const NAME: &'static str = messages!(@name $name $($wire)?);
            }
        )*

        /// The message types of this table, in type id order.
        pub(crate) const SPECS: &[super::Spec] = &[$(
            super::Spec {
                id: $id,
                name: messages!(@name $name $($wire)?),
                size: super::Size::$size($len),
                min_body: <$name as $crate::protocols::pokerth::parsing::wire::Parse>::MIN_BODY,
                parse: |i, cx| {
                    <$name as $crate::protocols::pokerth::parsing::wire::Parse>::parse(i, cx)
                        .map(|(i, m)| (i, super::Message::$name(m.into())))
                },
            },
        )*];
    };
}

macro_rules! records {
    ($( $(#[$meta:meta])* $name:ident { $($body:tt)* } )*) => {
        $( messages!(@struct [$(#[$meta])*] $name; $($body)*); )*
    };
}
