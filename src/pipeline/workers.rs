//! The split pass (`inspect`): reading, reassembling and the sink are three
//! stages, and two threads (the caller's and one more) take their work a
//! batch at a time from whichever stage has some.
//!
//! With a thread per stage on a two-core machine, the queues swung between
//! full and empty: a thread woken for a batch queued behind the other two
//! for a core, and a core stood idle about a sixth of the time. Here a
//! thread with nothing to do in one stage does the next stage's work
//! instead, so both cores stay busy while any stage has work.
//!
//! Each stage still does its batches one at a time and in order (only the
//! thread holding a stage touches its state), so the sink sees exactly
//! the events, in the order, of the one-thread pass.

use super::{back, front, CaptureSummary, Limits};
use crate::capture::{CaptureError, CaptureReader};
use crate::reassembly::{Config, Event, Reassembler, Sink};
use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Filled batches that may wait between two stages (8 batches of 256 KB:
/// with both threads free to work on any stage, deeper queues measured no
/// faster, and 16 cost 4 MB more at the peak).
const IN_FLIGHT: usize = 8;

/// The stages, as indices into [`Board::busy`].
const READ: usize = 0;
const REASSEMBLE: usize = 1;
const SINK: usize = 2;

/// A stage's work, as a thread takes it from the [`Board`].
enum Task {
    /// Fill this batch from the capture.
    Read(front::Batch),
    /// Reassemble this batch's segments.
    Reassemble(front::Batch),
    /// The capture is done: end the flows still open.
    Finish,
    /// Hand this batch's events to the sink.
    Sink(back::Batch),
    /// Nothing to do yet.
    Wait,
    /// Everything is done (or a thread failed).
    Exit,
}

/// The batches between the stages and who is doing what.
struct Board {
    limits: Limits,
    segments: VecDeque<front::Batch>,
    spare_segments: Vec<front::Batch>,
    events: VecDeque<back::Batch>,
    spare_events: Vec<back::Batch>,
    /// A thread is working in this stage.
    busy: [bool; 3],
    /// No more segments will be read.
    read_done: bool,
    /// The reassembler has ended every flow: no more events will come.
    reassembled: bool,
    /// The sink asked to stop: batches not reassembled yet are dropped.
    stopped: bool,
    /// A thread panicked: the other one gives up.
    failed: bool,
    /// Threads waiting for work.
    waiting: usize,
}

impl Board {
    /// The next task, downstream stages first (so that queues stay short).
    fn next(&mut self) -> Task {
        if self.failed {
            return Task::Exit;
        }
        for stage in [SINK, REASSEMBLE, READ] {
            if let Some(task) = self.take(stage) {
                return task;
            }
        }
        if self.reassembled && self.events.is_empty() && !self.busy[SINK] {
            return Task::Exit;
        }
        Task::Wait
    }

    /// Work in `stage`, if it has some and no thread is in it.
    fn take(&mut self, stage: usize) -> Option<Task> {
        if self.busy[stage] {
            return None;
        }
        let task = match stage {
            SINK => Task::Sink(self.events.pop_front()?),
            REASSEMBLE if self.reassembled => return None,
            REASSEMBLE if self.events.len() < IN_FLIGHT && !self.segments.is_empty() => {
                Task::Reassemble(self.segments.pop_front()?)
            }
            REASSEMBLE if self.read_done && !self.busy[READ] && self.segments.is_empty() => {
                Task::Finish
            }
            READ if !self.read_done && self.segments.len() < IN_FLIGHT => {
                let spare = self.spare_segments.pop();
                Task::Read(spare.unwrap_or_else(|| front::Batch::new(self.limits)))
            }
            _ => return None,
        };
        self.busy[stage] = true;
        Some(task)
    }

    /// Stops reading and drops the segments not reassembled yet.
    fn stop(&mut self) {
        self.stopped = true;
        self.read_done = true;
        self.spare_segments.extend(self.segments.drain(..));
    }
}

/// The reassembly stage: the reassembler and the batch its events go to.
struct Reassembly {
    reasm: Reassembler,
    out: back::Batch,
}

/// What both threads share.
struct Shared<'a, S> {
    board: Mutex<Board>,
    wake: Condvar,
    front: Mutex<front::Front>,
    reassembly: Mutex<Reassembly>,
    sink: Mutex<&'a mut S>,
    stop: &'a AtomicBool,
    limits: Limits,
}

