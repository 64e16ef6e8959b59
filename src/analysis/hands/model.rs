//! The hand model both poker protocols are rebuilt into.
//!
//! Amounts are chips as the server counts them. Nothing in a [`Hand`] is
//! guessed: a value the capture does not tell is `None` (or absent from a
//! list), and a hand the capture does not hold whole is `complete: false`
//! with a [`Note`] saying why.

use crate::capture::Timestamp;
use crate::protocols::cards::Card;
use crate::protocols::ProtocolId;
use serde::Serialize;

/// One poker hand as the capture shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Hand {
    /// Which protocol the hand was played over.
    #[serde(serialize_with = "ser_protocol")]
    pub protocol: ProtocolId,
    /// The protocol's dialect on the stream (`pokerth-2007`, ...), when
    /// known: the collector sets it from the stream's messages.
    pub dialect: Option<crate::protocols::Dialect>,
    /// What carried the stream's messages (the collector sets it): tables
    /// name the hand's protocol by it too (`websocket/pokerth-1`).
    #[serde(skip)]
    pub transport: crate::transport::Transport,
    /// The TCP stream (as `decode` and `inspect` number them).
    pub stream: u64,
    /// The connection's client and server (the collector sets them): what
    /// names the stream in any capture of it.
    #[serde(skip)]
    pub endpoints: Option<(std::net::SocketAddr, std::net::SocketAddr)>,
    /// The game (PokerTH) or table (poker-network) id, when known.
    pub table: Option<u64>,
    /// The table's name, when the capture tells it.
    pub table_name: Option<String>,
    /// The hand's number on its stream, unique there (the `HAND` of the id
    /// `STREAM:HAND`): poker-network's hand serial; for PokerTH, whose
    /// protocol numbers no hands, the hand's position on the stream, from 1
    /// (across games: a client that plays two games has no two hands 1).
    pub number: u64,
    /// The server's own hand number: poker-network's hand serial; for
    /// PokerTH the hand's position in its game, from 1. `None` when the
    /// capture does not tell it (the hand's start, or its game's, is not
    /// in the capture).
    pub server_number: Option<u64>,
    /// When the hand started (the frame that started it).
    #[serde(serialize_with = "ser_ts")]
    pub ts: Timestamp,
    /// The frame that started the hand.
    pub first_frame: u64,
    /// The last frame of the hand that was seen.
    pub last_frame: u64,
    /// The key ([`Record::order`](crate::decode::Record)) of the record
    /// that completed the hand: its place in capture order among the
    /// pipeline's output (set by the collector).
    #[serde(skip)]
    pub ended_at: u64,
    /// The betting structure.
    pub limit: Limit,
    /// Seats at the table, when known.
    pub table_size: Option<u32>,
    /// The seat number (1-based) of the button, when known.
    pub button: Option<u32>,
    /// The players dealt in, by seat.
    pub seats: Vec<Seat>,
    /// The player the capture's client is (whose hole cards it sees).
    pub hero: Option<u64>,
    /// The small blind of the hand's stakes.
    pub small_blind: Option<u64>,
    /// The big blind of the hand's stakes.
    pub big_blind: Option<u64>,
    /// The ante, when there is one.
    pub ante: Option<u64>,
    /// The board: up to five cards, flop first.
    pub board: Vec<Card>,
    /// Every action, in order (blinds and antes first).
    pub actions: Vec<Action>,
    /// Hole cards shown (at an all-in or at the showdown), in order.
    pub shown: Vec<Shown>,
    /// The pots: the main pot first, then side pots (only for a complete
    /// hand: computed from the contributions).
    pub pots: Vec<Pot>,
    /// What each winner won (uncalled chips returned are not winnings).
    pub winners: Vec<Win>,
    /// Uncalled chips given back.
    pub returned: Vec<Win>,
    /// Chips the server took as rake, when it said so.
    pub rake: Option<u64>,
    /// How the protocol's bet amounts were read, and why (poker-network,
    /// whose `PacketPokerRaise.amount` means different things in different
    /// server releases); `None` where the protocol leaves no doubt.
    pub bet_reading: Option<BetReading>,
    /// True when the capture holds the whole hand, start to result.
    pub complete: bool,
    /// What a reader should know: gaps, check violations, odd values.
    pub notes: Vec<Note>,
    /// Whose turn the server said it was, in order: the turn order of a
    /// hand whose dialect tells turns but not every action
    /// (`pokerth-2007`); empty for the other dialects, whose actions tell
    /// it.
    pub turns: Vec<Turn>,
    /// Whose turn the server said it was, in every dialect that says so
    /// (PokerTH's Players Turn, poker-network's `PacketPokerPosition`), in
    /// order: the table's "to act" ([`super::table`]). Not part of the
    /// hand's JSON: its actions tell the same.
    #[serde(skip)]
    pub prompts: Vec<Turn>,
    /// When each street's board was dealt, in order (the dialects that
    /// deal the board in messages of their own): where a table steps to
    /// the next street. Not part of the hand's JSON.
    #[serde(skip)]
    pub deals: Vec<Deal>,
    /// The views the hand was joined from (`join.rs`), in the order they
    /// started: what each captured client saw. Empty for a hand as one
    /// stream's builder made it, before any join.
    #[serde(skip)]
    pub views: Vec<View>,
    /// True for the hand the join made of its views (every card any of
    /// them saw); false for a view as its stream rebuilt it.
    #[serde(skip)]
    pub joined: bool,
}

