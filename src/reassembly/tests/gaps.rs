//! Gaps: acknowledged but unseen bytes, buffer cap, closing with holes,
//! snaplen truncation.

use super::harness::*;
use crate::reassembly::Direction::{C2S, S2C};
use crate::reassembly::GapReason::{AckedUnseen, BufferFull, Closed, Truncated};
use crate::reassembly::*;

const CI: u32 = 7_000;
const SI: u32 = 9_000;

fn cs(o: u32) -> u32 {
    CI + 1 + o
}

fn ss(o: u32) -> u32 {
    SI + 1 + o
}

#[test]
fn ack_past_holes_gives_gaps_up_to_each_buffered_segment() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), ACK, b"klmno");
    h.c(cs(20), ss(0), ACK, b"uvwxy");
    assert_eq!(h.gaps(0, C2S), vec![]);
    let f7 = h.s(ss(0), cs(25), ACK, b"");
    assert_eq!(
        h.gaps(0, C2S),
        vec![(5, 5, AckedUnseen, f7), (15, 5, AckedUnseen, f7)]
    );
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 4), (10, b("klmno"), 5), (20, b("uvwxy"), 6)]
    );
    h.finish();
    let st = h.end_info(0).dirs[0];
    assert_eq!((st.gaps, st.gap_bytes, st.delivered), (2, 10, 15));
}

#[test]
fn ack_inside_a_hole_gives_a_gap_up_to_the_ack_only() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), ACK, b"klmno");
    let f6 = h.s(ss(0), cs(7), ACK, b"");
    assert_eq!(h.gaps(0, C2S), vec![(5, 2, AckedUnseen, f6)]);
    assert_eq!(h.datas(0, C2S).len(), 1);
    // The rest of the hole still arrives: [5,7) is behind us, [7,10) is new.
    let f7 = h.c(cs(5), ss(0), ACK, b"fghij");
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 4), (7, b("hij"), f7), (10, b("klmno"), 5)]
    );
    h.finish();
    assert_eq!(h.end_info(0).dirs[0].retransmissions, 1);
}

#[test]
fn ack_with_nothing_buffered_gives_a_gap_up_to_the_ack() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    let f5 = h.s(ss(0), cs(9), ACK, b"");
    assert_eq!(h.gaps(0, C2S), vec![(5, 4, AckedUnseen, f5)]);
    h.c(cs(9), ss(0), ACK, b"jkl");
    h.c(cs(5), ss(0), ACK, b"fghi"); // too late: dropped
    h.s(ss(0), cs(9), ACK, b""); // duplicate ACK: nothing
    assert_eq!(h.data(0, C2S), b("abcdejkl"));
    assert_eq!(h.gaps(0, C2S).len(), 1);
    h.finish();
    let st = h.end_info(0).dirs[0];
    assert_eq!(
        (st.gaps, st.gap_bytes, st.delivered, st.retransmissions),
        (1, 4, 8, 1)
    );
}

#[test]
fn ack_of_a_fin_covers_the_bytes_before_it_only() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), FIN | ACK, b""); // FIN at offset 10
    let f6 = h.s(ss(0), cs(11), ACK, b"");
    assert_eq!(h.gaps(0, C2S), vec![(5, 5, AckedUnseen, f6)]);
    assert_eq!(h.ends(), vec![]);
    let f7 = h.s(ss(0), cs(11), FIN | ACK, b"");
    assert_eq!(h.ends(), vec![(0, EndReason::Fin, f7)]);
    assert_eq!(h.gaps(0, C2S).len(), 1);
    assert_eq!(h.gaps(0, S2C), vec![]);
}

#[test]
fn ack_for_a_direction_never_seen_is_ignored() {
    let mut h = H::new();
    // Mid-connection: the server acknowledges client bytes before any
    // client segment was seen; the client stream starts at its first one.
    h.s(ss(0), cs(100), ACK, b"");
    let f2 = h.c(cs(50), ss(0), ACK, b"xyz");
    assert_eq!(h.datas(0, C2S), vec![(0, b("xyz"), f2)]);
    assert_eq!(h.gaps(0, C2S), vec![]);
}

