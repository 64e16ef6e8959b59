//! A PokerTH 1.x hand in play: the seats dealt in at Hand Start, every
//! action with the server's street total and money, the board, the cards
//! shown and the results, read from the protobuf messages into the
//! [`Open`] hand PokerTH 0.7 and 1.x share.

use super::super::model::*;
use super::id;
use crate::analysis::hands::reported::{Done, Open};
use crate::analysis::hands::HashMap;
use crate::protocols::cards::Card;
use crate::protocols::pokerth::messages::PtCard;
use crate::protocols::pokerth1::messages::{enum_of, message_of, schema, u32_of};
use crate::protocols::pokerth1::Message;
use prost_reflect::{DynamicMessage, ReflectMessage};

/// `NetPlayerState`: a seat whose player has no money left is not dealt in.
const NO_MONEY: i32 = 2;

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
            hand.seats.push(Seat {
                // What the player ended the last hand with (the start money
                // for the game's first): a table shows it from the start.
                stack: prior.get(&p).copied(),
                ..Seat::new(i as u32 + 1, p, names.get(&p).cloned())
            });
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

    /// Players Action Done `a`.
    pub fn action_done(&mut self, frame: u64, a: &DynamicMessage, names: &HashMap<u64, String>) {
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
        self.ensure_seat(frame, player, names);
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
        let done = Done {
            player,
            street,
            blind,
            action,
            total,
            money,
        };
        self.action(frame, done, || enum_name(a, "playerAction"));
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
    pub fn deal_message(&mut self, frame: u64, kind: &str, m: &DynamicMessage) {
        let (street, fields): (Street, &[&str]) = match kind {
            "DealFlopCards" => (Street::Flop, &["flopCard1", "flopCard2", "flopCard3"]),
            "DealTurnCard" => (Street::Turn, &["turnCard"]),
            _ => (Street::River, &["riverCard"]),
        };
        let cards: Vec<_> = (fields.iter())
            .map(|f| card(m, f).ok_or_else(|| f.to_string()))
            .collect();
        self.deal(frame, street, &cards);
    }

    /// Cards shown: `{prefix}1` and `{prefix}2` of `p` (a player's entry of
    /// All In Show Cards or a result).
    pub fn show_entry(
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
        self.show(frame, player, pair(p, prefix), names);
    }

    /// A player's result: `moneyWon` and `playerMoney` of `p` (End Of Hand
    /// Hide Cards, or an entry of End Of Hand Show Cards).
    pub fn result_entry(&mut self, frame: u64, p: &DynamicMessage, names: &HashMap<u64, String>) {
        let (Some(player), Some(won), Some(money)) =
            (id(p, "playerId"), id(p, "moneyWon"), id(p, "playerMoney"))
        else {
            self.hand
                .note(frame, "a result without its required fields");
            return;
        };
        self.result(frame, player, won, money, names);
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
}
