//! Random bytes never panic framing, decoding or probing.

use super::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn random_bytes_never_panic(buf in proptest::collection::vec(any::<u8>(), 0..700)) {
        let _ = probe(Direction::C2S, &buf);
        let _ = probe(Direction::S2C, &buf);
        let mut dec = Decoder::new();
        let _ = dec.decode(Direction::S2C, &buf);
        if let Framing::Message(n) = frame(None, Direction::C2S, &buf) {
            prop_assert!(n <= buf.len());
            let d = dec.decode(Direction::C2S, &buf[..n]);
            prop_assert!(d.error.is_none());
            let _ = d.fields.summary();
        }
    }

    #[test]
    fn any_payload_of_a_known_type_decodes(t in 1u32..=15, body in proptest::collection::vec(any::<u8>(), 335)) {
        let mut buf = t.to_be_bytes().to_vec();
        buf.extend_from_slice(&body);
        let Framing::Message(n) = frame(None, Direction::C2S, &buf) else { panic!("type {t} does not frame") };
        let d = Decoder::new().decode(Direction::S2C, &buf[..n]);
        prop_assert_eq!(d.error, None);
        prop_assert_eq!(d.type_id, t);
        let _ = serde_json::to_string(&d.fields).unwrap();
        let _ = d.fields.summary();
    }
}
