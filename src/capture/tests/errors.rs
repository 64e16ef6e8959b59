//! Bad input: every error names the file and where reading stopped.

use super::*;
use std::io;

const SHB_LEN: u64 = 28;
const IDB_LEN: u64 = 20;

/// The error of a capture whose header must be rejected.
fn open_err(bytes: Vec<u8>) -> CaptureError {
    match open(bytes) {
        Ok(_) => panic!("header accepted"),
        Err(e) => e,
    }
}

fn error(file: &str, offset: u64, frame: Option<u64>, message: &str) -> CaptureError {
    CaptureError {
        file: file.into(),
        offset: Some(offset),
        frame,
        message: message.into(),
        compression: None,
    }
}

/// Frames read, then the error, of a capture that must fail after its header.
fn read_err(bytes: Vec<u8>) -> (usize, CaptureError) {
    let (frames, error) = read_from(open(bytes).expect("header"));
    (frames.len(), error.expect("an error"))
}

/// `bytes` with the u32 at `at` replaced.
fn patch(mut bytes: Vec<u8>, at: usize, e: Endian, v: u32) -> Vec<u8> {
    let b = Writer::new(e).u32(v).bytes;
    bytes[at..at + 4].copy_from_slice(&b);
    bytes
}

#[test]
fn bad_headers_fail_to_open() {
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![], "empty file, not a capture"),
        (
            b"GET / HTTP/1.1\r\n\r\n".to_vec(),
            "not a pcap or pcapng file (magic 0x47455420)",
        ),
        (vec![0xd4, 0xc3], "truncated file header: 2 of 4 bytes"),
        (
            pcap_header(Le, false, 65535, 1)[..10].to_vec(),
            "truncated file header: 10 of 24 bytes",
        ),
        (
            shb(Be)[..8].to_vec(),
            "truncated file header: 8 of 12 bytes",
        ),
        (
            shb(Le)[..20].to_vec(),
            "truncated file header: 20 of 28 bytes",
        ),
        (
            patch(shb(Le), 8, Le, 0x1234_5678),
            "corrupt section header block: bad byte-order magic 0x12345678",
        ),
        (
            patch(shb(Le), 4, Le, 30),
            "corrupt section header block: bad block length 30",
        ),
        (
            patch(shb(Be), 24, Be, 32),
            "corrupt section header block: trailing block length 32 does not match 28",
        ),
        (
            patch(shb(Le), 4, Le, 24),
            "corrupt section header block: bad block length 24",
        ),
    ];
    for (bytes, message) in cases {
        assert_eq!(open_err(bytes), error("test.cap", 0, None, message));
    }
}

#[test]
fn missing_file_fails_to_open() {
    let e = CaptureReader::open("/nonexistent/x.pcap").err().unwrap();
    assert_eq!(e.file, "/nonexistent/x.pcap");
    assert!(e.message.starts_with("cannot open: "), "{}", e.message);
}

#[test]
fn truncated_last_record_keeps_earlier_frames() {
    let mut bytes = concat(&[
        pcap_header(Le, false, 65535, 1),
        pcap_record(Le, 1, 0, &[1; 10], 10),
        pcap_record(Le, 2, 0, &[2; 100], 100),
    ]);
    bytes.truncate(24 + 26 + 30);
    let mut reader = open(bytes).unwrap();
    assert_eq!(reader.next_frame().unwrap().unwrap().data, &[1; 10]);
    let e = reader.next_frame().err().unwrap();
    assert_eq!(
        e,
        error(
            "test.cap",
            50,
            Some(2),
            "truncated record: 30 of 116 bytes (pcap record)"
        )
    );
    assert_eq!(
        e.to_string(),
        "test.cap: frame 2 (byte offset 50): truncated record: 30 of 116 bytes (pcap record)"
    );
    assert!(reader.next_frame().unwrap().is_none());
    assert!(reader.next_frame().unwrap().is_none());
}

#[test]
fn truncated_record_header() {
    let mut bytes = concat(&[
        pcap_header(Be, true, 65535, 1),
        pcap_record(Be, 1, 0, &[1; 10], 10),
    ]);
    bytes.extend_from_slice(&[0; 7]);
    let (n, e) = read_err(bytes);
    assert_eq!(n, 1);
    assert_eq!(
        e,
        error(
            "test.cap",
            50,
            Some(2),
            "truncated record header: 7 of 16 bytes"
        )
    );
}

#[test]
fn truncated_pcapng_blocks() {
    let head = concat(&[shb(Be), idb(Be, 1, 0, &[]), epb(Be, 0, 1, b"abcd", 4)]);
    let epb_at = SHB_LEN + IDB_LEN;

    let mut bytes = concat(&[head.clone(), epb(Be, 0, 2, &[7; 40], 40)]);
    bytes.truncate(bytes.len() - 10);
    let (n, e) = read_err(bytes);
    assert_eq!(n, 1);
    let message = "truncated record: 62 of 72 bytes (enhanced packet block)";
    assert_eq!(e, error("test.cap", epb_at + 36, Some(2), message));

    // Not a packet: no frame number.
    let mut bytes = concat(&[head.clone(), idb(Be, 1, 0, &[])]);
    bytes.truncate(bytes.len() - 1);
    let (n, e) = read_err(bytes);
    assert_eq!(n, 1);
    let message = "truncated record: 19 of 20 bytes (interface description block)";
    assert_eq!(e, error("test.cap", epb_at + 36, None, message));

    let mut bytes = head;
    bytes.extend_from_slice(&[0, 0, 0, 3, 0]);
    let (_, e) = read_err(bytes);
    let message = "truncated record header: 5 of 12 bytes";
    assert_eq!(e, error("test.cap", epb_at + 36, Some(2), message));
}

