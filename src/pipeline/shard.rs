//! Flow sharding (`--shard I/N`): a pass keeps the TCP connections of
//! one shard of N and drops every segment of the others before the flow
//! table, so that N passes (N processes, N machines) split one archive
//! without talking to each other, and their outputs together hold what
//! one pass over the whole would.
//!
//! A connection's shard comes from [`flow_hash`] of its two endpoints,
//! ordered so that both directions hash alike, with an algorithm whose
//! output is published and fixed (XXH3-64, seed 0): the same on every run,
//! build and machine. (The flow table's own hash is seeded at random per
//! run, so it cannot serve.) The shard is `hash % N + 1`.
//!
//! Everything that is not TCP (counted by the link stage) is unaffected.
//! Stream numbers are the pass's own: a sharded pass numbers its
//! connections from 0 in order of first appearance, as for any capture,
//! so the same connection has different numbers in different shards'
//! outputs and in the unsharded one.

use crate::link::TcpSegment;
use std::collections::HashSet;
use std::fmt;
use std::net::SocketAddr;
use std::str::FromStr;

/// One shard of N: `index` from 1 to `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// Shard `index` (from 1) of `count`; `None` unless 1 ≤ index ≤ count.
    pub fn new(index: u32, count: u32) -> Option<Self> {
        (1..=count)
            .contains(&index)
            .then_some(Shard { index, count })
    }

    /// The shard's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many shards there are.
    pub fn count(self) -> u32 {
        self.count
    }

    /// The shard (from 1) of `count` that a connection of flow hash
    /// `hash` falls in: `hash % count + 1`.
    pub fn of(hash: u64, count: u32) -> u32 {
        (hash % u64::from(count.max(1))) as u32 + 1
    }

    /// Whether the connection between `a` and `b` (either way) is in
    /// this shard.
    pub fn keeps(self, a: SocketAddr, b: SocketAddr) -> bool {
        self.count == 1 || Shard::of(flow_hash(a, b), self.count) == self.index
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N`, both whole numbers, 1 ≤ I ≤ N.
    fn from_str(s: &str) -> Result<Self, String> {
        let Some((i, n)) = s.split_once('/') else {
            return Err("a shard is I/N, e.g. 1/4 (shard 1 of 4)".into());
        };
        let number = |part: &str, what: &str| {
            part.parse::<u32>()
                .map_err(|_| format!("{what} ('{part}') is not a whole number (I/N, e.g. 1/4)"))
        };
        let (i, n) = (number(i, "I")?, number(n, "N")?);
        if n == 0 {
            return Err("N must be at least 1".into());
        }
        Shard::new(i, n).ok_or_else(|| format!("I must be from 1 to N ({n})"))
    }
}

/// The flow hash of the connection between `a` and `b`, the same either
/// way: XXH3-64 (seed 0) of the two endpoints' bytes, the smaller first,
/// each endpoint its address (4 bytes for IPv4, 16 for IPv6, network
/// order) then its port (2 bytes, big-endian); "smaller" compares those
/// bytes. E.g. `10.0.0.1:40000` to `10.0.0.2:7234` hashes the 12 bytes
/// `0a000001 9c40 0a000002 1c42`.
pub fn flow_hash(a: SocketAddr, b: SocketAddr) -> u64 {
    let (a, b) = (Endpoint::new(a), Endpoint::new(b));
    let (low, high) = if a.bytes() <= b.bytes() {
        (a, b)
    } else {
        (b, a)
    };
    let mut buf = [0u8; 36];
    let n = low.len + high.len;
    buf[..low.len].copy_from_slice(low.bytes());
    buf[low.len..n].copy_from_slice(high.bytes());
    twox_hash::XxHash3_64::oneshot(&buf[..n])
}

/// An endpoint as [`flow_hash`] reads it.
struct Endpoint {
    buf: [u8; 18],
    len: usize,
}

impl Endpoint {
    fn new(addr: SocketAddr) -> Self {
        let mut buf = [0u8; 18];
        let len = match addr {
            SocketAddr::V4(v4) => {
                buf[..4].copy_from_slice(&v4.ip().octets());
                4
            }
            SocketAddr::V6(v6) => {
                buf[..16].copy_from_slice(&v6.ip().octets());
                16
            }
        };
        buf[len..len + 2].copy_from_slice(&addr.port().to_be_bytes());
        Endpoint { buf, len: len + 2 }
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Connections of other shards told apart at most (a set of their
/// hashes, 8 bytes each): past it, [`ShardSummary::connections`] is a
/// lower bound ([`ShardSummary::capped`]).
const MAX_COUNTED: usize = 1 << 16;

/// A sharded pass's filter and what it dropped, in the pass's summary.
#[derive(Debug, Clone)]
pub struct ShardSummary {
    /// The shard the pass kept.
    pub shard: Shard,
    /// TCP segments of other shards, dropped.
    pub segments: u64,
    /// Their payload bytes.
    pub bytes: u64,
    /// Connections (distinct endpoint pairs) of other shards.
    pub connections: u64,
    /// True when there were too many to tell apart: `connections` is then
    /// at least the number.
    pub capped: bool,
    seen: HashSet<u64, foldhash::fast::RandomState>,
}

impl ShardSummary {
    /// Nothing dropped yet, keeping `shard`.
    pub fn new(shard: Shard) -> Self {
        ShardSummary {
            shard,
            segments: 0,
            bytes: 0,
            connections: 0,
            capped: false,
            seen: HashSet::default(),
        }
    }

    /// Whether `seg` is in the shard; a segment that is not is counted.
    pub(super) fn keeps(&mut self, seg: &TcpSegment<'_>) -> bool {
        let count = self.shard.count;
        if count == 1 {
            return true;
        }
        let hash = flow_hash(seg.src, seg.dst);
        if Shard::of(hash, count) == self.shard.index {
            return true;
        }
        self.segments += 1;
        self.bytes += seg.payload.len() as u64;
        if self.seen.len() < MAX_COUNTED {
            self.connections += u64::from(self.seen.insert(hash));
        } else if !self.seen.contains(&hash) {
            self.capped = true;
        }
        false
    }

    /// "N connections (S segments) in other shards", "at least N" when
    /// capped.
    pub fn dropped(&self) -> String {
        let least = if self.capped { "at least " } else { "" };
        format!(
            "{least}{} connection(s) ({} segment(s)) in other shards",
            self.connections, self.segments
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &str) -> SocketAddr {
        s.parse().unwrap()
    }

    #[test]
    fn specs() {
        assert_eq!("1/1".parse(), Ok(Shard::new(1, 1).unwrap()));
        assert_eq!("7/7".parse::<Shard>().unwrap().to_string(), "7/7");
        for bad in [
            "3/2", "0/2", "1/0", "a/b", "1", "", "/", "1/", "-1/2", "1/2/3",
        ] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_hash_is_fixed_and_the_same_both_ways() {
        let (c, s) = (addr("10.0.0.1:40000"), addr("10.0.0.2:7234"));
        // XXH3-64, seed 0, of 0a000001 9c40 0a000002 1c42 (Python:
        // xxhash.xxh3_64_intdigest(bytes.fromhex("0a0000019c400a0000021c42"))).
        let expected =
            twox_hash::XxHash3_64::oneshot(&[0x0a, 0, 0, 1, 0x9c, 0x40, 0x0a, 0, 0, 2, 0x1c, 0x42]);
        assert_eq!(flow_hash(c, s), expected);
        assert_eq!(flow_hash(s, c), expected);
        assert_eq!(expected, 0xce9c_fac1_8349_fd1c);
        let v6 = (addr("[2001:db8::1]:5"), addr("[::1]:19380"));
        assert_eq!(flow_hash(v6.0, v6.1), flow_hash(v6.1, v6.0));
    }

    #[test]
    fn every_connection_is_in_exactly_one_shard() {
        for port in 1000..1200u16 {
            let (a, b) = (
                addr("192.168.1.5:7234"),
                SocketAddr::new(addr("10.1.1.1:0").ip(), port),
            );
            for n in [1, 2, 7] {
                let kept = (1..=n).filter(|&i| Shard::new(i, n).unwrap().keeps(a, b));
                assert_eq!(kept.count(), 1);
            }
        }
    }
}
