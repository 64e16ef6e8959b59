//! Link-layer headers: from a captured frame to the IP packet it carries.
//!
//! Supported capture link types (tcpdump.org `LINKTYPE_` numbers):
//!
//! | type | name | header |
//! |------|------|--------|
//! | 1 | Ethernet | 14 bytes, ethertype at 12; 802.1Q / QinQ tags stripped |
//! | 113 | Linux cooked v1 | 16 bytes, protocol (ethertype) at 14 |
//! | 276 | Linux cooked v2 | 20 bytes, protocol (ethertype) at 0 |
//! | 101, 12, 14 | raw IP | none; IP version from the first nibble |
//! | 228 / 229 | raw IPv4 / raw IPv6 | none |
//! | 0 | BSD loopback (DLT_NULL) | 4-byte address family, host byte order |
//! | 108 | OpenBSD loopback (DLT_LOOP) | 4-byte address family, network byte order |
//!
//! For the cooked captures a protocol of 0x8100 means the payload starts with
//! a VLAN tag's TCI and the inner ethertype, exactly as after an Ethernet
//! 802.1Q TPID: libpcap writes Linux cooked v1 VLAN frames that way, and
//! so do the tools that write VLAN-tagged cooked v2 frames.

use super::{NotTcp, Stop};
use crate::capture::LinkType;

/// Ethertype of IPv4.
const ETHERTYPE_IPV4: u16 = 0x0800;
/// Ethertype of IPv6.
const ETHERTYPE_IPV6: u16 = 0x86dd;
/// Ethertype of ARP.
const ETHERTYPE_ARP: u16 = 0x0806;
/// 802.1Q customer VLAN tag.
const ETHERTYPE_VLAN: u16 = 0x8100;
/// 802.1ad service VLAN tag (QinQ outer tag).
const ETHERTYPE_QINQ: u16 = 0x88a8;
/// Pre-standard QinQ outer tag.
const ETHERTYPE_QINQ_OLD: u16 = 0x9100;

/// How many VLAN tags may be stacked before the frame is called malformed.
const MAX_VLAN_TAGS: usize = 8;

/// Length of an Ethernet II header.
const ETHERNET_LEN: usize = 14;
/// Length of a Linux cooked v1 header.
const SLL_LEN: usize = 16;
/// Length of a Linux cooked v2 header.
const SLL2_LEN: usize = 20;
/// Length of a BSD loopback header.
const LOOPBACK_LEN: usize = 4;

/// The IP packet a frame carries, and what it may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IpPacket<'a> {
    /// The link layer says IPv4.
    V4(&'a [u8]),
    /// The link layer says IPv6.
    V6(&'a [u8]),
    /// Raw IP of either version: the first nibble says which.
    Any(&'a [u8]),
}

/// Strips the link-layer header of a frame of type `link_type`.
pub(crate) fn strip(link_type: LinkType, data: &[u8]) -> Result<IpPacket<'_>, Stop> {
    match link_type.0 {
        1 => {
            let ethertype = be16(data, 12).ok_or(Stop::Malformed("truncated Ethernet header"))?;
            by_ethertype(ethertype, rest(data, ETHERNET_LEN))
        }
        113 => {
            let protocol =
                be16(data, 14).ok_or(Stop::Malformed("truncated Linux cooked header"))?;
            by_ethertype(protocol, rest(data, SLL_LEN))
        }
        276 => {
            if data.len() < SLL2_LEN {
                return Err(Stop::Malformed("truncated Linux cooked v2 header"));
            }
            let protocol =
                be16(data, 0).ok_or(Stop::Malformed("truncated Linux cooked v2 header"))?;
            by_ethertype(protocol, rest(data, SLL2_LEN))
        }
        101 | 12 | 14 => Ok(IpPacket::Any(data)),
        228 => Ok(IpPacket::V4(data)),
        229 => Ok(IpPacket::V6(data)),
        0 => {
            let b = family_bytes(data)?;
            // Host byte order of the capturing machine: the family values
            // are small, so the smaller reading is the right one.
            let family = u32::from_be_bytes(b).min(u32::from_le_bytes(b));
            by_family(family, rest(data, LOOPBACK_LEN))
        }
        108 => {
            let b = family_bytes(data)?;
            by_family(u32::from_be_bytes(b), rest(data, LOOPBACK_LEN))
        }
        _ => Err(Stop::NotTcp(NotTcp::UnsupportedLinkType)),
    }
}

/// Follows an ethertype (through any stack of VLAN tags) to IP.
fn by_ethertype(mut ethertype: u16, mut data: &[u8]) -> Result<IpPacket<'_>, Stop> {
    for _ in 0..=MAX_VLAN_TAGS {
        match ethertype {
            ETHERTYPE_IPV4 => return Ok(IpPacket::V4(data)),
            ETHERTYPE_IPV6 => return Ok(IpPacket::V6(data)),
            ETHERTYPE_ARP => return Err(Stop::NotTcp(NotTcp::Arp)),
            ETHERTYPE_VLAN | ETHERTYPE_QINQ | ETHERTYPE_QINQ_OLD => {
                // Tag control information (2 bytes), then the next ethertype.
                ethertype = be16(data, 2).ok_or(Stop::Malformed("truncated VLAN tag"))?;
                data = rest(data, 4);
            }
            _ => return Err(Stop::NotTcp(NotTcp::OtherLink)),
        }
    }
    Err(Stop::Malformed("too many stacked VLAN tags"))
}

