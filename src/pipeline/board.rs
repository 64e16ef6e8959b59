//! The pass on N threads: the calling thread and N - 1 more take their
//! work from a board, a task at a time, from whichever stage has some.
//!
//! The stages: reading (the capture, the link layer and the flow table,
//! into one batch per shard), each of the N shards (a shard is one
//! worker's connections: their reassembly and its [`Work`]), and the
//! merge (the calling thread's alone, since the sink is its own). Only one
//! thread at a time is in a stage, so a shard's state is touched by one
//! thread at a time and its batches are done in order; but any thread
//! does any stage's work, so that N threads keep N cores busy whatever the
//! stages cost. (With a thread per stage, the reading thread and the
//! workers were one thread more than the cores, and the machine spent the
//! difference switching between them.)

use super::front::{Batch, Front};
use super::merge::{Chunk, Merge};
use super::{Finished, Items, Pipeline, Work};
use crate::capture::CaptureError;
use crate::reassembly::conn::Conns;
use crate::reassembly::Config;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Batches that may wait per shard before reading pauses.
const IN_FLIGHT: usize = 4;

/// A shard: one worker's connections and what it makes of their events.
struct Shard<W> {
    conns: Conns,
    work: W,
}

/// A thread's next task.
enum Task {
    /// Read a round of batches.
    Read,
    /// Carry out shard `i`'s oldest batch.
    Shard(usize, Batch),
    /// Shard `i` has had every batch: its last items.
    Finish(usize),
    /// Give the items that are ready to the sink (the calling thread).
    Merge,
    Wait,
    Exit,
}

/// The work waiting between the stages, and who is doing what.
struct Board<T> {
    /// Each shard's batches not carried out yet.
    queued: Vec<VecDeque<Batch>>,
    /// A thread is in shard `i`.
    busy: Vec<bool>,
    /// Shard `i` has given its last items.
    finished: Vec<bool>,
    /// A thread is reading.
    reading: bool,
    /// The capture is read, the last steps are in the queues.
    read_done: bool,
    /// Emptied batches, to be filled again.
    spare: Vec<Batch>,
    /// Items for the merge.
    chunks: Vec<Chunk<T>>,
    /// The sink stopped, or a thread failed: everyone leaves.
    stopped: bool,
    /// Threads waiting for work.
    waiting: usize,
}

impl<T> Board<T> {
    fn next(&mut self, caller: bool, merge_done: bool) -> Task {
        if self.stopped {
            return Task::Exit;
        }
        if caller && !self.chunks.is_empty() {
            return Task::Merge;
        }
        // The shard with the most batches waiting.
        let shard = (0..self.queued.len())
            .filter(|&i| !self.busy[i] && !self.queued[i].is_empty())
            .max_by_key(|&i| self.queued[i].len());
        if let Some(i) = shard {
            if let Some(b) = self.queued[i].pop_front() {
                self.busy[i] = true;
                return Task::Shard(i, b);
            }
        }
        let full = self.queued.iter().any(|q| q.len() >= IN_FLIGHT);
        if !self.reading && !self.read_done && !full {
            self.reading = true;
            return Task::Read;
        }
        if self.read_done {
            let last = (0..self.queued.len())
                .find(|&i| !self.busy[i] && !self.finished[i] && self.queued[i].is_empty());
            if let Some(i) = last {
                self.busy[i] = true;
                self.finished[i] = true;
                return Task::Finish(i);
            }
            let all = self.finished.iter().all(|&f| f) && !self.busy.iter().any(|&b| b);
            if all && (!caller || merge_done) {
                return Task::Exit;
            }
        }
        Task::Wait
    }
}

/// What every thread shares.
struct Shared<W: Work> {
    board: Mutex<Board<W::Item>>,
    wake: Condvar,
    front: Mutex<Front>,
    shards: Vec<Mutex<Shard<W>>>,
    config: Config,
    round: (usize, usize),
}

