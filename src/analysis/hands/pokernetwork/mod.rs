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
pub mod settle;
#[cfg(test)]
mod tests;

use super::model::*;
use crate::analysis::hands::HashMap;
use crate::decode::Record;
use crate::protocols::cards::Card;
use crate::protocols::pokernetwork::{Cards, Message};
use crate::protocols::ProtocolId;
use crate::reassembly::Direction;
use bets::{RaiseSeen, Reading, Verdict};

/// A hand being built.
struct Open {
    hand: Hand,
    /// The street, `None` until a state change tells it in a hand whose
    /// start the capture does not show.
    street: Option<Street>,
    /// The capture does not show the hand's start.
    unseen_start: bool,
    /// Actions left out because their street was not known.
    unplaced: usize,
    /// Street totals by player.
    bets: HashMap<u64, u64>,
    /// Money left by player, and the frame that told it.
    money: HashMap<u64, (u64, u64)>,
    highest: u64,
    expected: Option<u64>,
    /// The action waiting for the client packet of the chips it moves.
    pending: Option<usize>,
    /// The raise waiting for the server's chip report.
    raise: Option<RaiseSeen>,
    /// Money after the hand by player, and the frame of the report.
    finals: HashMap<u64, (u64, u64)>,
    /// Packet Poker Win's serials and frame.
    winners: Vec<u64>,
    win_frame: u64,
    /// The client packets of what each winner receives were seen.
    paid: bool,
    descriptions: HashMap<u64, String>,
    ended: bool,
    /// Seats and names the stream told before the hand, for players seen
    /// in a hand whose start the capture does not show.
    known: HashMap<u64, (Option<u32>, Option<String>)>,
}

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

/// Two known cards, or none.
fn two(c: &Cards) -> Option<[Card; 2]> {
    match c.0.as_slice() {
        [a, b] => Some([a.card()?, b.card()?]),
        _ => None,
    }
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
        self.open = Some(Open {
            hand,
            street: Some(Street::Preflop),
            unseen_start: false,
            unplaced: 0,
            bets: HashMap::default(),
            money,
            highest: 0,
            expected: None,
            pending: None,
            raise: None,
            finals: HashMap::default(),
            winners: Vec::new(),
            win_frame: r.frame,
            paid: false,
            descriptions: HashMap::default(),
            ended: false,
            known: HashMap::default(),
        });
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
        } else if !o.paid {
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
        for s in &mut h.shown {
            if s.description.is_none() {
                s.description = o.descriptions.get(&s.player).cloned();
            }
        }
        for s in &mut h.seats {
            if s.final_stack.is_none() {
                s.final_stack = self.money.get(&s.player).copied();
            }
        }
        Some(o.hand)
    }
}

impl Open {
    /// Seats `player`, seen in a hand whose start the capture does not
    /// show: seat and name as far as the stream told them, stack unknown.
    fn seat_unseen(&mut self, player: u64) {
        let (seat, name) = self.known.get(&player).cloned().unwrap_or((None, None));
        let seat = seat.unwrap_or_else(|| {
            let next = self.hand.next_seat();
            self.hand.note(
                self.hand.last_frame,
                format!("seat of player {player} not known: numbered {next}"),
            );
            next
        });
        self.hand.seats.push(Seat::new(seat, player, name));
        self.hand.seats.sort_by_key(|s| s.seat);
    }

    /// `player`'s street total.
    fn mine(&self, player: u64) -> u64 {
        self.bets.get(&player).copied().unwrap_or(0)
    }

    /// `player`'s money left, when known.
    fn left(&self, player: u64) -> Option<u64> {
        self.money.get(&player).map(|m| m.0)
    }

    /// Records an action putting `added` chips in, `to_bet` of them into
    /// the player's street bet.
    fn act(&mut self, frame: u64, player: u64, kind: ActionKind, added: u64, to_bet: u64) {
        let Some(street) = self.street else {
            self.unplaced += 1;
            return;
        };
        if self.hand.seat(player).is_none() {
            if self.unseen_start {
                self.seat_unseen(player);
            } else {
                self.hand
                    .note(frame, format!("player {player} acts but is not dealt in"));
            }
        }
        let before = self.mine(player);
        let forced = matches!(
            kind,
            ActionKind::SmallBlind | ActionKind::BigBlind | ActionKind::Ante
        );
        let expected = if forced { None } else { self.expected.take() };
        let left = self.left(player).map(|m| m.saturating_sub(added));
        if let (Some(l), true) = (left, added > 0) {
            self.money.insert(player, (l, frame));
        }
        self.hand.actions.push(Action {
            frame,
            street,
            player,
            kind,
            added,
            total: before + to_bet,
            all_in: left == Some(0) && added > 0,
            reported_stack: None,
            reported_at: None,
            expected,
            amount_known: true,
        });
        self.bets.insert(player, before + to_bet);
        self.highest = self.highest.max(before + to_bet);
        self.pending = (added > 0 || forced).then_some(self.hand.actions.len() - 1);
    }

