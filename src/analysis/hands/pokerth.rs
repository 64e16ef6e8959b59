//! Hands from PokerTH records (`pokerth` dialect).
//!
//! Game Start gives the seats (its player id slots, seat = slot + 1) and
//! starts the count of hands; Hand Start opens a hand (the hero's cards, the
//! small blind; PokerTH's big blind is twice it); Player's Turn says who is
//! to act; Player's Action Done is every action (blinds included) with the
//! player's street total and stack after it; the deals give the board; All
//! In Show Cards and End Of Hand Show Cards the cards shown; End Of Hand
//! Show/Hide Cards the result (money won, which includes uncalled chips,
//! and stacks), which ends the hand. Names come from Player Info replies
//! (the hero's from Init), the hero from Init Ack, the game's name from
//! Game List New.
//!
//! A player's starting stack is what the server reports at their first
//! action of the hand: the stack left plus the street total. The button is
//! the seat before the small blind's among the players dealt in (heads up,
//! the small blind's own).

use super::model::*;
use super::reported::{self, Done, Known, Open, NO_GAME_START, UNSEEN_START};
use crate::decode::Record;
use crate::protocols::cards::Card;
use crate::protocols::pokerth::messages::{Message, PlayerAction, PlayersActionDone, PtCard};
use crate::protocols::ProtocolId;
use crate::reassembly::Direction;

/// Builds the hands of one PokerTH stream.
pub struct Builder {
    known: Known,
    /// The start money of the game the client joined (Join Game Ack).
    start_money: Option<u64>,
    open: Option<Open>,
}

fn card(c: PtCard) -> Option<Card> {
    c.card()
}

fn pair(a: PtCard, b: PtCard) -> Option<[Card; 2]> {
    Some([card(a)?, card(b)?])
}

impl Builder {
    /// A builder for stream `stream`.
    pub fn new(stream: u64) -> Builder {
        Builder {
            known: Known::new(stream),
            start_money: None,
            open: None,
        }
    }

    /// Something went wrong on the stream at `frame` (a gap, undecodable
    /// bytes, in either direction): the hand in play, if any, is
    /// incomplete.
    pub fn trouble(&mut self, frame: u64, _dir: Direction, why: String) {
        if let Some(o) = &mut self.open {
            o.trouble(frame, why);
        }
    }

    /// The stream ended: the hand in play, if any, ends incomplete.
    pub fn end(&mut self) -> Option<Hand> {
        self.close(None)
    }

    /// The hand in play so far (not settled yet), if any.
    pub fn current(&self) -> Option<&Hand> {
        self.open.as_ref().map(|o| &o.hand)
    }

