//! The hand a player's cards make with the board: the best five cards of
//! them, and their name in PokerStars' words (`a pair of Aces`, `two pair,
//! Aces and Kings`, `a straight, Nine to King`, `a Royal Flush`), which
//! hand histories write after the cards shown (`shows [Ah Kd] (a pair of
//! Aces)`, `showed [Ah Kd] and won (320) with a pair of Aces`).
//!
//! The evaluation is the `poker` crate's (five cards or more: the best five
//! of them); with fewer than five cards out (cards shown before the flop,
//! or a board the capture does not show whole) the hand is what those
//! cards make: a pair, two pair, three or four of a kind, or the high card.
//! Kickers are not named: PokerStars adds them only where they decide
//! between two hands shown.

use crate::protocols::cards::{Card, Suit};
use poker::evaluate::FiveCardHandClass as Class;
use poker::{Evaluator, Rank};
use serde::Serialize;
use std::sync::LazyLock;

/// The evaluator's lookup tables, made once (a few milliseconds) on the
/// first hand shown.
static EVALUATOR: LazyLock<Evaluator> = LazyLock::new(Evaluator::new);

/// The hand that hole cards make with a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Made {
    /// The best five cards (all of them when fewer are out), the cards
    /// that make the hand first, the highest first.
    pub cards: Vec<Card>,
    /// Its name as PokerStars writes it: `a pair of Aces`.
    pub description: String,
}

/// The poker crate's ranks, deuce first: [`Card::rank`] indexes it.
const RANKS: [Rank; 13] = [
    Rank::Two,
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];

/// A rank alone, as PokerStars names it (`high card Ace`, `a straight,
/// Deuce to Six`), deuce first.
const ONE: [&str; 13] = [
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];

