//! Capture order for records.
//!
//! A stream whose protocol is still being detected holds its records back
//! until detection decides; meanwhile other streams go on. This buffer puts
//! records back in capture order, by their key ([`Record::order`], the
//! flow table's step that made them): a record is released once no stream
//! still detecting holds an earlier key. Records of equal keys keep the
//! order they were made in.
//!
//! A stream holds from its first byte of data (not from its SYN: a
//! connection that opens and stays silent holds nothing), and the decode
//! stage makes a holder decide once [`HOLD_STEPS`] steps have passed since
//! it began to hold. The bound is counted in steps of the flow table, which
//! are the same whatever the number of workers, so a stream decides on the
//! same bytes however the pass is shared out.

use super::record::Record;
use std::cmp::Ordering;
use std::collections::{BTreeSet, BinaryHeap};

/// Steps of the flow table after which a stream still detecting is made to
/// decide with what it has.
pub const HOLD_STEPS: u64 = 4096;

/// Records waiting at most before the decode stage makes the oldest hold
/// decide at once (a last bound on memory, a record being a few hundred
/// bytes; normally the holds keep to `HOLD_STEPS`, whose steps also count
/// the payload's bytes, and a busy capture holds a few thousand records).
const MAX_HELD: usize = 1 << 14;

/// Slots kept once nothing waits (more were made for a long hold, and
/// are let go): a few MB, about what a hold of [`HOLD_STEPS`] steps
/// gathers on a busy capture, so that the room is not made again each
/// time.
const KEEP_SLOTS: usize = 16 << 10;

/// A waiting record's place in the heap: (key, arrival) and the slot
/// holding the record. The heap moves these small keys about, never the
/// records themselves (a record is a few hundred bytes).
struct Held {
    key: u64,
    seq: u64,
    slot: u32,
}

impl PartialEq for Held {
    fn eq(&self, other: &Self) -> bool {
        (self.key, self.seq) == (other.key, other.seq)
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
        (other.key, other.seq).cmp(&(self.key, self.seq))
    }
}

/// The reorder buffer.
#[derive(Default)]
pub struct Reorder {
    heap: BinaryHeap<Held>,
    /// The waiting records, each in the slot its [`Held`] names; free
    /// slots are reused (the slab grows to the most records ever waiting).
    slots: Vec<Option<Record>>,
    free: Vec<u32>,
    /// (first key held, stream, its slot) of each stream still detecting.
    holds: BTreeSet<(u64, u64, u32)>,
    seq: u64,
}

impl Reorder {
    /// `stream`, in `slot` (see the decode stage), holds records back
    /// from `key` on.
    pub fn hold(&mut self, key: u64, stream: u64, slot: u32) {
        self.holds.insert((key, stream, slot));
    }

    /// `stream`, in `slot`, which held from `key`, decided.
    pub fn release(&mut self, key: u64, stream: u64, slot: u32) {
        self.holds.remove(&(key, stream, slot));
    }

    /// The earliest hold: its first key, its stream and the stream's slot.
    pub fn oldest_hold(&self) -> Option<(u64, u64, u32)> {
        self.holds.first().copied()
    }

    /// Takes a batch of records (those one reassembly event produced);
    /// calls `out` with every record now in order. The whole batch goes in
    /// before anything comes out: a stream that just decided replays
    /// records older than others already waiting. `out` gives a record
    /// back when it takes no more for now (its output weighs a chunk):
    /// that record and the rest wait here, in order, for [`Reorder::drain`].
    pub fn push_all(
        &mut self,
        batch: &mut Vec<Record>,
        out: &mut impl FnMut(Record) -> Option<Record>,
    ) {
        let in_order = batch.windows(2).all(|w| w[0].order <= w[1].order);
        if self.holds.is_empty() && self.heap.is_empty() && in_order {
            let mut records = batch.drain(..);
            for r in records.by_ref() {
                if let Some(r) = out(r) {
                    self.insert(r);
                    break;
                }
            }
            records.for_each(|r| self.insert(r));
            return;
        }
        batch.drain(..).for_each(|r| self.insert(r));
        self.drain(out);
    }

