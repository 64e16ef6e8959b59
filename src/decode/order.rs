//! Capture order for records.
//!
//! A stream whose protocol is still being detected holds its records back
//! until detection decides; meanwhile other streams go on. This buffer puts
//! records back in capture (frame) order: a record is released once no
//! stream still detecting holds an earlier frame. Within a frame, records
//! keep the order they were made in.

use super::record::Record;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BinaryHeap};

/// Records held at most before they are released out of order anyway
/// (a bound on memory when some stream never decides).
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
    /// Earliest frame of each stream still detecting, counted.
    holds: BTreeMap<u64, u32>,
    seq: u64,
}

impl Reorder {
    /// A stream starting at `frame` holds records back from it on.
    pub fn hold(&mut self, frame: u64) {
        *self.holds.entry(frame).or_default() += 1;
    }

    /// The stream that held `frame` decided.
    pub fn release(&mut self, frame: u64) {
        if let Some(n) = self.holds.get_mut(&frame) {
            *n -= 1;
            if *n == 0 {
                self.holds.remove(&frame);
            }
        }
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
        let limit = self.holds.keys().next().copied().unwrap_or(u64::MAX);
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
