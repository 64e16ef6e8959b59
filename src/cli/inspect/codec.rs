//! The fixed binary encoding of a [`Row`] in a spilled run: every row takes
//! [`RECORD_LEN`] bytes, integers little-endian.
//!
//! The encoding is read back by the process that wrote it, so the
//! `&'static str` labels of a [`Decoding`] are stored as indices into a
//! [`Labels`] table kept beside the file, not as text.
//!
//! Layout, in order:
//!
//! | field | bytes |
//! | --- | --- |
//! | stream id | u64 |
//! | client, server | 2 × address (family byte 4 or 6, 16 address bytes, IPv4 in the first 4; u16 port) |
//! | flags | u8: bit 0 `roles_from_handshake`, bit 1 `evicted` |
//! | first frame, start, last frame, last | u64, timestamp, u64, timestamp (i64 seconds, u32 nanoseconds) |
//! | per direction (c→s, s→c) | 8 × u64, the [`DirStats`] fields in declaration order |
//! | end reason | u8 |
//! | decoding | presence u8 (0 absent, 1 over TCP, 2 over WebSocket), then (zeros when absent): protocol (presence u8, u8), dialect (presence u8, u16 label), how (u16 label), per direction 3 × u64 + u32 ([`DirCounts`]) |
//!
//! Socket addresses are rebuilt with `SocketAddr::new`: IPv6 flow info and
//! scope id are not kept (the link layer never sets them).

use super::rows::{Decoding, Row};
use cardshark::capture::Timestamp;
use cardshark::decode::DirCounts;
use cardshark::protocols::ProtocolId;
use cardshark::reassembly::{DirStats, EndReason, StreamInfo};
use cardshark::transport::Transport;
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// Bytes of one encoded row.
pub const RECORD_LEN: usize = 8 + 2 * ADDR + 1 + 2 * (8 + TS) + 2 * DIR + 1 + DECODING;
const ADDR: usize = 1 + 16 + 2;
const TS: usize = 8 + 4;
const DIR: usize = 8 * 8;
const COUNTS: usize = 3 * 8 + 4;
const DECODING: usize = 1 + 2 + 3 + 2 + 2 * COUNTS;

/// The end reasons by their code (their index here); see [`reason_code`].
const REASONS: [EndReason; 4] = [
    EndReason::Fin,
    EndReason::Rst,
    EndReason::Timeout,
    EndReason::Eof,
];

/// The code of an end reason: its index in [`REASONS`].
fn reason_code(r: EndReason) -> u8 {
    match r {
        EndReason::Fin => 0,
        EndReason::Rst => 1,
        EndReason::Timeout => 2,
        EndReason::Eof => 3,
    }
}

/// The protocols by their code (their index here); see [`protocol_code`].
const PROTOCOLS: [ProtocolId; 5] = [
    ProtocolId::PokerTh,
    ProtocolId::PokerNetwork,
    ProtocolId::Gls,
    ProtocolId::CardGame,
    ProtocolId::PokerTh1,
];

/// The code of a protocol: its index in [`PROTOCOLS`].
fn protocol_code(p: ProtocolId) -> u8 {
    match p {
        ProtocolId::PokerTh => 0,
        ProtocolId::PokerNetwork => 1,
        ProtocolId::Gls => 2,
        ProtocolId::CardGame => 3,
        ProtocolId::PokerTh1 => 4,
    }
}

/// The `&'static str` labels met while encoding, each stored by its index
/// here. Only a handful exist (how a protocol was chosen, dialect names).
#[derive(Debug, Clone, Default)]
pub struct Labels(Vec<&'static str>);

impl Labels {
    /// The index of `label`, added when new.
    fn index(&mut self, label: &'static str) -> io::Result<u16> {
        let i = match self.0.iter().position(|&l| l == label) {
            Some(i) => i,
            None => {
                self.0.push(label);
                self.0.len() - 1
            }
        };
        u16::try_from(i).map_err(|_| invalid("too many distinct labels"))
    }

    /// The label stored at `i`.
    fn get(&self, i: u16) -> io::Result<&'static str> {
        self.0
            .get(usize::from(i))
            .copied()
            .ok_or_else(|| invalid("label index out of range"))
    }
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("corrupt row: {what}"))
}

