//! `inspect`'s sink, a worker's side of the pass: the decode stage, and a
//! row made of each stream as it leaves the flow table.

use super::rows::{Decoding, Row};
use cardshark::decode::{DecodeConfig, DecodeStage, Record, RecordSink, StreamReport};
use cardshark::pipeline::{Items, Work};
use cardshark::reassembly::{EndReason, Event, Sink};
use std::collections::HashMap;

/// Keeps what the decode stage says of each stream; records are not needed.
#[derive(Default)]
pub(super) struct Reports(HashMap<u64, Decoding>);

impl RecordSink for Reports {
    fn record(&mut self, _r: Record) {}
    fn stream_done(&mut self, report: &StreamReport) {
        self.0.insert(report.info.id, Decoding::of(report));
    }
}

/// A worker's part of the pass: the decode stage, and the rows made as
/// streams leave the flow table.
pub(super) struct Collect {
    stage: DecodeStage<Reports>,
    /// The end reason comes with End (and the decode stage's report right
    /// after it); the final counts, late packets such as the last ACK
    /// included, with Closed, once the flow leaves the table.
    reasons: HashMap<u64, EndReason>,
    rows: Items<Row>,
    key: u64,
}

impl Collect {
    /// A worker's part, its decode stage configured by `config`.
    pub(super) fn new(config: DecodeConfig) -> Self {
        Collect {
            stage: DecodeStage::new(config, Reports::default()),
            reasons: HashMap::new(),
            rows: Items::default(),
            key: 0,
        }
    }
}

impl Sink for Collect {
    fn warm(&self, slot: u32) {
        self.stage.warm(slot);
    }

    fn step(&mut self, seq: u64, slot: u32) {
        self.key = seq * 2;
        self.stage.step(seq, slot);
    }

    fn event(&mut self, ev: Event<'_>) {
        let closed = match &ev {
            Event::End { info, reason, .. } => {
                self.reasons.insert(info.id, *reason);
                None
            }
            Event::Closed(info) => Some((*info).clone()),
            _ => None,
        };
        self.stage.event(ev);
        let Some(info) = closed else { return };
        let decoding = self.stage.sink_mut().0.remove(&info.id);
        let reason = self.reasons.remove(&info.id).unwrap_or(EndReason::Eof);
        let row = Row {
            info,
            reason,
            decoding,
        };
        self.rows.push(self.key, row);
    }
}

impl Work for Collect {
    type Item = Row;
    fn low(&mut self, next: u64) -> u64 {
        self.stage.low(next)
    }
    fn take(&mut self, into: &mut Items<Row>) {
        into.append(&mut self.rows);
    }
    fn finish(&mut self) {
        self.stage.flush();
    }
}
