//! End-to-end reassembly: captures written by tests/support, read by the
//! binary, checked through `inspect --format json` and `follow`.

use crate::common;
use crate::support;

use common::{follow, follow_raw, inspect, stream, streams};
use support::*;

/// A connection with a handshake, `c2s` and `s2c` payload segments
/// interleaved as given, and a FIN from each side.
fn simple_conn(c: &mut Conn, msgs: &[(bool, &[u8])]) -> Vec<Seg> {
    let mut segs = c.handshake();
    for (from_client, m) in msgs {
        segs.push(c.data(*from_client, m));
        segs.push(c.ack(!*from_client));
    }
    segs.push(c.fin(true));
    segs.push(c.fin(false));
    segs.push(c.ack(true));
    segs
}

fn write(dir: &TempDir, name: &str, c: &Conn, segs: &[Seg]) -> std::path::PathBuf {
    let path = dir.file(name);
    write_pcap(&path, 1, 65535, &c.frames(segs, 1_700_000_000_000_000));
    path
}

#[test]
fn in_order_conversation_is_delivered_both_ways() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1000, 5000);
    let segs = simple_conn(
        &mut c,
        &[(true, b"hello "), (false, b"welcome"), (true, b"bye")],
    );
    let path = write(&dir, "a.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), b"hello bye");
    assert_eq!(follow_raw(&path, 0, "s2c"), b"welcome");
    let doc = inspect(&path);
    let s = &streams(&doc)[0];
    assert_eq!(s["client"], "10.0.0.1:40000");
    assert_eq!(s["server"], "10.0.0.2:7234");
    assert_eq!(s["roles_from_handshake"], true);
    assert_eq!(s["end_reason"], "fin");
    assert_eq!(s["c2s"]["bytes"], 9);
    assert_eq!(s["s2c"]["bytes"], 7);
    // SYN, ACK, 2 data, 1 ack of the server's data, FIN, last ACK; SYN-ACK, 2 acks, data, FIN.
    assert_eq!(s["c2s"]["packets"], 7);
    assert_eq!(s["s2c"]["packets"], 5);
    assert_eq!(doc["capture"]["frames"], segs.len());
    assert_eq!(doc["capture"]["streams"], 1);
}

#[test]
fn out_of_order_segments_are_put_back_in_order() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let mut segs = c.handshake();
    let a = c.data(true, b"first-");
    let b = c.data(true, b"second-");
    let d = c.data(true, b"third");
    segs.extend([d, b, a]);
    let path = write(&dir, "ooo.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), b"first-second-third");
    let s = stream(&path, 0);
    assert_eq!(s["c2s"]["gaps"], 0);
    assert_eq!(s["c2s"]["retransmissions"], 0);
}

#[test]
fn exact_and_overlapping_retransmissions_are_dropped() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 100, 1);
    let mut segs = c.handshake();
    let first = c.data(true, b"0123456789");
    segs.push(first.clone());
    segs.push(first.clone()); // exact copy
                              // Overlapping: repeats "56789" and adds "abcde".
    let mut overlap = first.clone();
    overlap.seq = first.seq + 5;
    overlap.payload = b"56789abcde".to_vec();
    segs.push(overlap);
    c.advance(true, 5);
    segs.push(c.data(true, b"!"));
    let path = write(&dir, "rtx.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), b"0123456789abcde!");
    let s = stream(&path, 0);
    assert_eq!(s["c2s"]["retransmissions"], 2);
    assert_eq!(s["c2s"]["conflicts"], 0);
}

#[test]
fn conflicting_overlap_keeps_the_first_copy_and_is_reported() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 100, 1);
    let mut segs = c.handshake();
    let first = c.data(true, b"AAAAAAAAAA");
    let mut other = first.clone();
    other.seq = first.seq + 4;
    other.payload = b"AAXXAABBBB".to_vec(); // offsets 4..14: 6,7 differ from the first copy
    segs.extend([first, other]);
    let path = write(&dir, "conflict.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), b"AAAAAAAAAABBBB");
    let s = stream(&path, 0);
    assert_eq!(s["c2s"]["conflicts"], 1);
}

#[test]
fn a_hole_acked_by_the_peer_becomes_a_gap_and_delivery_goes_on() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 100, 1);
    let mut segs = c.handshake();
    segs.push(c.data(true, b"before"));
    let _lost = c.data(true, b"LOST-BYTES"); // never captured
    let after = c.data(true, b"after");
    segs.push(after);
    segs.push(c.ack(false)); // the server acknowledges everything
    let path = write(&dir, "gap.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), b"beforeafter");
    let hex = follow(&path, 0, "hex");
    assert!(
        hex.contains("[gap: 10 byte(s) missing at offset 6"),
        "{hex}"
    );
    let s = stream(&path, 0);
    assert_eq!(s["c2s"]["gaps"], 1);
    assert_eq!(s["c2s"]["gap_bytes"], 10);
    assert_eq!(s["c2s"]["bytes"], 11);
}

