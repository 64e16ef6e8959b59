//! A pass on the calling thread alone ([`run`]); on more threads, see
//! `workers`.

use super::front::{Batch, Front};
use super::pace::Paced;
use super::{Finished, Items, Pipeline, Work};
use crate::capture::CaptureError;
use crate::reassembly::conn::Conns;
use std::cell::Cell;
use std::ops::ControlFlow;

/// A round of the reading thread: it fills the workers' batches until
/// they hold this many steps or payload bytes together per worker.
pub(super) const ROUND: (usize, usize) = (1024, 256 << 10);

/// The whole pass on the calling thread: rounds of one batch, carried
/// out as soon as they are read (a round of one segment, live), the
/// items going to the sink whenever they weigh a chunk (also in the
/// middle of a batch) and at the end of each round.
pub(super) fn run<W: Work>(
    p: Pipeline,
    mut work: W,
    sink: &mut impl FnMut(W::Item, &[u8]) -> ControlFlow<()>,
) -> Result<Finished<W>, CaptureError> {
    let round = if p.eager { (1, 1) } else { p.round };
    let chunk = super::chunk_for(p.budget, 1);
    let config = p.config.clone();
    let mut front = Front::new(p.start(), p.reader, p.config, p.clock);
    let mut conns = Conns::default();
    let mut batch = [Batch::new()];
    let mut taken = Items::default();
    let going = Cell::new(true);
    let mut hand = |items: &mut Items<W::Item>, _low: u64| {
        if going.get() && !deliver(items, sink) {
            going.set(false);
        }
        items.clear();
    };
    while going.get() && !front.done() {
        front.fill(&mut batch, round);
        let mut paced = Paced::new(&mut work, &mut taken, chunk, &mut hand);
        batch[0].apply(&mut conns, &config, &mut paced);
        paced.low(batch[0].next);
        paced.hand_all(0);
    }
    if going.get() {
        front.finish_into(&mut batch);
        let mut paced = Paced::new(&mut work, &mut taken, chunk, &mut hand);
        batch[0].apply(&mut conns, &config, &mut paced);
        paced.finish();
        paced.low(u64::MAX);
        paced.hand_all(0);
    }
    let mut summary = front.finish();
    summary.reassembly.add(conns.stats());
    Ok(Finished {
        summary,
        workers: vec![work],
        in_flight: 0,
    })
}

/// Hands `items` to `sink` (leaving them in place); false once it asked
/// to stop.
fn deliver<T>(items: &mut Items<T>, sink: &mut impl FnMut(T, &[u8]) -> ControlFlow<()>) -> bool {
    for (_, item) in items.keyed.drain(..) {
        if sink(item, &items.bytes).is_break() {
            return false;
        }
    }
    true
}
