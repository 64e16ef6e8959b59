//! One wording of a poker game's events, for the summaries of every poker
//! dialect (PokerTH 0.7 and its 2007 dialect, PokerTH 1.x, poker-network):
//! the same action reads the same whichever server sent it.
//!
//! | event | wording |
//! |---|---|
//! | an action | `alice (17) folds`, `… checks`, `… calls 40`, `… bets 40`, `… raises to 120`, `… is all in for 300`, `… posts the small blind 10`, then `, stack 960` and ` (preflop)` when the message says them |
//! | the client asks to act | `alice (17) asks to call 40 (preflop)`; refused: `alice (17) may not check (preflop): not_your_turn` |
//! | whose turn | `alice (17) to act (flop)` |
//! | a hand starts | `hand starts: small blind 10, button alice (17), your cards [Ah Kd]` |
//! | board cards | `flop [Ah Kd 2c]`, `turn [7s]`, `river [2d]`, `board [Ah Kd 2c 7s]` |
//! | a result | `alice (17) wins 880 from the main pot with [Ah Ad], stack 1880`; `alice (17) wins 110 without showdown, stack 3010` |
//! | a showdown | `showdown: alice (17) wins 880 with [Ah Ad], stack 1880; shown: bob (18) [Kc Ks]` |
//! | lists | `[1, 3, 2]`, the first [`LIST_SHOWN`] then `… 4 more`; players `[alice (1), 2]` |
//!
//! A player is `alice (17)` once the stream has told the name, `player 17`
//! until then ([`super::names`]).
//!
//! **Amounts are said as the message means them** ([`Amount`]): PokerTH's
//! Player's Action Done gives the player's total bet in the round after
//! the action, not what the action added, so a call there reads `calls,
//! bet now 40` and a raise `raises to 120` (both exact), while PokerTH's
//! own requests (Player's Action, My Action Request) give what the action
//! adds: `asks to call 20`. poker-network's `PacketPokerRaise.amount` is the
//! chips moved in some engine releases and the raise-to total in others
//! (PROTOCOL-NOTES.md, "Bet amounts"), so it reads `raises, amount 350`;
//! its `PacketPokerPlayerChips` says where the bet stands: `bet now 120`.

use super::names::{Names, Who};
use std::fmt::{self, Display, Write};

/// The items of a list shown before the rest is counted (`… 4 more`).
pub const LIST_SHOWN: usize = 8;

/// Items between brackets, `sep` apart; past [`LIST_SHOWN`] items, the
/// rest counted in words: `[1, 2, 3, 4, 5, 6, 7, 8, … 4 more]`.
fn bracketed<I>(items: I, sep: &str) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    let mut s = String::from("[");
    let mut more = 0usize;
    for (i, item) in items.into_iter().enumerate() {
        if i >= LIST_SHOWN {
            more += 1;
            continue;
        }
        if i > 0 {
            s.push_str(sep);
        }
        let _ = write!(s, "{item}");
    }
    if more > 0 {
        let _ = write!(s, "{sep}… {more} more");
    }
    s.push(']');
    s
}

/// A list's values: `[1, 3, 2]` (shortened past [`LIST_SHOWN`]).
pub fn list<I>(items: I) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    bracketed(items, ", ")
}

/// Players by id: `[alice (1), bob (2), 3]`.
pub fn players(names: &Names, ids: impl IntoIterator<Item = u32>) -> String {
    list(ids.into_iter().map(|id| names.who(id).in_list()))
}

/// Cards: `[Ah Kd 2c]`.
pub fn cards<I>(cards: I) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    bracketed(cards, " ")
}

/// What a player does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Fold,
    Check,
    Call,
    Bet,
    Raise,
    AllIn,
    SmallBlind,
    BigBlind,
    /// A blind the message does not say small or big (poker-network).
    Blind,
    Ante,
    /// PokerTH's action "none" outside the blinds.
    Nothing,
    /// An action number the protocol does not define.
    Code(u32),
}

