//! The fixed binary encoding of a [`Row`] in a spilled run: every row takes
//! [`RECORD_LEN`] bytes, integers little-endian, enumerations as one-byte
//! codes (their index in a table here).
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
//! | decoding | transport u8 (0: no decoding, 1 TCP, 2 WebSocket), then (zeros when absent): protocol u8, dialect u8 (0 none, else 1 + code), how u8, per direction 3 × u64 + u32 ([`DirCounts`]) |
//!
//! Socket addresses are rebuilt with `SocketAddr::new`: IPv6 flow info and
//! scope id are not kept (the link layer never sets them). The Community
//! ID is not kept either: it is made again from the endpoints. Bytes this
//! encoding did not write (a code past its table, an unknown address
//! family) are an error, never a panic.

use super::rows::{Decoding, Row};
use cardshark::capture::Timestamp;
use cardshark::decode::{DirCounts, How};
use cardshark::output::spill::Spill;
use cardshark::protocols::{Dialect, ProtocolId};
use cardshark::reassembly::{CommunityId, DirStats, EndReason, StreamInfo};
use cardshark::transport::Transport;
use std::io;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// Bytes of one encoded row.
pub const RECORD_LEN: usize = 8 + 2 * ADDR + 1 + 2 * (8 + TS) + 2 * DIR + 1 + DECODING;
const ADDR: usize = 1 + 16 + 2;
const TS: usize = 8 + 4;
const DIR: usize = 8 * 8;
const COUNTS: usize = 3 * 8 + 4;
const DECODING: usize = 4 + 2 * COUNTS;

/// The end reasons by their code (their index here).
const REASONS: [EndReason; 4] = [
    EndReason::Fin,
    EndReason::Rst,
    EndReason::Timeout,
    EndReason::Eof,
];

/// The transports by their code less one (0 is "no decoding").
const TRANSPORTS: [Transport; 2] = [Transport::Tcp, Transport::WebSocket];

/// The code of `v`: its index in `table`.
fn code<T: PartialEq>(table: &[T], v: &T) -> u8 {
    let i = table.iter().position(|t| t == v);
    u8::try_from(i.expect("every value is in its table")).expect("tables are short")
}

/// The value of code `c` in `table`; a code past it is corrupt.
fn value<T: Copy>(table: &[T], c: u8, what: &str) -> io::Result<T> {
    table
        .get(usize::from(c))
        .copied()
        .ok_or_else(|| invalid(what))
}

/// An optional value: 0 for none, else 1 + its code.
fn opt_code<T: PartialEq>(table: &[T], v: Option<&T>) -> u8 {
    v.map_or(0, |v| 1 + code(table, v))
}

/// What [`opt_code`] wrote.
fn opt_value<T: Copy>(table: &[T], c: u8, what: &str) -> io::Result<Option<T>> {
    match c {
        0 => Ok(None),
        c => value(table, c - 1, what).map(Some),
    }
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("corrupt row: {what}"))
}

/// Writes `row` into `buf`.
pub fn encode(row: &Row, buf: &mut [u8; RECORD_LEN]) {
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
    w.u8(code(&REASONS, &row.reason));
    let Some(d) = &row.decoding else {
        return; // the rest stays zero
    };
    w.u8(opt_code(&TRANSPORTS, Some(&d.transport)));
    w.u8(opt_code(&ProtocolId::ALL, d.protocol.as_ref()));
    w.u8(opt_code(&Dialect::ALL, d.dialect.as_ref()));
    w.u8(code(&How::ALL, &d.how));
    for c in &d.counts {
        w.u64(c.messages);
        w.u64(c.errors);
        w.u64(c.unknown_bytes);
        w.u32(c.violations);
    }
    debug_assert_eq!(w.at, RECORD_LEN);
}

