//! Partial hands from PokerTH records of the `pokerth-2007` dialect (seed
//! 002, the 2007-05 development snapshot).
//!
//! That dialect tells a client only who joined (player id, player number,
//! name), the stakes and the start cash (Join Game Ack), its own hole cards
//! (Game Start, which starts each hand), whose turn it is on which street
//! (Player's Turn), its own actions (Player's Action, which it sends) and
//! their rejections (Player's Action Rejected), players leaving, and
//! errors. It never tells the other players' actions, an amount the server
//! counted, the board or the result. Every hand is therefore partial
//! (`complete: false`, with a note of kind [`NoteKind::Incomplete`] saying
//! why: [`PARTIAL`]) and holds what the dialect carries, nothing guessed:
//!
//! - the number: the hand's position on the stream, from 1, and the same as
//!   `server_number` (the dialect numbers no hands); no table id or name
//!   (one game per server); no limit;
//! - the seats: every player who joined and has not left when the hand
//!   starts, seat = player number + 1 (the table size is Join Game Ack's
//!   number of players); the hero is Join Game Ack's player id, named as
//!   the client's Join Game names it;
//! - the stacks: Join Game Ack's start cash, for the game's first hand only
//!   (after it nothing tells them);
//! - the stakes: Join Game Ack's small blind, and a big blind twice it (the
//!   dialect sends only the small blind; PokerTH always made the big blind
//!   twice the small one), for the first "hands before raise" hands of the
//!   game only (after them the blinds rose, and the dialect does not say
//!   how);
//! - the hero's hole cards;
//! - every Player's Turn, as a [`Turn`] (the streets the hand reached and
//!   the turn order);
//! - the hero's actions: every Player's Action the client sent that the
//!   server did not refuse. A Player's Action Rejected (matched by the
//!   game state, action and cash value it echoes) cancels the action it
//!   answers, and an Error cancels the last one not answered yet (the
//!   server's reply to it); either leaves a note of kind
//!   [`NoteKind::Info`] with the reason. Any other server message answers
//!   the actions sent before it: they stand.
//!
//! Amounts. The cash value of a bet or raise is the chips the action adds
//! to the player's bet on the street, not the street total: PokerTH's
//! server code of 2007 hands the action's bet to
//! `PlayerInterface::setMySet`, which adds it to the player's bet (and
//! takes it from the cash), and the later dialect (seed 000) names the
//! same field "Player Bet (relative)". (The capture cannot tell the two
//! readings apart: its flop bet of 40 opens the street, and its rejected
//! bet of 5 is below the big blind of 20 either way.) An action's amounts
//! are known ([`Action::amount_known`]) when the hero's bet on the street
//! before it is: 0 at his first action after the flop, the total of his
//! bets and raises on the street after that; never before the flop (he may
//! have posted a blind the dialect does not show) nor after a call or all
//! in. A call and an all in carry no amount; a bet or raise whose street
//! total is unknown keeps its cash value in `added`. An all in is a bet
//! when nobody can have bet before it (the hero's first action after the
//! flop, with no other player's turn on the street before it); otherwise
//! the dialect does not say whether it calls or raises: it is listed as a
//! raise, with a note saying so.
//!
//! A hand ends at the next Game Start, at an Error (the 2007 client gave up
//! at any Error; a Game Start after one starts the next hand of the same
//! game), at a new Join Game Ack, or at the stream's end. Gaps and
//! undecodable data ([`Builder::trouble`]) add their own incomplete notes.

use super::model::*;
use crate::decode::Record;
use crate::protocols::cards::Card;
use crate::protocols::pokerth::messages::{
    Error2007, GameStart2007, GameState2007, JoinGameAck2007, Message, PlayerAction2007,
    PlayersAction2007, PlayersActionRejected2007, PlayersTurn2007,
};
use crate::protocols::ProtocolId;
use crate::reassembly::Direction;

/// Why every `pokerth-2007` hand is incomplete (its note's text).
pub const PARTIAL: &str = "the pokerth-2007 dialect tells a client only its own cards and \
     actions and whose turn it is: the other players' actions, the amounts, the board and \
     the result are not in the capture";

/// A player who joined.
struct Player {
    id: u64,
    number: u16,
    name: String,
}

/// What Join Game Ack told about the game.
struct Game {
    hero: u64,
    small_blind: u64,
    hands_before_raise: u64,
    start_cash: u64,
    table_size: u32,
    /// Hands started in this game.
    hands: u64,
}

