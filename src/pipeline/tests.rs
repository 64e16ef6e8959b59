//! The pass gives the sink the same items in the same order whatever the
//! number of workers and the size of the batches between the threads.

use super::*;
use crate::reassembly::{Event, Reassembler};

/// A worker that makes an item of every event, written out (bytes
/// included), keyed by its step.
#[derive(Default)]
struct Recorder {
    key: u64,
    items: Items<String>,
}

impl Sink for Recorder {
    fn event(&mut self, ev: Event<'_>) {
        let text = format!("{ev:?}");
        let heap = text.capacity();
        self.items.push_owning(self.key, text, heap);
    }
    fn step(&mut self, seq: u64, _slot: u32) {
        self.key = seq * 2;
    }
}

impl Work for Recorder {
    type Item = String;
    fn low(&mut self, next: u64) -> u64 {
        next.saturating_mul(2)
    }
    fn take(&mut self, into: &mut Items<String>) {
        into.append(&mut self.items);
    }
    fn finish(&mut self) {}
    fn pending(&self) -> usize {
        self.items.weight()
    }
}

/// Every event of the reassembler on its own over `p`, in order.
fn reassembler(reader: CaptureReader) -> Vec<String> {
    let mut seen = Vec::new();
    let mut sink = |ev: Event<'_>| seen.push(format!("{ev:?}"));
    let mut r = Reassembler::new(Config::default());
    let mut link = LinkDecoder::new();
    let mut summary = CaptureSummary::empty("-");
    let mut reader = reader;
    read_segments(
        &mut reader,
        &mut link,
        &mut summary,
        &Clock::default(),
        |frame, seg| {
            r.process(frame.number, frame.ts, seg, &mut sink);
            true
        },
    );
    r.finish(&mut sink);
    seen
}