/// What one captured client saw of a hand: one connection's rebuilding of
/// it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The view's id, `STREAM:HAND` (its hand's number on its stream).
    pub id: String,
    /// The TCP stream.
    pub stream: u64,
    /// The hand's number on that stream.
    pub number: u64,
    /// The connection's client (address and port), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client: Option<std::net::SocketAddr>,
    /// The player the client is, when the capture tells it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hero: Option<u64>,
    /// When the hand started on this stream.
    #[serde(skip)]
    pub ts: Timestamp,
    /// The frame that started the hand on this stream.
    pub first_frame: u64,
    /// The last frame of the hand on this stream.
    pub last_frame: u64,
    /// The stream holds the whole hand.
    pub complete: bool,
}

/// A street's board cards dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deal {
    /// The frame of the message that dealt them.
    pub frame: u64,
    /// The street they open.
    pub street: Street,
}

fn ser_ts<S: serde::Serializer>(t: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(t)
}

fn ser_protocol<S: serde::Serializer>(p: &ProtocolId, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.name())
}

/// The betting structure of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// No limit.
    NoLimit,
    /// Pot limit.
    PotLimit,
    /// Fixed limit.
    FixedLimit,
}

/// A player dealt into the hand.
#[derive(Debug, Clone, Serialize)]
pub struct Seat {
    /// Seat number, from 1.
    pub seat: u32,
    /// The server's player id (serial).
    pub player: u64,
    /// The name, when the capture tells it.
    pub name: Option<String>,
    /// Chips at the start of the hand, when known.
    pub stack: Option<u64>,
    /// Chips at the end of the hand, as the server reported them.
    pub final_stack: Option<u64>,
    /// The hole cards, when the capture shows them (the hero's, or shown).
    pub cards: Option<[Card; 2]>,
}

impl Seat {
    /// `player` in seat `seat`, named if the capture tells it; stacks and
    /// cards not known yet.
    pub fn new(seat: u32, player: u64, name: Option<String>) -> Seat {
        Seat {
            seat,
            player,
            name,
            stack: None,
            final_stack: None,
            cards: None,
        }
    }

    /// The name, or `Player N` when the capture does not tell it.
    pub fn display_name(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| format!("Player {}", self.player))
    }
}

/// A betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Street {
    /// Before the flop (blinds and antes included).
    Preflop,
    /// After the flop.
    Flop,
    /// After the turn.
    Turn,
    /// After the river.
    River,
}

impl Street {
    /// The street's name for people: `preflop`, `flop`, `turn`, `river`.
    pub fn name(self) -> &'static str {
        match self {
            Street::Preflop => "preflop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        }
    }

    /// How many board cards are out during this street.
    pub fn board_len(self) -> usize {
        match self {
            Street::Preflop => 0,
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
        }
    }

