//! Hands from poker-network records.
//!
//! Before a hand: Packet Poker Table (the table's name and betting
//! structure), Player Arrive (name and seat), Seat and Seats (seats),
//! Player Chips (stacks), In Game (who is dealt in: a player sitting out
//! is not) and Dealer (the button's seat). Packet Poker Start opens the
//! hand (its hand serial is the hand number); then State (the street),
//! Blind (`amount` to the player's bet, `dead` straight to the pot) and
//! Ante (to the pot), Player Cards, Board Cards, Position (who is to act),
//! the actions, Player Chips after each (the player's street bet and money
//! left: the server's word, which wins over what the rules give), Rake,
//! and Win, which ends the hand; the Player Chips after it give each
//! player's money after the hand, from which [`settle`] works out what was
//! won and what was given back. The hand is closed by the next hand's
//! In Game, Dealer or Start, by Showdown, or by the stream's end.
//!
//! Amounts: Call carries none (the caller moves min(highest bet - own bet,
//! money left)); Raise's amount is read as [`bets`] decides for the
//! stream, from the server's chip reports. Packets that only the client
//! library makes up (Chips Player2Bet, Chips Pot2Player, Chips Bet2player)
//! are used when a capture holds them, the server's reports still winning.
//! Only what the server sends is used; the hero is the player of Packet
//! Serial. Seats are numbered from 1 (the wire's seat + 1).

pub mod bets;
mod hand;
pub mod settle;
#[cfg(test)]
mod tests;

use super::model::*;
use crate::analysis::hands::HashMap;
use crate::decode::Record;
use crate::protocols::pokernetwork::Message;
use crate::protocols::ProtocolId;
use crate::reassembly::Direction;
use bets::Reading;
use hand::Open;

/// Builds the hands of one poker-network stream.
pub struct Builder {
    stream: u64,
    hero: Option<u64>,
    names: HashMap<u64, String>,
    seats: HashMap<u64, u32>,
    money: HashMap<u64, u64>,
    tables: HashMap<u64, (String, String, u32)>,
    in_game: Vec<u64>,
    dealer: Option<u32>,
    reading: Reading,
    open: Option<Open>,
}

/// True for the packets that only a hand in play sends.
fn in_play(m: &Message) -> bool {
    matches!(
        m,
        Message::PacketPokerBlind(_)
            | Message::PacketPokerAnte(_)
            | Message::PacketPokerFold(_)
            | Message::PacketPokerCheck(_)
            | Message::PacketPokerCall(_)
            | Message::PacketPokerRaise(_)
            | Message::PacketPokerBoardCards(_)
    )
}

impl Builder {
    /// A builder for stream `stream`.
    pub fn new(stream: u64) -> Builder {
        Builder {
            stream,
            hero: None,
            names: HashMap::default(),
            seats: HashMap::default(),
            money: HashMap::default(),
            tables: HashMap::default(),
            in_game: Vec::new(),
            dealer: None,
            reading: Reading::default(),
            open: None,
        }
    }

    /// Something went wrong on the stream's `dir` direction at `frame`:
    /// the hand in play, if any, is incomplete (a hand whose end and every
    /// final chip report were seen has lost nothing). Bytes the server's
    /// direction lost may have held chip reports: the money told before is
    /// not known any more (a later report tells it again), or the next hand
    /// would start from stale stacks.
    pub fn trouble(&mut self, frame: u64, dir: Direction, why: String) {
        if dir == Direction::S2C {
            self.money.clear();
        }
        if let Some(o) = &mut self.open {
            let whole = o.ended
                && (o.paid
                    || o.hand
                        .seats
                        .iter()
                        .all(|s| o.finals.contains_key(&s.player)));
            if !whole {
                o.hand.incomplete(frame, why);
            }
        }
    }

    /// The stream ended: the hand in play, if any, ends.
    pub fn end(&mut self) -> Option<Hand> {
        self.close(None)
    }

    /// The hand in play so far (not settled yet), if any.
    pub fn current(&self) -> Option<&Hand> {
        self.open.as_ref().map(|o| &o.hand)
    }