/// The row encoded in `buf`.
pub fn decode(buf: &[u8; RECORD_LEN]) -> io::Result<Row> {
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
    let reason = value(&REASONS, r.u8(), "end reason")?;
    let info = StreamInfo {
        id,
        client,
        server,
        // Made from the endpoints, as when the stream opened.
        community_id: CommunityId::tcp(client, server),
        roles_from_handshake: flags & 1 != 0,
        first_frame,
        start,
        last_frame,
        last,
        dirs,
        evicted: flags & 2 != 0,
    };
    let decoding = match opt_value(&TRANSPORTS, r.u8(), "transport")? {
        None => None,
        Some(transport) => {
            let protocol = opt_value(&ProtocolId::ALL, r.u8(), "protocol")?;
            let dialect = opt_value(&Dialect::ALL, r.u8(), "dialect")?;
            let how = value(&How::ALL, r.u8(), "how")?;
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
        }
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

/// A row spills as its fixed-size record.
impl Spill for Row {
    type Key = u64;

    fn key(&self) -> u64 {
        self.info.id
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut buf = [0; RECORD_LEN];
        encode(self, &mut buf);
        out.write_all(&buf)
    }

    fn read_from(input: &mut impl Read) -> io::Result<Self> {
        let mut buf = [0; RECORD_LEN];
        input.read_exact(&mut buf)?;
        decode(&buf)
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
                community_id: CommunityId::tcp(client.parse().unwrap(), server.parse().unwrap()),
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
                protocol: Some(ProtocolId::PokerNetwork),
                dialect: Some(Dialect::PokerNetwork2),
                how: How::Forced,
                transport: Transport::WebSocket,
                counts: [counts(0), counts(50)],
            }),
        }
    }

    fn round_trip(row: &Row) -> Row {
        let mut buf = [0xAA; RECORD_LEN];
        encode(row, &mut buf);
        decode(&buf).unwrap()
    }

    #[test]
    fn a_row_takes_what_the_docs_say() {
        assert_eq!(RECORD_LEN, 276);
    }

    #[test]
    fn every_field_round_trips() {
        let v4 = sample(7, "10.1.2.3:40000", "192.168.0.1:7234");
        assert_eq!(round_trip(&v4), v4);
        let v6 = sample(u64::MAX, "[2001:db8::1]:65535", "[::ffff:10.0.0.1]:0");
        assert_eq!(round_trip(&v6), v6);
        // Each flag alone, each reason, each protocol, dialect, way of
        // choosing and transport; none of the optional ones.
        for n in 0..5 {
            let mut r = sample(n as u64, "10.0.0.1:1", "[::1]:2");
            r.reason = REASONS[n % 4];
            r.info.roles_from_handshake = n % 2 == 0;
            r.info.evicted = n % 2 == 1;
            let d = r.decoding.as_mut().unwrap();
            d.protocol = Some(ProtocolId::ALL[n]);
            d.dialect = Some(Dialect::ALL[n]);
            d.how = How::ALL[n % 3];
            d.transport = TRANSPORTS[n % 2];
            assert_eq!(round_trip(&r), r);
            r.decoding.as_mut().unwrap().dialect = None;
            assert_eq!(round_trip(&r), r);
        }
        let mut none = sample(3, "10.0.0.1:1", "10.0.0.2:2");
        none.decoding = None;
        assert_eq!(round_trip(&none), none);
        let mut unknown = sample(4, "10.0.0.1:1", "10.0.0.2:2");
        let d = unknown.decoding.as_mut().unwrap();
        (d.protocol, d.dialect, d.how) = (None, None, How::Unknown);
        assert_eq!(round_trip(&unknown), unknown);
    }

    #[test]
    fn corrupt_records_are_errors_not_panics() {
        let mut buf = [0; RECORD_LEN];
        encode(&sample(1, "10.0.0.1:1", "10.0.0.2:2"), &mut buf);
        assert!(decode(&buf).is_ok());
        let mut bad_family = buf;
        bad_family[8] = 5;
        assert!(decode(&bad_family).is_err());
        // Every code of the row, one past its table (and 0xff).
        let reason = RECORD_LEN - DECODING - 1;
        for (at, past) in [
            (reason, REASONS.len()),
            (reason + 1, TRANSPORTS.len() + 1),
            (reason + 2, ProtocolId::ALL.len() + 1),
            (reason + 3, Dialect::ALL.len() + 1),
            (reason + 4, How::ALL.len()),
        ] {
            for v in [past as u8, 0xff] {
                let mut bad = buf;
                bad[at] = v;
                assert!(decode(&bad).is_err(), "byte {at} = {v}");
            }
        }
        // Any byte anywhere: an error or a row, never a panic.
        for at in 0..RECORD_LEN {
            let mut b = buf;
            b[at] ^= 0xff;
            let _ = decode(&b);
        }
    }
}

#[cfg(test)]
mod spill_tests {
    use super::super::rows::{store, RowStore};
    use super::tests::sample;
    use super::*;

    /// `n` rows of varied content, ids 0..n in a shuffled order.
    fn shuffled(n: u64) -> Vec<Row> {
        let reasons = [
            EndReason::Fin,
            EndReason::Rst,
            EndReason::Timeout,
            EndReason::Eof,
        ];
        // 37 is prime to the sizes used: i -> 37 i mod n is a permutation.
        (0..n)
            .map(|i| {
                let id = i * 37 % n;
                let mut r = match id % 3 {
                    0 => sample(id, "10.0.0.1:40000", "192.168.1.1:7234"),
                    1 => sample(id, "[2001:db8::7]:5", "[2001:db8::8]:19380"),
                    _ => sample(id, "10.9.8.7:1", "[::1]:13500"),
                };
                r.reason = reasons[(id % 4) as usize];
                r.info.first_frame = id * 10;
                match id % 5 {
                    0 => r.decoding = None,
                    1 => r.decoding.as_mut().unwrap().how = How::Detected,
                    2 => r.decoding.as_mut().unwrap().dialect = Some(Dialect::PokerTh2007),
                    _ => {}
                }
                r
            })
            .collect()
    }

    /// Rows come back whole through spilled runs, runs
    /// merged down, and the rows left in memory.
    #[test]
    fn spilled_rows_come_back_whole_in_stream_order() {
        let input = shuffled(101);
        let mut want = input.clone();
        want.sort_by_key(|r| r.info.id);
        let size = std::mem::size_of::<Row>();
        for mut store in [store(3), store(1000), RowStore::with_max_runs(3 * size, 4)] {
            for r in &input {
                store.push(r.clone()).unwrap();
            }
            let rows = store.finish().unwrap();
            assert_eq!(rows.len(), 101);
            for _ in 0..2 {
                let got: Vec<Row> = rows.merge().unwrap().map(Result::unwrap).collect();
                assert_eq!(got, want);
            }
        }
    }
}
