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
use crate::analysis::hands::{settle_and_check, Hand, StreamBuilder};
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
            let table = table_of(&mut self.table, &h, &mut step);
            if table.state().over {
                // Its result was shown already: what joined it since (cards
                // shown after the hand).
                table.follow(&h, &mut step);
            } else {
                table.finish(&h, &mut step);
            }
        }
        if !self.builder.grows_in_order() {
            return;
        }
        let Some(h) = self.builder.current() else {
            return;
        };
        let over =
            (self.table.as_ref()).is_some_and(|t| t.state().hand == h.id() && t.state().over);
        let ended = if over { None } else { self.builder.ended() };
        let table = table_of(&mut self.table, h, &mut step);
        match ended {
            // The result is in: the table shows it now, not when the next
            // hand starts.
            Some(done) => table.finish(&settle_and_check(done), &mut step),
            None => table.follow(h, &mut step),
        }
    }
}

/// The table of hand `h`: the one in use if it is `h`'s, else a new
/// one, whose start goes to `step`.
fn table_of<'a>(
    slot: &'a mut Option<Table>,
    h: &Hand,
    step: &mut impl FnMut(&TableState),
) -> &'a mut Table {
    let fresh = !matches!(&*slot, Some(t) if t.state().hand == h.id());
    if fresh {
        *slot = None;
    }
    let t = slot.get_or_insert_with(|| Table::start(h));
    if fresh {
        t.begin(step);
    }
    t
}