    /// Takes one message; returns a hand when it ends one.
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<Hand> {
        if r.dir != Direction::S2C {
            return None;
        }
        let frame = r.frame;
        let mut done = None;
        match m {
            Message::PacketSerial(p) => self.hero = Some(u64::from(p.serial)),
            Message::PacketPokerTable(t) => {
                self.tables.insert(
                    u64::from(t.id),
                    (
                        t.name.clone(),
                        t.betting_structure.clone(),
                        u32::from(t.seats),
                    ),
                );
            }
            Message::PacketPokerPlayerArrive(p) => {
                self.names.insert(u64::from(p.serial), p.name.clone());
                if let Some(s) = p.seat {
                    self.seats.insert(u64::from(p.serial), u32::from(s) + 1);
                }
            }
            Message::PacketPokerSeat(p) if p.seat >= 0 => {
                self.seats.insert(u64::from(p.serial), p.seat as u32 + 1);
            }
            Message::PacketPokerSeats(p) => {
                for (i, &s) in p.seats.iter().enumerate() {
                    if s != 0 {
                        self.seats.insert(u64::from(s), i as u32 + 1);
                    }
                }
            }
            Message::PacketPokerInGame(p) => {
                done = self.close_if_ended(frame);
                self.in_game = p.players.iter().map(|&s| u64::from(s)).collect();
            }
            Message::PacketPokerDealer(d) => {
                done = self.close_if_ended(frame);
                self.dealer = (d.dealer >= 0).then(|| d.dealer as u32 + 1);
            }
            Message::PacketPokerStart(s) => {
                done = self.close(Some(frame));
                self.start(r, u64::from(s.game_id), u64::from(s.hand_serial));
            }
            Message::PacketPokerPlayerChips(c) => {
                let p = u64::from(c.serial);
                self.money.insert(p, c.money);
                match self.open.as_mut() {
                    Some(o) if o.ended => {
                        o.finals.insert(p, (c.money, frame));
                        if let Some(s) = o.hand.seat_mut(p) {
                            s.final_stack = Some(c.money);
                        }
                    }
                    Some(o) => o.report(&mut self.reading, frame, p, c.bet, c.money),
                    None => {}
                }
            }
            _ => {
                if in_play(m) && self.open.as_ref().is_none_or(|o| o.ended) {
                    // A hand is in play whose start the capture does not
                    // show (it began before the capture, or its start was
                    // lost in a gap): the hand that ended is done, and what
                    // follows is a hand of its own, incomplete.
                    done = self.close(Some(frame));
                    self.start_unseen(r, m);
                }
                if let Some(o) = &mut self.open {
                    o.hand.last_frame = frame;
                    o.in_hand(self.reading.current(), frame, m);
                }
                if matches!(m, Message::PacketPokerShowdown(_)) {
                    done = self.close(Some(frame));
                }
            }
        }
        done
    }

    fn start(&mut self, r: &Record, game: u64, number: u64) {
        let mut hand = Hand::new(ProtocolId::PokerNetwork, self.stream, number, r.frame, r.ts);
        hand.table = Some(game);
        if !self.tables.contains_key(&game) {
            hand.note(
                r.frame,
                format!(
                    "no Packet Poker Table for game {game} in the capture: its name, size and \
                     betting structure are not known (written as no limit)"
                ),
            );
        }
        if let Some((name, structure, size)) = self.tables.get(&game) {
            hand.table_name = Some(name.clone());
            hand.table_size = Some(*size);
            hand.limit = if structure.ends_with("pot-limit") {
                Limit::PotLimit
            } else if structure.ends_with("no-limit") {
                Limit::NoLimit
            } else if structure.ends_with("limit") {
                Limit::FixedLimit
            } else {
                hand.note(
                    r.frame,
                    format!("betting structure '{structure}' not known: taken as no limit"),
                );
                Limit::NoLimit
            };
        }
        hand.hero = self.hero;
        hand.button = self.dealer;
        hand.complete = true;
        let mut money = HashMap::default();
        let mut next = self.seats.values().copied().max().unwrap_or(0);
        for &p in &self.in_game {
            let seat = match self.seats.get(&p) {
                Some(&s) => s,
                None => {
                    next += 1;
                    hand.note(
                        r.frame,
                        format!("seat of player {p} not known: numbered {next}"),
                    );
                    next
                }
            };
            let stack = self.money.get(&p).copied();
            match stack {
                Some(s) => {
                    money.insert(p, (s, r.frame));
                }
                None => hand.incomplete(
                    r.frame,
                    format!(
                        "the stack of player {p} at the start is not in the capture (no chip \
                         report before the hand): the hand is incomplete"
                    ),
                ),
            }
            hand.seats.push(Seat {
                stack,
                ..Seat::new(seat, p, self.names.get(&p).cloned())
            });
        }
        hand.seats.sort_by_key(|s| s.seat);
        self.open = Some(Open::new(hand, money));
    }

