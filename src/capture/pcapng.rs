//! pcapng: sections, each a Section Header Block (which fixes the byte order)
//! followed by Interface Description Blocks and packet blocks (Enhanced,
//! Simple, and the obsolete Packet Block); all other blocks are skipped.
//!
//! pcap-parser parses the blocks; the options that set timestamps
//! (`if_tsresol`, `if_tsoffset`) are read here, in the section's byte order.

use super::container::{CaptureFormat, Container, Packet};
use super::{LinkType, Timestamp};
use pcap_parser::pcapng::{Block, InterfaceDescriptionBlock};
use pcap_parser::PcapBlockOwned;

const SHB: u32 = 0x0a0d_0d0a;
const IDB: u32 = 1;
const PB: u32 = 2;
const SPB: u32 = 3;
const EPB: u32 = 6;
const BYTE_ORDER_MAGIC: u32 = 0x1a2b_3c4d;

/// Whether a file starting with `magic` is a pcapng file.
pub(super) fn is_magic(magic: [u8; 4]) -> bool {
    u32::from_le_bytes(magic) == SHB
}

/// The state of the current section.
#[derive(Default)]
pub(super) struct PcapNg {
    big_endian: bool,
    interfaces: Vec<Interface>,
}

/// What an Interface Description Block says about its packets.
struct Interface {
    link_type: LinkType,
    /// 0 when unlimited.
    snaplen: u32,
    units_per_sec: u64,
    offset_secs: i64,
}

impl Interface {
    fn new(idb: &InterfaceDescriptionBlock, big_endian: bool) -> Result<Self, String> {
        let mut interface = Interface {
            link_type: LinkType(u32::from(idb.linktype.0 as u16)),
            snaplen: idb.snaplen,
            units_per_sec: 1_000_000,
            offset_secs: 0,
        };
        for option in &idb.options {
            let value = option.as_bytes().unwrap_or_default();
            match (option.code.0, value) {
                (9, &[resol]) => {
                    interface.units_per_sec = units_per_sec(resol).ok_or_else(|| {
                        format!("corrupt interface description block: unsupported if_tsresol 0x{resol:02x}")
                    })?
                }
                (14, &[a, b, c, d, e, f, g, h]) => {
                    let bytes = [a, b, c, d, e, f, g, h];
                    interface.offset_secs = if big_endian {
                        i64::from_be_bytes(bytes)
                    } else {
                        i64::from_le_bytes(bytes)
                    };
                }
                _ => {}
            }
        }
        Ok(interface)
    }

    /// A timestamp in this interface's units, as seconds and nanoseconds.
    fn timestamp(&self, high: u32, low: u32) -> Timestamp {
        let units = u64::from(high) << 32 | u64::from(low);
        let secs = units / self.units_per_sec;
        let fraction = u128::from(units % self.units_per_sec);
        Timestamp {
            secs: i64::try_from(secs)
                .unwrap_or(i64::MAX)
                .saturating_add(self.offset_secs),
            nanos: (fraction * 1_000_000_000 / u128::from(self.units_per_sec)) as u32,
        }
    }
}

/// `if_tsresol`: a negative power of 10, or of 2 when the top bit is set.
fn units_per_sec(resol: u8) -> Option<u64> {
    if resol & 0x80 == 0 {
        10u64.checked_pow(u32::from(resol))
    } else {
        1u64.checked_shl(u32::from(resol & 0x7f))
    }
}

impl PcapNg {
    /// Whether the block starting with `head` is in big-endian byte order: a
    /// Section Header Block says so itself, others follow their section.
    fn big_endian(&self, head: &[u8]) -> Result<bool, String> {
        if u32::from_le_bytes([head[0], head[1], head[2], head[3]]) != SHB {
            return Ok(self.big_endian);
        }
        match u32::from_le_bytes([head[8], head[9], head[10], head[11]]) {
            BYTE_ORDER_MAGIC => Ok(false),
            m if m.swap_bytes() == BYTE_ORDER_MAGIC => Ok(true),
            m => Err(format!(
                "corrupt section header block: bad byte-order magic 0x{m:08x}"
            )),
        }
    }

