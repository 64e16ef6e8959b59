//! Test support: writes captures programmatically.
//!
//! - [`Conn`] plays one TCP connection and builds its packets (IPv4 or IPv6,
//!   as bytes starting at the IP header) with etherparse's packet builder;
//! - [`link`] wraps an IP packet in each link layer cardshark reads;
//! - [`fragment_v4`] / [`fragment_v6`] cut an IP packet into fragments;
//! - [`write_pcap`] / [`write_pcapng`] write the frames with pcap-file.
#![allow(dead_code)]

use etherparse::PacketBuilder;
use pcap_file::pcap::{PcapHeader, PcapPacket, PcapWriter};
use pcap_file::pcapng::blocks::enhanced_packet::EnhancedPacketBlock;
use pcap_file::pcapng::blocks::interface_description::InterfaceDescriptionBlock;
use pcap_file::pcapng::blocks::section_header::SectionHeaderBlock;
use pcap_file::pcapng::PcapNgWriter;
use pcap_file::{DataLink, Endianness, TsResolution};
use std::borrow::Cow;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const FIN: u8 = 0x01;
pub const SYN: u8 = 0x02;
pub const RST: u8 = 0x04;
pub const PSH: u8 = 0x08;
pub const ACK: u8 = 0x10;

/// One frame to write: its time in microseconds, its bytes, its length on the wire.
#[derive(Clone, Debug)]
pub struct Frame {
    pub ts_us: u64,
    pub data: Vec<u8>,
    pub orig_len: u32,
}

impl Frame {
    pub fn new(ts_us: u64, data: Vec<u8>) -> Self {
        let orig_len = data.len() as u32;
        Frame {
            ts_us,
            data,
            orig_len,
        }
    }

    /// The frame cut to `snaplen` bytes, as a capture with that snaplen keeps it.
    pub fn truncated(mut self, snaplen: usize) -> Self {
        self.data.truncate(snaplen);
        self
    }
}

/// A TCP segment of a [`Conn`], before it is built.
#[derive(Clone, Debug)]
pub struct Seg {
    pub from_client: bool,
    pub seq: u32,
    pub ack: u32,
    pub flags: u8,
    pub payload: Vec<u8>,
}

/// One TCP connection: endpoints, and each side's next sequence number.
#[derive(Clone, Debug)]
pub struct Conn {
    pub client: (IpAddr, u16),
    pub server: (IpAddr, u16),
    /// Next sequence number of the client and of the server.
    pub cseq: u32,
    pub sseq: u32,
}

impl Conn {
    pub fn new(client: &str, server: &str, cisn: u32, sisn: u32) -> Self {
        let parse = |s: &str| {
            let a: std::net::SocketAddr = s.parse().expect("endpoint");
            (a.ip(), a.port())
        };
        Conn {
            client: parse(client),
            server: parse(server),
            cseq: cisn,
            sseq: sisn,
        }
    }

    /// SYN, SYN-ACK, ACK: the three segments of the handshake.
    pub fn handshake(&mut self) -> Vec<Seg> {
        let syn = self.seg(true, SYN, b"");
        self.cseq = self.cseq.wrapping_add(1);
        let synack = self.seg(false, SYN | ACK, b"");
        self.sseq = self.sseq.wrapping_add(1);
        let ack = self.seg(true, ACK, b"");
        vec![syn, synack, ack]
    }

    /// A data segment from one side (PSH|ACK), advancing that side's sequence.
    pub fn data(&mut self, from_client: bool, payload: &[u8]) -> Seg {
        let s = self.seg(from_client, PSH | ACK, payload);
        self.advance(from_client, payload.len() as u32);
        s
    }

    /// A pure ACK from one side of everything the other side sent.
    pub fn ack(&self, from_client: bool) -> Seg {
        self.seg(from_client, ACK, b"")
    }

    /// FIN|ACK from one side, advancing its sequence by one.
    pub fn fin(&mut self, from_client: bool) -> Seg {
        let s = self.seg(from_client, FIN | ACK, b"");
        self.advance(from_client, 1);
        s
    }

    /// A segment with the side's current sequence number, not advancing it.
    pub fn seg(&self, from_client: bool, flags: u8, payload: &[u8]) -> Seg {
        let (seq, ack) = if from_client {
            (self.cseq, self.sseq)
        } else {
            (self.sseq, self.cseq)
        };
        Seg {
            from_client,
            seq,
            ack,
            flags,
            payload: payload.to_vec(),
        }
    }

    pub fn advance(&mut self, from_client: bool, n: u32) {
        if from_client {
            self.cseq = self.cseq.wrapping_add(n);
        } else {
            self.sseq = self.sseq.wrapping_add(n);
        }
    }

