//! A PokerTH hand in play, as the server reports it: what the builders of
//! PokerTH 0.7 ([`super::pokerth`]) and PokerTH 1.x ([`super::pokerth1`])
//! share. Both servers report every action with the player's total bet on
//! the street and his money after it (the server's figures are the
//! authority), deal the board a street at a time, and end a hand with each
//! player's money won (uncalled chips included) and money after it. Each
//! builder reads its own messages (typed structs, or protobuf messages by
//! field name) and hands the values to an [`Open`].

use super::model::*;
use super::HashMap;
use crate::decode::Record;
use crate::protocols::cards::Card;
use crate::protocols::ProtocolId;

/// The note of a hand whose start the capture does not show.
pub(super) const UNSEEN_START: &str = "the capture does not show this hand's start (it began \
     before the capture, or its start was lost): it is incomplete";

/// The note of a hand opened without the game's seats.
pub(super) const NO_GAME_START: &str =
    "no Game Start in the capture: seats are numbered in order of appearance";

/// What a PokerTH stream told of its players and games, across hands.
pub(super) struct Known {
    /// The TCP stream.
    pub stream: u64,
    /// The client's player (Init Ack).
    pub hero: Option<u64>,
    /// The client's name (Init).
    pub hero_name: Option<String>,
    /// Player names by id.
    pub names: HashMap<u64, String>,
    /// The game the client joined.
    pub game: Option<u64>,
    /// Game names by id.
    pub game_names: HashMap<u64, String>,
    /// The players by seat (seat = position + 1).
    pub slots: Vec<u64>,
    /// Hands of the current game so far; `None` when the capture does not
    /// show the game's start.
    pub hands_in_game: Option<u64>,
    /// Hands started on the stream, across games: the hand number.
    pub hands_on_stream: u64,
    /// Each player's money at the end of the last hand (PokerTH 1.x: or
    /// the start money at the game's start).
    pub last_final: HashMap<u64, u64>,
}

impl Known {
    /// Nothing known yet of stream `stream`.
    pub fn new(stream: u64) -> Known {
        Known {
            stream,
            hero: None,
            hero_name: None,
            names: HashMap::default(),
            game: None,
            game_names: HashMap::default(),
            slots: Vec::new(),
            hands_in_game: None,
            hands_on_stream: 0,
            last_final: HashMap::default(),
        }
    }

    /// Init Ack: the client's player id, named by the client's Init.
    pub fn init_ack(&mut self, hero: Option<u64>) {
        self.hero = hero;
        if let (Some(h), Some(n)) = (hero, self.hero_name.clone()) {
            self.names.entry(h).or_insert(n);
        }
    }

    /// The stream's next hand, of `protocol`, started at `r`: its number,
    /// the game's, the table and the hero.
    pub fn new_hand(&mut self, protocol: ProtocolId, r: &Record) -> Hand {
        self.hands_on_stream += 1;
        let mut hand = Hand::new(protocol, self.stream, self.hands_on_stream, r.frame, r.ts);
        hand.table = self.game;
        hand.table_name = self.game.and_then(|g| self.game_names.get(&g).cloned());
        hand.hero = self.hero;
        hand
    }

    /// Keeps the final stacks of hand `h`, handed on.
    pub fn hand_over(&mut self, h: &Hand) {
        for s in &h.seats {
            if let Some(f) = s.final_stack {
                self.last_final.insert(s.player, f);
            }
        }
    }
}

/// A hand being built.
#[derive(Clone)]
pub(super) struct Open {
    /// The hand so far.
    pub hand: Hand,
    /// The street being played.
    pub street: Street,
    /// Street totals by player.
    pub bets: HashMap<u64, u64>,
    highest: u64,
    /// Who the server last said was to act.
    pub expected: Option<u64>,
    /// Money won as the server reports it (uncalled chips included).
    pub won: Vec<Win>,
    /// The result was seen: the hand is over.
    pub ended: bool,
    /// A gap or undecodable bytes while the hand was in play.
    pub troubled: bool,
    /// The capture does not show the hand's start.
    pub unseen_start: bool,
    /// PokerTH 1.x: Hand Start's dealer, kept to place the button when the
    /// dealer had no seat yet (a capture without Game Start seats players
    /// as they appear).
    pub dealer: Option<u64>,
    /// Each player's money at the end of the last hand (or the game's
    /// start money), when known.
    pub prior: HashMap<u64, u64>,
}

