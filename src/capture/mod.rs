//! Stage 1: reading captures.
//!
//! [`CaptureReader`] reads legacy pcap (both byte orders, micro- and
//! nanosecond timestamps) and pcapng (several sections and interfaces, both
//! byte orders, Enhanced, Simple and obsolete Packet Blocks, `if_tsresol` and
//! `if_tsoffset`; other blocks skipped) from a file, from standard input
//! (`-`), or (with the cargo feature `live`) from an interface (the `live`
//! module); gzip or zstd compressed, told by the first bytes
//! (`decompress.rs`). It reads as a stream, with pcap-parser's streaming
//! readers: memory is bounded by the largest record (a 64 KiB buffer, grown
//! for larger records up to 16 MiB, beyond which a record is an error), never
//! by the file's size.
//!
//! Several inputs (files, a directory's capture files, standard input:
//! [`Source`]) read as one capture, merged by timestamp as mergecap does,
//! frames numbered across the whole (`merge.rs`); one frame is buffered
//! per open input, and an input is open only from its first frame's time
//! to its end. An input damaged on the way is a [`Skipped`] file: the
//! others are still read.
//!
//! A watched directory (`--watch`, [`CaptureReader::watch`]) is read a
//! file after another instead, as a writer rotates them, the last one as
//! it grows (`watch.rs`, `growing.rs`).
//!
//! Live capture's `-w FILE` is written as one pcapng file or, with `-b`, a
//! ring buffer of them, named and rotated as dumpcap does (`ring`, the
//! policy; `ring_file`, the files).
//!
//! A bad header fails [`CaptureReader::open`]; a problem further on is one
//! [`CaptureError`] from [`CaptureReader::next_frame`], after which the
//! reader stays at its end, so the frames before it can still be used.
//!
//! ```no_run
//! use cardshark::capture::CaptureReader;
//! let mut reader = CaptureReader::open("capture.pcap")?;
//! while let Some(frame) = reader.next_frame()? {
//!     println!("frame {} at {}: {} bytes", frame.number, frame.ts, frame.data.len());
//! }
//! # Ok::<(), cardshark::capture::CaptureError>(())
//! ```

#![warn(missing_docs)]

mod container;
mod decompress;
mod error;
mod fed;
pub use fed::stdin_fed;
mod growing;
mod input;
#[cfg(feature = "live")]
pub mod live;
mod merge;
mod open;
mod pcap;
mod pcapng;
mod reader;
pub mod ring;
pub mod ring_file;
mod source;
mod timestamp;
mod watch;
mod watched;
pub mod write;

#[cfg(test)]
mod tests;

pub use container::CaptureFormat;
pub use decompress::Compression;
pub use error::{CaptureError, OnSkip, Skipped};
pub use open::CaptureReader;
pub use source::{natural, stdin_head, Source, Wrap};
pub use timestamp::Timestamp;

/// A link-layer header type, as numbered by tcpdump.org's LINKTYPE_ values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinkType(pub u32);

impl LinkType {
    /// BSD loopback: a 4-byte address family in host byte order.
    pub const NULL: LinkType = LinkType(0);
    /// Ethernet II.
    pub const ETHERNET: LinkType = LinkType(1);
    /// Raw IP, as numbered on some BSDs.
    pub const RAW_12: LinkType = LinkType(12);
    /// Raw IP, as numbered on OpenBSD.
    pub const RAW_14: LinkType = LinkType(14);
    /// Raw IPv4 or IPv6, no link-layer header.
    pub const RAW: LinkType = LinkType(101);
    /// OpenBSD loopback: a 4-byte address family in network byte order.
    pub const LOOP: LinkType = LinkType(108);
    /// Linux "cooked" capture, version 1.
    pub const LINUX_SLL: LinkType = LinkType(113);
    /// Raw IPv4.
    pub const IPV4: LinkType = LinkType(228);
    /// Raw IPv6.
    pub const IPV6: LinkType = LinkType(229);
    /// Linux "cooked" capture, version 2.
    pub const LINUX_SLL2: LinkType = LinkType(276);

    /// The short name tcpdump uses for this link type (`EN10MB`, `LINUX_SLL2`, ...).
    pub fn name(self) -> String {
        match self.0 {
            0 => "NULL".into(),
            1 => "EN10MB".into(),
            12 | 14 | 101 => "RAW".into(),
            108 => "LOOP".into(),
            113 => "LINUX_SLL".into(),
            228 => "IPV4".into(),
            229 => "IPV6".into(),
            276 => "LINUX_SLL2".into(),
            n => format!("LINKTYPE_{n}"),
        }
    }
}

impl std::fmt::Display for LinkType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.name(), self.0)
    }
}

/// One captured frame, borrowed from the reader's buffer until the next call
/// to [`CaptureReader::next_frame`].
#[derive(Debug, Clone, Copy)]
pub struct Frame<'a> {
    /// 1-based position of the frame in the capture (what tshark calls frame.number).
    pub number: u64,
    /// When the frame was captured (UTC).
    pub ts: Timestamp,
    /// How `data` begins.
    pub link_type: LinkType,
    /// The pcapng interface the frame came from (0 for legacy pcap).
    pub interface: u32,
    /// The frame's length on the wire; larger than `data.len()` when the
    /// capture cut it at the snapshot length.
    pub orig_len: u32,
    /// The captured bytes.
    pub data: &'a [u8],
}