/// The 4-byte address family of a loopback header.
fn family_bytes(data: &[u8]) -> Result<[u8; 4], Stop> {
    data.get(..LOOPBACK_LEN)
        .and_then(|b| <[u8; 4]>::try_from(b).ok())
        .ok_or(Stop::Malformed("truncated loopback header"))
}

/// Maps a loopback address family to IP: `AF_INET` is 2 everywhere;
/// `AF_INET6` is 24 (NetBSD, OpenBSD, BSD/OS), 28 (FreeBSD, DragonFly),
/// 30 (macOS) or 10 (Linux).
fn by_family(family: u32, data: &[u8]) -> Result<IpPacket<'_>, Stop> {
    match family {
        2 => Ok(IpPacket::V4(data)),
        10 | 24 | 28 | 30 => Ok(IpPacket::V6(data)),
        _ => Err(Stop::NotTcp(NotTcp::OtherLink)),
    }
}

/// The big-endian u16 at `offset`, if the data holds it.
fn be16(data: &[u8], offset: usize) -> Option<u16> {
    let end = offset.checked_add(2)?;
    let b = data.get(offset..end)?;
    Some(u16::from_be_bytes([b[0], b[1]]))
}

/// The data after `offset` (empty when there is none).
fn rest(data: &[u8], offset: usize) -> &[u8] {
    data.get(offset..).unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_family_in_either_byte_order() {
        let le = [2, 0, 0, 0, 0x45];
        let be = [0, 0, 0, 2, 0x45];
        assert_eq!(strip(LinkType::NULL, &le), Ok(IpPacket::V4(&[0x45])));
        assert_eq!(strip(LinkType::NULL, &be), Ok(IpPacket::V4(&[0x45])));
        for family in [10u32, 24, 28, 30] {
            let le = family.to_le_bytes();
            let be = family.to_be_bytes();
            assert_eq!(strip(LinkType::NULL, &le), Ok(IpPacket::V6(&[])));
            assert_eq!(strip(LinkType::NULL, &be), Ok(IpPacket::V6(&[])));
            assert_eq!(strip(LinkType::LOOP, &be), Ok(IpPacket::V6(&[])));
        }
        // DLT_LOOP is network byte order only.
        assert_eq!(
            strip(LinkType::LOOP, &le),
            Err(Stop::NotTcp(NotTcp::OtherLink))
        );
        assert_eq!(
            strip(LinkType::NULL, &[7, 0, 0, 0]),
            Err(Stop::NotTcp(NotTcp::OtherLink))
        );
        assert_eq!(
            strip(LinkType::NULL, &[2, 0, 0]),
            Err(Stop::Malformed("truncated loopback header"))
        );
    }

    #[test]
    fn stacked_vlan_tags_are_bounded() {
        let mut frame = vec![0u8; 12];
        for _ in 0..=MAX_VLAN_TAGS {
            frame.extend_from_slice(&[0x81, 0x00, 0x00, 0x05]);
        }
        frame.extend_from_slice(&[0x08, 0x00, 0x45]);
        assert_eq!(
            strip(LinkType::ETHERNET, &frame),
            Err(Stop::Malformed("too many stacked VLAN tags"))
        );
        // One tag fewer fits.
        frame.drain(12..16);
        assert_eq!(strip(LinkType::ETHERNET, &frame), Ok(IpPacket::V4(&[0x45])));
    }

    #[test]
    fn truncated_headers_and_unknown_types() {
        assert_eq!(
            strip(LinkType::ETHERNET, &[0; 13]),
            Err(Stop::Malformed("truncated Ethernet header"))
        );
        assert_eq!(
            strip(
                LinkType::ETHERNET,
                &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x81, 0, 0]
            ),
            Err(Stop::Malformed("truncated VLAN tag"))
        );
        assert_eq!(
            strip(LinkType::LINUX_SLL, &[0; 15]),
            Err(Stop::Malformed("truncated Linux cooked header"))
        );
        assert_eq!(
            strip(LinkType::LINUX_SLL2, &[0x08, 0, 0, 0]),
            Err(Stop::Malformed("truncated Linux cooked v2 header"))
        );
        assert_eq!(
            strip(LinkType(127), &[0; 64]),
            Err(Stop::NotTcp(NotTcp::UnsupportedLinkType))
        );
        // An 802.3 length field is not an ethertype.
        let mut frame = vec![0u8; 12];
        frame.extend_from_slice(&[0x00, 0x2e, 0xaa, 0xaa, 0x03]);
        assert_eq!(
            strip(LinkType::ETHERNET, &frame),
            Err(Stop::NotTcp(NotTcp::OtherLink))
        );
    }
}
