//! A bounded IP defragmenter, for IPv4 and IPv6.
//!
//! Datagrams are keyed by addresses and identification (and, for IPv4, the
//! protocol). Fragments may arrive in any order and more than once: the
//! first copy of a byte wins. A datagram is complete once its last fragment
//! (no "more fragments" flag) has set its length and every byte up to it
//! has arrived; its payload is then moved into a buffer the decoder owns,
//! which the returned segment borrows until the next frame.
//!
//! Memory is bounded by [`LinkConfig`]: the number of waiting datagrams,
//! the bytes they hold (each as much as its highest fragment end), and a
//! time-out in capture time counted from a datagram's first fragment.
//! Every fragment given up on is counted in `fragments_dropped`.
//!
//! `etherparse` has a defragmenter (`defrag::IpDefragPool`), but it has no
//! cap on datagrams or bytes and lets later copies overwrite earlier ones,
//! so this module has its own.

use super::ip::Fragment;
use super::{LinkConfig, LinkStats, Stop};
use crate::capture::Timestamp;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

/// Largest IP datagram, headers included.
const MAX_DATAGRAM: usize = 65535;

/// What identifies a datagram among fragments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    src: IpAddr,
    dst: IpAddr,
    id: u32,
    /// IPv4 protocol (0 for IPv6, whose fragments may disagree on it).
    protocol: u8,
}

/// A datagram waiting for fragments.
#[derive(Debug)]
struct Pending {
    /// Payload so far; bytes not yet received are zero.
    data: Vec<u8>,
    /// Byte ranges received, sorted, disjoint and not touching.
    filled: Vec<(usize, usize)>,
    /// Payload length, once the last fragment arrived.
    total: Option<usize>,
    /// When the datagram is given up.
    deadline: Timestamp,
    /// Fragments held (counted as dropped if the datagram is given up).
    held: u64,
    /// IPv6: next header from the offset-0 fragment's fragment header.
    first_next: Option<u8>,
}

/// A datagram just completed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reassembled<'a> {
    /// Protocol (IPv4) or next header (IPv6) of `data`.
    pub next: u8,
    /// The reassembled payload.
    pub data: &'a [u8],
}

/// Holds fragments until their datagram is complete.
#[derive(Debug, Default)]
pub(crate) struct Defragmenter {
    config: LinkConfig,
    pending: HashMap<Key, Pending>,
    /// Sum of `data.len()` over `pending`.
    buffered: usize,
    /// No datagram is due before this (it may be earlier than needed).
    next_deadline: Option<Timestamp>,
    /// The last completed datagram's payload.
    done: Vec<u8>,
    /// Fragments of evicted datagrams not yet added to the stats.
    evicted: u64,
}

impl Defragmenter {
    /// An empty defragmenter with these limits.
    pub fn new(config: LinkConfig) -> Self {
        Defragmenter {
            config,
            ..Self::default()
        }
    }

    /// The limits.
    pub fn config(&self) -> &LinkConfig {
        &self.config
    }

    /// Datagrams waiting.
    pub fn pending_datagrams(&self) -> usize {
        self.pending.len()
    }

    /// Bytes held for waiting datagrams.
    pub fn buffered_bytes(&self) -> usize {
        self.buffered
    }

    /// Gives up the datagrams whose time is up at `now`. Cheap when none is.
    pub fn expire(&mut self, now: Timestamp, stats: &mut LinkStats) {
        match self.next_deadline {
            Some(deadline) if now >= deadline => {}
            _ => return,
        }
        let mut buffered = self.buffered;
        self.pending.retain(|_, p| {
            if p.deadline <= now {
                stats.fragments_dropped += p.held;
                buffered -= p.data.len();
                false
            } else {
                true
            }
        });
        self.buffered = buffered;
        self.next_deadline = self.pending.values().map(|p| p.deadline).min();
    }

