//! A PokerTH 1.x game's table as one client's stream shows it: the seats
//! (Game Start Initial's order), each player's stack and bet this betting
//! round, the pot (the bets of the rounds before, collected when a new
//! round begins, plus this round's), the board, whose turn it is, the hand
//! number (Hand Start counts them), the client's own two cards, the cards
//! shown, the last action, the hand's results and the end of the game.
//!
//! Only what the server said is shown: a stack is unknown until Player
//! Action Done, a result or the game's start money gives it.

use super::{name_in, KnownPlayer};
use crate::decode::Record;
use crate::protocols::pokerth::messages::PtCard;
use crate::protocols::pokerth1::messages::{is_hand_message, message_of, u32_of, Message};
use prost_reflect::{DynamicMessage, Value};
use serde::Serialize;
use std::collections::BTreeMap;

/// One seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// The player's id.
    pub player: u32,
    /// The money in front of the player, once known.
    pub stack: Option<u32>,
    /// What the player bet in this betting round.
    pub bet: u32,
    /// Folded this hand.
    pub folded: bool,
    /// All in this hand.
    pub all_in: bool,
    /// The two cards, when the client was dealt them or they were shown.
    pub cards: Option<[PtCard; 2]>,
    /// Hand Start's state of the seat: `normal`, `session_inactive`,
    /// `no_money`.
    pub state: Option<&'static str>,
}

impl Seat {
    fn new(player: u32, stack: Option<u32>) -> Seat {
        Seat {
            player,
            stack,
            bet: 0,
            folded: false,
            all_in: false,
            cards: None,
            state: None,
        }
    }
}

/// The last action done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Action {
    /// The frame.
    pub frame: u64,
    /// Who.
    pub player: u32,
    /// `none` (a blind), `fold`, `check`, `call`, `bet`, `raise`, `all_in`.
    pub action: &'static str,
    /// The player's bet in the round after it.
    pub total_bet: u32,
    /// The player's stack after it.
    pub stack: u32,
}

/// A player's result of a hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandResult {
    /// Who.
    pub player: u32,
    /// What the player won.
    pub won: u32,
    /// The stack after the hand.
    pub stack: u32,
    /// The cards shown, if any.
    pub cards: Option<[PtCard; 2]>,
    /// The server's rank of the best hand, when given.
    pub cards_value: Option<u32>,
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
    /// `preflop`, `flop`, `turn` or `river`.
    pub street: Option<&'static str>,
    /// The community cards.
    pub board: Vec<PtCard>,
    /// The bets of earlier betting rounds and this one's.
    pub pot: u64,
    /// The bets of earlier betting rounds.
    pub collected: u64,
    /// The highest bet of this round (Player Action Done).
    pub highest_bet: Option<u32>,
    /// The minimum raise (Player Action Done).
    pub minimum_raise: Option<u32>,
    /// Whose turn it is.
    pub to_act: Option<u32>,
    /// The last action done.
    pub last_action: Option<Action>,
    /// The hand's results, once it ended.
    pub results: Vec<HandResult>,
    /// The winner of the game, once it ended.
    pub winner: Option<u32>,
    /// True while the hand was not seen from its start (the capture began
    /// in its middle): bets of earlier rounds, and so the pot, may be short.
    pub partial: bool,
}

/// NetGameState: the betting round.
fn street_of(n: u32) -> &'static str {
    match n {
        1 => "flop",
        2 => "turn",
        3 => "river",
        _ => "preflop",
    }
}

/// NetPlayerAction.
fn action_of(n: u32) -> &'static str {
    match n {
        1 => "fold",
        2 => "check",
        3 => "call",
        4 => "bet",
        5 => "raise",
        6 => "all_in",
        _ => "none",
    }
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

fn card(v: u32) -> PtCard {
    PtCard(u16::try_from(v).unwrap_or(u16::MAX))
}

fn pair(m: &DynamicMessage, a: &str, b: &str) -> Option<[PtCard; 2]> {
    Some([card(u32_of(m, a)?), card(u32_of(m, b)?)])
}

pub(super) fn cards_text(c: &[PtCard]) -> String {
    let s: Vec<String> = c.iter().map(PtCard::to_string).collect();
    s.join(" ")
}

fn messages(v: Vec<Value>) -> Vec<DynamicMessage> {
    v.into_iter()
        .filter_map(|v| v.as_message().cloned())
        .collect()
}

