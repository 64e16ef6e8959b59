//! Tests of the whole link stage: frames in, packets and counters out.
//!
//! This file: link types, IP headers, lengths. `fragments`: the
//! defragmenter. `robustness`: allocation-free hot path and proptests.

mod fragments;
mod robustness;

use super::*;
use crate::capture::Timestamp;
use etherparse::{
    IpHeaders, IpNumber, Ipv4Extensions, Ipv4Header, Ipv6Extensions, Ipv6Header, Ipv6RawExtHeader,
    PacketBuilder, PacketBuilderStep, VlanId,
};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

const MAC_A: [u8; 6] = [0x02, 0, 0, 0, 0, 0x0a];
const MAC_B: [u8; 6] = [0x02, 0, 0, 0, 0, 0x0b];
const V4_A: [u8; 4] = [192, 168, 1, 10];
const V4_B: [u8; 4] = [10, 0, 0, 2];
const V6_A: [u8; 16] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
const V6_B: [u8; 16] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
const SPORT: u16 = 51234;
const DPORT: u16 = 7234;
const SEQ: u32 = 0x0102_0304;
const ACK: u32 = 0x0a0b_0c0d;
const WINDOW: u16 = 4321;
const PAYLOAD: &[u8] = b"PokerTH hello";

fn frame(link_type: u32, secs: i64, data: &[u8]) -> Frame<'_> {
    Frame {
        number: 1,
        ts: Timestamp::new(secs, 0),
        link_type: LinkType(link_type),
        interface: 0,
        orig_len: u32::try_from(data.len()).unwrap(),
        data,
    }
}

/// A [`TcpSegment`] that owns its payload, to outlive its decoder.
#[derive(Debug)]
struct Owned {
    src: SocketAddr,
    dst: SocketAddr,
    seq: u32,
    ack: u32,
    flags: TcpFlags,
    window: u16,
    payload: Vec<u8>,
    missing: u32,
}

impl Owned {
    fn new(s: &TcpSegment<'_>) -> Self {
        Owned {
            src: s.src,
            dst: s.dst,
            seq: s.seq,
            ack: s.ack,
            flags: s.flags,
            window: s.window,
            payload: s.payload.to_vec(),
            missing: s.missing,
        }
    }

    fn segment(&self) -> TcpSegment<'_> {
        TcpSegment {
            src: self.src,
            dst: self.dst,
            seq: self.seq,
            ack: self.ack,
            flags: self.flags,
            window: self.window,
            payload: &self.payload,
            missing: self.missing,
        }
    }
}

/// Decodes a lone frame with a fresh decoder.
fn decode_one(link_type: u32, data: &[u8]) -> (Result<Owned, String>, LinkStats) {
    let mut decoder = LinkDecoder::new();
    let f = frame(link_type, 0, data);
    let result = match decoder.decode(&f) {
        Packet::Tcp(s) => Ok(Owned::new(&s)),
        other => Err(format!("{other:?}")),
    };
    (result, decoder.stats())
}

/// Bytes of the test segment (ports, numbers, ACK and PSH) carrying
/// `payload`, under the headers `ip` has so far.
fn with_tcp(ip: PacketBuilderStep<IpHeaders>, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    ip.tcp(SPORT, DPORT, SEQ, WINDOW)
        .ack(ACK)
        .psh()
        .write(&mut out, payload)
        .unwrap();
    out
}

/// Bytes of an IPv4 TCP packet (no link layer).
fn ipv4_tcp(payload: &[u8]) -> Vec<u8> {
    with_tcp(PacketBuilder::ipv4(V4_A, V4_B, 64), payload)
}

/// Bytes of an IPv6 TCP packet (no link layer).
fn ipv6_tcp(payload: &[u8]) -> Vec<u8> {
    with_tcp(PacketBuilder::ipv6(V6_A, V6_B, 64), payload)
}

