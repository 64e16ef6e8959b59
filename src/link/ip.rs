//! IPv4 and IPv6: from an IP packet to its transport payload, or to a
//! fragment for the defragmenter.
//!
//! Headers are parsed with `etherparse`'s header slices (no copies). The
//! IP length fields, not the frame length, bound the payload, so Ethernet
//! padding never becomes payload; when the capture holds less than the IP
//! length says, the difference is reported as `missing`.
//!
//! IPv6 extension headers followed: hop-by-hop, routing, destination
//! options, fragment and authentication (AH, also after an IPv4 header).
//! ESP and "no next header" end the walk: not TCP.

use super::linklayer::IpPacket;
use super::{NotTcp, Stop};
use etherparse::{
    IpAuthHeaderSlice, Ipv4HeaderSlice, Ipv6FragmentHeaderSlice, Ipv6HeaderSlice,
    Ipv6RawExtHeaderSlice,
};
use std::net::IpAddr;

/// IP protocol numbers this module cares about.
mod proto {
    pub const HOP_BY_HOP: u8 = 0;
    pub const ICMP: u8 = 1;
    pub const TCP: u8 = 6;
    pub const UDP: u8 = 17;
    pub const ROUTING: u8 = 43;
    pub const FRAGMENT: u8 = 44;
    pub const AUTH: u8 = 51;
    pub const ICMPV6: u8 = 58;
    pub const DEST_OPTIONS: u8 = 60;
}

/// Length of the fixed IPv6 header.
const IPV6_HEADER_LEN: usize = 40;
/// Length of the IPv6 fragment header.
const IPV6_FRAGMENT_HEADER_LEN: usize = 8;
/// Extension headers followed before giving up (each is at least 8 bytes,
/// so the walk ends anyway; this only bounds silly packets).
const MAX_EXTENSION_HEADERS: usize = 32;

/// The TCP bytes of a packet, with the addresses around them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Transport<'a> {
    /// Source address.
    pub src: IpAddr,
    /// Destination address.
    pub dst: IpAddr,
    /// The TCP header and payload, as far as captured and as far as the IP
    /// length goes.
    pub payload: &'a [u8],
    /// Bytes the IP length promises beyond what was captured.
    pub missing: u32,
}

/// An IP fragment (IPv4, or IPv6 with a fragment header).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fragment<'a> {
    /// Source address.
    pub src: IpAddr,
    /// Destination address.
    pub dst: IpAddr,
    /// Identification (16 bits for IPv4, 32 for IPv6).
    pub id: u32,
    /// Position of `data` in the reassembled payload, in bytes.
    pub offset: usize,
    /// More fragments follow.
    pub more: bool,
    /// IPv4: the protocol; IPv6: the fragment header's next header.
    pub next: u8,
    /// The fragment's bytes (the fragmentable part).
    pub data: &'a [u8],
    /// The capture holds less than the IP length says.
    pub truncated: bool,
    /// Bytes of IP headers in front of `data` (for the 65535-byte limit).
    pub header_len: usize,
}

impl Fragment<'_> {
    /// Whether the datagram is known not to carry TCP, and as what: the
    /// protocol is in every fragment, so such fragments need no buffering.
    pub fn not_tcp(&self) -> Option<NotTcp> {
        let ipv6 = self.src.is_ipv6();
        match self.next {
            proto::TCP | proto::AUTH => None,
            proto::HOP_BY_HOP | proto::ROUTING | proto::DEST_OPTIONS if ipv6 => None,
            other => classify(other).err().map(|stop| match stop {
                Stop::NotTcp(kind) => kind,
                Stop::Malformed(_) => NotTcp::OtherIp,
            }),
        }
    }
}

