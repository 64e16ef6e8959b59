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
use super::pokerth::street_name;
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
                    street_name(street),
                    street_name(o.street)
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
                    street_name(street),
                    street_name(o.street)
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
            let street = street_name(s.street);
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
                        street_name(s.street)
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
mod tests {
    use super::*;
    use crate::analysis::hands::{replay, HandCollector};
    use crate::capture::Timestamp;
    use crate::decode::{Body, RecordSink};
    use crate::protocols::pokerth::messages::{
        ErrorReason2007, JoinGame2007, PlayerFlags2007, PlayerJoined2007, PlayerLeft2007, PtCard,
        RejectionReason2007,
    };
    use crate::protocols::{Decoded, Fields};
    use crate::reassembly::{EndReason, GapReason};
    use std::net::SocketAddr;

    const C: Direction = Direction::C2S;
    const S: Direction = Direction::S2C;

    /// A stream's records, numbered from frame 1 in the order added.
    struct Script {
        records: Vec<Record>,
    }

    impl Script {
        fn new() -> Script {
            Script {
                records: Vec::new(),
            }
        }

        fn record(&mut self, dir: Direction, body: Body) -> u64 {
            let frame = self.records.len() as u64 + 1;
            let addr = SocketAddr::from(([10, 0, 0, 1], 7234));
            self.records.push(Record {
                frame,
                ts: Timestamp::default(),
                stream: 0,
                dir,
                src: addr,
                dst: addr,
                offset: 0,
                protocol: Some(ProtocolId::PokerTh),
                body,
            });
            frame
        }

        /// Adds a message; returns its frame.
        fn m(&mut self, dir: Direction, m: Message) -> u64 {
            let decoded = Decoded {
                type_name: m.type_name().into(),
                type_id: 0,
                fields: Fields::PokerTh(m),
                notes: Vec::new(),
                error: None,
            };
            let body = Body::Message {
                dialect: Some("pokerth-2007"),
                len: 8,
                decoded,
            };
            self.record(dir, body)
        }

        /// Alice (player 1, seat 1) joins a game of 3 (small blind 10,
        /// blinds up after 2 hands, 2000 each); Bob (2) and Computer 1 (3)
        /// join at numbers 1 and 2.
        fn join(&mut self) {
            self.m(
                C,
                Message::JoinGame2007(JoinGame2007 {
                    requested_version_major: 1,
                    requested_version_minor: 0,
                    requested_version: "1.0".into(),
                    password_length: 0,
                    player_flags: PlayerFlags2007(1),
                    name_length: 5,
                    password: String::new(),
                    name: "Alice".into(),
                }),
            );
            self.m(
                S,
                Message::JoinGameAck2007(JoinGameAck2007 {
                    your_session_id: 7,
                    your_player_id: 1,
                    your_player_number: 0,
                    number_of_players: 3,
                    small_blind: 10,
                    hands_before_raise: 2,
                    proposed_gui_speed: 4,
                    start_cash: 2000,
                }),
            );
            for (id, number, name) in [(2, 1, "Bob"), (3, 2, "Computer 1")] {
                self.m(
                    S,
                    Message::PlayerJoined2007(PlayerJoined2007 {
                        player_id: id,
                        player_number: number,
                        player_flags: PlayerFlags2007(u16::from(id == 2)),
                        name_length: name.len() as u16,
                        name: name.into(),
                    }),
                );
            }
        }

        fn start(&mut self, c1: u16, c2: u16) -> u64 {
            self.m(
                S,
                Message::GameStart2007(GameStart2007 {
                    your_1st_card: PtCard(c1),
                    your_2nd_card: PtCard(c2),
                }),
            )
        }

        fn turn(&mut self, state: u16, player: u16) -> u64 {
            self.m(
                S,
                Message::PlayersTurn2007(PlayersTurn2007 {
                    game_state: GameState2007(state),
                    player_id: player,
                }),
            )
        }

        fn act(&mut self, state: u16, action: u16, cash: u32) -> u64 {
            self.m(
                C,
                Message::PlayersAction2007(PlayersAction2007 {
                    game_state: GameState2007(state),
                    player_action: PlayerAction2007(action),
                    cash_value: cash,
                }),
            )
        }

        fn reject(&mut self, state: u16, action: u16, cash: u32, reason: u16) -> u64 {
            self.m(
                S,
                Message::PlayersActionRejected2007(PlayersActionRejected2007 {
                    game_state: GameState2007(state),
                    player_action: PlayerAction2007(action),
                    cash_value: cash,
                    rejection_reason: RejectionReason2007(reason),
                }),
            )
        }