#[test]
fn a_hole_never_filled_is_a_gap_at_end_of_capture() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 100, 1);
    let mut segs = c.handshake();
    let _lost = c.data(true, b"12345");
    segs.push(c.data(true, b"tail"));
    let path = write(&dir, "eofgap.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), b"tail");
    let s = stream(&path, 0);
    assert_eq!(s["end_reason"], "eof");
    assert_eq!(s["c2s"]["gap_bytes"], 5);
}

#[test]
fn capture_starting_mid_connection_is_picked_up() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:51000", "10.0.0.2:7234", 77_777, 99_999);
    let segs = vec![
        c.data(false, b"server first"),
        c.data(true, b"client"),
        c.ack(false),
    ];
    let path = write(&dir, "mid.pcap", &c, &segs);
    let doc = inspect(&path);
    let s = &streams(&doc)[0];
    assert_eq!(
        s["client"], "10.0.0.1:51000",
        "the higher port is the client"
    );
    assert_eq!(s["roles_from_handshake"], false);
    assert_eq!(follow_raw(&path, 0, "s2c"), b"server first");
    assert_eq!(follow_raw(&path, 0, "c2s"), b"client");
}

#[test]
fn sequence_numbers_wrap_around() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 0xFFFF_FFF0, 0xFFFF_FFFE);
    let mut segs = c.handshake();
    let mut want = Vec::new();
    let mut client = Vec::new();
    for i in 0..6u8 {
        let m = vec![b'a' + i; 7];
        want.extend_from_slice(&m);
        client.push(c.data(true, &m));
    }
    // The client's segments cross 2^32 at its third; two of them arrive
    // swapped around the wrap point. Then the server answers across its own.
    client.swap(1, 3);
    segs.extend(client);
    for i in 0..6u8 {
        segs.push(c.data(false, &[b'a' + i; 7]));
    }
    let path = write(&dir, "wrap.pcap", &c, &segs);
    assert_eq!(follow_raw(&path, 0, "c2s"), want);
    assert_eq!(follow_raw(&path, 0, "s2c"), want);
    let s = stream(&path, 0);
    assert_eq!(s["c2s"]["gaps"], 0);
    assert_eq!(s["s2c"]["gaps"], 0);
}

#[test]
fn a_new_syn_on_a_closed_four_tuple_starts_a_new_stream() {
    let dir = TempDir::new();
    let mut a = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1000, 2000);
    let mut segs_a = simple_conn(&mut a, &[(true, b"one")]);
    let mut b = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 9_000_000, 3000);
    let mut segs_b = b.handshake();
    segs_b.push(b.data(true, b"two"));
    let mut frames = a.frames(&segs_a, 1_000_000);
    frames.extend(b.frames(&segs_b, 2_000_000));
    segs_a.append(&mut segs_b);
    let path = dir.file("reuse.pcap");
    write_pcap(&path, 1, 65535, &frames);
    let doc = inspect(&path);
    assert_eq!(streams(&doc).len(), 2);
    assert_eq!(streams(&doc)[0]["end_reason"], "fin");
    assert_eq!(streams(&doc)[1]["end_reason"], "eof");
    assert_eq!(follow_raw(&path, 0, "c2s"), b"one");
    assert_eq!(follow_raw(&path, 1, "c2s"), b"two");
}

#[test]
fn a_reset_ends_the_stream() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let mut segs = c.handshake();
    segs.push(c.data(true, b"x"));
    segs.push(c.seg(false, RST | ACK, b""));
    let path = write(&dir, "rst.pcap", &c, &segs);
    assert_eq!(stream(&path, 0)["end_reason"], "rst");
}

fn fragmented_capture(dir: &TempDir, name: &str, v6: bool, reverse: bool) -> std::path::PathBuf {
    let (cl, sv) = if v6 {
        ("[fd00::1]:40000", "[fd00::2]:7234")
    } else {
        ("10.0.0.1:40000", "10.0.0.2:7234")
    };
    let mut c = Conn::new(cl, sv, 1, 1);
    let segs = c.handshake();
    let big: Vec<u8> = (0..3000u32).map(|i| (i % 251) as u8).collect();
    let data = c.data(true, &big);
    let mut frames = c.frames(&segs, 1_000_000);
    let ip = c.ip(&data);
    let mut frags = if v6 {
        fragment_v6(&ip, 1232, 7)
    } else {
        fragment_v4(&ip, 1480, 7)
    };
    if reverse {
        frags.reverse();
    }
    for (i, f) in frags.iter().enumerate() {
        frames.push(Frame::new(2_000_000 + i as u64, link::ethernet(f)));
    }
    let path = dir.file(name);
    write_pcap(&path, 1, 65535, &frames);
    path
}

