//! The merge: the workers' items back in key order, on the calling thread.
//!
//! Each worker sends [`Chunk`]s: its items in key order, and its *low
//! water mark*, a key below which it will send nothing more. An item can
//! go to the sink once every other worker either has an item waiting with
//! a larger key or has a low water mark above it. Two workers never make
//! items of the same key (a key is a step of one connection), so the
//! order is total, and the same for every number of workers.
//!
//! Workers never wait for the merge to receive (their channel is
//! unbounded); what waits here is counted in the pass's [`Budget`], given
//! back as each chunk's last item goes to the sink. When nothing can go,
//! the merge tells the budget which workers it waits on
//! ([`Budget::stalled`]), so that one with nothing to do gets its next
//! round even when the budget is spent.

use super::budget::Budget;
use super::Items;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, Sender};

/// What a worker sends the merge.
pub(super) struct Chunk<T> {
    pub worker: usize,
    pub items: Items<T>,
    /// The worker sends no item with a smaller key from now on.
    pub low: u64,
    /// The bytes the chunk was counted for in the budget.
    pub weight: usize,
}

/// A chunk's items not given to the sink yet, and their bytes.
struct Waiting<T> {
    items: VecDeque<(u64, T)>,
    bytes: Vec<u8>,
    weight: usize,
}

/// One worker's chunks waiting.
struct Lane<T> {
    chunks: VecDeque<Waiting<T>>,
    low: u64,
    /// Where emptied chunks go back to, to be filled again.
    recycle: Sender<Items<T>>,
}

impl<T> Lane<T> {
    /// The key of the next item, if one waits.
    fn head(&self) -> Option<u64> {
        self.chunks.front()?.items.front().map(|&(k, _)| k)
    }
}

pub(super) struct Merge<T> {
    lanes: Vec<Lane<T>>,
}

impl<T> Merge<T> {
    /// A merge of the workers whose emptied chunks go back by `recycle`
    /// (one per worker).
    pub(super) fn new(n: usize, recycle: Vec<Sender<Items<T>>>) -> Self {
        debug_assert_eq!(n, recycle.len());
        Merge {
            lanes: (recycle.into_iter())
                .map(|recycle| Lane {
                    chunks: VecDeque::new(),
                    low: 0,
                    recycle,
                })
                .collect(),
        }
    }

    /// Takes a chunk in.
    fn add(&mut self, c: Chunk<T>, budget: &Budget) {
        let lane = &mut self.lanes[c.worker];
        lane.low = lane.low.max(c.low);
        if c.items.is_empty() {
            budget.gave_items(c.worker, c.weight);
            return;
        }
        lane.chunks.push_back(Waiting {
            items: VecDeque::from(c.items.keyed),
            bytes: c.items.bytes,
            weight: c.weight,
        });
    }

    /// The smallest key waiting, if any.
    fn smallest(&self) -> Option<(u64, usize)> {
        let mut best: Option<(u64, usize)> = None;
        for (i, l) in self.lanes.iter().enumerate() {
            if let Some(k) = l.head() {
                if best.is_none_or(|(b, _)| k < b) {
                    best = Some((k, i));
                }
            }
        }
        best
    }

    /// The lane whose next item can go now, if any; `None` with `true`
    /// when every worker is done and nothing waits.
    fn ready(&self) -> (Option<usize>, bool) {
        let Some((key, i)) = self.smallest() else {
            return (None, self.lanes.iter().all(|l| l.low == u64::MAX));
        };
        let clear = self
            .lanes
            .iter()
            .enumerate()
            .all(|(j, l)| j == i || l.head().is_some() || l.low > key);
        (clear.then_some(i), false)
    }

    /// Whether the merge waits on worker `w` (nothing of it waits, and
    /// it may still send an item smaller than every one waiting).
    fn waits_on(&self, w: usize, smallest: Option<u64>) -> bool {
        let l = &self.lanes[w];
        l.head().is_none() && smallest.is_none_or(|k| l.low <= k)
    }

    /// Gives every item to `sink` in key order, receiving chunks as they
    /// are needed, until every worker is done or the sink stops; gives
    /// each chunk's bytes back to `budget` once its last item has gone.
    pub(super) fn run(
        &mut self,
        chunks: &Receiver<Chunk<T>>,
        budget: &Budget,
        sink: &mut impl FnMut(T, &[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut stalled = false;
        loop {
            // Everything already here first, without waiting.
            while let Ok(c) = chunks.try_recv() {
                self.add(c, budget);
            }
            match self.ready() {
                (Some(i), _) => {
                    if std::mem::take(&mut stalled) {
                        budget.stalled(|_| false);
                    }
                    self.give(i, budget, sink)?
                }
                (None, true) => return ControlFlow::Continue(()),
                (None, false) => {
                    // Nothing can go before another chunk comes: a worker
                    // waited on that has nothing to do needs a round.
                    let smallest = self.smallest().map(|(k, _)| k);
                    budget.stalled(|w| self.waits_on(w, smallest));
                    stalled = true;
                    match chunks.recv() {
                        Ok(c) => self.add(c, budget),
                        // Every worker is gone: what is left goes in order.
                        Err(_) => {
                            for l in &mut self.lanes {
                                l.low = u64::MAX;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Gives lane `i`'s items to the sink while they stay the smallest.
    fn give(
        &mut self,
        i: usize,
        budget: &Budget,
        sink: &mut impl FnMut(T, &[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // The bound: the next key of any other lane, or its low water mark.
        let bound = (self.lanes.iter().enumerate())
            .filter(|&(j, _)| j != i)
            .map(|(_, l)| l.head().unwrap_or(l.low))
            .min()
            .unwrap_or(u64::MAX);
        let lane = &mut self.lanes[i];
        while let Some(chunk) = lane.chunks.front_mut() {
            while let Some(&(k, _)) = chunk.items.front() {
                if k >= bound {
                    return ControlFlow::Continue(());
                }
                if let Some((_, item)) = chunk.items.pop_front() {
                    sink(item, &chunk.bytes)?;
                }
            }
            if let Some(done) = lane.chunks.pop_front() {
                budget.gave_items(i, done.weight);
                let mut emptied = Items {
                    keyed: Vec::from(done.items),
                    bytes: done.bytes,
                    ..Items::default()
                };
                emptied.clear();
                // Kept while it fits in the budget; freed otherwise.
                if budget.keep_spare(emptied.footprint()) {
                    let _ = lane.recycle.send(emptied);
                }
            }
        }
        ControlFlow::Continue(())
    }
}
