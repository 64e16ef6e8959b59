//! pcapng, every test in both byte orders.

use super::*;
use crate::capture::CaptureFormat;

const TS: u64 = 1_700_000_000_123_456; // microseconds, the default resolution

#[test]
fn interfaces_with_different_link_types() {
    for e in [Le, Be] {
        let bytes = concat(&[
            shb(e),
            idb(e, 1, 0, &[]),
            idb(e, 101, 0, &[]),
            epb(e, 0, TS, b"ether", 60),
            epb(e, 1, TS + 1, b"raw ip", 6),
            epb(e, 0, TS + 2, b"e", 1),
        ]);
        assert_eq!(open(bytes.clone()).unwrap().format(), CaptureFormat::PcapNg);
        assert_eq!(
            read_ok(bytes),
            vec![
                got(1, (1_700_000_000, 123_456_000), 1, 0, 60, b"ether"),
                got(2, (1_700_000_000, 123_457_000), 101, 1, 6, b"raw ip"),
                got(3, (1_700_000_000, 123_458_000), 1, 0, 1, b"e"),
            ],
            "{e:?}"
        );
    }
}

#[test]
fn each_section_has_its_own_interfaces_and_byte_order() {
    for (e1, e2) in [(Le, Be), (Be, Le)] {
        let frames = read_ok(concat(&[
            shb(e1),
            idb(e1, 1, 0, &[]),
            epb(e1, 0, TS, b"a", 1),
            shb(e2),
            idb(e2, 113, 0, &[(9, &[9])]),
            idb(e2, 1, 0, &[]),
            epb(e2, 0, 5_000_000_001, b"b", 1),
            epb(e2, 1, TS, b"c", 1),
        ]));
        assert_eq!(
            frames,
            vec![
                got(1, (1_700_000_000, 123_456_000), 1, 0, 1, b"a"),
                got(2, (5, 1), 113, 0, 1, b"b"),
                got(3, (1_700_000_000, 123_456_000), 1, 1, 1, b"c"),
            ],
            "{e1:?} then {e2:?}"
        );
    }
}

#[test]
fn simple_packet_blocks() {
    for e in [Le, Be] {
        let frames = read_ok(concat(&[
            shb(e),
            idb(e, 1, 0, &[]),
            // No timestamp yet: zero.
            spb(e, 5, b"hello"),
            epb(e, 0, TS, b"x", 1),
            // Original length shorter than the (padded) block space.
            spb(e, 3, b"abc"),
            // Captured part shorter than the original.
            spb(e, 100, b"12345678"),
            shb(e),
            idb(e, 101, 2, &[]),
            // Cut at the interface's snaplen.
            spb(e, 5, b"hello"),
        ]));
        let ts = (1_700_000_000, 123_456_000);
        assert_eq!(
            frames,
            vec![
                got(1, (0, 0), 1, 0, 5, b"hello"),
                got(2, ts, 1, 0, 1, b"x"),
                got(3, ts, 1, 0, 3, b"abc"),
                got(4, ts, 1, 0, 100, b"12345678"),
                got(5, ts, 101, 0, 5, b"he"),
            ],
            "{e:?}"
        );
    }
}

#[test]
fn obsolete_packet_blocks() {
    for e in [Le, Be] {
        let frames = read_ok(concat(&[
            shb(e),
            idb(e, 1, 0, &[]),
            idb(e, 228, 0, &[]),
            pb(e, 1, TS, b"old", 40),
        ]));
        assert_eq!(
            frames,
            vec![got(1, (1_700_000_000, 123_456_000), 228, 1, 40, b"old")],
            "{e:?}"
        );
    }
}

#[test]
fn timestamp_resolution_and_offset() {
    for e in [Le, Be] {
        let offset = Writer::new(e).u64(1_600_000_000).bytes;
        let minus_ten = Writer::new(e).u64(-10i64 as u64).bytes;
        let frames = read_ok(concat(&[
            shb(e),
            idb(e, 1, 0, &[(9, &[9])]),                   // 10^-9 s
            idb(e, 1, 0, &[(9, &[0x8a])]),                // 2^-10 s
            idb(e, 1, 0, &[(14, &offset)]),               // µs, +1.6e9 s
            idb(e, 1, 0, &[(9, &[3]), (14, &minus_ten)]), // ms, -10 s
            epb(e, 0, 1_700_000_000_123_456_789, b"", 0),
            epb(e, 1, 3 * 1024 + 512, b"", 0),
            epb(e, 1, 1, b"", 0),
            epb(e, 2, 1_500_000, b"", 0),
            epb(e, 3, 20_250, b"", 0),
        ]));
        let ts: Vec<(i64, u32)> = frames.iter().map(|f| (f.secs, f.nanos)).collect();
        assert_eq!(
            ts,
            vec![
                (1_700_000_000, 123_456_789),
                (3, 500_000_000),
                (0, 976_562),
                (1_600_000_001, 500_000_000),
                (10, 250_000_000),
            ],
            "{e:?}"
        );
    }
}

#[test]
fn other_blocks_are_skipped() {
    for e in [Le, Be] {
        let nrb_records = Writer::new(e)
            .u16(1)
            .u16(8)
            .raw(&[10, 0, 0, 1])
            .raw(b"abc\0");
        let nrb = Writer::new(e).raw(&nrb_records.bytes).u32(0);
        let isb = Writer::new(e).u32(0).u32(0).u32(0).u32(0);
        let frames = read_ok(concat(&[
            shb(e),
            block(e, 4, &nrb.bytes),
            idb(e, 1, 0, &[]),
            block(e, 5, &isb.bytes),
            epb(e, 0, TS, b"one", 3),
            block(e, 0x0bad, b"\0\0\x7f\xffcustom data"),
            block(e, 0x0a, b"junk"),
            block(e, 0x4242_4242, b""),
            block(e, 4, b"not a valid name resolution block"),
            epb(e, 0, TS, b"two", 3),
        ]));
        let data: Vec<&[u8]> = frames.iter().map(|f| &f.data[..]).collect();
        assert_eq!(data, vec![&b"one"[..], b"two"], "{e:?}");
        assert_eq!(frames[1].number, 2);
    }
}

#[test]
fn packet_options_and_padding_are_not_data() {
    for e in [Le, Be] {
        let body = Writer::new(e)
            .u32(0)
            .u32((TS >> 32) as u32)
            .u32(TS as u32)
            .u32(5)
            .u32(5)
            .raw(b"12345")
            .pad()
            .raw(&options(e, &[(1, b"a comment")]));
        let frames = read_ok(concat(&[
            shb(e),
            idb(e, 1, 0, &[]),
            block(e, 6, &body.bytes),
        ]));
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].data, b"12345");
    }
}

#[test]
fn section_header_only_has_no_frames() {
    assert_eq!(read_ok(shb(Be)), vec![]);
    assert_eq!(read_ok(concat(&[shb(Le), idb(Le, 1, 0, &[])])), vec![]);
}