        fn error(&mut self, reason: u16) -> u64 {
            self.m(
                S,
                Message::Error2007(Error2007 {
                    error_reason: ErrorReason2007(reason),
                }),
            )
        }

        fn left(&mut self, player: u16) -> u64 {
            self.m(
                S,
                Message::PlayerLeft2007(PlayerLeft2007 { player_id: player }),
            )
        }

        fn gap(&mut self) -> u64 {
            self.record(
                S,
                Body::Gap {
                    len: 8,
                    reason: GapReason::AckedUnseen,
                },
            )
        }

        fn end(&mut self) -> u64 {
            self.record(
                C,
                Body::StreamEnd {
                    reason: EndReason::Fin,
                },
            )
        }

        /// The hands, through the collector (which must pick this builder).
        fn hands(&self) -> Vec<Hand> {
            let mut c = HandCollector::new();
            for r in &self.records {
                c.record(r.clone());
            }
            c.finish()
        }
    }

    /// (frame, street, player, kind, added, total, amount known, all in).
    type Act = (u64, Street, u64, ActionKind, u64, u64, bool, bool);

    fn acts(h: &Hand) -> Vec<Act> {
        (h.actions.iter())
            .map(|a| {
                (
                    a.frame,
                    a.street,
                    a.player,
                    a.kind,
                    a.added,
                    a.total,
                    a.amount_known,
                    a.all_in,
                )
            })
            .collect()
    }

    fn notes(h: &Hand, kind: NoteKind) -> Vec<(u64, &str)> {
        (h.notes.iter())
            .filter(|n| n.kind == kind)
            .map(|n| (n.frame, n.text.as_str()))
            .collect()
    }

    use ActionKind::{Bet, Call, Check, Fold, Raise};
    use Street::{Flop, Preflop, River, Turn as TurnStreet};

