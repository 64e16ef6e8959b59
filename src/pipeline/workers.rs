//! The pass on N workers: a reading thread (the capture, the link layer,
//! the flow table) sends each worker the steps of its connections in
//! batches; each worker, a thread of its own, carries them out on its
//! connections and its [`Work`]; the calling thread merges their items.
//!
//! Each worker keeps its connections' state on its own thread (in its
//! core's cache). What is in flight between the threads (batches not
//! carried out yet, items not given to the sink yet) is counted in bytes
//! against the pass's [`Budget`]: the reading thread waits for room
//! before each round, a worker hands its items on by the chunk (also in
//! the middle of a batch) and waits while the budget is spent and its
//! own items wait in the merge. So a sink slower than the workers
//! (Parquet tables, a slow pipe) holds the whole pass back, and records
//! larger than their packets never pile up.
//! (A version where the threads took turns at reading and at the shards,
//! so as to run exactly N busy threads, measured slower: each shard's state
//! then moved between cores, see BENCHMARKS.md.)

use super::budget::Budget;
use super::front::{Batch, Front};
use super::merge::{Chunk, Merge};
use super::pace::Paced;
use super::{Finished, Items, Pipeline, Work};
use crate::capture::CaptureError;
use crate::reassembly::conn::Conns;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};

/// A reading thread, `p.threads` workers, and the merge on this thread.
pub(super) fn run<W>(
    p: Pipeline,
    make: impl Fn() -> W + Sync,
    sink: &mut impl FnMut(W::Item, &[u8]) -> ControlFlow<()>,
) -> Result<Finished<W>, CaptureError>
where
    W: Work + Send,
    W::Item: Send,
{
    let n = p.threads;
    let name = p.name.clone();
    // Each worker's connections hold at most their share of the
    // out-of-order bytes.
    let mut config = p.config.clone();
    config.max_buffered_total = (config.max_buffered_total / n.max(1)).max(1);
    let stop = AtomicBool::new(false);
    let budget_bytes = p.budget;
    let budget = Budget::new(budget_bytes, n);
    let (to_merge, chunks) = channel::<Chunk<W::Item>>();
    // Every channel is unbounded in number: the budget bounds its bytes.
    let mut inputs = Vec::new();
    let mut returns = Vec::new();
    let mut recycle = Vec::new();
    // Emptied batches, back to the reading thread.
    let (give_back, spares) = channel::<Batch>();
    for _ in 0..n {
        let (tx, rx) = channel::<Batch>();
        // Emptied chunks, back to their worker.
        let (again, emptied) = channel::<Items<W::Item>>();
        inputs.push(tx);
        recycle.push(again);
        returns.push((rx, give_back.clone(), emptied));
    }
    drop(give_back);
    std::thread::scope(|scope| {
        let front = Front::new(p.start(), p.reader, p.config, p.clock);
        let (stop, budget) = (&stop, &budget);
        let round = p.round;
        let reading = std::thread::Builder::new()
            .name("cardshark-read".into())
            .spawn_scoped(scope, move || {
                read(front, round, inputs, spares, budget, stop)
            })
            .map_err(|e| CaptureError::new(&name, format!("cannot start a thread: {e}")))?;
        let mut handles = Vec::new();
        for (i, (rx, give_back, emptied)) in returns.into_iter().enumerate() {
            let (make, config, to_merge) = (&make, config.clone(), to_merge.clone());
            let worker = std::thread::Builder::new()
                .name(format!("cardshark-work{i}"))
                .spawn_scoped(scope, move || {
                    let mut conns = Conns::default();
                    let mut work = make();
                    let lane = Lane {
                        worker: i,
                        to_merge,
                        emptied,
                        budget,
                    };
                    let keep = (round.0 * n, round.1 * n);
                    let chunk = super::chunk_for(budget_bytes, n);
                    run_worker(
                        &lane,
                        &mut conns,
                        &mut work,
                        &config,
                        (rx, give_back, keep, chunk),
                    );
                    (work, conns)
                })
                .map_err(|e| CaptureError::new(&name, format!("cannot start a thread: {e}")))?;
            handles.push(worker);
        }
        drop(to_merge);
        let mut merge = Merge::new(n, recycle);
        if merge.run(&chunks, budget, sink).is_break() {
            stop.store(true, Ordering::Relaxed);
        }
        // Nobody waits for room any more: the threads run to their end.
        budget.close();
        drop(chunks);
        let mut summary = reading
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        let mut workers = Vec::new();
        for h in handles {
            let (work, conns) = h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            summary.reassembly.add(conns.stats());
            workers.push(work);
        }
        Ok(Finished {
            summary,
            workers,
            in_flight: budget.peak(),
        })
    })
}

