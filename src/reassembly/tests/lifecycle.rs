//! Streams: mid-connection pickup, roles, wraparound, 4-tuple reuse, idle
//! timeout, flow cap eviction.

use super::harness::*;
use crate::capture::Timestamp;
use crate::reassembly::Direction::{C2S, S2C};
use crate::reassembly::*;

/// Another client, on another port.
const B: &str = "10.0.0.3:40001";
const D: &str = "10.0.0.4:40002";
const E: &str = "10.0.0.5:40003";
const F: &str = "10.0.0.6:40004";

#[test]
fn mid_connection_capture_starts_each_direction_at_its_first_segment() {
    let mut h = H::new();
    h.s(777_000, 123_000, ACK | PSH, b"resp");
    h.c(123_000, 777_004, ACK | PSH, b"req");
    h.c(122_990, 777_004, ACK, b"0123456789"); // before the pickup point
    h.c(123_003, 777_004, ACK, b"!");
    let info = h.start_info(0);
    assert_eq!((info.client, info.server), (addr(C), addr(S)));
    assert!(!info.roles_from_handshake);
    assert_eq!((info.first_frame, info.dirs), (1, [DirStats::default(); 2]));
    assert_eq!(h.datas(0, S2C), vec![(0, b("resp"), 1)]);
    assert_eq!(h.datas(0, C2S), vec![(0, b("req"), 2), (3, b("!"), 4)]);
    h.finish();
    let st = h.end_info(0).dirs[0];
    assert_eq!((st.retransmissions, st.delivered, st.gaps), (1, 4, 0));
}

#[test]
fn the_syn_sender_is_the_client_whatever_its_port() {
    let mut h = H::new();
    h.s(9, 0, SYN, b""); // from port 80 to port 40000
    let info = h.start_info(0);
    assert_eq!(
        (info.client, info.server, info.roles_from_handshake),
        (addr(S), addr(C), true)
    );
    h.s(10, 0, ACK, b"hi");
    assert_eq!(h.datas(0, C2S), vec![(0, b("hi"), 2)]);
}

#[test]
fn the_syn_ack_sender_is_the_server_whatever_its_port() {
    let mut h = H::new();
    h.seg("10.0.0.9:50000", "10.0.0.8:1000", 5, 10, SYN | ACK, b"", 0);
    let info = h.start_info(0);
    assert_eq!(info.server, addr("10.0.0.9:50000"));
    assert_eq!(info.client, addr("10.0.0.8:1000"));
    assert!(info.roles_from_handshake);
}

#[test]
fn without_handshake_the_higher_port_is_the_client() {
    let mut h = H::new();
    h.s(1, 0, ACK, b"x"); // the lower port speaks first
    let info = h.start_info(0);
    assert_eq!(
        (info.client, info.server, info.roles_from_handshake),
        (addr(C), addr(S), false)
    );
    assert_eq!(h.datas(0, S2C), vec![(0, b("x"), 1)]);
    // Equal ports: the first sender.
    h.seg("10.0.0.6:7000", "10.0.0.5:7000", 1, 0, ACK, b"y", 0);
    let info = h.start_info(1);
    assert_eq!(
        (info.client, info.server),
        (addr("10.0.0.6:7000"), addr("10.0.0.5:7000"))
    );
    assert_eq!(h.datas(1, C2S), vec![(0, b("y"), 2)]);
}