/// Locks `m`; a lock poisoned by a panic is taken anyway (the panic itself
/// ends the pass, see [`Failing`]).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<S: Sink + Send> Shared<'_, S> {
    /// Changes the board with `f` and wakes a waiting thread.
    fn post<T>(&self, f: impl FnOnce(&mut Board) -> T) -> T {
        let mut board = lock(&self.board);
        let r = f(&mut board);
        if board.waiting > 0 {
            self.wake.notify_all();
        }
        r
    }

    /// Sleeps until another thread changes the board.
    fn wait<'b>(&'b self, mut board: MutexGuard<'b, Board>) -> MutexGuard<'b, Board> {
        board.waiting += 1;
        let mut board = self
            .wake
            .wait(board)
            .unwrap_or_else(PoisonError::into_inner);
        board.waiting -= 1;
        board
    }

    /// Queues a full batch of events for the sink. One segment batch can
    /// make many events (the end of the capture ends every open flow at
    /// once), and they must not pile up unbounded: while the queue is over
    /// [`IN_FLIGHT`] this thread, which holds the reassembly stage, hands
    /// the oldest batches to the sink itself when the sink's stage is free,
    /// and waits for the other thread to when it is not. Returns an empty
    /// batch to fill next.
    fn hand_over(&self, batch: back::Batch) -> back::Batch {
        let mut board = lock(&self.board);
        board.events.push_back(batch);
        while board.events.len() > IN_FLIGHT && !board.failed {
            if board.busy[SINK] {
                board = self.wait(board);
                continue;
            }
            let Some(mut oldest) = board.events.pop_front() else {
                break;
            };
            board.busy[SINK] = true;
            drop(board);
            oldest.replay(&mut **lock(&self.sink));
            board = lock(&self.board);
            board.busy[SINK] = false;
            board.spare_events.push(oldest);
        }
        if board.waiting > 0 {
            self.wake.notify_all();
        }
        let spare = board.spare_events.pop();
        spare.unwrap_or_else(|| back::Batch::new(self.limits))
    }

    /// Takes tasks until there are none left.
    fn work(&self) {
        let _failing = Failing(&self.board, &self.wake);
        loop {
            let task = {
                let mut board = lock(&self.board);
                loop {
                    match board.next() {
                        Task::Wait => board = self.wait(board),
                        task => break task,
                    }
                }
            };
            match task {
                Task::Read(mut batch) => {
                    let done = {
                        let mut front = lock(&self.front);
                        front.fill(&mut batch);
                        front.done()
                    };
                    self.post(|b| {
                        b.busy[READ] = false;
                        b.read_done |= done;
                        if batch.is_empty() || b.stopped {
                            b.spare_segments.push(batch);
                        } else {
                            b.segments.push_back(batch);
                        }
                    });
                }
                Task::Reassemble(mut batch) => {
                    // The sink's request to stop is seen between batches.
                    let stopped = Cell::new(self.stop.load(Ordering::Relaxed));
                    let went_on =
                        self.reassemble(|reasm, sink| batch.reassemble(reasm, sink, &stopped));
                    self.post(|b| {
                        b.busy[REASSEMBLE] = false;
                        b.spare_segments.push(batch);
                        if !went_on {
                            b.stop();
                        }
                    });
                }
                Task::Finish => {
                    self.reassemble(|reasm, sink| reasm.finish(sink));
                    let last = lock(&self.reassembly).out.take();
                    self.post(|b| {
                        b.busy[REASSEMBLE] = false;
                        b.reassembled = true;
                        if !last.is_empty() {
                            b.events.push_back(last);
                        }
                    });
                }
                Task::Sink(mut batch) => {
                    batch.replay(&mut **lock(&self.sink));
                    self.post(|b| {
                        b.busy[SINK] = false;
                        b.spare_events.push(batch);
                    });
                }
                Task::Wait => unreachable!("waited for above"),
                Task::Exit => return,
            }
        }
    }

    /// Runs `f` on the reassembler, its events going into batches that are
    /// posted to the sink's stage as they fill.
    fn reassemble<T>(&self, f: impl FnOnce(&mut Reassembler, &mut Forward<'_, '_, S>) -> T) -> T {
        let mut stage = lock(&self.reassembly);
        let Reassembly { reasm, out } = &mut *stage;
        f(reasm, &mut Forward { out, shared: self })
    }
}

/// The reassembler's sink: events into a batch, posted when full.
struct Forward<'s, 'a, S> {
    out: &'s mut back::Batch,
    shared: &'s Shared<'a, S>,
}

impl<S: Sink + Send> Sink for Forward<'_, '_, S> {
    fn event(&mut self, ev: Event<'_>) {
        self.out.push(ev);
        if self.out.full() {
            let full = self.out.take();
            *self.out = self.shared.hand_over(full);
        }
    }
}

/// Marks the pass failed if its thread unwinds, so that the other thread
/// does not wait for it for ever.
struct Failing<'a>(&'a Mutex<Board>, &'a Condvar);

impl Drop for Failing<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(self.0).failed = true;
            self.1.notify_all();
        }
    }
}

/// Like [`super::run_file`], with the sink's work shared out too: three
/// stages on two threads. `stop`, which the sink may set, ends the pass
/// early (the flows open by then are still ended, their events delivered).
pub fn run(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut (impl Sink + Send),
    stop: &AtomicBool,
) -> Result<CaptureSummary, CaptureError> {
    run_with(name, reader, config, sink, stop, Limits::DEFAULT)
}

/// [`run`] with batches of `limits`.
pub(super) fn run_with(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut (impl Sink + Send),
    stop: &AtomicBool,
    limits: Limits,
) -> Result<CaptureSummary, CaptureError> {
    let reasm = Reassembler::new(config);
    let shared = Shared {
        board: Mutex::new(Board {
            limits,
            segments: VecDeque::new(),
            spare_segments: Vec::new(),
            events: VecDeque::new(),
            spare_events: Vec::new(),
            busy: [false; 3],
            read_done: false,
            reassembled: false,
            stopped: false,
            failed: false,
            waiting: 0,
        }),
        wake: Condvar::new(),
        front: Mutex::new(front::Front::new(name, reader, reasm.flow_hasher())),
        reassembly: Mutex::new(Reassembly {
            reasm,
            out: back::Batch::new(limits),
        }),
        sink: Mutex::new(sink),
        stop,
        limits,
    };
    std::thread::scope(|scope| {
        scope.spawn(|| shared.work());
        shared.work();
    });
    let Shared {
        front, reassembly, ..
    } = shared;
    let mut summary = front
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .finish();
    if let Some(e) = summary.unreadable() {
        return Err(e);
    }
    let stage = reassembly
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    summary.reassembly = stage.reasm.stats().clone();
    Ok(summary)
}