fn ethernet(ethertype: u16, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&MAC_B);
    out.extend_from_slice(&MAC_A);
    out.extend_from_slice(&ethertype.to_be_bytes());
    out.extend_from_slice(body);
    out
}

fn assert_v4_segment(s: &TcpSegment<'_>, payload: &[u8]) {
    let (a, b) = (Ipv4Addr::from(V4_A), Ipv4Addr::from(V4_B));
    assert_segment(s, payload, IpAddr::V4(a), IpAddr::V4(b));
}

fn assert_v6_segment(s: &TcpSegment<'_>, payload: &[u8]) {
    let (a, b) = (Ipv6Addr::from(V6_A), Ipv6Addr::from(V6_B));
    assert_segment(s, payload, IpAddr::V6(a), IpAddr::V6(b));
}

/// Checks that `s` is the test segment from `src` to `dst` with `payload`.
fn assert_segment(s: &TcpSegment<'_>, payload: &[u8], src: IpAddr, dst: IpAddr) {
    assert_eq!(s.src, SocketAddr::new(src, SPORT));
    assert_eq!(s.dst, SocketAddr::new(dst, DPORT));
    assert_eq!(s.seq, SEQ);
    assert_eq!(s.ack, ACK);
    assert_eq!(s.window, WINDOW);
    assert_eq!(s.flags, TcpFlags(TcpFlags::ACK | TcpFlags::PSH));
    assert!(s.flags.ack() && s.flags.psh() && !s.flags.syn() && !s.flags.fin());
    assert_eq!(s.payload, payload);
    assert_eq!(s.missing, 0);
}

/// Checks that `data` of `link_type` decodes to the IPv4 test segment, and
/// the counters say so.
fn expect_v4(link_type: u32, data: &[u8]) {
    let (result, stats) = decode_one(link_type, data);
    let segment = result.unwrap_or_else(|e| panic!("link type {link_type}: {e}"));
    assert_v4_segment(&segment.segment(), PAYLOAD);
    assert_eq!(stats.frames, 1);
    assert_eq!(stats.tcp, 1);
    assert_eq!(stats.frames_per_link_type[&LinkType(link_type)], 1);
}

fn expect_v6(link_type: u32, data: &[u8]) {
    let (result, stats) = decode_one(link_type, data);
    let segment = result.unwrap_or_else(|e| panic!("link type {link_type}: {e}"));
    assert_v6_segment(&segment.segment(), PAYLOAD);
    assert_eq!(stats.tcp, 1);
}

// ---- link types ----------------------------------------------------------

#[test]
fn ethernet_untagged() {
    let data = with_tcp(
        PacketBuilder::ethernet2(MAC_A, MAC_B).ipv4(V4_A, V4_B, 64),
        PAYLOAD,
    );
    expect_v4(1, &data);
}

#[test]
fn ethernet_ipv6() {
    expect_v6(1, &ethernet(0x86dd, &ipv6_tcp(PAYLOAD)));
}

#[test]
fn ethernet_8021q() {
    let data = with_tcp(
        PacketBuilder::ethernet2(MAC_A, MAC_B)
            .single_vlan(VlanId::try_new(42).unwrap())
            .ipv4(V4_A, V4_B, 64),
        PAYLOAD,
    );
    assert_eq!(&data[12..14], &[0x81, 0x00]);
    expect_v4(1, &data);
}

#[test]
fn ethernet_qinq() {
    let data = with_tcp(
        PacketBuilder::ethernet2(MAC_A, MAC_B)
            .double_vlan(VlanId::try_new(100).unwrap(), VlanId::try_new(42).unwrap())
            .ipv6(V6_A, V6_B, 64),
        PAYLOAD,
    );
    assert_eq!(&data[12..14], &[0x88, 0xa8]);
    expect_v6(1, &data);
}

