//! PokerTH 1.x messages: the wire facts as tables ([`definitions`]), the
//! protobuf descriptors built from them ([`schema`]), the decoded
//! [`Message`], its record fields ([`json`]) and its one-line summary
//! ([`summary`]).
//!
//! A message is kept as the `prost-reflect` [`DynamicMessage`] the
//! envelope carried: 91 message types are data, not 91 structs. Readers
//! (the hand builder, the lobby timeline) use the accessors here, by the
//! wire facts' field names.

pub mod definitions;
pub mod json;
pub mod schema;
pub mod shape;
pub mod summary;

use prost_reflect::{DynamicMessage, ReflectMessage, Value};
use std::borrow::Cow;

pub use schema::schema;

/// One decoded PokerTH 1.x message: the envelope's `messageType` and the
/// one sub-message it carried.
///
/// The message's bytes were checked when it was read (see
/// [`super::scan`]); they are decoded into a dynamic message the first time
/// its fields are asked for ([`Message::body`]), so that counting messages
/// (`inspect`) never pays for it.
#[derive(Debug, Clone)]
pub struct Message {
    /// `messageType` as on the wire (1..81 in protocol 5.1).
    pub kind: u32,
    /// The record type: the message's name without `Message`
    /// (`HandStart`), `Unknown` for a type protocol 5.1 does not define.
    pub name: &'static str,
    /// The sub-message's bytes, until decoded (its type is `kind`'s).
    raw: Option<Box<[u8]>>,
    /// The message type's index in the wire facts' tables, when its bytes
    /// are in canonical form: its record fields are then written straight
    /// from them (see [`json`]).
    pub(crate) canonical: Option<u16>,
    /// The sub-message (for an unknown type: an empty envelope holding the
    /// unknown fields).
    body: std::sync::OnceLock<DynamicMessage>,
    /// Fields of the envelope itself that protocol 5.1 does not define.
    pub envelope_unknown: Box<[prost_reflect::UnknownField]>,
}

/// The record type names by `messageType` (index 0 unused): the envelope
/// enumeration's value names without `Type_` and `Message`.
pub fn type_name(kind: u32) -> Option<&'static str> {
    static NAMES: std::sync::OnceLock<Vec<Option<&'static str>>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut v = vec![None; 128];
        if let Some(e) = definitions::ENUMS
            .iter()
            .find(|e| e.name == "PokerTHMessage.PokerTHMessageType")
        {
            for &(wire, _, n) in e.values {
                if let Some(slot) = v.get_mut(n as usize) {
                    *slot = Some(record_type(wire));
                }
            }
        }
        v
    });
    names.get(kind as usize).copied().flatten()
}

/// Every message name of protocol 5.1 (a record's `type`).
pub fn type_names() -> Vec<&'static str> {
    (0..128).filter_map(type_name).collect()
}

/// True for the messages of a hand in play (after Hand Start): whose
/// turn, the actions, the deals, the cards shown and the result.
pub fn is_hand_message(name: &str) -> bool {
    matches!(
        name,
        "PlayersTurn"
            | "PlayersActionDone"
            | "DealFlopCards"
            | "DealTurnCard"
            | "DealRiverCard"
            | "AllInShowCards"
            | "EndOfHandShowCards"
            | "EndOfHandHideCards"
    )
}

