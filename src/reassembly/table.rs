//! The flow table: 4-tuple → connection, and the idle order.
//!
//! Connections live in a slab (a vector of boxes, free slots reused) and
//! are found through a hash index of slab positions: four bytes per entry,
//! so the index of thousands of connections stays in the cache, and a
//! lookup touches the connection itself (which the segment needs anyway)
//! rather than a large bucket holding its key. The hash of a key can be
//! computed by the caller ahead of time, on another thread
//! ([`FlowHasher`]), and given to the lookups.
//!
//! Eviction under the flow cap and idle expiry both need the connection idle
//! the longest, with connections that already ended (kept only for late
//! packets) going first. Keeping an exact order would cost an update per
//! packet; instead the order is lazy:
//!
//! - `idle` is a min-heap with exactly one entry per live connection, stamped
//!   with the connection's last activity *when the entry was pushed*. A
//!   packet does not touch the heap. When an entry reaches the top, it is
//!   checked against the connection: if the connection was active since,
//!   the entry is pushed back with the current stamp. An entry whose stamp
//!   is current is the true longest idle, since every other connection's
//!   real last activity is at least its stamp.
//! - `ended` lists connections in the order they ended; entries of
//!   connections gone since are skipped when met.
//!
//! So a packet costs one hash lookup, and the heap work is amortised over
//! expiry and eviction.

use super::Direction;
use crate::capture::Timestamp;
use crate::link::TcpSegment;
use hashbrown::HashTable;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::BuildHasher;
use std::net::SocketAddr;

/// A connection's endpoints, lower first, whichever way the segment went.
///
/// An IPv4 endpoint is packed into one word (address, then port: the order
/// of `SocketAddrV4`), so that making, comparing and hashing the key of an
/// IPv4 connection, done for every segment, costs a few instructions;
/// anything else keeps its two `SocketAddr`s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum FlowKey {
    V4(u64, u64),
    Other(SocketAddr, SocketAddr),
}

impl std::hash::Hash for FlowKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            FlowKey::V4(a, b) => {
                state.write_u64(*a);
                state.write_u64(*b);
            }
            FlowKey::Other(a, b) => {
                a.hash(state);
                b.hash(state);
            }
        }
    }
}

/// The flow key of a segment from `a` to `b`.
pub(crate) fn flow_key(a: SocketAddr, b: SocketAddr) -> FlowKey {
    match (a, b) {
        (SocketAddr::V4(a), SocketAddr::V4(b)) => {
            let pack =
                |e: std::net::SocketAddrV4| u64::from(e.ip().to_bits()) << 16 | u64::from(e.port());
            let (a, b) = (pack(a), pack(b));
            FlowKey::V4(a.min(b), a.max(b))
        }
        _ if a <= b => FlowKey::Other(a, b),
        _ => FlowKey::Other(b, a),
    }
}

/// Seconds from `then` to `now`, without overflow whatever the timestamps.
fn age(now: Timestamp, then: Timestamp) -> f64 {
    now.secs.saturating_sub(then.secs) as f64 + (f64::from(now.nanos) - f64::from(then.nanos)) / 1e9
}

/// Hashes flow keys the way one flow table does (its seed is random per
/// table). Cheap to clone: the reading thread works out each segment's
/// [`FlowId`] with it.
#[derive(Debug, Clone, Default)]
pub struct FlowHasher(foldhash::fast::RandomState);

impl FlowHasher {
    /// The flow of a segment from `src` to `dst` (either way).
    pub fn flow(&self, src: SocketAddr, dst: SocketAddr) -> FlowId {
        let key = flow_key(src, dst);
        FlowId {
            key,
            hash: self.hash_key(&key),
        }
    }

    pub(crate) fn hash_key(&self, key: &FlowKey) -> u64 {
        self.0.hash_one(key)
    }
}

/// The connection a segment belongs to, as the flow table looks it up: its
/// key and the key's hash, worked out once per segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlowId {
    pub(crate) key: FlowKey,
    pub(crate) hash: u64,
}

/// A connection as the flow table knows it.
#[derive(Debug)]
pub(crate) struct Flow {
    pub key: FlowKey,
    /// The hash of `key` (which worker owns the connection).
    pub hash: u64,
    /// Its stream number.
    pub id: u64,
    client: SocketAddr,
    /// The latest time seen: idle time counts from it.
    pub last: Timestamp,
    /// True once the connection ended (RST, or FINs both ways).
    pub ended: bool,
    fin: [bool; 2],
    /// The sequence number of the client's SYN, when seen: another SYN
    /// with a different one is a new connection on the same 4-tuple.
    pub syn_seq: Option<u32>,
}

impl Flow {
    /// The connection of `flow`, stream `id`, opened at `ts` by `client`
    /// (with the sequence number of its SYN, when seen).
    pub(super) fn new(
        flow: &FlowId,
        id: u64,
        client: SocketAddr,
        ts: Timestamp,
        syn_seq: Option<u32>,
    ) -> Flow {
        Flow {
            key: flow.key,
            hash: flow.hash,
            id,
            client,
            last: ts,
            ended: false,
            fin: [false; 2],
            syn_seq,
        }
    }

