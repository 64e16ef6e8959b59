//! The whole back of the pipeline: the reassembler driven by segments read
//! from the input (the `reassembly` target's format: `flags (u8), endpoint
//! pair (u8), seq (u32 BE), ack (u32 BE), time step (u8), payload length
//! (u8), payload`), its events through detection and decoding (the decode
//! stage, with its reorder buffer), and every record written as JSON and
//! as a table summary, with small caps so that the limits are reached.
#![no_main]

#[path = "segments.rs"]
mod segments;

use cardshark::decode::{DecodeConfig, DecodeStage, Record, RecordSink, StreamReport};
use cardshark::output::records::{JsonWriter, Summaries};
use cardshark::reassembly::{Config, Reassembler};
use libfuzzer_sys::fuzz_target;
use std::net::SocketAddr;

/// Writes every record, as `decode --format jsonl` and the table do.
struct Writer {
    json: JsonWriter,
    out: Vec<u8>,
    /// The players' names each stream told, for the summaries.
    summaries: Summaries,
}

impl RecordSink for Writer {
    fn record(&mut self, r: Record) {
        self.out.clear();
        self.json.append(&mut self.out, &r).expect("writing to memory");
        self.summaries.see(&r);
        let _ = self.summaries.summary(&r);
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
            summaries: Summaries::new(),
        },
    );
    // Servers on each protocol's usual port (ports break detection ties).
    let hosts: [SocketAddr; 4] = [
        "10.0.0.1:40000".parse().unwrap(),
        "10.0.0.2:7234".parse().unwrap(),
        "10.0.0.3:13500".parse().unwrap(),
        "[fe80::1]:19380".parse().unwrap(),
    ];
    segments::each(data, &hosts, |frame, ts, seg| r.process(frame, ts, seg, &mut stage));
    r.finish(&mut stage);
    let _ = stage.into_sink();
});
