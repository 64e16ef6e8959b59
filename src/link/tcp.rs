//! The TCP header, turned into a [`TcpSegment`] that borrows its payload.
//!
//! Checksums are not verified: captures taken on the sending host often
//! hold checksums the network card was to fill in.

use super::{Stop, TcpFlags, TcpSegment};
use etherparse::TcpHeaderSlice;
use std::net::{IpAddr, SocketAddr};

/// Offset of the flags byte in the TCP header.
const FLAGS_OFFSET: usize = 13;

/// Takes the TCP header off `data` (the IP payload, bounded by the IP
/// length); `missing` is how many bytes the capture cut off after `data`.
#[inline]
pub(crate) fn segment(
    src: IpAddr,
    dst: IpAddr,
    data: &[u8],
    missing: u32,
) -> Result<TcpSegment<'_>, Stop> {
    use etherparse::err::tcp::HeaderSliceError as E;
    let header = TcpHeaderSlice::from_slice(data).map_err(|e| match e {
        E::Len(_) if missing > 0 => Stop::Malformed("truncated TCP header"),
        E::Len(_) => Stop::Malformed("TCP header longer than the IP payload"),
        E::Content(_) => Stop::Malformed("bad TCP header length"),
    })?;
    let raw = header.slice();
    Ok(TcpSegment {
        src: SocketAddr::new(src, header.source_port()),
        dst: SocketAddr::new(dst, header.destination_port()),
        seq: header.sequence_number(),
        ack: header.acknowledgment_number(),
        flags: TcpFlags(raw.get(FLAGS_OFFSET).copied().unwrap_or(0)),
        window: header.window_size(),
        payload: data.get(raw.len()..).unwrap_or(&[]),
        missing,
    })
}
