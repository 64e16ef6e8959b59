//! Hands per table and actions per player, from the hands the capture
//! holds: each hand once, its views joined (`analysis::hands::join`: a
//! hand that several captured clients saw is one hand, its views
//! counted).

use crate::analysis::hands::{ActionKind, Hand};
use serde::Serialize;
use std::collections::BTreeMap;

/// Action kinds counted per player, in the order of the table's columns.
pub const KINDS: [&str; 7] = ["fold", "check", "call", "bet", "raise", "all_in", "blind"];

/// What the statistics keep of one hand.
#[derive(Debug, Clone)]
pub struct HandView {
    /// The protocol's label (`pokerth`, `pokerth-1`, `pokernetwork`).
    pub protocol: String,
    /// The server's address.
    pub server: String,
    /// The table (PokerTH game, poker-network table) id, when known.
    pub table: Option<u64>,
    /// The table's name, when the capture tells it.
    pub table_name: Option<String>,
    /// The server's hand number, when known.
    pub number: Option<u64>,
    /// Whether the capture holds the whole hand.
    pub complete: bool,
    /// How many captured clients saw it.
    pub views: u64,
    /// Each player dealt in: id, name, and actions by [`KINDS`].
    pub players: Vec<(u64, Option<String>, [u64; KINDS.len()])>,
}

impl HandView {
    /// What is kept of `h` (a hand with its views joined), played on
    /// `server` over `protocol`.
    pub fn of(h: &Hand, protocol: String, server: String) -> HandView {
        let mut players: Vec<(u64, Option<String>, [u64; KINDS.len()])> = (h.seats.iter())
            .map(|s| (s.player, s.name.clone(), [0; KINDS.len()]))
            .collect();
        for a in &h.actions {
            let i = match players.iter().position(|p| p.0 == a.player) {
                Some(i) => i,
                None => {
                    players.push((a.player, None, [0; KINDS.len()]));
                    players.len() - 1
                }
            };
            let counts = &mut players[i].2;
            let kind = match a.kind {
                ActionKind::Fold => 0,
                ActionKind::Check => 1,
                ActionKind::Call => 2,
                ActionKind::Bet => 3,
                ActionKind::Raise => 4,
                ActionKind::SmallBlind | ActionKind::BigBlind | ActionKind::Ante => 6,
            };
            counts[kind] += 1;
            if a.all_in {
                counts[5] += 1;
            }
        }
        HandView {
            protocol,
            server,
            table: h.table,
            table_name: h.table_name.clone(),
            number: h.server_number,
            complete: h.complete,
            views: h.views.len().max(1) as u64,
            players,
        }
    }
}

/// A table's row.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TableRow {
    /// The table's name, when known.
    pub name: Option<String>,
    /// Hands, each counted once.
    pub hands: u64,
    /// Of them, complete.
    pub complete: u64,
    /// Of them, incomplete.
    pub incomplete: u64,
    /// Views of them (a hand two clients saw is two views).
    pub views: u64,
}

/// A player's row.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PlayerRow {
    /// The name, when the capture tells it.
    pub name: Option<String>,
    /// Hands dealt in.
    pub hands: u64,
    /// Actions by kind, as [`KINDS`].
    pub actions: [u64; KINDS.len()],
}

/// (protocol, server, table id): a table.
pub type TableKey = (String, String, Option<u64>);

/// Hands per table and actions per player, added up from hand views.
#[derive(Debug, Default)]
pub struct HandStats {
    /// By table.
    pub tables: BTreeMap<TableKey, TableRow>,
    /// By (protocol, server, player id).
    pub players: BTreeMap<(String, String, u64), PlayerRow>,
}

impl HandStats {
    /// Adds a hand.
    pub fn add(&mut self, v: HandView) {
        let key = (v.protocol, v.server, v.table);
        let row = self.tables.entry(key.clone()).or_default();
        row.views += v.views;
        if row.name.is_none() {
            row.name = v.table_name;
        }
        row.hands += 1;
        if v.complete {
            row.complete += 1;
        } else {
            row.incomplete += 1;
        }
        let (protocol, server, _) = key;
        for (id, name, counts) in v.players {
            let p = (self.players)
                .entry((protocol.clone(), server.clone(), id))
                .or_default();
            p.hands += 1;
            if p.name.is_none() {
                p.name = name;
            }
            for (mine, n) in p.actions.iter_mut().zip(counts) {
                *mine += n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(table: Option<u64>, views: u64, complete: bool) -> HandView {
        HandView {
            protocol: "pokerth".into(),
            server: "10.0.0.1:7234".into(),
            table,
            table_name: None,
            number: None,
            complete,
            views,
            players: vec![(1, Some("Ann".into()), [1, 0, 2, 0, 0, 0, 1])],
        }
    }

    #[test]
    fn a_hand_counts_once_with_its_views() {
        let mut s = HandStats::default();
        s.add(hand(Some(3), 2, true));
        s.add(hand(Some(3), 1, false));
        s.add(hand(None, 1, true));
        let t = &s.tables[&("pokerth".into(), "10.0.0.1:7234".into(), Some(3))];
        assert_eq!((t.hands, t.complete, t.incomplete, t.views), (2, 1, 1, 3));
        let p = &s.players[&("pokerth".into(), "10.0.0.1:7234".into(), 1)];
        assert_eq!((p.hands, p.actions[2]), (3, 6));
        assert_eq!(p.name.as_deref(), Some("Ann"));
    }
}