/// `Type_HandStartMessage` → `HandStart`.
fn record_type(wire: &'static str) -> &'static str {
    let s = wire.strip_prefix("Type_").unwrap_or(wire);
    s.strip_suffix("Message").unwrap_or(s)
}

impl Message {
    /// A message already decoded.
    pub fn decoded(
        kind: u32,
        name: &'static str,
        body: DynamicMessage,
        envelope_unknown: Vec<prost_reflect::UnknownField>,
    ) -> Message {
        Message {
            kind,
            name,
            raw: None,
            canonical: None,
            body: std::sync::OnceLock::from(body),
            envelope_unknown: envelope_unknown.into(),
        }
    }

    /// A message whose bytes (already scanned) are decoded at first use;
    /// `canonical`: its type's index when the scan found it in canonical
    /// form.
    pub fn lazy(kind: u32, name: &'static str, bytes: &[u8], canonical: Option<usize>) -> Message {
        Message {
            kind,
            name,
            raw: Some(bytes.into()),
            canonical: canonical.and_then(|i| u16::try_from(i).ok()),
            body: std::sync::OnceLock::new(),
            envelope_unknown: Box::default(),
        }
    }

    /// The message's bytes as received, when kept.
    pub(crate) fn raw_bytes(&self) -> Option<&[u8]> {
        self.raw.as_deref()
    }

    /// The decoded message. Bytes the scan accepted decode; were prost to
    /// refuse them all the same, the message reads as empty.
    pub fn body(&self) -> &DynamicMessage {
        self.body
            .get_or_init(|| match (&self.raw, schema::sub_descriptor(self.kind)) {
                (Some(bytes), Some(desc)) => DynamicMessage::decode(desc.clone(), &bytes[..])
                    .unwrap_or_else(|_| DynamicMessage::new(desc)),
                _ => DynamicMessage::new(schema().envelope.clone()),
            })
    }

    /// The record type name.
    pub fn type_name(&self) -> &'static str {
        self.name
    }

    /// The value of field `name` (the wire facts' name, `playerId`) if it
    /// was on the wire.
    pub fn get(&self, name: &str) -> Option<Cow<'_, Value>> {
        get(self.body(), name)
    }

    /// An unsigned field (`uint32`), if it was on the wire.
    pub fn u32(&self, name: &str) -> Option<u32> {
        u32_of(self.body(), name)
    }

    /// An enumeration field's number, if it was on the wire.
    pub fn enum_number(&self, name: &str) -> Option<i32> {
        enum_of(self.body(), name)
    }

    /// A string field, if it was on the wire.
    pub fn string(&self, name: &str) -> Option<String> {
        string_of(self.body(), name)
    }

    /// A nested message field, if it was on the wire.
    pub fn message(&self, name: &str) -> Option<DynamicMessage> {
        message_of(self.body(), name)
    }

    /// The elements of a repeated field (empty when absent).
    pub fn list(&self, name: &str) -> Vec<Value> {
        list_of(self.body(), name)
    }
}

/// Field `name` of `m`, when it was on the wire.
pub fn get<'a>(m: &'a DynamicMessage, name: &str) -> Option<Cow<'a, Value>> {
    let fd = m.descriptor().get_field_by_name(name)?;
    m.has_field(&fd).then(|| m.get_field(&fd))
}

/// An unsigned field of `m`.
pub fn u32_of(m: &DynamicMessage, name: &str) -> Option<u32> {
    match get(m, name)?.as_ref() {
        Value::U32(v) => Some(*v),
        Value::U64(v) => u32::try_from(*v).ok(),
        _ => None,
    }
}

/// An enumeration field's number in `m`.
pub fn enum_of(m: &DynamicMessage, name: &str) -> Option<i32> {
    get(m, name)?.as_enum_number()
}

/// A boolean field of `m`.
pub fn bool_of(m: &DynamicMessage, name: &str) -> Option<bool> {
    get(m, name)?.as_bool()
}

/// A string field of `m`.
pub fn string_of(m: &DynamicMessage, name: &str) -> Option<String> {
    get(m, name)?.as_str().map(str::to_owned)
}

/// A nested message field of `m`.
pub fn message_of(m: &DynamicMessage, name: &str) -> Option<DynamicMessage> {
    get(m, name)?.as_message().cloned()
}

/// The elements of repeated field `name` of `m`.
pub fn list_of(m: &DynamicMessage, name: &str) -> Vec<Value> {
    get(m, name)
        .and_then(|v| v.as_list().map(<[Value]>::to_vec))
        .unwrap_or_default()
}

/// True for the fields that hold a card (0..51, PokerTH's numbering):
/// `plainCard1`, `flopCard3`, `turnCard`, `resultCard2`, `allInCard1`...
pub fn is_card_field(name: &str) -> bool {
    let b = name.as_bytes();
    let base = match b.last() {
        Some(d) if d.is_ascii_digit() => &b[..b.len() - 1],
        _ => b,
    };
    base.ends_with(b"Card")
}

impl crate::protocols::ProtocolMessage for Message {
    fn type_name(&self) -> &'static str {
        Message::type_name(self)
    }

    fn into_fields(self) -> crate::protocols::Fields {
        crate::protocols::Fields::PokerTh1(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_every_envelope_type() {
        assert_eq!(type_name(1), Some("Announce"));
        assert_eq!(type_name(40), Some("HandStart"));
        assert_eq!(type_name(81), Some("GameSpectatorLeft"));
        assert_eq!(type_name(82), None);
        assert_eq!((1..=81).filter_map(type_name).count(), 81);
    }

    #[test]
    fn card_fields() {
        for f in [
            "plainCard1",
            "flopCard3",
            "turnCard",
            "riverCard",
            "allInCard2",
            "resultCard1",
        ] {
            assert!(is_card_field(f), "{f}");
        }
        for f in [
            "encryptedCards",
            "bestHandPosition",
            "cardsValue",
            "playerId",
        ] {
            assert!(!is_card_field(f), "{f}");
        }
    }
}
