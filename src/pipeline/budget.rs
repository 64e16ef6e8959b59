//! The pass's memory budget: every byte in flight between the reading
//! thread, the workers, the merge and the sink is counted against one
//! limit ([`Pipeline::budget`](super::Pipeline::budget)).
//!
//! What is counted, and who waits:
//!
//! - **Batches** (the steps a worker has not carried out yet, with their
//!   payload): the reading thread charges a round's batches as it sends
//!   them, the worker gives their bytes back once it has carried them out.
//!   Before each round the reading thread waits until the round fits
//!   ([`Budget::admit`]).
//! - **Items** (what a worker made and the merge has not given to the
//!   sink yet: rendered text, table rows, hands): a worker charges a chunk
//!   as it sends it, the merge gives the chunk's bytes back once the sink
//!   has taken its last item. A worker sends a chunk as soon as it weighs
//!   [`CHUNK`](super::CHUNK) bytes, also in the middle of a batch, and then
//!   waits while the budget is spent ([`Budget::wait_room`]). So a round of
//!   small packets that turns into many large records, or a sink that
//!   writes slowly, holds the workers and the reading thread back instead
//!   of piling up.
//!
//! - **Spares** (emptied batches and chunks kept to be filled again, so
//!   that the steady state allocates nothing): a buffer is in flight or
//!   spare, and each has half the budget ([`Budget::keep_spare`]); past it
//!   a spare is freed.
//!
//! Why nobody waits forever: the merge can always give the sink the
//! smallest item of a worker that has items waiting unless another
//! worker, with nothing waiting, may still make a smaller one. A worker
//! waits only while items of its own wait in the merge, so that other
//! worker is not waiting on the budget: it is busy, or it waits for the
//! reading thread's next round. For the second case the merge, when it
//! has nothing it can give, lets the reading thread take one round past
//! the limit ([`Budget::stalled`]). That overdraft is bounded too: a worker
//! holds its items back only while a stream of its own is being detected,
//! which the decode stage ends after `order::HOLD_STEPS` steps, and the
//! flow table counts a segment's payload in its steps (a step per KB), so
//! those steps are a bounded number of bytes.

use std::sync::{Condvar, Mutex, MutexGuard};

/// The budget's state, behind one lock (taken a few times per batch and
/// per chunk, never per record).
#[derive(Debug)]
struct State {
    /// Bytes in flight: batches sent and not carried out, items sent and
    /// not given to the sink.
    used: usize,
    /// Of `used`, the batches (steps not carried out yet).
    batched: usize,
    /// Bytes of the emptied batches and chunks kept to be filled again.
    spare: usize,
    /// The most `used` and `spare` have been together.
    peak: usize,
    /// Per worker: bytes of its items waiting in the merge.
    out: Vec<usize>,
    /// Per worker: batches sent to it and not carried out yet.
    queued: Vec<usize>,
    /// Rounds the reading thread may take past the limit (the merge has
    /// nothing to give and waits on a worker that has nothing to do).
    grants: usize,
    /// The pass is ending (the sink stopped it): nobody waits any more.
    closed: bool,
    /// Threads waiting for room (woken only when there are some: a wake
    /// is a system call).
    waiters: usize,
    /// Per worker: whether the merge, when it last had nothing to give,
    /// waited on it ([`Budget::stalled`]).
    awaited: Vec<bool>,
}

/// The bytes in flight in a pass over N workers, against one limit; see
/// the [module docs](self).
#[derive(Debug)]
pub(super) struct Budget {
    /// Half the budget: what may be in flight, and what spares may hold.
    limit: usize,
    state: Mutex<State>,
    room: Condvar,
}

