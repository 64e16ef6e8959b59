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
    let mut seen = Vec::new();
    let stop = AtomicBool::new(false);
    let reader = CaptureReader::open(p).unwrap();
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
