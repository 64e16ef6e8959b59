//! A poker-network stream's table drawn for people.

use super::PokerTable;
use crate::analysis::hands::table;

/// The table for people: the hand and its street, then the hand's table
/// ([`table::draw`]); "no hand yet" before the first.
pub fn draw(t: &PokerTable) -> String {
    match &t.table {
        Some(s) => format!(
            "  hand {} · {}\n{}{}",
            s.hand,
            s.street.name(),
            table::draw(s),
            if t.incomplete {
                "  (incomplete: bytes missing)\n"
            } else {
                ""
            }
        ),
        None => "  no hand yet\n".to_string(),
    }
}