    /// Puts `r` among the waiting records, after those of its key.
    fn insert(&mut self, r: Record) {
        self.seq += 1;
        let key = r.order;
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = Some(r);
                slot
            }
            None => {
                self.slots.push(Some(r));
                // About MAX_HELD records wait (see `overfull`), far below u32::MAX.
                (self.slots.len() - 1) as u32
            }
        };
        self.heap.push(Held {
            key,
            seq: self.seq,
            slot,
        });
    }

    /// Releases what no hold keeps back, while `out` takes it (a record
    /// it gives back waits here, first).
    pub fn drain(&mut self, out: &mut impl FnMut(Record) -> Option<Record>) {
        let limit = self.holds.first().map_or(u64::MAX, |h| h.0);
        while let Some(top) = self.heap.peek() {
            if top.key >= limit {
                break;
            }
            let Some(held) = self.heap.pop() else { break };
            let Some(r) = self.slots[held.slot as usize].take() else {
                self.free.push(held.slot);
                continue;
            };
            if let Some(r) = out(r) {
                // Not taken: back in its place.
                self.slots[held.slot as usize] = Some(r);
                self.heap.push(held);
                return;
            }
            self.free.push(held.slot);
        }
        if self.heap.is_empty() && self.slots.capacity() > KEEP_SLOTS {
            // A long hold is over: let its room go.
            *self = Reorder {
                holds: std::mem::take(&mut self.holds),
                seq: self.seq,
                ..Reorder::default()
            };
        }
    }

    /// Whether more records wait behind a hold than [`MAX_HELD`]: the
    /// oldest hold must decide now.
    pub fn overfull(&self) -> bool {
        self.heap.len() > MAX_HELD && !self.holds.is_empty()
    }

    /// The smallest key of the records waiting, if any.
    pub fn first_key(&self) -> Option<u64> {
        self.heap.peek().map(|h| h.key)
    }

    /// Releases everything (end of capture), while `out` takes it.
    pub fn flush(&mut self, out: &mut impl FnMut(Record) -> Option<Record>) {
        self.holds.clear();
        self.drain(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::Timestamp;
    use crate::decode::record::Body;
    use crate::reassembly::Direction;

    /// A record whose key is its frame (as if each frame were one step).
    fn rec(frame: u64, stream: u64) -> Record {
        Record {
            order: frame,
            frame,
            ts: Timestamp::default(),
            stream,
            dir: Direction::C2S,
            src: "10.0.0.1:1".parse().unwrap(),
            dst: "10.0.0.2:2".parse().unwrap(),
            community_id: crate::reassembly::CommunityId::tcp(
                "10.0.0.1:1".parse().unwrap(),
                "10.0.0.2:2".parse().unwrap(),
            ),
            offset: 0,
            protocol: None,
            dialect: None,
            transport: crate::transport::Transport::Tcp,
            carried: None,
            body: Body::StreamStart,
        }
    }

    #[test]
    fn a_decided_stream_replays_before_later_records() {
        let mut order = Reorder::default();
        let mut seen = Vec::new();
        order.hold(5, 0, 0);
        // Stream 1 goes on while stream 0 is being detected.
        order.push_all(&mut vec![rec(6, 1), rec(9, 1)], &mut |r| {
            seen.push((r.frame, r.stream));
            None
        });
        assert!(seen.is_empty(), "held back behind stream 0");
        // Stream 0 decides at frame 10 and replays from frame 5.
        order.release(5, 0, 0);
        order.push_all(&mut vec![rec(5, 0), rec(7, 0), rec(10, 0)], &mut |r| {
            seen.push((r.frame, r.stream));
            None
        });
        assert_eq!(seen, vec![(5, 0), (6, 1), (7, 0), (9, 1), (10, 0)]);
        // Nothing held: records pass straight through.
        order.push_all(&mut vec![rec(11, 1)], &mut |r| {
            seen.push((r.frame, r.stream));
            None
        });
        assert_eq!(seen.last(), Some(&(11, 1)));
    }
}
