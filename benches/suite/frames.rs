//! What the benchmark captures are made of: a pcap file of Ethernet frames,
//! each frame Ethernet, IPv4 (no options) and TCP (no options, window
//! 65535), and the pseudo-random numbers that shape the traffic.

use pcap_file::pcap::{PcapHeader, PcapWriter};
use pcap_file::DataLink;
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

/// A xorshift generator: the same traffic from the same seed.
pub struct Rng(pub u64);

impl Rng {
    /// The generator every benchmark capture starts from.
    pub fn seeded() -> Self {
        Rng(0x9e37_79b9_7f4a_7c15)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A new pcap file at `path` for Ethernet frames up to 65535 bytes.
pub fn pcap_writer(path: &Path) -> PcapWriter<BufWriter<File>> {
    let header = PcapHeader {
        datalink: DataLink::ETHERNET,
        snaplen: 65535,
        ..Default::default()
    };
    let file = BufWriter::with_capacity(1 << 20, File::create(path).unwrap());
    PcapWriter::with_header(file, header).unwrap()
}

/// Writes into `f` (cleared first) the frame of a TCP segment from `src` to
/// `dst` (address and port each).
#[allow(clippy::too_many_arguments)]
pub fn tcp_frame(
    f: &mut Vec<u8>,
    src: ([u8; 4], u16),
    dst: ([u8; 4], u16),
    seq: u32,
    ack: u32,
    flags: u8,
    payload: &[u8],
) {
    let total = 20 + 20 + payload.len();
    f.clear();
    f.extend_from_slice(&[2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 8, 0]);
    f.extend_from_slice(&[0x45, 0, (total >> 8) as u8, total as u8]);
    f.extend_from_slice(&[0, 0, 0x40, 0, 64, 6, 0, 0]);
    f.extend_from_slice(&src.0);
    f.extend_from_slice(&dst.0);
    f.extend_from_slice(&src.1.to_be_bytes());
    f.extend_from_slice(&dst.1.to_be_bytes());
    f.extend_from_slice(&seq.to_be_bytes());
    f.extend_from_slice(&ack.to_be_bytes());
    f.extend_from_slice(&[0x50, flags, 0xff, 0xff, 0, 0, 0, 0]);
    f.extend_from_slice(payload);
}
