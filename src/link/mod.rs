//! Stage 2: from a captured frame to a TCP segment.
//!
//! [`LinkDecoder::decode`] strips the link layer (Ethernet with 802.1Q/QinQ,
//! Linux cooked v1 and v2, raw IP, BSD loopback), parses IPv4 or IPv6 (with
//! extension headers), reassembles IP fragments, and returns the TCP segment
//! inside, or says why there is none. Everything that is not TCP is counted
//! in [`LinkStats`], never dropped silently.
//!
//! The work is split by layer:
//!
//! - `linklayer`: link-layer headers down to an IPv4 or IPv6 packet;
//! - `ip`: IPv4 and IPv6 headers, IPv6 extension headers, IPsec AH;
//! - `fragments`: a bounded IP defragmenter (IPv4 and IPv6);
//! - `tcp`: the TCP header, turned into a [`TcpSegment`].
//!
//! A plain (unfragmented) frame is decoded without any allocation: the
//! segment's payload borrows the frame. Only a reassembled datagram's
//! payload borrows a buffer owned by the decoder.
//!
//! ```
//! use cardshark::capture::{Frame, LinkType, Timestamp};
//! use cardshark::link::{LinkDecoder, Packet};
//!
//! let mut decoder = LinkDecoder::new();
//! let frame = Frame {
//!     number: 1,
//!     ts: Timestamp::new(0, 0),
//!     link_type: LinkType::ETHERNET,
//!     interface: 0,
//!     orig_len: 14,
//!     data: &[0xff; 14],
//! };
//! assert!(matches!(decoder.decode(&frame), Packet::NotTcp(_)));
//! assert_eq!(decoder.stats().frames, 1);
//! ```

#![warn(missing_docs)]

mod fragments;
mod ip;
mod linklayer;
mod tcp;

#[cfg(test)]
mod tests;

use crate::capture::{Frame, LinkType};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

use fragments::Defragmenter;
use ip::Network;

/// TCP header flags: the raw flags byte of the TCP header (byte 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TcpFlags(pub u8);

impl TcpFlags {
    /// No more data from the sender.
    pub const FIN: u8 = 0x01;
    /// Synchronise sequence numbers (connection set-up).
    pub const SYN: u8 = 0x02;
    /// Reset the connection.
    pub const RST: u8 = 0x04;
    /// Push the data to the application.
    pub const PSH: u8 = 0x08;
    /// The acknowledgement number is significant.
    pub const ACK: u8 = 0x10;
    /// The urgent pointer is significant.
    pub const URG: u8 = 0x20;
    /// ECN echo.
    pub const ECE: u8 = 0x40;
    /// Congestion window reduced.
    pub const CWR: u8 = 0x80;

    /// Whether FIN is set.
    pub fn fin(self) -> bool {
        self.0 & Self::FIN != 0
    }
    /// Whether SYN is set.
    pub fn syn(self) -> bool {
        self.0 & Self::SYN != 0
    }
    /// Whether RST is set.
    pub fn rst(self) -> bool {
        self.0 & Self::RST != 0
    }
    /// Whether PSH is set.
    pub fn psh(self) -> bool {
        self.0 & Self::PSH != 0
    }
    /// Whether ACK is set.
    pub fn ack(self) -> bool {
        self.0 & Self::ACK != 0
    }
}

/// A TCP segment taken out of a frame.
#[derive(Debug, Clone, Copy)]
pub struct TcpSegment<'a> {
    /// Sender's address and port.
    pub src: SocketAddr,
    /// Receiver's address and port.
    pub dst: SocketAddr,
    /// Sequence number of the first payload byte (or of the SYN/FIN).
    pub seq: u32,
    /// Meaningful only when `flags.ack()`.
    pub ack: u32,
    /// The header's flags.
    pub flags: TcpFlags,
    /// The advertised receive window (not scaled).
    pub window: u16,
    /// The payload bytes the capture holds.
    pub payload: &'a [u8],
    /// Payload bytes that were sent (the IP length says so) but that the
    /// capture cut off at its snapshot length. They follow `payload`.
    pub missing: u32,
}

