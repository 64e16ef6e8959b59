//! Wire enumerations: numbers with names.
//!
//! [`wire_enum!`](crate::wire_enum) declares a newtype over the wire integer
//! whose known values have lower_snake_case names. It serialises as its name,
//! or, when the value is unknown, as its number written as a string (`"9"`):
//! a key of a record's `fields` keeps one JSON type whatever the value.
//!
//! ```
//! cardshark::wire_enum! {
//!     /// Avatar file types.
//!     pub AvatarType(u16) {
//!         1 => "png",
//!         2 => "jpg",
//!         3 => "gif",
//!     }
//! }
//! assert_eq!(AvatarType(2).name(), Some("jpg"));
//! assert_eq!(serde_json::to_string(&AvatarType(2)).unwrap(), "\"jpg\"");
//! assert_eq!(serde_json::to_string(&AvatarType(9)).unwrap(), "\"9\"");
//! ```

/// Declares a named wire enumeration; see the [module docs](self).
#[macro_export]
macro_rules! wire_enum {
    ($(#[$meta:meta])* $vis:vis $name:ident($int:ty) { $($value:literal => $text:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(pub $int);

        impl $name {
            /// The value's name, if the value is a known one.
            pub fn name(self) -> Option<&'static str> {
                match self.0 {
                    $($value => Some($text),)*
                    _ => None,
                }
            }

            /// True when the value is one of the known ones.
            pub fn is_known(self) -> bool {
                self.name().is_some()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self.name() {
                    Some(n) => f.write_str(n),
                    None => write!(f, "{}", self.0),
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self.name() {
                    Some(n) => s.serialize_str(n),
                    None => s.collect_str(&self.0),
                }
            }
        }
    };
}