/// An action as the server reports it (PokerTH 0.7 Player's Action Done,
/// 1.x Players Action Done).
pub(super) struct Done {
    /// Who acted.
    pub player: u64,
    /// The street of the action's game state.
    pub street: Street,
    /// The blind posted, for the blinds' game states.
    pub blind: Option<ActionKind>,
    /// PokerTH's player action, the same numbers in 0.7 and 1.x: 1 fold,
    /// 2 check, 3 call, 4 bet, 5 raise, 6 all in.
    pub action: i32,
    /// The player's total bet on the street after it.
    pub total: u64,
    /// The player's money after it.
    pub money: u64,
}

impl Open {
    /// A hand in play, preflop; `prior` as for [`Open::prior`].
    pub fn new(hand: Hand, prior: HashMap<u64, u64>) -> Open {
        Open {
            hand,
            street: Street::Preflop,
            bets: HashMap::default(),
            highest: 0,
            expected: None,
            won: Vec::new(),
            ended: false,
            troubled: false,
            unseen_start: false,
            dealer: None,
            prior,
        }
    }

    /// Something went wrong on the stream at `frame`: the hand is
    /// incomplete.
    pub fn trouble(&mut self, frame: u64, why: String) {
        self.troubled = true;
        self.hand.incomplete(frame, why);
    }

    /// The seat of `player`, added when the hand's start did not list it.
    pub fn ensure_seat(&mut self, frame: u64, player: u64, names: &HashMap<u64, String>) {
        if self.hand.seat(player).is_none() {
            if !self.unseen_start && !self.hand.seats.is_empty() {
                // The hand's start named who is dealt in: a message about
                // someone else is placed, and said.
                let who = names
                    .get(&player)
                    .map_or_else(|| format!("player {player}"), |n| format!("{n} ({player})"));
                self.hand.note(
                    frame,
                    format!("{who} plays in the hand but Hand Start did not deal them in: seated"),
                );
            }
            let seat = self.hand.next_seat();
            self.hand
                .seats
                .push(Seat::new(seat, player, names.get(&player).cloned()));
        }
    }

    /// Action `a` (of a seated player) at `frame`; `what` names the action
    /// for a note when its number is not understood. A player's first
    /// preflop action gives his stack at the start (money left plus street
    /// total), noted when it is not what he ended the last hand with.
    pub fn action(&mut self, frame: u64, a: Done, what: impl FnOnce() -> String) {
        let (player, street, total, money) = (a.player, a.street, a.total, a.money);
        if self.unseen_start && self.hand.actions.is_empty() {
            self.street = street;
        }
        if street != self.street {
            self.hand.note(
                frame,
                format!(
                    "action on the {} while the hand is on the {}",
                    street.name(),
                    self.street.name()
                ),
            );
        }
        let before = self.bets.get(&player).copied().unwrap_or(0);
        if !self.hand.actions.iter().any(|x| x.player == player) && street == Street::Preflop {
            let start = money + total;
            if let Some(s) = self.hand.seat_mut(player) {
                s.stack.get_or_insert(start);
            }
            if let Some(&prev) = self.prior.get(&player) {
                if prev != start {
                    let text = format!(
                        "stack: {} starts the hand with {start} but ended the last hand with {prev}",
                        self.hand.name(player)
                    );
                    self.hand.note(frame, text);
                }
            }
        }
        let kind = match (a.blind, a.action) {
            (Some(k), _) => k,
            (None, 1) => ActionKind::Fold,
            (None, 2) => ActionKind::Check,
            (None, 3) => ActionKind::Call,
            (None, 4..=6) if total <= self.highest => ActionKind::Call,
            (None, 4..=6) if self.highest == 0 => ActionKind::Bet,
            (None, 4..=6) => ActionKind::Raise,
            _ => {
                let text = format!(
                    "action '{}' of {} not understood",
                    what(),
                    self.hand.name(player)
                );
                self.hand.note(frame, text);
                return;
            }
        };
        let expected = match a.blind {
            Some(_) => None,
            None => self.expected.take(),
        };
        let (added, total) = match kind {
            ActionKind::Fold => (0, before),
            _ => (total.saturating_sub(before), total),
        };
        self.hand.actions.push(Action::reported(
            frame, street, player, kind, added, total, money, expected,
        ));
        self.bets.insert(player, total);
        self.highest = self.highest.max(total);
    }

