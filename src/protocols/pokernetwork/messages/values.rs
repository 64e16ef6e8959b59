//! The value types of packet attributes that are more than a plain number
//! or string: cards, money and player entries, bool strings, the
//! tournament `sit_n_go` byte, nested packet records.

use super::Message;
use crate::protocols::cards::{Card, Suit};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// How one attribute goes into its packet's `fields` object. Most values
/// are one entry under the attribute's name; a few differ (see the impls).
pub trait FieldValue: Serialize {
    /// Writes this attribute, named `name`, into `map`.
    fn put<M: SerializeMap>(&self, name: &'static str, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry(name, self)
    }

    /// Whether [`FieldValue::put`] writes its key (an attribute the
    /// packet's layout did not send writes none).
    fn present(&self) -> bool {
        true
    }
}

impl FieldValue for u8 {}
impl FieldValue for u16 {}
impl FieldValue for u32 {}
impl FieldValue for u64 {}
/// "-1 encoded as 255": -1 or 0..=254.
impl FieldValue for i16 {}
/// "None encoded as 255": `null` or 0..=254.
impl FieldValue for Option<u8> {}
impl FieldValue for bool {}
impl FieldValue for String {}
impl FieldValue for Vec<u8> {}
impl FieldValue for Vec<u32> {}
impl FieldValue for Vec<i32> {}
impl FieldValue for serde_json::Value {}
impl FieldValue for SitNGo {}
impl FieldValue for BoolString {}
impl FieldValue for Vec<Money> {}
impl FieldValue for Vec<PlayerEntry> {}
impl FieldValue for Vec<Record> {}

/// A u32 that newer releases append (or insert) and older ones do not
/// send: the key is absent when the packet had the older layout.
impl FieldValue for Option<u32> {
    fn put<M: SerializeMap>(&self, name: &'static str, map: &mut M) -> Result<(), M::Error> {
        match self {
            Some(v) => map.serialize_entry(name, v),
            None => Ok(()),
        }
    }

    fn present(&self) -> bool {
        self.is_some()
    }
}

/// Cards: the list under the attribute's name, plus `<name>_face_down`
/// (the indexes of the face-down cards) when any card is face down.
impl FieldValue for Cards {
    fn put<M: SerializeMap>(&self, name: &'static str, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry(name, &self.0)?;
        let down = self.face_down();
        if !down.is_empty() {
            map.serialize_entry(&format!("{name}_face_down"), &down)?;
        }
        Ok(())
    }
}

crate::wire_enum! {
    /// The tournament `sit_n_go` byte: 1 is `"y"` (a sit-n-go), 0 `"n"`.
    pub SitNGo(u8) {
        0 => "n",
        1 => "y",
    }
}

/// A "bool string": `_TRUE` / `_FALSE` mean true / false, any other text
/// is itself (e.g. the blind state `"big_and_dead"`). Serialises as a
/// string always (`"true"`, `"false"` or the text), so that its key has one
/// JSON type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoolString {
    /// `_TRUE` or `_FALSE`.
    Bool(bool),
    /// Any other string.
    Text(String),
}

impl BoolString {
    /// The value of the wire string `s`.
    pub fn from_wire(s: String) -> BoolString {
        match s.as_str() {
            "_TRUE" => BoolString::Bool(true),
            "_FALSE" => BoolString::Bool(false),
            _ => BoolString::Text(s),
        }
    }
}

impl Serialize for BoolString {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl std::fmt::Display for BoolString {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoolString::Bool(b) => write!(f, "{b}"),
            BoolString::Text(s) => f.write_str(s),
        }
    }
}

/// One card byte. The low 6 bits are the card (2h = 0 .. Ah = 12, then
/// diamonds 13..25, clubs 26..38, spades 39..51), the bits 0xC0 mark a
/// face-down card, and 255 is an unknown card (a placeholder).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PnCard {
    /// A card dealt face up.
    Up(Card),
    /// A card dealt face down whose value was sent (0xC0 set).
    Down(Card),
    /// 255: a card whose value the receiver may not see. Shown as `"??"`.
    Unknown,
    /// A byte that is no card (value 52..63 in the low bits): its number.
    Invalid(u8),
}

impl PnCard {
    /// The card of wire byte `b`.
    pub fn from_wire(b: u8) -> PnCard {
        if b == 255 {
            return PnCard::Unknown;
        }
        let value = b & 0x3f;
        let suit = match value / 13 {
            0 => Suit::Hearts,
            1 => Suit::Diamonds,
            2 => Suit::Clubs,
            _ => Suit::Spades,
        };
        match Card::new(value % 13, suit) {
            Some(card) if value < 52 && b & 0xc0 != 0 => PnCard::Down(card),
            Some(card) if value < 52 => PnCard::Up(card),
            _ => PnCard::Invalid(b),
        }
    }

    /// The card, when its value is known (face up or face down).
    pub fn card(self) -> Option<Card> {
        match self {
            PnCard::Up(c) | PnCard::Down(c) => Some(c),
            PnCard::Unknown | PnCard::Invalid(_) => None,
        }
    }
}

impl std::fmt::Display for PnCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PnCard::Up(c) | PnCard::Down(c) => write!(f, "{c}"),
            PnCard::Unknown => f.write_str("??"),
            PnCard::Invalid(b) => write!(f, "{b}"),
        }
    }
}

/// As its text: `"Kd"`, `"??"`, or a byte that is no card as its number in
/// a string (`"60"`), so that a card key has one JSON type.
impl Serialize for PnCard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A list of cards ("list of numbers" of one-byte cards).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(transparent)]
pub struct Cards(pub Vec<PnCard>);

impl Cards {
    /// The indexes of the face-down cards.
    pub fn face_down(&self) -> Vec<usize> {
        (self.0.iter().enumerate())
            .filter(|(_, c)| matches!(c, PnCard::Down(_)))
            .map(|(i, _)| i)
            .collect()
    }
}

impl std::fmt::Display for Cards {
    /// Cards separated by spaces, face-down ones in brackets: `Kd [7s] ??`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match c {
                PnCard::Down(_) => write!(f, "[{c}]")?,
                _ => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

/// One entry of a `money` attribute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Money {
    /// The currency.
    pub currency_serial: u32,
    /// Money available.
    pub money: u64,
    /// Money at tables.
    pub in_game: u64,
    /// Points.
    pub points: u64,
}

/// One entry of a `players` attribute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerEntry {
    /// The player's name.
    pub name: String,
    /// The player's chips.
    pub chips: u32,
    /// The player's flags.
    pub flags: u8,
}

/// A packet nested in a packet list: `{type, type_id, fields}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    /// The class name (`Unknown` for an unknown type).
    #[serde(rename = "type")]
    pub type_name: Cow<'static, str>,
    /// The type byte.
    pub type_id: u8,
    /// The decoded attributes.
    pub fields: Message,
}
