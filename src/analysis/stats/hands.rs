//! Hands per table and actions per player, from the hands the capture
//! holds.
//!
//! A hand that several captured clients saw (the same server, table and
//! server hand number: [`Hand::server_number`]) is counted once, from the
//! view that ended first in capture order; views whose hand number the
//! capture does not tell are each counted. Memory: per table, the hand
//! numbers counted, as ranges (a table's hands are numbered in sequence,
//! so this is a few ranges however many hands).

use crate::analysis::hands::{ActionKind, Hand};
use rangemap::RangeInclusiveSet;
use serde::Serialize;
use std::collections::BTreeMap;

/// Action kinds counted per player, in the order of the table's columns.
pub const KINDS: [&str; 7] = ["fold", "check", "call", "bet", "raise", "all_in", "blind"];

/// What the statistics keep of one hand (one client's view of it).
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
    /// Each player dealt in: id, name, and actions by [`KINDS`].
    pub players: Vec<(u64, Option<String>, [u64; KINDS.len()])>,
}

impl HandView {
    /// The view of `h`, played on `server` over `protocol`.
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
    /// Hand numbers counted, by table.
    counted: BTreeMap<TableKey, RangeInclusiveSet<u64>>,
}

impl HandStats {
    /// Adds a view, unless its hand was counted already.
    pub fn add(&mut self, v: HandView) {
        let key = (v.protocol, v.server, v.table);
        let row = self.tables.entry(key.clone()).or_default();
        row.views += 1;
        if row.name.is_none() {
            row.name = v.table_name;
        }
        if let (Some(n), Some(_)) = (v.number, key.2) {
            let seen = self.counted.entry(key.clone()).or_default();
            if seen.contains(&n) {
                return;
            }
            seen.insert(n..=n);
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

    fn view(table: Option<u64>, number: Option<u64>, complete: bool) -> HandView {
        HandView {
            protocol: "pokerth".into(),
            server: "10.0.0.1:7234".into(),
            table,
            table_name: None,
            number,
            complete,
            players: vec![(1, Some("Ann".into()), [1, 0, 2, 0, 0, 0, 1])],
        }
    }

    #[test]
    fn a_hand_two_clients_saw_counts_once() {
        let mut s = HandStats::default();
        s.add(view(Some(3), Some(1), true));
        s.add(view(Some(3), Some(1), true));
        s.add(view(Some(3), Some(2), false));
        // Without a number or a table, every view counts.
        s.add(view(Some(3), None, true));
        s.add(view(None, Some(1), true));
        s.add(view(None, Some(1), true));
        let t = &s.tables[&("pokerth".into(), "10.0.0.1:7234".into(), Some(3))];
        assert_eq!((t.hands, t.complete, t.incomplete, t.views), (3, 2, 1, 4));
        let p = &s.players[&("pokerth".into(), "10.0.0.1:7234".into(), 1)];
        assert_eq!((p.hands, p.actions[2]), (5, 10));
        assert_eq!(p.name.as_deref(), Some("Ann"));
    }
}
