//! Hands from PokerTH 1.x records (`pokerth-1` dialect, protocol 5.1).
//!
//! Each TCP connection is one client's view of its game: the hero is the
//! connection's own player (Init Ack's `yourPlayerId`, named by the Init's
//! `nickName`), and two connections at one table give two hand histories
//! with different heroes.
//!
//! - Join Game Ack names the game, its table size (`maxNumPlayers`) and
//!   start money; Game List New names other games; Player Info Reply names
//!   players; Player Id Changed renumbers one.
//! - Game Start Initial gives the seats (`playerSeats`, seat = position +
//!   1), every player with the start money, and starts the count of hands;
//!   Game Start Rejoin (a reconnected client) gives the seats and the
//!   server's hand number.
//! - Hand Start opens a hand ([`hand`]): the small blind (the big blind is
//!   twice it), the dealer (the button, a dead one when the dealer has no
//!   money left), who is dealt in (`seatStates`: a player without money is
//!   not) and the hero's cards.
//! - Players Action Done is every action, the blinds included (game state
//!   `netStatePreflopSmallBlind` / `BigBlind`), with the player's total bet
//!   on the street and his money after it: the server's figures are the
//!   authority. Players Turn says who is to act; Your Action Rejected is a
//!   note on the hand.
//! - The deals give the board; All In Show Cards and the results the cards
//!   shown; End Of Hand Show Cards / Hide Cards the result (money won,
//!   uncalled chips included, and money after the hand), which ends the
//!   hand. The hand is handed on at the next Hand Start, game end or
//!   stream end, so that After Hand Show Cards (a winner showing after the
//!   hand) is still part of it ([`settle`]).

mod hand;
mod settle;

use super::model::*;
use super::reported::{Known, Open, NO_GAME_START, UNSEEN_START};
use crate::decode::Record;
use crate::protocols::pokerth1::messages::{list_of, message_of, string_of, u32_of};
use crate::protocols::pokerth1::Message;
use crate::protocols::ProtocolId;
use crate::reassembly::Direction;
use prost_reflect::{DynamicMessage, Value};

/// Builds the hands of one PokerTH 1.x stream.
pub struct Builder {
    known: Known,
    /// The size of the table of the game the client joined.
    table_size: Option<u32>,
    /// The start money of the game the client joined.
    start_money: Option<u64>,
    open: Option<Open>,
}

