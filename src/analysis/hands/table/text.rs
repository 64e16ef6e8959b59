//! The table for people: what happened at a step (a hand's start, an
//! action), and the table drawn as `replay` and `timeline` show it.

use super::TableState;
use crate::analysis::hands::model::*;
use crate::protocols::cards::Card;

/// The start of `h` for people: `hand 0:3 starts: blinds 10/20, the
/// client's cards Ah Kd`.
pub(super) fn start_text(h: &Hand) -> String {
    let mut t = format!("hand {} starts", h.id());
    let mut said = Vec::new();
    match (h.small_blind, h.big_blind) {
        (Some(s), Some(b)) => said.push(format!("blinds {s}/{b}")),
        (Some(s), None) => said.push(format!("small blind {s}")),
        _ => {}
    }
    if let Some(a) = h.ante.filter(|&a| a > 0) {
        said.push(format!("ante {a}"));
    }
    let hero = h.hero.and_then(|p| h.seat(p));
    if let Some((s, c)) = hero.and_then(|s| Some((s, s.cards?))) {
        said.push(format!("{}'s cards {}", s.display_name(), cards_text(&c)));
    }
    if !said.is_empty() {
        t.push_str(": ");
        t.push_str(&said.join(", "));
    }
    t
}

/// Cards for people: `Ah Kd`.
pub(super) fn cards_text(cards: &[Card]) -> String {
    let c: Vec<String> = cards.iter().map(Card::to_string).collect();
    c.join(" ")
}

/// An action for people, with the stack after it when known: `alice raises
/// to 80, stack 920`.
pub fn describe(h: &Hand, a: &Action, stack: Option<u64>) -> String {
    let who = h.name(a.player);
    let all_in = if a.all_in { " and is all in" } else { "" };
    let stack = stack.map_or(String::new(), |s| format!(", stack {s}"));
    if !a.amount_known {
        const UNKNOWN: &str = "(the amount is not in the capture)";
        return match a.kind {
            ActionKind::Fold => format!("{who} folds"),
            ActionKind::Check => format!("{who} checks"),
            ActionKind::Bet if a.added > 0 && !a.all_in => {
                format!("{who} bets {}{stack}", a.added)
            }
            ActionKind::Raise if a.added > 0 && !a.all_in => format!(
                "{who} raises, adding {} (the street total is not in the capture){stack}",
                a.added
            ),
            ActionKind::Ante => format!("{who} posts the ante {UNKNOWN}{all_in}"),
            ActionKind::SmallBlind => format!("{who} posts the small blind {UNKNOWN}{all_in}"),
            ActionKind::BigBlind => format!("{who} posts the big blind {UNKNOWN}{all_in}"),
            ActionKind::Call => format!("{who} calls {UNKNOWN}{all_in}"),
            ActionKind::Bet => format!("{who} bets {UNKNOWN}{all_in}"),
            ActionKind::Raise => format!("{who} raises {UNKNOWN}{all_in}"),
        };
    }
    match a.kind {
        ActionKind::Ante => format!("{who} posts the ante {}{all_in}{stack}", a.added),
        ActionKind::SmallBlind => {
            format!("{who} posts the small blind {}{all_in}{stack}", a.added)
        }
        ActionKind::BigBlind => format!("{who} posts the big blind {}{all_in}{stack}", a.added),
        ActionKind::Fold => format!("{who} folds"),
        ActionKind::Check => format!("{who} checks"),
        ActionKind::Call => format!("{who} calls {}{all_in}{stack}", a.added),
        ActionKind::Bet => format!("{who} bets {}{all_in}{stack}", a.added),
        ActionKind::Raise => format!("{who} raises to {}{all_in}{stack}", a.total),
    }
}

/// The table for people: a line per seat (cards, stack, bet, button,
/// folded, all in, to act, what the result gave, the hand shown cards
/// make; `out` for a player not in the hand or without chips left), then
/// the pots (the main pot and the side pots apart), the bet nobody can
/// call, and the board.
pub fn draw(t: &TableState) -> String {
    let mut o = String::new();
    for s in &t.seats {
        let cards = s.cards.map_or("     ".into(), |c| cards_text(&c));
        let mut flags = String::new();
        if s.button {
            flags.push_str(" [button]");
        }
        if s.folded {
            flags.push_str(" folded");
        }
        if s.all_in {
            flags.push_str(" all in");
        }
        if s.won > 0 {
            flags.push_str(&format!(" won {}", s.won));
        }
        if s.returned > 0 {
            flags.push_str(&format!(" got back {}", s.returned));
        }
        if let Some(hand) = &s.hand {
            flags.push_str(&format!(" ({hand})"));
        }
        if t.to_act == Some(s.player) {
            flags.push_str("  ← to act");
        }
        if s.out {
            o.push_str(&format!(
                "  seat {:>2}  {:<16} {cards}  out{flags}\n",
                s.seat, s.name
            ));
            continue;
        }
        let stack = s.stack.map_or("?".into(), |x| x.to_string());
        let bet = s.bet.map_or("?".into(), |x| x.to_string());
        o.push_str(&format!(
            "  seat {:>2}  {:<16} {cards}  stack {stack:>7}  bet {bet:>6}{flags}\n",
            s.seat, s.name
        ));
    }
    let name = |p: u64| {
        (t.seats.iter())
            .find(|s| s.player == p)
            .map_or_else(|| format!("Player {p}"), |s| s.name.clone())
    };
    let mut line = pots_text(t);
    for u in &t.uncalled {
        line.push_str(&format!("  uncalled bet {} ({})", u.amount, name(u.player)));
    }
    o.push_str(&format!(
        "  {line}  board [{}]{}\n",
        cards_text(&t.board),
        if t.complete {
            ""
        } else {
            "  (incomplete hand)"
        }
    ));
    o
}

/// The pots for people, as the hand's text names them: `pot 320`, or
/// `main pot 300, side pot-1 200`; `pot ?` when not known.
fn pots_text(t: &TableState) -> String {
    match (t.pot, t.pots.as_slice()) {
        (None, _) => "pot ?".to_string(),
        (Some(p), [] | [_]) => format!("pot {p}"),
        (Some(_), pots) => {
            let each: Vec<String> = (pots.iter().enumerate())
                .map(|(i, p)| match i {
                    0 => format!("main pot {}", p.amount),
                    i => format!("side pot-{i} {}", p.amount),
                })
                .collect();
            each.join(", ")
        }
    }
}
