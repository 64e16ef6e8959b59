//! A PokerTH 1.x hand in play: the seats dealt in at Hand Start, every
//! action with the server's street total and money, the board, the cards
//! shown and the results.

use super::super::model::*;
use super::id;
use crate::analysis::hands::pokerth::street_name;
use crate::analysis::hands::HashMap;
use crate::protocols::cards::Card;
use crate::protocols::pokerth::messages::PtCard;
use crate::protocols::pokerth1::messages::{enum_of, message_of, schema, u32_of};
use crate::protocols::pokerth1::Message;
use prost_reflect::{DynamicMessage, ReflectMessage};

/// `NetPlayerState`: a seat whose player has no money left is not dealt in.
const NO_MONEY: i32 = 2;

/// A hand being built.
pub(super) struct Open {
    pub hand: Hand,
    street: Street,
    /// Street totals by player.
    bets: HashMap<u64, u64>,
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
    unseen_start: bool,
    /// Hand Start's dealer, kept to place the button when the dealer had
    /// no seat yet (a capture without Game Start seats players as they
    /// appear).
    pub dealer: Option<u64>,
    /// Each player's money at the end of the last hand (or the game's
    /// start money), when known.
    pub prior: HashMap<u64, u64>,
}

/// The enumeration value's record name (`net_action_raise`), or its number.
fn enum_name(m: &DynamicMessage, field: &str) -> String {
    let Some(n) = enum_of(m, field) else {
        return "?".into();
    };
    let kind = m.descriptor().get_field_by_name(field).map(|f| f.kind());
    match kind {
        Some(prost_reflect::Kind::Enum(e)) => schema()
            .enum_value(e.full_name(), n)
            .map_or_else(|| n.to_string(), str::to_owned),
        _ => n.to_string(),
    }
}

/// Card field `name` of `m`.
fn card(m: &DynamicMessage, name: &str) -> Option<Card> {
    PtCard(u16::try_from(u32_of(m, name)?).ok()?).card()
}

/// The two cards `{prefix}1` and `{prefix}2` of `m`.
fn pair(m: &DynamicMessage, prefix: &str) -> Option<[Card; 2]> {
    Some([
        card(m, &format!("{prefix}1"))?,
        card(m, &format!("{prefix}2"))?,
    ])
}