/// A rank's cards, as PokerStars names them (`a pair of Sixes`), deuce
/// first.
const MANY: [&str; 13] = [
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// The hand `hole` makes with `board`; `None` when the cards are not a
/// hand (no cards, or one card twice).
pub fn made(hole: &[Card], board: &[Card]) -> Option<Made> {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    if all.is_empty() || (1..all.len()).any(|i| all[..i].contains(&all[i])) {
        return None;
    }
    if all.len() < 5 {
        return Some(few(&all));
    }
    let cards: Vec<poker::Card> = all.iter().map(|&c| to_poker(c)).collect();
    let best = EVALUATOR.evaluate_five(&cards).ok()?;
    // The five cards that make it: the first five of them that evaluate
    // the same.
    let five = combinations(all.len())
        .map(|idx| idx.map(|i| all[i]))
        .find(|five| {
            let p: Vec<poker::Card> = five.iter().map(|&c| to_poker(c)).collect();
            EVALUATOR
                .evaluate_five(&p)
                .is_ok_and(|e| e.is_equal_to(best))
        })?;
    let class = best.classify();
    Some(Made {
        cards: ordered(&five, class),
        description: describe(class),
    })
}

/// The card in the poker crate's terms.
fn to_poker(c: Card) -> poker::Card {
    let suit = match c.suit {
        Suit::Clubs => poker::Suit::Clubs,
        Suit::Diamonds => poker::Suit::Diamonds,
        Suit::Hearts => poker::Suit::Hearts,
        Suit::Spades => poker::Suit::Spades,
    };
    poker::Card::new(RANKS[usize::from(c.rank.min(12))], suit)
}

/// The index of a rank of the poker crate (deuce 0).
fn index(r: Rank) -> usize {
    RANKS.iter().position(|&x| x == r).unwrap_or(0)
}

/// Every choice of five of `n` cards (n ≥ 5), as indexes, in order.
fn combinations(n: usize) -> impl Iterator<Item = [usize; 5]> {
    let mut next = Some([0, 1, 2, 3, 4]);
    std::iter::from_fn(move || {
        let now = next?;
        let mut c = now;
        // The last index that can still move right, and those after it
        // just behind it.
        next = (0..5).rev().find(|&i| c[i] < n - 5 + i).map(|i| {
            c[i] += 1;
            for j in i + 1..5 {
                c[j] = c[j - 1] + 1;
            }
            c
        });
        Some(now)
    })
}

/// PokerStars' words for a five-card hand.
fn describe(class: Class) -> String {
    let one = |r: Rank| ONE[index(r)];
    let many = |r: Rank| MANY[index(r)];
    // The lowest card of a straight ending at `r` (the wheel's is the Ace).
    let low = |r: Rank| ONE[(index(r) + 13 - 4) % 13];
    match class {
        Class::HighCard { rank } => format!("high card {}", one(rank)),
        Class::Pair { rank } => format!("a pair of {}", many(rank)),
        Class::TwoPair {
            high_rank,
            low_rank,
        } => format!("two pair, {} and {}", many(high_rank), many(low_rank)),
        Class::ThreeOfAKind { rank } => format!("three of a kind, {}", many(rank)),
        Class::Straight { rank } => format!("a straight, {} to {}", low(rank), one(rank)),
        Class::Flush { rank } => format!("a flush, {} high", one(rank)),
        Class::FullHouse { trips, pair } => {
            format!("a full house, {} full of {}", many(trips), many(pair))
        }
        Class::FourOfAKind { rank } => format!("four of a kind, {}", many(rank)),
        Class::StraightFlush { rank: Rank::Ace } => "a Royal Flush".to_string(),
        Class::StraightFlush { rank } => {
            format!("a straight flush, {} to {}", low(rank), one(rank))
        }
    }
}

/// The five cards in the order people read the hand: the ranks that make
/// it first (the most of a kind, then the highest), a straight from its
/// top (the wheel's Ace last).
fn ordered(five: &[Card; 5], class: Class) -> Vec<Card> {
    let count = |r: u8| five.iter().filter(|c| c.rank == r).count();
    let mut v = five.to_vec();
    v.sort_by_key(|c| std::cmp::Reverse((count(c.rank), c.rank)));
    let wheel = matches!(
        class,
        Class::Straight { rank: Rank::Five } | Class::StraightFlush { rank: Rank::Five }
    );
    if wheel {
        v.rotate_left(1);
    }
    v
}

/// The hand fewer than five cards make: no straight or flush yet.
fn few(cards: &[Card]) -> Made {
    let count = |r: u8| cards.iter().filter(|c| c.rank == r).count();
    let mut v = cards.to_vec();
    v.sort_by_key(|c| std::cmp::Reverse((count(c.rank), c.rank)));
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for c in &v {
        if !groups.iter().any(|g| g.1 == c.rank) {
            groups.push((count(c.rank), c.rank));
        }
    }
    let many = |r: u8| MANY[usize::from(r.min(12))];
    let description = match groups.as_slice() {
        [(4, r), ..] => format!("four of a kind, {}", many(*r)),
        [(3, r), ..] => format!("three of a kind, {}", many(*r)),
        [(2, a), (2, b), ..] => format!("two pair, {} and {}", many(*a), many(*b)),
        [(2, r), ..] => format!("a pair of {}", many(*r)),
        [(_, r), ..] => format!("high card {}", ONE[usize::from((*r).min(12))]),
        [] => String::new(),
    };
    Made {
        cards: v,
        description,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace()
            .map(|c| {
                let b = c.as_bytes();
                let rank = b"23456789TJQKA".iter().position(|&r| r == b[0]).unwrap();
                let suit = match b[1] {
                    b'c' => Suit::Clubs,
                    b'd' => Suit::Diamonds,
                    b'h' => Suit::Hearts,
                    _ => Suit::Spades,
                };
                Card::new(rank as u8, suit).unwrap()
            })
            .collect()
    }

    fn name(hole: &str, board: &str) -> String {
        made(&cards(hole), &cards(board)).unwrap().description
    }

    fn five(hole: &str, board: &str) -> String {
        let m = made(&cards(hole), &cards(board)).unwrap();
        let c: Vec<String> = m.cards.iter().map(Card::to_string).collect();
        c.join(" ")
    }

    #[test]
    fn every_kind_of_hand_in_pokerstars_words() {
        let board = "2c 7d 9h Jc 3s";
        assert_eq!(name("Ah Kd", board), "high card Ace");
        assert_eq!(name("7h As", board), "a pair of Sevens");
        assert_eq!(name("Ah Ad", board), "a pair of Aces");
        assert_eq!(name("2h 6d", board), "a pair of Deuces");
        assert_eq!(name("9c 7s", board), "two pair, Nines and Sevens");
        assert_eq!(name("As Ks", "Ah Kd 2c 2d 7s"), "two pair, Aces and Kings");
        assert_eq!(name("Kh Ks", "Kd 2c 7s 9h 3d"), "three of a kind, Kings");
        assert_eq!(name("Th Qd", "9c Js Kh 2d 2s"), "a straight, Nine to King");
        assert_eq!(name("Ah 2d", "3c 4s 5h Kd Kc"), "a straight, Ace to Five");
        assert_eq!(name("4s Qs", "6c Qh 5s 3d 2s"), "a straight, Deuce to Six");
        assert_eq!(name("Ah 3h", "7h 9h Jh 2c 2d"), "a flush, Ace high");
        assert_eq!(
            name("Kh Kd", "Ks Ac Ad 2c 7s"),
            "a full house, Kings full of Aces"
        );
        assert_eq!(name("6h 6d", "6s 6c Ad 2c 7s"), "four of a kind, Sixes");
        assert_eq!(
            name("9h Th", "Jh Qh Kh 2c 2d"),
            "a straight flush, Nine to King"
        );
        assert_eq!(
            name("Ah 2h", "3h 4h 5h Kc Kd"),
            "a straight flush, Ace to Five"
        );
        assert_eq!(name("Ah Kh", "Qh Jh Th 9h 2c"), "a Royal Flush");
    }

    #[test]
    fn the_best_five_cards_of_seven() {
        // Trips on the board and a pair in the hand: the full house, not
        // the higher cards.
        assert_eq!(five("Kh Kd", "Ks Ac Ad 2c 7s"), "Kh Kd Ks Ac Ad");
        // The higher two pair of three, and the highest kicker left.
        assert_eq!(five("As Ks", "Ah Kd 2c 2d Qs"), "As Ah Ks Kd Qs");
        // The wheel: the Ace plays low, last.
        assert_eq!(five("Ah 2d", "3c 4s 5h Kd Kc"), "5h 4s 3c 2d Ah");
        // Six cards (the turn): the best five of them.
        assert_eq!(name("Ah Ad", "Kc Kd 7s 2h"), "two pair, Aces and Kings");
    }

    #[test]
    fn fewer_than_five_cards_make_what_they_can() {
        assert_eq!(name("Ah Ad", ""), "a pair of Aces");
        assert_eq!(name("Ah Kd", ""), "high card Ace");
        assert_eq!(name("Ah Kd", "Kc 2s"), "a pair of Kings");
        assert_eq!(name("Ah Kd", "Kc As"), "two pair, Aces and Kings");
        assert_eq!(name("2h 2d", "2c"), "three of a kind, Deuces");
        assert_eq!(five("Ah Kd", "Kc 2s"), "Kd Kc Ah 2s");
        assert!(made(&[], &[]).is_none());
        // One card twice is no hand.
        assert!(made(&cards("Ah Kd"), &cards("Ah 2c 3d 4s 9h")).is_none());
    }
}