/// What an IP packet holds.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Network<'a> {
    /// A whole TCP packet.
    Transport(Transport<'a>),
    /// A fragment of some datagram.
    Fragment(Fragment<'a>),
}

/// Parses an IP packet down to TCP or to a fragment.
pub(crate) fn parse(packet: IpPacket<'_>) -> Result<Network<'_>, Stop> {
    match packet {
        IpPacket::V4(data) => ipv4(data),
        IpPacket::V6(data) => ipv6(data),
        IpPacket::Any(data) => match data.first().map(|b| b >> 4) {
            Some(4) => ipv4(data),
            Some(6) => ipv6(data),
            Some(_) => Err(Stop::Malformed("unknown IP version")),
            None => Err(Stop::Malformed("empty IP packet")),
        },
    }
}

/// Continues a reassembled datagram from its fragment header (IPv6) or IP
/// header (IPv4) on.
pub(crate) fn reassembled<'a>(
    fragment: &Fragment<'_>,
    next: u8,
    data: &'a [u8],
) -> Result<Transport<'a>, Stop> {
    match walk(next, data, fragment.src.is_ipv6(), false)? {
        Walked::Upper(next, payload) => tcp(next, fragment.src, fragment.dst, payload, 0),
        Walked::Fragment { .. } => Err(Stop::Malformed("fragment header in a fragment")),
    }
}

/// IPv4 header (with options), then AH if any.
fn ipv4(data: &[u8]) -> Result<Network<'_>, Stop> {
    use etherparse::err::ipv4::HeaderSliceError as E;
    let header = Ipv4HeaderSlice::from_slice(data).map_err(|e| match e {
        E::Len(_) => Stop::Malformed("truncated IPv4 header"),
        E::Content(_) => Stop::Malformed("bad IPv4 header"),
    })?;
    let header_len = header.slice().len();
    let total = usize::from(header.total_len());
    let (end, missing) = if total == 0 {
        // Segmentation offload: the stack had not filled the length in.
        (data.len(), 0)
    } else if total < header_len {
        return Err(Stop::Malformed("IPv4 total length shorter than its header"));
    } else if total > data.len() {
        (data.len(), total - data.len())
    } else {
        (total, 0)
    };
    let body = data.get(header_len..end).unwrap_or(&[]);
    let src = IpAddr::V4(header.source_addr());
    let dst = IpAddr::V4(header.destination_addr());
    let protocol = header.protocol().0;

    if header.is_fragmenting_payload() {
        return Ok(Network::Fragment(Fragment {
            src,
            dst,
            id: u32::from(header.identification()),
            offset: usize::from(header.fragments_offset().byte_offset()),
            more: header.more_fragments(),
            next: protocol,
            data: body,
            truncated: missing > 0,
            header_len,
        }));
    }
    match walk(protocol, body, false, false)? {
        Walked::Upper(next, payload) => {
            tcp(next, src, dst, payload, missing).map(Network::Transport)
        }
        Walked::Fragment { .. } => Err(Stop::Malformed("fragment header after IPv4")),
    }
}

/// IPv6 header, then its extension headers.
fn ipv6(data: &[u8]) -> Result<Network<'_>, Stop> {
    use etherparse::err::ipv6::HeaderSliceError as E;
    let header = Ipv6HeaderSlice::from_slice(data).map_err(|e| match e {
        E::Len(_) => Stop::Malformed("truncated IPv6 header"),
        E::Content(_) => Stop::Malformed("bad IPv6 header"),
    })?;
    let captured = data.get(IPV6_HEADER_LEN..).unwrap_or(&[]);
    let length = usize::from(header.payload_length());
    let (body, missing) = if length == 0 {
        // A jumbogram, or segmentation offload: the capture says how long.
        (captured, 0)
    } else if length > captured.len() {
        (captured, length - captured.len())
    } else {
        (captured.get(..length).unwrap_or(captured), 0)
    };
    let src = IpAddr::V6(header.source_addr());
    let dst = IpAddr::V6(header.destination_addr());

    match walk(header.next_header().0, body, true, true)? {
        Walked::Upper(next, payload) => {
            tcp(next, src, dst, payload, missing).map(Network::Transport)
        }
        Walked::Fragment {
            id,
            offset,
            more,
            next,
            data,
            header_len,
        } => Ok(Network::Fragment(Fragment {
            src,
            dst,
            id,
            offset,
            more,
            next,
            data,
            truncated: missing > 0,
            header_len: IPV6_HEADER_LEN + header_len,
        })),
    }
}

