//! Random bytes never panic framing, decoding or probing.

use super::*;
use proptest::prelude::*;

fn all_decoders() -> [Decoder; 3] {
    [
        Decoder::new(),
        Decoder::with_dialect(Dialect::PokerTh),
        Decoder::with_dialect(Dialect::PokerTh2007),
    ]
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for mut dec in all_decoders() {
            let mut rest = &bytes[..];
            while let Framing::Message(n) = dec.frame(C2S, rest) {
                prop_assert!(n >= 8 && n <= rest.len());
                let d = dec.decode(C2S, &rest[..n]);
                let _ = serde_json::to_string(&d).unwrap();
                let _ = d.fields.summary();
                rest = &rest[n..];
            }
            // decode is also safe on bytes framing would refuse.
            let d = dec.decode(S2C, &bytes);
            let _ = d.fields.summary();
        }
        let _ = probe(C2S, &bytes);
    }

    #[test]
    fn any_body_of_a_known_type_never_panics(
        idx in 0usize..66,
        body in proptest::collection::vec(any::<u8>(), 4..340),
    ) {
        let spec = TYPES.iter().chain(TYPES_2007.iter()).nth(idx).unwrap();
        let m = msg(spec.id, &body);
        for mut dec in all_decoders() {
            if let Framing::Message(n) = dec.frame(C2S, &m) {
                prop_assert_eq!(n, m.len());
                let d = dec.decode(C2S, &m);
                prop_assert!(d.error.is_some() || matches!(d.fields, Fields::PokerTh(_)));
                let _ = serde_json::to_string(&d).unwrap();
            }
        }
        let p = probe(S2C, &m);
        prop_assert!(!matches!(p, Probe::Mine(c) if c > 95));
    }

    #[test]
    fn random_bytes_are_never_claimed_with_confidence(
        bytes in proptest::collection::vec(any::<u8>(), 8..400),
    ) {
        prop_assert!(!matches!(probe(C2S, &bytes), Probe::Mine(c) if c >= 50));
    }
}
