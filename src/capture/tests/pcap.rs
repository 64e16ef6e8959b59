//! Legacy pcap.

use super::*;
use crate::capture::CaptureFormat;

#[test]
fn reads_both_byte_orders_with_micro_and_nanosecond_timestamps() {
    for e in [Le, Be] {
        for nanos in [false, true] {
            let (frac1, frac2) = if nanos {
                (123_456_789, 999_999_999)
            } else {
                (123_456, 999_999)
            };
            let frames = read_ok(concat(&[
                pcap_header(e, nanos, 65535, 1),
                pcap_record(e, 1_700_000_000, frac1, b"abc", 3),
                pcap_record(e, 1_700_000_001, frac2, b"wxyz", 4),
            ]));
            let expected_nanos = if nanos {
                (123_456_789, 999_999_999)
            } else {
                (123_456_000, 999_999_000)
            };
            assert_eq!(
                frames,
                vec![
                    got(1, (1_700_000_000, expected_nanos.0), 1, 0, 3, b"abc"),
                    got(2, (1_700_000_001, expected_nanos.1), 1, 0, 4, b"wxyz"),
                ],
                "{e:?}, nanos {nanos}"
            );
        }
    }
}

#[test]
fn reports_format_name_and_progress() {
    let bytes = concat(&[
        pcap_header(Le, false, 65535, 1),
        pcap_record(Le, 1, 0, b"abc", 3),
        pcap_record(Le, 2, 0, b"wxyz", 4),
    ]);
    let mut reader = open(bytes).unwrap();
    assert_eq!(reader.format(), CaptureFormat::Pcap);
    assert_eq!(reader.file_name(), "test.cap");
    assert_eq!(reader.bytes_consumed(), 24);
    assert_eq!(reader.next_frame().unwrap().unwrap().data, b"abc");
    assert_eq!(reader.bytes_consumed(), 24 + 19);
    assert_eq!(reader.next_frame().unwrap().unwrap().data, b"wxyz");
    assert_eq!(reader.bytes_consumed(), 24 + 19 + 20);
    assert!(reader.next_frame().unwrap().is_none());
    assert_eq!(reader.bytes_consumed(), 24 + 19 + 20);
}

#[test]
fn seconds_are_unsigned_and_fractions_of_a_second_or_more_carry() {
    let frames = read_ok(concat(&[
        pcap_header(Le, false, 65535, 1),
        pcap_record(Le, 0xffff_fff0, 0, b"", 0),
        pcap_record(Le, 10, 2_500_000, b"", 0),
    ]));
    assert_eq!((frames[0].secs, frames[0].nanos), (0xffff_fff0, 0));
    assert_eq!((frames[1].secs, frames[1].nanos), (12, 500_000_000));
}

#[test]
fn snaplen_cuts_data_but_keeps_the_original_length() {
    let data: Vec<u8> = (0..64).collect();
    let frames = read_ok(concat(&[
        pcap_header(Be, false, 64, 1),
        pcap_record(Be, 1, 0, &data, 1514),
    ]));
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].orig_len, 1514);
    assert_eq!(frames[0].data, data);
}

#[test]
fn link_type_comes_from_the_header_without_fcs_bits() {
    let frames = read_ok(concat(&[
        pcap_header(Le, false, 65535, 113),
        pcap_record(Le, 1, 0, b"x", 1),
    ]));
    assert_eq!(frames[0].link, 113);
    // Upper bits: "FCS present, 4 bytes" on Ethernet.
    let frames = read_ok(concat(&[
        pcap_header(Be, false, 65535, 0x1400_0001),
        pcap_record(Be, 1, 0, b"x", 1),
    ]));
    assert_eq!(frames[0].link, 1);
}

#[test]
fn header_only_file_has_no_frames() {
    assert_eq!(read_ok(pcap_header(Le, true, 0, 1)), vec![]);
}

#[test]
fn empty_records_are_frames() {
    let frames = read_ok(concat(&[
        pcap_header(Le, false, 65535, 101),
        pcap_record(Le, 1, 0, b"", 60),
        pcap_record(Le, 2, 0, b"", 0),
    ]));
    assert_eq!(
        frames,
        vec![
            got(1, (1, 0), 101, 0, 60, b""),
            got(2, (2, 0), 101, 0, 0, b"")
        ]
    );
}

#[test]
fn reads_the_modified_format_with_longer_record_headers() {
    let mut bytes = pcap_header(Le, false, 65535, 1);
    bytes[..4].copy_from_slice(&0xa1b2_cd34u32.to_le_bytes());
    // ifindex, protocol, pkt_type, pad: 8 more bytes in each record header.
    let record = Writer::new(Le)
        .u32(7)
        .u32(250)
        .u32(2)
        .u32(9)
        .raw(&[0; 8])
        .raw(b"hi");
    bytes.extend(record.bytes);
    assert_eq!(read_ok(bytes), vec![got(1, (7, 250_000), 1, 0, 9, b"hi")]);
}
