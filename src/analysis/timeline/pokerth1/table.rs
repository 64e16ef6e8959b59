//! A PokerTH 1.x game's table as one client's stream shows it, what the
//! game tells beside its hands: the seats (Game Start Initial's order) and
//! each one's state at the last Hand Start, the button, the hand number
//! (Hand Start counts them), the small blind, the server's highest bet and
//! minimum raise, and the game's winner.
//!
//! The hand itself (stacks, bets, pot, board, cards, whose turn, results)
//! is the one table every poker stream has, [`crate::analysis::hands::table`],
//! which the timeline follows the hand with through the hand builder
//! (`super::super::poker`): the lobby's `table`.

use super::parts::{name_in, KnownPlayer};
use crate::decode::Record;
use crate::protocols::pokerth1::messages::{is_hand_message, Message};
use serde::Serialize;
use std::collections::BTreeMap;

/// One seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// The player's id.
    pub player: u32,
    /// Hand Start's state of the seat: `normal`, `session_inactive`,
    /// `no_money`.
    pub state: Option<&'static str>,
}

/// The table of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table {
    /// Game ID.
    pub game_id: u32,
    /// The seats in the server's order.
    pub seats: Vec<Seat>,
    /// The player id of the button (Hand Start's dealer).
    pub button: Option<u32>,
    /// The hand being played, from 1 (0 before the first); unknown when
    /// the capture began after the game's start, until the client's action
    /// request or a rejoin names it.
    pub hand: Option<u32>,
    /// The hand's small blind.
    pub small_blind: Option<u32>,
    /// The highest bet of this round (Player Action Done).
    pub highest_bet: Option<u32>,
    /// The minimum raise (Player Action Done).
    pub minimum_raise: Option<u32>,
    /// The winner of the game, once it ended.
    pub winner: Option<u32>,
    /// True while the hand was not seen from its start (the capture began
    /// in its middle).
    pub partial: bool,
}

/// NetPlayerState.
fn seat_state_of(n: i32) -> &'static str {
    match n {
        1 => "session_inactive",
        2 => "no_money",
        _ => "normal",
    }
}

pub(super) fn number(hand: Option<u32>) -> String {
    hand.map_or("?".into(), |h| h.to_string())
}

impl Table {
    /// A table of `seats` (player ids; their start money, which the hand
    /// table shows, is not kept here).
    pub fn new(game_id: u32, seats: &[(u32, Option<u32>)], button: Option<u32>) -> Table {
        Table {
            game_id,
            seats: (seats.iter())
                .map(|&(player, _)| Seat {
                    player,
                    state: None,
                })
                .collect(),
            button,
            hand: Some(0),
            small_blind: None,
            highest_bet: None,
            minimum_raise: None,
            winner: None,
            partial: false,
        }
    }

    /// A table whose game began before the capture: seats come as players
    /// act, and the hand in play is partial.
    pub fn unseen(game_id: u32) -> Table {
        Table {
            partial: true,
            hand: None,
            ..Table::new(game_id, &[], None)
        }
    }

    /// The seat of `player`, added when the table did not know it (the
    /// capture began after the game started).
    fn seat(&mut self, player: u32) {
        if !self.seats.iter().any(|s| s.player == player) {
            self.seats.push(Seat {
                player,
                state: None,
            });
        }
    }

    /// Applies one of the table's messages; returns what changed that the
    /// hand table does not tell.
    pub fn message(
        &mut self,
        _r: &Record,
        m: &Message,
        _me: Option<u32>,
        players: &BTreeMap<u32, KnownPlayer>,
    ) -> Option<String> {
        let who = |id: u32| name_in(players, id);
        match m.name {
            "HandStart" => {
                self.hand = self.hand.map(|h| h + 1);
                self.partial = false;
                self.highest_bet = None;
                self.minimum_raise = None;
                self.small_blind = m.u32("smallBlind");
                if let Some(d) = m.u32("dealerPlayerId") {
                    self.button = Some(d);
                }
                for (seat, st) in self.seats.iter_mut().zip(m.list("seatStates")) {
                    seat.state = st.as_enum_number().map(seat_state_of);
                }
                None
            }
            "PlayersActionDone" => {
                if let Some(p) = m.u32("playerId") {
                    self.seat(p);
                }
                self.highest_bet = m.u32("highestSet");
                self.minimum_raise = m.u32("minimumRaise");
                None
            }
            "MyActionRequest" => {
                let n = m.u32("handNum").filter(|&n| self.hand != Some(n))?;
                self.hand = Some(n);
                Some(format!("the client's action request says this is hand {n}"))
            }
            "EndOfGame" => {
                let w = m.u32("winnerPlayerId")?;
                self.winner = Some(w);
                Some(format!("game {} over: {} wins", self.game_id, who(w)))
            }
            _ => None,
        }
    }
}

/// Whether a message is one of the table's.
pub fn is_table_message(name: &str) -> bool {
    is_hand_message(name)
        || matches!(
            name,
            "HandStart" | "AfterHandShowCards" | "EndOfGame" | "MyActionRequest"
        )
}
