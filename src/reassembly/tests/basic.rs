//! In-order and out-of-order delivery, retransmissions, conflicts, keep-alives.

use super::harness::*;
use crate::capture::Timestamp;
use crate::link::{TcpFlags, TcpSegment};
use crate::reassembly::Direction::{C2S, S2C};
use crate::reassembly::*;

const CI: u32 = 1000;
const SI: u32 = 5000;

/// Client sequence number of client stream offset `o`.
fn cs(o: u32) -> u32 {
    CI + 1 + o
}

/// Server sequence number of server stream offset `o`.
fn ss(o: u32) -> u32 {
    SI + 1 + o
}

#[test]
fn in_order_both_ways_then_fin_and_late_ack() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK | PSH, b"hello ");
    h.c(cs(6), ss(0), ACK | PSH, b"world");
    h.s(ss(0), cs(11), ACK | PSH, b"HTTP");
    h.c(cs(11), ss(4), FIN | ACK, b"");
    h.s(ss(4), cs(12), FIN | ACK, b"");

    assert_eq!(h.starts(), vec![0]);
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("hello "), 4), (6, b("world"), 5)]
    );
    assert_eq!(h.datas(0, S2C), vec![(0, b("HTTP"), 6)]);
    assert_eq!(h.ends(), vec![(0, EndReason::Fin, 8)]);
    assert_eq!(h.rec.events.len(), 5);
    let info = h.end_info(0);
    assert_eq!(info.client, addr(C));
    assert_eq!(info.server, addr(S));
    assert!(info.roles_from_handshake);
    assert_eq!((info.first_frame, info.last_frame), (1, 8));
    // Client: SYN, ACK, 2 data, FIN. Server: SYN-ACK, data, FIN.
    assert_eq!(info.dirs, [dir_stats(5, 11, 11), dir_stats(3, 4, 4)]);

    // The last ACK belongs to the ended stream: counted, no event.
    h.c(cs(12), ss(5), ACK, b"");
    assert_eq!(h.rec.events.len(), 5);
    let live = h.table_info(C, S);
    assert_eq!((live.id, live.dirs[0].packets, live.last_frame), (0, 6, 9));
    h.finish();
    assert_eq!(h.rec.events.len(), 5, "no second End");
    assert_eq!((h.r.stats().segments, h.r.stats().streams), (9, 1));
}

#[test]
fn in_order_data_is_delivered_straight_from_the_segment() {
    let mut r = Reassembler::new(Config::default());
    let ts = Timestamp::new(1, 0);
    let payload = b"no copy".to_vec();
    let mut seen = Vec::new();
    let mut sink = |ev: Event<'_>| {
        if let Event::Data { bytes, .. } = ev {
            seen.push((bytes.as_ptr() as usize, bytes.len()));
        }
    };
    let mk = |seq, flags, payload| TcpSegment {
        src: addr(C),
        dst: addr(S),
        seq,
        ack: 0,
        flags: TcpFlags(flags),
        window: 1,
        payload,
        missing: 0,
    };
    r.process(1, ts, &mk(CI, SYN, b""), &mut sink);
    r.process(2, ts, &mk(cs(0), ACK, &payload), &mut sink);
    assert_eq!(seen, vec![(payload.as_ptr() as usize, 7)]);
}

#[test]
fn out_of_order_segments_wait_for_the_hole() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(5), ss(0), ACK, b"fghij");
    h.c(cs(10), ss(0), ACK, b"klmno");
    assert_eq!(h.datas(0, C2S), vec![]);
    h.c(cs(0), ss(0), ACK, b"abcde");
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 6), (5, b("fghij"), 4), (10, b("klmno"), 5)]
    );
    h.finish();
    assert_eq!(h.gaps(0, C2S), vec![]);
    assert_eq!(h.end_info(0).dirs[0], dir_stats(5, 15, 15));
}

#[test]
fn exact_retransmissions_are_dropped_and_counted() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(0), ss(0), ACK, b"abcde"); // of delivered bytes
    h.c(cs(10), ss(0), ACK, b"klmno");
    h.c(cs(10), ss(0), ACK, b"klmno"); // of buffered bytes
    h.c(cs(5), ss(0), ACK, b"fghij");
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 4), (5, b("fghij"), 8), (10, b("klmno"), 6)]
    );
    h.finish();
    let expect = DirStats {
        retransmissions: 2,
        ..dir_stats(7, 25, 15)
    };
    assert_eq!(h.end_info(0).dirs[0], expect);
    assert_eq!(h.conflicts(), vec![]);
}

