//! Playing cards, shown as people and hand-history tools write them: `Kd`,
//! `Td`, `9c`. Each protocol maps its own wire numbering onto [`Card`].

use serde::{Serialize, Serializer};
use std::fmt;

/// A card of a 52-card deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    /// 0 = deuce .. 12 = ace.
    pub rank: u8,
    /// One of [`Suit`].
    pub suit: Suit,
}

/// The four suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// `c`, `d`, `h` or `s`.
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }
}

impl Card {
    /// A card from rank 0 (deuce) ..= 12 (ace); `None` past the ace.
    pub fn new(rank: u8, suit: Suit) -> Option<Card> {
        (rank <= 12).then_some(Card { rank, suit })
    }

    /// `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub fn rank_char(self) -> char {
        b"23456789TJQKA"[usize::from(self.rank)] as char
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit.letter())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = [self.rank_char() as u8, self.suit.letter() as u8];
        s.serialize_str(std::str::from_utf8(&text).unwrap_or("??"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_written_as_people_write_them() {
        assert_eq!(Card::new(11, Suit::Diamonds).unwrap().to_string(), "Kd");
        assert_eq!(Card::new(8, Suit::Diamonds).unwrap().to_string(), "Td");
        assert_eq!(Card::new(7, Suit::Clubs).unwrap().to_string(), "9c");
        assert_eq!(Card::new(0, Suit::Hearts).unwrap().to_string(), "2h");
        assert!(Card::new(13, Suit::Spades).is_none());
        assert_eq!(
            serde_json::to_string(&Card::new(12, Suit::Spades).unwrap()).unwrap(),
            "\"As\""
        );
    }
}