/// Where a walk over extension headers ended.
enum Walked<'a> {
    /// At an upper-layer protocol `.0`, whose bytes are `.1`.
    Upper(u8, &'a [u8]),
    /// At a fragment header that fragments the payload.
    Fragment {
        id: u32,
        offset: usize,
        more: bool,
        next: u8,
        data: &'a [u8],
        /// Bytes walked, fragment header included.
        header_len: usize,
    },
}

/// Follows extension headers from protocol `next` at the start of `data`:
/// AH always, the IPv6 ones when `ipv6`, a fragment header only when
/// `fragments` (not inside a reassembled datagram).
fn walk(mut next: u8, data: &[u8], ipv6: bool, fragments: bool) -> Result<Walked<'_>, Stop> {
    let mut rest = data;
    for _ in 0..MAX_EXTENSION_HEADERS {
        let len = match next {
            proto::AUTH => {
                use etherparse::err::ip_auth::HeaderSliceError as E;
                let ah = IpAuthHeaderSlice::from_slice(rest).map_err(|e| match e {
                    E::Len(_) => Stop::Malformed("truncated IP authentication header"),
                    E::Content(_) => Stop::Malformed("bad IP authentication header"),
                })?;
                next = ah.next_header().0;
                ah.slice().len()
            }
            proto::HOP_BY_HOP | proto::ROUTING | proto::DEST_OPTIONS if ipv6 => {
                let ext = Ipv6RawExtHeaderSlice::from_slice(rest)
                    .map_err(|_| Stop::Malformed("truncated IPv6 extension header"))?;
                next = ext.next_header().0;
                ext.slice().len()
            }
            proto::FRAGMENT if ipv6 && fragments => {
                let frag = Ipv6FragmentHeaderSlice::from_slice(rest)
                    .map_err(|_| Stop::Malformed("truncated IPv6 fragment header"))?;
                let after = rest.get(IPV6_FRAGMENT_HEADER_LEN..).unwrap_or(&[]);
                if frag.is_fragmenting_payload() {
                    return Ok(Walked::Fragment {
                        id: frag.identification(),
                        offset: usize::from(frag.fragment_offset().byte_offset()),
                        more: frag.more_fragments(),
                        next: frag.next_header().0,
                        data: after,
                        header_len: data.len() - after.len(),
                    });
                }
                // An atomic fragment (offset 0, no more): just a header.
                next = frag.next_header().0;
                IPV6_FRAGMENT_HEADER_LEN
            }
            _ => return Ok(Walked::Upper(next, rest)),
        };
        rest = rest.get(len..).unwrap_or(&[]);
    }
    Err(Stop::Malformed("too many IP extension headers"))
}

/// `Ok` for TCP; otherwise what the protocol is.
fn classify(protocol: u8) -> Result<(), Stop> {
    match protocol {
        proto::TCP => Ok(()),
        proto::UDP => Err(Stop::NotTcp(NotTcp::Udp)),
        proto::ICMP | proto::ICMPV6 => Err(Stop::NotTcp(NotTcp::Icmp)),
        _ => Err(Stop::NotTcp(NotTcp::OtherIp)),
    }
}

/// The payload of upper-layer protocol `next` from `src` to `dst`, with
/// `missing` bytes the capture lacks, when that protocol is TCP.
fn tcp(
    next: u8,
    src: IpAddr,
    dst: IpAddr,
    payload: &[u8],
    missing: usize,
) -> Result<Transport<'_>, Stop> {
    classify(next)?;
    Ok(Transport {
        src,
        dst,
        payload,
        missing: to_u32(missing),
    })
}

/// A byte count as u32 (IP lengths always fit).
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