    /// Takes one message; returns a hand when it ends one.
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<Hand> {
        let frame = r.frame;
        match m {
            Message::Init(i) => self.known.hero_name = Some(i.player_name.clone()),
            Message::InitAck(a) => self.known.init_ack(Some(u64::from(a.your_player_id))),
            Message::PlayerInfo(p) => {
                let id = u64::from(p.player_id);
                self.known.names.insert(id, p.player_name.clone());
                if let Some(s) = self.open.as_mut().and_then(|o| o.hand.seat_mut(id)) {
                    s.name = Some(p.player_name.clone());
                }
            }
            Message::JoinGameAck(a) => {
                self.known.game = Some(u64::from(a.game_id));
                self.start_money = Some(u64::from(a.game_info_block.start_money));
            }
            Message::GameListNew(g) => {
                self.known
                    .game_names
                    .insert(u64::from(g.game_id), g.game_name.clone());
            }
            Message::GameStart(g) => {
                let done = self.close(Some(frame));
                self.known.slots = g.player_id_slots.iter().map(|&p| u64::from(p)).collect();
                self.known.hands_in_game = Some(0);
                self.known.last_final.clear();
                if let Some(money) = self.start_money {
                    // Every player starts the game with the start money.
                    self.known.last_final = self.known.slots.iter().map(|&p| (p, money)).collect();
                }
                return done;
            }
            Message::HandStart(h) => {
                let done = self.close(Some(frame));
                self.start(r, h.small_blind, pair(h.your_1st_card, h.your_2nd_card));
                return done;
            }
            Message::PlayersTurn(t) => {
                if let Some(o) = &mut self.open {
                    o.prompt(frame, u64::from(t.player_id));
                }
            }
            Message::PlayersActionDone(a) => {
                if self.open.is_none() {
                    self.start_unseen(r);
                }
                self.action(frame, a)
            }
            Message::DealFlopCards(d) => self.deal(
                frame,
                Street::Flop,
                &[d.flop_1st_card, d.flop_2nd_card, d.flop_3rd_card],
            ),
            Message::DealTurnCard(d) => self.deal(frame, Street::Turn, &[d.turn_card]),
            Message::DealRiverCard(d) => self.deal(frame, Street::River, &[d.river_card]),
            Message::AllInShowCards(s) => {
                for p in &s.player_cards_records {
                    self.show(
                        frame,
                        u64::from(p.player_id),
                        pair(p.first_card, p.second_card),
                    );
                }
            }
            Message::EndOfHandShowCards(s) => {
                for p in &s.player_result_records {
                    let id = u64::from(p.player_id);
                    self.show(frame, id, pair(p.first_card, p.second_card));
                    self.result(frame, id, p.money_won, p.player_money);
                }
                return self.close_ended(frame);
            }
            Message::EndOfHandHideCards(e) => {
                self.result(frame, u64::from(e.player_id), e.money_won, e.player_money);
                return self.close_ended(frame);
            }
            Message::EndOfGame(_) | Message::RemovedFromGame(_) | Message::LeaveCurrentGame(_) => {
                return self.close(Some(frame));
            }
            _ => {}
        }
        if let Some(o) = &mut self.open {
            o.hand.last_frame = frame;
        }
        None
    }

    fn start(&mut self, r: &Record, small_blind: u32, cards: Option<[Card; 2]>) {
        self.known.hands_in_game = self.known.hands_in_game.map(|n| n + 1);
        let mut hand = self.known.new_hand(ProtocolId::PokerTh, r);
        hand.server_number = self.known.hands_in_game;
        hand.small_blind = Some(u64::from(small_blind));
        hand.big_blind = Some(2 * u64::from(small_blind));
        hand.complete = true;
        hand.table_size = (!self.known.slots.is_empty()).then_some(self.known.slots.len() as u32);
        for (i, &p) in self.known.slots.iter().enumerate() {
            hand.seats.push(Seat {
                // What the player ended the last hand with (the start money
                // for the game's first): the table shows it from the start.
                stack: self.known.last_final.get(&p).copied(),
                ..Seat::new(i as u32 + 1, p, self.known.names.get(&p).cloned())
            });
        }
        if let (Some(h), Some(c)) = (self.known.hero, cards) {
            if let Some(s) = hand.seat_mut(h) {
                s.cards = Some(c);
            }
        }
        if self.known.slots.is_empty() {
            hand.note(r.frame, NO_GAME_START);
        }
        self.open = Some(Open::new(hand, self.known.last_final.clone()));
    }

    /// Opens a hand at `r`, an action of a hand whose start (Hand Start)
    /// the capture does not show: it began before the capture, or its start
    /// was lost. Its blinds and the hero's cards are not known, its street
    /// is the action's, and it is incomplete.
    fn start_unseen(&mut self, r: &Record) {
        self.start(r, 0, None);
        if let Some(o) = &mut self.open {
            o.unseen_start = true;
            o.troubled = true;
            o.hand.small_blind = None;
            o.hand.big_blind = None;
            o.hand.incomplete(r.frame, UNSEEN_START);
        }
    }