    /// Gives up every waiting datagram.
    pub fn clear(&mut self, stats: &mut LinkStats) {
        stats.fragments_dropped += self.pending.values().map(|p| p.held).sum::<u64>();
        self.pending.clear();
        self.buffered = 0;
        self.next_deadline = None;
    }

    /// Adds a fragment that arrived at `now`. Returns the datagram when this
    /// fragment completed it, `None` when it is held; an error (counted as
    /// dropped) when the fragment cannot be used.
    pub fn add(
        &mut self,
        frag: &Fragment<'_>,
        now: Timestamp,
        stats: &mut LinkStats,
    ) -> Result<Option<Reassembled<'_>>, Stop> {
        let inserted = self.insert(frag, now);
        stats.fragments_dropped += std::mem::take(&mut self.evicted);
        match inserted {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            Err(why) => {
                stats.fragments_dropped += 1;
                return Err(Stop::Malformed(why));
            }
        }
        let key = key_of(frag);
        let Some(p) = self.pending.remove(&key) else {
            return Ok(None);
        };
        self.buffered -= p.data.len();
        stats.reassembled += 1;
        let next = match frag.src {
            IpAddr::V4(_) => frag.next,
            IpAddr::V6(_) => p.first_next.unwrap_or(frag.next),
        };
        self.done = p.data;
        Ok(Some(Reassembled {
            next,
            data: &self.done,
        }))
    }

    /// Stores a fragment; `Ok(true)` when its datagram is now complete.
    fn insert(&mut self, frag: &Fragment<'_>, now: Timestamp) -> Result<bool, &'static str> {
        if frag.truncated {
            return Err("IP fragment cut by the snapshot length");
        }
        let start = frag.offset;
        let end = start + frag.data.len();
        if end + frag.header_len > MAX_DATAGRAM {
            return Err("IP fragment beyond 65535 bytes");
        }
        let key = key_of(frag);

        if !self.pending.contains_key(&key) {
            while self.pending.len() >= self.config.max_pending_datagrams {
                if !self.evict_oldest(key) {
                    break;
                }
            }
            if self.pending.len() >= self.config.max_pending_datagrams {
                return Err("IP fragment over the pending datagram cap");
            }
            let deadline = later(now, self.config.fragment_timeout);
            self.next_deadline = Some(self.next_deadline.map_or(deadline, |d| d.min(deadline)));
            self.pending.insert(
                key,
                Pending {
                    data: Vec::new(),
                    filled: Vec::new(),
                    total: None,
                    deadline,
                    held: 0,
                    first_next: None,
                },
            );
        }

        let grow = end.saturating_sub(self.pending.get(&key).map_or(0, |p| p.data.len()));
        while self.buffered + grow > self.config.max_buffered_bytes {
            if !self.evict_oldest(key) {
                break;
            }
        }
        let fits = self.buffered + grow <= self.config.max_buffered_bytes;
        let Some(p) = self.pending.get_mut(&key) else {
            return Err("IP fragment over the pending datagram cap");
        };
        let consistent = match p.total {
            Some(total) => end <= total && (frag.more || end == total),
            None => frag.more || p.filled.last().is_none_or(|&(_, e)| e <= end),
        };
        if !fits || !consistent {
            if p.held == 0 {
                self.buffered -= p.data.len();
                self.pending.remove(&key);
            }
            return Err(if fits {
                "IP fragment inconsistent with earlier ones"
            } else {
                "IP fragment over the buffered bytes cap"
            });
        }

        let before = p.data.len();
        fill(&mut p.data, &mut p.filled, start, frag.data);
        self.buffered += p.data.len() - before;
        p.held += 1;
        if !frag.more {
            p.total = Some(end);
        }
        if start == 0 && p.first_next.is_none() {
            p.first_next = Some(frag.next);
        }
        Ok(p.total.is_some_and(|total| p.filled == [(0, total)]))
    }

    /// Gives up the datagram with the earliest deadline other than `keep`;
    /// `false` when there is none.
    fn evict_oldest(&mut self, keep: Key) -> bool {
        let oldest = self
            .pending
            .iter()
            .filter(|(k, _)| **k != keep)
            .min_by_key(|(_, p)| p.deadline)
            .map(|(k, _)| *k);
        let Some(p) = oldest.and_then(|k| self.pending.remove(&k)) else {
            return false;
        };
        self.buffered -= p.data.len();
        // Added to the stats by `Defragmenter::add`.
        self.evicted += p.held;
        true
    }
}