#[test]
fn sequence_numbers_wrap_around_2_pow_32() {
    let isn = 0xFFFF_FF00u32;
    let data: Vec<u8> = (0..600u32).map(|i| (i * 7 % 251) as u8).collect();
    let seq = |o: u32| isn.wrapping_add(1 + o);
    let mut h = H::new();
    h.handshake(isn, 42);
    // Offsets 200.. start past 2^32 (seq 0xC9); sent last to first.
    h.c(seq(400), 43, ACK, &data[400..]);
    h.c(seq(200), 43, ACK, &data[200..400]);
    assert_eq!(h.datas(0, C2S), vec![]);
    h.c(seq(0), 43, ACK, &data[..200]);
    let offsets: Vec<(u64, u64)> = h.datas(0, C2S).iter().map(|d| (d.0, d.2)).collect();
    assert_eq!(offsets, vec![(0, 6), (200, 5), (400, 4)]);
    assert_eq!(h.data(0, C2S), data);
    h.c(seq(150), 43, ACK, &data[150..250]); // retransmission across the wrap
    h.s(43, seq(600), ACK, b""); // acknowledges everything: no gap
    h.c(seq(600), 43, FIN | ACK, b"");
    h.s(43, seq(601), FIN | ACK, b"");
    assert_eq!(h.ends(), vec![(0, EndReason::Fin, 10)]);
    let info = h.end_info(0);
    assert_eq!(
        (
            info.dirs[0].gaps,
            info.dirs[0].retransmissions,
            info.dirs[0].conflicts
        ),
        (0, 1, 0)
    );
    assert_eq!(info.dirs[0].delivered, 600);
}

#[test]
fn a_new_syn_after_fin_starts_a_new_stream_and_late_packets_stay_in_the_old() {
    let mut h = H::new();
    h.handshake(1000, 5000);
    h.c(1001, 5001, ACK, b"one");
    h.c(1004, 5001, FIN | ACK, b"");
    h.s(5001, 1005, FIN | ACK, b"");
    assert_eq!(h.ends(), vec![(0, EndReason::Fin, 6)]);
    h.c(1005, 5002, ACK, b""); // the last ACK
    assert_eq!(h.starts(), vec![0]);
    let old = h.table_info(C, S);
    assert_eq!((old.id, old.dirs[0].packets, old.last_frame), (0, 5, 7));
    // Same 4-tuple, new connection.
    h.c(90_000, 0, SYN, b"");
    h.s(70_000, 90_001, SYN | ACK, b"");
    h.c(90_001, 70_001, ACK, b"two");
    assert_eq!(h.starts(), vec![0, 1]);
    assert_eq!(h.start_info(1).first_frame, 8);
    assert_eq!(h.datas(1, C2S), vec![(0, b("two"), 10)]);
    h.finish();
    assert_eq!(
        h.ends(),
        vec![(0, EndReason::Fin, 6), (1, EndReason::Eof, 10)]
    );
    assert_eq!(h.r.stats().streams, 2);
}

#[test]
fn a_new_syn_after_rst_starts_a_new_stream() {
    let mut h = H::new();
    h.handshake(1000, 5000);
    h.c(1001, 5001, ACK, b"abc");
    h.s(5001, 1004, RST | ACK, b"");
    assert_eq!(h.ends(), vec![(0, EndReason::Rst, 5)]);
    h.c(1004, 5001, ACK, b"late"); // late data
    h.s(5000, 1001, SYN | ACK, b""); // a SYN with ACK does not reopen
    assert_eq!(h.starts(), vec![0]);
    let old = h.table_info(C, S);
    assert_eq!(
        (old.dirs[0].packets, old.dirs[1].packets, old.last_frame),
        (4, 3, 7)
    );
    h.c(2000, 0, SYN, b"");
    assert_eq!(h.starts(), vec![0, 1]);
    h.finish();
    assert_eq!(
        h.ends(),
        vec![(0, EndReason::Rst, 5), (1, EndReason::Eof, 8)]
    );
}

