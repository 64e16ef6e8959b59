//! Writing captures: the legacy pcap byte stream that live capture feeds to
//! [`CaptureReader`](super::CaptureReader) and the pcapng blocks of its
//! files (`-i IFACE -w FILE`, written by `ring_file.rs`), both
//! little-endian with microsecond timestamps; and
//! [`FrameWriter`], the frames a command picked out of a file (`-w OUT`),
//! exactly as they were read: their link types, lengths and nanosecond
//! timestamps.

use super::{Frame, LinkType, Timestamp};
use pcap_file::pcap::{PcapHeader, PcapWriter, RawPcapPacket};
use pcap_file::{DataLink, Endianness, TsResolution};
use std::borrow::Cow;
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

/// The blocks a live capture's pcapng file starts with: the Section
/// Header Block and the Interface Description Block of its one interface
/// (microsecond timestamps), which [`pcapng_packet`]'s blocks refer to.
pub fn pcapng_header(link_type: LinkType, snaplen: u32) -> Vec<u8> {
    let mut h = Vec::with_capacity(48);
    // Writing to a Vec cannot fail.
    let _ = write_section_header(&mut h);
    let _ = write_interface(&mut h, link_type, snaplen, false);
    h
}

/// One packet of a live capture as a pcapng Enhanced Packet Block of
/// interface 0 (the one [`pcapng_header`] describes).
pub fn pcapng_packet(sec: u32, usec: u32, orig_len: u32, data: &[u8]) -> Vec<u8> {
    let ts = u64::from(sec) * 1_000_000 + u64::from(usec);
    let mut block = Vec::with_capacity(32 + data.len() + 3);
    let _ = write_packet(&mut block, 0, ts, orig_len, data);
    block
}

/// Writes a pcapng file with one section, an interface per link type
/// (nanosecond timestamps).
pub struct PcapNgWriter<W: Write> {
    out: W,
    /// The interfaces described so far, by link type.
    interfaces: Vec<LinkType>,
}

impl<W: Write> PcapNgWriter<W> {
    /// Writes the Section Header Block; [`PcapNgWriter::frame`] then
    /// describes an interface for each link type as it first comes.
    pub fn by_link_type(mut out: W) -> io::Result<Self> {
        write_section_header(&mut out)?;
        Ok(PcapNgWriter {
            out,
            interfaces: Vec::new(),
        })
    }

    /// Writes `frame` as an Enhanced Packet Block of its link type's
    /// interface.
    pub fn frame(&mut self, frame: &Frame<'_>) -> io::Result<()> {
        let interfaces = &mut self.interfaces;
        let id = match interfaces.iter().position(|&l| l == frame.link_type) {
            Some(id) => id,
            None => {
                write_interface(&mut self.out, frame.link_type, 0, true)?;
                interfaces.push(frame.link_type);
                interfaces.len() - 1
            }
        };
        let ts = epoch_nanos(frame)?;
        write_packet(&mut self.out, id as u32, ts, frame.orig_len, frame.data)
    }

    /// The writer, once the last block is written.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The Section Header Block: version 1.0, length unknown.
fn write_section_header(out: &mut impl Write) -> io::Result<()> {
    let mut shb = Vec::with_capacity(16);
    shb.extend_from_slice(&0x1a2b_3c4du32.to_le_bytes());
    shb.extend_from_slice(&1u16.to_le_bytes());
    shb.extend_from_slice(&0u16.to_le_bytes());
    shb.extend_from_slice(&(-1i64).to_le_bytes());
    write_block(out, 0x0a0d_0d0a, &shb)
}

/// An Interface Description Block; with `nanos`, its `if_tsresol` option
/// says timestamps count nanoseconds (else microseconds, the default).
fn write_interface(
    out: &mut impl Write,
    link: LinkType,
    snaplen: u32,
    nanos: bool,
) -> io::Result<()> {
    let mut idb = Vec::with_capacity(20);
    idb.extend_from_slice(&(link.0 as u16).to_le_bytes());
    idb.extend_from_slice(&0u16.to_le_bytes());
    idb.extend_from_slice(&snaplen.to_le_bytes());
    if nanos {
        // if_tsresol (9): 10^-9, padded; then opt_endofopt.
        idb.extend_from_slice(&[9, 0, 1, 0, 9, 0, 0, 0, 0, 0, 0, 0]);
    }
    write_block(out, 1, &idb)
}

/// An Enhanced Packet Block of interface `id` at `ts` (in the
/// interface's unit).
fn write_packet(
    out: &mut impl Write,
    id: u32,
    ts: u64,
    orig_len: u32,
    data: &[u8],
) -> io::Result<()> {
    let mut epb = Vec::with_capacity(20 + data.len() + 3);
    epb.extend_from_slice(&id.to_le_bytes());
    epb.extend_from_slice(&((ts >> 32) as u32).to_le_bytes());
    epb.extend_from_slice(&(ts as u32).to_le_bytes());
    epb.extend_from_slice(&(data.len() as u32).to_le_bytes());
    epb.extend_from_slice(&orig_len.to_le_bytes());
    epb.extend_from_slice(data);
    epb.resize(epb.len().next_multiple_of(4), 0);
    write_block(out, 6, &epb)
}

/// The frame's time in nanoseconds since the epoch; an error before it.
fn epoch_nanos(frame: &Frame<'_>) -> io::Result<u64> {
    let secs = u64::try_from(frame.ts.secs).map_err(|_| before_epoch(frame.ts))?;
    Ok(secs * 1_000_000_000 + u64::from(frame.ts.nanos))
}

fn before_epoch(ts: Timestamp) -> io::Error {
    io::Error::other(format!(
        "time {} cannot be written (before 1970 or after 2106)",
        ts.secs
    ))
}

/// The container [`FrameWriter`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutFormat {
    /// Legacy pcap, nanosecond timestamps: one link type.
    Pcap,
    /// pcapng, an interface per link type, nanosecond timestamps.
    PcapNg,
}

