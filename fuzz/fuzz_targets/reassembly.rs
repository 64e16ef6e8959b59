//! The TCP reassembler driven by segments read from the input, each
//! `flags (u8), endpoint pair (u8), seq (u32 BE), ack (u32 BE), time step
//! (u8), payload length (u8), payload`, with small caps so that the limits
//! are reached.
#![no_main]

use cardshark::capture::Timestamp;
use cardshark::link::{TcpFlags, TcpSegment};
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
    let mut rest = data;
    let mut frame = 0u64;
    let mut secs = 0i64;
    while rest.len() >= 12 {
        let flags = TcpFlags(rest[0]);
        let pair = rest[1];
        let seq = u32::from_be_bytes([rest[2], rest[3], rest[4], rest[5]]);
        let ack = u32::from_be_bytes([rest[6], rest[7], rest[8], rest[9]]);
        secs += i64::from(rest[10] % 64);
        let len = usize::from(rest[11]).min(rest.len() - 12);
        let payload = &rest[12..12 + len];
        rest = &rest[12 + len..];
        let (a, b) = (usize::from(pair & 3), usize::from((pair >> 2) & 3));
        let (src, dst) = if pair & 0x80 != 0 {
            (hosts[b], hosts[a])
        } else {
            (hosts[a], hosts[b])
        };
        frame += 1;
        let seg = TcpSegment {
            src,
            dst,
            seq,
            ack,
            flags,
            window: 1024,
            payload,
            missing: u32::from(pair >> 4 & 7) * 100,
        };
        r.process(frame, Timestamp::new(secs, 0), &seg, &mut sink);
    }
    r.finish(&mut sink);
    let _ = r.stats();
});