/// A Player's Action the client sent during a hand.
struct Sent {
    frame: u64,
    street: Street,
    action: PlayerAction2007,
    cash: u32,
    /// Nobody can have bet before it on its street: after the flop, the
    /// hero's first action there, with no other player's turn before it.
    opens: bool,
    expected: Option<u64>,
    /// Refused by the server.
    cancelled: bool,
}

/// A hand being built.
struct Open {
    hand: Hand,
    /// The furthest street the server named.
    street: Street,
    sent: Vec<Sent>,
    /// Indices in `sent` of the actions the server has not answered yet.
    pending: Vec<usize>,
    /// Who the server last said was to act.
    expected: Option<u64>,
}

/// Builds the partial hands of one `pokerth-2007` stream.
pub struct Builder {
    stream: u64,
    /// The name the client sent in Join Game.
    hero_name: Option<String>,
    /// Who joined and has not left, in order of joining.
    players: Vec<Player>,
    game: Option<Game>,
    /// Hands started on the stream: the hand number.
    hands_on_stream: u64,
    open: Option<Open>,
}

fn street_of(s: GameState2007) -> Option<Street> {
    match s.0 {
        0 => Some(Street::Preflop),
        1 => Some(Street::Flop),
        2 => Some(Street::Turn),
        3 => Some(Street::River),
        _ => None,
    }
}

/// The client's player for people: its name, or `the client` when Join
/// Game Ack was not captured.
fn client(game: &Option<Game>, h: &Hand) -> String {
    game.as_ref()
        .map_or_else(|| "the client".to_string(), |g| h.name(g.hero))
}

/// `cash_value_too_small` as `cash value too small`.
fn words(name: impl ToString) -> String {
    name.to_string().replace('_', " ")
}

/// An action as the client sent it: `bet 40`, `call`.
fn sent_text(action: PlayerAction2007, cash: u32) -> String {
    match action.0 {
        4 | 5 => format!("{} {cash}", words(action)),
        _ => words(action),
    }
}

impl Builder {
    /// A builder for stream `stream`.
    pub fn new(stream: u64) -> Builder {
        Builder {
            stream,
            hero_name: None,
            players: Vec::new(),
            game: None,
            hands_on_stream: 0,
            open: None,
        }
    }

    /// Something went wrong on the stream at `frame` (a gap, undecodable
    /// bytes, in either direction): the hand in play, if any, gets a note
    /// saying so.
    pub fn trouble(&mut self, frame: u64, _dir: Direction, why: String) {
        if let Some(o) = &mut self.open {
            o.hand.incomplete(frame, why);
        }
    }

    /// The stream ended: the hand in play, if any, ends.
    pub fn end(&mut self) -> Option<Hand> {
        if let Some(o) = &mut self.open {
            let at = o.hand.last_frame;
            o.hand.incomplete(
                at,
                "the capture ends before another Game Start: where the hand ended is not known",
            );
        }
        self.close()
    }

    /// The hand in play so far (not settled yet), if any.
    pub fn current(&self) -> Option<&Hand> {
        self.open.as_ref().map(|o| &o.hand)
    }

    /// Takes one message; returns a hand when it ends one.
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<Hand> {
        let frame = r.frame;
        let done = match m {
            Message::JoinGame2007(j) => {
                self.hero_name = Some(j.name.clone());
                None
            }
            Message::JoinGameAck2007(a) => {
                let done = self.close();
                self.join(a);
                done
            }
            Message::PlayerJoined2007(p) => {
                let id = u64::from(p.player_id);
                self.players.retain(|x| x.id != id);
                self.players.push(Player {
                    id,
                    number: p.player_number,
                    name: p.name.clone(),
                });
                None
            }
            Message::PlayerLeft2007(p) => {
                let id = u64::from(p.player_id);
                self.players.retain(|x| x.id != id);
                if let Some(o) = &mut self.open {
                    if o.hand.seat(id).is_some() {
                        let who = o.hand.name(id);
                        o.hand.note(frame, format!("{who} left the game"));
                    }
                }
                None
            }
            Message::GameStart2007(g) => {
                let done = self.close();
                self.start(r, g);
                done
            }
            Message::PlayersTurn2007(t) => {
                self.turn(frame, t);
                None
            }
            Message::PlayersAction2007(a) => {
                self.sent(frame, a);
                None
            }
            Message::PlayersActionRejected2007(x) => {
                self.rejected(frame, x);
                None
            }
            Message::Error2007(e) => self.error(frame, e),
            _ => None,
        };
        if let Some(o) = &mut self.open {
            if r.dir == Direction::S2C {
                // The server has answered what the client sent before.
                o.pending.clear();
            }
            o.hand.last_frame = frame;
        }
        done
    }