/// How much an action involves, as the message means it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// The message gives no amount (or the action has none).
    Unsaid,
    /// What the action puts in (a relative bet): `calls 40`, `raises,
    /// putting in 120`, `is all in for 300`.
    Adds(u64),
    /// The player's bet in the round after the action (a total bet):
    /// `calls, bet now 40`, `raises to 120`, `is all in, bet now 300`. A
    /// bet and a blind are the first chips of their round: `bets 40`.
    To(u64),
    /// A number whose meaning the protocol leaves open: `raises, amount
    /// 350`.
    Open(u64),
}

/// The action as a verb phrase: third person (`calls 40`), or the base
/// form a request takes (`call 40`).
fn phrase(act: Act, amount: Amount, base: bool) -> String {
    use Amount::*;
    // (third person, base form)
    let verb = |third: &str, plain: &str| if base { plain } else { third }.to_owned();
    match (act, amount) {
        (Act::Fold, _) => verb("folds", "fold"),
        (Act::Check, _) => verb("checks", "check"),
        (Act::Call, Adds(n)) => format!("{} {n}", verb("calls", "call")),
        (Act::Call, To(n)) => format!("{}, bet now {n}", verb("calls", "call")),
        (Act::Call, Open(n)) => format!("{}, amount {n}", verb("calls", "call")),
        (Act::Call, Unsaid) => verb("calls", "call"),
        (Act::Bet, Adds(n) | To(n)) => format!("{} {n}", verb("bets", "bet")),
        (Act::Bet, Open(n)) => format!("{}, amount {n}", verb("bets", "bet")),
        (Act::Bet, Unsaid) => verb("bets", "bet"),
        (Act::Raise, Adds(n)) => format!("{}, putting in {n}", verb("raises", "raise")),
        (Act::Raise, To(n)) => format!("{} to {n}", verb("raises", "raise")),
        (Act::Raise, Open(n)) => format!("{}, amount {n}", verb("raises", "raise")),
        (Act::Raise, Unsaid) => verb("raises", "raise"),
        (Act::AllIn, Adds(n)) => format!("{} all in for {n}", verb("is", "go")),
        (Act::AllIn, To(n)) => format!("{} all in, bet now {n}", verb("is", "go")),
        (Act::AllIn, Open(n)) => format!("{} all in, amount {n}", verb("is", "go")),
        (Act::AllIn, Unsaid) => format!("{} all in", verb("is", "go")),
        (Act::SmallBlind | Act::BigBlind | Act::Blind | Act::Ante, amount) => {
            let what = match act {
                Act::SmallBlind => "the small blind",
                Act::BigBlind => "the big blind",
                Act::Blind => "a blind",
                _ => "the ante",
            };
            match amount {
                Adds(n) | To(n) | Open(n) => format!("{} {what} {n}", verb("posts", "post")),
                Unsaid => format!("{} {what}", verb("posts", "post")),
            }
        }
        (Act::Nothing, _) => verb("does nothing", "do nothing"),
        (Act::Code(n), _) => format!("{} action {n}", verb("does", "do")),
    }
}

/// An action done: `alice (17) calls, bet now 40, stack 960 (preflop)`.
#[derive(Debug, Clone, Copy)]
pub struct Action<'a> {
    pub who: Who<'a>,
    pub act: Act,
    pub amount: Amount,
    /// The player's stack after the action, when the message says it.
    pub stack: Option<u64>,
    /// The betting round, when the message says it.
    pub street: Option<&'a str>,
}

impl Display for Action<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.who, phrase(self.act, self.amount, false))?;
        if let Some(s) = self.stack {
            write!(f, ", stack {s}")?;
        }
        street(f, self.street)
    }
}

/// ` (flop)`, or nothing.
fn street(f: &mut fmt::Formatter<'_>, street: Option<&str>) -> fmt::Result {
    match street {
        Some(s) => write!(f, " ({s})"),
        None => Ok(()),
    }
}