    #[test]
    fn a_game_gives_partial_hands_with_what_the_dialect_carries() {
        let mut s = Script::new();
        s.join();
        // Hand 1: Alice has Ah Kd (25 = Ah, 11 = Kd).
        let start1 = s.start(25, 11);
        let t1 = s.turn(0, 2);
        let t2 = s.turn(0, 3);
        let t3 = s.turn(0, 1);
        let call = s.act(0, 3, 0);
        let t4 = s.turn(1, 2);
        let t5 = s.turn(1, 1);
        let small = s.act(1, 4, 5);
        let refused = s.reject(1, 4, 5, 9);
        let bet = s.act(1, 4, 40);
        let t6 = s.turn(1, 3);
        let t7 = s.turn(1, 2);
        let t8 = s.turn(1, 1);
        let raise = s.act(1, 5, 100);
        let t9 = s.turn(2, 1);
        let check = s.act(2, 2, 0);
        let t10 = s.turn(3, 2);
        let t11 = s.turn(3, 1);
        let fold = s.act(3, 1, 0);
        // Hand 2: Computer 1 leaves during it; Alice folds preflop.
        let start2 = s.start(0, 1);
        s.turn(0, 1);
        let fold2 = s.act(0, 1, 0);
        let left = s.left(3);
        // Hand 3: the blinds have gone up; Computer 1 is gone.
        s.start(2, 3);
        let last = s.turn(0, 2);
        s.end();

        let hands = s.hands();
        assert_eq!(hands.len(), 3);
        let h = &hands[0];
        assert_eq!(
            (h.number, h.server_number, h.id()),
            (1, Some(1), "0:1".into())
        );
        assert_eq!((h.first_frame, h.last_frame), (start1, fold));
        assert_eq!((h.table, &h.table_name), (None, &None));
        assert_eq!(h.limit, Limit::NoLimit);
        assert_eq!(h.table_size, Some(3));
        assert_eq!(h.hero, Some(1));
        assert_eq!((h.small_blind, h.big_blind), (Some(10), Some(20)));
        let seats: Vec<_> = (h.seats.iter())
            .map(|s| (s.seat, s.player, s.display_name(), s.stack, s.final_stack))
            .collect();
        assert_eq!(
            seats,
            [
                (1, 1, "Alice".into(), Some(2000), None),
                (2, 2, "Bob".into(), Some(2000), None),
                (3, 3, "Computer 1".into(), Some(2000), None),
            ]
        );
        let ah_kd = [PtCard(25).card().unwrap(), PtCard(11).card().unwrap()];
        assert_eq!(h.seat(1).unwrap().cards, Some(ah_kd));
        assert_eq!(ah_kd.map(|c| c.to_string()), ["Ah", "Kd"]);
        assert!(h.seats[1..].iter().all(|s| s.cards.is_none()));
        assert!(h.board.is_empty() && h.winners.is_empty() && h.pots.is_empty());
        let turns: Vec<_> = h
            .turns
            .iter()
            .map(|t| (t.frame, t.street, t.player))
            .collect();
        assert_eq!(
            turns,
            [
                (t1, Preflop, 2),
                (t2, Preflop, 3),
                (t3, Preflop, 1),
                (t4, Flop, 2),
                (t5, Flop, 1),
                (t6, Flop, 3),
                (t7, Flop, 2),
                (t8, Flop, 1),
                (t9, TurnStreet, 1),
                (t10, River, 2),
                (t11, River, 1),
            ]
        );
        // The call's amount is not sent; the flop bet opens the street
        // (Alice's bet there was 0), the raise adds 100 to her 40; the
        // rejected bet of 5 is left out.
        assert_eq!(
            acts(h),
            [
                (call, Preflop, 1, Call, 0, 0, false, false),
                (bet, Flop, 1, Bet, 40, 40, true, false),
                (raise, Flop, 1, Raise, 100, 140, true, false),
                (check, TurnStreet, 1, Check, 0, 0, true, false),
                (fold, River, 1, Fold, 0, 0, true, false),
            ]
        );
        assert!(h.actions.iter().all(|a| a.expected == Some(1)));
        assert!(!h.complete);
        assert!(!h.amounts_known());
        assert_eq!(notes(h, NoteKind::Incomplete), [(start1, PARTIAL)]);
        assert_eq!(
            notes(h, NoteKind::Info),
            [(
                refused,
                "the server rejects Alice's bet 5 (flop): cash value too small; left out"
            )]
        );
        assert!(h.actions.iter().all(|a| a.frame != small));
        assert_eq!(h.incomplete_reasons().count(), 1);

        // Hand 2: stacks no longer known; Computer 1 was dealt in and left.
        let h = &hands[1];
        assert_eq!(
            (h.number, h.server_number, h.first_frame),
            (2, Some(2), start2)
        );
        assert!(h.seats.iter().all(|s| s.stack.is_none()));
        assert_eq!(h.seats.len(), 3);
        assert_eq!((h.small_blind, h.big_blind), (Some(10), Some(20)));
        // A fold before the flop: Alice's bet there (a blind?) is unknown.
        assert_eq!(acts(h), [(fold2, Preflop, 1, Fold, 0, 0, false, false)]);
        assert_eq!(
            notes(h, NoteKind::Info),
            [(left, "Computer 1 left the game")]
        );

        // Hand 3: two players; the blinds rose after 2 hands: not known.
        let h = &hands[2];
        let names: Vec<_> = h.seats.iter().map(|s| s.display_name()).collect();
        assert_eq!(names, ["Alice", "Bob"]);
        assert_eq!((h.small_blind, h.big_blind), (None, None));
        assert!(h.actions.is_empty());
        assert_eq!(h.last_frame, last);
        assert_eq!(
            notes(h, NoteKind::Incomplete),
            [
                (h.first_frame, PARTIAL),
                (
                    last,
                    "the capture ends before another Game Start: where the hand ended is not known"
                )
            ]
        );
    }

    #[test]
    fn an_error_ends_the_hand_and_cancels_the_action_it_answers() {
        let mut s = Script::new();
        s.join();
        s.start(0, 1);
        s.turn(0, 2);
        s.turn(0, 1);
        let raise = s.act(0, 5, 60);
        s.turn(1, 1);
        let all_in = s.act(1, 6, 0);
        s.act(1, 2, 0);
        let error = s.error(0xFF02);
        let next = s.start(2, 3);
        s.turn(0, 1);
        s.end();
        let hands = s.hands();
        assert_eq!(hands.len(), 2);
        let h = &hands[0];
        assert_eq!(h.last_frame, error);
        // The raise adds 60 to a preflop bet that is not known; the all in
        // is Alice's first action on the flop with nobody before her: a bet.
        assert_eq!(
            acts(h),
            [
                (raise, Preflop, 1, Raise, 60, 0, false, false),
                (all_in, Flop, 1, Bet, 0, 0, false, true),
            ]
        );
        assert_eq!(
            notes(h, NoteKind::Info),
            [(
                error,
                "the server answers Alice's check (flop) with Error invalid state; left out"
            )]
        );
        assert_eq!(
            notes(h, NoteKind::Incomplete),
            [
                (h.first_frame, PARTIAL),
                (
                    error,
                    "the server sends Error invalid state: the hand ends here"
                )
            ]
        );
        // The game goes on: the next hand is its second.
        assert_eq!((hands[1].number, hands[1].first_frame), (2, next));
        assert_eq!(hands[1].seats.len(), 3);
    }

