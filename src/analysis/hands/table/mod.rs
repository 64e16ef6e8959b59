//! The table of a hand, step by step: the one state machine every view of
//! a hand in play reads.
//!
//! A stream's builder (the adapter of its protocol, [`super::StreamBuilder`])
//! reads the messages into the [`Hand`] in play: seats, blinds and
//! actions with their amounts, the server's prompts (whose turn it is),
//! the deals of the board, the cards shown, and, once the hand is over and
//! settled ([`super::settle_and_check`]), the chips returned, the winnings
//! and the server's final stacks. A [`Table`] takes those events in the
//! order they happened and keeps what the table looks like after each:
//! stacks, bets, the pot, the board, the button, whose turn it is, what
//! each player won and got back. `replay --hand` steps through the states
//! of a finished hand ([`states`]); the timelines of poker streams follow
//! the hand while it is played ([`Table::follow`], then
//! [`Table::finish`] with the settled hand), so the two tell the same
//! story, figure for figure, and neither works out betting or pots on its
//! own: the amounts are the hand's.
//!
//! The pots hold every chip in the middle: the bets of the streets before
//! and those of this street, still in front of the players, divided as the
//! settlement divides them ([`super::pots::divide`]): the main pot, and a
//! side pot above each player who is all in. A bet nobody left can call
//! (the others folded or all in) is not in them: it is the uncalled bet,
//! apart, until the result gives it back. At the result the pots are the
//! settled hand's ([`Hand::pot_wins`]), so the last step's pots are the
//! hand's in every view. A player not dealt in (no chips at the start) or
//! left without chips at the result is out.
//!
//! A value the capture does not tell is `None` from the step that made it
//! unknown on: the stacks and bets after the start when the blinds are not
//! shown (someone the capture does not name posted them), those of a
//! player whose turn passed without a known action (`pokerth-2007`, whose
//! hands show turns rather than every action), of an action whose amount
//! is not known ([`Action::amount_known`]), and the pots that hold such
//! bets.

#[cfg(test)]
mod tests;
mod text;

use super::made::made;
use super::model::*;
use super::pots::{divide, unmatched};
use crate::protocols::cards::Card;
use serde::Serialize;
use text::{cards_text, start_text};
pub use text::{describe, draw};

/// A seat at one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatState {
    /// Seat number, from 1.
    pub seat: u32,
    /// The player id.
    pub player: u64,
    /// The name for people.
    pub name: String,
    /// Chips behind, when known.
    pub stack: Option<u64>,
    /// The bet in front of the player on this street, when known.
    pub bet: Option<u64>,
    /// Folded.
    pub folded: bool,
    /// All in.
    pub all_in: bool,
    /// The hole cards, once the capture shows them (the client's own from
    /// the start).
    pub cards: Option<[Card; 2]>,
    /// The button.
    pub button: bool,
    /// What the player won (0 until the result).
    pub won: u64,
    /// Uncalled chips given back to the player (0 until the result).
    pub returned: u64,
    /// Out of the hand: not dealt in (no chips at its start), or left
    /// without chips at its result.
    pub out: bool,
    /// The hand the cards shown make with the board so far (`a pair of
    /// Aces`), once shown.
    pub hand: Option<String>,
}

/// A bet nobody left can call, which goes back to the player who made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Uncalled {
    /// Whose bet.
    pub player: u64,
    /// The chips nobody matched.
    pub amount: u64,
}

/// The table at one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableState {
    /// Step number in the hand, from 1 (the hand's start).
    pub step: usize,
    /// The hand: `STREAM:HAND`, as `cardshark hands` names it.
    pub hand: String,
    /// The frame that made this step (none for a step the capture implies,
    /// such as a street whose deal it does not show).
    pub frame: Option<u64>,
    /// The betting round.
    pub street: Street,
    /// What happened, for people.
    pub event: String,
    /// The seats.
    pub seats: Vec<SeatState>,
    /// The chips in the pots (the bets in front of the players included,
    /// the uncalled bet not), when known.
    pub pot: Option<u64>,
    /// The pots: the main pot, then the side pots; empty when not known.
    pub pots: Vec<Pot>,
    /// The bets nobody left can call, apart from the pots.
    pub uncalled: Vec<Uncalled>,
    /// The board so far.
    pub board: Vec<Card>,
    /// Who acts next, once the server said so (or the turn order tells).
    pub to_act: Option<u64>,
    /// True once the hand is over.
    pub over: bool,
    /// False when the capture does not hold the whole hand (known at its
    /// end).
    pub complete: bool,
}