    fn join(&mut self, a: &JoinGameAck2007) {
        let hero = u64::from(a.your_player_id);
        self.players = vec![Player {
            id: hero,
            number: a.your_player_number,
            name: self.hero_name.clone().unwrap_or_default(),
        }];
        self.game = Some(Game {
            hero,
            small_blind: u64::from(a.small_blind),
            hands_before_raise: u64::from(a.hands_before_raise),
            start_cash: u64::from(a.start_cash),
            table_size: u32::from(a.number_of_players),
            hands: 0,
        });
    }

    fn start(&mut self, r: &Record, g: &GameStart2007) {
        self.hands_on_stream += 1;
        let mut hand = Hand::new(
            ProtocolId::PokerTh,
            self.stream,
            self.hands_on_stream,
            r.frame,
            r.ts,
        );
        hand.incomplete(r.frame, PARTIAL);
        let cards = match (g.your_1st_card.card(), g.your_2nd_card.card()) {
            (Some(a), Some(b)) => Some([a, b]),
            _ => {
                hand.note(
                    r.frame,
                    format!(
                        "the client's cards {} and {} are no cards",
                        g.your_1st_card, g.your_2nd_card
                    ),
                );
                None
            }
        };
        match &mut self.game {
            Some(game) => {
                game.hands += 1;
                hand.hero = Some(game.hero);
                hand.table_size = Some(game.table_size);
                if game.hands == 1 || game.hands <= game.hands_before_raise {
                    hand.small_blind = Some(game.small_blind);
                    hand.big_blind = Some(2 * game.small_blind);
                }
                let mut players: Vec<&Player> = self.players.iter().collect();
                players.sort_by_key(|p| p.number);
                for p in players {
                    let name = (!p.name.is_empty()).then(|| p.name.clone());
                    hand.seats.push(Seat {
                        stack: (game.hands == 1).then_some(game.start_cash),
                        cards: (p.id == game.hero).then_some(cards).flatten(),
                        ..Seat::new(u32::from(p.number) + 1, p.id, name)
                    });
                }
            }
            None => {
                let mine = cards.map_or(String::new(), |c: [Card; 2]| {
                    format!(" (the client's cards: {} {})", c[0], c[1])
                });
                hand.note(
                    r.frame,
                    format!(
                        "no Join Game Ack in the capture: the players, the client's \
                         player id and the stakes are not known{mine}"
                    ),
                );
            }
        }
        self.open = Some(Open {
            hand,
            street: Street::Preflop,
            sent: Vec::new(),
            pending: Vec::new(),
            expected: None,
        });
    }

    fn turn(&mut self, frame: u64, t: &PlayersTurn2007) {
        let Some(o) = &mut self.open else {
            return;
        };
        let player = u64::from(t.player_id);
        let Some(street) = street_of(t.game_state) else {
            o.hand.note(
                frame,
                format!("turn in unknown game state {}", t.game_state),
            );
            return;
        };
        if street < o.street {
            o.hand.note(
                frame,
                format!(
                    "{} to act on the {} while the hand is on the {}",
                    o.hand.name(player),
                    street.name(),
                    o.street.name()
                ),
            );
        }
        if self.game.is_some() && o.hand.seat(player).is_none() {
            o.hand.note(
                frame,
                format!("{} is to act but was not dealt in", o.hand.name(player)),
            );
        }
        o.street = o.street.max(street);
        o.expected = Some(player);
        o.hand.turns.push(Turn {
            frame,
            street,
            player,
        });
    }

    fn sent(&mut self, frame: u64, a: &PlayersAction2007) {
        let Some(o) = &mut self.open else {
            return;
        };
        let what = sent_text(a.player_action, a.cash_value);
        let Some(hero) = self.game.as_ref().map(|g| g.hero) else {
            o.hand.note(
                frame,
                format!("the client sends {what}, but its player id is not known"),
            );
            return;
        };
        let Some(street) = street_of(a.game_state) else {
            o.hand.note(
                frame,
                format!("{what} in unknown game state {}", a.game_state),
            );
            return;
        };
        if !(1..=6).contains(&a.player_action.0) {
            o.hand
                .note(frame, format!("action '{what}' not understood"));
            return;
        }
        if street != o.street {
            o.hand.note(
                frame,
                format!(
                    "{} sends {what} on the {} while the hand is on the {}",
                    o.hand.name(hero),
                    street.name(),
                    o.street.name()
                ),
            );
        }
        let opens = street != Street::Preflop
            && !(o.hand.turns.iter()).any(|t| t.street == street && t.player != hero)
            && !(o.sent.iter()).any(|s| !s.cancelled && s.street == street);
        o.pending.push(o.sent.len());
        o.sent.push(Sent {
            frame,
            street,
            action: a.player_action,
            cash: a.cash_value,
            opens,
            expected: o.expected.take(),
            cancelled: false,
        });
    }

