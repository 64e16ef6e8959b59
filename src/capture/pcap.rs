//! Legacy pcap: a 24-byte file header, then records of a 16-byte header
//! (seconds, micro- or nanoseconds, captured length, original length) and
//! the captured bytes.

use super::container::{CaptureFormat, Container, Packet, MAX_BLOCK_LEN};
use super::{LinkType, Timestamp};
use pcap_parser::{LegacyPcapBlock, PcapBlockOwned, PcapError, PcapHeader};

/// Length of the file header.
pub(super) const HEADER_LEN: usize = 24;

/// Magic numbers as they appear in the file: microsecond and nanosecond
/// timestamps in both byte orders, and the little-endian "modified" format
/// of some old Red Hat tcpdumps (24-byte record headers).
const MAGICS: [[u8; 4]; 5] = [
    [0xd4, 0xc3, 0xb2, 0xa1],
    [0xa1, 0xb2, 0xc3, 0xd4],
    [0x4d, 0x3c, 0xb2, 0xa1],
    [0xa1, 0xb2, 0x3c, 0x4d],
    [0x34, 0xcd, 0xb2, 0xa1],
];

/// Whether a file starting with `magic` is a legacy pcap file.
pub(super) fn is_magic(magic: [u8; 4]) -> bool {
    MAGICS.contains(&magic)
}

/// pcap-parser's parser of one record, for the file's byte order and format.
type ParseRecord = fn(&[u8]) -> nom::IResult<&[u8], LegacyPcapBlock<'_>, PcapError<&[u8]>>;

/// What the file header says about the records.
pub(super) struct Pcap {
    big_endian: bool,
    nanosecond: bool,
    record_header_len: usize,
    link_type: LinkType,
    parse: ParseRecord,
}

impl Pcap {
    pub(super) fn new(header: &PcapHeader) -> Self {
        Pcap {
            big_endian: header.is_bigendian(),
            nanosecond: header.is_nanosecond_precision(),
            record_header_len: if header.is_modified_format() { 24 } else { 16 },
            // The upper 16 bits may hold FCS information, not the link type.
            link_type: LinkType(header.network.0 as u32 & 0xffff),
            parse: if header.is_modified_format() {
                pcap_parser::parse_pcap_frame_modified
            } else if header.is_bigendian() {
                pcap_parser::parse_pcap_frame_be
            } else {
                pcap_parser::parse_pcap_frame
            },
        }
    }

    /// The packet of a parsed record.
    fn packet(&self, record: &LegacyPcapBlock<'_>) -> Packet {
        let fraction = u64::from(record.ts_usec) * if self.nanosecond { 1 } else { 1000 };
        let ts = Timestamp {
            secs: i64::from(record.ts_sec) + (fraction / 1_000_000_000) as i64,
            nanos: (fraction % 1_000_000_000) as u32,
        };
        let start = self.record_header_len;
        Packet {
            ts: Some(ts),
            link_type: self.link_type,
            interface: 0,
            orig_len: record.origlen,
            data: start..start + record.data.len(),
        }
    }
}

impl Container for Pcap {
    fn format(&self) -> CaptureFormat {
        CaptureFormat::Pcap
    }

    fn header_len(&self) -> usize {
        self.record_header_len
    }

    fn block_len(&self, head: &[u8]) -> Result<u64, String> {
        let bytes = [head[8], head[9], head[10], head[11]];
        let caplen = if self.big_endian {
            u32::from_be_bytes(bytes)
        } else {
            u32::from_le_bytes(bytes)
        };
        Ok(self.record_header_len as u64 + u64::from(caplen))
    }

    fn is_packet(&self, _head: &[u8]) -> bool {
        true
    }

    fn is_ignored(&self, _head: &[u8]) -> bool {
        false
    }

    fn block_name(&self, _head: &[u8]) -> &'static str {
        "pcap record"
    }

    fn check(&self, _block: &[u8]) -> Result<(), String> {
        Ok(())
    }

    fn decode(&mut self, block: PcapBlockOwned<'_>) -> Result<Option<Packet>, String> {
        let PcapBlockOwned::Legacy(record) = block else {
            return Err("unexpected block in a pcap file".into());
        };
        Ok(Some(self.packet(&record)))
    }

    /// pcap-parser's record parser, straight on the buffer.
    #[inline]
    fn record(&self, buf: &[u8]) -> Option<(usize, Packet)> {
        let len = self.block_len(buf.get(..self.record_header_len)?).ok()?;
        if len > MAX_BLOCK_LEN as u64 {
            return None;
        }
        let (rest, record) = (self.parse)(buf.get(..len as usize)?).ok()?;
        rest.is_empty()
            .then(|| (len as usize, self.packet(&record)))
    }
}
