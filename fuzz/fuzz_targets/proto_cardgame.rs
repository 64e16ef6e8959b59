//! The cardgame decoder: framing then decoding of every message framed out of
//! the input, in both directions.
#![no_main]

use cardshark::protocols::ProtocolId;
use libfuzzer_sys::fuzz_target;

#[path = "common/proto.rs"]
mod proto;

fuzz_target!(|data: &[u8]| proto::run(ProtocolId::CardGame, data));
