//! Hands from poker-network records.
//!
//! Before a hand: Packet Poker Table (the table's name and betting
//! structure), Player Arrive (name and seat), Seat and Seats (seats),
//! Player Chips (stacks), In Game (who is dealt in) and Dealer (the
//! button's seat). Packet Poker Start opens the hand (its hand serial is the
//! hand number); then State (the street), Blind and Ante, Player Cards,
//! Board Cards, Position (who is to act), the actions (Fold, Check, Call,
//! Raise), Chips Player2Bet (the chips an action moved: the server's amount
//! wins over the one the rules give), Player Chips (stacks after each
//! move), Best Cards (the name of a shown hand), Win, Chips Pot2Player and
//! Chips Bet2player (what each player receives), and Showdown, which ends
//! the hand. Only what the server sends is used; the hero is the player of
//! Packet Serial. Seats are numbered from 1 (the wire's seat + 1).

use super::model::*;
use crate::decode::Record;
use crate::protocols::cards::Card;
use crate::protocols::pokernetwork::{Cards, Message};
use crate::protocols::ProtocolId;
use crate::reassembly::Direction;
use std::collections::HashMap;

/// A hand being built.
struct Open {
    hand: Hand,
    street: Street,
    bets: HashMap<u64, u64>,
    highest: u64,
    expected: Option<u64>,
    /// The action waiting for the chips it moves.
    pending: Option<usize>,
    descriptions: HashMap<u64, String>,
    ended: bool,
    troubled: bool,
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
    open: Option<Open>,
}

/// Two known cards, or none.
fn two(c: &Cards) -> Option<[Card; 2]> {
    match c.0.as_slice() {
        [a, b] => Some([a.card()?, b.card()?]),
        _ => None,
    }
}

impl Builder {
    /// A builder for stream `stream`.
    pub fn new(stream: u64) -> Builder {
        Builder {
            stream,
            hero: None,
            names: HashMap::new(),
            seats: HashMap::new(),
            money: HashMap::new(),
            tables: HashMap::new(),
            in_game: Vec::new(),
            dealer: None,
            open: None,
        }
    }