    /// The street with `n` board cards out.
    pub fn from_board_len(n: usize) -> Street {
        match n {
            0..=2 => Street::Preflop,
            3 => Street::Flop,
            4 => Street::Turn,
            _ => Street::River,
        }
    }
}

/// What a player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// Posts an ante.
    Ante,
    /// Posts the small blind.
    SmallBlind,
    /// Posts the big blind.
    BigBlind,
    /// Folds.
    Fold,
    /// Checks.
    Check,
    /// Calls.
    Call,
    /// Bets (nobody had bet on the street).
    Bet,
    /// Raises.
    Raise,
}

/// One action.
#[derive(Debug, Clone, Serialize)]
pub struct Action {
    /// The frame of the message that showed it.
    pub frame: u64,
    /// The betting round.
    pub street: Street,
    /// Who acted.
    pub player: u64,
    /// What they did.
    pub kind: ActionKind,
    /// Chips the action added to the pot.
    pub added: u64,
    /// The player's total bet on this street after it.
    pub total: u64,
    /// The action put the player all in.
    pub all_in: bool,
    /// The stack the server reported after it, when it did.
    pub reported_stack: Option<u64>,
    /// The frame of that report.
    pub reported_at: Option<u64>,
    /// The player the server had said was to act, when it had.
    pub expected: Option<u64>,
    /// True when `added` and `total` are the chips the server counted
    /// (every action of the `pokerth` and `pokernetwork` builders). False
    /// when the capture does not tell them (`pokerth-2007`, which carries
    /// only the client's own actions: a call or an all in, whose amount the
    /// client does not send; a bet or raise whose street total is unknown
    /// because what the player had in before, a blind or a call, is not in
    /// the capture): `total` is then 0, and so is `added`, except for a bet
    /// or raise, which keeps there the chips it adds (the cash value the
    /// client sent). Never sum or compare the amounts of such an action as
    /// if they were the server's.
    pub amount_known: bool,
}

/// The server saying whose turn it is (`pokerth-2007`'s Player's Turn).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The frame of the message that said so.
    pub frame: u64,
    /// The betting round the server gave.
    pub street: Street,
    /// The player to act.
    pub player: u64,
}

/// Hole cards shown.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    /// The frame that showed them.
    pub frame: u64,
    /// Whose.
    pub player: u64,
    /// The cards.
    pub cards: [Card; 2],
    /// The hand they make with the board: its best five cards and its
    /// name in PokerStars' words (`a pair of Aces`), once the hand is
    /// settled ([`super::settle_and_check`], [`Hand::describe_shown`]).
    pub made: Option<super::made::Made>,
}

/// A pot: its chips and who may win it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pot {
    /// Chips in it.
    pub amount: u64,
    /// The players still in the hand who contributed to it.
    pub eligible: Vec<u64>,
}

/// A pot with what each winner took from it: [`Hand::pot_wins`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PotWins {
    /// Chips in the pot (rake included).
    pub amount: u64,
    /// `(player, chips)` won from it.
    pub wins: Vec<(u64, u64)>,
    /// The rake taken from it.
    pub rake: u64,
}

/// Chips a player received at the end of the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Win {
    /// The frame that said so.
    pub frame: u64,
    /// Who.
    pub player: u64,
    /// How many chips.
    pub amount: u64,
    /// From which pot (0 = main), when the server says.
    pub pot: Option<usize>,
}

/// An annotation, with the frame of the message that showed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The frame.
    pub frame: u64,
    /// What kind of note.
    pub kind: NoteKind,
    /// What.
    pub text: String,
}

/// What a [`Note`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// Why the hand is incomplete: a gap, undecodable bytes, the capture's
    /// start or end, a connection closing, a dialect that tells only part.
    Incomplete,
    /// A check found the server or the capture at odds with the rules or
    /// with itself (chips not conserved, stacks that differ, out of turn).
    Check,
    /// Anything else a reader should know.
    Info,
}

/// What `PacketPokerRaise.amount` means on a poker-network stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RaiseAmount {
    /// The chips the action moves from the player's money into his bet,
    /// the call included (pokerengine up to its 1.x/2.x line).
    ChipsMoved,
    /// The player's total bet on the street after the raise (later
    /// pokerengine releases).
    RaiseTo,
}