    fn u32_at(&self, bytes: &[u8], at: usize, big_endian: bool) -> u32 {
        let b = [bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]];
        if big_endian {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        }
    }

    fn block_type(&self, head: &[u8]) -> Option<u32> {
        (head.len() >= 4).then(|| self.u32_at(head, 0, self.big_endian))
    }

    fn interface(&self, id: u32) -> Result<&Interface, String> {
        self.interfaces.get(id as usize).ok_or_else(|| {
            let n = self.interfaces.len();
            format!("packet references interface {id}, but the section has {n} interface(s)")
        })
    }

    /// An obsolete Packet Block, from the contents after its length field.
    fn packet_block(&self, content: &[u8]) -> Result<Packet, String> {
        if content.len() < 20 {
            return Err("corrupt packet block: too short".into());
        }
        let u16_at = |at| {
            let b = [content[at], content[at + 1]];
            u32::from(if self.big_endian {
                u16::from_be_bytes(b)
            } else {
                u16::from_le_bytes(b)
            })
        };
        let u32_at = |at| self.u32_at(content, at, self.big_endian);
        let (id, caplen) = (u16_at(0), u32_at(12) as usize);
        if caplen > content.len() - 20 {
            return Err(format!(
                "corrupt packet block: captured length {caplen} overruns the block"
            ));
        }
        let interface = self.interface(id)?;
        Ok(Packet {
            ts: Some(interface.timestamp(u32_at(4), u32_at(8))),
            link_type: interface.link_type,
            interface: id,
            orig_len: u32_at(16),
            data: 28..28 + caplen,
        })
    }
}

impl Container for PcapNg {
    fn format(&self) -> CaptureFormat {
        CaptureFormat::PcapNg
    }

    fn header_len(&self) -> usize {
        12
    }

    fn block_len(&self, head: &[u8]) -> Result<u64, String> {
        let len = self.u32_at(head, 4, self.big_endian(head)?);
        let min_len = match self.block_type(head) {
            Some(SHB) => 28,
            Some(IDB) => 20,
            Some(SPB) => 16,
            Some(PB | EPB) => 32,
            _ => 12,
        };
        if len < min_len || !len.is_multiple_of(4) {
            let name = self.block_name(head);
            return Err(format!("corrupt {name}: bad block length {len}"));
        }
        Ok(u64::from(len))
    }

    fn is_packet(&self, head: &[u8]) -> bool {
        matches!(self.block_type(head), Some(PB | SPB | EPB))
    }

    fn is_ignored(&self, head: &[u8]) -> bool {
        !matches!(self.block_type(head), Some(SHB | IDB | PB | SPB | EPB))
    }

    fn block_name(&self, head: &[u8]) -> &'static str {
        match self.block_type(head) {
            Some(SHB) => "section header block",
            Some(IDB) => "interface description block",
            Some(PB) => "packet block",
            Some(SPB) => "simple packet block",
            Some(EPB) => "enhanced packet block",
            _ => "pcapng block",
        }
    }

    fn check(&self, block: &[u8]) -> Result<(), String> {
        let big_endian = self.big_endian(block)?;
        let (len, trailer) = (block.len(), self.u32_at(block, block.len() - 4, big_endian));
        if trailer as usize != len {
            let name = self.block_name(block);
            return Err(format!(
                "corrupt {name}: trailing block length {trailer} does not match {len}"
            ));
        }
        Ok(())
    }

    fn decode(&mut self, block: PcapBlockOwned<'_>) -> Result<Option<Packet>, String> {
        let PcapBlockOwned::NG(block) = block else {
            return Err("unexpected block in a pcapng file".into());
        };
        match block {
            Block::SectionHeader(shb) => {
                self.big_endian = shb.big_endian();
                self.interfaces.clear();
                Ok(None)
            }
            Block::InterfaceDescription(idb) => {
                let interface = Interface::new(&idb, self.big_endian)?;
                self.interfaces.push(interface);
                Ok(None)
            }
            Block::EnhancedPacket(epb) => {
                let interface = self.interface(epb.if_id)?;
                Ok(Some(Packet {
                    ts: Some(interface.timestamp(epb.ts_high, epb.ts_low)),
                    link_type: interface.link_type,
                    interface: epb.if_id,
                    orig_len: epb.origlen,
                    data: 28..28 + epb.caplen as usize,
                }))
            }
            Block::SimplePacket(spb) => {
                let interface = self.interface(0)?;
                let mut caplen = spb.origlen.min(spb.data.len() as u32);
                if interface.snaplen != 0 {
                    caplen = caplen.min(interface.snaplen);
                }
                Ok(Some(Packet {
                    ts: None,
                    link_type: interface.link_type,
                    interface: 0,
                    orig_len: spb.origlen,
                    data: 12..12 + caplen as usize,
                }))
            }
            // pcap-parser reads an unknown block's type as little-endian.
            Block::Unknown(b) if self.block_type(&b.block_type.to_le_bytes()) == Some(PB) => {
                self.packet_block(b.data).map(Some)
            }
            _ => Ok(None),
        }
    }
}