/// The elements of a repeated field that are messages.
fn messages(m: &DynamicMessage, name: &str) -> Vec<DynamicMessage> {
    (list_of(m, name).into_iter())
        .filter_map(|v| match v {
            Value::Message(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// The unsigned values of a repeated field.
fn numbers(m: &DynamicMessage, name: &str) -> Vec<u64> {
    (list_of(m, name).iter())
        .filter_map(|v| match v {
            Value::U32(n) => Some(u64::from(*n)),
            Value::U64(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// A player id field.
fn id(m: &DynamicMessage, name: &str) -> Option<u64> {
    u32_of(m, name).map(u64::from)
}

impl Builder {
    /// A builder for stream `stream`.
    pub fn new(stream: u64) -> Builder {
        Builder {
            known: Known::new(stream),
            table_size: None,
            start_money: None,
            open: None,
        }
    }

    /// Something went wrong on the stream at `frame` (a gap, undecodable
    /// bytes, in either direction): the hand in play, if any, is
    /// incomplete. A hand whose result was seen is whole already.
    pub fn trouble(&mut self, frame: u64, _dir: Direction, why: String) {
        if let Some(o) = self.open.as_mut().filter(|o| !o.ended) {
            o.trouble(frame, why);
        }
    }

    /// The stream ended: the hand in play, if any, ends (incomplete if its
    /// result was not seen).
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
        let b = m.body();
        match m.name {
            "Init" => self.known.hero_name = string_of(b, "nickName"),
            "InitAck" => self.known.init_ack(id(b, "yourPlayerId")),
            "PlayerInfoReply" => {
                let name =
                    message_of(b, "playerInfoData").and_then(|d| string_of(&d, "playerName"));
                if let (Some(p), Some(name)) = (id(b, "playerId"), name) {
                    if let Some(s) = self.open.as_mut().and_then(|o| o.hand.seat_mut(p)) {
                        s.name = Some(name.clone());
                    }
                    self.known.names.insert(p, name);
                }
            }
            "PlayerIdChanged" => {
                // A hand that is over is handed on under the ids it was
                // played with; one in play takes the new id.
                let done = match &self.open {
                    Some(o) if o.ended => self.close(Some(frame)),
                    _ => None,
                };
                if let (Some(old), Some(new)) = (id(b, "oldPlayerId"), id(b, "newPlayerId")) {
                    self.renumber(old, new);
                }
                return done;
            }
            "GameListNew" => {
                let name = message_of(b, "gameInfo").and_then(|g| string_of(&g, "gameName"));
                if let (Some(g), Some(name)) = (id(b, "gameId"), name) {
                    self.known.game_names.insert(g, name);
                }
            }
            "JoinGameAck" => {
                self.known.game = id(b, "gameId");
                if let Some(info) = message_of(b, "gameInfo") {
                    if let (Some(g), Some(name)) = (self.known.game, string_of(&info, "gameName")) {
                        self.known.game_names.insert(g, name);
                    }
                    self.table_size = u32_of(&info, "maxNumPlayers");
                    self.start_money = id(&info, "startMoney");
                }
            }
            "GameStartInitial" => {
                let done = self.close(Some(frame));
                self.known.game = id(b, "gameId").or(self.known.game);
                self.known.slots = numbers(b, "playerSeats");
                self.known.hands_in_game = Some(0);
                self.known.last_final.clear();
                if let Some(money) = self.start_money {
                    self.known.last_final = self.known.slots.iter().map(|&p| (p, money)).collect();
                }
                return done;
            }
            "GameStartRejoin" => {
                let done = self.close(Some(frame));
                self.known.game = id(b, "gameId").or(self.known.game);
                let players = messages(b, "rejoinPlayerData");
                self.known.slots = players.iter().filter_map(|p| id(p, "playerId")).collect();
                // The server's number of the hand in play: the next one
                // starts after it.
                self.known.hands_in_game = id(b, "handNum");
                // Each player's money as the server gives it now.
                self.known.last_final = (players.iter())
                    .filter_map(|p| Some((id(p, "playerId")?, id(p, "playerMoney")?)))
                    .collect();
                return done;
            }
            "HandStart" => {
                let done = self.close(Some(frame));
                self.start(r, m);
                return done;
            }
            "PlayersTurn" => {
                if let (Some(o), Some(p)) =
                    (self.open.as_mut().filter(|o| !o.ended), id(b, "playerId"))
                {
                    o.prompt(frame, p);
                }
            }
            "PlayersActionDone" => {
                if self.open.as_ref().is_none_or(|o| o.ended) {
                    let done = self.close(Some(frame));
                    self.start_unseen(r, id(b, "gameId"));
                    if let Some(o) = &mut self.open {
                        o.action_done(frame, b, &self.known.names);
                    }
                    return done;
                }
                if let Some(o) = &mut self.open {
                    o.action_done(frame, b, &self.known.names);
                }
            }
            "YourActionRejected" => {
                if let Some(o) = &mut self.open {
                    o.rejected(frame, b, self.known.hero);
                }
            }
            "DealFlopCards" | "DealTurnCard" | "DealRiverCard" => {
                if let Some(o) = &mut self.open {
                    o.deal_message(frame, m.name, b);
                }
            }
            "AllInShowCards" => {
                if let Some(o) = &mut self.open {
                    for p in messages(b, "playersAllIn") {
                        o.show_entry(frame, &p, "allInCard", &self.known.names);
                    }
                }
            }
            "EndOfHandShowCards" => {
                if let Some(o) = &mut self.open {
                    for p in messages(b, "playerResults") {
                        o.show_entry(frame, &p, "resultCard", &self.known.names);
                        o.result_entry(frame, &p, &self.known.names);
                    }
                    o.end(frame);
                }
            }
            "EndOfHandHideCards" => {
                if let Some(o) = &mut self.open {
                    o.result_entry(frame, b, &self.known.names);
                    o.end(frame);
                }
            }
            "AfterHandShowCards" => {
                if let (Some(o), Some(p)) = (&mut self.open, message_of(b, "playerResult")) {
                    o.show_entry(frame, &p, "resultCard", &self.known.names);
                }
            }
            "EndOfGame" | "RemovedFromGame" => return self.close(Some(frame)),
            _ => {}
        }
        None
    }

    /// A new hand of the stream, started at `r`, a message of game `game`
    /// (every game message carries its game's id): its number, the
    /// game's, the table and the hero.
    fn new_hand(&mut self, r: &Record, game: Option<u64>) -> Hand {
        let mut hand = self.known.new_hand(ProtocolId::PokerTh1, r);
        if let Some(g) = game.filter(|g| hand.table != Some(*g)) {
            hand.table = Some(g);
            hand.table_name = self.known.game_names.get(&g).cloned();
        }
        let size = self
            .table_size
            .unwrap_or(0)
            .max(self.known.slots.len() as u32);
        hand.table_size = (size > 0).then_some(size);
        hand
    }

    /// Opens a hand at Hand Start `m`.
    fn start(&mut self, r: &Record, m: &Message) {
        self.known.hands_in_game = self.known.hands_in_game.map(|n| n + 1);
        let mut hand = self.new_hand(r, id(m.body(), "gameId"));
        hand.server_number = self.known.hands_in_game;
        hand.complete = true;
        if self.known.slots.is_empty() {
            hand.note(r.frame, NO_GAME_START);
        }
        self.open = Some(Open::start(
            hand,
            m,
            &self.known.slots,
            &self.known.names,
            &self.known.last_final,
        ));
    }

    /// Opens a hand at `r`, an action of a hand whose start (Hand Start)
    /// the capture does not show: it began before the capture (or before a
    /// rejoining client came back), or its start was lost. Its blinds and
    /// the hero's cards are not known, and it is incomplete.
    fn start_unseen(&mut self, r: &Record, game: Option<u64>) {
        let mut hand = self.new_hand(r, game);
        hand.server_number = None;
        // How many hands the lost part held is not known: the hands after
        // it are not numbered (a wrong number would keep the views of one
        // hand apart).
        self.known.hands_in_game = None;
        hand.incomplete(r.frame, UNSEEN_START);
        self.open = Some(Open::unseen(hand, &self.known.slots, &self.known.names));
    }

    /// Player `old` is now `new` (a rejoin gives a new id).
    fn renumber(&mut self, old: u64, new: u64) {
        if self.known.hero == Some(old) {
            self.known.hero = Some(new);
        }
        if let Some(n) = self.known.names.remove(&old) {
            self.known.names.insert(new, n);
        }
        for p in self.known.slots.iter_mut().filter(|p| **p == old) {
            *p = new;
        }
        if let Some(m) = self.known.last_final.remove(&old) {
            self.known.last_final.insert(new, m);
        }
        if let Some(o) = &mut self.open {
            o.renumber(old, new);
        }
    }

    /// The hand in play as it will be handed on, once its result was seen
    /// (cards shown after the result may still join it): what a table that
    /// follows the hand shows at the result.
    pub fn ended(&self) -> Option<Hand> {
        let o = self.open.as_ref().filter(|o| o.ended)?;
        Some(settle::close(o.clone(), None))
    }

    /// Whether the hand in play showed its result (and is kept open for
    /// cards shown after it).
    pub fn result_seen(&self) -> bool {
        self.open.as_ref().is_some_and(|o| o.ended)
    }

    /// Hands on the hand in play once its result was seen, without
    /// waiting for the next hand.
    pub fn close_after_result(&mut self) -> Option<Hand> {
        let frame = self.open.as_ref().filter(|o| o.ended)?.hand.last_frame;
        self.close(Some(frame))
    }

    /// Hands the open hand on: settled, with its final stacks, winners and
    /// button ([`settle`]); incomplete when its result was not seen.
    fn close(&mut self, frame: Option<u64>) -> Option<Hand> {
        let o = self.open.take()?;
        let h = settle::close(o, frame);
        self.known.hand_over(&h);
        Some(h)
    }
}

#[cfg(test)]
mod tests;
