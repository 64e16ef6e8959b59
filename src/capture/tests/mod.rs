//! Tests of the capture stage: the reader, on capture files built byte by
//! byte here; the ring buffer of live capture (`ring`, `ring_file`).

mod errors;
mod pcap;
mod pcapng;
mod ring;
mod ring_file;
mod skipped;
mod streaming;

use super::{CaptureError, CaptureReader};
use std::io::{Cursor, Read};

/// Byte order of a built file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Endian {
    Le,
    Be,
}
use Endian::{Be, Le};

/// Appends numbers in a byte order.
struct Writer {
    endian: Endian,
    bytes: Vec<u8>,
}

impl Writer {
    fn new(endian: Endian) -> Self {
        Writer {
            endian,
            bytes: Vec::new(),
        }
    }
    fn u16(mut self, v: u16) -> Self {
        let b = match self.endian {
            Le => v.to_le_bytes(),
            Be => v.to_be_bytes(),
        };
        self.bytes.extend_from_slice(&b);
        self
    }
    fn u32(mut self, v: u32) -> Self {
        let b = match self.endian {
            Le => v.to_le_bytes(),
            Be => v.to_be_bytes(),
        };
        self.bytes.extend_from_slice(&b);
        self
    }
    fn u64(mut self, v: u64) -> Self {
        let b = match self.endian {
            Le => v.to_le_bytes(),
            Be => v.to_be_bytes(),
        };
        self.bytes.extend_from_slice(&b);
        self
    }
    fn raw(mut self, b: &[u8]) -> Self {
        self.bytes.extend_from_slice(b);
        self
    }
    /// Zero bytes up to a multiple of 4.
    fn pad(mut self) -> Self {
        while !self.bytes.len().is_multiple_of(4) {
            self.bytes.push(0);
        }
        self
    }
}

// ---- legacy pcap ----

/// A pcap file header; `nanos` picks the nanosecond magic.
fn pcap_header(e: Endian, nanos: bool, snaplen: u32, link: u32) -> Vec<u8> {
    let magic = if nanos { 0xa1b2_3c4d } else { 0xa1b2_c3d4 };
    Writer::new(e)
        .u32(magic)
        .u16(2)
        .u16(4)
        .u32(0)
        .u32(0)
        .u32(snaplen)
        .u32(link)
        .bytes
}

/// A pcap record; `frac` is in the file's micro- or nanoseconds.
fn pcap_record(e: Endian, secs: u32, frac: u32, data: &[u8], orig_len: u32) -> Vec<u8> {
    Writer::new(e)
        .u32(secs)
        .u32(frac)
        .u32(data.len() as u32)
        .u32(orig_len)
        .raw(data)
        .bytes
}

// ---- pcapng ----

const SHB: u32 = 0x0a0d_0d0a;

/// A block: type, length, padded body, length again.
fn block(e: Endian, block_type: u32, body: &[u8]) -> Vec<u8> {
    let padded = body.len().div_ceil(4) * 4;
    let len = (12 + padded) as u32;
    Writer::new(e)
        .u32(block_type)
        .u32(len)
        .raw(body)
        .pad()
        .u32(len)
        .bytes
}

/// An options list with its end-of-options marker.
fn options(e: Endian, opts: &[(u16, &[u8])]) -> Vec<u8> {
    let mut w = Writer::new(e);
    for (code, value) in opts {
        w = w.u16(*code).u16(value.len() as u16).raw(value).pad();
    }
    w.u32(0).bytes
}

fn shb(e: Endian) -> Vec<u8> {
    let body = Writer::new(e).u32(0x1a2b_3c4d).u16(1).u16(0).u64(u64::MAX);
    block(e, SHB, &body.bytes)
}

fn idb(e: Endian, link: u16, snaplen: u32, opts: &[(u16, &[u8])]) -> Vec<u8> {
    let mut body = Writer::new(e).u16(link).u16(0).u32(snaplen).bytes;
    if !opts.is_empty() {
        body.extend(options(e, opts));
    }
    block(e, 1, &body)
}

/// An Enhanced Packet Block; `ts` in the interface's units.
fn epb(e: Endian, interface: u32, ts: u64, data: &[u8], orig_len: u32) -> Vec<u8> {
    let body = Writer::new(e)
        .u32(interface)
        .u32((ts >> 32) as u32)
        .u32(ts as u32)
        .u32(data.len() as u32)
        .u32(orig_len)
        .raw(data)
        .pad();
    block(e, 6, &body.bytes)
}

fn spb(e: Endian, orig_len: u32, data: &[u8]) -> Vec<u8> {
    block(e, 3, &Writer::new(e).u32(orig_len).raw(data).bytes)
}

/// An obsolete Packet Block.
fn pb(e: Endian, interface: u16, ts: u64, data: &[u8], orig_len: u32) -> Vec<u8> {
    let body = Writer::new(e)
        .u16(interface)
        .u16(0)
        .u32((ts >> 32) as u32)
        .u32(ts as u32)
        .u32(data.len() as u32)
        .u32(orig_len)
        .raw(data);
    block(e, 2, &body.bytes)
}

fn concat(parts: &[Vec<u8>]) -> Vec<u8> {
    parts.concat()
}

// ---- reading ----

/// A frame copied out of the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Got {
    number: u64,
    secs: i64,
    nanos: u32,
    link: u32,
    interface: u32,
    orig_len: u32,
    data: Vec<u8>,
}

/// A `Read` giving at most one byte per call.
struct OneByte(Cursor<Vec<u8>>);

impl Read for OneByte {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(1);
        self.0.read(&mut buf[..n])
    }
}

fn open(bytes: Vec<u8>) -> Result<CaptureReader, CaptureError> {
    CaptureReader::from_reader("test.cap", Box::new(Cursor::new(bytes)))
}

/// Every frame, then the error if reading stopped on one (checking that the
/// reader then stays at its end).
fn read_from(mut reader: CaptureReader) -> (Vec<Got>, Option<CaptureError>) {
    let mut frames = Vec::new();
    let error = loop {
        match reader.next_frame() {
            Ok(Some(f)) => frames.push(Got {
                number: f.number,
                secs: f.ts.secs,
                nanos: f.ts.nanos,
                link: f.link_type.0,
                interface: f.interface,
                orig_len: f.orig_len,
                data: f.data.to_vec(),
            }),
            Ok(None) => break None,
            Err(e) => break Some(e),
        }
    };
    for _ in 0..2 {
        assert!(matches!(reader.next_frame(), Ok(None)));
    }
    (frames, error)
}

/// Every frame of a capture that must read without error.
fn read_ok(bytes: Vec<u8>) -> Vec<Got> {
    let (frames, error) = read_from(open(bytes).expect("header"));
    assert_eq!(error, None);
    frames
}

/// Expected frame, for short assertions.
fn got(
    number: u64,
    (secs, nanos): (i64, u32),
    link: u32,
    interface: u32,
    orig_len: u32,
    data: &[u8],
) -> Got {
    Got {
        number,
        secs,
        nanos,
        link,
        interface,
        orig_len,
        data: data.to_vec(),
    }
}
