//! The pass on N workers: a reading thread (the capture, the link layer,
//! the flow table) sends each worker the steps of its connections in
//! batches; each worker, a thread of its own, carries them out on its
//! connections and its [`Work`]; the calling thread merges their items.
//!
//! Each worker keeps its connections' state on its own thread (in its
//! core's cache); workers never wait for the merge (their channel to it is
//! unbounded, and what waits there is bounded by the reading thread,
//! which runs at most [`IN_FLIGHT`] batches ahead of the slowest worker,
//! and at most [`IN_FLIGHT`] rounds ahead of what the sink has taken:
//! see `merge`'s credits).
//! (A version where the threads took turns at reading and at the shards,
//! so as to run exactly N busy threads, measured slower: each shard's state
//! then moved between cores, see BENCHMARKS.md.)

use super::front::{Batch, Front};
use super::merge::{Chunk, Merge};
use super::{Finished, Items, Pipeline, Work};
use crate::capture::CaptureError;
use crate::reassembly::conn::Conns;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};

/// Batches that may wait for each worker.
const IN_FLIGHT: usize = 32;

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
    let config = p.config.clone();
    let stop = AtomicBool::new(false);
    let (to_merge, chunks) = channel::<Chunk<W::Item>>();
    // The reading thread's credit: a round each.
    let (grant, credit) = sync_channel::<()>(IN_FLIGHT);
    for _ in 0..IN_FLIGHT {
        let _ = grant.try_send(());
    }
    let mut inputs = Vec::new();
    let mut spares = Vec::new();
    let mut returns = Vec::new();
    for _ in 0..n {
        let (tx, rx) = sync_channel::<Batch>(IN_FLIGHT);
        let (give_back, spare) = sync_channel::<Batch>(IN_FLIGHT + 2);
        inputs.push(tx);
        spares.push(spare);
        returns.push((rx, give_back));
    }
    std::thread::scope(|scope| {
        let front = Front::new(p.start(), p.reader, p.config, p.clock);
        let stop = &stop;
        let round = p.round;
        let reading = std::thread::Builder::new()
            .name("cardshark-read".into())
            .spawn_scoped(scope, move || {
                read(front, round, inputs, spares, credit, stop)
            })
            .map_err(|e| CaptureError::new(&name, format!("cannot start a thread: {e}")))?;
        let mut handles = Vec::new();
        for (i, (rx, give_back)) in returns.into_iter().enumerate() {
            let (make, config, to_merge) = (&make, config.clone(), to_merge.clone());
            let worker = std::thread::Builder::new()
                .name(format!("cardshark-work{i}"))
                .spawn_scoped(scope, move || {
                    let mut conns = Conns::default();
                    let mut work = make();
                    run_worker(i, &mut conns, &mut work, &config, rx, give_back, &to_merge);
                    (work, conns)
                })
                .map_err(|e| CaptureError::new(&name, format!("cannot start a thread: {e}")))?;
            handles.push(worker);
        }
        drop(to_merge);
        let mut merge = Merge::new(n);
        if merge.run(&chunks, &grant, sink).is_break() {
            stop.store(true, Ordering::Relaxed);
        }
        drop(chunks);
        // The reading thread no longer waits for credit.
        drop(grant);
        let mut summary = reading
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        let mut workers = Vec::new();
        for h in handles {
            let (work, conns) = h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            summary.reassembly.add(conns.stats());
            workers.push(work);
        }
        Ok(Finished { summary, workers })
    })
}

/// The reading thread: rounds of batches to the workers, then the steps
/// ending the connections still open; returns what the capture, link and
/// flow stages saw.
fn read(
    mut front: Front,
    round: (usize, usize),
    inputs: Vec<SyncSender<Batch>>,
    spares: Vec<Receiver<Batch>>,
    credit: Receiver<()>,
    stop: &AtomicBool,
) -> super::CaptureSummary {
    let n = inputs.len();
    let limit = (round.0 * n, round.1 * n);
    let mut batches: Vec<Batch> = (0..n).map(|_| Batch::new()).collect();
    let send = |batches: &mut Vec<Batch>| -> bool {
        for (i, b) in batches.iter_mut().enumerate() {
            // An emptied batch to fill next, or a new one while the
            // worker still has them all.
            let next = b.next;
            let mut fresh = spares[i].try_recv().unwrap_or_else(|_| Batch::new());
            fresh.next = next;
            let full = std::mem::replace(b, fresh);
            if inputs[i].send(full).is_err() {
                return false;
            }
        }
        true
    };
    while !front.done() && !stop.load(Ordering::Relaxed) {
        // A round more once the sink has taken one (an error: the merge
        // has ended, so nothing waits on the sink any more).
        let _ = credit.recv();
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

/// A worker: its batches' steps carried out on its connections, their
/// events to its work, and the work's items to the merge.
fn run_worker<W: Work>(
    i: usize,
    conns: &mut Conns,
    work: &mut W,
    config: &crate::reassembly::Config,
    batches: Receiver<Batch>,
    give_back: SyncSender<Batch>,
    to_merge: &Sender<Chunk<W::Item>>,
) {
    for mut batch in batches.iter() {
        batch.apply(conns, config, work);
        let low = work.low(batch.next);
        let mut items = Items::default();
        work.take(&mut items);
        let _ = give_back.try_send(batch);
        if to_merge
            .send(Chunk {
                worker: i,
                items,
                low,
            })
            .is_err()
        {
            return;
        }
    }
    work.finish();
    work.low(u64::MAX);
    let mut items = Items::default();
    work.take(&mut items);
    let _ = to_merge.send(Chunk {
        worker: i,
        items,
        low: u64::MAX,
    });
}