/// How a stream's bet amounts were read, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BetReading {
    /// The reading of `PacketPokerRaise.amount`.
    pub raise_amount: RaiseAmount,
    /// Why: which chip reports decided it, or that none did.
    pub why: String,
}

#[cfg(test)]
impl Action {
    /// A preflop action of `player` at `frame` that puts in `added`, his
    /// street total, amounts known and nothing reported: the tests' action.
    pub(crate) fn sample(frame: u64, player: u64, kind: ActionKind, added: u64) -> Action {
        Action {
            frame,
            street: Street::Preflop,
            player,
            kind,
            added,
            total: added,
            all_in: false,
            reported_stack: None,
            reported_at: None,
            expected: None,
            amount_known: true,
        }
    }
}

impl Action {
    /// An action as a PokerTH server reports it: the chips the player added
    /// and his total on the street, and his money after it (the stack the
    /// server vouches for, at `frame`). A fold adds nothing and is never
    /// all-in.
    #[allow(clippy::too_many_arguments)]
    pub fn reported(
        frame: u64,
        street: Street,
        player: u64,
        kind: ActionKind,
        added: u64,
        total: u64,
        money: u64,
        expected: Option<u64>,
    ) -> Action {
        Action {
            frame,
            street,
            player,
            kind,
            added,
            total,
            all_in: money == 0 && kind != ActionKind::Fold,
            reported_stack: Some(money),
            reported_at: Some(frame),
            expected,
            amount_known: true,
        }
    }
}

impl Hand {
    /// What the hand holds on the heap, about (its lists and texts): with
    /// `size_of::<Hand>()`, what a hand waiting to be written weighs.
    pub fn heap_bytes(&self) -> usize {
        fn list<T>(v: &[T]) -> usize {
            std::mem::size_of_val(v)
        }
        let names: usize = (self.seats.iter())
            .map(|s| s.name.as_ref().map_or(0, String::len))
            .sum();
        let notes: usize = self.notes.iter().map(|n| n.text.len()).sum();
        let pots: usize = self.pots.iter().map(|p| list(&p.eligible)).sum();
        list(&self.seats)
            + names
            + list(&self.board)
            + list(&self.actions)
            + list(&self.shown)
            + list(&self.pots)
            + pots
            + list(&self.winners)
            + list(&self.returned)
            + list(&self.notes)
            + notes
            + list(&self.turns)
            + list(&self.prompts)
            + list(&self.deals)
            + list(&self.views)
            + self.views.iter().map(|v| v.id.len()).sum::<usize>()
            + self.table_name.as_ref().map_or(0, String::len)
    }

    /// The hand's protocol as tables name it (`pokerth-2007`,
    /// `websocket/pokerth-1`).
    pub fn label(&self) -> crate::decode::label::Label {
        crate::decode::label::Label::new(Some(self.protocol), self.dialect, self.transport)
    }

    /// An empty hand of `protocol` on `stream`, started at `frame`.
    pub fn new(protocol: ProtocolId, stream: u64, number: u64, frame: u64, ts: Timestamp) -> Hand {
        Hand {
            protocol,
            dialect: None,
            transport: crate::transport::Transport::Tcp,
            stream,
            endpoints: None,
            table: None,
            table_name: None,
            number,
            server_number: Some(number),
            ts,
            first_frame: frame,
            last_frame: frame,
            ended_at: 0,
            limit: Limit::NoLimit,
            table_size: None,
            button: None,
            seats: Vec::new(),
            hero: None,
            small_blind: None,
            big_blind: None,
            ante: None,
            board: Vec::new(),
            actions: Vec::new(),
            shown: Vec::new(),
            pots: Vec::new(),
            winners: Vec::new(),
            returned: Vec::new(),
            rake: None,
            bet_reading: None,
            complete: false,
            notes: Vec::new(),
            turns: Vec::new(),
            prompts: Vec::new(),
            deals: Vec::new(),
            views: Vec::new(),
            joined: false,
        }
    }

    /// The seat after the highest taken: where a player the capture does
    /// not seat is numbered, in order of appearance.
    pub fn next_seat(&self) -> u32 {
        self.seats.iter().map(|s| s.seat).max().unwrap_or(0) + 1
    }

