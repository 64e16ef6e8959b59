//! The TCP reassembler driven by segments read from the input, each
//! `flags (u8), endpoint pair (u8), seq (u32 BE), ack (u32 BE), time step
//! (u8), payload length (u8), payload`, with small caps so that the limits
//! are reached.
#![no_main]

#[path = "segments.rs"]
mod segments;

use cardshark::reassembly::{Config, Event, Reassembler};
use libfuzzer_sys::fuzz_target;
use std::net::SocketAddr;

fuzz_target!(|data: &[u8]| {
    let config = Config {
        max_buffered_per_dir: 2048,
        max_flows: 3,
        idle_timeout: Some(30.0),
        retain_per_dir: 1024,
    };
    let mut r = Reassembler::new(config);
    let mut events = 0u64;
    let mut sink = |_: Event<'_>| events += 1;
    let hosts: [SocketAddr; 4] = [
        "10.0.0.1:40000".parse().unwrap(),
        "10.0.0.2:7234".parse().unwrap(),
        "10.0.0.1:40001".parse().unwrap(),
        "[fe80::1]:19380".parse().unwrap(),
    ];
    segments::each(data, &hosts, |frame, ts, seg| r.process(frame, ts, seg, &mut sink));
    r.finish(&mut sink);
    let _ = r.stats();
});
