//! The probe: PokerTH 1.x from its first bytes, not other protocols' or
//! random bytes.

use super::*;
use crate::protocols::Probe;
use proptest::prelude::*;

const ANNOUNCE: &str = "080112120a040805100112040801100b180020012800";
const INIT: &str = "08021a0f0a0408051001100028023203626f62";

#[test]
fn announce_and_init_are_signatures() {
    assert_eq!(probe(Direction::S2C, &framed(ANNOUNCE)), Probe::Mine(97));
    assert_eq!(probe(C2S, &framed(INIT)), Probe::Mine(97));
    // Half a message: need more.
    let m = framed(INIT);
    assert_eq!(probe(C2S, &m[..10]), Probe::NeedMore);
    assert_eq!(probe(C2S, &m[..2]), Probe::NeedMore);
}

#[test]
fn mid_stream_runs_are_recognised() {
    let mut m = framed("082cea02110801100318042000281430d40738284028");
    m.extend(framed("082df202080801102c18072013"));
    m.extend(framed("08329a030a0801100218f00120bc0a"));
    assert!(matches!(probe(Direction::S2C, &m), Probe::Mine(c) if c >= 80));
}

#[test]
fn other_protocols_are_not_claimed() {
    // PokerTH 0.7 Init, a GLS event, poker-network's banner, text.
    for hex in [
        "0001002800000000",
        "000000010000000000000000",
        "4350502f322e30",
        "474554202f20485454502f312e310d0a",
    ] {
        let b = crate::protocols::testkit::unhex(hex);
        assert_eq!(probe(C2S, &b), Probe::NotMine, "{hex}");
    }
}

proptest! {
    #[test]
    fn random_bytes_never_panic(b in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = probe(C2S, &b);
        let mut dec = Decoder::new();
        if let Framing::Message(n) = dec.frame(C2S, &b) {
            let _ = dec.decode(C2S, &b[..n]);
        }
        // Any envelope body, framed: decoding never panics.
        let m = envelope(40, &b);
        let _ = dec.decode(C2S, &m);
    }
}