    /// The server's chip report for `player` during the hand: `bet` on the
    /// street, `money` left.
    fn report(&mut self, reading: &mut Reading, frame: u64, player: u64, bet: u64, money: u64) {
        if let Some(r) = self
            .raise
            .take_if(|r| self.hand.actions[r.action].player == player)
        {
            let name = self.hand.name(player);
            match reading.report(&r, bet, frame) {
                Verdict::Agrees | Verdict::Decided => {}
                Verdict::Contradicts { decided_at } => self.hand.flag(
                    frame,
                    format!(
                        "chip reports contradict each other: the report at frame {decided_at} \
                         decided how the stream's raise amounts read, the report at frame {frame} \
                         after {name}'s raise (frame {}) reads them the other way",
                        r.frame
                    ),
                ),
                Verdict::Neither => self.hand.flag(
                    frame,
                    format!(
                        "the server reports a bet of {bet} for {name} (frame {frame}) after a \
                         raise of amount {} with {} already in (frame {}): neither reading of \
                         the amount gives it",
                        r.amount, r.before, r.frame
                    ),
                ),
            }
            // The server's report is the authority on what the raise moved.
            let a = &mut self.hand.actions[r.action];
            if bet >= r.before && bet != a.total {
                let was = a.added;
                a.total = bet;
                a.added = bet - r.before;
                self.bets.insert(player, bet);
                self.highest = self.bets.values().copied().max().unwrap_or(0);
                if let Some(m) = self.money.get_mut(&player) {
                    m.0 = (m.0 + was).saturating_sub(a.added);
                }
            }
        }
        if self.unseen_start {
            // What was bet before the capture is not known: the server's
            // street total says what a call moved.
            let last = self
                .hand
                .actions
                .iter_mut()
                .rev()
                .find(|a| a.player == player);
            if let Some(a) = last.filter(|a| a.kind == ActionKind::Call && a.total != bet) {
                let before = a.total - a.added;
                if bet >= before {
                    a.total = bet;
                    a.added = bet - before;
                    self.bets.insert(player, bet);
                    self.highest = self.highest.max(bet);
                }
            }
        }
        if let Some(a) = self
            .hand
            .actions
            .iter_mut()
            .rev()
            .find(|a| a.player == player)
        {
            a.reported_stack = Some(money);
            a.reported_at = Some(frame);
            a.all_in = money == 0 && a.kind != ActionKind::Fold && a.added > 0;
        }
        self.money.insert(player, (money, frame));
    }

