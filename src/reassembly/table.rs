//! The flow table: 4-tuple → connection, and the idle order.
//!
//! Connections are found by their unordered pair of endpoints. Beside the
//! map, an ordered index sorts them by `(live, last activity, stream id)`:
//! connections that already ended (kept only for late packets) come first,
//! then live ones from the longest idle. Both eviction under the flow cap
//! ([`FlowTable::pop_first`]) and idle expiry ([`FlowTable::pop_idle`]) read
//! the front of that index, so neither scans the table. The index is updated
//! after each packet of a connection ([`FlowTable::with`]): O(log n).

use super::conn::Conn;
use crate::capture::Timestamp;
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;

/// A connection's endpoints, lower first, whichever way the segment went.
pub(crate) type FlowKey = (SocketAddr, SocketAddr);

/// The flow key of a segment from `a` to `b`.
pub(crate) fn flow_key(a: SocketAddr, b: SocketAddr) -> FlowKey {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Position in the idle order: ended connections first (`false < true`),
/// then by last activity, then by stream id.
type IdleKey = (bool, Timestamp, u64);

fn idle_key(conn: &Conn) -> IdleKey {
    (!conn.ended, conn.info.last, conn.info.id)
}

/// Seconds from `then` to `now`, without overflow whatever the timestamps.
fn age(now: Timestamp, then: Timestamp) -> f64 {
    now.secs.saturating_sub(then.secs) as f64 + (f64::from(now.nanos) - f64::from(then.nanos)) / 1e9
}

/// The earliest timestamp, to start a range over the live connections.
const DAWN: Timestamp = Timestamp {
    secs: i64::MIN,
    nanos: 0,
};

/// Connections by endpoints, with their idle order.
#[derive(Debug, Default)]
pub(crate) struct FlowTable {
    /// Each connection with its current key in `idle`.
    flows: HashMap<FlowKey, (IdleKey, Conn)>,
    idle: BTreeMap<IdleKey, FlowKey>,
}

impl FlowTable {
    pub(crate) fn len(&self) -> usize {
        self.flows.len()
    }

    /// Every connection (for tests).
    #[cfg(test)]
    pub(crate) fn conns(&self) -> impl Iterator<Item = &Conn> {
        self.flows.values().map(|(_, c)| c)
    }

    pub(crate) fn get(&self, key: &FlowKey) -> Option<&Conn> {
        self.flows.get(key).map(|(_, c)| c)
    }

    /// Adds a connection (replacing any under the same key).
    pub(crate) fn insert(&mut self, key: FlowKey, conn: Conn) {
        self.remove(&key);
        let ik = idle_key(&conn);
        self.idle.insert(ik, key);
        self.flows.insert(key, (ik, conn));
    }

    pub(crate) fn remove(&mut self, key: &FlowKey) -> Option<Conn> {
        let (ik, conn) = self.flows.remove(key)?;
        self.idle.remove(&ik);
        Some(conn)
    }

    /// Runs `f` on the connection under `key`, then moves it in the idle
    /// order to where its activity (and having ended) now puts it.
    pub(crate) fn with<R>(&mut self, key: &FlowKey, f: impl FnOnce(&mut Conn) -> R) -> Option<R> {
        let (ik, conn) = self.flows.get_mut(key)?;
        let r = f(conn);
        let new = idle_key(conn);
        if new != *ik {
            self.idle.remove(ik);
            self.idle.insert(new, *key);
            *ik = new;
        }
        Some(r)
    }

    /// Removes the connection that should go first to make room: an ended
    /// one if any, else the longest idle.
    pub(crate) fn pop_first(&mut self) -> Option<Conn> {
        let (_, key) = self.idle.pop_first()?;
        self.flows.remove(&key).map(|(_, c)| c)
    }

    /// Removes a connection idle for more than `timeout` seconds at `now`
    /// (ended ones first), if there is one.
    pub(crate) fn pop_idle(&mut self, now: Timestamp, timeout: f64) -> Option<Conn> {
        let expired = |ik: &IdleKey| age(now, ik.1) > timeout;
        // The longest-idle ended connection, then the longest-idle live one.
        let ended = self.idle.first_key_value().filter(|(ik, _)| !ik.0);
        let live = self.idle.range((true, DAWN, 0)..).next();
        let (_, &key) = ended
            .filter(|(ik, _)| expired(ik))
            .or(live.filter(|(ik, _)| expired(ik)))?;
        self.remove(&key)
    }

    /// Removes every connection, in stream order.
    pub(crate) fn drain_by_id(&mut self) -> Vec<Conn> {
        self.idle.clear();
        let mut all: Vec<Conn> = self.flows.drain().map(|(_, (_, c))| c).collect();
        all.sort_by_key(|c| c.info.id);
        all
    }
}
