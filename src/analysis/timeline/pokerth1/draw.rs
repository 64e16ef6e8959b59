//! A PokerTH 1.x stream drawn for people: the client, the game list, the
//! client's game, statistics, the latest kick, error and chat line, then
//! the table of the game last played.

use super::parts::{name_in, KnownPlayer};
use super::table::{number, Table};
use super::Lobby;
use crate::analysis::hands::table::{self, TableState};
use std::collections::BTreeMap;

/// The stream for people: the client, the game list, the client's game,
/// statistics, the latest kick event and chat line, then the table.
pub fn draw(l: &Lobby) -> String {
    let me = match (l.me, &l.my_name) {
        (Some(id), _) => l.name(id),
        (None, Some(n)) => n.clone(),
        (None, None) => "?".into(),
    };
    let mut o = format!("  client {me}, {} player(s) online\n", l.online.len());
    let names = |ids: &[u32]| {
        ids.iter()
            .map(|&p| l.name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for g in l.games.values() {
        let s = &g.settings;
        o.push_str(&format!(
            "  game {:>4} {:<20} {:<8} admin {:<14} {}{}{}\n",
            g.game_id,
            format!("{:?}", g.name.as_deref().unwrap_or("?")),
            g.mode,
            g.admin.map_or("?".into(), |a| l.name(a)),
            names(&g.players),
            if g.spectators.is_empty() {
                String::new()
            } else {
                format!("; watching {}", names(&g.spectators))
            },
            if g.private == Some(true) {
                "  [private]"
            } else {
                ""
            }
        ));
        o.push_str(&format!(
            "             max {} players, start money {}, small blind {}, {}\n",
            s.max_num_players.map_or("?".into(), |x| x.to_string()),
            s.start_money.map_or("?".into(), |x| x.to_string()),
            s.first_small_blind.map_or("?".into(), |x| x.to_string()),
            s.net_game_type.as_deref().unwrap_or("?")
        ));
    }
    if let Some(g) = &l.own_game {
        o.push_str(&format!(
            "  {} game {}{}: {}\n",
            if g.spectating { "watching" } else { "in" },
            g.game_id,
            if g.started { " (started)" } else { "" },
            names(&g.players)
        ));
    }
    if !l.statistics.is_empty() {
        let s: Vec<String> = (l.statistics.iter())
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        o.push_str(&format!("  statistics: {}\n", s.join(", ")));
    }
    for (what, e) in [("kicks", l.kicks.last()), ("error", l.errors.last())] {
        if let Some(e) = e {
            o.push_str(&format!("  {what}: {}\n", e.text));
        }
    }
    if let Some(c) = l.chat.last() {
        let who = c.player.map_or("server".into(), |p| l.name(p));
        o.push_str(&format!("  chat: {who}: {}\n", c.text));
    }
    if let Some(t) = l.table_game.and_then(|g| l.tables.get(&g)) {
        o.push_str(&draw_table(t, l.table.as_ref(), &l.players));
    }
    if l.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}

/// The game's table for people (the game, the hand number, the small
/// blind, seats out of play, the game's winner), then the hand's table.
pub fn draw_table(
    t: &Table,
    hand: Option<&TableState>,
    players: &BTreeMap<u32, KnownPlayer>,
) -> String {
    let mut o = format!(
        "  table of game {}: hand {}{}\n",
        t.game_id,
        number(t.hand),
        t.small_blind
            .map_or(String::new(), |b| format!(", small blind {b}"))
    );
    for s in &t.seats {
        if let Some(st) = s.state.filter(|&st| st != "normal") {
            o.push_str(&format!("  {} ({st})\n", name_in(players, s.player)));
        }
    }
    if let Some(h) = hand {
        o.push_str(&format!("  hand {} · {}\n", h.hand, h.street.name()));
        o.push_str(&table::draw(h));
    }
    if t.partial {
        o.push_str("  (hand seen from its middle)\n");
    }
    if let Some(w) = t.winner {
        o.push_str(&format!("  game over: {} wins\n", name_in(players, w)));
    }
    o
}