    /// Notes a segment of this connection: it ends the connection on the
    /// same flags as `Conn::process` does. Returns the way it travels.
    pub(super) fn segment(&mut self, ts: Timestamp, seg: &TcpSegment<'_>) -> Direction {
        self.last = self.last.max(ts);
        let dir = if seg.src == self.client {
            Direction::C2S
        } else {
            Direction::S2C
        };
        if self.ended {
            return dir;
        }
        if seg.flags.fin() {
            self.fin[dir.index()] = true;
        }
        self.ended = seg.flags.rst() || self.fin == [true, true];
        dir
    }
}

/// Ended connections kept for their late packets (the last ACK after the
/// FINs). Past this many, the one that ended first is dropped: its late
/// packets would then start a new stream, which is harmless next to memory
/// that grows with the capture.
pub(crate) const MAX_ENDED: usize = 4096;

/// Seconds of capture time an ended connection (FINs both ways, or a RST)
/// stays for late packets (the last ACK, a retransmission) before it
/// leaves the table: then its stream is over for good, and what waits for
/// that (`inspect`'s row) is written.
pub(crate) const ENDED_LINGER: f64 = 0.5;

/// Connections by endpoints, with their (lazy) idle order.
#[derive(Debug, Default)]
pub(crate) struct FlowTable {
    hasher: FlowHasher,
    /// Slab positions of the connections, by the hash of their key.
    index: HashTable<u32>,
    /// The connections, boxed (the slab of pointers stays small and in
    /// the cache; a connection is allocated at its size). A connection's
    /// position is its slot number in the steps
    /// ([`super::flows::Step::slot`]).
    slab: Vec<Option<Box<Flow>>>,
    /// Free positions in `slab`.
    free: Vec<u32>,
    /// (stamp, stream id, key): one entry per connection in the table.
    idle: BinaryHeap<Reverse<(Timestamp, u64, FlowKey)>>,
    /// (stream id, key) of ended connections, in the order they ended.
    ended: VecDeque<(u64, FlowKey)>,
    /// Ended connections in the table.
    ended_count: usize,
}

/// Whether slab position `i` holds the connection of `key`.
fn holds(slab: &[Option<Box<Flow>>], i: u32, key: &FlowKey) -> bool {
    slab.get(i as usize)
        .and_then(Option::as_deref)
        .is_some_and(|c| c.key == *key)
}

impl FlowTable {
    pub(crate) fn len(&self) -> usize {
        self.index.len()
    }

    /// The hasher of the [`FlowId`]s that [`FlowTable::get`] and
    /// [`FlowTable::with`] take.
    pub(crate) fn hasher(&self) -> &FlowHasher {
        &self.hasher
    }

    /// The slot of the connection under `key` (for tests).
    #[cfg(test)]
    pub(crate) fn slot_of(&self, key: &FlowKey) -> Option<u32> {
        self.position(self.hasher.hash_key(key), key)
            .map(|i| i as u32)
    }

    /// The slab position of `key`'s connection; `hash` is its hash.
    fn position(&self, hash: u64, key: &FlowKey) -> Option<usize> {
        let slab = &self.slab;
        let i = self.index.find(hash, |&i| holds(slab, i, key))?;
        Some(*i as usize)
    }

    /// The connection of `flow`.
    pub(crate) fn get(&self, flow: &FlowId) -> Option<&Flow> {
        let i = self.position(flow.hash, &flow.key)?;
        self.slab[i].as_deref()
    }

    /// Starts bringing the connection of `flow` into the cache, without
    /// waiting for it. The index is searched without comparing keys (that
    /// would wait for each candidate's memory): every connection whose
    /// hash matches the index's few bits, usually just the one, is
    /// prefetched.
    pub(crate) fn prefetch(&self, flow: &FlowId) {
        let slab = &self.slab;
        self.index.find(flow.hash, |&i| {
            if let Some(f) = slab.get(i as usize).and_then(Option::as_deref) {
                crate::prefetch::prefetch(f);
            }
            false
        });
    }

    /// The connection under `key`.
    pub(crate) fn get_by_key(&self, key: &FlowKey) -> Option<&Flow> {
        let i = self.position(self.hasher.hash_key(key), key)?;
        self.slab[i].as_deref()
    }

    /// Adds a connection (replacing any under the same key); returns its
    /// slot.
    pub(crate) fn insert(&mut self, conn: Box<Flow>) -> u32 {
        let key = conn.key;
        self.idle.push(Reverse((conn.last, conn.id, key)));
        if conn.ended {
            self.ended.push_back((conn.id, key));
        }
        self.remove(&key);
        if conn.ended {
            self.ended_count += 1;
        }
        let i = match self.free.pop() {
            Some(i) => {
                self.slab[i as usize] = Some(conn);
                i
            }
            None => {
                // At most one slot per connection the flow cap allows.
                self.slab.push(Some(conn));
                (self.slab.len() - 1) as u32
            }
        };
        let (slab, hasher) = (&self.slab, &self.hasher);
        let rehash = |&j: &u32| {
            slab.get(j as usize)
                .and_then(Option::as_deref)
                .map_or(0, |c| hasher.hash_key(&c.key))
        };
        self.index.insert_unique(hasher.hash_key(&key), i, rehash);
        self.compact();
        i
    }

