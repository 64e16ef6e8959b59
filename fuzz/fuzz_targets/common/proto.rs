//! Shared by the protocol targets: frame and decode messages out of the
//! input as a stream decoder would, in both directions (decode is only
//! ever given what framing delimited).

use cardshark::protocols::{new_decoder, Framing, ProtocolId};
use cardshark::reassembly::Direction;

pub fn run(id: ProtocolId, data: &[u8]) {
    for dir in [Direction::C2S, Direction::S2C] {
        let mut dec = new_decoder(id);
        let mut rest = data;
        loop {
            match dec.frame(dir, rest) {
                Framing::Message(n) => {
                    assert!(n > 0 && n <= rest.len(), "framed {n} of {}", rest.len());
                    let d = dec.decode(dir, &rest[..n]);
                    let _ = d.fields.summary();
                    rest = &rest[n..];
                }
                // Skip a byte, as decoding resynchronises.
                Framing::Invalid(_) if !rest.is_empty() => rest = &rest[1..],
                _ => break,
            }
        }
    }
}