/// The datagram a fragment belongs to.
fn key_of(frag: &Fragment<'_>) -> Key {
    Key {
        src: frag.src,
        dst: frag.dst,
        id: frag.id,
        protocol: if frag.src.is_ipv4() { frag.next } else { 0 },
    }
}

/// `ts + d`, saturating.
fn later(ts: Timestamp, d: Duration) -> Timestamp {
    let nanos = ts.nanos.min(999_999_999) + d.subsec_nanos();
    let secs = ts
        .secs
        .saturating_add(i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        .saturating_add(i64::from(nanos / 1_000_000_000));
    Timestamp {
        secs,
        nanos: nanos % 1_000_000_000,
    }
}

/// Copies `bytes` to `data` at `start` where nothing was received yet (the
/// first copy wins), and records the range as received.
fn fill(data: &mut Vec<u8>, filled: &mut Vec<(usize, usize)>, start: usize, bytes: &[u8]) {
    let end = start + bytes.len();
    if start == end {
        return;
    }
    if data.len() < end {
        // Exact, so that `buffered_bytes` is what is really held.
        data.reserve_exact(end - data.len());
        data.resize(end, 0);
    }
    let mut copy = |from: usize, to: usize| {
        if let (Some(dst), Some(src)) =
            (data.get_mut(from..to), bytes.get(from - start..to - start))
        {
            dst.copy_from_slice(src);
        }
    };
    let mut cursor = start;
    for &(s, e) in filled.iter() {
        if e <= cursor {
            continue;
        }
        if s >= end {
            break;
        }
        if s > cursor {
            copy(cursor, s);
        }
        cursor = e;
        if cursor >= end {
            break;
        }
    }
    if cursor < end {
        copy(cursor, end);
    }

    // Record [start, end), merging what it overlaps or touches.
    let mut merged = (start, end);
    filled.retain(|&(s, e)| {
        if e < merged.0 || s > merged.1 {
            true
        } else {
            merged = (merged.0.min(s), merged.1.max(e));
            false
        }
    });
    let at = filled.partition_point(|&(s, _)| s < merged.0);
    filled.insert(at, merged);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_copy_wins_and_ranges_merge() {
        let mut data = Vec::new();
        let mut filled = Vec::new();
        fill(&mut data, &mut filled, 8, &[1; 8]);
        fill(&mut data, &mut filled, 24, &[3; 8]);
        assert_eq!(filled, [(8, 16), (24, 32)]);
        // Overlaps both: only the gaps are written.
        fill(&mut data, &mut filled, 4, &[9; 24]);
        assert_eq!(filled, [(4, 32)]);
        assert_eq!(&data[4..8], &[9; 4]);
        assert_eq!(&data[8..16], &[1; 8]);
        assert_eq!(&data[16..24], &[9; 8]);
        assert_eq!(&data[24..32], &[3; 8]);
        fill(&mut data, &mut filled, 0, &[7; 4]);
        assert_eq!(filled, [(0, 32)]);
        assert_eq!(&data[..4], &[7; 4]);
        fill(&mut data, &mut filled, 40, &[]);
        assert_eq!(filled, [(0, 32)]);
    }

    #[test]
    fn later_saturates_and_carries() {
        let t = later(Timestamp::new(10, 900_000_000), Duration::from_millis(200));
        assert_eq!(t, Timestamp::new(11, 100_000_000));
        let t = later(Timestamp::new(i64::MAX, 999_999_999), Duration::MAX);
        assert_eq!(t.secs, i64::MAX);
    }
}
