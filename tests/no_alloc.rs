//! The packet path allocates nothing per packet: reading a capture, taking
//! its frames apart and reassembling its streams (retransmissions
//! included) costs a bounded number of allocations however many packets
//! there are. A segment that arrives out of order is the exception: its
//! bytes are copied into a buffer of their own until the hole before it
//! fills (at most two allocations: the buffer and its map entry). Counted
//! by a global allocator that wraps the system's.

mod support;

use cardshark::reassembly::{Config, Event};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use support::*;

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One connection: the handshake, then `n` rounds of a 200-byte data
/// segment each way and an ACK; every 50th round the client sends two
/// segments, the second first (out of order) when `reorder`, and every
/// 70th the client's segment goes twice. Returns the frames and the
/// payload bytes sent.
fn capture(path: &std::path::Path, n: usize, reorder: bool) -> (usize, u64) {
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1000, 5000);
    let mut segs = c.handshake();
    let payload: Vec<u8> = (0..200u32).map(|i| (i * 13 % 251) as u8).collect();
    let mut bytes = 0;
    for i in 0..n {
        let s = c.data(true, &payload);
        if reorder && i % 50 == 0 {
            let next = c.data(true, &payload);
            segs.push(next);
            bytes += 200;
        }
        segs.push(s.clone());
        if i % 70 == 0 {
            segs.push(s);
        }
        segs.push(c.data(false, &payload));
        segs.push(c.ack(true));
        bytes += 400;
    }
    segs.push(c.fin(true));
    segs.push(c.fin(false));
    let frames = c.frames(&segs, 0);
    write_pcap(path, 1, 65535, &frames);
    (frames.len(), bytes)
}

/// Allocations made while reading `path` through the reassembler.
fn allocations(path: &std::path::Path) -> (u64, u64) {
    let mut data = 0u64;
    let mut sink = |ev: Event<'_>| {
        if let Event::Data { bytes, .. } = ev {
            data += bytes.len() as u64;
        }
    };
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let pipeline = cardshark::pipeline::Pipeline::open(path.to_str().unwrap()).unwrap();
    pipeline
        .config(Config::default())
        .run_events(&mut sink)
        .unwrap();
    (ALLOCATIONS.load(Ordering::Relaxed) - before, data)
}

#[test]
fn in_order_packets_allocate_nothing() {
    let dir = TempDir::new();
    let (small, large) = (dir.file("small.pcap"), dir.file("large.pcap"));
    let (small_frames, small_bytes) = capture(&small, 2_000, false);
    let (large_frames, large_bytes) = capture(&large, 20_000, false);
    let (a_small, d_small) = allocations(&small);
    let (a_large, d_large) = allocations(&large);
    assert_eq!(d_small, small_bytes, "every byte delivered");
    assert_eq!(d_large, large_bytes, "every byte delivered");
    eprintln!(
        "{small_frames} frames: {a_small} allocations; {large_frames} frames: {a_large} allocations"
    );
    // Ten times the packets, the same allocations (give or take a buffer
    // that grows once more).
    assert!(
        a_large <= a_small + 8,
        "{a_small} allocations for {small_frames} frames, {a_large} for {large_frames}"
    );
}

#[test]
fn an_out_of_order_segment_costs_at_most_two_allocations() {
    let dir = TempDir::new();
    let (plain, reordered) = (dir.file("plain.pcap"), dir.file("reordered.pcap"));
    capture(&plain, 20_000, false);
    let (frames, bytes) = capture(&reordered, 20_000, true);
    let (a_plain, _) = allocations(&plain);
    let (a_reordered, delivered) = allocations(&reordered);
    assert_eq!(delivered, bytes, "every byte delivered");
    let out_of_order = 20_000 / 50;
    eprintln!("{frames} frames, {out_of_order} out of order: {a_reordered} allocations (in order: {a_plain})");
    assert!(
        a_reordered <= a_plain + 2 * out_of_order + 8,
        "{a_reordered} allocations with {out_of_order} segments out of order, {a_plain} without"
    );
}