    /// The segment as an IP packet (IPv4 or IPv6 after the endpoints).
    pub fn ip(&self, s: &Seg) -> Vec<u8> {
        let (src, dst) = if s.from_client {
            (self.client, self.server)
        } else {
            (self.server, self.client)
        };
        let step = match (src.0, dst.0) {
            (IpAddr::V4(a), IpAddr::V4(b)) => PacketBuilder::ipv4(a.octets(), b.octets(), 64),
            (IpAddr::V6(a), IpAddr::V6(b)) => PacketBuilder::ipv6(a.octets(), b.octets(), 64),
            _ => panic!("mixed IP versions"),
        };
        let mut tcp = step.tcp(src.1, dst.1, s.seq, 64240);
        if s.flags & ACK != 0 {
            tcp = tcp.ack(s.ack);
        }
        if s.flags & SYN != 0 {
            tcp = tcp.syn();
        }
        if s.flags & FIN != 0 {
            tcp = tcp.fin();
        }
        if s.flags & RST != 0 {
            tcp = tcp.rst();
        }
        if s.flags & PSH != 0 {
            tcp = tcp.psh();
        }
        let mut out = Vec::with_capacity(tcp.size(s.payload.len()));
        tcp.write(&mut out, &s.payload).expect("build packet");
        out
    }

    /// The segment in an Ethernet frame.
    pub fn eth(&self, s: &Seg) -> Vec<u8> {
        link::ethernet(&self.ip(s))
    }

    /// Every segment in an Ethernet frame, 1 ms apart from `t0_us`.
    pub fn frames(&self, segs: &[Seg], t0_us: u64) -> Vec<Frame> {
        segs.iter()
            .enumerate()
            .map(|(i, s)| Frame::new(t0_us + 1000 * i as u64, self.eth(s)))
            .collect()
    }
}

/// Link-layer wrappers around an IP packet.
pub mod link {
    fn ethertype(ip: &[u8]) -> [u8; 2] {
        if ip[0] >> 4 == 6 {
            [0x86, 0xdd]
        } else {
            [0x08, 0x00]
        }
    }

    pub fn ethernet(ip: &[u8]) -> Vec<u8> {
        let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1];
        f.extend_from_slice(&ethertype(ip));
        f.extend_from_slice(ip);
        f
    }

    /// Ethernet with one 802.1Q tag per VLAN id given (outer first); the
    /// outer tags of a stack use the QinQ type 0x88a8.
    pub fn ethernet_vlan(ip: &[u8], vlans: &[u16]) -> Vec<u8> {
        let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1];
        for (i, v) in vlans.iter().enumerate() {
            let tpid: [u8; 2] = if i + 1 < vlans.len() {
                [0x88, 0xa8]
            } else {
                [0x81, 0x00]
            };
            f.extend_from_slice(&tpid);
            f.extend_from_slice(&v.to_be_bytes());
        }
        f.extend_from_slice(&ethertype(ip));
        f.extend_from_slice(ip);
        f
    }

    /// Linux cooked v1 (LINKTYPE_LINUX_SLL, 113).
    pub fn sll(ip: &[u8]) -> Vec<u8> {
        let mut f = vec![0, 0, 0, 1, 0, 6, 2, 0, 0, 0, 0, 1, 0, 0];
        f.extend_from_slice(&ethertype(ip));
        f.extend_from_slice(ip);
        f
    }

    /// Linux cooked v2 (LINKTYPE_LINUX_SLL2, 276).
    pub fn sll2(ip: &[u8]) -> Vec<u8> {
        let mut f = ethertype(ip).to_vec();
        f.extend_from_slice(&[0, 0, 0, 0, 0, 2, 0, 1, 0, 6, 2, 0, 0, 0, 0, 1, 0, 0]);
        f.extend_from_slice(ip);
        f
    }

    /// BSD loopback: DLT_NULL (0) in little-endian host order, or DLT_LOOP
    /// (108) in network order, with the BSD family numbers (2, and 30 for IPv6).
    pub fn null(ip: &[u8], network_order: bool) -> Vec<u8> {
        let family: u32 = if ip[0] >> 4 == 6 { 30 } else { 2 };
        let mut f = if network_order {
            family.to_be_bytes()
        } else {
            family.to_le_bytes()
        }
        .to_vec();
        f.extend_from_slice(ip);
        f
    }
}

