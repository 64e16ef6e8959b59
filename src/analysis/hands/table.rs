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
//! The pot is every chip in the middle: the bets of the streets before and
//! those of this street, still in front of the players. A value the
//! capture does not tell is `None` from the step that made it unknown on:
//! the stacks and bets after the start when the blinds are not shown
//! (someone the capture does not name posted them), those of a player
//! whose turn passed without a known action (`pokerth-2007`, whose hands
//! show turns rather than every action), of an action whose amount is not
//! known ([`Action::amount_known`]), and the pot that holds such bets.

use super::model::*;
use crate::protocols::cards::Card;
use serde::Serialize;

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
    /// Every chip in the middle (the bets in front of the players
    /// included), when known.
    pub pot: Option<u64>,
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
    /// The bets of the streets before, when known.
    collected: Option<u64>,
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
            collected: Some(0),
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
                self.collected = None;
                self.partial_unknown = true;
                self.pot_from_bets();
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
                    self.pot_from_bets();
                    if self.state.to_act == Some(a.player) {
                        self.state.to_act = None;
                    }
                    self.state.event = describe(h, a, self.stack_of(a.player));
                }
                Event::Show(s) => {
                    if let Some(seat) = self.seat(s.player) {
                        seat.cards = Some(s.cards);
                    }
                    self.state.event =
                        format!("{} shows {}", h.name(s.player), cards_text(&s.cards));
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
            if let Some(seat) = self.seat(s.player) {
                seat.cards = Some(s.cards);
            }
        }
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
                Some(i) if h.pots.len() > 1 => format!(" from side pot {i}"),
                _ => String::new(),
            };
            said.push(format!("{} wins {}{from}", h.name(w.player), w.amount));
        }
        for s in &mut self.state.seats {
            if let Some(f) = h.seat(s.player).and_then(|x| x.final_stack) {
                s.stack = Some(f);
            }
            s.bet = Some(0);
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

    /// The pot: the bets of the streets before and those in front of the
    /// players now (unknown with an unknown bet).
    fn pot_from_bets(&mut self) {
        let mut pot = self.collected;
        for s in &self.state.seats {
            pot = pot.zip(s.bet).map(|(p, b)| p + b);
        }
        self.state.pot = pot;
    }

    /// `w`'s chips leave the pot for the player's stack.
    fn pay(&mut self, w: &Win) {
        self.state.pot = self.state.pot.map(|p| p.saturating_sub(w.amount));
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
            self.pot_from_bets();
        }
    }

    /// The next street and its cards (those the capture shows): the bets
    /// stay in the pot, in front of nobody.
    fn deal(&mut self, h: &Hand) {
        self.pot_from_bets();
        self.collected = self.state.pot;
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
        t.frame = None;
        t.to_act = None;
        t.event = if cards.is_empty() {
            format!("{} (the capture does not show the board)", t.street.name())
        } else {
            format!("{}: {}", t.street.name(), cards_text(cards))
        };
    }
}

/// The start of `h` for people: `hand 0:3 starts: blinds 10/20, the
/// client's cards Ah Kd`.
fn start_text(h: &Hand) -> String {
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

/// Cards for people: `Ah Kd`.
fn cards_text(cards: &[Card]) -> String {
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
/// folded, all in, to act, what the result gave), then the pot and the
/// board.
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
        if t.to_act == Some(s.player) {
            flags.push_str("  ← to act");
        }
        let stack = s.stack.map_or("?".into(), |x| x.to_string());
        let bet = s.bet.map_or("?".into(), |x| x.to_string());
        o.push_str(&format!(
            "  seat {:>2}  {:<16} {cards}  stack {stack:>7}  bet {bet:>6}{flags}\n",
            s.seat, s.name
        ));
    }
    o.push_str(&format!(
        "  pot {}  board [{}]{}\n",
        t.pot.map_or("?".into(), |x| x.to_string()),
        cards_text(&t.board),
        if t.complete {
            ""
        } else {
            "  (incomplete hand)"
        }
    ));
    o
}