#[test]
fn the_cap_of_all_connections_makes_the_one_that_grows_give_up() {
    const C2: &str = "10.0.0.3:40001";
    let mut h = H::with(Config {
        max_buffered_total: 20,
        ..Config::default()
    });
    h.handshake(CI, SI);
    h.seg(C2, S, CI, 0, SYN, b"", 0);
    h.seg(S, C2, SI, cs(0), SYN | ACK, b"", 0);
    h.seg(C2, S, cs(0), ss(0), ACK, b"", 0);
    // Stream 0 holds 12 bytes after a hole, stream 1 then 6: 18 in all.
    h.c(cs(4), ss(0), ACK, b"efghijklmnop");
    h.seg(C2, S, cs(4), ss(0), ACK, b"EFGHIJ", 0);
    assert_eq!((h.gaps(0, C2S), h.gaps(1, C2S)), (vec![], vec![]));
    // Six more on stream 1: 24 > 20, and stream 1, whose holes grew,
    // gives them up; stream 0 keeps what it holds.
    let f = h.seg(C2, S, cs(14), ss(0), ACK, b"OPQRST", 0);
    assert_eq!(
        h.gaps(1, C2S),
        vec![(0, 4, BufferFull, f), (10, 4, BufferFull, f)]
    );
    assert_eq!(h.data(1, C2S), b("EFGHIJOPQRST"));
    assert_eq!(h.r.stats().buffer_overflows, 2);
    // Stream 0's hole still fills.
    h.c(cs(0), ss(0), ACK, b"abcd");
    assert_eq!(h.data(0, C2S), b("abcdefghijklmnop"));
    assert_eq!(h.gaps(0, C2S), vec![]);
    h.finish();
}

#[test]
fn buffer_cap_gives_up_the_oldest_hole() {
    let mut h = H::with(Config {
        max_buffered_per_dir: 10,
        ..Config::default()
    });
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), ACK, b"klmnop"); // 6 buffered
    let f6 = h.c(cs(20), ss(0), ACK, b"uvwx"); // 10 buffered: at the cap, not past it
    assert_eq!(h.gaps(0, C2S), vec![]);
    let f7 = h.c(cs(30), ss(0), ACK, b"!"); // 11 buffered > 10
    assert_eq!(h.gaps(0, C2S), vec![(5, 5, BufferFull, f7)]);
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 4), (10, b("klmnop"), 5)]
    );
    assert_eq!(
        (
            h.r.stats().buffer_overflows,
            h.r.stats().buffer_overflow_bytes
        ),
        (1, 5)
    );
    // The hole before the remaining buffered segments can still fill.
    let f8 = h.c(cs(16), ss(0), ACK, b"qrst");
    assert_eq!(
        h.datas(0, C2S)[2..],
        [(16, b("qrst"), f8), (20, b("uvwx"), f6)]
    );
    // A single segment over the cap: the holes before it go at once.
    let f9 = h.c(cs(40), ss(0), ACK, b"0123456789AB");
    assert_eq!(
        h.gaps(0, C2S)[1..],
        [(24, 6, BufferFull, f9), (31, 9, BufferFull, f9)]
    );
    assert_eq!(
        h.datas(0, C2S)[4..],
        [(30, b("!"), f7), (40, b("0123456789AB"), f9)]
    );
    assert_eq!(
        (
            h.r.stats().buffer_overflows,
            h.r.stats().buffer_overflow_bytes
        ),
        (3, 20)
    );
    h.finish();
    let st = h.end_info(0).dirs[0];
    assert_eq!((st.gaps, st.gap_bytes, st.delivered), (3, 20, 32));
}

#[test]
fn fin_both_ways_closes_holes_before_buffered_data_and_before_the_fin() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), ACK, b"klmno");
    h.c(cs(18), ss(0), FIN | ACK, b""); // FIN at 18: hole [15, 18) before it
    assert_eq!(h.gaps(0, C2S), vec![]);
    let f7 = h.s(ss(0), cs(5), FIN | ACK, b""); // acknowledges [0, 5) only
    assert_eq!(
        h.gaps(0, C2S),
        vec![(5, 5, Closed, f7), (15, 3, Closed, f7)]
    );
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 4), (10, b("klmno"), 5)]
    );
    assert_eq!(h.ends(), vec![(0, EndReason::Fin, f7)]);
    let expect = DirStats {
        gaps: 2,
        gap_bytes: 8,
        ..dir_stats(5, 10, 10)
    };
    assert_eq!(h.end_info(0).dirs[0], expect);
}

