//! Properties. Whatever the order, duplication and overlap of its segments,
//! a stream comes out exactly as sent; with segments missing and a final
//! ACK, Data and Gap events tile the stream and the data is the original;
//! and no input at all makes the reassembler panic or break the event
//! invariants (which the harness's sink checks on every event).

use super::harness::*;
use crate::capture::Timestamp;
use crate::reassembly::Direction::C2S;
use crate::reassembly::*;
use proptest::prelude::*;
use proptest::sample::Index;

/// A segment: the stream bytes `[start, end)`.
type Range = (usize, usize);

/// Splits `[0, len)` at the given points into contiguous segments.
fn split(len: usize, cuts: &[Index]) -> Vec<Range> {
    let mut points: Vec<usize> = cuts.iter().map(|c| c.index(len)).collect();
    points.extend([0, len]);
    points.sort_unstable();
    points.dedup();
    points.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Retransmissions: arbitrary non-empty ranges of the stream.
fn ranges(len: usize, picks: &[(Index, Index)]) -> Vec<Range> {
    picks
        .iter()
        .map(|(a, l)| {
            let a = a.index(len);
            (a, a + 1 + l.index(len - a))
        })
        .collect()
}

/// Fisher-Yates, with a xorshift generator seeded by `seed`.
fn shuffle<T>(v: &mut [T], seed: u64) {
    let mut x = seed | 1;
    for i in (1..v.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
}

/// An initial sequence number, often close below the wrap.
fn isn() -> impl Strategy<Value = u32> {
    prop_oneof![any::<u32>(), 0xFFFF_F000u32..=u32::MAX]
}

/// Handshake, then the client sends `segs` of `data`.
fn send(data: &[u8], segs: &[Range], isn: u32, sisn: u32) -> H {
    let mut h = H::new();
    h.handshake(isn, sisn);
    for &(a, b) in segs {
        h.c(
            isn.wrapping_add(1 + a as u32),
            sisn.wrapping_add(1),
            ACK,
            &data[a..b],
        );
    }
    h
}

proptest! {
    #[test]
    fn shuffled_duplicated_overlapping_segments_reassemble_exactly(
        data in prop::collection::vec(any::<u8>(), 1..3000),
        cuts in prop::collection::vec(any::<Index>(), 0..40),
        picks in prop::collection::vec((any::<Index>(), any::<Index>()), 0..20),
        dups in prop::collection::vec(any::<Index>(), 0..10),
        seed in any::<u64>(),
        isn in isn(),
        sisn in isn(),
    ) {
        let segs = split(data.len(), &cuts);
        let mut all = segs.clone();
        all.extend(ranges(data.len(), &picks));
        all.extend(dups.iter().map(|d| segs[d.index(segs.len())]));
        shuffle(&mut all, seed);
        let mut h = send(&data, &all, isn, sisn);
        h.finish();
        prop_assert_eq!(h.gaps(0, C2S), vec![]);
        prop_assert_eq!(h.conflicts(), vec![]);
        prop_assert_eq!(h.data(0, C2S), data);
        prop_assert_eq!(h.ends(), vec![(0, EndReason::Eof, h.frame)]);
    }

    #[test]
    fn with_segments_missing_data_and_gaps_tile_the_stream(
        data in prop::collection::vec(any::<u8>(), 1..3000),
        cuts in prop::collection::vec(any::<Index>(), 0..40),
        keep in prop::collection::vec(any::<bool>(), 41),
        picks in prop::collection::vec((any::<Index>(), any::<Index>()), 0..10),
        seed in any::<u64>(),
        isn in isn(),
        sisn in isn(),
    ) {
        let segs = split(data.len(), &cuts);
        let mut sent: Vec<Range> = segs.iter().zip(&keep).filter(|(_, &k)| k).map(|(&r, _)| r).collect();
        sent.extend(ranges(data.len(), &picks));
        shuffle(&mut sent, seed);
        let mut covered = vec![false; data.len()];
        for &(a, b) in &sent {
            covered[a..b].iter_mut().for_each(|c| *c = true);
        }
        let mut h = send(&data, &sent, isn, sisn);
        // The server acknowledges the whole stream.
        h.s(sisn.wrapping_add(1), isn.wrapping_add(1 + data.len() as u32), ACK, b"");
        h.finish();

        // Every offset exactly once (the sink checked the tiling from 0).
        let mut seen = vec![false; data.len()];
        let mut total = 0;
        for (offset, bytes, _) in h.datas(0, C2S) {
            let o = offset as usize;
            prop_assert_eq!(&bytes[..], &data[o..o + bytes.len()]);
            for s in &mut seen[o..o + bytes.len()] {
                *s = true;
            }
            total += bytes.len();
        }
        for (offset, len, reason, _) in h.gaps(0, C2S) {
            prop_assert_eq!(reason, GapReason::AckedUnseen);
            total += len as usize;
            let _ = offset;
        }
        prop_assert_eq!(total, data.len());
        // Data exactly where bytes were sent; gaps exactly where none were.
        prop_assert_eq!(seen, covered);
        prop_assert_eq!(h.conflicts(), vec![]);
    }
}

/// One arbitrary segment between four endpoints.
#[derive(Debug, Clone)]
struct Arb {
    from: usize,
    to: usize,
    seq: u32,
    ack: u32,
    flags: u8,
    payload: Vec<u8>,
    missing: u32,
    /// Milliseconds since the previous segment.
    dt: u64,
}

fn arb() -> impl Strategy<Value = Arb> {
    let num = || prop_oneof![3 => 0u32..400, 1 => any::<u32>()];
    (
        (0..4usize, 0..4usize, num(), num(), any::<u8>()),
        prop::collection::vec(any::<u8>(), 0..40),
        prop_oneof![4 => Just(0u32), 2 => 0u32..50, 1 => any::<u32>()],
        0u64..30_000,
    )
        .prop_map(|((from, to, seq, ack, flags), payload, missing, dt)| Arb {
            from,
            to,
            seq,
            ack,
            flags,
            payload,
            missing,
            dt,
        })
}

const ENDPOINTS: [&str; 4] = [
    "10.0.0.1:1000",
    "10.0.0.2:2000",
    "10.0.0.3:1000",
    "10.0.0.1:2000",
];

proptest! {
    #[test]
    fn arbitrary_segments_never_break_the_invariants(segs in prop::collection::vec(arb(), 0..200)) {
        let config = Config {
            max_buffered_per_dir: 64,
            max_buffered_total: 96,
            max_flows: 2,
            idle_timeout: Some(10.0),
            retain_per_dir: 8,
        };
        let mut h = H::with(config.clone());
        let mut ms = 0;
        for s in &segs {
            ms += s.dt;
            h.now = Timestamp::new(1_000_000 + (ms / 1000) as i64, (ms % 1000) as u32 * 1_000_000);
            h.seg(ENDPOINTS[s.from], ENDPOINTS[s.to], s.seq, s.ack, s.flags, &s.payload, s.missing);
            prop_assert!(h.r.flow_count() <= config.max_flows);
            for conn in h.r.conns().all() {
                for (bytes, pieces) in conn.buffered() {
                    prop_assert!(bytes <= config.max_buffered_per_dir);
                    prop_assert!(pieces <= direction::MAX_PENDING_PIECES);
                }
            }
        }
        h.finish();
        let starts = h.starts();
        prop_assert_eq!(starts.len(), h.ends().len());
        prop_assert_eq!(h.r.stats().streams, starts.len() as u64);
        prop_assert_eq!(h.r.stats().segments, segs.len() as u64);
    }
}
