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