    /// The board cards of `street` dealt at `frame`: each a card, or what
    /// names one that is no card.
    pub fn deal(&mut self, frame: u64, street: Street, cards: &[Result<Card, String>]) {
        if self.hand.board.len() + cards.len() != street.board_len() {
            let text = format!(
                "{} dealt with {} board card(s) out",
                street.name(),
                self.hand.board.len()
            );
            self.hand.note(frame, text);
        }
        for c in cards {
            match c {
                Ok(c) => self.hand.board.push(*c),
                Err(what) => self
                    .hand
                    .note(frame, format!("board card {what} is no card")),
            }
        }
        self.hand.deals.push(Deal { frame, street });
        self.street = street;
        self.bets.clear();
        self.highest = 0;
        self.hand.last_frame = frame;
    }

    /// The server says at `frame` that it is `player`'s turn.
    pub fn prompt(&mut self, frame: u64, player: u64) {
        self.expected = Some(player);
        self.hand.prompts.push(Turn {
            frame,
            street: self.street,
            player,
        });
    }

    /// `player` shows `cards` at `frame` (`None`: the values are no cards).
    pub fn show(
        &mut self,
        frame: u64,
        player: u64,
        cards: Option<[Card; 2]>,
        names: &HashMap<u64, String>,
    ) {
        let Some(cards) = cards else {
            let text = format!("cards of {} are no cards", self.hand.name(player));
            self.hand.note(frame, text);
            return;
        };
        self.ensure_seat(frame, player, names);
        if (self.hand.shown.iter()).any(|s| s.player == player && s.cards == cards) {
            return;
        }
        self.hand.shown.push(Shown {
            frame,
            player,
            cards,
            made: None,
        });
        if let Some(s) = self.hand.seat_mut(player) {
            s.cards = Some(cards);
        }
    }

    /// `player`'s result at `frame`: money `won` (uncalled chips included)
    /// and `money` after the hand.
    pub fn result(
        &mut self,
        frame: u64,
        player: u64,
        won: u64,
        money: u64,
        names: &HashMap<u64, String>,
    ) {
        self.ensure_seat(frame, player, names);
        if won > 0 {
            self.won.push(Win {
                frame,
                player,
                amount: won,
                pot: None,
            });
        }
        if let Some(s) = self.hand.seat_mut(player) {
            s.final_stack = Some(money);
        }
    }

    /// The result was seen at `frame`: the hand is over.
    pub fn end(&mut self, frame: u64) {
        self.ended = true;
        self.hand.last_frame = frame;
    }
}

/// The winners of settled hand `h` from the money `won` as the server
/// reports it: each less the chips the hand gave back to him (when it is
/// complete; as reported when not).
pub(super) fn pay(h: &mut Hand, won: Vec<Win>) {
    for w in won {
        let back: u64 = (h.returned.iter())
            .filter(|r| r.player == w.player)
            .map(|r| r.amount)
            .sum();
        let amount = if h.complete {
            w.amount.saturating_sub(back)
        } else {
            w.amount
        };
        if amount > 0 {
            h.winners.push(Win { amount, ..w });
        }
    }
}