/// The client asks to act: `alice (17) asks to call 40 (preflop)`.
pub fn request(who: Who, act: Act, amount: Amount, round: Option<&str>) -> String {
    let mut s = format!("{who} asks to {}", phrase(act, amount, true));
    if let Some(r) = round {
        let _ = write!(s, " ({r})");
    }
    s
}

/// The server refuses the client's action: `alice (17) may not check
/// (preflop): not_your_turn`.
pub fn rejected(who: Who, act: Act, amount: Amount, round: Option<&str>, why: &str) -> String {
    let mut s = format!("{who} may not {}", phrase(act, amount, true));
    if let Some(r) = round {
        let _ = write!(s, " ({r})");
    }
    let _ = write!(s, ": {why}");
    s
}

/// Whose turn it is: `alice (17) to act (flop)`.
pub fn to_act(who: Who, round: Option<&str>) -> String {
    match round {
        Some(r) => format!("{who} to act ({r})"),
        None => format!("{who} to act"),
    }
}

/// The name of betting round `n` (0 preflop .. 3 river), as PokerTH
/// numbers them.
pub fn street_name(n: u32) -> Option<&'static str> {
    ["preflop", "flop", "turn", "river"]
        .get(n as usize)
        .copied()
}

/// Cards dealt to the board: `flop [Ah Kd 2c]`, `board [Ah Kd 2c 7s]`.
pub fn dealt(what: &str, shown: String) -> String {
    format!("{what} {shown}")
}

/// A hand starts: `hand starts: small blind 10, your cards [9h 5d]`,
/// `hand 500 starts: game 73, #40 at the table`.
pub fn hand_starts(hand: Option<u64>, details: &[String]) -> String {
    let mut s = match hand {
        Some(h) => format!("hand {h} starts"),
        None => "hand starts".to_owned(),
    };
    for (i, d) in details.iter().enumerate() {
        s.push_str(if i == 0 { ": " } else { ", " });
        s.push_str(d);
    }
    s
}

/// Which pot chips come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pot {
    /// The message does not say (PokerTH: one sum per player).
    Unsaid,
    /// poker-network's pot -1: the pot as a whole.
    Whole,
    /// Pot `n`: 0 is the main pot, the others side pots (poker-network
    /// numbers them from 0 as they are made).
    Index(u32),
}

impl Display for Pot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pot::Unsaid => Ok(()),
            Pot::Whole => f.write_str(" from the pot"),
            Pot::Index(0) => f.write_str(" from the main pot"),
            Pot::Index(n) => write!(f, " from side pot {n}"),
        }
    }
}

/// A player wins: `alice (17) wins 880 from the main pot with [Ah Ad],
/// stack 1880`.
pub fn wins(who: Who, amount: u64, pot: Pot, with: Option<&str>, stack: Option<u64>) -> String {
    let mut s = format!("{who} wins {amount}{pot}");
    if let Some(c) = with {
        let _ = write!(s, " with {c}");
    }
    if let Some(st) = stack {
        let _ = write!(s, ", stack {st}");
    }
    s
}

/// The last player in wins the pot: `alice (17) wins 110 without
/// showdown, stack 3010`.
pub fn wins_without_showdown(who: Who, amount: u64, stack: Option<u64>) -> String {
    let mut s = format!("{who} wins {amount} without showdown");
    if let Some(st) = stack {
        let _ = write!(s, ", stack {st}");
    }
    s
}

/// One player's line of a showdown: their cards, what they won, their
/// stack after the hand.
#[derive(Debug, Clone)]
pub struct Shown<'a> {
    pub who: Who<'a>,
    /// The cards, as [`cards`] writes them.
    pub cards: String,
    pub won: u64,
    pub stack: Option<u64>,
}