    /// A message of the hand in play (not a chip report).
    fn in_hand(&mut self, reading: RaiseAmount, frame: u64, m: &Message) {
        match m {
            Message::PacketPokerState(s) => {
                let street = match s.string.as_str() {
                    "pre-flop" | "blindAnte" => Street::Preflop,
                    "flop" => Street::Flop,
                    "turn" => Street::Turn,
                    "river" => Street::River,
                    _ => return,
                };
                if self.street.is_none() && self.unplaced > 0 {
                    self.hand.note(
                        frame,
                        format!(
                            "{} action(s) before this state change left out: the capture does \
                             not tell their street",
                            self.unplaced
                        ),
                    );
                }
                if self.street != Some(street) {
                    self.street = Some(street);
                    self.bets.clear();
                    self.highest = 0;
                }
            }
            Message::PacketPokerPosition(p) => self.expected = Some(u64::from(p.serial)),
            Message::PacketPokerBlind(b) => {
                let (amount, dead) = (u64::from(b.amount), u64::from(b.dead));
                if dead > 0 {
                    let name = self.hand.name(u64::from(b.serial));
                    self.hand
                        .note(frame, format!("{name} posts a dead blind of {dead}"));
                }
                self.act(
                    frame,
                    b.serial.into(),
                    ActionKind::BigBlind,
                    amount + dead,
                    amount,
                )
            }
            Message::PacketPokerAnte(a) => {
                self.hand.ante = Some(u64::from(a.amount));
                self.act(frame, a.serial.into(), ActionKind::Ante, a.amount.into(), 0)
            }
            Message::PacketPokerFold(f) => self.act(frame, f.serial.into(), ActionKind::Fold, 0, 0),
            Message::PacketPokerCheck(c) => {
                self.act(frame, c.serial.into(), ActionKind::Check, 0, 0)
            }
            Message::PacketPokerCall(c) => {
                let p = u64::from(c.serial);
                let mut owe = self.highest.saturating_sub(self.mine(p));
                if let Some(left) = self.left(p) {
                    owe = owe.min(left);
                }
                self.act(frame, p, ActionKind::Call, owe, owe)
            }
            Message::PacketPokerRaise(r) => {
                let p = u64::from(r.serial);
                let kind = if self.highest == 0 {
                    ActionKind::Bet
                } else {
                    ActionKind::Raise
                };
                let seen = RaiseSeen {
                    action: self.hand.actions.len(),
                    before: self.mine(p),
                    amount: u64::from(r.amount),
                    frame,
                };
                let mut added = seen.total(reading).saturating_sub(seen.before);
                if let Some(left) = self.left(p) {
                    added = added.min(left);
                }
                self.act(frame, p, kind, added, added);
                if self.hand.actions.len() > seen.action {
                    // Not left out for want of a street: await its report.
                    self.raise = Some(seen);
                }
            }
            Message::PacketPokerChipsPlayer2Bet(c) => self.chips_to_bet(frame, c.serial, c.chips),
            Message::PacketPokerPlayerCards(c) => self.cards(frame, c.serial.into(), &c.cards),
            Message::PacketPokerBestCards(b) => {
                let p = u64::from(b.serial);
                self.descriptions.insert(p, b.hand.clone());
                if let Some(s) = self.hand.shown.iter_mut().find(|s| s.player == p) {
                    s.description = Some(b.hand.clone());
                }
            }
            Message::PacketPokerBoardCards(b) => {
                let known: Vec<Card> = b.cards.0.iter().filter_map(|c| c.card()).collect();
                if known.len() != b.cards.0.len() {
                    self.hand.note(frame, "board cards not all known");
                }
                self.hand.board = known;
            }
            Message::PacketPokerRake(r) => self.hand.rake = Some(u64::from(r.value)),
            Message::PacketPokerWin(w) => {
                self.ended = true;
                self.winners = w.serials.iter().map(|&s| u64::from(s)).collect();
                self.win_frame = frame;
            }
            Message::PacketPokerCanceled(c) => {
                self.ended = true;
                let name = self.hand.name(c.serial.into());
                self.hand.note(
                    frame,
                    format!("the hand is canceled: only {name} paid a blind"),
                );
            }
            Message::PacketPokerChipsPot2Player(c) => {
                self.ended = true;
                self.paid = true;
                let w = Win {
                    frame,
                    player: u64::from(c.serial),
                    amount: u64::from(c.chips),
                    pot: (c.pot >= 0).then_some(c.pot as usize),
                };
                if c.reason.contains("uncalled") {
                    self.hand.returned.push(w);
                } else {
                    self.hand.winners.push(w);
                }
            }
            Message::PacketPokerChipsBet2player(c) => self.hand.returned.push(Win {
                frame,
                player: u64::from(c.serial),
                amount: u64::from(c.chips),
                pot: None,
            }),
            _ => {}
        }
    }

    /// Chips Player2Bet (a client packet): the chips the last action moved.
    fn chips_to_bet(&mut self, frame: u64, serial: u32, chips: u32) {
        let p = u64::from(serial);
        match (self.pending.take()).filter(|&i| self.hand.actions[i].player == p) {
            Some(i) => {
                let a = &mut self.hand.actions[i];
                let before = a.total - a.added.min(a.total);
                let was = a.added;
                a.added = u64::from(chips);
                a.total = before + a.added;
                let total = a.total;
                self.bets.insert(p, total);
                self.highest = self.bets.values().copied().max().unwrap_or(0);
                if let Some(m) = self.money.get_mut(&p) {
                    m.0 = (m.0 + was).saturating_sub(u64::from(chips));
                }
            }
            None if self.street.is_none() => {} // its action was left out
            None => {
                let name = self.hand.name(p);
                self.hand.note(
                    frame,
                    format!("{chips} chips of {name} move to the bet with no action"),
                )
            }
        }
    }

    /// Player Cards: the hero's hole cards, or cards shown.
    fn cards(&mut self, frame: u64, p: u64, c: &Cards) {
        let Some(cards) = two(c) else { return };
        if let Some(s) = self.hand.seat_mut(p) {
            s.cards = Some(cards);
        }
        let public = self.hand.hero != Some(p)
            || self.ended
            || self.hand.board.len() == 5
            || self.hand.folded(p);
        if public && !self.hand.shown.iter().any(|s| s.player == p) {
            self.hand.shown.push(Shown {
                frame,
                player: p,
                cards,
                description: None,
            });
        }
    }
}
