//! No allocation on the hot path; no panic on any input.

use super::fragments::{ipv4_fragments, ipv6_fragments, long_payload};
use super::*;

// ---- allocation-free hot path --------------------------------------------

mod alloc_count {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static COUNT: Cell<u64> = const { Cell::new(0) };
    }

    /// Counts allocations per thread, so that tests running in parallel do
    /// not see each other's.
    pub struct Counting;

    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[global_allocator]
    static GLOBAL: Counting = Counting;

    /// Allocations made by this thread so far.
    pub fn count() -> u64 {
        COUNT.with(Cell::get)
    }
}

#[test]
fn plain_frames_decode_without_allocating() {
    let v4 = ethernet(0x0800, &ipv4_tcp(PAYLOAD));
    let mut v6 = Vec::new();
    PacketBuilder::ethernet2(MAC_A, MAC_B)
        .single_vlan(VlanId::try_new(7).unwrap())
        .ipv6(V6_A, V6_B, 64)
        .tcp(SPORT, DPORT, SEQ, WINDOW)
        .write(&mut v6, PAYLOAD)
        .unwrap();
    let mut d = LinkDecoder::new();
    // Warm up: the first frame of a link type adds a counter.
    assert!(matches!(d.decode(&frame(1, 0, &v4)), Packet::Tcp(_)));
    // The counter works.
    let probe = alloc_count::count();
    drop(std::hint::black_box(vec![0u8; 16]));
    assert_eq!(alloc_count::count() - probe, 1);

    let before = alloc_count::count();
    let mut bytes = 0;
    for i in 0..100 {
        let data = if i % 2 == 0 { &v4 } else { &v6 };
        match d.decode(&frame(1, i, data)) {
            Packet::Tcp(s) => bytes += s.payload.len(),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(alloc_count::count() - before, 0);
    assert_eq!(bytes, 100 * PAYLOAD.len());
}

// ---- robustness ----------------------------------------------------------

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    const LINK_TYPES: [u32; 14] = [
        0, 1, 12, 14, 101, 108, 113, 228, 229, 276, 2, 127, 147, 9999,
    ];

    /// A valid frame of each supported link type, to mutate.
    fn seeds() -> Vec<(u32, Vec<u8>)> {
        let mut v4 = ipv4_tcp(&long_payload());
        v4[6] = 0x20; // more fragments: reach the defragmenter too
        let v6 = ipv6_tcp(&long_payload());
        let mut sll = vec![
            0, 0, 0, 1, 0, 6, 1, 2, 3, 4, 5, 6, 0, 0, 0x81, 0, 0, 1, 0x08, 0,
        ];
        sll.extend_from_slice(&v4);
        let mut sll2 = sll2_header(0x86dd);
        sll2.extend_from_slice(&v6);
        let mut null = 30u32.to_le_bytes().to_vec();
        null.extend_from_slice(&v6);
        let frags = ipv6_fragments(&v6, 3, &[32]);
        vec![
            (1, ethernet(0x0800, &v4)),
            (
                1,
                ethernet(
                    0x88a8,
                    &[0, 1, 0x81, 0, 0, 2, 0x86, 0xdd]
                        .iter()
                        .chain(&v6)
                        .copied()
                        .collect::<Vec<_>>(),
                ),
            ),
            (113, sll),
            (276, sll2),
            (0, null),
            (101, frags[0].clone()),
            (229, frags[1].clone()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn random_bytes_never_panic(
            link in prop::sample::select(LINK_TYPES.to_vec()),
            data in prop::collection::vec(any::<u8>(), 0..200),
        ) {
            let mut d = LinkDecoder::new();
            let _ = d.decode(&frame(link, 0, &data));
            // IP-looking starts reach deeper.
            let mut ip = data.clone();
            if let Some(b) = ip.first_mut() { *b = (*b & 0x0f) | 0x40; }
            let _ = d.decode(&frame(228, 0, &ip));
            if let Some(b) = ip.first_mut() { *b = (*b & 0x0f) | 0x60; }
            let _ = d.decode(&frame(229, 0, &ip));
            prop_assert_eq!(d.stats().frames, 3);
        }

        #[test]
        fn mutated_frames_never_panic(
            seed in 0usize..7,
            flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
            cut in any::<prop::sample::Index>(),
        ) {
            let (link, mut data) = seeds().swap_remove(seed);
            for (at, value) in flips {
                let i = at.index(data.len());
                data[i] = value;
            }
            let keep = cut.index(data.len() + 1);
            let mut d = LinkDecoder::new();
            for secs in 0..3 {
                let _ = d.decode(&frame(link, secs * 40, &data[..keep]));
                let _ = d.decode(&frame(link, secs * 40, &data));
            }
            let s = d.stats();
            prop_assert_eq!(s.frames, 6);
            prop_assert!(s.tcp + s.not_tcp_total() + s.malformed <= 6);
        }

        #[test]
        fn random_fragments_stay_bounded(
            frags in prop::collection::vec((0u16..3, 0u16..40, 0usize..80, any::<bool>(), any::<u8>()), 1..60),
        ) {
            let config = LinkConfig {
                max_pending_datagrams: 2,
                max_buffered_bytes: 300,
                ..LinkConfig::default()
            };
            let mut d = LinkDecoder::with_config(config);
            for (i, (id, offset, len, more, fill)) in frags.iter().enumerate() {
                let mut packet = ipv4_tcp(&vec![*fill; *len])[..20].to_vec();
                let body: Vec<u8> = (0..*len).map(|j| fill.wrapping_add(j as u8)).collect();
                packet[2..4].copy_from_slice(&u16::try_from(20 + len).unwrap().to_be_bytes());
                packet[4..6].copy_from_slice(&id.to_be_bytes());
                let flags = if *more { 0x2000 } else { 0 } | offset;
                packet[6..8].copy_from_slice(&flags.to_be_bytes());
                packet.extend_from_slice(&body);
                let _ = d.decode(&frame(228, i as i64, &packet));
                prop_assert!(d.pending_datagrams() <= 2);
                prop_assert!(d.buffered_bytes() <= 300);
            }
            d.flush_fragments();
            let s = d.stats();
            let fragments = frags.iter().filter(|f| f.1 > 0 || f.3).count();
            prop_assert_eq!(d.buffered_bytes(), 0);
            prop_assert_eq!(s.fragments, fragments as u64);
            prop_assert!(s.fragments_dropped <= s.fragments);
        }

        #[test]
        fn any_fragment_order_reassembles(
            cuts in prop::collection::btree_set(1usize..17, 1..8),
            order in Just((0..40).collect::<Vec<usize>>()).prop_shuffle(),
            dups in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
            v6 in any::<bool>(),
        ) {
            let payload = long_payload();
            let cuts: Vec<usize> = cuts.into_iter().map(|c| c * 8).collect();
            let frags = if v6 {
                ipv6_fragments(&ipv6_tcp(&payload), 11, &cuts)
            } else {
                ipv4_fragments(&ipv4_tcp(&payload), 11, &cuts)
            };
            let link = if v6 { 229 } else { 1 };
            let mut sequence: Vec<&[u8]> = order
                .iter()
                .filter(|&&i| i < frags.len())
                .map(|&i| frags[i].as_slice())
                .collect();
            // Duplicates go anywhere but after the completing fragment.
            for dup in dups {
                let copy = sequence[dup.index(sequence.len())];
                let at = dup.index(sequence.len());
                sequence.insert(at, copy);
            }
            let mut d = LinkDecoder::new();
            let mut got = None;
            for data in &sequence {
                if let Packet::Tcp(s) = d.decode(&frame(link, 0, data)) {
                    prop_assert!(got.is_none());
                    got = Some(s.payload.to_vec());
                }
            }
            prop_assert_eq!(got, Some(payload));
            prop_assert_eq!(d.stats().reassembled, 1);
        }
    }
}