/// Writes `row` into `buf`, adding its labels to `labels`.
pub fn encode(row: &Row, labels: &mut Labels, buf: &mut [u8; RECORD_LEN]) -> io::Result<()> {
    buf.fill(0);
    let mut w = Put { buf, at: 0 };
    let i = &row.info;
    w.u64(i.id);
    w.addr(i.client);
    w.addr(i.server);
    w.u8(u8::from(i.roles_from_handshake) | u8::from(i.evicted) << 1);
    w.u64(i.first_frame);
    w.ts(i.start);
    w.u64(i.last_frame);
    w.ts(i.last);
    for d in &i.dirs {
        for v in [
            d.packets,
            d.wire_bytes,
            d.delivered,
            d.gaps,
            d.gap_bytes,
            d.retransmissions,
            d.keepalives,
            d.conflicts,
        ] {
            w.u64(v);
        }
    }
    w.u8(reason_code(row.reason));
    let Some(d) = &row.decoding else {
        return Ok(()); // the rest stays zero
    };
    w.u8(match d.transport {
        Transport::Tcp => 1,
        Transport::WebSocket => 2,
    });
    w.u8(u8::from(d.protocol.is_some()));
    w.u8(d.protocol.map_or(0, protocol_code));
    w.u8(u8::from(d.dialect.is_some()));
    w.u16(match d.dialect {
        Some(s) => labels.index(s)?,
        None => 0,
    });
    w.u16(labels.index(d.how)?);
    for c in &d.counts {
        w.u64(c.messages);
        w.u64(c.errors);
        w.u64(c.unknown_bytes);
        w.u32(c.violations);
    }
    debug_assert_eq!(w.at, RECORD_LEN);
    Ok(())
}

/// The row encoded in `buf`, its labels looked up in `labels`.
pub fn decode(buf: &[u8; RECORD_LEN], labels: &Labels) -> io::Result<Row> {
    let mut r = Take { buf, at: 0 };
    let id = r.u64();
    let client = r.addr()?;
    let server = r.addr()?;
    let flags = r.u8();
    let first_frame = r.u64();
    let start = r.ts();
    let last_frame = r.u64();
    let last = r.ts();
    let mut dirs = [DirStats::default(); 2];
    for d in &mut dirs {
        *d = DirStats {
            packets: r.u64(),
            wire_bytes: r.u64(),
            delivered: r.u64(),
            gaps: r.u64(),
            gap_bytes: r.u64(),
            retransmissions: r.u64(),
            keepalives: r.u64(),
            conflicts: r.u64(),
        };
    }
    let reason = *REASONS
        .get(usize::from(r.u8()))
        .ok_or_else(|| invalid("end reason"))?;
    let info = StreamInfo {
        id,
        client,
        server,
        roles_from_handshake: flags & 1 != 0,
        first_frame,
        start,
        last_frame,
        last,
        dirs,
        evicted: flags & 2 != 0,
    };
    let presence = r.u8();
    let decoding = if presence == 0 {
        None
    } else {
        let transport = match presence {
            1 => Transport::Tcp,
            2 => Transport::WebSocket,
            _ => return Err(invalid("transport")),
        };
        let has_protocol = r.u8() != 0;
        let p = r.u8();
        let protocol = match has_protocol {
            true => Some(
                *PROTOCOLS
                    .get(usize::from(p))
                    .ok_or_else(|| invalid("protocol"))?,
            ),
            false => None,
        };
        let has_dialect = r.u8() != 0;
        let dialect = r.u16();
        let dialect = match has_dialect {
            true => Some(labels.get(dialect)?),
            false => None,
        };
        let how = labels.get(r.u16())?;
        let mut counts = [DirCounts::default(); 2];
        for c in &mut counts {
            *c = DirCounts {
                messages: r.u64(),
                errors: r.u64(),
                unknown_bytes: r.u64(),
                violations: r.u32(),
            };
        }
        Some(Decoding {
            protocol,
            dialect,
            how,
            transport,
            counts,
        })
    };
    Ok(Row {
        info,
        reason,
        decoding,
    })
}

/// Writes fields one after the other into a record.
struct Put<'a> {
    buf: &'a mut [u8; RECORD_LEN],
    at: usize,
}

impl Put<'_> {
    fn bytes(&mut self, b: &[u8]) {
        self.buf[self.at..self.at + b.len()].copy_from_slice(b);
        self.at += b.len();
    }
    fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }
    fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn ts(&mut self, t: Timestamp) {
        self.bytes(&t.secs.to_le_bytes());
        self.u32(t.nanos);
    }
    fn addr(&mut self, a: SocketAddr) {
        let mut ip = [0; 16];
        match a.ip() {
            IpAddr::V4(v4) => {
                self.u8(4);
                ip[..4].copy_from_slice(&v4.octets());
            }
            IpAddr::V6(v6) => {
                self.u8(6);
                ip = v6.octets();
            }
        }
        self.bytes(&ip);
        self.u16(a.port());
    }
}

/// Reads fields one after the other from a record.
struct Take<'a> {
    buf: &'a [u8; RECORD_LEN],
    at: usize,
}