    /// The seat of `player`.
    pub fn seat(&self, player: u64) -> Option<&Seat> {
        self.seats.iter().find(|s| s.player == player)
    }

    /// The seat of `player`, to change.
    pub fn seat_mut(&mut self, player: u64) -> Option<&mut Seat> {
        self.seats.iter_mut().find(|s| s.player == player)
    }

    /// The name of `player` for people.
    pub fn name(&self, player: u64) -> String {
        self.seat(player)
            .map_or_else(|| format!("Player {player}"), Seat::display_name)
    }

    /// Adds a note of kind [`NoteKind::Info`].
    pub fn note(&mut self, frame: u64, text: impl Into<String>) {
        self.notes.push(Note {
            frame,
            kind: NoteKind::Info,
            text: text.into(),
        });
    }

    /// Adds a note of kind [`NoteKind::Check`]: the server or the capture
    /// at odds with the rules or with itself.
    pub fn flag(&mut self, frame: u64, text: impl Into<String>) {
        self.notes.push(Note {
            frame,
            kind: NoteKind::Check,
            text: text.into(),
        });
    }

    /// Closes a hand rebuilt from a server's reports, at `frame` (the end
    /// of the stream when `None`): incomplete unless its end (`ended`) was
    /// seen and nothing went wrong (`troubled`); players who never acted,
    /// won or showed were not dealt in; a final stack the result did not
    /// give is the last one the server reported.
    pub fn close_reported(
        &mut self,
        ended: bool,
        troubled: bool,
        frame: Option<u64>,
        winners: impl Iterator<Item = u64>,
    ) {
        if !ended {
            let at = frame.unwrap_or(self.last_frame);
            self.incomplete(
                at,
                "the capture does not show the hand's end: it is incomplete",
            );
        }
        self.complete = ended && !troubled;
        let seen: Vec<u64> = (self.actions.iter().map(|a| a.player))
            .chain(winners)
            .chain(self.shown.iter().map(|s| s.player))
            .collect();
        self.seats
            .retain(|s| seen.contains(&s.player) || s.final_stack.is_some());
        for i in 0..self.seats.len() {
            let p = self.seats[i].player;
            if self.seats[i].final_stack.is_none() {
                let last = self.actions.iter().rev().find(|a| a.player == p);
                self.seats[i].final_stack = last.and_then(|a| a.reported_stack);
            }
        }
    }

    /// Marks the hand incomplete, saying why (a note of kind
    /// [`NoteKind::Incomplete`]).
    pub fn incomplete(&mut self, frame: u64, why: impl Into<String>) {
        self.complete = false;
        self.notes.push(Note {
            frame,
            kind: NoteKind::Incomplete,
            text: why.into(),
        });
    }

    /// Why the hand is incomplete: the texts of its
    /// [`NoteKind::Incomplete`] notes.
    pub fn incomplete_reasons(&self) -> impl Iterator<Item = &str> {
        (self.notes.iter())
            .filter(|n| n.kind == NoteKind::Incomplete)
            .map(|n| n.text.as_str())
    }

    /// True when every action's amounts are the server's
    /// ([`Action::amount_known`]): only then are sums of `added`
    /// ([`Hand::contributions`], [`Hand::total_pot`]) the chips put in.
    pub fn amounts_known(&self) -> bool {
        self.actions.iter().all(|a| a.amount_known)
    }

    /// True when `player` folded.
    pub fn folded(&self, player: u64) -> bool {
        self.actions
            .iter()
            .any(|a| a.player == player && a.kind == ActionKind::Fold)
    }

    /// The board cards of `street` (the three of the flop, one after).
    pub fn street_cards(&self, street: Street) -> &[Card] {
        let (from, to) = match street {
            Street::Preflop => (0, 0),
            Street::Flop => (0, 3),
            Street::Turn => (3, 4),
            Street::River => (4, 5),
        };
        let n = self.board.len();
        &self.board[from.min(n)..to.min(n)]
    }

    /// Chips won in all (winnings, not returned chips).
    pub fn total_won(&self) -> u64 {
        self.winners.iter().map(|w| w.amount).sum()
    }
}
