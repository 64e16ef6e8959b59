//! A pass on the calling thread alone ([`run`]); on more threads, see
//! `workers`.

use super::front::{Batch, Front};
use super::{Finished, Items, Pipeline, Work};
use crate::capture::CaptureError;
use crate::reassembly::conn::Conns;
use std::ops::ControlFlow;

/// A round of the reading thread: it fills the workers' batches until
/// they hold this many steps or payload bytes together per worker.
pub(super) const ROUND: (usize, usize) = (1024, 256 << 10);

/// The whole pass on the calling thread: rounds of one batch, carried
/// out as soon as they are read (a round of one segment, live).
pub(super) fn run<W: Work>(
    p: Pipeline,
    mut work: W,
    sink: &mut impl FnMut(W::Item, &[u8]) -> ControlFlow<()>,
) -> Result<Finished<W>, CaptureError> {
    let round = if p.eager { (1, 1) } else { p.round };
    let config = p.config.clone();
    let mut front = Front::new(p.start(), p.reader, p.config, p.clock);
    let mut conns = Conns::default();
    let mut batch = [Batch::new()];
    let mut items = Items::default();
    let mut going = true;
    while going && !front.done() {
        front.fill(&mut batch, round);
        batch[0].apply(&mut conns, &config, &mut work);
        work.low(batch[0].next);
        work.take(&mut items);
        going = deliver(&mut items, sink);
    }
    if going {
        front.finish_into(&mut batch);
        batch[0].apply(&mut conns, &config, &mut work);
        work.finish();
        work.low(u64::MAX);
        work.take(&mut items);
        deliver(&mut items, sink);
    }
    let mut summary = front.finish();
    summary.reassembly.add(conns.stats());
    Ok(Finished {
        summary,
        workers: vec![work],
    })
}

/// Hands `items` to `sink`, emptying them; false once it asked to stop.
fn deliver<T>(items: &mut Items<T>, sink: &mut impl FnMut(T, &[u8]) -> ControlFlow<()>) -> bool {
    let mut going = true;
    for (_, item) in items.keyed.drain(..) {
        if going && sink(item, &items.bytes).is_break() {
            going = false;
        }
    }
    items.bytes.clear();
    going
}
