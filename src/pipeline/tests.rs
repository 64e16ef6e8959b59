//! The threaded passes hand the sink exactly what the one-thread pass does.

use super::*;
use crate::reassembly::Event;
use std::sync::atomic::AtomicBool;

/// Every event of a pass, written out (bytes included).
fn events(run: impl FnOnce(&mut dyn FnMut(Event<'_>))) -> Vec<String> {
    let mut seen = Vec::new();
    run(&mut |ev: Event<'_>| seen.push(format!("{ev:?}")));
    seen
}

/// The events of the one-thread pass over `p`.
fn one_thread(p: &str) -> Vec<String> {
    events(|sink| {
        let reader = CaptureReader::open(p).unwrap();
        run_reader(
            p,
            reader,
            Config::default(),
            &mut &mut *sink,
            &Cell::new(false),
        )
        .unwrap();
    })
}

fn path(name: &str) -> String {
    format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Captures with loss, retransmissions, IPv6, pcapng, four protocols.
const CAPTURES: &[&str] = &[
    "realcap/lossy-v4.pcap",
    "realcap/ipv6.pcap",
    "realcap/sll2-pcapng.pcapng",
    "mixed/all-four.pcap",
];

#[test]
fn reading_on_a_second_thread_changes_nothing() {
    for name in CAPTURES {
        let p = path(name);
        let one = one_thread(&p);
        let two = events(|sink| {
            let reader = CaptureReader::open(&p).unwrap();
            run_file(
                &p,
                reader,
                Config::default(),
                &mut &mut *sink,
                &Cell::new(false),
            )
            .unwrap();
        });
        assert!(one.len() > 10, "{name}: {} events", one.len());
        assert_eq!(one, two, "{name}");
    }
}

#[test]
fn the_sink_on_a_third_thread_sees_the_same_events() {
    for name in CAPTURES {
        let p = path(name);
        let one = one_thread(&p);
        let mut three = Vec::new();
        let reader = CaptureReader::open(&p).unwrap();
        let mut sink = |ev: Event<'_>| three.push(format!("{ev:?}"));
        run_file_split(
            &p,
            reader,
            Config::default(),
            &mut sink,
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(one, three, "{name}");
    }
}

/// The events of the split pass over `p` with batches of `limits`; the
/// sink sets the stop flag after `stop_after` events.
fn split(p: &str, limits: Limits, stop_after: usize) -> Vec<String> {
    split_reader(p, CaptureReader::open(p).unwrap(), limits, stop_after)
}

/// [`split`] on a reader already opened.
fn split_reader(p: &str, reader: CaptureReader, limits: Limits, stop_after: usize) -> Vec<String> {
    let mut seen = Vec::new();
    let stop = AtomicBool::new(false);
    let mut sink = |ev: Event<'_>| {
        seen.push(format!("{ev:?}"));
        if seen.len() >= stop_after {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    workers::run_with(p, reader, Config::default(), &mut sink, &stop, limits).unwrap();
    seen
}

/// Batches of one to a few segments (and a few bytes) make the two
/// threads hand work to each other thousands of times, in every order.
#[test]
fn tiny_batches_on_two_threads_change_nothing() {
    for name in CAPTURES {
        let p = path(name);
        let one = one_thread(&p);
        for (items, bytes) in [(1, 1 << 20), (2, 100), (3, 1), (7, 512)] {
            let got = split(&p, Limits { items, bytes }, usize::MAX);
            assert_eq!(one, got, "{name}: batches of {items} or {bytes} bytes");
        }
    }
}

/// A sink that asks to stop gets no more segments' events, but every
/// stream still ends (`End` and `Closed` for each stream started).
#[test]
fn a_stop_ends_every_stream_and_reads_no_further() {
    let p = path("mixed/all-four.pcap");
    let one = one_thread(&p);
    let got = split(
        &p,
        Limits {
            items: 4,
            bytes: 1 << 20,
        },
        40,
    );
    assert!(got.len() < one.len(), "{} of {}", got.len(), one.len());
    let count = |prefix: &str| got.iter().filter(|e| e.starts_with(prefix)).count();
    assert!(count("Start") > 0);
    assert_eq!(count("Start"), count("Closed"));
    // Up to the stop, and a batch more, the events are the full pass's.
    let same = got.iter().zip(&one).take_while(|(a, b)| a == b).count();
    assert!(same >= 40, "{same}");
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

/// The end of the capture ends 300 streams at once: 600 events, in
/// batches of one to three, far more than the queue to the sink holds.
/// The reassembling thread then hands batches to the sink itself, and the
/// sink still sees every event in order.
#[test]
fn a_burst_of_stream_ends_reaches_the_sink_in_order() {
    let pcap = open_streams(300);
    let reader = || {
        let bytes = std::io::Cursor::new(pcap.clone());
        CaptureReader::from_reader("open.pcap", Box::new(bytes)).unwrap()
    };
    let one = events(|sink| {
        let stop = Cell::new(false);
        run_reader(
            "open.pcap",
            reader(),
            Config::default(),
            &mut &mut *sink,
            &stop,
        )
        .unwrap();
    });
    let ends = one.iter().filter(|e| e.starts_with("End")).count();
    assert_eq!(ends, 300);
    for items in [1, 3] {
        let limits = Limits {
            items,
            bytes: 1 << 20,
        };
        let got = split_reader("open.pcap", reader(), limits, usize::MAX);
        assert_eq!(one, got, "batches of {items}");
    }
}
