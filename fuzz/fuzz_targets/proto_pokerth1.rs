//! The PokerTH 1.x decoder (protobuf through prost-reflect): framing then
//! decoding of every message framed out of the input, in both directions.
#![no_main]

use cardshark::protocols::ProtocolId;
use libfuzzer_sys::fuzz_target;

#[path = "common/proto.rs"]
mod proto;

fuzz_target!(|data: &[u8]| proto::run(ProtocolId::PokerTh1, data));