    fn action(&mut self, frame: u64, a: &PlayersActionDone) {
        let Some(o) = &mut self.open else {
            return;
        };
        let player = u64::from(a.player_id);
        o.ensure_seat(frame, player, &self.known.names);
        let (street, blind) = match a.game_state.0 {
            0xF0 => (Street::Preflop, Some(ActionKind::SmallBlind)),
            0xF1 => (Street::Preflop, Some(ActionKind::BigBlind)),
            0 => (Street::Preflop, None),
            1 => (Street::Flop, None),
            2 => (Street::Turn, None),
            3 => (Street::River, None),
            _ => {
                o.hand.note(
                    frame,
                    format!("action in unknown game state {}", a.game_state),
                );
                return;
            }
        };
        let done = Done {
            player,
            street,
            blind,
            action: i32::from(a.player_action.0),
            total: u64::from(a.total_player_bet),
            money: u64::from(a.player_money),
        };
        o.action(frame, done, || PlayerAction(a.player_action.0).to_string());
        if blind == Some(ActionKind::SmallBlind) && o.hand.button.is_none() {
            // Known from here on (tables that follow the hand show it).
            o.hand.button = button(&o.hand);
        }
    }

    fn deal(&mut self, frame: u64, street: Street, cards: &[PtCard]) {
        if let Some(o) = &mut self.open {
            let cards: Vec<_> = (cards.iter())
                .map(|&c| card(c).ok_or_else(|| c.0.to_string()))
                .collect();
            o.deal(frame, street, &cards);
        }
    }

    fn show(&mut self, frame: u64, player: u64, cards: Option<[Card; 2]>) {
        if let Some(o) = &mut self.open {
            o.show(frame, player, cards, &self.known.names);
        }
    }

    fn result(&mut self, frame: u64, player: u64, won: u32, money: u32) {
        if let Some(o) = &mut self.open {
            o.result(
                frame,
                player,
                u64::from(won),
                u64::from(money),
                &self.known.names,
            );
        }
    }

    fn close_ended(&mut self, frame: u64) -> Option<Hand> {
        if let Some(o) = &mut self.open {
            o.end(frame);
        }
        self.close(Some(frame))
    }

    /// Closes the open hand (at `frame`, or at the end of the stream).
    fn close(&mut self, frame: Option<u64>) -> Option<Hand> {
        let h = close_open(self.open.take()?, frame);
        self.known.hand_over(&h);
        Some(h)
    }

    /// The hand in play as it will be handed on, once its result was seen
    /// (cards shown after the result may still join it): what a table that
    /// follows the hand shows at the result.
    pub fn ended(&self) -> Option<Hand> {
        let o = self.open.as_ref().filter(|o| o.ended)?;
        Some(close_open(o.clone(), None))
    }
}

/// The hand `o` holds, closed at `frame` (the end of the stream when
/// `None`).
fn close_open(mut o: Open, frame: Option<u64>) -> Hand {
    let h = &mut o.hand;
    h.close_reported(o.ended, o.troubled, frame, o.won.iter().map(|w| w.player));
    h.button = button(h).or(h.button);
    h.settle();
    reported::pay(h, o.won);
    o.hand
}

/// The button's seat: the seat before the small blind's (heads up, the
/// small blind's own).
fn button(h: &Hand) -> Option<u32> {
    let sb = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::SmallBlind)?;
    // Among the players dealt in: not one who had no chips left (seated in
    // the game, out of it) and has not acted.
    let dealt = |s: &&Seat| s.stack != Some(0) || h.actions.iter().any(|a| a.player == s.player);
    let mut seats: Vec<u32> = h.seats.iter().filter(dealt).map(|s| s.seat).collect();
    seats.sort_unstable();
    let at = seats
        .iter()
        .position(|&s| Some(s) == h.seat(sb.player).map(|x| x.seat))?;
    if seats.len() == 2 {
        return Some(seats[at]);
    }
    Some(seats[(at + seats.len() - 1) % seats.len()])
}