impl Budget {
    /// A budget of `bytes` for `workers` workers: half of it for what is
    /// in flight, half for spares.
    pub(super) fn new(bytes: usize, workers: usize) -> Self {
        Budget {
            limit: (bytes / 2).max(1),
            state: Mutex::new(State {
                used: 0,
                batched: 0,
                spare: 0,
                peak: 0,
                out: vec![0; workers],
                queued: vec![0; workers],
                grants: 0,
                closed: false,
                waiters: 0,
                awaited: vec![false; workers],
            }),
            room: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A thread that panicked while holding the lock changed no count
        // half-way: go on with what is there.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a change of the counts (`s` given back).
    fn wait<'a>(&self, mut s: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        s.waiters += 1;
        let mut s = self.room.wait(s).unwrap_or_else(|e| e.into_inner());
        s.waiters -= 1;
        s
    }

    /// Wakes the waiting threads, if any, once `s` is let go.
    fn wake(&self, s: MutexGuard<'_, State>) {
        let any = s.waiters > 0;
        drop(s);
        if any {
            self.room.notify_all();
        }
    }

    /// Where a thread that had to wait for room goes on: three quarters
    /// of the budget, so that it then has a quarter to fill before it
    /// waits again (each wait costs two system calls and a thread switch).
    fn low(&self) -> usize {
        self.limit - self.limit / 4
    }

    /// After `used` went down: wakes the waiting threads once there is
    /// room for them (`used` at [`Budget::low`]), or when `freed`
    /// (a worker with nothing left in the merge, which never waits).
    fn wake_on(&self, s: MutexGuard<'_, State>, freed: bool) {
        if freed || s.used <= self.low() {
            self.wake(s);
        }
    }

    fn add(s: &mut State, bytes: usize) {
        s.used += bytes;
        s.peak = s.peak.max(s.used + s.spare);
    }

    /// Whether an emptied batch or chunk of `bytes` may be kept to be
    /// filled again: only while the spares fit in their half of the
    /// budget (then it counts among them until [`Budget::took_spare`]).
    /// Spares have their own half, not what is in flight: a budget spent
    /// by what is in flight (the usual state of a pass, the reading thread
    /// being faster than the rest) must not free every emptied buffer,
    /// only to make a new one for the next round. (With a quarter of what
    /// may be in flight, or a half, a pass made a new buffer for a third
    /// or a fifth of its chunks, and ran 25% slower.)
    pub(super) fn keep_spare(&self, bytes: usize) -> bool {
        let mut s = self.lock();
        if s.spare + bytes > self.limit {
            return false;
        }
        s.spare += bytes;
        s.peak = s.peak.max(s.used + s.spare);
        true
    }

    /// A spare of `bytes` is being filled again.
    pub(super) fn took_spare(&self, bytes: usize) {
        let mut s = self.lock();
        s.spare -= bytes;
    }

    /// The reading thread, before a round of about `round` bytes: waits
    /// until the round fits in the budget, or the merge lets it past (a
    /// worker with nothing to do holds everything up), or the pass ends.
    ///
    /// Batches themselves may take a quarter of what may be in flight (two
    /// rounds at least): a few rounds keep the workers busy, and the rest
    /// is for what they make, which the merge may have to hold while a
    /// slower worker catches up. (With batches free to take it all, a
    /// command whose workers are the slower part, `timeline`, kept 8 MB of
    /// segments waiting for them.)
    pub(super) fn admit(&self, round: usize) {
        let mut s = self.lock();
        let mut room = self.limit;
        let batches = (self.limit / 4).max(2 * round);
        loop {
            let fits = s.used + round <= room && s.batched + round <= batches;
            if s.closed || fits || s.used == 0 {
                return;
            }
            if s.grants > 0 {
                s.grants -= 1;
                return;
            }
            s = self.wait(s);
            // Once it had to wait, it waits for a quarter of room.
            room = self.low();
        }
    }

    /// The reading thread sent `worker` a batch of `bytes`.
    pub(super) fn sent_batch(&self, worker: usize, bytes: usize) {
        let mut s = self.lock();
        Self::add(&mut s, bytes);
        s.batched += bytes;
        s.queued[worker] += 1;
    }

    /// `worker` carried out a batch of `bytes` (and sent what it made).
    pub(super) fn did_batch(&self, worker: usize, bytes: usize) {
        let mut s = self.lock();
        s.used -= bytes;
        s.batched -= bytes;
        s.queued[worker] -= 1;
        if s.queued[worker] == 0 && s.awaited[worker] && s.grants == 0 {
            // The merge waits on this worker, which has nothing more to do.
            s.grants = 1;
            return self.wake(s);
        }
        // The reading thread may wait for batches to go, not for room.
        let batches_gone = s.batched <= self.limit / 8;
        self.wake_on(s, batches_gone);
    }

    /// `worker` sends the merge a chunk of items of `bytes`.
    pub(super) fn sent_items(&self, worker: usize, bytes: usize) {
        let mut s = self.lock();
        Self::add(&mut s, bytes);
        s.out[worker] += bytes;
    }

    /// The sink has taken the last item of a chunk of `worker`'s of
    /// `bytes`.
    pub(super) fn gave_items(&self, worker: usize, bytes: usize) {
        let mut s = self.lock();
        s.used -= bytes;
        s.out[worker] -= bytes;
        let freed = s.out[worker] == 0;
        self.wake_on(s, freed);
    }

    /// `worker`, after sending a chunk: waits while the budget is spent
    /// and items of its own wait in the merge (those will go, so it will
    /// not wait forever; a worker with none never waits).
    pub(super) fn wait_room(&self, worker: usize) {
        let mut s = self.lock();
        let mut room = self.limit;
        while !s.closed && s.used > room && s.out[worker] > 0 {
            s = self.wait(s);
            // Once it had to wait, it waits for a quarter of room.
            room = self.low();
        }
    }

    /// The merge has nothing it can give the sink until one of the
    /// workers `blocking` says (sends items, or a low water mark): when
    /// one of them has no batch to carry out, now or once it has carried
    /// out those it has ([`Budget::did_batch`]), the reading thread may
    /// take a round past the limit, since nothing else will move.
    /// `blocking` false for every worker: the merge goes on.
    pub(super) fn stalled(&self, blocking: impl Fn(usize) -> bool) {
        let mut s = self.lock();
        for w in 0..s.awaited.len() {
            s.awaited[w] = blocking(w);
        }
        let idle = (0..s.queued.len()).any(|w| s.awaited[w] && s.queued[w] == 0);
        if idle && s.grants == 0 {
            s.grants = 1;
            self.wake(s);
        }
    }

    /// The pass is ending: wakes and frees every thread that waits.
    pub(super) fn close(&self) {
        let mut s = self.lock();
        s.closed = true;
        self.wake(s);
    }

    /// The most bytes that were in flight at once, spares included.
    pub(super) fn peak(&self) -> usize {
        self.lock().peak
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn a_worker_with_items_waiting_waits_until_they_are_given() {
        let b = Arc::new(Budget::new(200, 2));
        b.sent_items(0, 150);
        let b2 = b.clone();
        let waiter = std::thread::spawn(move || b2.wait_room(0));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!waiter.is_finished(), "over the limit with items waiting");
        b.gave_items(0, 150);
        waiter.join().unwrap();
        assert_eq!(b.peak(), 150);
    }

    #[test]
    fn a_worker_with_nothing_waiting_never_waits() {
        let b = Budget::new(200, 2);
        b.sent_items(1, 500);
        // Worker 0 has nothing in the merge: the merge may need it.
        b.wait_room(0);
    }

    #[test]
    fn the_reader_waits_for_room_or_a_grant() {
        let b = Arc::new(Budget::new(200, 2));
        b.admit(60);
        b.sent_batch(0, 60);
        b.sent_batch(1, 30);
        let b2 = b.clone();
        let reader = std::thread::spawn(move || b2.admit(60));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!reader.is_finished(), "90 of 100 used, a round of 60");
        // Worker 1 has a batch to carry out: no grant.
        b.stalled(|w| w == 1);
        std::thread::sleep(Duration::from_millis(50));
        assert!(!reader.is_finished(), "the blocking worker is busy");
        // Worker 0 is busy, and so is 1: a grant only for an idle one.
        b.did_batch(1, 30);
        b.stalled(|w| w == 1);
        reader.join().unwrap();
    }

