use super::*;
use crate::cli::inspect::rows::{store, RowStore};
use cardshark::capture::Timestamp;
use cardshark::reassembly::DirStats;

/// A row with every field set to something distinct.
fn sample(id: u64, client: &str, server: &str) -> Row {
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
            community_id: cardshark::reassembly::CommunityId::tcp(
                client.parse().unwrap(),
                server.parse().unwrap(),
            ),
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

const REASONS: [EndReason; 4] = [
    EndReason::Fin,
    EndReason::Rst,
    EndReason::Timeout,
    EndReason::Eof,
];

const TRANSPORTS: [Transport; 2] = [Transport::Tcp, Transport::WebSocket];

/// `row` as its record: length, then bytes.
fn encoded(row: &Row) -> Vec<u8> {
    let mut out = Vec::new();
    row.write_to(&mut out).unwrap();
    out
}

/// The one row in `bytes`, which must all be read.
fn read(mut bytes: &[u8]) -> io::Result<Row> {
    let row = Row::read_from(&mut bytes)?;
    assert!(bytes.is_empty(), "{} bytes left", bytes.len());
    Ok(row)
}

fn round_trip(row: &Row) -> Row {
    read(&encoded(row)).unwrap()
}

#[test]
fn the_largest_row_fits_a_record() {
    let mut r = sample(u64::MAX, "[ffff::1]:65535", "[ffff::2]:65535");
    r.info.first_frame = u64::MAX;
    r.info.start = Timestamp {
        secs: i64::MIN,
        nanos: u32::MAX,
    };
    r.info.last = r.info.start;
    for d in &mut r.info.dirs {
        *d = DirStats {
            packets: u64::MAX,
            wire_bytes: u64::MAX,
            delivered: u64::MAX,
            gaps: u64::MAX,
            gap_bytes: u64::MAX,
            retransmissions: u64::MAX,
            keepalives: u64::MAX,
            conflicts: u64::MAX,
        };
    }
    r.decoding.as_mut().unwrap().counts = [DirCounts {
        messages: u64::MAX,
        errors: u64::MAX,
        unknown_bytes: u64::MAX,
        violations: u32::MAX,
    }; 2];
    let bytes = encoded(&r);
    assert_eq!(bytes.len(), LEN + 370, "the figure in MAX_RECORD's doc");
    assert!(bytes.len() <= LEN + MAX_RECORD);
    assert_eq!(read(&bytes).unwrap(), r);
}

#[test]
fn every_field_round_trips() {
    let v4 = sample(7, "10.1.2.3:40000", "192.168.0.1:7234");
    assert_eq!(round_trip(&v4), v4);
    let v6 = sample(u64::MAX, "[2001:db8::1]:65535", "[::ffff:10.0.0.1]:0");
    assert_eq!(round_trip(&v6), v6);
    // Each flag alone, each reason, protocol, dialect, way of choosing and
    // transport; none of the optional ones.
    for (n, protocol) in ProtocolId::ALL.into_iter().enumerate() {
        let mut r = sample(n as u64, "10.0.0.1:1", "[::1]:2");
        r.reason = REASONS[n % REASONS.len()];
        r.info.roles_from_handshake = n % 2 == 0;
        r.info.evicted = n % 2 == 1;
        let d = r.decoding.as_mut().unwrap();
        d.protocol = Some(protocol);
        d.dialect = Some(Dialect::ALL[n % Dialect::ALL.len()]);
        d.how = How::ALL[n % How::ALL.len()];
        d.transport = TRANSPORTS[n % 2];
        assert_eq!(round_trip(&r), r);
        r.decoding.as_mut().unwrap().dialect = None;
        assert_eq!(round_trip(&r), r);
    }
    for dialect in Dialect::ALL {
        let mut r = sample(1, "10.0.0.1:1", "10.0.0.2:2");
        r.decoding.as_mut().unwrap().dialect = Some(dialect);
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
fn records_are_read_one_at_a_time() {
    let rows = [
        sample(1, "10.0.0.1:1", "10.0.0.2:2"),
        sample(2, "[::1]:1", "[::2]:2"),
    ];
    let mut bytes = Vec::new();
    for r in &rows {
        r.write_to(&mut bytes).unwrap();
    }
    let mut input = &bytes[..];
    for r in &rows {
        assert_eq!(&Row::read_from(&mut input).unwrap(), r);
    }
    assert!(input.is_empty());
}

/// The first byte where the encodings of `a` and `b` differ.
fn first_difference(a: &Row, b: &Row) -> usize {
    let (a, b) = (encoded(a), encoded(b));
    (0..a.len()).find(|&i| a[i] != b[i]).unwrap()
}

#[test]
fn corrupt_records_are_errors_not_panics() {
    let row = sample(1, "10.0.0.1:1", "10.0.0.2:2");
    let good = encoded(&row);
    assert!(read(&good).is_ok());
    let error = |bytes: &[u8]| {
        let mut input = bytes;
        let e = Row::read_from(&mut input).expect_err("corrupt bytes read as a row");
        assert!(
            matches!(
                e.kind(),
                io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof
            ),
            "{e}"
        );
    };
    // Every code of the row, one past its table and 0xff: the byte found
    // where the row and one that differs in that field alone part.
    let other = |f: &dyn Fn(&mut Row)| {
        let mut r = row.clone();
        f(&mut r);
        first_difference(&row, &r)
    };
    for (at, past) in [
        (other(&|r| r.info.client = "[::1]:1".parse().unwrap()), 2),
        (other(&|r| r.info.roles_from_handshake = false), 2),
        (other(&|r| r.info.evicted = true), 2),
        (other(&|r| r.reason = EndReason::Fin), REASONS.len()),
        (other(&|r| r.decoding = None), 2),
        (other(&|r| r.decoding.as_mut().unwrap().protocol = None), 2),
        (
            other(&|r| r.decoding.as_mut().unwrap().protocol = Some(ProtocolId::ALL[0])),
            ProtocolId::ALL.len(),
        ),
        (
            other(&|r| r.decoding.as_mut().unwrap().dialect = Some(Dialect::ALL[0])),
            Dialect::ALL.len(),
        ),
        (
            other(&|r| r.decoding.as_mut().unwrap().how = How::Detected),
            How::ALL.len(),
        ),
        (
            other(&|r| r.decoding.as_mut().unwrap().transport = Transport::Tcp),
            TRANSPORTS.len(),
        ),
    ] {
        for v in [past as u8, 0xff] {
            let mut bad = good.clone();
            bad[at] = v;
            error(&bad);
        }
    }
    // A length past the bound, one short, one long; the record cut short.
    let body = good.len() - LEN;
    for len in [MAX_RECORD + 1, usize::from(u16::MAX), body - 1, body + 1] {
        let mut bad = good.clone();
        bad[..LEN].copy_from_slice(&(len as u16).to_le_bytes());
        bad.push(0);
        error(&bad);
    }
    for end in 0..good.len() {
        error(&good[..end]);
    }
    // Any byte anywhere: an error or a row, never a panic.
    for at in 0..good.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut b = good.clone();
            b[at] ^= flip;
            let _ = Row::read_from(&mut &b[..]);
        }
    }
}

/// `n` rows of varied content, ids 0..n in a shuffled order.
fn shuffled(n: u64) -> Vec<Row> {
    // 37 is prime to the sizes used: i -> 37 i mod n is a permutation.
    (0..n)
        .map(|i| {
            let id = i * 37 % n;
            let mut r = match id % 3 {
                0 => sample(id, "10.0.0.1:40000", "192.168.1.1:7234"),
                1 => sample(id, "[2001:db8::7]:5", "[2001:db8::8]:19380"),
                _ => sample(id, "10.9.8.7:1", "[::1]:13500"),
            };
            r.reason = REASONS[(id % 4) as usize];
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

/// Rows come back whole through spilled runs, runs merged down, and the
/// rows left in memory.
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