/// A showdown: who won what first, then the other hands shown:
/// `showdown: alice (1) wins 80 with [Ah Ts], stack 3060; shown: bob (2)
/// [9h 5d], 3 [Jd 6d]`.
pub fn showdown(results: &[Shown]) -> String {
    let mut s = String::from("showdown:");
    let mut parts = Vec::new();
    for r in results.iter().filter(|r| r.won > 0) {
        parts.push(wins(r.who, r.won, Pot::Unsaid, Some(&r.cards), r.stack));
    }
    let lost: Vec<String> = (results.iter().filter(|r| r.won == 0))
        .map(|r| format!("{} {}", r.who.in_list(), r.cards))
        .collect();
    if parts.is_empty() {
        parts.push("nobody wins".to_owned());
    }
    if !lost.is_empty() {
        parts.push(format!("shown: {}", shortened(&lost)));
    }
    for (i, p) in parts.iter().enumerate() {
        s.push_str(if i == 0 { " " } else { "; " });
        s.push_str(p);
    }
    s
}

/// Texts joined by commas, the first [`LIST_SHOWN`] of them.
fn shortened(items: &[String]) -> String {
    let mut s = items
        .iter()
        .take(LIST_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > LIST_SHOWN {
        let _ = write!(s, ", … {} more", items.len() - LIST_SHOWN);
    }
    s
}

/// The hands of players all in, shown before the board is dealt out:
/// `all in, cards shown: alice (1) [Ah Ad], bob (2) [Kc Ks]`.
pub fn all_in_shown<'a>(shown: impl IntoIterator<Item = (Who<'a>, String)>) -> String {
    let items: Vec<String> = (shown.into_iter())
        .map(|(who, c)| format!("{} {c}", who.in_list()))
        .collect();
    format!("all in, cards shown: {}", shortened(&items))
}

/// A message telling a player's name: `player 17 is "alice"`, with
/// ` (computer)` for a computer player.
pub fn is_named(id: u32, name: Option<&str>, human: Option<bool>) -> String {
    let name = name.map_or_else(|| "?".to_owned(), |n| format!("{n:?}"));
    let computer = if human == Some(false) {
        " (computer)"
    } else {
        ""
    };
    format!("player {id} is {name}{computer}")
}