    #[test]
    fn spares_are_kept_up_to_the_budget() {
        let b = Budget::new(200, 1);
        b.sent_batch(0, 90);
        assert!(b.keep_spare(80));
        assert!(!b.keep_spare(30), "80 kept, the budget is 100");
        b.took_spare(80);
        assert!(b.keep_spare(100));
        assert_eq!(b.peak(), 190);
    }

    #[test]
    fn a_worker_the_merge_waits_on_gets_a_round_once_idle() {
        let b = Arc::new(Budget::new(200, 2));
        b.sent_batch(0, 60);
        b.sent_batch(1, 60);
        let b2 = b.clone();
        let reader = std::thread::spawn(move || b2.admit(60));
        // The merge waits on worker 1, still busy with its batch.
        b.stalled(|w| w == 1);
        std::thread::sleep(Duration::from_millis(50));
        assert!(!reader.is_finished());
        // Worker 1 is done (its last chunk not yet at the merge).
        b.did_batch(1, 60);
        reader.join().unwrap();
    }

    #[test]
    fn closing_frees_every_waiter() {
        let b = Arc::new(Budget::new(20, 1));
        b.sent_items(0, 50);
        let (b2, b3) = (b.clone(), b.clone());
        let w = std::thread::spawn(move || b2.wait_room(0));
        let r = std::thread::spawn(move || b3.admit(20));
        std::thread::sleep(Duration::from_millis(20));
        b.close();
        w.join().unwrap();
        r.join().unwrap();
    }
}
