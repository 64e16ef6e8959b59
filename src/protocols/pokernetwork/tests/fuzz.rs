//! Random bytes never panic the probe, the framing or the decoder.

use super::packet3;
use crate::protocols::pokernetwork::framing::{self, LengthConvention};
use crate::protocols::pokernetwork::parsing::pyliteral;
use crate::protocols::pokernetwork::{probe, Decoder};
use crate::protocols::{Framing, StreamDecoder};
use crate::reassembly::Direction::{C2S, S2C};
use proptest::prelude::*;

/// Frames and decodes all of `buf`, skipping a byte where nothing frames.
fn drain(d: &mut Decoder, mut buf: &[u8]) {
    while !buf.is_empty() {
        match d.frame(S2C, buf) {
            Framing::Message(n) => {
                assert!(n > 0 && n <= buf.len());
                let m = d.decode(S2C, &buf[..n]);
                let _ = serde_json::to_string(&m.fields).unwrap();
                let _ = m.fields.summary();
                buf = &buf[n..];
            }
            Framing::NeedMore(n) => {
                assert!(n > buf.len());
                break;
            }
            Framing::Invalid(_) => buf = &buf[1..],
        }
    }
}

proptest! {
    #[test]
    fn random_bytes_never_panic(buf in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = probe(C2S, &buf);
        for conv in LengthConvention::ALL {
            let _ = framing::frame_as(conv, &buf);
            let _ = framing::run(conv, &buf, 8);
        }
        drain(&mut Decoder::new(), &buf);
        // Every type byte, with the random bytes as its payload.
        let mut d = Decoder::new();
        d.decode(C2S, b"CGI 003.000\n");
        let t = buf.first().copied().unwrap_or(0);
        let p = packet3(t, buf.get(1..).unwrap_or_default());
        let m = d.decode(S2C, &p);
        prop_assert!(m.error.is_some() || m.type_id == u32::from(t));
    }

    #[test]
    fn random_payloads_of_every_class_never_panic(
        t in any::<u8>(),
        payload in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let mut d = Decoder::new();
        d.decode(C2S, b"CGI 003.000\n");
        let _ = d.decode(S2C, &packet3(t, &payload));
        let _ = probe(S2C, &packet3(t, &payload));
    }

    #[test]
    fn random_text_never_panics_the_literal_grammar(s in "[\\[\\](){}:,'\"\\\\a-zA-Z0-9. uLx-]{0,80}") {
        let _ = pyliteral::parse(&s);
    }
}
