//! The PokerTH lobby drawn for people.

use super::Lobby;
use crate::analysis::hands::table;

/// The lobby for people: the game list, the client's game, the statistics
/// and the latest kick event and chat line.
pub fn draw(l: &Lobby) -> String {
    let me = match (l.me, &l.my_name) {
        (Some(id), _) => l.name(id),
        (None, Some(n)) => n.clone(),
        (None, None) => "?".into(),
    };
    let mut o = format!("  client {me}\n");
    for g in l.games.values() {
        let players: Vec<String> = g.players.iter().map(|&p| l.name(p)).collect();
        o.push_str(&format!(
            "  game {:>4} {:<20} {:<8} admin {:<14} {}{}\n",
            g.game_id,
            format!("\"{}\"", g.name),
            g.mode.to_string(),
            l.name(g.admin),
            players.join(", "),
            if g.password { "  [password]" } else { "" }
        ));
    }
    if let Some(g) = &l.own_game {
        let players: Vec<String> = g.players.iter().map(|&p| l.name(p)).collect();
        o.push_str(&format!(
            "  in game {}{}: {}\n",
            g.game_id,
            if g.started { " (started)" } else { "" },
            players.join(", ")
        ));
    }
    if !l.statistics.is_empty() {
        let s: Vec<String> = (l.statistics.iter())
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        o.push_str(&format!("  statistics: {}\n", s.join(", ")));
    }
    if let Some(k) = l.kicks.last() {
        o.push_str(&format!("  kicks: {}\n", k.text));
    }
    if let Some(c) = l.chat.last() {
        o.push_str(&format!("  chat: {}\n", c.text));
    }
    if let Some(t) = &l.table {
        o.push_str(&format!("  hand {} · {}\n", t.hand, t.street.name()));
        o.push_str(&table::draw(t));
    }
    if l.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}
