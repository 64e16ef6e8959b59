//! The poker table of a stream's timeline: the hand in play as the hand
//! views tell it.
//!
//! A [`Play`] reads the stream through the hand builder of its protocol
//! ([`StreamBuilder`], the same adapter `cardshark hands` reads it with)
//! and follows the hand in play with the one table state machine
//! ([`Table`]); once the builder finishes a hand, the table takes the
//! settled hand ([`settle_and_check`]) and shows its result. So the
//! table's stacks, bets, pot, board, button, turns and results after every
//! message are those `replay --hand` steps through, and the hand's end is
//! the one `hands` prints.

use crate::analysis::hands::table::{Table, TableState};
use crate::analysis::hands::{settle_and_check, StreamBuilder};
use crate::decode::Record;

/// A poker stream's builder and the table of its hand in play (or of its
/// last hand, once over).
pub struct Play {
    builder: StreamBuilder,
    table: Option<Table>,
}

impl Play {
    /// The play of `r`'s stream, made at its first message of a poker
    /// protocol; `None` for other records.
    pub fn for_record(r: &Record) -> Option<Play> {
        Some(Play {
            builder: StreamBuilder::for_record(r)?,
            table: None,
        })
    }

    /// The table now: that of the hand in play, or of the last one.
    pub fn table(&self) -> Option<&TableState> {
        self.table.as_ref().map(Table::state)
    }

    /// Takes one record of the stream; calls `step` with the table after
    /// every step it made (none when it changed nothing there).
    pub fn record(&mut self, r: &Record, mut step: impl FnMut(&TableState)) {
        if let Some(h) = self.builder.record(r) {
            let h = settle_and_check(h);
            let table = match &mut self.table {
                Some(t) if t.state().hand == h.id() => t,
                other => {
                    let t = other.insert(Table::start(&h));
                    t.begin(&mut step);
                    t
                }
            };
            table.finish(&h, &mut step);
        }
        if let Some(h) = self
            .builder
            .current()
            .filter(|_| self.builder.grows_in_order())
        {
            let table = match &mut self.table {
                Some(t) if t.state().hand == h.id() => t,
                other => {
                    let t = other.insert(Table::start(h));
                    t.begin(&mut step);
                    t
                }
            };
            table.follow(h, &mut step);
        }
    }
}