#[test]
fn ethernet_old_qinq_and_three_tags() {
    // 0x9100 outer, 0x88a8, then 0x8100, then IPv4.
    let mut body = vec![
        0x00, 0x64, 0x88, 0xa8, 0x00, 0x65, 0x81, 0x00, 0x00, 0x2a, 0x08, 0x00,
    ];
    body.extend_from_slice(&ipv4_tcp(PAYLOAD));
    expect_v4(1, &ethernet(0x9100, &body));
}

#[test]
fn linux_cooked_v1() {
    let mut data = vec![0, 0, 0, 1, 0, 6];
    data.extend_from_slice(&MAC_A);
    data.extend_from_slice(&[0, 0, 0x08, 0x00]);
    data.extend_from_slice(&ipv4_tcp(PAYLOAD));
    expect_v4(113, &data);

    // The VLAN form: protocol 0x8100, then TCI and the inner protocol.
    let mut data = vec![0, 4, 0, 1, 0, 6];
    data.extend_from_slice(&MAC_A);
    data.extend_from_slice(&[0, 0, 0x81, 0x00, 0x00, 0x2a, 0x86, 0xdd]);
    data.extend_from_slice(&ipv6_tcp(PAYLOAD));
    expect_v6(113, &data);
}

#[test]
fn linux_cooked_v1_arp_and_other_protocols() {
    let mut data = vec![0, 1, 0, 1, 0, 6];
    data.extend_from_slice(&MAC_A);
    data.extend_from_slice(&[0, 0, 0x08, 0x06]);
    data.extend_from_slice(&[0; 28]);
    let (result, stats) = decode_one(113, &data);
    assert_eq!(result.unwrap_err(), "NotTcp(Arp)");
    assert_eq!(stats.not_tcp[&NotTcp::Arp], 1);

    // Protocol 0x0004: 802.2 LLC frames, not IP.
    let len = data.len();
    data[14..16].copy_from_slice(&[0x00, 0x04]);
    let (result, stats) = decode_one(113, &data[..len]);
    assert_eq!(result.unwrap_err(), "NotTcp(OtherLink)");
    assert_eq!(stats.not_tcp[&NotTcp::OtherLink], 1);
}

fn sll2_header(protocol: u16) -> Vec<u8> {
    let mut data = protocol.to_be_bytes().to_vec();
    data.extend_from_slice(&[0, 0]); // reserved
    data.extend_from_slice(&3u32.to_be_bytes()); // interface index
    data.extend_from_slice(&[0, 1, 4, 6]); // ARPHRD_ETHER, outgoing, address length
    data.extend_from_slice(&MAC_A);
    data.extend_from_slice(&[0, 0]);
    assert_eq!(data.len(), 20);
    data
}

#[test]
fn linux_cooked_v2() {
    let mut data = sll2_header(0x0800);
    data.extend_from_slice(&ipv4_tcp(PAYLOAD));
    expect_v4(276, &data);

    let mut data = sll2_header(0x86dd);
    data.extend_from_slice(&ipv6_tcp(PAYLOAD));
    expect_v6(276, &data);
}

#[test]
fn linux_cooked_v2_vlan() {
    let mut data = sll2_header(0x8100);
    data.extend_from_slice(&[0x20, 0x2a, 0x08, 0x00]); // TCI (PCP 1, VLAN 42), IPv4
    data.extend_from_slice(&ipv4_tcp(PAYLOAD));
    expect_v4(276, &data);
}