#[test]
fn rst_closes_holes_and_ends_the_stream() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    h.c(cs(10), ss(0), ACK, b"klmno");
    let f6 = h.s(ss(0), 0, RST, b"");
    assert_eq!(h.gaps(0, C2S), vec![(5, 5, Closed, f6)]);
    assert_eq!(
        h.datas(0, C2S),
        vec![(0, b("abcde"), 4), (10, b("klmno"), 5)]
    );
    assert_eq!(h.ends(), vec![(0, EndReason::Rst, f6)]);
    let n = h.rec.events.len();
    h.c(cs(15), ss(0), ACK, b"pq"); // after the reset: counted, not delivered
    assert_eq!(h.rec.events.len(), n);
    assert_eq!(h.table_info(C, S).dirs[0].packets, 5);
    assert_eq!(h.table_info(C, S).dirs[0].wire_bytes, 12);
}

#[test]
fn end_of_capture_closes_holes() {
    let mut h = H::new();
    h.handshake(CI, SI);
    h.c(cs(0), ss(0), ACK, b"abcde");
    let f5 = h.c(cs(10), ss(0), ACK, b"klmno");
    h.finish();
    assert_eq!(h.gaps(0, C2S), vec![(5, 5, Closed, f5)]);
    assert_eq!(h.data(0, C2S), b("abcdeklmno"));
    assert_eq!(h.ends(), vec![(0, EndReason::Eof, f5)]);
}

#[test]
fn snaplen_cut_bytes_are_gaps_in_their_place() {
    let mut h = H::new();
    h.handshake(CI, SI);
    // In order: 4 bytes captured, 6 cut.
    h.seg(C, S, cs(0), ss(0), ACK, b"abcd", 6);
    h.c(cs(10), ss(0), ACK, b"xyz");
    assert_eq!(h.gaps(0, C2S), vec![(4, 6, Truncated, 4)]);
    assert_eq!(h.datas(0, C2S), vec![(0, b("abcd"), 4), (10, b("xyz"), 5)]);
    // Out of order: cut bytes wait in the buffer like data.
    h.seg(C, S, cs(20), ss(0), ACK, b"uv", 3); // [20,22) data, [22,25) cut
    h.seg(C, S, cs(25), ss(0), ACK, b"", 5); // [25,30) all cut
    h.c(cs(13), ss(0), ACK, b"nopqrst"); // fills [13, 20)
    assert_eq!(
        h.gaps(0, C2S)[1..],
        [(22, 3, Truncated, 6), (25, 5, Truncated, 7)]
    );
    assert_eq!(
        h.datas(0, C2S)[2..],
        [(13, b("nopqrst"), 8), (20, b("uv"), 6)]
    );
    // A full copy of cut bytes comes too late: the gap stands.
    h.c(cs(4), ss(0), ACK, b"efghij");
    h.c(cs(30), ss(0), ACK, b"!");
    assert_eq!(h.datas(0, C2S).last(), Some(&(30, b("!"), 10)));
    h.finish();
    let expect = DirStats {
        gaps: 3,
        gap_bytes: 14,
        retransmissions: 1,
        ..dir_stats(9, 37, 17)
    };
    assert_eq!(h.end_info(0).dirs[0], expect);
}

#[test]
fn pieces_holding_no_bytes_are_capped_too() {
    let mut h = H::new();
    h.handshake(CI, SI);
    // Out-of-order segments whose payload the snaplen cut entirely: no
    // bytes held, but each is a piece.
    let n = direction::MAX_PENDING_PIECES as u32;
    for i in 0..n {
        h.seg(C, S, cs(10 + 2 * i), ss(0), ACK, b"", 1);
    }
    assert_eq!(h.gaps(0, C2S), vec![]);
    let last = h.seg(C, S, cs(10 + 2 * n), ss(0), ACK, b"", 1);
    // One piece too many: the first hole goes, then its piece.
    assert_eq!(
        h.gaps(0, C2S),
        vec![(0, 10, BufferFull, last), (10, 1, Truncated, 4)]
    );
    assert_eq!(h.r.stats().buffer_overflows, 1);
}