/// Cuts an IPv4 packet into fragments carrying at most `chunk` payload
/// bytes each (a multiple of 8), with identification `id`.
pub fn fragment_v4(packet: &[u8], chunk: usize, id: u16) -> Vec<Vec<u8>> {
    assert!(chunk.is_multiple_of(8) && chunk > 0);
    let ihl = usize::from(packet[0] & 0x0f) * 4;
    let (header, payload) = packet.split_at(ihl);
    let pieces: Vec<&[u8]> = payload.chunks(chunk).collect();
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut h = header.to_vec();
            let total = (ihl + p.len()) as u16;
            h[2..4].copy_from_slice(&total.to_be_bytes());
            h[4..6].copy_from_slice(&id.to_be_bytes());
            let more = if i + 1 < pieces.len() { 0x2000 } else { 0 };
            let off = ((i * chunk / 8) as u16) | more;
            h[6..8].copy_from_slice(&off.to_be_bytes());
            h[10..12].copy_from_slice(&[0, 0]);
            let sum = ipv4_checksum(&h);
            h[10..12].copy_from_slice(&sum.to_be_bytes());
            h.extend_from_slice(p);
            h
        })
        .collect()
}

fn ipv4_checksum(h: &[u8]) -> u16 {
    let mut sum: u32 = h
        .chunks(2)
        .map(|w| u32::from(u16::from_be_bytes([w[0], w[1]])))
        .sum();
    while sum > 0xffff {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    !(sum as u16)
}

/// Cuts an IPv6 packet (with no extension headers) into fragments with a
/// Fragment header, at most `chunk` payload bytes each (a multiple of 8).
pub fn fragment_v6(packet: &[u8], chunk: usize, id: u32) -> Vec<Vec<u8>> {
    assert!(chunk.is_multiple_of(8) && chunk > 0);
    let (header, payload) = packet.split_at(40);
    let next = header[6];
    let pieces: Vec<&[u8]> = payload.chunks(chunk).collect();
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut h = header.to_vec();
            h[4..6].copy_from_slice(&((8 + p.len()) as u16).to_be_bytes());
            h[6] = 44;
            let more = u16::from(i + 1 < pieces.len());
            let off = (((i * chunk / 8) as u16) << 3) | more;
            h.extend_from_slice(&[next, 0]);
            h.extend_from_slice(&off.to_be_bytes());
            h.extend_from_slice(&id.to_be_bytes());
            h.extend_from_slice(p);
            h
        })
        .collect()
}

/// A temporary directory that lives as long as the value.
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    pub fn new() -> Self {
        TempDir(tempfile::tempdir().expect("temp dir"))
    }
    pub fn file(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}

/// Writes a pcap file with microsecond timestamps.
pub fn write_pcap(path: &Path, link_type: u32, snaplen: u32, frames: &[Frame]) {
    write_pcap_with(
        path,
        link_type,
        snaplen,
        Endianness::Little,
        TsResolution::MicroSecond,
        frames,
    )
}

pub fn write_pcap_with(
    path: &Path,
    link_type: u32,
    snaplen: u32,
    endianness: Endianness,
    ts_resolution: TsResolution,
    frames: &[Frame],
) {
    let header = PcapHeader {
        version_major: 2,
        version_minor: 4,
        ts_correction: 0,
        ts_accuracy: 0,
        snaplen,
        datalink: DataLink::from(link_type),
        ts_resolution,
        endianness,
    };
    let file = std::fs::File::create(path).expect("create capture");
    let mut w = PcapWriter::with_header(file, header).expect("pcap header");
    for f in frames {
        let ts = Duration::from_micros(f.ts_us);
        w.write_packet(&PcapPacket::new(ts, f.orig_len, &f.data))
            .expect("write packet");
    }
}

/// One pcapng section: its interfaces (link type, snaplen) and its packets
/// (interface index, frame).
pub struct Section {
    pub interfaces: Vec<(u32, u32)>,
    pub packets: Vec<(u32, Frame)>,
}

/// Writes a pcapng file of one or more sections, in the given byte order.
pub fn write_pcapng(path: &Path, endianness: Endianness, sections: &[Section]) {
    let file = std::fs::File::create(path).expect("create capture");
    let shb = SectionHeaderBlock {
        endianness,
        ..Default::default()
    };
    let mut w = PcapNgWriter::with_section_header(file, shb.clone()).expect("pcapng header");
    for (i, s) in sections.iter().enumerate() {
        if i > 0 {
            w.write_pcapng_block(shb.clone()).expect("section header");
        }
        for &(lt, snaplen) in &s.interfaces {
            w.write_pcapng_block(InterfaceDescriptionBlock::new(DataLink::from(lt), snaplen))
                .expect("interface");
        }
        for (iface, f) in &s.packets {
            let epb = EnhancedPacketBlock {
                interface_id: *iface,
                timestamp: Duration::from_micros(f.ts_us),
                original_len: f.orig_len,
                data: Cow::Borrowed(&f.data),
                options: vec![],
            };
            w.write_pcapng_block(epb).expect("packet");
        }
    }
}

/// Path of a file in testdata/.
pub fn testdata(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name)
}
