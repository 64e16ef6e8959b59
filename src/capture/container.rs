//! What the two capture formats share with the reader that runs them:
//! which format a capture uses, a packet found in a block, and what a
//! format knows about its blocks ([`Container`], which `pcap.rs` and
//! `pcapng.rs` implement and `reader.rs` drives).

use super::{LinkType, Timestamp};
use pcap_parser::PcapBlockOwned;
use std::ops::Range;

/// Largest record or block accepted, and so the most the buffer grows to:
/// far above the 262144-byte maximum snapshot length plus pcapng overhead.
pub const MAX_BLOCK_LEN: usize = 16 * 1024 * 1024;

/// Which container the capture uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureFormat {
    /// Legacy libpcap format (`.pcap`).
    Pcap,
    /// pcap Next Generation (`.pcapng`).
    PcapNg,
}

/// A packet found in a block, its bytes given as a range of the block.
#[derive(Debug, Clone)]
pub(super) struct Packet {
    /// `None` when the block carries no timestamp (pcapng Simple Packet Block).
    pub ts: Option<Timestamp>,
    pub link_type: LinkType,
    pub interface: u32,
    pub orig_len: u32,
    pub data: Range<usize>,
}

/// What one capture format knows about its blocks (pcap records count as blocks).
pub(super) trait Container {
    fn format(&self) -> CaptureFormat;
    /// Bytes needed to know a block's length (always at least 4).
    fn header_len(&self) -> usize;
    /// The whole block's length, from its first `header_len()` bytes.
    fn block_len(&self, head: &[u8]) -> Result<u64, String>;
    /// Whether the block starting with `head` (maybe cut short) holds a packet.
    fn is_packet(&self, head: &[u8]) -> bool;
    /// Whether the block starting with `head` is skipped whatever it holds
    /// (so that pcap-parser failing to parse it does not matter).
    fn is_ignored(&self, head: &[u8]) -> bool;
    /// Name of the block starting with `head`, for messages.
    fn block_name(&self, head: &[u8]) -> &'static str;
    /// Checks on the complete raw block that pcap-parser does not make.
    fn check(&self, block: &[u8]) -> Result<(), String>;
    /// Takes in a parsed block: a packet, or `None` for anything else.
    fn decode(&mut self, block: PcapBlockOwned<'_>) -> Result<Option<Packet>, String>;
    /// The common case without the general path's framing, checks and
    /// messages: a whole, sound packet block at the start of `buf`, with
    /// its length. `None` sends the reader down the general path (which
    /// reports anything wrong); by default there is no fast path.
    fn record(&self, _buf: &[u8]) -> Option<(usize, Packet)> {
        None
    }
}