/// What a frame turned out to be.
#[derive(Debug)]
pub enum Packet<'a> {
    /// A TCP segment (possibly out of a reassembled IP datagram).
    Tcp(TcpSegment<'a>),
    /// Not TCP: counted in [`LinkStats`] under this kind.
    NotTcp(NotTcp),
    /// An IP fragment, held until the rest of its datagram arrives.
    FragmentHeld,
    /// The frame could not be taken apart: why.
    Malformed(String),
}

/// Kinds of frames that carry no TCP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NotTcp {
    /// ARP (Ethernet or cooked captures).
    Arp,
    /// UDP over IPv4 or IPv6.
    Udp,
    /// ICMP or ICMPv6.
    Icmp,
    /// Any other IP protocol, including ESP and IPv6 "no next header".
    OtherIp,
    /// A link-layer frame that does not carry IP (other ethertypes, 802.3
    /// frames, loopback frames of other address families).
    OtherLink,
    /// A frame whose capture link type this decoder does not know.
    UnsupportedLinkType,
}

impl NotTcp {
    /// Short name for tables and JSON (`udp`, `other-link`, ...).
    pub fn name(self) -> &'static str {
        match self {
            NotTcp::Arp => "arp",
            NotTcp::Udp => "udp",
            NotTcp::Icmp => "icmp",
            NotTcp::OtherIp => "other-ip",
            NotTcp::OtherLink => "other-link",
            NotTcp::UnsupportedLinkType => "unsupported-link-type",
        }
    }
}

/// Counters over every frame the decoder saw.
///
/// Every frame counts in `frames`, and in the counter of what
/// [`LinkDecoder::decode`] returned for it: `tcp`, `not_tcp` or
/// `malformed`; a fragment held for later ([`Packet::FragmentHeld`]) counts
/// only in `fragments`. A fragment the defragmenter refuses (cut by the
/// snapshot length, beyond 65535 bytes, inconsistent with earlier ones, or
/// over the caps) is returned as [`Packet::Malformed`] with the reason and
/// counts in `fragments`, `malformed` and `fragments_dropped`.
#[derive(Debug, Clone, Default)]
pub struct LinkStats {
    /// Frames decoded.
    pub frames: u64,
    /// Frames decoded, by capture link type.
    pub frames_per_link_type: BTreeMap<LinkType, u64>,
    /// Frames that produced a TCP segment (a reassembled datagram counts
    /// once, for the frame that completed it).
    pub tcp: u64,
    /// Frames that carry no TCP, by kind.
    pub not_tcp: BTreeMap<NotTcp, u64>,
    /// Frames that could not be taken apart.
    pub malformed: u64,
    /// IP fragments received (each fragment frame counts once, whatever
    /// became of it). Fragments of datagrams that cannot be TCP (the IP
    /// protocol says UDP, ICMP, ...) are counted here and under `not_tcp`,
    /// and are not buffered.
    pub fragments: u64,
    /// Datagrams rebuilt from fragments.
    pub reassembled: u64,
    /// Fragments given up on: their datagram timed out, was evicted to
    /// stay under the caps, was still incomplete at
    /// [`LinkDecoder::flush_fragments`], or the fragment itself was
    /// inconsistent, too large, or cut by the snapshot length.
    pub fragments_dropped: u64,
}

impl LinkStats {
    /// All frames that carried no TCP, whatever their kind.
    pub fn not_tcp_total(&self) -> u64 {
        self.not_tcp.values().sum()
    }
}

/// Limits of the IP defragmenter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkConfig {
    /// Datagrams that may wait for fragments at once. When a fragment of
    /// a new datagram arrives and the cap is reached, the oldest waiting
    /// datagram is given up (its fragments count as dropped).
    pub max_pending_datagrams: usize,
    /// Bytes the waiting datagrams may hold in total (each datagram holds
    /// as many bytes as its highest fragment end). Oldest datagrams are
    /// given up first to make room; a fragment that still does not fit is
    /// dropped.
    pub max_buffered_bytes: usize,
    /// How long, in capture time, a datagram may wait for its fragments
    /// after its first fragment arrived.
    pub fragment_timeout: Duration,
}

impl Default for LinkConfig {
    /// 1024 datagrams, 16 MiB, 60 seconds.
    fn default() -> Self {
        LinkConfig {
            max_pending_datagrams: 1024,
            max_buffered_bytes: 16 << 20,
            fragment_timeout: Duration::from_secs(60),
        }
    }
}