/// Locks `m`; a lock poisoned by a panic is taken anyway (the panic itself
/// ends the pass, see [`Failing`]).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<W: Work> Shared<W> {
    /// Changes the board with `f` and wakes the waiting threads.
    fn post<R>(&self, f: impl FnOnce(&mut Board<W::Item>) -> R) -> R {
        let mut board = lock(&self.board);
        let r = f(&mut board);
        if board.waiting > 0 {
            self.wake.notify_all();
        }
        r
    }

    /// The next task; waits while there is none.
    fn next(&self, caller: bool, merge_done: bool) -> Task {
        let mut board = lock(&self.board);
        loop {
            match board.next(caller, merge_done) {
                Task::Wait => {
                    board.waiting += 1;
                    board = self
                        .wake
                        .wait(board)
                        .unwrap_or_else(PoisonError::into_inner);
                    board.waiting -= 1;
                }
                task => return task,
            }
        }
    }

    /// Reads a round into one batch per shard and queues them.
    fn read(&self) {
        let n = self.shards.len();
        let mut batches: Vec<Batch> = self.post(|b| {
            (0..n)
                .map(|_| b.spare.pop().unwrap_or_else(Batch::new))
                .collect()
        });
        let done = {
            let mut front = lock(&self.front);
            front.fill(&mut batches, (self.round.0 * n, self.round.1 * n));
            if front.done() {
                front.finish_into(&mut batches);
            }
            front.done()
        };
        self.post(|b| {
            for (q, batch) in b.queued.iter_mut().zip(batches) {
                q.push_back(batch);
            }
            b.reading = false;
            b.read_done = done;
        });
    }

    /// Carries out shard `i`'s batch; its items go to the merge.
    fn shard(&self, i: usize, mut batch: Batch) {
        let mut items = Items::default();
        let low = {
            let mut shard = lock(&self.shards[i]);
            let Shard { conns, work } = &mut *shard;
            batch.apply(conns, &self.config, work);
            let low = work.low(batch.next);
            work.take(&mut items);
            low
        };
        self.post(|b| {
            b.busy[i] = false;
            b.spare.push(batch);
            b.chunks.push(Chunk {
                worker: i,
                items,
                low,
            });
        });
    }

    /// Shard `i`'s last items.
    fn finish(&self, i: usize) {
        let mut items = Items::default();
        {
            let mut shard = lock(&self.shards[i]);
            shard.work.finish();
            shard.work.low(u64::MAX);
            shard.work.take(&mut items);
        }
        self.post(|b| {
            b.busy[i] = false;
            b.chunks.push(Chunk {
                worker: i,
                items,
                low: u64::MAX,
            });
        });
    }

    /// Takes tasks until there are none left. The calling thread (with
    /// the merge and the sink) also merges.
    fn work(&self, mut merge: Option<Merging<'_, W::Item>>) {
        let _failing = Failing(&self.board, &self.wake);
        loop {
            let merge_done = merge.as_ref().is_some_and(|(m, _)| m.done());
            match self.next(merge.is_some(), merge_done) {
                Task::Read => self.read(),
                Task::Shard(i, batch) => self.shard(i, batch),
                Task::Finish(i) => self.finish(i),
                Task::Merge => {
                    let Some((m, sink)) = merge.as_mut() else {
                        continue;
                    };
                    let chunks = self.post(|b| std::mem::take(&mut b.chunks));
                    for c in chunks {
                        m.add(c);
                    }
                    if m.give_ready(&mut |item, bytes| sink.item(item, bytes))
                        .is_break()
                    {
                        self.post(|b| b.stopped = true);
                    }
                }
                Task::Wait => unreachable!("waited for above"),
                Task::Exit => return,
            }
        }
    }
}

/// The calling thread's part: the merge and the sink.
type Merging<'a, T> = (&'a mut Merge<T>, &'a mut dyn MergeSink<T>);

/// The sink, as the merge calls it.
trait MergeSink<T> {
    fn item(&mut self, item: T, bytes: &[u8]) -> ControlFlow<()>;
}

impl<T, F: FnMut(T, &[u8]) -> ControlFlow<()>> MergeSink<T> for F {
    fn item(&mut self, item: T, bytes: &[u8]) -> ControlFlow<()> {
        self(item, bytes)
    }
}

/// Stops the pass if its thread unwinds, so that the others do not wait
/// for it for ever.
struct Failing<'a, T>(&'a Mutex<Board<T>>, &'a Condvar);

impl<T> Drop for Failing<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(self.0).stopped = true;
            self.1.notify_all();
        }
    }
}

/// The pass on `p.threads` threads (this one and the rest), as many
/// shards.
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
    let shared = Shared {
        board: Mutex::new(Board {
            queued: (0..n).map(|_| VecDeque::new()).collect(),
            busy: vec![false; n],
            finished: vec![false; n],
            reading: false,
            read_done: false,
            spare: Vec::new(),
            chunks: Vec::new(),
            stopped: false,
            waiting: 0,
        }),
        wake: Condvar::new(),
        front: Mutex::new(Front::new(&p.name, p.reader, p.config.clone())),
        shards: (0..n)
            .map(|_| {
                Mutex::new(Shard {
                    conns: Conns::default(),
                    work: make(),
                })
            })
            .collect(),
        config: p.config,
        round: p.round,
    };
    let mut merge = Merge::new(n);
    let spawned = std::thread::scope(|scope| {
        for i in 1..n {
            let shared = &shared;
            let spawned = std::thread::Builder::new()
                .name(format!("cardshark-{i}"))
                .spawn_scoped(scope, move || shared.work(None));
            if let Err(e) = spawned {
                shared.post(|b| b.stopped = true);
                return Err(e);
            }
        }
        shared.work(Some((&mut merge, sink)));
        Ok(())
    });
    let Shared { front, shards, .. } = shared;
    let front = front.into_inner().unwrap_or_else(PoisonError::into_inner);
    let mut summary = front.finish();
    if let Err(e) = spawned {
        let why = format!("cannot start a thread: {e}");
        return Err(CaptureError::new(&summary.file, why));
    }
    let mut workers = Vec::new();
    for s in shards {
        let s = s.into_inner().unwrap_or_else(PoisonError::into_inner);
        summary.reassembly.add(s.conns.stats());
        workers.push(s.work);
    }
    Ok(Finished { summary, workers })
}