    /// Removes a connection; returns it with the slot it had.
    pub(crate) fn remove(&mut self, key: &FlowKey) -> Option<(u32, Box<Flow>)> {
        let hash = self.hasher.hash_key(key);
        let slab = &self.slab;
        let entry = self.index.find_entry(hash, |&i| holds(slab, i, key)).ok()?;
        let (i, _) = entry.remove();
        self.free.push(i);
        let conn = self.slab.get_mut(i as usize)?.take()?;
        if conn.ended {
            self.ended_count -= 1;
        }
        Some((i, conn))
    }

    /// Runs `f` on the connection of `flow`, noting if it ended. Returns
    /// its slot, what `f` returned, and the connection (with its slot)
    /// dropped to keep at most [`MAX_ENDED`] ended ones.
    #[allow(clippy::type_complexity)]
    pub(crate) fn with<R>(
        &mut self,
        flow: &FlowId,
        f: impl FnOnce(&mut Flow) -> R,
    ) -> Option<(u32, R, Option<(u32, Box<Flow>)>)> {
        let key = &flow.key;
        let i = self.position(flow.hash, key)?;
        let conn = self.slab[i].as_deref_mut()?;
        let was_ended = conn.ended;
        let r = f(conn);
        let mut dropped = None;
        if conn.ended && !was_ended {
            self.ended.push_back((conn.id, *key));
            self.ended_count += 1;
            if self.ended_count > MAX_ENDED {
                if let Some(k) = self.first_ended() {
                    dropped = self.remove(&k);
                }
            }
        }
        Some((i as u32, r, dropped))
    }

    /// Is `(id, key)` still the connection in the table?
    fn current(&self, id: u64, key: &FlowKey) -> Option<&Flow> {
        self.get_by_key(key).filter(|c| c.id == id)
    }

    /// The ended connection that ended first, if any is still here.
    fn first_ended(&mut self) -> Option<FlowKey> {
        while let Some(&(id, key)) = self.ended.front() {
            if self.current(id, &key).is_some() {
                return Some(key);
            }
            self.ended.pop_front();
        }
        None
    }

    /// The live connection idle the longest: its key and last activity.
    fn longest_idle(&mut self) -> Option<(FlowKey, Timestamp)> {
        while let Some(&Reverse((stamp, id, key))) = self.idle.peek() {
            let Some(conn) = self.current(id, &key) else {
                self.idle.pop(); // gone: a stale entry
                continue;
            };
            let last = conn.last;
            if last != stamp {
                // Active since it was pushed: push it back where it belongs.
                self.idle.pop();
                self.idle.push(Reverse((last, id, key)));
                continue;
            }
            return Some((key, last));
        }
        None
    }

    /// Removes the connection that should go first to make room: an ended
    /// one if any, else the longest idle.
    pub(crate) fn pop_first(&mut self) -> Option<(u32, Box<Flow>)> {
        let key = match self.first_ended() {
            Some(k) => k,
            None => self.longest_idle()?.0,
        };
        self.remove(&key)
    }

    /// Removes a connection idle for more than `timeout` seconds at `now`,
    /// or an ended one quiet for more than [`ENDED_LINGER`] (ended ones
    /// first), if there is one.
    pub(crate) fn pop_idle(&mut self, now: Timestamp, timeout: f64) -> Option<(u32, Box<Flow>)> {
        if let Some(key) = self.first_ended() {
            if self
                .get_by_key(&key)
                .is_some_and(|c| age(now, c.last) > ENDED_LINGER.min(timeout))
            {
                return self.remove(&key);
            }
        }
        let (key, last) = self.longest_idle()?;
        if age(now, last) > timeout {
            self.remove(&key)
        } else {
            None
        }
    }

    /// Removes every connection, with its slot, in stream order.
    #[allow(clippy::vec_box)]
    pub(crate) fn drain_by_id(&mut self) -> Vec<(u32, Box<Flow>)> {
        self.idle.clear();
        self.ended.clear();
        self.ended_count = 0;
        self.index.clear();
        self.free.clear();
        let slab = self.slab.drain(..).enumerate();
        let mut all: Vec<(u32, Box<Flow>)> =
            slab.filter_map(|(i, c)| Some((i as u32, c?))).collect();
        all.sort_by_key(|(_, c)| c.id);
        all
    }

    /// Drops stale entries once they outnumber the live ones, so the heap
    /// and the queue stay proportional to the table.
    fn compact(&mut self) {
        let live = self.len();
        if self.idle.len() > 2 * live + 64 {
            let mut idle = std::mem::take(&mut self.idle).into_vec();
            idle.retain(|Reverse((_, id, key))| self.current(*id, key).is_some());
            self.idle = idle.into();
        }
        if self.ended.len() > 2 * live + 64 {
            let mut ended = std::mem::take(&mut self.ended);
            ended.retain(|(id, key)| self.current(*id, key).is_some_and(|c| c.ended));
            self.ended = ended;
        }
    }
}
