//! Capture order for records.
//!
//! A stream whose protocol is still being detected holds its records back
//! until detection decides; meanwhile other streams go on. This buffer puts
//! records back in capture (frame) order: a record is released once no
//! stream still detecting holds an earlier frame. Within a frame, records
//! keep the order they were made in.
//!
//! A stream holds from its first byte of data (not from its SYN: a
//! connection that opens and stays silent holds nothing), and the decode
//! stage makes the oldest holder decide once [`HOLD_LIMIT`] records wait.

use super::record::Record;
use std::cmp::Ordering;
use std::collections::{BTreeSet, BinaryHeap};

/// Records waiting before the decode stage makes the stream that holds
/// them back decide with what it has.
pub const HOLD_LIMIT: usize = 20_000;

/// Records held at most before they are released out of order anyway (a
/// last bound on memory; the decode stage normally keeps to `HOLD_LIMIT`).
const MAX_HELD: usize = 1 << 20;

struct Held(u64, u64, Record);

impl PartialEq for Held {
    fn eq(&self, other: &Self) -> bool {
        (self.0, self.1) == (other.0, other.1)
    }
}
impl Eq for Held {}
impl PartialOrd for Held {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Held {
    /// Reversed: the heap's top is the earliest record.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.0, other.1).cmp(&(self.0, self.1))
    }
}

/// The reorder buffer.
#[derive(Default)]
pub struct Reorder {
    heap: BinaryHeap<Held>,
    /// (first frame held, stream) of each stream still detecting.
    holds: BTreeSet<(u64, u64)>,
    seq: u64,
}

impl Reorder {
    /// `stream` holds records back from `frame` on.
    pub fn hold(&mut self, frame: u64, stream: u64) {
        self.holds.insert((frame, stream));
    }

    /// `stream`, which held from `frame`, decided.
    pub fn release(&mut self, frame: u64, stream: u64) {
        self.holds.remove(&(frame, stream));
    }

    /// Records waiting.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// The stream holding the earliest frame, if any.
    pub fn oldest_hold(&self) -> Option<u64> {
        self.holds.first().map(|&(_, stream)| stream)
    }

    /// Takes a record; calls `out` with every record now in order.
    pub fn push(&mut self, r: Record, out: &mut impl FnMut(Record)) {
        if self.holds.is_empty() && self.heap.is_empty() {
            out(r);
            return;
        }
        self.seq += 1;
        self.heap.push(Held(r.frame, self.seq, r));
        self.drain(out);
    }

    /// Releases what no hold keeps back.
    pub fn drain(&mut self, out: &mut impl FnMut(Record)) {
        let limit = self.holds.first().map_or(u64::MAX, |h| h.0);
        while let Some(top) = self.heap.peek() {
            if top.0 >= limit && self.heap.len() <= MAX_HELD {
                break;
            }
            if let Some(Held(_, _, r)) = self.heap.pop() {
                out(r);
            }
        }
    }

    /// Releases everything (end of capture).
    pub fn flush(&mut self, out: &mut impl FnMut(Record)) {
        self.holds.clear();
        self.drain(out);
    }
}