    fn rejected(&mut self, frame: u64, x: &PlayersActionRejected2007) {
        let Some(o) = &mut self.open else {
            return;
        };
        let what = sent_text(x.player_action, x.cash_value);
        let at = (o.pending.iter().rev()).find(|&&i| {
            let s = &o.sent[i];
            street_of(x.game_state) == Some(s.street)
                && s.action == x.player_action
                && s.cash == x.cash_value
        });
        let reason = words(x.rejection_reason);
        match at {
            Some(&i) => {
                o.sent[i].cancelled = true;
                // Still the client's turn: its next action answers it.
                o.expected = o.expected.or(o.sent[i].expected);
                let who = client(&self.game, &o.hand);
                o.hand.note(
                    frame,
                    format!(
                        "the server rejects {who}'s {what} ({}): {reason}; left out",
                        x.game_state
                    ),
                );
            }
            None => o.hand.note(
                frame,
                format!(
                    "the server rejects {what} ({}): {reason}, an action the capture does not show being sent",
                    x.game_state
                ),
            ),
        }
    }

    fn error(&mut self, frame: u64, e: &Error2007) -> Option<Hand> {
        let o = self.open.as_mut()?;
        let reason = words(e.error_reason);
        if let Some(&i) = o.pending.last() {
            let s = &mut o.sent[i];
            s.cancelled = true;
            let what = sent_text(s.action, s.cash);
            let street = s.street.name();
            let who = client(&self.game, &o.hand);
            o.hand.note(
                frame,
                format!(
                    "the server answers {who}'s {what} ({street}) with Error {reason}; left out"
                ),
            );
        }
        o.hand.incomplete(
            frame,
            format!("the server sends Error {reason}: the hand ends here"),
        );
        o.hand.last_frame = frame;
        self.close()
    }

    /// Closes the open hand: its actions are the client's that stand.
    fn close(&mut self) -> Option<Hand> {
        let mut o = self.open.take()?;
        if let Some(hero) = self.game.as_ref().map(|g| g.hero) {
            actions(&mut o, hero);
        }
        let h = &mut o.hand;
        h.complete = false;
        h.notes.sort_by_key(|n| n.frame);
        Some(o.hand)
    }
}

/// The hero's actions that stand, with the amounts the dialect tells.
fn actions(o: &mut Open, hero: u64) {
    let mut street = None;
    // The hero's bet on the street so far, when known.
    let mut bet: Option<u64> = None;
    for s in o.sent.iter().filter(|s| !s.cancelled) {
        if street != Some(s.street) {
            street = Some(s.street);
            bet = (s.street != Street::Preflop).then_some(0);
        }
        let cash = u64::from(s.cash);
        let (kind, added, total, all_in) = match s.action.0 {
            1 => (ActionKind::Fold, Some(0), bet, false),
            2 => (ActionKind::Check, Some(0), bet, false),
            3 => (ActionKind::Call, None, None, false),
            4 => (ActionKind::Bet, Some(cash), bet.map(|b| b + cash), false),
            5 => (ActionKind::Raise, Some(cash), bet.map(|b| b + cash), false),
            _ if s.opens => (ActionKind::Bet, None, None, true),
            _ => {
                let who = o.hand.name(hero);
                o.hand.note(
                    s.frame,
                    format!(
                        "{who} goes all in on the {}: the dialect does not tell whether \
                         that calls or raises; it is listed as a raise",
                        s.street.name()
                    ),
                );
                (ActionKind::Raise, None, None, true)
            }
        };
        bet = total;
        let known = added.is_some() && total.is_some();
        o.hand.actions.push(Action {
            frame: s.frame,
            street: s.street,
            player: hero,
            kind,
            added: added.unwrap_or(0),
            total: if known { total.unwrap_or(0) } else { 0 },
            all_in,
            reported_stack: None,
            reported_at: None,
            expected: s.expected,
            amount_known: known,
        });
    }
}

#[cfg(test)]
mod tests;
