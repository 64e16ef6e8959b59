//! A poker-network stream's timeline: the table of its hand in play, or of
//! its last hand, as the hand views tell it. The protocol's timeline is its
//! hands: the messages themselves change nothing here, the table comes
//! from the stream's hand builder (`super::poker`), which the timeline
//! hands this state after every record that moved it.
//!
//! A game of the timeline ([`GameState`]): the state here, drawn for
//! people in [`draw`](mod@draw).

pub mod draw;
#[cfg(test)]
mod tests;

use super::state::{hold_table, GameState};
use crate::analysis::hands::table::TableState;
use crate::decode::Record;
use crate::protocols::Fields;
use serde::Serialize;

/// A poker stream's table, for a protocol whose timeline is its hands
/// (poker-network).
#[derive(Debug, Clone, Default, Serialize)]
pub struct PokerTable {
    /// The table of the hand in play, or of the last hand.
    pub table: Option<TableState>,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
}

impl GameState for PokerTable {
    fn name(&self) -> &'static str {
        "pokernetwork"
    }

    /// The messages change nothing but the hand's table, which comes
    /// through [`GameState::set_table`].
    fn message(&mut self, _r: &Record, _fields: &Fields) -> Option<String> {
        None
    }

    fn set_incomplete(&mut self) {
        self.incomplete = true;
    }

    fn draw(&self) -> String {
        draw::draw(self)
    }

    fn table(&self) -> Option<&TableState> {
        self.table.as_ref()
    }

    fn set_table(&mut self, table: Option<&TableState>) {
        hold_table(&mut self.table, table);
    }
}
