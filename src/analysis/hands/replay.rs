//! A hand a step at a time: the table after each action (and each turn
//! the server announced, in a hand that shows turns), each deal and at the
//! result, for `cardshark replay`.

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
    /// The bet in front of the player on this street, when known (`null`
    /// once the player did something whose amount the capture does not
    /// tell).
    pub bet: Option<u64>,
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
    /// Chips in the middle from the streets before (bets not included),
    /// when known.
    pub pot: Option<u64>,
    /// The board so far.
    pub board: Vec<Card>,
    /// Who acts next, when someone does.
    pub to_act: Option<u64>,
}

/// What makes a step during the betting: an action, or (in a hand that
/// shows turns rather than every action) the server naming who is to act.
#[derive(Clone, Copy)]
enum Event<'a> {
    Act(&'a Action),
    Turn(&'a Turn),
}

impl Event<'_> {
    fn frame(self) -> u64 {
        match self {
            Event::Act(a) => a.frame,
            Event::Turn(t) => t.frame,
        }
    }
    fn street(self) -> Street {
        match self {
            Event::Act(a) => a.street,
            Event::Turn(t) => t.street,
        }
    }
    fn player(self) -> u64 {
        match self {
            Event::Act(a) => a.player,
            Event::Turn(t) => t.player,
        }
    }
}

/// Every state of `h`, from the start to the result.
///
/// A hand with [`Hand::turns`] (`pokerth-2007`) shows only some players'
/// actions: it is stepped through its turns and the actions it knows, in
/// frame order. Amounts the capture does not tell are `None` from the
/// step that made them unknown on: the stacks and bets after the start
/// when the blinds are not shown (someone the capture does not name
/// posted them), those of a player whose turn passed without a known
/// action, of an action whose amount is not known
/// ([`Action::amount_known`]), and the pot that collects such bets.
pub fn states(h: &Hand) -> Vec<TableState> {
    let mut events: Vec<Event> = (h.turns.iter().map(Event::Turn))
        .chain(h.actions.iter().map(Event::Act))
        .collect();
    // Stable: at one frame, a turn before the action that answers it.
    events.sort_by_key(|e| (e.frame(), matches!(e, Event::Act(_))));
    let blinds_unseen = !h.turns.is_empty()
        && !h.actions.iter().any(|a| {
            matches!(
                a.kind,
                ActionKind::SmallBlind | ActionKind::BigBlind | ActionKind::Ante
            )
        });
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
                bet: Some(0),
                folded: false,
                all_in: false,
                cards: (h.hero == Some(s.player)).then_some(s.cards).flatten(),
                button: h.button == Some(s.seat),
            })
            .collect(),
        pot: Some(0),
        board: Vec::new(),
        to_act: events.first().map(|e| e.player()),
    };
    let mut out = vec![t.clone()];
    let push = |t: &mut TableState, out: &mut Vec<TableState>| {
        t.step = out.len();
        out.push(t.clone());
    };
    // The player whose turn it is and whose action the hand does not show
    // yet.
    let mut waiting: Option<u64> = None;
    for (i, &e) in events.iter().enumerate() {
        if i == 0 && blinds_unseen {
            for s in &mut t.seats {
                s.stack = None;
                s.bet = None;
            }
        }
        if t.street < e.street() {
            unseen(&mut t, waiting.take());
        }
        while t.street < e.street() {
            deal(h, &mut t);
            t.to_act = Some(e.player());
            push(&mut t, &mut out);
        }
        match e {
            Event::Turn(turn) => {
                unseen(&mut t, waiting.take());
                waiting = Some(turn.player);
                t.event = format!("{} to act", h.name(turn.player));
            }
            Event::Act(a) => {
                if waiting == Some(a.player) {
                    waiting = None;
                }
                if let Some(s) = t.seats.iter_mut().find(|s| s.player == a.player) {
                    act(s, a);
                }
                t.event = describe(h, a);
            }
        }
        t.frame = Some(e.frame());
        t.to_act = match e {
            Event::Turn(turn) => Some(turn.player),
            Event::Act(_) => events.get(i + 1).map(|n| n.player()),
        };
        push(&mut t, &mut out);
    }
    unseen(&mut t, waiting.take());
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
        t.pot = t.pot.map(|p| p.saturating_sub(w.amount));
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

/// `s` after action `a`.
fn act(s: &mut SeatState, a: &Action) {
    s.folded |= a.kind == ActionKind::Fold;
    s.all_in |= a.all_in;
    if a.amount_known {
        s.stack = s.stack.map(|x| x.saturating_sub(a.added));
        s.bet = Some(a.total);
        return;
    }
    match a.kind {
        // Nothing put in; the bet stays what it was.
        ActionKind::Fold | ActionKind::Check => {}
        // A bet or raise that is not all in keeps the chips it adds.
        ActionKind::Bet | ActionKind::Raise if !a.all_in => {
            s.stack = s.stack.map(|x| x.saturating_sub(a.added));
            s.bet = s.bet.map(|b| b + a.added);
        }
        _ => {
            s.stack = None;
            s.bet = None;
        }
    }
}

/// `player`'s turn passed and the hand does not show what they did.
fn unseen(t: &mut TableState, player: Option<u64>) {
    if let Some(s) = t.seats.iter_mut().find(|s| Some(s.player) == player) {
        s.stack = None;
        s.bet = None;
    }
}

/// Bets go to the pot (which becomes unknown with an unknown bet).
fn collect(t: &mut TableState) {
    for s in &mut t.seats {
        t.pot = t.pot.zip(s.bet).map(|(p, b)| p + b);
        s.bet = Some(0);
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
    t.event = if cards.is_empty() {
        format!(
            "{} (the capture does not show the board)",
            street_name(t.street)
        )
    } else {
        format!(
            "{}: {}",
            street_name(t.street),
            cards
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
}

/// An action for people: `Alice raises 40 to 80`.
pub fn describe(h: &Hand, a: &Action) -> String {
    let who = h.name(a.player);
    let all_in = if a.all_in { " and is all-in" } else { "" };
    if !a.amount_known {
        const UNKNOWN: &str = "(the amount is not in the capture)";
        return match a.kind {
            ActionKind::Fold => format!("{who} folds"),
            ActionKind::Check => format!("{who} checks"),
            ActionKind::Bet if a.added > 0 && !a.all_in => format!("{who} bets {}", a.added),
            ActionKind::Raise if a.added > 0 && !a.all_in => format!(
                "{who} raises, adding {} (the street total is not in the capture)",
                a.added
            ),
            ActionKind::Ante => format!("{who} posts the ante {UNKNOWN}{all_in}"),
            ActionKind::SmallBlind => format!("{who} posts small blind {UNKNOWN}{all_in}"),
            ActionKind::BigBlind => format!("{who} posts big blind {UNKNOWN}{all_in}"),
            ActionKind::Call => format!("{who} calls {UNKNOWN}{all_in}"),
            ActionKind::Bet => format!("{who} bets {UNKNOWN}{all_in}"),
            ActionKind::Raise => format!("{who} raises {UNKNOWN}{all_in}"),
        };
    }
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