impl TableState {
    /// What the state holds on the heap, about: with `size_of::<TableState>()`,
    /// what a step waiting to be shown weighs.
    pub fn heap_bytes(&self) -> usize {
        let seats: usize = (self.seats.iter())
            .map(|s| s.name.len() + s.hand.as_ref().map_or(0, String::len))
            .sum();
        let pots: usize = (self.pots.iter())
            .map(|p| std::mem::size_of_val(p.eligible.as_slice()))
            .sum();
        self.hand.len()
            + self.event.len()
            + std::mem::size_of_val(self.seats.as_slice())
            + seats
            + std::mem::size_of_val(self.pots.as_slice())
            + pots
            + std::mem::size_of_val(self.uncalled.as_slice())
            + std::mem::size_of_val(self.board.as_slice())
    }
}

/// One event of a hand, in the order a table takes them.
#[derive(Clone, Copy)]
enum Event<'a> {
    Deal(Deal),
    Act(&'a Action),
    Show(&'a Shown),
    Turn(&'a Turn),
}

impl Event<'_> {
    fn frame(self) -> u64 {
        match self {
            Event::Deal(d) => d.frame,
            Event::Act(a) => a.frame,
            Event::Show(s) => s.frame,
            Event::Turn(t) => t.frame,
        }
    }
}

/// How much of a hand's lists a table has taken.
#[derive(Debug, Clone, Copy, Default)]
struct Taken {
    actions: usize,
    turns: usize,
    deals: usize,
    shown: usize,
}

/// A hand's table, following the hand as it grows; see the
/// [module docs](self).
#[derive(Debug, Clone)]
pub struct Table {
    state: TableState,
    taken: Taken,
    /// The player whose turn it is and whose action the hand does not show
    /// yet (hands that show turns rather than every action).
    waiting: Option<u64>,
    /// Whether any event was taken.
    begun: bool,
    /// The chips each player put in so far (`(player, chips)`), when
    /// known.
    put: Option<Vec<(u64, u64)>>,
    /// The stacks became unknown at the start (blinds the hand does not
    /// show).
    partial_unknown: bool,
}

/// Every state of finished hand `h`, from its start to its result.
pub fn states(h: &Hand) -> Vec<TableState> {
    let mut t = Table::start(h);
    let mut out = Vec::new();
    t.begin(|s| out.push(s.clone()));
    t.finish(h, |s| out.push(s.clone()));
    out
}

/// The turns a table follows: the hand's turn order when its dialect shows
/// turns rather than every action, else the server's prompts.
fn turns(h: &Hand) -> &[Turn] {
    if h.turns.is_empty() {
        &h.prompts
    } else {
        &h.turns
    }
}

impl Table {
    /// The table at the start of `h` (step 1).
    pub fn start(h: &Hand) -> Table {
        let state = TableState {
            // Numbered as each step is given: the start is 1.
            step: 0,
            hand: h.id(),
            frame: Some(h.first_frame),
            street: Street::Preflop,
            event: start_text(h),
            seats: h.seats.iter().map(|s| seat_state(h, s)).collect(),
            pot: Some(0),
            pots: Vec::new(),
            uncalled: Vec::new(),
            board: Vec::new(),
            to_act: None,
            over: false,
            complete: true,
        };
        Table {
            state,
            taken: Taken::default(),
            waiting: None,
            begun: false,
            // In seat order, as the settlement counts them.
            put: Some(h.seats.iter().map(|s| (s.player, 0)).collect()),
            partial_unknown: false,
        }
    }

    /// Gives `each` the start (step 1); the steps that follow are numbered
    /// from 2.
    pub fn begin(&mut self, mut each: impl FnMut(&TableState)) {
        self.push(&mut each);
    }

    /// The table now.
    pub fn state(&self) -> &TableState {
        &self.state
    }

    /// Takes what `h`, the hand this table started from, shows since the
    /// last call (seats that sat down since, actions, prompts, deals, cards
    /// shown); calls `each` with the table after every step.
    pub fn follow(&mut self, h: &Hand, mut each: impl FnMut(&TableState)) {
        let t = self.taken;
        if (t.actions, t.turns, t.deals, t.shown)
            == (
                h.actions.len(),
                turns(h).len(),
                h.deals.len(),
                h.shown.len(),
            )
        {
            // Nothing new (most records of a stream): no work, no allocation.
            return;
        }
        let partial = !h.turns.is_empty();
        let mut events: Vec<(u64, Street, u8, Event)> = Vec::new();
        let acts = h.actions.get(self.taken.actions..).unwrap_or_default();
        let shown = h.shown.get(self.taken.shown..).unwrap_or_default();
        let deals = h.deals.get(self.taken.deals..).unwrap_or_default();
        let tos = turns(h).get(self.taken.turns..).unwrap_or_default();
        // At one frame (one segment carries several messages): a street's
        // deal before its betting; an action before the cards it shows and
        // before the next prompt; in a hand that shows turns, the turn
        // before the action that answers it.
        let turn_rank = if partial { 0 } else { 3 };
        events.extend(
            deals
                .iter()
                .map(|d| (d.frame, d.street, 0, Event::Deal(*d))),
        );
        events.extend(acts.iter().map(|a| (a.frame, a.street, 1, Event::Act(a))));
        events.extend(
            tos.iter()
                .map(|t| (t.frame, t.street, turn_rank, Event::Turn(t))),
        );
        events.extend(shown.iter().map(|s| {
            let street = (h.actions.iter().rev())
                .find(|a| a.frame <= s.frame)
                .map_or(Street::Preflop, |a| a.street);
            (s.frame, street, 2, Event::Show(s))
        }));
        if events.is_empty() {
            // Nothing happened at the table: it stays as its last step
            // showed it.
            return;
        }
        self.seat_new(h);
        self.taken = Taken {
            actions: h.actions.len(),
            turns: turns(h).len(),
            deals: h.deals.len(),
            shown: h.shown.len(),
        };
        events.sort_by_key(|e| (e.0, e.1, e.2));
        for (_, street, _, e) in events {
            self.button(h);
            if !self.begun && partial && !has_blinds(h) {
                for s in &mut self.state.seats {
                    s.stack = None;
                    s.bet = None;
                }
                self.put = None;
                self.partial_unknown = true;
                self.pots_now();
            }
            self.begun = true;
            if self.state.street < street {
                self.unseen_waiting();
            }
            while self.state.street < street {
                self.deal(h);
                if matches!(e, Event::Deal(d) if d.street == self.state.street) {
                    self.state.frame = Some(e.frame());
                    break;
                }
                self.push(&mut each);
            }
            match e {
                Event::Deal(_) => {}
                Event::Turn(turn) => {
                    if partial {
                        self.unseen_waiting();
                        self.waiting = Some(turn.player);
                    }
                    self.state.to_act = Some(turn.player);
                    self.state.event = format!("{} to act", h.name(turn.player));
                }
                Event::Act(a) => {
                    if self.waiting == Some(a.player) {
                        self.waiting = None;
                    }
                    if let Some(s) = self.seat(a.player) {
                        act(s, a);
                    }
                    self.put_in(a);
                    self.pots_now();
                    if self.state.to_act == Some(a.player) {
                        self.state.to_act = None;
                    }
                    self.state.event = describe(h, a, self.stack_of(a.player));
                }
                Event::Show(s) => {
                    let hand = made(&s.cards, &self.state.board).map(|m| m.description);
                    let said = hand.as_ref().map_or(String::new(), |d| format!(" ({d})"));
                    if let Some(seat) = self.seat(s.player) {
                        seat.cards = Some(s.cards);
                        seat.hand = hand;
                    }
                    self.state.event =
                        format!("{} shows {}{said}", h.name(s.player), cards_text(&s.cards));
                }
            }
            self.state.frame = Some(e.frame());
            self.push(&mut each);
        }
    }

    /// `h` is over and settled: takes what is left of it (the streets whose
    /// deal the capture implies, the cards shown), then the result: the
    /// chips returned, the winnings, the server's final stacks. Calls
    /// `each` with the table after every step, the result last.
    pub fn finish(&mut self, h: &Hand, mut each: impl FnMut(&TableState)) {
        self.follow(h, &mut each);
        self.seat_new(h);
        self.button(h);
        self.unseen_waiting();
        while self.state.board.len() < h.board.len() && self.state.street < Street::River {
            self.deal(h);
            self.push(&mut each);
        }
        for s in &h.shown {
            let hand = s.made.as_ref().map(|m| m.description.clone());
            if let Some(seat) = self.seat(s.player) {
                seat.cards = Some(s.cards);
                seat.hand = hand;
            }
        }
        self.settled(h);
        let mut said = Vec::new();
        for w in &h.returned {
            self.pay(w);
            if let Some(s) = self.seat(w.player) {
                s.returned += w.amount;
            }
            said.push(format!(
                "uncalled bet ({}) returned to {}",
                w.amount,
                h.name(w.player)
            ));
        }
        for w in &h.winners {
            self.pay(w);
            if let Some(s) = self.seat(w.player) {
                s.won += w.amount;
            }
            let from = match w.pot {
                Some(0) if h.pots.len() > 1 => " from the main pot".to_string(),
                Some(i) if h.pots.len() > 1 => format!(" from side pot-{i}"),
                _ => String::new(),
            };
            let with = (h.showdown_hand(w.player)).map_or(String::new(), |d| format!(" with {d}"));
            said.push(format!(
                "{} wins {}{from}{with}",
                h.name(w.player),
                w.amount
            ));
        }
        for s in &mut self.state.seats {
            let seat = h.seat(s.player);
            if let Some(f) = seat.and_then(|x| x.final_stack) {
                s.stack = Some(f);
            }
            s.bet = Some(0);
            // Not dealt in (a hand the builder closed keeps those dealt
            // in), or nothing left.
            s.out |= seat.is_none() || s.stack == Some(0);
        }
        if h.winners.is_empty() {
            said.push("the hand ends (the capture shows no winner)".to_string());
        }
        if let Some(rake) = h.rake.filter(|&r| r > 0) {
            said.push(format!("rake {rake}"));
        }
        self.state.event = said.join(", ");
        self.state.complete = h.complete;
        if !h.complete {
            self.state.event.push_str(" [incomplete hand]");
        }
        self.state.frame = Some(h.last_frame);
        self.state.to_act = None;
        self.state.over = true;
        self.push(&mut each);
    }

    /// Numbers the step and gives it to `each`.
    fn push(&mut self, each: &mut impl FnMut(&TableState)) {
        self.state.step += 1;
        each(&self.state);
    }

    fn seat(&mut self, player: u64) -> Option<&mut SeatState> {
        self.state.seats.iter_mut().find(|s| s.player == player)
    }

    fn stack_of(&self, player: u64) -> Option<u64> {
        (self.state.seats.iter())
            .find(|s| s.player == player)
            .and_then(|s| s.stack)
    }

    /// Seats the hand gained since (a capture that began in the hand's
    /// middle seats players as they act), and names learnt since.
    fn seat_new(&mut self, h: &Hand) {
        for s in &h.seats {
            let acted = (h.actions.get(..self.taken.actions).unwrap_or_default())
                .iter()
                .any(|a| a.player == s.player);
            match self.state.seats.iter_mut().find(|x| x.player == s.player) {
                Some(x) => {
                    x.name = s.display_name();
                    x.seat = s.seat;
                    // A start stack the hand learnt since (from the
                    // player's first action, or the last hand's end).
                    if x.stack.is_none() && !acted && !self.partial_unknown {
                        x.stack = s.stack;
                    }
                }
                None => self.state.seats.push(seat_state(h, s)),
            }
        }
    }

    /// The button, once the hand tells it.
    fn button(&mut self, h: &Hand) {
        for s in &mut self.state.seats {
            s.button = h.button == Some(s.seat);
        }
    }

    /// The chips `a` put in join the player's.
    fn put_in(&mut self, a: &Action) {
        let added = match a.kind {
            _ if a.amount_known => Some(a.added),
            ActionKind::Fold | ActionKind::Check => Some(0),
            // A bet or raise that is not all in keeps the chips it adds.
            ActionKind::Bet | ActionKind::Raise if !a.all_in => Some(a.added),
            _ => None,
        };
        match (added, &mut self.put) {
            (Some(x), Some(put)) => match put.iter_mut().find(|c| c.0 == a.player) {
                Some(c) => c.1 += x,
                None => put.push((a.player, x)),
            },
            _ => self.put = None,
        }
    }

    /// The pots and the uncalled bet from the chips put in so far (not
    /// known with chips not known): a side pot above each player all in,
    /// and apart the chips of the player who put in most beyond the
    /// others once nobody else can put in more.
    fn pots_now(&mut self) {
        let t = &mut self.state;
        let Some(put) = &self.put else {
            (t.pot, t.pots, t.uncalled) = (None, Vec::new(), Vec::new());
            return;
        };
        let seat = |p: u64| t.seats.iter().find(|s| s.player == p);
        let folded = |p: u64| seat(p).is_some_and(|s| s.folded);
        let all_in = |p: u64| seat(p).is_some_and(|s| s.all_in || s.stack == Some(0));
        let mut put = put.clone();
        let mut uncalled = Vec::new();
        if let Some((player, amount)) = unmatched(&put) {
            let callers = (t.seats.iter())
                .filter(|s| s.player != player && !s.out && !s.folded && !all_in(s.player));
            if callers.count() == 0 {
                uncalled.push(Uncalled { player, amount });
                for c in put.iter_mut().filter(|c| c.0 == player) {
                    c.1 -= amount;
                }
            }
        }
        let pots = divide(&put, folded, all_in);
        t.pot = Some(pots.iter().map(|p| p.amount).sum());
        (t.pots, t.uncalled) = (pots, uncalled);
    }

    /// The result's pots and uncalled bets: the settled hand's (what each
    /// winner was paid from), else those of the betting when the hand has
    /// no result to settle.
    fn settled(&mut self, h: &Hand) {
        let wins = h.pot_wins();
        let t = &mut self.state;
        if !h.returned.is_empty() || !wins.is_empty() {
            t.uncalled.clear();
            for w in &h.returned {
                match t.uncalled.iter_mut().find(|u| u.player == w.player) {
                    Some(u) => u.amount += w.amount,
                    None => t.uncalled.push(Uncalled {
                        player: w.player,
                        amount: w.amount,
                    }),
                }
            }
        }
        if wins.is_empty() {
            return;
        }
        t.pots = (wins.iter().enumerate())
            .map(|(i, w)| Pot {
                amount: w.amount,
                eligible: (h.pots.get(i)).map_or_else(
                    || w.wins.iter().map(|x| x.0).collect(),
                    |p| p.eligible.clone(),
                ),
            })
            .collect();
        t.pot = Some(t.pots.iter().map(|p| p.amount).sum());
    }

    /// `w`'s chips go to the player's stack (the pots stay as the hand
    /// settled them: the result shows what they held).
    fn pay(&mut self, w: &Win) {
        if let Some(s) = self.seat(w.player) {
            s.stack = s.stack.map(|x| x + w.amount);
        }
    }

    /// The turn of the player waited for passed and the hand does not show
    /// what they did.
    fn unseen_waiting(&mut self) {
        let player = self.waiting.take();
        if let Some(s) = self
            .state
            .seats
            .iter_mut()
            .find(|s| Some(s.player) == player)
        {
            s.stack = None;
            s.bet = None;
            self.put = None;
            self.pots_now();
        }
    }

    /// The next street and its cards (those the capture shows): the bets
    /// stay in the pot, in front of nobody.
    fn deal(&mut self, h: &Hand) {
        let t = &mut self.state;
        for s in &mut t.seats {
            s.bet = Some(0);
        }
        t.street = match t.street {
            Street::Preflop => Street::Flop,
            Street::Flop => Street::Turn,
            _ => Street::River,
        };
        let cards = h.street_cards(t.street);
        t.board.extend_from_slice(cards);
        // The hands shown, with the new cards.
        for s in &mut t.seats {
            if let (Some(c), Some(_)) = (s.cards, &s.hand) {
                s.hand = made(&c, &t.board).map(|m| m.description);
            }
        }
        t.frame = None;
        t.to_act = None;
        t.event = if cards.is_empty() {
            format!("{} (the capture does not show the board)", t.street.name())
        } else {
            format!("{}: {}", t.street.name(), cards_text(cards))
        };
    }
}

/// A seat at the start of `h`.
fn seat_state(h: &Hand, s: &Seat) -> SeatState {
    SeatState {
        seat: s.seat,
        player: s.player,
        name: s.display_name(),
        stack: s.stack,
        bet: Some(0),
        folded: false,
        all_in: false,
        cards: (h.hero == Some(s.player)).then_some(s.cards).flatten(),
        // Shown from the hand's first event on: a dialect may tell it only
        // with the small blind, and a table that follows the hand in play
        // must show the same.
        button: false,
        won: 0,
        returned: 0,
        // No chips: not dealt in (the seat of a player who went out in an
        // earlier hand).
        out: s.stack == Some(0),
        hand: None,
    }
}

/// Whether the hand shows a blind or an ante.
fn has_blinds(h: &Hand) -> bool {
    h.actions.iter().any(|a| {
        matches!(
            a.kind,
            ActionKind::SmallBlind | ActionKind::BigBlind | ActionKind::Ante
        )
    })
}

/// `s` after action `a`.
fn act(s: &mut SeatState, a: &Action) {
    // Whoever acts is in the hand.
    s.out = false;
    s.folded |= a.kind == ActionKind::Fold;
    s.all_in |= a.all_in;
    if a.amount_known {
        // The server's own figure when it gives one (the stack before the
        // action may not have been known).
        s.stack = a
            .reported_stack
            .or(s.stack.map(|x| x.saturating_sub(a.added)));
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
