//! The flow table: 4-tuple → connection, and the idle order.
//!
//! Connections are found by their unordered pair of endpoints. Eviction
//! under the flow cap and idle expiry both need the connection idle the
//! longest, with connections that already ended (kept only for late
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

use super::conn::Conn;
use crate::capture::Timestamp;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::net::SocketAddr;

/// A connection's endpoints, lower first, whichever way the segment went.
///
/// Hashed by hand: an IPv4 pair is two 64-bit words (address and port
/// each), much cheaper than hashing two `SocketAddr` enums field by field,
/// and the table is looked up for every segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct FlowKey(pub SocketAddr, pub SocketAddr);

impl std::hash::Hash for FlowKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match (self.0, self.1) {
            (SocketAddr::V4(a), SocketAddr::V4(b)) => {
                state.write_u64(u64::from(a.ip().to_bits()) << 16 | u64::from(a.port()));
                state.write_u64(u64::from(b.ip().to_bits()) << 16 | u64::from(b.port()));
            }
            (a, b) => {
                a.hash(state);
                b.hash(state);
            }
        }
    }
}

/// The flow key of a segment from `a` to `b`.
pub(crate) fn flow_key(a: SocketAddr, b: SocketAddr) -> FlowKey {
    if a <= b {
        FlowKey(a, b)
    } else {
        FlowKey(b, a)
    }
}

/// Seconds from `then` to `now`, without overflow whatever the timestamps.
fn age(now: Timestamp, then: Timestamp) -> f64 {
    now.secs.saturating_sub(then.secs) as f64 + (f64::from(now.nanos) - f64::from(then.nanos)) / 1e9
}

type Hasher = foldhash::fast::RandomState;

/// Ended connections kept for their late packets (the last ACK after the
/// FINs). Past this many, the one that ended first is dropped: its late
/// packets would then start a new stream, which is harmless next to memory
/// that grows with the capture.
pub(crate) const MAX_ENDED: usize = 4096;

/// Connections by endpoints, with their (lazy) idle order.
#[derive(Debug, Default)]
pub(crate) struct FlowTable {
    /// Boxed: a bucket is then a pointer, and a table sized for many
    /// connections costs little beyond the connections themselves.
    flows: HashMap<FlowKey, Box<Conn>, Hasher>,
    /// (stamp, stream id, key): one entry per connection in the table.
    idle: BinaryHeap<Reverse<(Timestamp, u64, FlowKey)>>,
    /// (stream id, key) of ended connections, in the order they ended.
    ended: VecDeque<(u64, FlowKey)>,
    /// Ended connections in `flows`.
    ended_count: usize,
}

impl FlowTable {
    pub(crate) fn len(&self) -> usize {
        self.flows.len()
    }

    /// Every connection (for tests).
    #[cfg(test)]
    pub(crate) fn conns(&self) -> impl Iterator<Item = &Conn> {
        self.flows.values().map(|c| &**c)
    }

    pub(crate) fn get(&self, key: &FlowKey) -> Option<&Conn> {
        self.flows.get(key).map(|c| &**c)
    }

    /// Adds a connection (replacing any under the same key).
    pub(crate) fn insert(&mut self, key: FlowKey, conn: Box<Conn>) {
        self.idle.push(Reverse((conn.info.last, conn.info.id, key)));
        if conn.ended {
            self.ended.push_back((conn.info.id, key));
        }
        self.remove(&key);
        if conn.ended {
            self.ended_count += 1;
        }
        self.flows.insert(key, conn);
        self.compact();
    }

    /// Removes a connection. Connections stay boxed whenever they move: a
    /// `Conn` is large, and moving one by value (even as a `None` that
    /// might have held one) copies all of it.
    pub(crate) fn remove(&mut self, key: &FlowKey) -> Option<Box<Conn>> {
        let conn = self.flows.remove(key)?;
        if conn.ended {
            self.ended_count -= 1;
        }
        Some(conn)
    }

    /// Runs `f` on the connection under `key`, noting if it ended. Returns
    /// also the connection dropped to keep at most [`MAX_ENDED`] ended ones.
    pub(crate) fn with<R>(
        &mut self,
        key: &FlowKey,
        f: impl FnOnce(&mut Conn) -> R,
    ) -> Option<(R, Option<Box<Conn>>)> {
        let conn = self.flows.get_mut(key)?;
        let was_ended = conn.ended;
        let r = f(conn);
        let mut dropped = None;
        if conn.ended && !was_ended {
            self.ended.push_back((conn.info.id, *key));
            self.ended_count += 1;
            if self.ended_count > MAX_ENDED {
                if let Some(k) = self.first_ended() {
                    dropped = self.remove(&k);
                }
            }
        }
        Some((r, dropped))
    }

    /// Is `(id, key)` still the connection in the table?
    fn current(&self, id: u64, key: &FlowKey) -> Option<&Conn> {
        self.flows
            .get(key)
            .map(|c| &**c)
            .filter(|c| c.info.id == id)
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
            let last = conn.info.last;
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
    pub(crate) fn pop_first(&mut self) -> Option<Box<Conn>> {
        let key = match self.first_ended() {
            Some(k) => k,
            None => self.longest_idle()?.0,
        };
        self.remove(&key)
    }

    /// Removes a connection idle for more than `timeout` seconds at `now`
    /// (ended ones first), if there is one.
    pub(crate) fn pop_idle(&mut self, now: Timestamp, timeout: f64) -> Option<Box<Conn>> {
        if let Some(key) = self.first_ended() {
            if self
                .flows
                .get(&key)
                .is_some_and(|c| age(now, c.info.last) > timeout)
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

    /// Removes every connection, in stream order. Still boxed: moving them
    /// into a vector by value would copy every connection at once.
    #[allow(clippy::vec_box)]
    pub(crate) fn drain_by_id(&mut self) -> Vec<Box<Conn>> {
        self.idle.clear();
        self.ended.clear();
        self.ended_count = 0;
        let mut all: Vec<Box<Conn>> = self.flows.drain().map(|(_, c)| c).collect();
        all.sort_by_key(|c| c.info.id);
        all
    }

    /// Drops stale entries once they outnumber the live ones, so the heap
    /// and the queue stay proportional to the table.
    fn compact(&mut self) {
        if self.idle.len() > 2 * self.flows.len() + 64 {
            let flows = &self.flows;
            self.idle
                .retain(|Reverse((_, id, key))| flows.get(key).is_some_and(|c| c.info.id == *id));
        }
        if self.ended.len() > 2 * self.flows.len() + 64 {
            let flows = &self.flows;
            self.ended
                .retain(|(id, key)| flows.get(key).is_some_and(|c| c.info.id == *id && c.ended));
        }
    }
}
