//! A hand a step at a time: the table after each action, each deal and at
//! the result, for `cardshark replay`.

use super::model::*;
use super::pokerth::street_name;
use crate::protocols::cards::Card;
use serde::Serialize;

/// A seat at one step.
#[derive(Debug, Clone, Serialize)]
pub struct SeatState {
    /// Seat number, from 1.
    pub seat: u32,
    /// The player id.
    pub player: u64,
    /// The name for people.
    pub name: String,
    /// Chips behind, when known.
    pub stack: Option<u64>,
    /// The bet in front of the player on this street.
    pub bet: u64,
    /// Folded.
    pub folded: bool,
    /// All in.
    pub all_in: bool,
    /// The hole cards, once the capture shows them.
    pub cards: Option<[Card; 2]>,
    /// The button.
    pub button: bool,
}

/// The table at one step.
#[derive(Debug, Clone, Serialize)]
pub struct TableState {
    /// Step number, from 0 (the hand's start).
    pub step: usize,
    /// The frame that made this step (none for the start).
    pub frame: Option<u64>,
    /// The betting round.
    pub street: Street,
    /// What happened, for people.
    pub event: String,
    /// The seats.
    pub seats: Vec<SeatState>,
    /// Chips in the middle from the streets before (bets not included).
    pub pot: u64,
    /// The board so far.
    pub board: Vec<Card>,
    /// Who acts next, when someone does.
    pub to_act: Option<u64>,
}

/// Every state of `h`, from the start to the result.
pub fn states(h: &Hand) -> Vec<TableState> {
    let mut t = TableState {
        step: 0,
        frame: None,
        street: Street::Preflop,
        event: format!("hand {} starts", h.id()),
        seats: (h.seats.iter())
            .map(|s| SeatState {
                seat: s.seat,
                player: s.player,
                name: s.display_name(),
                stack: s.stack,
                bet: 0,
                folded: false,
                all_in: false,
                cards: (h.hero == Some(s.player)).then_some(s.cards).flatten(),
                button: h.button == Some(s.seat),
            })
            .collect(),
        pot: 0,
        board: Vec::new(),
        to_act: h.actions.first().map(|a| a.player),
    };
    let mut out = vec![t.clone()];
    let push = |t: &mut TableState, out: &mut Vec<TableState>| {
        t.step = out.len();
        out.push(t.clone());
    };
    for (i, a) in h.actions.iter().enumerate() {
        while t.street < a.street {
            deal(h, &mut t);
            push(&mut t, &mut out);
        }
        if let Some(s) = t.seats.iter_mut().find(|s| s.player == a.player) {
            s.stack = s.stack.map(|x| x.saturating_sub(a.added));
            s.bet = a.total;
            s.folded |= a.kind == ActionKind::Fold;
            s.all_in |= a.all_in;
        }
        t.frame = Some(a.frame);
        t.to_act = h.actions.get(i + 1).map(|n| n.player);
        t.event = describe(h, a);
        push(&mut t, &mut out);
    }
    while t.board.len() < h.board.len() && t.street < Street::River {
        deal(h, &mut t);
        push(&mut t, &mut out);
    }
    // The result.
    collect(&mut t);
    for s in &h.shown {
        if let Some(seat) = t.seats.iter_mut().find(|x| x.player == s.player) {
            seat.cards = Some(s.cards);
        }
    }
    let mut said = Vec::new();
    for w in h.returned.iter().chain(&h.winners) {
        t.pot = t.pot.saturating_sub(w.amount);
        if let Some(s) = t.seats.iter_mut().find(|x| x.player == w.player) {
            s.stack = s.stack.map(|x| x + w.amount);
        }
    }
    for s in &mut t.seats {
        if let Some(f) = h.seat(s.player).and_then(|x| x.final_stack) {
            s.stack = Some(f);
        }
    }
    for w in &h.winners {
        said.push(format!("{} wins {}", h.name(w.player), w.amount));
    }
    t.frame = Some(h.last_frame);
    t.to_act = None;
    t.event = if said.is_empty() {
        "the hand ends (the capture shows no winner)".to_string()
    } else {
        said.join(", ")
    };
    if !h.complete {
        t.event.push_str(" [incomplete hand]");
    }
    push(&mut t, &mut out);
    out
}

/// Bets go to the pot.
fn collect(t: &mut TableState) {
    for s in &mut t.seats {
        t.pot += s.bet;
        s.bet = 0;
    }
}

/// The next street and its cards (those the capture shows).
fn deal(h: &Hand, t: &mut TableState) {
    collect(t);
    t.street = match t.street {
        Street::Preflop => Street::Flop,
        Street::Flop => Street::Turn,
        _ => Street::River,
    };
    let cards = h.street_cards(t.street);
    t.board.extend_from_slice(cards);
    t.frame = None;
    t.event = format!(
        "{}: {}",
        street_name(t.street),
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
}

/// An action for people: `Alice raises 40 to 80`.
pub fn describe(h: &Hand, a: &Action) -> String {
    let who = h.name(a.player);
    let all_in = if a.all_in { " and is all-in" } else { "" };
    match a.kind {
        ActionKind::Ante => format!("{who} posts the ante {}{all_in}", a.added),
        ActionKind::SmallBlind => format!("{who} posts small blind {}{all_in}", a.added),
        ActionKind::BigBlind => format!("{who} posts big blind {}{all_in}", a.added),
        ActionKind::Fold => format!("{who} folds"),
        ActionKind::Check => format!("{who} checks"),
        ActionKind::Call => format!("{who} calls {}{all_in}", a.added),
        ActionKind::Bet => format!("{who} bets {}{all_in}", a.added),
        ActionKind::Raise => format!("{who} raises to {} (adds {}){all_in}", a.total, a.added),
    }
}