#[test]
fn corrupt_pcapng_blocks() {
    let head = concat(&[shb(Le), idb(Le, 1, 0, &[]), epb(Le, 0, 1, b"abcd", 4)]);
    let at = (SHB_LEN + IDB_LEN + 36) as usize;
    let next = epb(Le, 0, 2, b"efgh", 4);
    let cases: Vec<(Vec<u8>, Option<u64>, &str)> = vec![
        (
            patch(next.clone(), 4, Le, 30),
            Some(2),
            "corrupt enhanced packet block: bad block length 30",
        ),
        (
            block(Le, 4, b"")[..8].to_vec(),
            None,
            "truncated record header: 8 of 12 bytes",
        ),
        (
            patch(block(Le, 4, b""), 4, Le, 8),
            None,
            "corrupt pcapng block: bad block length 8",
        ),
        (
            patch(next.clone(), 32, Le, 1),
            Some(2),
            "corrupt enhanced packet block: trailing block length 1 does not match 36",
        ),
        (
            patch(next.clone(), 20, Le, 1000),
            Some(2),
            "corrupt enhanced packet block: contents overrun the block length",
        ),
        (
            block(Le, 6, &[0; 16]),
            Some(2),
            "corrupt enhanced packet block: bad block length 28",
        ),
        (
            patch(pb(Le, 0, 1, b"abcd", 4), 20, Le, 9),
            Some(2),
            "corrupt packet block: captured length 9 overruns the block",
        ),
        (
            idb(Le, 1, 0, &[(9, &[0x7f])]),
            None,
            "corrupt interface description block: unsupported if_tsresol 0x7f",
        ),
    ];
    for (i, (tail, frame, message)) in cases.into_iter().enumerate() {
        let (n, e) = read_err(concat(&[head.clone(), tail]));
        assert_eq!(n, 1, "case {i}");
        assert_eq!(e, error("test.cap", at as u64, frame, message), "case {i}");
    }
}

#[test]
fn packet_for_a_missing_interface() {
    let (n, e) = read_err(concat(&[
        shb(Le),
        idb(Le, 1, 0, &[]),
        epb(Le, 0, 1, b"ok", 2),
        epb(Le, 3, 1, b"??", 2),
    ]));
    assert_eq!(n, 1);
    let message = "packet references interface 3, but the section has 1 interface(s)";
    assert_eq!(
        e,
        error("test.cap", SHB_LEN + IDB_LEN + 36, Some(2), message)
    );

    // A new section forgets the interfaces of the previous one.
    let (n, e) = read_err(concat(&[
        shb(Be),
        idb(Be, 1, 0, &[]),
        spb(Be, 2, b"ok"),
        shb(Be),
        spb(Be, 2, b"??"),
    ]));
    assert_eq!(n, 1);
    let message = "packet references interface 0, but the section has 0 interface(s)";
    assert_eq!(
        e,
        error(
            "test.cap",
            SHB_LEN + IDB_LEN + 20 + SHB_LEN,
            Some(2),
            message
        )
    );
}

#[test]
fn huge_length_claims_are_errors_not_allocations() {
    let mut bytes = pcap_header(Le, false, 65535, 1);
    bytes.extend(
        Writer::new(Le)
            .u32(1)
            .u32(0)
            .u32(0xffff_fff0)
            .u32(100)
            .bytes,
    );
    bytes.extend_from_slice(&[0; 100]);
    let (n, e) = read_err(bytes);
    assert_eq!(n, 0);
    let message = "record length 4294967296 exceeds the limit of 16777216 bytes";
    assert_eq!(e, error("test.cap", 24, Some(1), message));

    let huge = patch(epb(Be, 0, 1, b"abcd", 4), 4, Be, 0x7fff_fffc);
    let (n, e) = read_err(concat(&[shb(Be), idb(Be, 1, 0, &[]), huge]));
    assert_eq!(n, 0);
    let message = "record length 2147483644 exceeds the limit of 16777216 bytes";
    assert_eq!(e, error("test.cap", SHB_LEN + IDB_LEN, Some(1), message));

    let huge_shb = patch(shb(Le), 4, Le, 0xffff_fffc);
    let message = "record length 4294967292 exceeds the limit of 16777216 bytes";
    assert_eq!(open_err(huge_shb), error("test.cap", 0, None, message));
}

/// Gives its bytes, then fails.
struct Failing(Cursor<Vec<u8>>);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.0.read(buf)? {
            0 => Err(io::Error::other("disk on fire")),
            n => Ok(n),
        }
    }
}

#[test]
fn read_errors_become_capture_errors() {
    let bytes = concat(&[
        pcap_header(Le, false, 65535, 1),
        pcap_record(Le, 1, 0, b"abc", 3),
    ]);
    let reader = CaptureReader::from_reader("in", Box::new(Failing(Cursor::new(bytes))));
    let (frames, e) = read_from(reader.unwrap());
    assert_eq!(frames.len(), 1);
    assert_eq!(e, Some(error("in", 43, None, "read error: disk on fire")));

    let e = CaptureReader::from_reader("in", Box::new(Failing(Cursor::new(vec![0x0a]))))
        .err()
        .unwrap();
    assert_eq!(e, error("in", 0, None, "read error: disk on fire"));
}