impl Table {
    /// A table of `seats` (player ids), each with `stack` when known.
    pub fn new(game_id: u32, seats: &[(u32, Option<u32>)], button: Option<u32>) -> Table {
        Table {
            game_id,
            seats: seats.iter().map(|&(p, s)| Seat::new(p, s)).collect(),
            button,
            hand: Some(0),
            small_blind: None,
            street: None,
            board: Vec::new(),
            pot: 0,
            collected: 0,
            highest_bet: None,
            minimum_raise: None,
            to_act: None,
            last_action: None,
            results: Vec::new(),
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
    fn seat(&mut self, player: u32) -> &mut Seat {
        let i = match self.seats.iter().position(|s| s.player == player) {
            Some(i) => i,
            None => {
                self.seats.push(Seat::new(player, None));
                self.seats.len() - 1
            }
        };
        &mut self.seats[i]
    }

    fn update_pot(&mut self) {
        let bets: u64 = self.seats.iter().map(|s| u64::from(s.bet)).sum();
        self.pot = self.collected + bets;
    }

    /// A new betting round: this round's bets go to the pot.
    fn round(&mut self, street: &'static str) {
        if self.street == Some(street) {
            return;
        }
        if self.street.is_some() && street != "preflop" {
            for s in &mut self.seats {
                self.collected += u64::from(s.bet);
                s.bet = 0;
            }
            self.highest_bet = Some(0);
        }
        self.street = Some(street);
        self.to_act = None;
        self.update_pot();
    }

    fn new_hand(&mut self) {
        self.hand = self.hand.map(|h| h + 1);
        self.partial = false;
        self.street = None;
        self.board.clear();
        self.collected = 0;
        self.highest_bet = None;
        self.minimum_raise = None;
        self.to_act = None;
        self.last_action = None;
        self.results.clear();
        for s in &mut self.seats {
            s.bet = 0;
            s.folded = false;
            s.all_in = false;
            s.cards = None;
        }
        self.update_pot();
    }

    /// A hand result: the stack, the cards shown.
    fn result(&mut self, r: HandResult) {
        let seat = self.seat(r.player);
        seat.stack = Some(r.stack);
        if r.cards.is_some() {
            seat.cards = r.cards;
        }
        match self.results.iter_mut().find(|x| x.player == r.player) {
            Some(x) if r.cards.is_some() && x.cards.is_none() => x.cards = r.cards,
            Some(_) => {}
            None => self.results.push(r),
        }
        self.to_act = None;
    }

    /// Applies one of the table's messages; returns what changed.
    pub fn message(
        &mut self,
        r: &Record,
        m: &Message,
        me: Option<u32>,
        players: &BTreeMap<u32, KnownPlayer>,
    ) -> Option<String> {
        let b = m.body();
        let who = |id: u32| name_in(players, id);
        Some(match m.name {
            "HandStart" => {
                self.new_hand();
                self.small_blind = m.u32("smallBlind");
                if let Some(d) = m.u32("dealerPlayerId") {
                    self.button = Some(d);
                }
                for (seat, st) in self.seats.iter_mut().zip(m.list("seatStates")) {
                    seat.state = st.as_enum_number().map(seat_state_of);
                }
                let mine =
                    message_of(b, "plainCards").and_then(|c| pair(&c, "plainCard1", "plainCard2"));
                // A client out of chips is still sent two cards: not its.
                let out = me.is_some_and(|me| {
                    (self.seats.iter()).any(|s| s.player == me && s.state == Some("no_money"))
                });
                if let (Some(me), Some(c), false) = (me, mine, out) {
                    self.seat(me).cards = Some(c);
                }
                let mut t = format!(
                    "hand {} starts: small blind {}",
                    number(self.hand),
                    self.small_blind.map_or("?".into(), |x| x.to_string())
                );
                if let Some(d) = self.button {
                    t.push_str(&format!(", button {}", who(d)));
                }
                match (mine, out) {
                    (Some(c), false) => t.push_str(&format!(", client's cards {}", cards_text(&c))),
                    (Some(_), true) => t.push_str(", the client is out of chips"),
                    (None, _) => {}
                }
                t
            }
            "PlayersTurn" => {
                let p = m.u32("playerId")?;
                let state = m.enum_number("gameState").unwrap_or(0) as u32;
                self.round(street_of(state));
                self.to_act = Some(p);
                format!("{}'s turn ({})", who(p), self.street.unwrap_or("?"))
            }
            "PlayersActionDone" => {
                let p = m.u32("playerId")?;
                let state = m.enum_number("gameState").unwrap_or(0) as u32;
                self.round(street_of(state));
                let action = action_of(m.enum_number("playerAction").unwrap_or(0) as u32);
                let bet = m.u32("totalPlayerBet").unwrap_or(0);
                let money = m.u32("playerMoney").unwrap_or(0);
                let seat = self.seat(p);
                seat.bet = bet;
                seat.stack = Some(money);
                seat.folded |= action == "fold";
                seat.all_in |= action == "all_in" || (money == 0 && action != "fold");
                self.highest_bet = m.u32("highestSet");
                self.minimum_raise = m.u32("minimumRaise");
                if self.to_act == Some(p) {
                    self.to_act = None;
                }
                self.last_action = Some(Action {
                    frame: r.frame,
                    player: p,
                    action,
                    total_bet: bet,
                    stack: money,
                });
                self.update_pot();
                let did = match (action, state) {
                    ("none", 4) => format!("posts small blind {bet}"),
                    ("none", 5) => format!("posts big blind {bet}"),
                    ("fold", _) => "folds".into(),
                    ("check", _) => "checks".into(),
                    ("call", _) => format!("calls ({bet})"),
                    ("bet", _) => format!("bets {bet}"),
                    ("raise", _) => format!("raises to {bet}"),
                    ("all_in", _) => format!("goes all in ({bet})"),
                    _ => format!("bets {bet}"),
                };
                format!("{} {did}: stack {money}, pot {}", who(p), self.pot)
            }
            "DealFlopCards" | "DealTurnCard" | "DealRiverCard" => {
                let (street, fields): (_, &[&str]) = match m.name {
                    "DealFlopCards" => ("flop", &["flopCard1", "flopCard2", "flopCard3"]),
                    "DealTurnCard" => ("turn", &["turnCard"]),
                    _ => ("river", &["riverCard"]),
                };
                self.round(street);
                let dealt: Vec<PtCard> = fields.iter().filter_map(|f| m.u32(f)).map(card).collect();
                self.board.extend(&dealt);
                format!("{street} {}: pot {}", cards_text(&dealt), self.pot)
            }
            "AllInShowCards" => {
                let mut shown = Vec::new();
                for p in messages(m.list("playersAllIn")) {
                    let (Some(id), Some(c)) =
                        (u32_of(&p, "playerId"), pair(&p, "allInCard1", "allInCard2"))
                    else {
                        continue;
                    };
                    self.seat(id).cards = Some(c);
                    shown.push(format!("{} {}", who(id), cards_text(&c)));
                }
                self.to_act = None;
                format!("all in, cards shown: {}", shown.join(", "))
            }
            "EndOfHandShowCards" => {
                let mut said = Vec::new();
                for p in messages(m.list("playerResults")) {
                    let Some(res) = player_result(&p) else {
                        continue;
                    };
                    let won = match res.won {
                        0 => String::new(),
                        n => format!(" wins {n}"),
                    };
                    said.push(format!(
                        "{}{won} ({}), stack {}",
                        who(res.player),
                        res.cards.map_or("?".into(), |c| cards_text(&c)),
                        res.stack
                    ));
                    self.result(res);
                }
                format!("hand {} shown down: {}", number(self.hand), said.join("; "))
            }
            "EndOfHandHideCards" => {
                let p = m.u32("playerId")?;
                let won = m.u32("moneyWon").unwrap_or(0);
                let stack = m.u32("playerMoney").unwrap_or(0);
                self.result(HandResult {
                    player: p,
                    won,
                    stack,
                    cards: None,
                    cards_value: None,
                });
                format!(
                    "hand {}: {} wins {won} without showdown, stack {stack}",
                    number(self.hand),
                    who(p)
                )
            }
            "AfterHandShowCards" => {
                let res = player_result(&message_of(b, "playerResult")?)?;
                let (p, c) = (res.player, res.cards);
                self.result(res);
                format!(
                    "{} shows {}",
                    who(p),
                    c.map_or("?".into(), |c| cards_text(&c))
                )
            }
            "MyActionRequest" => {
                let n = m.u32("handNum").filter(|&n| self.hand != Some(n))?;
                self.hand = Some(n);
                format!("the client's action request says this is hand {n}")
            }
            "EndOfGame" => {
                let w = m.u32("winnerPlayerId")?;
                self.winner = Some(w);
                self.to_act = None;
                format!("game {} over: {} wins", self.game_id, who(w))
            }
            _ => return None,
        })
    }
}

/// A `PlayerResult` sub-message.
fn player_result(p: &DynamicMessage) -> Option<HandResult> {
    Some(HandResult {
        player: u32_of(p, "playerId")?,
        won: u32_of(p, "moneyWon").unwrap_or(0),
        stack: u32_of(p, "playerMoney").unwrap_or(0),
        cards: pair(p, "resultCard1", "resultCard2"),
        cards_value: u32_of(p, "cardsValue"),
    })
}

/// Whether a message is one of the table's.
pub fn is_table_message(name: &str) -> bool {
    is_hand_message(name)
        || matches!(
            name,
            "HandStart" | "AfterHandShowCards" | "EndOfGame" | "MyActionRequest"
        )
}
