//! The whole back of the pipeline: the reassembler driven by segments read
//! from the input (the `reassembly` target's format: `flags (u8), endpoint
//! pair (u8), seq (u32 BE), ack (u32 BE), time step (u8), payload length
//! (u8), payload`), its events through detection and decoding (the decode
//! stage, with its reorder buffer), and every record written as JSON and
//! as a table summary, with small caps so that the limits are reached.
#![no_main]

use cardshark::capture::Timestamp;
use cardshark::decode::{DecodeConfig, DecodeStage, Record, RecordSink, StreamReport};
use cardshark::link::{TcpFlags, TcpSegment};
use cardshark::output::records::{summary, JsonWriter};
use cardshark::reassembly::{Config, Reassembler};
use libfuzzer_sys::fuzz_target;
use std::net::SocketAddr;

/// Writes every record, as `decode --format jsonl` and the table do.
struct Writer {
    json: JsonWriter,
    out: Vec<u8>,
}

impl RecordSink for Writer {
    fn record(&mut self, r: Record) {
        self.out.clear();
        self.json.append(&mut self.out, &r).expect("writing to memory");
        let _ = summary(&r);
    }
    fn stream_done(&mut self, report: &StreamReport) {
        let _ = format!("{report:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let config = Config {
        max_buffered_per_dir: 2048,
        max_flows: 3,
        idle_timeout: Some(30.0),
        retain_per_dir: 1024,
    };
    let mut r = Reassembler::new(config);
    let mut stage = DecodeStage::new(
        DecodeConfig::default(),
        Writer {
            json: JsonWriter::new(),
            out: Vec::new(),
        },
    );
    // Servers on each protocol's usual port (ports break detection ties).
    let hosts: [SocketAddr; 4] = [
        "10.0.0.1:40000".parse().unwrap(),
        "10.0.0.2:7234".parse().unwrap(),
        "10.0.0.3:13500".parse().unwrap(),
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
        r.process(frame, Timestamp::new(secs, 0), &seg, &mut stage);
    }
    r.finish(&mut stage);
    let _ = stage.into_sink();
});
