//! Shared by the protocol targets: frame and decode messages out of the
//! input as a stream decoder would, in both directions (decode is only
//! ever given what framing delimited), and find each message's field
//! spans as the detail view does (they lie inside the message).

use cardshark::protocols::{field_spans, new_decoder, Framing, ProtocolId};
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
                    for s in field_spans(id, dec.dialect(), dir, &rest[..n], false) {
                        assert!(s.start <= s.end && s.end <= n, "{s:?} of {n} bytes");
                    }
                    rest = &rest[n..];
                }
                // Skip a byte, as decoding resynchronises.
                Framing::Invalid(_) if !rest.is_empty() => rest = &rest[1..],
                _ => break,
            }
        }
    }
}
