//! The merge: the workers' items back in key order, on the calling thread.
//!
//! Each worker sends [`Chunk`]s: its items in key order, and its *low
//! water mark*, a key below which it will send nothing more. An item can
//! go to the sink once every other worker either has an item waiting with
//! a larger key or has a low water mark above it. Two workers never make
//! items of the same key (a key is a step of one connection), so the
//! order is total, and the same for every number of workers.
//!
//! Workers never wait for the merge (their channel is unbounded); what
//! waits here is bounded by the reading thread, which runs at most a few
//! batches ahead of the slowest worker, and by how long the decode stage
//! may hold records back. A sink slower than the workers (Parquet
//! tables, a slow pipe) holds the reading thread back too: it takes a
//! *credit* before each round, and the merge gives one back for each
//! round whose items have all gone to the sink, and whenever it has to
//! wait for a chunk with nothing it could give (so that a worker holding
//! its low water mark back never stalls the pass).

use super::Items;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, SyncSender};

/// What a worker sends the merge.
pub(super) struct Chunk<T> {
    pub worker: usize,
    pub items: Items<T>,
    /// The worker sends no item with a smaller key from now on.
    pub low: u64,
}

/// A chunk's items not given to the sink yet, and their bytes.
struct Waiting<T> {
    items: std::vec::IntoIter<(u64, T)>,
    bytes: Vec<u8>,
}

/// One worker's chunks waiting.
struct Lane<T> {
    chunks: VecDeque<Waiting<T>>,
    low: u64,
    /// Chunks received (a worker sends one per batch, so per round).
    received: u64,
}

impl<T> Lane<T> {
    /// The key of the next item, if one waits.
    fn head(&self) -> Option<u64> {
        let first = self.chunks.front()?.items.as_slice().first();
        first.map(|&(k, _)| k)
    }
}

pub(super) struct Merge<T> {
    lanes: Vec<Lane<T>>,
    /// Rounds whose items have all gone to the sink, credited back.
    credited: u64,
}

impl<T> Merge<T> {
    pub(super) fn new(n: usize) -> Self {
        Merge {
            lanes: (0..n)
                .map(|_| Lane {
                    chunks: VecDeque::new(),
                    low: 0,
                    received: 0,
                })
                .collect(),
            credited: 0,
        }
    }

    /// Takes a chunk in.
    fn add(&mut self, c: Chunk<T>) {
        let lane = &mut self.lanes[c.worker];
        lane.low = lane.low.max(c.low);
        lane.received += 1;
        if !c.items.is_empty() {
            lane.chunks.push_back(Waiting {
                items: c.items.keyed.into_iter(),
                bytes: c.items.bytes,
            });
        }
    }

    /// The lane whose next item can go now, if any; `None` with `true`
    /// when every worker is done and nothing waits.
    fn ready(&self) -> (Option<usize>, bool) {
        let mut best: Option<(u64, usize)> = None;
        for (i, l) in self.lanes.iter().enumerate() {
            if let Some(k) = l.head() {
                if best.is_none_or(|(b, _)| k < b) {
                    best = Some((k, i));
                }
            }
        }
        let Some((key, i)) = best else {
            return (None, self.lanes.iter().all(|l| l.low == u64::MAX));
        };
        let clear = self
            .lanes
            .iter()
            .enumerate()
            .all(|(j, l)| j == i || l.head().is_some() || l.low > key);
        (clear.then_some(i), false)
    }

    /// Credits the reading thread (`credit`) with the rounds whose items
    /// have all gone to the sink since the last time.
    fn credit(&mut self, credit: &SyncSender<()>) {
        let done = (self.lanes.iter())
            .map(|l| l.received - l.chunks.len() as u64)
            .min()
            .unwrap_or(0);
        while self.credited < done {
            self.credited += 1;
            // Full: the reading thread has credit enough.
            let _ = credit.try_send(());
        }
    }

    /// Gives every item to `sink` in key order, receiving chunks as they
    /// are needed, until every worker is done or the sink stops; credits
    /// the reading thread (`credit`) as the rounds go through.
    pub(super) fn run(
        &mut self,
        chunks: &Receiver<Chunk<T>>,
        credit: &SyncSender<()>,
        sink: &mut impl FnMut(T, &[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        loop {
            // Everything already here first, without waiting.
            while let Ok(c) = chunks.try_recv() {
                self.add(c);
            }
            self.credit(credit);
            match self.ready() {
                (Some(i), _) => self.give(i, sink)?,
                (None, true) => return ControlFlow::Continue(()),
                (None, false) => {
                    // Nothing can go before another chunk comes: the
                    // reading thread must not wait on the merge.
                    let _ = credit.try_send(());
                    match chunks.recv() {
                        Ok(c) => self.add(c),
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
            while let Some(&(k, _)) = chunk.items.as_slice().first() {
                if k >= bound {
                    return ControlFlow::Continue(());
                }
                if let Some((_, item)) = chunk.items.next() {
                    sink(item, &chunk.bytes)?;
                }
            }
            lane.chunks.pop_front();
        }
        ControlFlow::Continue(())
    }
}