impl Open {
    fn new(hand: Hand, prior: HashMap<u64, u64>) -> Open {
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

    /// The hand Hand Start `m` opens: the players of `slots` dealt in (all
    /// of them but those `seatStates` says have no money), the blinds, the
    /// button and the hero's cards.
    pub fn start(
        mut hand: Hand,
        m: &Message,
        slots: &[u64],
        names: &HashMap<u64, String>,
        prior: &HashMap<u64, u64>,
    ) -> Open {
        let b = m.body();
        let states: Vec<i32> = (m.list("seatStates").iter())
            .filter_map(|v| v.as_enum_number())
            .collect();
        for (i, &p) in slots.iter().enumerate() {
            if states.get(i) == Some(&NO_MONEY) {
                continue;
            }
            hand.seats
                .push(Seat::new(i as u32 + 1, p, names.get(&p).cloned()));
        }
        let sb = m.u32("smallBlind").map(u64::from);
        hand.small_blind = sb;
        hand.big_blind = sb.map(|s| 2 * s);
        let dealer = id(b, "dealerPlayerId");
        hand.button = (slots.iter())
            .position(|&p| Some(p) == dealer)
            .map(|i| i as u32 + 1);
        let cards = message_of(b, "plainCards").and_then(|c| pair(&c, "plainCard"));
        if let (Some(h), Some(c)) = (hand.hero, cards) {
            if let Some(s) = hand.seat_mut(h) {
                s.cards = Some(c);
            }
        }
        let prior = (hand.seats.iter())
            .filter_map(|s| Some((s.player, *prior.get(&s.player)?)))
            .collect();
        let mut o = Open::new(hand, prior);
        o.dealer = dealer;
        o
    }

    /// A hand whose start the capture does not show (see
    /// [`super::Builder`]): the players of `slots` may be seated, the
    /// street is the first action's.
    pub fn unseen(mut hand: Hand, slots: &[u64], names: &HashMap<u64, String>) -> Open {
        for (i, &p) in slots.iter().enumerate() {
            hand.seats
                .push(Seat::new(i as u32 + 1, p, names.get(&p).cloned()));
        }
        let mut o = Open::new(hand, HashMap::default());
        o.unseen_start = true;
        o.troubled = true;
        o
    }

    /// The seat of `player`, added when the hand's start did not list it.
    pub fn ensure_seat(&mut self, player: u64, names: &HashMap<u64, String>) {
        if self.hand.seat(player).is_none() {
            let seat = self.hand.next_seat();
            self.hand
                .seats
                .push(Seat::new(seat, player, names.get(&player).cloned()));
        }
    }

    /// Players Action Done `a`.
    pub fn action(&mut self, frame: u64, a: &DynamicMessage, names: &HashMap<u64, String>) {
        let (Some(player), Some(state), Some(action), Some(total), Some(money)) = (
            id(a, "playerId"),
            enum_of(a, "gameState"),
            enum_of(a, "playerAction"),
            id(a, "totalPlayerBet"),
            id(a, "playerMoney"),
        ) else {
            self.hand
                .note(frame, "an action without its required fields");
            return;
        };
        self.hand.last_frame = frame;
        self.ensure_seat(player, names);
        let (street, blind) = match state {
            4 => (Street::Preflop, Some(ActionKind::SmallBlind)),
            5 => (Street::Preflop, Some(ActionKind::BigBlind)),
            0 => (Street::Preflop, None),
            1 => (Street::Flop, None),
            2 => (Street::Turn, None),
            3 => (Street::River, None),
            _ => {
                self.hand
                    .note(frame, format!("action in unknown game state {state}"));
                return;
            }
        };
        if self.unseen_start && self.hand.actions.is_empty() {
            self.street = street;
        }
        if street != self.street {
            self.hand.note(
                frame,
                format!(
                    "action on the {} while the hand is on the {}",
                    street_name(street),
                    street_name(self.street)
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
        let kind = match (blind, action) {
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
                    enum_name(a, "playerAction"),
                    self.hand.name(player)
                );
                self.hand.note(frame, text);
                return;
            }
        };
        let expected = match blind {
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

    /// Your Action Rejected `m`: the server refused an action of the hero;
    /// noted (the hero acts again, or the server acts for him).
    pub fn rejected(&mut self, frame: u64, m: &DynamicMessage, hero: Option<u64>) {
        let who = hero.map_or_else(|| "the client".into(), |h| self.hand.name(h));
        let bet = u32_of(m, "yourRelativeBet").unwrap_or(0);
        let text = format!(
            "rejected: the server refused {who}'s {} {bet} ({}, {})",
            enum_name(m, "yourAction"),
            enum_name(m, "gameState"),
            enum_name(m, "rejectionReason"),
        );
        self.hand.note(frame, text);
        self.hand.last_frame = frame;
    }

    /// Deal Flop Cards, Deal Turn Card or Deal River Card (`kind`).
    pub fn deal(&mut self, frame: u64, kind: &str, m: &DynamicMessage) {
        let (street, fields): (Street, &[&str]) = match kind {
            "DealFlopCards" => (Street::Flop, &["flopCard1", "flopCard2", "flopCard3"]),
            "DealTurnCard" => (Street::Turn, &["turnCard"]),
            _ => (Street::River, &["riverCard"]),
        };
        if self.hand.board.len() + fields.len() != street.board_len() {
            let text = format!(
                "{} dealt with {} board card(s) out",
                street_name(street),
                self.hand.board.len()
            );
            self.hand.note(frame, text);
        }
        for f in fields {
            match card(m, f) {
                Some(c) => self.hand.board.push(c),
                None => self.hand.note(frame, format!("board card {f} is no card")),
            }
        }
        self.street = street;
        self.bets.clear();
        self.highest = 0;
        self.hand.last_frame = frame;
    }

    /// Cards shown: `{prefix}1` and `{prefix}2` of `p` (a player's entry of
    /// All In Show Cards or a result).
    pub fn show(
        &mut self,
        frame: u64,
        p: &DynamicMessage,
        prefix: &str,
        names: &HashMap<u64, String>,
    ) {
        let Some(player) = id(p, "playerId") else {
            return;
        };
        self.hand.last_frame = frame;
        let Some(cards) = pair(p, prefix) else {
            let text = format!("cards of {} are no cards", self.hand.name(player));
            self.hand.note(frame, text);
            return;
        };
        self.ensure_seat(player, names);
        if (self.hand.shown.iter()).any(|s| s.player == player && s.cards == cards) {
            return;
        }
        self.hand.shown.push(Shown {
            frame,
            player,
            cards,
            description: None,
        });
        if let Some(s) = self.hand.seat_mut(player) {
            s.cards = Some(cards);
        }
    }

    /// A player's result: `moneyWon` and `playerMoney` of `p` (End Of Hand
    /// Hide Cards, or an entry of End Of Hand Show Cards).
    pub fn result(&mut self, frame: u64, p: &DynamicMessage, names: &HashMap<u64, String>) {
        let (Some(player), Some(won), Some(money)) =
            (id(p, "playerId"), id(p, "moneyWon"), id(p, "playerMoney"))
        else {
            self.hand
                .note(frame, "a result without its required fields");
            return;
        };
        self.ensure_seat(player, names);
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

    /// Player `old` is now `new` (a rejoined player's new id), in every
    /// part of the hand.
    pub fn renumber(&mut self, old: u64, new: u64) {
        let re = |p: &mut u64| {
            if *p == old {
                *p = new;
            }
        };
        let h = &mut self.hand;
        h.seats.iter_mut().for_each(|s| re(&mut s.player));
        h.actions.iter_mut().for_each(|a| {
            re(&mut a.player);
            if let Some(e) = &mut a.expected {
                re(e);
            }
        });
        h.shown.iter_mut().for_each(|s| re(&mut s.player));
        self.won.iter_mut().for_each(|w| re(&mut w.player));
        if let Some(e) = &mut self.expected {
            re(e);
        }
        if h.hero == Some(old) {
            h.hero = Some(new);
        }
        for map in [&mut self.bets, &mut self.prior] {
            if let Some(v) = map.remove(&old) {
                map.insert(new, v);
            }
        }
    }

    /// The result was seen at `frame`: the hand is over.
    pub fn end(&mut self, frame: u64) {
        self.ended = true;
        self.hand.last_frame = frame;
    }
}
