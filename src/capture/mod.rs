//! Stage 1: reading captures.
//!
//! [`CaptureReader`] reads legacy pcap (both byte orders, micro- and
//! nanosecond timestamps) and pcapng (several sections and interfaces, both
//! byte orders, Enhanced and Simple Packet Blocks; other blocks skipped) from
//! a file or from standard input (`-`). It reads as a stream: memory is
//! bounded by the largest record, never by the file's size.
//!
//! ```no_run
//! use cardshark::capture::CaptureReader;
//! let mut reader = CaptureReader::open("capture.pcap")?;
//! while let Some(frame) = reader.next_frame()? {
//!     println!("frame {} at {}: {} bytes", frame.number, frame.ts, frame.data.len());
//! }
//! # Ok::<(), cardshark::capture::CaptureError>(())
//! ```

mod error;
mod reader;
mod timestamp;

pub use error::CaptureError;
pub use reader::{CaptureFormat, CaptureReader};
pub use timestamp::Timestamp;

/// A link-layer header type, as numbered by tcpdump.org's LINKTYPE_ values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinkType(pub u32);

impl LinkType {
    pub const NULL: LinkType = LinkType(0);
    pub const ETHERNET: LinkType = LinkType(1);
    pub const RAW_12: LinkType = LinkType(12);
    pub const RAW_14: LinkType = LinkType(14);
    pub const RAW: LinkType = LinkType(101);
    pub const LOOP: LinkType = LinkType(108);
    pub const LINUX_SLL: LinkType = LinkType(113);
    pub const IPV4: LinkType = LinkType(228);
    pub const IPV6: LinkType = LinkType(229);
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
