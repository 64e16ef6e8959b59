//! A worker's items handed on by weight: [`Paced`] stands between a
//! batch's steps and the [`Work`] that takes their events, and hands the
//! work's items on as soon as they weigh a chunk ([`chunk_for`]), in the middle of
//! a batch or of a step, instead of once the batch is through. So what a
//! batch turns into (a round of small packets can make a hundred times
//! its bytes of JSON) never sits whole in memory.

#[cfg(doc)]
use super::chunk_for;
use super::{Items, Work};
use crate::reassembly::{Event, Sink};

/// A work whose items go to `hand` (with the key below which the work
/// will make no more) whenever they weigh a chunk. `hand` takes the items
/// out of the vectors it is given, leaving them empty (their room may be
/// kept for the next chunk).
pub(super) struct Paced<'a, W: Work, H: FnMut(&mut Items<W::Item>, u64)> {
    work: &'a mut W,
    hand: H,
    taken: &'a mut Items<W::Item>,
    chunk: usize,
}

impl<'a, W: Work, H: FnMut(&mut Items<W::Item>, u64)> Paced<'a, W, H> {
    /// `work`'s items taken into `taken` and handed to `hand` by the
    /// `chunk` (the work told so, [`Work::pace`]).
    pub(super) fn new(
        work: &'a mut W,
        taken: &'a mut Items<W::Item>,
        chunk: usize,
        hand: H,
    ) -> Self {
        work.pace(chunk);
        Paced {
            work,
            hand,
            taken,
            chunk,
        }
    }

    /// Hands the items on while they weigh a chunk, letting the work go on
    /// with what it left waiting each time.
    pub(super) fn pace(&mut self) {
        while self.work.pending() >= self.chunk {
            self.work.take(self.taken);
            // A work makes its items in key order: none to come is
            // smaller than the last one made.
            let low = self.taken.last_key().unwrap_or(0);
            (self.hand)(self.taken, low);
            self.work.resume();
        }
    }

    /// Every step before `next` was given: the work releases what it can
    /// (handed on by weight as well), and the smallest key it may still
    /// make is returned.
    pub(super) fn low(&mut self, next: u64) -> u64 {
        let low = self.work.low(next);
        self.pace();
        low
    }

    /// The input is over: the work's last items (handed on by weight).
    pub(super) fn finish(&mut self) {
        self.work.finish();
        self.pace();
    }

    /// Hands on what the work made, whatever it weighs, with `low`.
    pub(super) fn hand_all(&mut self, low: u64) {
        self.work.take(self.taken);
        (self.hand)(self.taken, low);
    }
}

impl<W: Work, H: FnMut(&mut Items<W::Item>, u64)> Sink for Paced<'_, W, H> {
    fn event(&mut self, ev: Event<'_>) {
        self.work.event(ev);
        self.pace();
    }
    fn step(&mut self, seq: u64, slot: u32) {
        self.work.step(seq, slot);
        self.pace();
    }
    fn warm(&self, slot: u32) {
        self.work.warm(slot);
    }
    fn tick(&mut self, ts: crate::capture::Timestamp) {
        self.work.tick(ts);
        self.pace();
    }
}