/// Writes frames as they were read (link type, lengths, time to the
/// nanosecond) to a pcap or pcapng file. A legacy pcap file holds one
/// link type: its header is written with the first frame, and a frame
/// of another link type is an error (pcapng holds any).
pub struct FrameWriter<W: Write>(Out<W>);

enum Out<W: Write> {
    /// No frame yet: the pcap header waits for the first one's link type
    /// (`None` once writing the header failed).
    Empty(Option<W>),
    /// A pcap file of this link type.
    Pcap(PcapWriter<W>, LinkType),
    /// A pcapng file.
    PcapNg(PcapNgWriter<W>),
}

impl<W: Write> FrameWriter<W> {
    /// A writer of `format` to `out`.
    pub fn new(out: W, format: OutFormat) -> io::Result<Self> {
        Ok(FrameWriter(match format {
            OutFormat::Pcap => Out::Empty(Some(out)),
            OutFormat::PcapNg => Out::PcapNg(PcapNgWriter::by_link_type(out)?),
        }))
    }

    /// Writes one frame.
    pub fn frame(&mut self, frame: &Frame<'_>) -> io::Result<()> {
        self.start(frame.link_type)?;
        match &mut self.0 {
            Out::Empty(_) => Err(failed()),
            Out::PcapNg(w) => w.frame(frame),
            Out::Pcap(w, link) => {
                if frame.link_type != *link {
                    return Err(io::Error::other(format!(
                        "frame {} has link type {}, the file's frames {}: a pcap file holds \
                         one link type (write a .pcapng file instead)",
                        frame.number, frame.link_type, link
                    )));
                }
                let secs = u32::try_from(frame.ts.secs).map_err(|_| before_epoch(frame.ts))?;
                let packet = RawPcapPacket {
                    ts_sec: secs,
                    ts_frac: frame.ts.nanos,
                    incl_len: frame.data.len() as u32,
                    orig_len: frame.orig_len.max(frame.data.len() as u32),
                    data: Cow::Borrowed(frame.data),
                };
                w.write_raw_packet(&packet).map(|_| ()).map_err(pcap_error)
            }
        }
    }

    /// Writes what is left (the pcap header of a file without a frame,
    /// with `link_type`) and returns the writer.
    pub fn finish(mut self, link_type: LinkType) -> io::Result<W> {
        self.start(link_type)?;
        match self.0 {
            Out::Empty(_) => Err(failed()),
            Out::Pcap(w, _) => Ok(w.into_writer()),
            Out::PcapNg(w) => Ok(w.into_inner()),
        }
    }

    /// Writes the pcap header for `link`, if not written yet.
    fn start(&mut self, link: LinkType) -> io::Result<()> {
        let Out::Empty(out) = &mut self.0 else {
            return Ok(());
        };
        let out = out.take().ok_or_else(failed)?;
        let header = PcapHeader {
            snaplen: 262_144,
            datalink: DataLink::from(link.0),
            ts_resolution: TsResolution::NanoSecond,
            endianness: Endianness::Little,
            ..PcapHeader::default()
        };
        let w = PcapWriter::with_header(out, header).map_err(pcap_error)?;
        self.0 = Out::Pcap(w, link);
        Ok(())
    }
}

/// Writing to a writer whose header could not be written.
fn failed() -> io::Error {
    io::Error::other("the file's header could not be written")
}

/// pcap-file's error as an I/O error.
fn pcap_error(e: pcap_file::PcapError) -> io::Error {
    match e {
        pcap_file::PcapError::IoError(e) => e,
        e => io::Error::other(e.to_string()),
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
        let mut bytes = pcapng_header(LinkType::LINUX_SLL2, 262144);
        bytes.extend(pcapng_packet(1_700_000_000, 999_999, 5, b"hello"));
        bytes.extend(pcapng_packet(1_700_000_002, 1, 4, b"abcd"));
        let (format, frames) = read_back(bytes);
        assert_eq!(format, CaptureFormat::PcapNg);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].1, "2023-11-14T22:13:20.999999Z");
        assert_eq!(frames[0].3, b"hello");
        assert_eq!(frames[1].3, b"abcd");
    }
}
