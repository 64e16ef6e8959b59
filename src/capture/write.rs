//! Writing captures: the legacy pcap byte stream that live capture feeds to
//! [`CaptureReader`](super::CaptureReader), and pcapng files (`-w FILE`).
//! Both little-endian, microsecond timestamps.

use super::LinkType;
use std::io::{self, Write};

/// The 24-byte legacy pcap file header.
pub fn pcap_header(link_type: LinkType, snaplen: u32) -> Vec<u8> {
    let mut h = Vec::with_capacity(24);
    h.extend_from_slice(&0xa1b2_c3d4u32.to_le_bytes());
    h.extend_from_slice(&2u16.to_le_bytes());
    h.extend_from_slice(&4u16.to_le_bytes());
    h.extend_from_slice(&[0; 8]); // thiszone, sigfigs
    h.extend_from_slice(&snaplen.to_le_bytes());
    h.extend_from_slice(&link_type.0.to_le_bytes());
    h
}

/// One legacy pcap record: a 16-byte header and the captured bytes.
pub fn pcap_record(sec: u32, usec: u32, orig_len: u32, data: &[u8]) -> Vec<u8> {
    let mut r = Vec::with_capacity(16 + data.len());
    r.extend_from_slice(&sec.to_le_bytes());
    r.extend_from_slice(&usec.to_le_bytes());
    r.extend_from_slice(&(data.len() as u32).to_le_bytes());
    r.extend_from_slice(&orig_len.to_le_bytes());
    r.extend_from_slice(data);
    r
}

/// Writes a pcapng file with one section and one interface.
pub struct PcapNgWriter<W: Write> {
    out: W,
}

impl<W: Write> PcapNgWriter<W> {
    /// Writes the Section Header Block and the Interface Description Block.
    pub fn new(mut out: W, link_type: LinkType, snaplen: u32) -> io::Result<Self> {
        let mut shb = Vec::with_capacity(16);
        shb.extend_from_slice(&0x1a2b_3c4du32.to_le_bytes());
        shb.extend_from_slice(&1u16.to_le_bytes());
        shb.extend_from_slice(&0u16.to_le_bytes());
        shb.extend_from_slice(&(-1i64).to_le_bytes()); // section length unknown
        write_block(&mut out, 0x0a0d_0d0a, &shb)?;
        let mut idb = Vec::with_capacity(8);
        idb.extend_from_slice(&(link_type.0 as u16).to_le_bytes());
        idb.extend_from_slice(&0u16.to_le_bytes());
        idb.extend_from_slice(&snaplen.to_le_bytes());
        write_block(&mut out, 1, &idb)?;
        Ok(PcapNgWriter { out })
    }

    /// Writes one Enhanced Packet Block (interface 0) and flushes it, so
    /// that what was captured is on disk even if the program is killed.
    pub fn packet(&mut self, sec: u32, usec: u32, orig_len: u32, data: &[u8]) -> io::Result<()> {
        let ts = u64::from(sec) * 1_000_000 + u64::from(usec);
        let mut epb = Vec::with_capacity(20 + data.len() + 3);
        epb.extend_from_slice(&0u32.to_le_bytes());
        epb.extend_from_slice(&((ts >> 32) as u32).to_le_bytes());
        epb.extend_from_slice(&(ts as u32).to_le_bytes());
        epb.extend_from_slice(&(data.len() as u32).to_le_bytes());
        epb.extend_from_slice(&orig_len.to_le_bytes());
        epb.extend_from_slice(data);
        epb.resize(epb.len().next_multiple_of(4), 0);
        write_block(&mut self.out, 6, &epb)?;
        self.out.flush()
    }
}

/// A pcapng block: type, total length, body (a multiple of 4), total length.
fn write_block(out: &mut impl Write, kind: u32, body: &[u8]) -> io::Result<()> {
    let total = (12 + body.len()) as u32;
    out.write_all(&kind.to_le_bytes())?;
    out.write_all(&total.to_le_bytes())?;
    out.write_all(body)?;
    out.write_all(&total.to_le_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::{CaptureFormat, CaptureReader};

    /// Frame number, time, length on the wire, bytes.
    type Read = (u64, String, u32, Vec<u8>);

    fn read_back(bytes: Vec<u8>) -> (CaptureFormat, Vec<Read>) {
        let mut r = CaptureReader::from_reader("t", Box::new(std::io::Cursor::new(bytes))).unwrap();
        let mut frames = Vec::new();
        while let Some(f) = r.next_frame().unwrap() {
            frames.push((f.number, f.ts.to_string(), f.orig_len, f.data.to_vec()));
        }
        (r.format(), frames)
    }

    #[test]
    fn pcap_stream_reads_back() {
        let mut bytes = pcap_header(LinkType::ETHERNET, 65535);
        bytes.extend(pcap_record(1_700_000_000, 250, 60, &[7; 42]));
        bytes.extend(pcap_record(1_700_000_001, 0, 3, b"abc"));
        let (format, frames) = read_back(bytes);
        assert_eq!(format, CaptureFormat::Pcap);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].1, "2023-11-14T22:13:20.000250Z");
        assert_eq!((frames[0].2, frames[0].3.len()), (60, 42));
        assert_eq!(frames[1].3, b"abc");
    }

    #[test]
    fn pcapng_file_reads_back() {
        let mut w = PcapNgWriter::new(Vec::new(), LinkType::LINUX_SLL2, 262144).unwrap();
        w.packet(1_700_000_000, 999_999, 5, b"hello").unwrap();
        w.packet(1_700_000_002, 1, 4, b"abcd").unwrap();
        let (format, frames) = read_back(w.out);
        assert_eq!(format, CaptureFormat::PcapNg);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].1, "2023-11-14T22:13:20.999999Z");
        assert_eq!(frames[0].3, b"hello");
        assert_eq!(frames[1].3, b"abcd");
    }
}