    #[test]
    fn an_all_in_after_others_acted_is_not_guessed_a_call() {
        let mut s = Script::new();
        s.join();
        s.start(0, 1);
        s.turn(1, 2);
        s.turn(1, 1);
        let all_in = s.act(1, 6, 0);
        // A rejection that matches nothing sent.
        let odd = s.reject(1, 5, 80, 5);
        s.end();
        let h = &s.hands()[0];
        assert_eq!(acts(h), [(all_in, Flop, 1, Raise, 0, 0, false, true)]);
        assert_eq!(
            notes(h, NoteKind::Info),
            [
                (
                    all_in,
                    "Alice goes all in on the flop: the dialect does not tell whether that \
                     calls or raises; it is listed as a raise"
                ),
                (
                    odd,
                    "the server rejects raise 80 (flop): raise not allowed, an action the \
                     capture does not show being sent"
                ),
            ]
        );
    }

    #[test]
    fn gaps_mark_the_hand_and_a_capture_without_the_join_names_nobody() {
        let mut s = Script::new();
        // The capture starts after Join Game Ack.
        let start = s.start(12, 25);
        s.turn(0, 2);
        let gap = s.gap();
        s.turn(0, 1);
        let act = s.act(0, 3, 0);
        s.end();
        let hands = s.hands();
        assert_eq!(hands.len(), 1);
        let h = &hands[0];
        assert_eq!((h.hero, h.small_blind, h.table_size), (None, None, None));
        assert!(h.seats.is_empty() && h.actions.is_empty());
        assert_eq!(h.turns.len(), 2);
        assert_eq!(
            notes(h, NoteKind::Info),
            [
                (
                    start,
                    "no Join Game Ack in the capture: the players, the client's player id and \
                     the stakes are not known (the client's cards: Ad Ah)"
                ),
                (act, "the client sends call, but its player id is not known"),
            ]
        );
        let incomplete = notes(h, NoteKind::Incomplete);
        assert_eq!(incomplete[0], (start, PARTIAL));
        assert_eq!(
            incomplete[1],
            (
                gap,
                "gap: 8 byte(s) of the s2c direction missing: the hand is incomplete"
            )
        );
    }

    #[test]
    fn unknown_amounts_are_never_summed_into_pots() {
        let mut s = Script::new();
        s.join();
        s.start(0, 1);
        s.turn(0, 1);
        s.act(0, 3, 0);
        s.turn(1, 1);
        s.act(1, 4, 40);
        s.end();
        let mut h = s.hands().remove(0);
        assert!(!h.amounts_known());
        // Even a hand wrongly called complete gets no pots or returned
        // chips from amounts that are not the server's.
        h.complete = true;
        h.settle();
        assert!(h.pots.is_empty() && h.returned.is_empty());
    }

    #[test]
    fn replay_steps_through_turns_and_known_actions_only() {
        let mut s = Script::new();
        s.join();
        s.start(0, 1);
        s.turn(0, 2);
        s.turn(0, 1);
        s.act(0, 3, 0);
        s.turn(1, 2);
        s.turn(1, 1);
        s.act(1, 4, 40);
        s.end();
        let h = &s.hands()[0];
        let states = replay::states(h);
        let events: Vec<&str> = states.iter().map(|t| t.event.as_str()).collect();
        assert_eq!(
            events,
            [
                "hand 0:1 starts",
                "Bob to act",
                "Alice to act",
                "Alice calls (the amount is not in the capture)",
                "flop (the capture does not show the board)",
                "Bob to act",
                "Alice to act",
                "Alice bets 40",
                "the hand ends (the capture shows no winner) [incomplete hand]",
            ]
        );
        // The start holds the start cash; the blinds, posted by players
        // the capture does not name, make every stack unknown.
        assert!(states[0].seats.iter().all(|s| s.stack == Some(2000)));
        assert!(states[1].seats.iter().all(|s| s.stack.is_none()));
        assert_eq!(states[1].to_act, Some(2));
        // The flop: nobody has bet yet; the preflop pot is not known.
        assert!(states[4].seats.iter().all(|s| s.bet == Some(0)));
        assert_eq!(states[4].pot, None);
        // Bob's turn passed unseen; Alice's bet is hers.
        let bets: Vec<_> = states[7].seats.iter().map(|s| s.bet).collect();
        assert_eq!(bets, [Some(40), None, Some(0)]);
    }
}
