//! The segment format shared by the `reassembly` and `decode_stage`
//! targets: per segment `flags (u8), endpoint pair (u8), seq (u32 BE),
//! ack (u32 BE), time step (u8), payload length (u8), payload`. The pair's
//! low nibble picks the two endpoints among four (two bits each), bit 7
//! swaps them, bits 4..6 say how many hundred bytes the snaplen cut.

use cardshark::capture::Timestamp;
use cardshark::link::{TcpFlags, TcpSegment};
use std::net::SocketAddr;

/// Calls `f` with each segment of `data`, its frame number and time.
pub fn each(data: &[u8], hosts: &[SocketAddr; 4], mut f: impl FnMut(u64, Timestamp, &TcpSegment<'_>)) {
    let mut rest = data;
    let mut frame = 0u64;
    let mut secs = 0i64;
    while rest.len() >= 12 {
        let flags = TcpFlags(rest[0]);
        let pair = rest[1];
        let seq = u32::from_be_bytes([rest[2], rest[3], rest[4], rest[5]]);
        let ack = u32::from_be_bytes([rest[6], rest[7], rest[8], rest[9]]);
        secs += i64::from(rest[10] % 64);
        let len = usize::from(rest[11]).min(rest.len() - 12);
        let payload = &rest[12..12 + len];
        rest = &rest[12 + len..];
        let (a, b) = (usize::from(pair & 3), usize::from((pair >> 2) & 3));
        let (src, dst) = if pair & 0x80 != 0 {
            (hosts[b], hosts[a])
        } else {
            (hosts[a], hosts[b])
        };
        frame += 1;
        let seg = TcpSegment {
            src,
            dst,
            seq,
            ack,
            flags,
            window: 1024,
            payload,
            missing: u32::from(pair >> 4 & 7) * 100,
        };
        f(frame, Timestamp::new(secs, 0), &seg);
    }
}