impl Take<'_> {
    fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut a = [0; N];
        a.copy_from_slice(&self.buf[self.at..self.at + N]);
        self.at += N;
        a
    }
    fn u8(&mut self) -> u8 {
        self.array::<1>()[0]
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.array())
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.array())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.array())
    }
    fn ts(&mut self) -> Timestamp {
        let secs = i64::from_le_bytes(self.array());
        Timestamp {
            secs,
            nanos: self.u32(),
        }
    }
    fn addr(&mut self) -> io::Result<SocketAddr> {
        let family = self.u8();
        let ip: [u8; 16] = self.array();
        let ip = match family {
            4 => IpAddr::V4(Ipv4Addr::new(ip[0], ip[1], ip[2], ip[3])),
            6 => IpAddr::V6(Ipv6Addr::from(ip)),
            _ => return Err(invalid("address family")),
        };
        Ok(SocketAddr::new(ip, self.u16()))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A row with every field set to something distinct.
    pub(in crate::cli::inspect) fn sample(id: u64, client: &str, server: &str) -> Row {
        let dir = |k: u64| DirStats {
            packets: k + 1,
            wire_bytes: k + 2,
            delivered: k + 3,
            gaps: k + 4,
            gap_bytes: k + 5,
            retransmissions: k + 6,
            keepalives: k + 7,
            conflicts: u64::MAX - k,
        };
        let counts = |k: u64| DirCounts {
            messages: k + 11,
            errors: k + 12,
            unknown_bytes: k + 13,
            violations: u32::MAX - k as u32,
        };
        Row {
            info: StreamInfo {
                id,
                client: client.parse().unwrap(),
                server: server.parse().unwrap(),
                roles_from_handshake: true,
                first_frame: 17,
                start: Timestamp::new(-5, 999_999_999),
                last_frame: u64::MAX,
                last: Timestamp::new(1_700_000_000, 123_456_789),
                dirs: [dir(100), dir(200)],
                evicted: false,
            },
            reason: EndReason::Rst,
            decoding: Some(Decoding {
                protocol: Some(ProtocolId::Gls),
                dialect: Some("gls-beta"),
                how: "forced",
                transport: Transport::WebSocket,
                counts: [counts(0), counts(50)],
            }),
        }
    }

    fn round_trip(row: &Row, labels: &mut Labels) -> Row {
        let mut buf = [0xAA; RECORD_LEN];
        encode(row, labels, &mut buf).unwrap();
        decode(&buf, labels).unwrap()
    }

    #[test]
    fn every_field_round_trips() {
        let mut labels = Labels::default();
        let v4 = sample(7, "10.1.2.3:40000", "192.168.0.1:7234");
        assert_eq!(round_trip(&v4, &mut labels), v4);
        let v6 = sample(u64::MAX, "[2001:db8::1]:65535", "[::ffff:10.0.0.1]:0");
        assert_eq!(round_trip(&v6, &mut labels), v6);
        // Each flag alone, each reason, each protocol, no protocol.
        for (n, reason) in REASONS.into_iter().enumerate() {
            let mut r = sample(n as u64, "10.0.0.1:1", "[::1]:2");
            r.reason = reason;
            r.info.roles_from_handshake = n % 2 == 0;
            r.info.evicted = n % 2 == 1;
            let d = r.decoding.as_mut().unwrap();
            d.protocol = Some(PROTOCOLS[n]);
            d.dialect = None;
            d.how = ["detected", "forced", "unknown", "detected"][n];
            assert_eq!(round_trip(&r, &mut labels), r);
        }
        let mut none = sample(3, "10.0.0.1:1", "10.0.0.2:2");
        none.decoding = None;
        assert_eq!(round_trip(&none, &mut labels), none);
        let mut unknown = sample(4, "10.0.0.1:1", "10.0.0.2:2");
        unknown.decoding.as_mut().unwrap().protocol = None;
        assert_eq!(round_trip(&unknown, &mut labels), unknown);
        for (code, r) in REASONS.into_iter().enumerate() {
            assert_eq!(usize::from(reason_code(r)), code);
        }
        for (code, p) in PROTOCOLS.into_iter().enumerate() {
            assert_eq!(usize::from(protocol_code(p)), code);
        }
        // Labels are kept once each.
        assert_eq!(labels.0, ["gls-beta", "forced", "detected", "unknown"]);
    }

    #[test]
    fn corrupt_records_are_errors_not_panics() {
        let mut labels = Labels::default();
        let mut buf = [0; RECORD_LEN];
        encode(
            &sample(1, "10.0.0.1:1", "10.0.0.2:2"),
            &mut labels,
            &mut buf,
        )
        .unwrap();
        let mut bad_family = buf;
        bad_family[8] = 5;
        assert!(decode(&bad_family, &labels).is_err());
        assert!(decode(&buf, &Labels::default()).is_err(), "unknown label");
        let mut bad_reason = buf;
        bad_reason[RECORD_LEN - DECODING - 1] = 9;
        assert!(decode(&bad_reason, &labels).is_err());
    }
}