/// The items of a pass over `reader` with `threads` workers and rounds of
/// `round`, the sink stopping after `stop_after`.
fn pass(
    reader: CaptureReader,
    threads: usize,
    round: (usize, usize),
    stop_after: usize,
) -> Vec<String> {
    let mut seen = Vec::new();
    Pipeline::new("-", reader)
        .threads(threads)
        .round(round)
        .run(Recorder::default, &mut |item: String, _: &[u8]| {
            seen.push(item);
            if seen.len() >= stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    seen
}

fn path(name: &str) -> String {
    format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn open(name: &str) -> CaptureReader {
    CaptureReader::open(&path(name)).unwrap()
}

/// Captures with loss, retransmissions, IPv6, pcapng, four protocols.
const CAPTURES: &[&str] = &[
    "realcap/lossy-v4.pcap",
    "realcap/ipv6.pcap",
    "realcap/sll2-pcapng.pcapng",
    "mixed/all-four.pcap",
];

#[test]
fn every_number_of_workers_gives_the_reassemblers_events() {
    for name in CAPTURES {
        let one = reassembler(open(name));
        assert!(one.len() > 10, "{name}: {} events", one.len());
        for threads in [1, 2, 3, 7] {
            let got = pass(open(name), threads, ROUND, usize::MAX);
            assert_eq!(one, got, "{name}: {threads} workers");
        }
    }
}

/// Rounds of one to a few steps (and a few bytes) make the threads hand
/// work to each other thousands of times, in every order.
#[test]
fn tiny_rounds_change_nothing() {
    for name in CAPTURES {
        let one = reassembler(open(name));
        for round in [(1, 1 << 20), (2, 100), (3, 1), (7, 512)] {
            for threads in [2, 3] {
                let got = pass(open(name), threads, round, usize::MAX);
                assert_eq!(one, got, "{name}: {threads} workers, rounds of {round:?}");
            }
        }
    }
}

/// A sink that asks to stop gets nothing more, and what it got is the
/// start of the whole pass.
#[test]
fn a_stop_ends_the_pass() {
    let one = reassembler(open("mixed/all-four.pcap"));
    for threads in [1, 2] {
        let got = pass(open("mixed/all-four.pcap"), threads, (4, 1 << 20), 40);
        assert_eq!(got.len(), 40);
        assert_eq!(got[..], one[..40]);
    }
}

/// A pcap of `n` connections that each send one segment and stay open, so
/// that the end of the capture ends all of them at once.
fn open_streams(n: u16) -> Vec<u8> {
    let mut pcap = vec![0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0];
    pcap.extend_from_slice(&[0; 8]);
    pcap.extend_from_slice(&65535u32.to_le_bytes());
    pcap.extend_from_slice(&1u32.to_le_bytes());
    for i in 0..n {
        let mut frame = Vec::new();
        etherparse::PacketBuilder::ethernet2([2, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 2])
            .ipv4([10, 0, (i >> 8) as u8, i as u8], [10, 9, 9, 9], 64)
            .tcp(1024 + i, 7234, 1000, 65535)
            .ack(1)
            .psh()
            .write(&mut frame, format!("stream {i}\n").as_bytes())
            .unwrap();
        for field in [1, u32::from(i), frame.len() as u32, frame.len() as u32] {
            pcap.extend_from_slice(&field.to_le_bytes());
        }
        pcap.extend_from_slice(&frame);
    }
    pcap
}

/// The end of the capture ends 300 streams at once, spread over the
/// workers: the sink still sees every event in the reassembler's order.
#[test]
fn a_burst_of_stream_ends_reaches_the_sink_in_order() {
    let pcap = open_streams(300);
    let reader = || {
        let bytes = std::io::Cursor::new(pcap.clone());
        CaptureReader::from_reader("open.pcap", Box::new(bytes)).unwrap()
    };
    let one = reassembler(reader());
    let ends = one.iter().filter(|e| e.starts_with("End")).count();
    assert_eq!(ends, 300);
    for threads in [1, 2, 5] {
        assert_eq!(one, pass(reader(), threads, (3, 1 << 20), usize::MAX));
    }
}

/// The summary counts the same whatever the number of workers.
#[test]
fn the_summary_is_the_same_for_every_number_of_workers() {
    let count = |threads: usize| {
        let done = Pipeline::new("x", open("realcap/lossy-v4.pcap"))
            .threads(threads)
            .run(Recorder::default, &mut |_: String, _: &[u8]| {
                ControlFlow::Continue(())
            })
            .unwrap();
        let s = done.summary;
        (s.frames, s.reassembly, s.link.tcp)
    };
    let one = count(1);
    assert!(one.1.segments > 0);
    assert_eq!(one, count(2));
    assert_eq!(one, count(4));
}

/// The clock tells the first frame's time from the first item the sink
/// gets on, whatever the number of workers (mixed/all-four.pcap starts
/// with an ARP frame, which makes no item).
#[test]
fn the_clock_knows_the_first_frame_before_the_first_item() {
    for threads in [1, 2, 3] {
        let clock = Clock::default();
        let mut seen = Vec::new();
        let done = Pipeline::new("x", open("mixed/all-four.pcap"))
            .threads(threads)
            .clock(clock.clone())
            .run(Recorder::default, &mut |_: String, _: &[u8]| {
                seen.push(clock.first());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert!(!seen.is_empty());
        let first = done.summary.first;
        assert!(first.is_some());
        assert!(seen.iter().all(|t| *t == first), "{threads} workers");
        assert_eq!(clock.first(), first);
    }
}

/// A worker that counts the events it was given (in `made`, shared).
struct Counting {
    inner: Recorder,
    made: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Sink for Counting {
    fn event(&mut self, ev: Event<'_>) {
        self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.event(ev);
    }
    fn step(&mut self, seq: u64, slot: u32) {
        self.inner.step(seq, slot);
    }
}

impl Work for Counting {
    type Item = String;
    fn low(&mut self, next: u64) -> u64 {
        self.inner.low(next)
    }
    fn take(&mut self, into: &mut Items<String>) {
        self.inner.take(into);
    }
    fn finish(&mut self) {}
    fn pending(&self) -> usize {
        self.inner.pending()
    }
}

/// A sink slower than the workers holds the reading thread back (the
/// budget): while the sink sits on its first item, the workers make what
/// the budget holds, not the whole capture.
#[test]
fn a_slow_sink_holds_the_reading_thread_back() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let pcap = open_streams(10_000);
    let reader = || {
        let bytes = std::io::Cursor::new(pcap.clone());
        CaptureReader::from_reader("open.pcap", Box::new(bytes)).unwrap()
    };
    let total = reassembler(reader()).len();
    let made = Arc::new(AtomicUsize::new(0));
    let mut at_first = None;
    let mut seen = 0;
    Pipeline::new("-", reader())
        .threads(2)
        .round((16, 4 << 10))
        .budget(BUDGET)
        .run(
            || Counting {
                inner: Recorder::default(),
                made: made.clone(),
            },
            &mut |_: String, _: &[u8]| {
                if at_first.is_none() {
                    std::thread::sleep(std::time::Duration::from_millis(500));
                    at_first = Some(made.load(Ordering::Relaxed));
                }
                seen += 1;
                ControlFlow::Continue(())
            },
        )
        .unwrap();
    assert_eq!(seen, total);
    let ahead = at_first.unwrap();
    // An event's item weighs about 130 bytes (its key, its text and the
    // text's room). What the workers made ahead is what the budget lets
    // be in flight (half of it, 100 KB), each worker's chunk in the making
    // (12.5 KB, `chunk_for`) and a round: under 1 000 events (measured:
    // 40 to 100), of the 40 000.
    assert!(ahead < 1_500, "{ahead} of {total} events made ahead");
}

/// The budget of `a_slow_sink_holds_the_reading_thread_back`.
const BUDGET: usize = 200 << 10;

/// Items taken from a worker leave it room for as many again (its next
/// batch is made without growing), whether they were moved whole or
/// appended after others.
#[test]
fn taking_items_leaves_room_for_the_next_batch() {
    let made = || {
        let mut items = Items::default();
        for k in 0..100 {
            items.push(k, k);
        }
        items.bytes.extend_from_slice(&[7; 300]);
        items
    };
    let mut into = Items::default();
    let mut from = made();
    into.append(&mut from);
    assert_eq!((into.keyed.len(), into.bytes.len()), (100, 300));
    assert!(from.is_empty() && from.bytes.is_empty());
    assert!(from.keyed.capacity() >= 100 && from.bytes.capacity() >= 300);
    let mut from = made();
    into.append(&mut from);
    assert_eq!((into.keyed.len(), into.bytes.len()), (200, 600));
    assert!(from.keyed.capacity() >= 100 && from.bytes.capacity() >= 300);
}

/// A worker that makes a lot of each event: `FAN` items of `SIZE` bytes
/// each (a round of small packets that turns into many large records).
#[derive(Default)]
struct Fanning(Recorder);

const FAN: usize = 20;
const SIZE: usize = 1000;

impl Sink for Fanning {
    fn event(&mut self, ev: Event<'_>) {
        let text = format!("{ev:?}");
        for i in 0..FAN {
            let bytes = &mut self.0.items.bytes;
            let start = bytes.len();
            bytes.resize(start + SIZE, b'a' + (i % 26) as u8);
            self.0.items.push(self.0.key, format!("{start} {text}"));
        }
    }
    fn step(&mut self, seq: u64, slot: u32) {
        self.0.step(seq, slot);
    }
}

impl Work for Fanning {
    type Item = String;
    fn low(&mut self, next: u64) -> u64 {
        self.0.low(next)
    }
    fn take(&mut self, into: &mut Items<String>) {
        // Items name their bytes by their offset in the chunk.
        into.append(&mut self.0.items);
    }
    fn finish(&mut self) {}
    fn pending(&self) -> usize {
        self.0.pending()
    }
}

/// However much a worker makes of a round, what is in flight stays within
/// the budget (and spares within as much again, half of it each): the
/// workers hand their items on by the chunk and wait, also in the middle
/// of a batch. The sink is slow (a millisecond every ten items), the
/// items twenty times the packets' size.
#[test]
fn what_is_in_flight_stays_within_the_budget() {
    const BUDGET: usize = 2 << 20;
    let pcap = open_streams(500);
    let reader = || {
        let bytes = std::io::Cursor::new(pcap.clone());
        CaptureReader::from_reader("open.pcap", Box::new(bytes)).unwrap()
    };
    let mut n = 0;
    let done = Pipeline::new("-", reader())
        .threads(2)
        .budget(BUDGET)
        .run(Fanning::default, &mut |_: String, bytes: &[u8]| {
            assert!(!bytes.is_empty());
            n += 1;
            if n % 10 == 0 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(n, reassembler(reader()).len() * FAN);
    // Made in all: 20 MB. In flight at most: half the budget, a chunk
    // and an item more per worker and a round (`budget`'s docs), spares
    // the other half: about 1.1 x the budget; the bound keeps a quarter
    // of room above it.
    let most = done.in_flight as f64 / BUDGET as f64;
    eprintln!("in flight at most: {most:.2} x the budget");
    assert!(most > 0.25 && most < 1.4, "{most:.2} x the budget");
}