#[test]
fn raw_ip_link_types() {
    for link_type in [101, 12, 14] {
        expect_v4(link_type, &ipv4_tcp(PAYLOAD));
        expect_v6(link_type, &ipv6_tcp(PAYLOAD));
    }
    expect_v4(228, &ipv4_tcp(PAYLOAD));
    expect_v6(229, &ipv6_tcp(PAYLOAD));

    // 228 is IPv4 only, 229 IPv6 only.
    let (result, _) = decode_one(228, &ipv6_tcp(PAYLOAD));
    assert_eq!(result.unwrap_err(), r#"Malformed("bad IPv4 header")"#);
    let (result, _) = decode_one(229, &ipv4_tcp(PAYLOAD));
    assert_eq!(result.unwrap_err(), r#"Malformed("bad IPv6 header")"#);
    let (result, _) = decode_one(101, &[0x50, 0, 0, 0]);
    assert_eq!(result.unwrap_err(), r#"Malformed("unknown IP version")"#);
}

#[test]
fn bsd_loopback_both_byte_orders() {
    for family in [2u32.to_le_bytes(), 2u32.to_be_bytes()] {
        let mut data = family.to_vec();
        data.extend_from_slice(&ipv4_tcp(PAYLOAD));
        expect_v4(0, &data);
    }
    for af in [24u32, 28, 30, 10] {
        for family in [af.to_le_bytes(), af.to_be_bytes()] {
            let mut data = family.to_vec();
            data.extend_from_slice(&ipv6_tcp(PAYLOAD));
            expect_v6(0, &data);
        }
    }
}

#[test]
fn openbsd_loopback() {
    let mut data = 2u32.to_be_bytes().to_vec();
    data.extend_from_slice(&ipv4_tcp(PAYLOAD));
    expect_v4(108, &data);
    let mut data = 24u32.to_be_bytes().to_vec();
    data.extend_from_slice(&ipv6_tcp(PAYLOAD));
    expect_v6(108, &data);
}

#[test]
fn unknown_link_type_is_counted() {
    let (result, stats) = decode_one(147, &ipv4_tcp(PAYLOAD));
    assert_eq!(result.unwrap_err(), "NotTcp(UnsupportedLinkType)");
    assert_eq!(stats.not_tcp[&NotTcp::UnsupportedLinkType], 1);
    assert_eq!(stats.frames_per_link_type[&LinkType(147)], 1);
    assert_eq!(stats.not_tcp_total(), 1);
}

// ---- IP ------------------------------------------------------------------

#[test]
fn ipv4_with_options() {
    let mut header = Ipv4Header::new(0, 64, IpNumber::TCP, V4_A, V4_B).unwrap();
    // Record route (7 bytes) and end of options: 8 bytes of options.
    header.options = [7, 7, 4, 0, 0, 0, 0, 0].into();
    let data = with_tcp(
        PacketBuilder::ethernet2(MAC_A, MAC_B)
            .ip(IpHeaders::Ipv4(header, Ipv4Extensions::default())),
        PAYLOAD,
    );
    assert_eq!(data[14], 0x47, "IHL 7");
    expect_v4(1, &data);
}

#[test]
fn ipv6_hop_by_hop_and_destination_options() {
    let header = Ipv6Header {
        hop_limit: 64,
        source: V6_A,
        destination: V6_B,
        ..Default::default()
    };
    let extensions = Ipv6Extensions {
        hop_by_hop_options: Some(
            Ipv6RawExtHeader::new_raw(IpNumber(0), &[1, 2, 0, 0, 0, 0]).unwrap(),
        ),
        destination_options: Some(
            Ipv6RawExtHeader::new_raw(IpNumber(0), &[1, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
                .unwrap(),
        ),
        ..Default::default()
    };
    let data = with_tcp(
        PacketBuilder::ethernet2(MAC_A, MAC_B).ip(IpHeaders::Ipv6(header, extensions)),
        PAYLOAD,
    );
    assert_eq!(data[14 + 6], 0, "hop-by-hop first");
    assert_eq!(data[14 + 40], 60, "then destination options");
    assert_eq!(data[14 + 48], 6, "then TCP");
    expect_v6(1, &data);
}

#[test]
fn ipv6_esp_and_no_next_header_are_not_tcp() {
    for next in [50u8, 59] {
        let mut data = ipv6_tcp(PAYLOAD);
        data[6] = next;
        let (result, stats) = decode_one(229, &data);
        assert_eq!(result.unwrap_err(), "NotTcp(OtherIp)");
        assert_eq!(stats.not_tcp[&NotTcp::OtherIp], 1);
    }
}

#[test]
fn ipv4_authentication_header_is_followed() {
    let tcp = &ipv4_tcp(PAYLOAD)[20..];
    // AH: next header TCP, payload length 4 (24 bytes in all).
    let mut ah = vec![6, 4, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1];
    ah.extend_from_slice(&[0; 12]);
    let mut data = ipv4_tcp(PAYLOAD)[..20].to_vec();
    data[9] = 51;
    let total = u16::try_from(20 + ah.len() + tcp.len()).unwrap();
    data[2..4].copy_from_slice(&total.to_be_bytes());
    data.extend_from_slice(&ah);
    data.extend_from_slice(tcp);
    expect_v4(228, &data);
}

#[test]
fn udp_icmp_arp_other_are_counted() {
    let mut decoder = LinkDecoder::new();
    let mut udp = Vec::new();
    PacketBuilder::ethernet2(MAC_A, MAC_B)
        .ipv4(V4_A, V4_B, 64)
        .udp(5353, 53)
        .write(&mut udp, b"query")
        .unwrap();
    let mut icmp = Vec::new();
    PacketBuilder::ethernet2(MAC_A, MAC_B)
        .ipv4(V4_A, V4_B, 64)
        .icmpv4_echo_request(1, 2)
        .write(&mut icmp, b"ping")
        .unwrap();
    let mut icmp6 = Vec::new();
    PacketBuilder::ipv6(V6_A, V6_B, 64)
        .icmpv6_echo_request(1, 2)
        .write(&mut icmp6, b"ping")
        .unwrap();
    let mut udp6 = Vec::new();
    PacketBuilder::ipv6(V6_A, V6_B, 64)
        .udp(5353, 53)
        .write(&mut udp6, b"query")
        .unwrap();
    let arp = ethernet(0x0806, &[0; 28]);
    let lldp = ethernet(0x88cc, &[0; 30]);
    let mut gre = ipv4_tcp(PAYLOAD);
    gre[9] = 47;

    let cases: [(u32, &[u8], NotTcp); 7] = [
        (1, &udp, NotTcp::Udp),
        (1, &icmp, NotTcp::Icmp),
        (229, &icmp6, NotTcp::Icmp),
        (229, &udp6, NotTcp::Udp),
        (1, &arp, NotTcp::Arp),
        (1, &lldp, NotTcp::OtherLink),
        (228, &gre, NotTcp::OtherIp),
    ];
    for (link_type, data, kind) in cases {
        match decoder.decode(&frame(link_type, 0, data)) {
            Packet::NotTcp(k) => assert_eq!(k, kind),
            other => panic!("{kind:?}: {other:?}"),
        }
    }
    let stats = decoder.stats();
    assert_eq!(stats.frames, 7);
    assert_eq!(stats.tcp, 0);
    assert_eq!(stats.not_tcp[&NotTcp::Udp], 2);
    assert_eq!(stats.not_tcp[&NotTcp::Icmp], 2);
    assert_eq!(stats.not_tcp[&NotTcp::Arp], 1);
    assert_eq!(stats.not_tcp[&NotTcp::OtherLink], 1);
    assert_eq!(stats.not_tcp[&NotTcp::OtherIp], 1);
    assert_eq!(stats.not_tcp_total(), 7);
    assert_eq!(stats.frames_per_link_type[&LinkType::ETHERNET], 4);
    assert_eq!(stats.frames_per_link_type[&LinkType::IPV6], 2);
    assert_eq!(stats.frames_per_link_type[&LinkType::IPV4], 1);
}

// ---- lengths -------------------------------------------------------------

#[test]
fn snaplen_truncation_reports_missing_bytes() {
    let payload: Vec<u8> = (0..100).collect();
    let full = ethernet(0x0800, &ipv4_tcp(&payload));
    let cut = &full[..14 + 20 + 20 + 30];
    let mut decoder = LinkDecoder::new();
    let mut f = frame(1, 0, cut);
    f.orig_len = u32::try_from(full.len()).unwrap();
    match decoder.decode(&f) {
        Packet::Tcp(s) => {
            assert_eq!(s.payload, &payload[..30]);
            assert_eq!(s.missing, 70);
            assert_eq!(s.seq, SEQ);
        }
        other => panic!("{other:?}"),
    }

    let full = ipv6_tcp(&payload);
    match decoder.decode(&frame(229, 0, &full[..40 + 20 + 1])) {
        Packet::Tcp(s) => {
            assert_eq!(s.payload, &payload[..1]);
            assert_eq!(s.missing, 99);
        }
        other => panic!("{other:?}"),
    }
    // Cut right after the TCP header: no payload, all missing.
    match decoder.decode(&frame(229, 0, &full[..40 + 20])) {
        Packet::Tcp(s) => {
            assert_eq!(s.payload, b"");
            assert_eq!(s.missing, 100);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(decoder.stats().tcp, 3);
}

#[test]
fn truncated_headers_are_malformed() {
    let full = ethernet(0x0800, &ipv4_tcp(PAYLOAD));
    let cases: [(&[u8], &str); 4] = [
        (&full[..14 + 20 + 10], "truncated TCP header"),
        (&full[..14 + 20 + 19], "truncated TCP header"),
        (&full[..14 + 12], "truncated IPv4 header"),
        (&full[..10], "truncated Ethernet header"),
    ];
    let mut decoder = LinkDecoder::new();
    for (data, why) in cases {
        match decoder.decode(&frame(1, 0, data)) {
            Packet::Malformed(m) => assert_eq!(m, why),
            other => panic!("{why}: {other:?}"),
        }
    }
    let v6 = ipv6_tcp(PAYLOAD);
    match decoder.decode(&frame(229, 0, &v6[..40 + 5])) {
        Packet::Malformed(m) => assert_eq!(m, "truncated TCP header"),
        other => panic!("{other:?}"),
    }
    match decoder.decode(&frame(229, 0, &v6[..30])) {
        Packet::Malformed(m) => assert_eq!(m, "truncated IPv6 header"),
        other => panic!("{other:?}"),
    }
    assert_eq!(decoder.stats().malformed, 6);
    assert_eq!(decoder.stats().tcp, 0);
}

#[test]
fn ip_length_too_short_for_tcp_header_is_malformed() {
    let mut data = ipv4_tcp(b"");
    data[2..4].copy_from_slice(&30u16.to_be_bytes());
    let (result, stats) = decode_one(228, &data);
    assert_eq!(
        result.unwrap_err(),
        r#"Malformed("TCP header longer than the IP payload")"#
    );
    assert_eq!(stats.malformed, 1);
}

#[test]
fn ethernet_padding_is_not_payload() {
    let mut data = ethernet(0x0800, &ipv4_tcp(b"hi"));
    assert_eq!(data.len(), 56);
    data.resize(60, 0xaa);
    let (result, _) = decode_one(1, &data);
    assert_eq!(result.unwrap().payload, b"hi");

    let mut data = ethernet(0x0800, &ipv4_tcp(b""));
    data.resize(60, 0);
    let (result, _) = decode_one(1, &data);
    let s = result.unwrap();
    assert_eq!(s.payload, b"");
    assert_eq!(s.missing, 0);

    // IPv6 frames are padded too when a trailer follows.
    let mut data = ethernet(0x86dd, &ipv6_tcp(b"x"));
    data.extend_from_slice(&[0xee; 4]); // e.g. an FCS
    let (result, _) = decode_one(1, &data);
    assert_eq!(result.unwrap().payload, b"x");
}

#[test]
fn ipv4_zero_total_length_uses_the_capture() {
    // Segmentation offload: outgoing packets captured with total length 0.
    let mut data = ipv4_tcp(PAYLOAD);
    data[2..4].copy_from_slice(&[0, 0]);
    expect_v4(228, &data);
}
