//! Hands as Open Hand History (OHH, <https://hh-specs.handhistory.org>)
//! objects: `{"ohh": {...}}`, one per line.
//!
//! - `game_number` is the hand number, `table_name` the table's name (or
//!   `Game N`), `currency` `PPC` (play chips), `dealer_seat` 0 when the
//!   capture does not show the button.
//! - An action's `amount` is the chips the action put in (for a raise,
//!   what it added, not the total).
//! - `bet_limit.action` is not in the OHH specification: the models of
//!   PyPI `ohh-pydantic` (0.1.1) require it, so it is written (`FixedLimit`,
//!   `PotLimit`, or `Dealt Cards` for no limit, the values they allow).
//! - Pots: the main pot first (for an incomplete hand, one pot of what the
//!   server says was won); a winner's amounts are spread over the pots
//!   they may win in order (PokerTH reports one amount per winner).
//! - `cardshark` (outside the specification; readers ignore it): the hand
//!   id, protocol, stream, `complete`, uncalled chips returned, final
//!   stacks and the notes.

use crate::analysis::hands::{ActionKind, Hand, Limit, Street};
use serde_json::{json, Value};

fn street_name(s: Street) -> &'static str {
    match s {
        Street::Preflop => "Preflop",
        Street::Flop => "Flop",
        Street::Turn => "Turn",
        Street::River => "River",
    }
}

/// The hand as an OHH object (`{"ohh": {...}}`).
pub fn hand(h: &Hand) -> Value {
    let (bet_type, action) = match h.limit {
        Limit::NoLimit => ("NL", "Dealt Cards"),
        Limit::PotLimit => ("PL", "PotLimit"),
        Limit::FixedLimit => ("FL", "FixedLimit"),
    };
    let players: Vec<Value> = (h.seats.iter())
        .map(|s| {
            json!({
                "id": s.player,
                "seat": s.seat,
                "name": s.display_name(),
                "starting_stack": s.stack.unwrap_or(0),
            })
        })
        .collect();
    let mut rounds = Vec::new();
    let mut n = 0;
    let mut next = || {
        n += 1;
        n
    };
    let streets = [Street::Preflop, Street::Flop, Street::Turn, Street::River];
    for (id, &street) in streets.iter().enumerate() {
        let mut actions = Vec::new();
        if street == Street::Preflop {
            if let Some(s) = h.hero.and_then(|p| h.seat(p)) {
                if let Some(c) = s.cards {
                    actions.push(json!({"action_number": next(), "player_id": s.player,
                        "action": "Dealt Cards", "cards": [c[0].to_string(), c[1].to_string()]}));
                }
            }
        }
        for a in h.actions.iter().filter(|a| a.street == street) {
            let name = match a.kind {
                ActionKind::Ante => "Post Ante",
                ActionKind::SmallBlind => "Post SB",
                ActionKind::BigBlind => "Post BB",
                ActionKind::Fold => "Fold",
                ActionKind::Check => "Check",
                ActionKind::Call if a.added == 0 => "Check",
                ActionKind::Call => "Call",
                ActionKind::Bet => "Bet",
                ActionKind::Raise => "Raise",
            };
            let mut v = json!({"action_number": next(), "player_id": a.player, "action": name});
            if a.added > 0 {
                v["amount"] = json!(a.added);
            }
            if a.all_in {
                v["is_allin"] = json!(true);
            }
            actions.push(v);
        }
        let cards = h.street_cards(street);
        if street != Street::Preflop && cards.is_empty() && actions.is_empty() {
            continue;
        }
        let mut r = json!({"id": id, "street": street_name(street), "actions": actions});
        if !cards.is_empty() {
            r["cards"] = json!(cards.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        rounds.push(r);
    }
    let shows: Vec<Value> = (h.shown.iter())
        .filter(|s| !h.folded(s.player))
        .map(|s| {
            json!({"action_number": next(), "player_id": s.player, "action": "Shows Cards",
                "cards": [s.cards[0].to_string(), s.cards[1].to_string()]})
        })
        .collect();
    if !shows.is_empty() {
        rounds.push(json!({"id": rounds.len(), "street": "Showdown", "actions": shows}));
    }
    json!({"ohh": {
        "spec_version": "1.4.6",
        "site_name": match h.protocol { crate::protocols::ProtocolId::PokerTh => "PokerTH", _ => "poker-network" },
        "network_name": h.protocol.name(),
        "internal_version": env!("CARGO_PKG_VERSION"),
        "game_number": h.number.to_string(),
        "start_date_utc": h.ts.rfc3339(),
        "table_name": h.table_name.clone().or_else(|| h.table.map(|t| format!("Game {t}"))).unwrap_or_else(|| format!("Stream {}", h.stream)),
        "game_type": "Holdem",
        "bet_limit": {"bet_type": bet_type, "action": action},
        "table_size": h.table_size.unwrap_or(h.seats.len() as u32),
        "currency": "PPC",
        "dealer_seat": h.button.unwrap_or(0),
        "small_blind_amount": h.small_blind.unwrap_or(0),
        "big_blind_amount": h.big_blind.unwrap_or(0),
        "ante_amount": h.ante,
        "hero_player_id": h.hero,
        "players": players,
        "rounds": rounds,
        "pots": pots(h),
        "cardshark": {
            "id": h.id(),
            "protocol": h.protocol.name(),
            "stream": h.stream,
            "complete": h.complete,
            "returned": h.returned.iter().map(|r| json!({"player_id": r.player, "amount": r.amount})).collect::<Vec<_>>(),
            "final_stacks": h.seats.iter().map(|s| json!({"player_id": s.player, "stack": s.final_stack})).collect::<Vec<_>>(),
            "notes": h.notes.iter().map(|n| json!({"frame": n.frame, "text": n.text})).collect::<Vec<_>>(),
        },
    }})
}

/// The pots with their winners.
fn pots(h: &Hand) -> Vec<Value> {
    let mut left: Vec<(u64, u64, Option<usize>)> = h
        .winners
        .iter()
        .map(|w| (w.player, w.amount, w.pot))
        .collect();
    let list: Vec<(u64, Vec<u64>)> = if h.pots.is_empty() {
        // An incomplete hand: one pot of what the server says was won.
        let amount = if h.complete {
            h.total_pot()
        } else {
            h.total_won()
        };
        vec![(amount, h.winners.iter().map(|w| w.player).collect())]
    } else {
        h.pots
            .iter()
            .map(|p| (p.amount, p.eligible.clone()))
            .collect()
    };
    let mut out = Vec::new();
    for (i, (amount, eligible)) in list.iter().enumerate() {
        let mut room = *amount;
        let mut wins = Vec::new();
        for (player, rest, pot) in left.iter_mut() {
            let fits = pot.map_or(eligible.contains(player), |p| p == i);
            if !fits || *rest == 0 || room == 0 {
                continue;
            }
            let take = (*rest).min(room);
            *rest -= take;
            room -= take;
            wins.push(json!({"player_id": *player, "win_amount": take}));
        }
        out.push(json!({"number": i, "amount": amount, "rake": 0, "player_wins": wins}));
    }
    out
}