    /// Something went wrong on the stream at `frame`: the hand in play, if
    /// any, is incomplete.
    pub fn trouble(&mut self, frame: u64, why: String) {
        if let Some(o) = &mut self.open {
            o.troubled = true;
            o.hand.incomplete(frame, why);
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
                if let Some(o) = self.open.as_mut().filter(|o| !o.ended) {
                    if let Some(a) = o.hand.actions.iter_mut().rev().find(|a| a.player == p) {
                        a.reported_stack = Some(c.money);
                        a.all_in = c.money == 0 && a.kind != ActionKind::Fold;
                    }
                }
                if let Some(o) = self.open.as_mut().filter(|o| o.ended) {
                    if let Some(s) = o.hand.seat_mut(p) {
                        s.final_stack = Some(c.money);
                    }
                }
            }
            _ => {
                if let Some(o) = &mut self.open {
                    o.hand.last_frame = frame;
                    Self::in_hand(o, frame, m);
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
            if stack.is_none() {
                hand.note(
                    r.frame,
                    format!("stack of player {p} at the start not known"),
                );
            }
            hand.seats.push(Seat {
                seat,
                player: p,
                name: self.names.get(&p).cloned(),
                stack,
                final_stack: None,
                cards: None,
            });
        }
        hand.seats.sort_by_key(|s| s.seat);
        self.open = Some(Open {
            hand,
            street: Street::Preflop,
            bets: HashMap::new(),
            highest: 0,
            expected: None,
            pending: None,
            descriptions: HashMap::new(),
            ended: false,
            troubled: false,
        });
    }

    /// A message of the hand in play.
    fn in_hand(o: &mut Open, frame: u64, m: &Message) {
        let act = |o: &mut Open, player: u32, kind: ActionKind, added: u64| {
            let player = u64::from(player);
            if o.hand.seat(player).is_none() {
                o.hand
                    .note(frame, format!("player {player} acts but is not dealt in"));
            }
            let before = o.bets.get(&player).copied().unwrap_or(0);
            let blind = matches!(
                kind,
                ActionKind::SmallBlind | ActionKind::BigBlind | ActionKind::Ante
            );
            let expected = if blind { None } else { o.expected.take() };
            o.hand.actions.push(Action {
                frame,
                street: o.street,
                player,
                kind,
                added,
                total: before + added,
                all_in: false,
                reported_stack: None,
                expected,
                amount_known: true,
            });
            o.bets.insert(player, before + added);
            o.highest = o.highest.max(before + added);
            o.pending = (added > 0 || blind).then_some(o.hand.actions.len() - 1);
        };
        let mine = |o: &Open, p: u32| o.bets.get(&u64::from(p)).copied().unwrap_or(0);
        match m {
            Message::PacketPokerState(s) => {
                let street = match s.string.as_str() {
                    "pre-flop" | "blindAnte" => Street::Preflop,
                    "flop" => Street::Flop,
                    "turn" => Street::Turn,
                    "river" => Street::River,
                    _ => return,
                };
                if street != o.street {
                    o.street = street;
                    o.bets.clear();
                    o.highest = 0;
                }
            }
            Message::PacketPokerPosition(p) => o.expected = Some(u64::from(p.serial)),
            Message::PacketPokerBlind(b) => act(
                o,
                b.serial,
                ActionKind::BigBlind,
                u64::from(b.amount) + u64::from(b.dead),
            ),
            Message::PacketPokerAnte(a) => {
                o.hand.ante = Some(u64::from(a.amount));
                act(o, a.serial, ActionKind::Ante, u64::from(a.amount))
            }
            Message::PacketPokerFold(f) => act(o, f.serial, ActionKind::Fold, 0),
            Message::PacketPokerCheck(c) => act(o, c.serial, ActionKind::Check, 0),
            Message::PacketPokerCall(c) => {
                let owe = o.highest.saturating_sub(mine(o, c.serial));
                act(o, c.serial, ActionKind::Call, owe)
            }
            Message::PacketPokerRaise(r) => {
                let kind = if o.highest == 0 {
                    ActionKind::Bet
                } else {
                    ActionKind::Raise
                };
                let to = o.highest + u64::from(r.amount);
                let added = to.saturating_sub(mine(o, r.serial));
                act(o, r.serial, kind, added)
            }
            Message::PacketPokerChipsPlayer2Bet(c) => {
                let p = u64::from(c.serial);
                match o.pending.take().filter(|&i| o.hand.actions[i].player == p) {
                    Some(i) => {
                        let a = &mut o.hand.actions[i];
                        let before = a.total - a.added;
                        a.added = u64::from(c.chips);
                        a.total = before + a.added;
                        let total = a.total;
                        o.bets.insert(p, total);
                        o.highest = o.bets.values().copied().max().unwrap_or(0);
                    }
                    None => o.hand.note(
                        frame,
                        format!(
                            "{} chips of {} move to the bet with no action",
                            c.chips,
                            o.hand.name(p)
                        ),
                    ),
                }
            }
            Message::PacketPokerPlayerCards(c) => {
                let p = u64::from(c.serial);
                if let Some(cards) = two(&c.cards) {
                    if let Some(s) = o.hand.seat_mut(p) {
                        s.cards = Some(cards);
                    }
                    let public = o.hand.hero != Some(p)
                        || o.ended
                        || o.hand.board.len() == 5
                        || o.hand.folded(p);
                    if public && !o.hand.shown.iter().any(|s| s.player == p) {
                        o.hand.shown.push(Shown {
                            frame,
                            player: p,
                            cards,
                            description: None,
                        });
                    }
                }
            }
            Message::PacketPokerBestCards(b) => {
                let p = u64::from(b.serial);
                o.descriptions.insert(p, b.hand.clone());
                if let Some(s) = o.hand.shown.iter_mut().find(|s| s.player == p) {
                    s.description = Some(b.hand.clone());
                }
            }
            Message::PacketPokerBoardCards(b) => {
                let known: Vec<Card> = b.cards.0.iter().filter_map(|c| c.card()).collect();
                if known.len() != b.cards.0.len() {
                    o.hand.note(frame, "board cards not all known");
                }
                o.hand.board = known;
            }
            Message::PacketPokerWin(_) => o.ended = true,
            Message::PacketPokerChipsPot2Player(c) => {
                o.ended = true;
                let w = Win {
                    frame,
                    player: u64::from(c.serial),
                    amount: u64::from(c.chips),
                    pot: (c.pot >= 0).then_some(c.pot as usize),
                };
                if c.reason.contains("uncalled") {
                    o.hand.returned.push(w);
                } else {
                    o.hand.winners.push(w);
                }
            }
            Message::PacketPokerChipsBet2player(c) => o.hand.returned.push(Win {
                frame,
                player: u64::from(c.serial),
                amount: u64::from(c.chips),
                pot: None,
            }),
            _ => {}
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
        let h = &mut o.hand;
        if !o.ended {
            let at = frame.unwrap_or(h.last_frame);
            h.incomplete(
                at,
                "the capture does not show the hand's end: it is incomplete",
            );
        }
        h.complete = o.ended && !o.troubled;
        // Blinds: the largest posted is the big blind, smaller ones small.
        let blinds: Vec<u64> = (h.actions.iter())
            .filter(|a| a.kind == ActionKind::BigBlind)
            .map(|a| a.added)
            .collect();
        let big = blinds.iter().copied().max();
        if blinds.len() > 1 {
            for a in h
                .actions
                .iter_mut()
                .filter(|a| a.kind == ActionKind::BigBlind)
            {
                if Some(a.added) < big {
                    a.kind = ActionKind::SmallBlind;
                    h.small_blind.get_or_insert(a.added);
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