#[test]
fn partial_overlaps_are_trimmed_around_known_bytes() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), ACK, b"klmno");
    // [3, 18): [3,5) delivered, [5,10) new, [10,15) buffered, [15,18) new.
    h.c(cs(3), ss(0), ACK, b"defghijklmnopqr");
    assert_eq!(
        h.datas(0, C2S),
        vec![
            (0, b("abcde"), 4),
            (5, b("fghij"), 6),
            (10, b("klmno"), 5),
            (15, b("pqr"), 6)
        ]
    );
    h.finish();
    let expect = DirStats {
        retransmissions: 1,
        ..dir_stats(5, 25, 18)
    };
    assert_eq!(h.end_info(0).dirs[0], expect);
    assert_eq!(h.conflicts(), vec![]);
}

#[test]
fn differing_overlaps_are_conflicts_and_the_first_copy_wins() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcdefgh");
    // Against delivered bytes: differs at offset 4.
    let f5 = h.c(cs(2), ss(0), ACK, b"cdXfg");
    assert_eq!(h.conflicts(), vec![(0, C2S, 4, 5, f5)]);
    // Against buffered bytes [20, 25): differs at 22; [18,20) and 25 are new.
    h.c(cs(20), ss(0), ACK, b"uvwxy");
    let f7 = h.c(cs(18), ss(0), ACK, b"stuvQxyz");
    assert_eq!(h.conflicts()[1], (0, C2S, 22, 5, f7));
    // Spanning both delivered and buffered bytes: the first difference wins.
    let f8 = h.c(cs(6), ss(0), ACK, b"gZijklmnopqrstuvwxyY");
    assert_eq!(h.conflicts()[2], (0, C2S, 7, 10, f8));
    assert_eq!(h.data(0, C2S), b("abcdefghijklmnopqrstuvwxyz"));
    h.finish();
    let st = h.end_info(0).dirs[0];
    assert_eq!((st.conflicts, st.retransmissions, st.delivered), (3, 3, 26));
}

#[test]
fn only_retained_bytes_can_be_compared() {
    let mut h = H::with(Config {
        retain_per_dir: 4,
        ..Config::default()
    });
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"0123456789"); // retains "6789"
    h.c(cs(0), ss(0), ACK, b"XXXX"); // older than the tail: not compared
    assert_eq!(h.conflicts(), vec![]);
    // Offsets 4, 5 differ but are not retained; 7 differs and is.
    let f6 = h.c(cs(4), ss(0), ACK, b"AB6Z");
    assert_eq!(h.conflicts(), vec![(0, C2S, 7, 4, f6)]);
    h.finish();
    let st = h.end_info(0).dirs[0];
    assert_eq!((st.conflicts, st.retransmissions), (1, 2));
}

#[test]
fn keepalives_are_dropped_and_counted() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abc");
    h.c(cs(2), ss(0), ACK, b""); // seq = next - 1, no byte
    h.c(cs(2), ss(0), ACK, b"Z"); // seq = next - 1, one garbage byte
    h.c(cs(3), ss(0), ACK, b""); // a plain ACK
    h.c(cs(1), ss(0), ACK, b""); // an old empty segment: nothing
    h.c(cs(3), ss(0), ACK, b"d"); // one byte at next: data (window probe)
    assert_eq!(h.data(0, C2S), b("abcd"));
    h.finish();
    let expect = DirStats {
        keepalives: 2,
        ..dir_stats(8, 5, 4)
    };
    assert_eq!(h.end_info(0).dirs[0], expect);
    assert_eq!(h.conflicts(), vec![]);
}

#[test]
fn syn_and_fin_take_one_sequence_number_each_even_with_data() {
    let mut h = H::new();
    h.c(CI, 0, SYN, b"syn-data"); // TCP Fast Open: data after the SYN
    h.s(SI, cs(8), SYN | ACK, b"");
    // A FIN carrying data arrives before the data preceding it.
    h.c(cs(11), ss(0), FIN | ACK | PSH, b"end");
    h.c(cs(8), ss(0), ACK, b"mid");
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("syn-data"), 1), (8, b("mid"), 4), (11, b("end"), 3)]
    );
    // Bytes past the FIN are ignored; the server's FIN ends the stream.
    h.c(cs(14), ss(0), ACK, b"after");
    h.s(ss(0), cs(15), FIN | ACK, b"");
    assert_eq!(h.ends(), vec![(0, EndReason::Fin, 6)]);
    assert_eq!(h.data(0, C2S), b("syn-datamidend"));
    assert_eq!(h.gaps(0, C2S), vec![]);
}