#[test]
fn ip_fragments_are_reassembled_in_any_order() {
    let dir = TempDir::new();
    let big: Vec<u8> = (0..3000u32).map(|i| (i % 251) as u8).collect();
    for (name, v6, reverse) in [
        ("v4.pcap", false, false),
        ("v4r.pcap", false, true),
        ("v6r.pcap", true, true),
    ] {
        let path = fragmented_capture(&dir, name, v6, reverse);
        assert_eq!(follow_raw(&path, 0, "c2s"), big, "{name}");
        let doc = inspect(&path);
        assert_eq!(doc["capture"]["ip_fragments"], 3, "{name}");
        assert_eq!(doc["capture"]["ip_datagrams_reassembled"], 1, "{name}");
    }
}

#[test]
fn bytes_cut_by_the_snaplen_are_a_gap_never_data() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let segs = c.handshake();
    let mut frames = c.frames(&segs, 1_000_000);
    let big = vec![b'z'; 400];
    let s = c.data(true, &big);
    // 14 Ethernet + 20 IPv4 + 20 TCP = 54 header bytes: 100 keeps 46 payload bytes.
    frames.push(Frame::new(2_000_000, c.eth(&s)).truncated(100));
    let s2 = c.data(true, b"next");
    frames.push(Frame::new(2_000_100, c.eth(&s2)));
    let path = dir.file("snap.pcap");
    write_pcap(&path, 1, 100, &frames);
    let mut want = vec![b'z'; 46];
    want.extend_from_slice(b"next");
    assert_eq!(follow_raw(&path, 0, "c2s"), want);
    let st = stream(&path, 0);
    assert_eq!(st["c2s"]["gap_bytes"], 354);
    assert!(follow(&path, 0, "text").contains("[gap: 354 byte(s) missing at offset 46"));
}

#[test]
fn every_link_type_is_read() {
    let dir = TempDir::new();
    type Wrap = fn(&[u8]) -> Vec<u8>;
    let cases: Vec<(&str, u32, bool, Wrap)> = vec![
        ("ethernet", 1, false, link::ethernet),
        ("vlan", 1, false, |ip| link::ethernet_vlan(ip, &[42])),
        ("qinq", 1, false, |ip| link::ethernet_vlan(ip, &[100, 42])),
        ("sll", 113, false, link::sll),
        ("sll2", 276, true, link::sll2),
        ("raw101", 101, true, |ip| ip.to_vec()),
        ("raw12", 12, false, |ip| ip.to_vec()),
        ("raw14", 14, true, |ip| ip.to_vec()),
        ("ipv4", 228, false, |ip| ip.to_vec()),
        ("ipv6", 229, true, |ip| ip.to_vec()),
        ("null", 0, true, |ip| link::null(ip, false)),
        ("loop", 108, false, |ip| link::null(ip, true)),
    ];
    for (name, lt, v6, wrap) in cases {
        let (cl, sv) = if v6 {
            ("[fd00::1]:40000", "[fd00::2]:7234")
        } else {
            ("10.0.0.1:40000", "10.0.0.2:7234")
        };
        let mut c = Conn::new(cl, sv, 1, 1);
        let segs = simple_conn(&mut c, &[(true, b"ping"), (false, b"pong")]);
        let frames: Vec<Frame> = segs
            .iter()
            .enumerate()
            .map(|(i, s)| Frame::new(i as u64, wrap(&c.ip(s))))
            .collect();
        let path = dir.file(&format!("{name}.pcap"));
        write_pcap(&path, lt, 65535, &frames);
        assert_eq!(follow_raw(&path, 0, "c2s"), b"ping", "{name}");
        assert_eq!(follow_raw(&path, 0, "s2c"), b"pong", "{name}");
        let doc = inspect(&path);
        assert_eq!(doc["capture"]["link_types"][0]["link_type"], lt, "{name}");
        assert_eq!(doc["capture"]["non_tcp_frames"], 0, "{name}");
    }
}