/// The reading thread: rounds of batches to the workers, each once the
/// budget has room for it, then the steps ending the connections still
/// open; returns what the capture, link and flow stages saw.
fn read(
    mut front: Front,
    round: (usize, usize),
    inputs: Vec<Sender<Batch>>,
    spares: Receiver<Batch>,
    budget: &Budget,
    stop: &AtomicBool,
) -> super::CaptureSummary {
    let n = inputs.len();
    let limit = (round.0 * n, round.1 * n);
    // A round's batches at most (one worker may own every step of it).
    let room = Batch::footprint_of(limit.0, limit.1);
    let mut batches: Vec<Batch> = (0..n).map(|_| Batch::new()).collect();
    let send = |batches: &mut Vec<Batch>| -> bool {
        for (i, b) in batches.iter_mut().enumerate() {
            // An emptied batch to fill next, or a new one.
            let next = b.next;
            let mut fresh = match spares.try_recv() {
                Ok(spare) => {
                    budget.took_spare(spare.footprint());
                    spare
                }
                Err(_) => Batch::new(),
            };
            fresh.next = next;
            let mut full = std::mem::replace(b, fresh);
            full.charged = full.footprint();
            budget.sent_batch(i, full.charged);
            if inputs[i].send(full).is_err() {
                return false;
            }
        }
        true
    };
    while !front.done() && !stop.load(Ordering::Relaxed) {
        budget.admit(room);
        if stop.load(Ordering::Relaxed) {
            break;
        }
        front.fill(&mut batches, limit);
        if !send(&mut batches) {
            return front.finish();
        }
    }
    if !stop.load(Ordering::Relaxed) {
        front.finish_into(&mut batches);
        send(&mut batches);
    }
    drop(inputs);
    front.finish()
}

/// A worker's way to the merge.
struct Lane<'a, T> {
    worker: usize,
    to_merge: Sender<Chunk<T>>,
    /// Chunks the merge emptied, to be filled again.
    emptied: Receiver<Items<T>>,
    budget: &'a Budget,
}

impl<T> Lane<'_, T> {
    /// Sends the merge `items` (leaving an emptied chunk in their place)
    /// with the worker's low water mark `low`; false once the merge is
    /// gone.
    fn send(&self, items: &mut Items<T>, low: u64) -> bool {
        let items = if items.is_empty() {
            // The low water mark alone; the room stays here.
            items.clear();
            Items::default()
        } else {
            let spare = match self.emptied.try_recv() {
                Ok(spare) => {
                    self.budget.took_spare(spare.footprint());
                    spare
                }
                Err(_) => Items::default(),
            };
            std::mem::replace(items, spare)
        };
        let weight = items.footprint();
        self.budget.sent_items(self.worker, weight);
        let chunk = Chunk {
            worker: self.worker,
            items,
            low,
            weight,
        };
        self.to_merge.send(chunk).is_ok()
    }
}

/// A worker: its batches' steps carried out on its connections, their
/// events to its work, and the work's items to the merge, by the chunk.
fn run_worker<W: Work>(
    lane: &Lane<'_, W::Item>,
    conns: &mut Conns,
    work: &mut W,
    config: &crate::reassembly::Config,
    (batches, give_back, keep, chunk): (Receiver<Batch>, Sender<Batch>, (usize, usize), usize),
) {
    let gone = std::cell::Cell::new(false);
    // Mid-batch: a chunk, then room to go on.
    let mut hand = |items: &mut Items<W::Item>, low: u64| {
        if !lane.send(items, low) {
            gone.set(true);
        }
        lane.budget.wait_room(lane.worker);
    };
    let mut taken = Items::default();
    for mut batch in batches.iter() {
        let low = {
            let mut paced = Paced::new(work, &mut taken, chunk, &mut hand);
            batch.apply(conns, config, &mut paced);
            paced.low(batch.next)
        };
        // The batch's last items, with the worker's low water mark (sent
        // even when there are none), then its bytes given back.
        work.take(&mut taken);
        if !lane.send(&mut taken, low) {
            gone.set(true);
        }
        lane.budget.did_batch(lane.worker, batch.charged);
        batch.trim(keep.0, keep.1);
        if lane.budget.keep_spare(batch.footprint()) {
            let _ = give_back.send(batch);
        }
        lane.budget.wait_room(lane.worker);
        if gone.get() {
            return;
        }
    }
    {
        let mut paced = Paced::new(work, &mut taken, chunk, &mut hand);
        paced.finish();
        paced.low(u64::MAX);
    }
    work.take(&mut taken);
    lane.send(&mut taken, u64::MAX);
}
