//! The bytes of one captured frame: Ethernet, IPv4 (no options) and TCP (no
//! options, window 65535), for the benchmark captures.

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