/// Why a layer stopped: the frame carries no TCP, or could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Not TCP, of this kind.
    NotTcp(NotTcp),
    /// Malformed, for this reason.
    Malformed(&'static str),
}

/// Takes frames apart; holds the IP fragment buffers.
#[derive(Default)]
pub struct LinkDecoder {
    stats: LinkStats,
    defrag: Defragmenter,
    /// The link type of the frames since the last change of link type, and
    /// how many there were: counted here and added to
    /// `stats.frames_per_link_type` when the type changes, rather than
    /// looked up in the map for every frame.
    run: Option<(LinkType, u64)>,
}

impl LinkDecoder {
    /// A decoder with the default [`LinkConfig`].
    pub fn new() -> Self {
        Self::default()
    }

    /// A decoder with the given defragmenter limits.
    pub fn with_config(config: LinkConfig) -> Self {
        LinkDecoder {
            stats: LinkStats::default(),
            defrag: Defragmenter::new(config),
            run: None,
        }
    }

    /// The limits this decoder works under.
    pub fn config(&self) -> &LinkConfig {
        self.defrag.config()
    }

    /// Decodes one frame. The segment borrows from the frame or, for a
    /// reassembled datagram, from the decoder.
    pub fn decode<'a>(&'a mut self, frame: &Frame<'a>) -> Packet<'a> {
        self.stats.frames += 1;
        match &mut self.run {
            Some((link_type, n)) if *link_type == frame.link_type => *n += 1,
            run => {
                if let Some((link_type, n)) = run.take() {
                    *self
                        .stats
                        .frames_per_link_type
                        .entry(link_type)
                        .or_default() += n;
                }
                *run = Some((frame.link_type, 1));
            }
        }
        self.defrag.expire(frame.ts, &mut self.stats);

        let result = take_apart(&mut self.defrag, &mut self.stats, frame);
        match result {
            Ok(Some(segment)) => {
                self.stats.tcp += 1;
                Packet::Tcp(segment)
            }
            Ok(None) => Packet::FragmentHeld,
            Err(Stop::NotTcp(kind)) => {
                *self.stats.not_tcp.entry(kind).or_default() += 1;
                Packet::NotTcp(kind)
            }
            Err(Stop::Malformed(why)) => {
                self.stats.malformed += 1;
                Packet::Malformed(why.to_string())
            }
        }
    }

    /// Gives up on every datagram still waiting for fragments, counting
    /// their fragments in `fragments_dropped`. Call it at the end of a
    /// capture so that the statistics account for every fragment.
    pub fn flush_fragments(&mut self) {
        self.defrag.clear(&mut self.stats);
    }

    /// Datagrams currently waiting for more fragments.
    pub fn pending_datagrams(&self) -> usize {
        self.defrag.pending_datagrams()
    }

    /// Bytes currently held for waiting datagrams.
    pub fn buffered_bytes(&self) -> usize {
        self.defrag.buffered_bytes()
    }

    /// Counters so far.
    pub fn stats(&self) -> LinkStats {
        let mut stats = self.stats.clone();
        if let Some((link_type, n)) = self.run {
            *stats.frames_per_link_type.entry(link_type).or_default() += n;
        }
        stats
    }
}

/// Takes a frame apart down to its TCP segment; `None` for a fragment held.
fn take_apart<'a>(
    defrag: &'a mut Defragmenter,
    stats: &mut LinkStats,
    frame: &Frame<'a>,
) -> Result<Option<TcpSegment<'a>>, Stop> {
    let t = match ip::parse(linklayer::strip(frame.link_type, frame.data)?)? {
        Network::Transport(t) => t,
        Network::Fragment(f) => {
            stats.fragments += 1;
            if let Some(kind) = f.not_tcp() {
                return Err(Stop::NotTcp(kind));
            }
            let Some(done) = defrag.add(&f, frame.ts, stats)? else {
                return Ok(None);
            };
            ip::reassembled(&f, done.next, done.data)?
        }
    };
    tcp::segment(t.src, t.dst, t.payload, t.missing).map(Some)
}
