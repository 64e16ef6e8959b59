//! Random bytes never panic framing, decoding or probing.

use super::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn random_bytes_never_panic(buf in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = probe(Direction::C2S, &buf);
        let _ = probe(Direction::S2C, &buf);
        let mut dec = Decoder::new();
        let _ = dec.decode(Direction::S2C, &buf);
        let mut pos = 0;
        while let Framing::Message(n) = frame(None, Direction::C2S, &buf[pos..]) {
            prop_assert!(n >= 1 && pos + n <= buf.len());
            let d = dec.decode(Direction::S2C, &buf[pos..pos + n]);
            prop_assert!(d.error.is_none());
            let _ = serde_json::to_string(&d.fields).unwrap();
            let _ = d.fields.summary();
            pos += n;
        }
    }

    #[test]
    fn server_runs_of_valid_shapes_decode(ops in proptest::collection::vec((0usize..11, any::<[u8; 3]>(), proptest::collection::vec(any::<u8>(), 0..300)), 1..20)) {
        const OPS: [u8; 11] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0x81];
        let mut stream = Vec::new();
        for (i, bytes, text) in &ops {
            let op = OPS[*i];
            stream.push(op);
            if op == 0x0a {
                stream.extend_from_slice(bytes);
                stream.extend_from_slice(&[0, 0]);
                let len = text.len();
                if len < 128 {
                    stream.push(len as u8);
                } else {
                    stream.extend_from_slice(&((len + 32640) as u16).to_be_bytes());
                }
                stream.extend_from_slice(text);
            } else {
                let n = super::super::framing::fixed_len(op).unwrap() - 1;
                stream.extend_from_slice(&bytes[..n]);
            }
        }
        let mut dec = Decoder::new();
        let mut pos = 0;
        let mut count = 0;
        while pos < stream.len() {
            let Framing::Message(n) = frame(None, Direction::C2S, &stream[pos..]) else { panic!("no frame at {pos}") };
            let d = dec.decode(Direction::S2C, &stream[pos..pos + n]);
            prop_assert_eq!(d.error, None);
            prop_assert_eq!(d.type_id, u32::from(OPS[ops[count].0]));
            pos += n;
            count += 1;
        }
        prop_assert_eq!(count, ops.len());
    }
}