    /// Opens a hand at `m`, a packet of a hand in play whose start the
    /// capture does not show. It is numbered by its first frame (its serial
    /// is not known), its seats are the players seen in it, and it is
    /// incomplete.
    fn start_unseen(&mut self, r: &Record, m: &Message) {
        let game = match m {
            Message::PacketPokerBlind(p) => p.game_id,
            Message::PacketPokerAnte(p) => p.game_id,
            Message::PacketPokerFold(p) => p.game_id,
            Message::PacketPokerCheck(p) => p.game_id,
            Message::PacketPokerCall(p) => p.game_id,
            Message::PacketPokerRaise(p) => p.game_id,
            Message::PacketPokerBoardCards(p) => p.game_id,
            _ => 0,
        };
        let in_game = std::mem::take(&mut self.in_game);
        self.start(r, u64::from(game), r.frame);
        self.in_game = in_game;
        if let Some(o) = &mut self.open {
            o.hand.server_number = None;
            o.hand.seats.clear();
            o.money.clear();
            o.unseen_start = true;
            o.known = (self.names.keys().chain(self.seats.keys()))
                .map(|&p| {
                    (
                        p,
                        (self.seats.get(&p).copied(), self.names.get(&p).cloned()),
                    )
                })
                .collect();
            o.street = None;
            o.hand.incomplete(
                r.frame,
                "the capture does not show this hand's start (it began before the capture, or \
                 its start was lost): it is incomplete, numbered by its first frame",
            );
        }
    }

    fn close_if_ended(&mut self, frame: u64) -> Option<Hand> {
        if self.open.as_ref().is_some_and(|o| o.ended) {
            return self.close(Some(frame));
        }
        None
    }

    /// Closes the open hand.
    fn close(&mut self, frame: Option<u64>) -> Option<Hand> {
        let mut o = self.open.take()?;
        if !o.ended {
            let at = frame.unwrap_or(o.hand.last_frame);
            let why = match frame {
                Some(_) => "the next hand starts before this one's result: it is incomplete",
                None => "the capture (or the connection) ends before the hand's result: it is incomplete",
            };
            o.hand.incomplete(at, why);
        } else if o.paid {
            settle::from_payments(&mut o.hand);
        } else {
            let after = o.money.clone();
            settle::from_finals(
                &mut o.hand,
                &settle::Finals {
                    after: &after,
                    finals: &o.finals,
                    winners: &o.winners,
                    win_frame: o.win_frame,
                },
            );
        }
        let h = &mut o.hand;
        h.complete = o.ended && !h.notes.iter().any(|n| n.kind == NoteKind::Incomplete);
        h.bet_reading = Some(self.reading.describe());
        // Blinds: the largest posted is the big blind, smaller ones small
        // (by what went to the bet: a dead blind's chips go to the pot).
        let blinds: Vec<u64> = (h.actions.iter())
            .filter(|a| a.kind == ActionKind::BigBlind)
            .map(|a| a.total)
            .collect();
        let big = blinds.iter().copied().max();
        if blinds.len() > 1 {
            for a in (h.actions.iter_mut()).filter(|a| a.kind == ActionKind::BigBlind) {
                if Some(a.total) < big {
                    a.kind = ActionKind::SmallBlind;
                    h.small_blind.get_or_insert(a.total);
                }
            }
        }
        h.big_blind = big;
        for s in &mut h.seats {
            if s.final_stack.is_none() {
                s.final_stack = self.money.get(&s.player).copied();
            }
        }
        Some(o.hand)
    }
}