/// The game is over: `game over: alice (17) wins`.
pub fn game_over(winner: Who) -> String {
    format!("game over: {winner} wins")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named() -> Names {
        let mut n = Names::new();
        n.tell(17, "alice");
        n
    }

    #[test]
    fn every_action_one_wording() {
        let n = named();
        let act = |act, amount, stack, street| {
            Action {
                who: n.who(17),
                act,
                amount,
                stack,
                street,
            }
            .to_string()
        };
        use Amount::*;
        assert_eq!(
            act(Act::Call, Adds(40), Some(960), Some("preflop")),
            "alice (17) calls 40, stack 960 (preflop)"
        );
        assert_eq!(
            act(Act::Call, To(40), Some(960), Some("preflop")),
            "alice (17) calls, bet now 40, stack 960 (preflop)"
        );
        assert_eq!(act(Act::Fold, Unsaid, None, None), "alice (17) folds");
        assert_eq!(act(Act::Check, To(0), None, None), "alice (17) checks");
        assert_eq!(act(Act::Bet, To(40), None, None), "alice (17) bets 40");
        assert_eq!(
            act(Act::Raise, To(120), None, None),
            "alice (17) raises to 120"
        );
        assert_eq!(
            act(Act::Raise, Adds(120), None, None),
            "alice (17) raises, putting in 120"
        );
        assert_eq!(
            act(Act::Raise, Open(350), None, None),
            "alice (17) raises, amount 350"
        );
        assert_eq!(
            act(Act::AllIn, Adds(300), None, None),
            "alice (17) is all in for 300"
        );
        assert_eq!(
            act(Act::AllIn, To(300), Some(0), None),
            "alice (17) is all in, bet now 300, stack 0"
        );
        assert_eq!(
            act(Act::SmallBlind, To(10), None, None),
            "alice (17) posts the small blind 10"
        );
        assert_eq!(
            act(Act::Code(9), Unsaid, None, None),
            "alice (17) does action 9"
        );
        // An unknown player.
        assert_eq!(
            Action {
                who: n.who(3),
                act: Act::Check,
                amount: Unsaid,
                stack: None,
                street: Some("flop")
            }
            .to_string(),
            "player 3 checks (flop)"
        );
    }

    #[test]
    fn requests_and_refusals_take_the_base_form() {
        let n = named();
        assert_eq!(
            request(n.who(17), Act::Call, Amount::Adds(20), Some("preflop")),
            "alice (17) asks to call 20 (preflop)"
        );
        assert_eq!(
            request(Names::new().client(), Act::AllIn, Amount::Adds(120), None),
            "the client asks to go all in for 120"
        );
        assert_eq!(
            rejected(
                n.who(17),
                Act::Check,
                Amount::Unsaid,
                Some("preflop"),
                "not_your_turn"
            ),
            "alice (17) may not check (preflop): not_your_turn"
        );
    }

    #[test]
    fn lists_show_values_shortened() {
        assert_eq!(list([1, 3, 2]), "[1, 3, 2]");
        assert_eq!(list(Vec::<u32>::new()), "[]");
        assert_eq!(list(1..=8), "[1, 2, 3, 4, 5, 6, 7, 8]");
        assert_eq!(list(1..=12), "[1, 2, 3, 4, 5, 6, 7, 8, … 4 more]");
        assert_eq!(cards(["Ah", "Kd", "2c"]), "[Ah Kd 2c]");
        assert_eq!(players(&named(), [2, 17]), "[2, alice (17)]");
    }

    #[test]
    fn a_showdown_says_who_won_what() {
        let n = named();
        let shown = |id, c: &str, won, stack| Shown {
            who: n.who(id),
            cards: c.to_owned(),
            won,
            stack: Some(stack),
        };
        assert_eq!(
            showdown(&[shown(3, "[9h 5d]", 0, 2980), shown(17, "[Ah Ts]", 80, 3060),]),
            "showdown: alice (17) wins 80 with [Ah Ts], stack 3060; shown: 3 [9h 5d]"
        );
        assert_eq!(
            showdown(&[shown(3, "[9h 5d]", 0, 2980)]),
            "showdown: nobody wins; shown: 3 [9h 5d]"
        );
        assert_eq!(
            wins(n.who(17), 880, Pot::Index(0), Some("[Ah Ad]"), None),
            "alice (17) wins 880 from the main pot with [Ah Ad]"
        );
        assert_eq!(
            wins_without_showdown(n.who(17), 110, Some(3010)),
            "alice (17) wins 110 without showdown, stack 3010"
        );
        assert_eq!(
            wins(n.who(5), 10, Pot::Index(2), None, Some(20)),
            "player 5 wins 10 from side pot 2, stack 20"
        );
    }

    #[test]
    fn hands_and_boards() {
        assert_eq!(
            hand_starts(
                None,
                &["small blind 10".into(), "your cards [9h 5d]".into()]
            ),
            "hand starts: small blind 10, your cards [9h 5d]"
        );
        assert_eq!(hand_starts(Some(500), &[]), "hand 500 starts");
        assert_eq!(dealt("flop", cards(["Ah", "Kd", "2c"])), "flop [Ah Kd 2c]");
        assert_eq!(
            is_named(4, Some("Computer 1"), Some(false)),
            "player 4 is \"Computer 1\" (computer)"
        );
        assert_eq!(game_over(named().who(17)), "game over: alice (17) wins");
    }

    #[test]
    fn in_a_list_a_bare_id_is_a_number() {
        let mut n = Names::new();
        n.tell(1, "alice");
        assert_eq!(players(&n, [1, 2]), "[alice (1), 2]");
    }
}
