//! Reading as a stream: any read sizes, bounded memory, no panics.

use super::*;
use crate::capture::reader::{INITIAL_BUFFER, MAX_BLOCK_LEN};
use proptest::prelude::*;
use std::io;

/// A pcapng file using most of the format, in one byte order.
fn rich_pcapng(e: Endian) -> Vec<u8> {
    concat(&[
        shb(e),
        idb(e, 1, 0, &[(9, &[9])]),
        block(e, 5, &[0; 12]),
        idb(e, 101, 64, &[]),
        epb(e, 0, 1_000_000_000_123, &[1; 61], 100),
        spb(e, 70, &[2; 70]),
        shb(e),
        idb(e, 113, 0, &[]),
        pb(e, 0, 42, b"old", 3),
        epb(e, 0, 43, &[3; 1500], 1500),
    ])
}

fn rich_pcap() -> Vec<u8> {
    let mut bytes = pcap_header(Be, true, 65535, 1);
    for i in 0..50u8 {
        bytes.extend(pcap_record(
            Be,
            u32::from(i),
            7,
            &vec![i; usize::from(i) * 37],
            9999,
        ));
    }
    bytes
}

/// Frames and error of `bytes` read through `wrap`.
fn read_with(
    bytes: Vec<u8>,
    wrap: fn(Vec<u8>) -> Box<dyn Read + Send>,
) -> (Vec<Got>, Option<CaptureError>) {
    read_from(CaptureReader::from_reader("test.cap", wrap(bytes)).expect("header"))
}

#[test]
fn one_byte_reads_give_the_same_frames_and_errors() {
    let one_byte: fn(Vec<u8>) -> Box<dyn Read + Send> = |b| Box::new(OneByte(Cursor::new(b)));
    for (bytes, count) in [
        (rich_pcapng(Le), 4),
        (rich_pcapng(Be), 4),
        (rich_pcap(), 50),
    ] {
        let whole = read_ok(bytes.clone());
        assert_eq!(whole.len(), count);
        assert_eq!(read_with(bytes.clone(), one_byte), (whole.clone(), None));

        let cut = bytes[..bytes.len() - 3].to_vec();
        let (frames, error) = read_with(cut.clone(), one_byte);
        assert_eq!(frames, whole[..whole.len() - 1]);
        assert_eq!(error, read_from(open(cut).unwrap()).1);
        assert!(error.unwrap().message.starts_with("truncated record: "));
    }
}

/// Fails every other read with `Interrupted`, and reads 5 bytes at a time.
struct Interrupting(Cursor<Vec<u8>>, bool);

impl Read for Interrupting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.1 = !self.1;
        if self.1 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(5);
        self.0.read(&mut buf[..n])
    }
}

#[test]
fn interrupted_reads_are_retried() {
    let bytes = rich_pcapng(Be);
    let interrupting: fn(Vec<u8>) -> Box<dyn Read + Send> =
        |b| Box::new(Interrupting(Cursor::new(b), false));
    assert_eq!(
        read_with(bytes.clone(), interrupting),
        (read_ok(bytes), None)
    );
}

#[test]
fn records_up_to_the_limit_grow_the_buffer() {
    let big: Vec<u8> = (0..MAX_BLOCK_LEN - 16).map(|i| i as u8).collect();
    let bytes = concat(&[
        pcap_header(Le, false, 0, 1),
        pcap_record(Le, 1, 0, b"small", 5),
        pcap_record(Le, 2, 0, &big, big.len() as u32),
        pcap_record(Le, 3, 0, b"after", 5),
    ]);
    let mut reader = open(bytes).unwrap();
    assert_eq!(reader.buffer_capacity(), INITIAL_BUFFER);
    assert_eq!(reader.next_frame().unwrap().unwrap().data, b"small");
    assert_eq!(reader.next_frame().unwrap().unwrap().data, &big[..]);
    assert_eq!(reader.buffer_capacity(), MAX_BLOCK_LEN);
    assert_eq!(reader.next_frame().unwrap().unwrap().data, b"after");
    assert!(reader.next_frame().unwrap().is_none());

    // One byte more is refused.
    let bytes = concat(&[
        pcap_header(Le, false, 0, 1),
        pcap_record(Le, 2, 0, &[0; MAX_BLOCK_LEN - 15], 1),
    ]);
    let mut reader = open(bytes).unwrap();
    let e = reader.next_frame().err().unwrap();
    assert_eq!(
        e.message,
        "record length 16777217 exceeds the limit of 16777216 bytes"
    );
    assert_eq!(reader.buffer_capacity(), INITIAL_BUFFER);

    // The same in pcapng: a 16 MiB Enhanced Packet Block.
    let data = &big[..MAX_BLOCK_LEN - 32];
    let bytes = concat(&[shb(Be), idb(Be, 1, 0, &[]), epb(Be, 0, 1, data, 1)]);
    let frames = read_ok(bytes);
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].data, data);
}

#[test]
fn twenty_megabytes_in_a_bounded_buffer() {
    let mut bytes = concat(&[shb(Le), idb(Le, 1, 0, &[])]);
    let mut count = 0u64;
    while bytes.len() < 20_000_000 {
        let len = 60 + (count % 1455) as usize;
        bytes.extend(epb(Le, 0, count, &vec![count as u8; len], len as u32));
        count += 1;
    }
    let total = bytes.len() as u64;
    let mut reader = open(bytes).unwrap();
    let mut last = 0;
    while let Some(frame) = reader.next_frame().unwrap() {
        assert_eq!(frame.data.len(), 60 + ((frame.number - 1) % 1455) as usize);
        last = frame.number;
        assert!(reader.buffered() <= INITIAL_BUFFER);
    }
    assert_eq!(last, count);
    assert_eq!(reader.bytes_consumed(), total);
    assert_eq!(reader.buffer_capacity(), INITIAL_BUFFER);
}

/// Reads everything, checking only that reading ends.
fn read_anything(bytes: Vec<u8>) {
    if let Ok(reader) = open(bytes) {
        let _ = read_from(reader);
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        read_anything(bytes);
    }

    #[test]
    fn arbitrary_tails_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..300), ng: bool) {
        let head = if ng { concat(&[shb(Le), idb(Le, 1, 0, &[])]) } else { pcap_header(Le, false, 0, 1) };
        read_anything(concat(&[head, tail]));
    }

    #[test]
    fn damaged_captures_never_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        which in 0..3usize,
    ) {
        let mut bytes = [rich_pcapng(Le), rich_pcapng(Be), rich_pcap()][which].clone();
        for (at, value) in edits {
            let at = at.index(bytes.len());
            bytes[at] = value;
        }
        read_anything(bytes);
    }
}