#[test]
fn idle_flows_time_out_when_capture_time_moves_on() {
    let mut h = H::with(Config {
        idle_timeout: Some(60.0),
        ..Config::default()
    });
    h.at(0).c(100, 0, ACK, b"a"); // stream 0
    h.at(50).seg(B, S, 200, 0, ACK, b"b", 0); // stream 1
    h.at(100).seg(B, S, 201, 0, ACK, b"c", 0); // stream 0 idle 100s: ends
    assert_eq!(h.ends(), vec![(0, EndReason::Timeout, 1)]);
    let info = h.end_info(0);
    assert_eq!(
        (info.last, info.evicted),
        (Timestamp::new(1_000_000, 0), false)
    );
    h.at(160).seg(B, S, 202, 0, ACK, b"d", 0); // exactly 60s idle: not yet
    assert_eq!(h.ends().len(), 1);
    h.at(221).c(101, 0, ACK, b"e"); // stream 1 idle 61s; stream 0's tuple anew
    assert_eq!(
        h.ends(),
        vec![(0, EndReason::Timeout, 1), (1, EndReason::Timeout, 4)]
    );
    assert_eq!(h.starts(), vec![0, 1, 2]);
    assert_eq!(h.datas(2, C2S), vec![(0, b("e"), 5)]);
    assert_eq!(h.data(1, C2S), b("bcd"));
    h.finish();
    assert_eq!(h.ends()[2], (2, EndReason::Eof, 5));
}

#[test]
fn without_idle_timeout_flows_never_time_out() {
    let mut h = H::with(Config {
        idle_timeout: None,
        ..Config::default()
    });
    h.at(0).c(100, 0, ACK, b"a");
    h.at(1_000_000).c(101, 0, ACK, b"b");
    assert_eq!(h.ends(), vec![]);
    assert_eq!(h.data(0, C2S), b("ab"));
}

#[test]
fn the_flow_cap_evicts_ended_flows_then_the_longest_idle() {
    let mut h = H::with(Config {
        max_flows: 2,
        ..Config::default()
    });
    h.at(0).c(100, 0, ACK, b"a"); // stream 0
    h.at(1).seg(B, S, 200, 0, ACK, b"b", 0); // stream 1
    h.at(2).c(101, 0, ACK, b"c"); // stream 0 active again
    h.at(3).seg(D, S, 300, 0, ACK, b"d", 0); // full: stream 1 goes
    assert_eq!(h.ends(), vec![(1, EndReason::Timeout, 2)]);
    let info = h.end_info(1);
    assert!(info.evicted);
    assert_eq!(info.dirs[0], dir_stats(1, 1, 1));
    assert_eq!(h.r.stats().flows_evicted, 1);
    h.at(4).s(500, 0, RST, b""); // stream 0 ends, stays for late packets
    h.at(5).seg(E, S, 400, 0, ACK, b"e", 0); // full: ended stream 0 goes first
    assert_eq!(
        h.ends(),
        vec![(1, EndReason::Timeout, 2), (0, EndReason::Rst, 5)]
    );
    assert!(!h.end_info(0).evicted);
    assert_eq!(h.r.stats().flows_evicted, 1);
    h.at(6).seg(F, S, 600, 0, ACK, b"f", 0); // full: D (idle since 3) goes
    assert_eq!(h.ends()[2], (2, EndReason::Timeout, 4));
    assert_eq!(h.r.stats().flows_evicted, 2);
    h.finish();
    assert_eq!(
        h.ends()[3..],
        [(3, EndReason::Eof, 6), (4, EndReason::Eof, 7)]
    );
    assert_eq!(h.starts(), vec![0, 1, 2, 3, 4]);
    let st = h.r.stats();
    assert_eq!((st.segments, st.streams, st.flows_evicted), (7, 5, 2));
}

#[test]
fn ended_flows_expire_silently() {
    let mut h = H::with(Config {
        idle_timeout: Some(60.0),
        ..Config::default()
    });
    h.at(0).c(100, 0, ACK, b"a");
    h.at(1).s(500, 0, RST, b""); // stream 0 ends, lingers
    h.at(100).seg(B, S, 1, 0, ACK, b"b", 0); // stream 0 expires: no End again
    assert_eq!(h.ends(), vec![(0, EndReason::Rst, 2)]);
    h.at(101).c(101, 0, ACK, b"c"); // the 4-tuple is free: a new stream
    assert_eq!(h.starts(), vec![0, 1, 2]);
    assert_eq!(h.datas(2, C2S), vec![(0, b("c"), 4)]);
}
