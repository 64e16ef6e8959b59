//! The link/IP/TCP layer (with IP defragmentation) over a run of frames cut
//! from the input: each is `link type index (u8), length (u16 BE), bytes`.
#![no_main]

use cardshark::capture::{Frame, LinkType, Timestamp};
use cardshark::link::{LinkDecoder, Packet};
use libfuzzer_sys::fuzz_target;

const LINK_TYPES: [LinkType; 11] = [
    LinkType::ETHERNET,
    LinkType::NULL,
    LinkType::RAW_12,
    LinkType::RAW_14,
    LinkType::RAW,
    LinkType::LOOP,
    LinkType::LINUX_SLL,
    LinkType::IPV4,
    LinkType::IPV6,
    LinkType::LINUX_SLL2,
    LinkType(147),
];

fuzz_target!(|data: &[u8]| {
    let mut dec = LinkDecoder::new();
    let mut rest = data;
    let mut number = 0;
    while rest.len() >= 3 {
        let lt = LINK_TYPES[usize::from(rest[0]) % LINK_TYPES.len()];
        let len = usize::from(u16::from_be_bytes([rest[1], rest[2]])).min(rest.len() - 3);
        let bytes = &rest[3..3 + len];
        rest = &rest[3 + len..];
        number += 1;
        let frame = Frame {
            number,
            ts: Timestamp::new(number as i64, 0),
            link_type: lt,
            interface: 0,
            orig_len: len as u32,
            data: bytes,
        };
        if let Packet::Tcp(seg) = dec.decode(&frame) {
            let _ = (seg.src, seg.dst, seg.payload.len(), seg.missing);
        }
    }
    dec.flush_fragments();
    let _ = (dec.pending_datagrams(), dec.buffered_bytes(), dec.stats());
});