#[test]
fn pcapng_with_two_sections_and_interfaces_of_different_link_types() {
    let dir = TempDir::new();
    let mut a = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let sa = simple_conn(&mut a, &[(true, b"on ethernet")]);
    let mut b = Conn::new("[fd00::1]:40001", "[fd00::2]:13500", 1, 1);
    let sb = simple_conn(&mut b, &[(true, b"on raw ip")]);
    let mut packets = Vec::new();
    for (i, (x, y)) in sa.iter().zip(sb.iter()).enumerate() {
        packets.push((0, Frame::new(10 * i as u64, a.eth(x))));
        packets.push((1, Frame::new(10 * i as u64 + 5, b.ip(y))));
    }
    let mut c = Conn::new("10.0.0.3:40002", "10.0.0.2:7234", 1, 1);
    let sc = simple_conn(&mut c, &[(false, b"second section")]);
    let later: Vec<(u32, Frame)> = sc
        .iter()
        .map(|s| (0, Frame::new(1_000_000, link::sll(&c.ip(s)))))
        .collect();
    for endianness in [pcap_file::Endianness::Little, pcap_file::Endianness::Big] {
        let path = dir.file("two.pcapng");
        write_pcapng(
            &path,
            endianness,
            &[
                Section {
                    interfaces: vec![(1, 65535), (101, 65535)],
                    packets: packets.clone(),
                },
                Section {
                    interfaces: vec![(113, 65535)],
                    packets: later.clone(),
                },
            ],
        );
        let doc = inspect(&path);
        assert_eq!(doc["capture"]["format"], "pcapng");
        assert_eq!(streams(&doc).len(), 3);
        assert_eq!(follow_raw(&path, 0, "c2s"), b"on ethernet");
        assert_eq!(follow_raw(&path, 1, "c2s"), b"on raw ip");
        assert_eq!(follow_raw(&path, 2, "s2c"), b"second section");
        let lts: Vec<u64> = doc["capture"]["link_types"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["link_type"].as_u64().unwrap())
            .collect();
        assert_eq!(lts, vec![1, 101, 113]);
    }
}

#[test]
fn pcap_in_big_endian_with_nanoseconds() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let segs = simple_conn(&mut c, &[(true, b"big-endian")]);
    let path = dir.file("be.pcap");
    write_pcap_with(
        &path,
        1,
        65535,
        pcap_file::Endianness::Big,
        pcap_file::TsResolution::NanoSecond,
        &c.frames(&segs, 1_700_000_000_000_000),
    );
    assert_eq!(follow_raw(&path, 0, "c2s"), b"big-endian");
    assert_eq!(stream(&path, 0)["start"], "2023-11-14T22:13:20.000000Z");
}

#[test]
fn non_tcp_frames_are_counted() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let segs = simple_conn(&mut c, &[(true, b"x")]);
    let mut frames = c.frames(&segs, 0);
    let mut udp = Vec::new();
    etherparse::PacketBuilder::ethernet2([1; 6], [2; 6])
        .ipv4([10, 0, 0, 1], [10, 0, 0, 2], 64)
        .udp(5353, 5353)
        .write(&mut udp, b"dns?")
        .unwrap();
    frames.push(Frame::new(99, udp));
    let mut arp = vec![0xff; 6];
    arp.extend_from_slice(&[2, 0, 0, 0, 0, 1, 0x08, 0x06]);
    arp.extend_from_slice(&[0; 28]);
    frames.push(Frame::new(100, arp));
    let path = dir.file("nontcp.pcap");
    write_pcap(&path, 1, 65535, &frames);
    let doc = inspect(&path);
    assert_eq!(doc["capture"]["non_tcp_frames"], 2);
    assert_eq!(doc["capture"]["non_tcp"]["udp"], 1);
    assert_eq!(doc["capture"]["non_tcp"]["arp"], 1);
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let dir = TempDir::new();
    let mut c = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let segs = simple_conn(&mut c, &[(true, b"via stdin")]);
    let path = write(&dir, "stdin.pcap", &c, &segs);
    let out = common::cardshark()
        .args(["follow", "-s", "0", "--format", "raw", "--dir", "c2s", "-"])
        .pipe_stdin(&path)
        .unwrap()
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, b"via stdin");
}

#[test]
fn the_live_flow_cap_flushes_the_longest_idle_and_says_so() {
    let dir = TempDir::new();
    let mut a = Conn::new("10.0.0.1:40000", "10.0.0.2:7234", 1, 1);
    let mut b = Conn::new("10.0.0.3:40001", "10.0.0.2:7234", 1, 1);
    let mut segs_a = a.handshake();
    segs_a.push(a.data(true, b"from a"));
    let mut segs_b = b.handshake();
    segs_b.push(b.data(true, b"from b"));
    let mut frames = a.frames(&segs_a, 0);
    frames.extend(b.frames(&segs_b, 10_000));
    let path = dir.file("cap.pcap");
    write_pcap(&path, 1, 65535, &frames);
    let out = common::cardshark()
        .args(["inspect", "--format", "json", "--max-flows", "1"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(streams(&doc)[0]["flushed"], true);
    assert_eq!(streams(&doc)[0]["end_reason"], "timeout");
    assert_eq!(streams(&doc)[1]["flushed"], false);
    assert_eq!(doc["capture"]["streams_flushed"], 1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("1 stream(s) flushed early") && err.contains("--max-flows"),
        "{err}"
    );
    assert_eq!(follow_raw(&path, 0, "c2s"), b"from a");
}
