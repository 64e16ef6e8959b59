//! The Community ID of a TCP connection (version 1, seed 0, base64): the
//! flow hash Zeek, Suricata, Wireshark (`communityid`) and Elastic write,
//! so that cardshark's records and tables join their logs of the same
//! traffic.
//!
//! It is `1:` and the base64 of the SHA-1 of: the seed (u16, big-endian),
//! the two addresses (4 or 16 bytes, network order), the IP protocol
//! (u8, 6 for TCP), a zero byte, the two ports (u16, big-endian); the
//! endpoint whose (address, port) is the smaller comes first, so both
//! directions of a connection have one id. Specification:
//! <https://github.com/corelight/community-id-spec>.

use base64::Engine;
use sha1::{Digest, Sha1};
use std::fmt;
use std::net::{IpAddr, SocketAddr};

/// The IP protocol number of TCP.
pub const TCP: u8 = 6;

/// Bytes of the text: `1:` and the base64 of 20 bytes (28 characters).
const LEN: usize = 2 + 28;

/// A flow's Community ID, as its text (`1:LQU9qZlK+B5F3KDmev6m5PMibrg=`):
/// made once per stream, copied with its records and read as text
/// without formatting.
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CommunityId([u8; LEN]);

impl CommunityId {
    /// The id (version 1, seed 0) of the TCP connection between `a` and
    /// `b` (in either order).
    pub fn tcp(a: SocketAddr, b: SocketAddr) -> CommunityId {
        CommunityId::v1(0, TCP, a, b)
    }

    /// The version 1 id of a flow of IP protocol `proto` between `a` and
    /// `b` (in either order), hashed with `seed`; for protocols with
    /// ports (TCP, UDP, SCTP). Two addresses of different families
    /// (which one flow never has) are hashed as they are.
    pub fn v1(seed: u16, proto: u8, a: SocketAddr, b: SocketAddr) -> CommunityId {
        let octets = |ip: IpAddr| match ip {
            IpAddr::V4(v4) => v4.octets().to_vec(),
            IpAddr::V6(v6) => v6.octets().to_vec(),
        };
        let (ip_a, ip_b) = (octets(a.ip()), octets(b.ip()));
        let (first, second) = if (&ip_a, a.port()) <= (&ip_b, b.port()) {
            ((ip_a, a.port()), (ip_b, b.port()))
        } else {
            ((ip_b, b.port()), (ip_a, a.port()))
        };
        let mut h = Sha1::new();
        h.update(seed.to_be_bytes());
        h.update(&first.0);
        h.update(&second.0);
        h.update([proto, 0]);
        h.update(first.1.to_be_bytes());
        h.update(second.1.to_be_bytes());
        let digest = h.finalize();
        let mut text = [0u8; LEN];
        text[..2].copy_from_slice(b"1:");
        let written = base64::engine::general_purpose::STANDARD
            .encode_slice(digest, &mut text[2..])
            .expect("20 bytes are 28 base64 characters");
        debug_assert_eq!(written, LEN - 2);
        CommunityId(text)
    }

    /// The id's text as bytes (ASCII), for writers that copy it as it is:
    /// no check that [`CommunityId::as_str`] makes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        // `1:` and base64: ASCII.
        std::str::from_utf8(&self.0).expect("ASCII")
    }
}

impl fmt::Display for CommunityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for CommunityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CommunityId({})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(seed: u16, proto: u8, src: &str, sport: u16, dst: &str, dport: u16) -> String {
        let a = SocketAddr::new(src.parse().unwrap(), sport);
        let b = SocketAddr::new(dst.parse().unwrap(), dport);
        CommunityId::v1(seed, proto, a, b).to_string()
    }

    /// The specification's published vectors with ports
    /// (community-id-spec, `baseline/baseline_deflt.json` and
    /// `baseline_seed1.json`): TCP over IPv4 and IPv6, UDP and SCTP, each
    /// both ways.
    #[test]
    fn the_specification_baseline_vectors() {
        let vectors: [(u8, &str, &str, u16, u16, &str, &str); 4] = [
            (
                6,
                "128.232.110.120",
                "66.35.250.204",
                34855,
                80,
                "1:LQU9qZlK+B5F3KDmev6m5PMibrg=",
                "1:3V71V58M3Ksw/yuFALMcW0LAHvc=",
            ),
            (
                6,
                "2001:470:e5bf:dead:4957:2174:e82c:4887",
                "2607:f8b0:400c:c03::1a",
                63943,
                25,
                "1:/qFaeAR+gFe1KYjMzVDsMv+wgU4=",
                "1:eJYTW6AOzFLlSUoESovMjnu7rMw=",
            ),
            (
                17,
                "192.168.1.52",
                "8.8.8.8",
                54585,
                53,
                "1:d/FP5EW3wiY1vCndhwleRRKHowQ=",
                "1:Q9We8WO3piVF8yEQBNJF4uiSVrI=",
            ),
            (
                132,
                "192.168.170.8",
                "192.168.170.56",
                7,
                7,
                "1:MP2EtRCAUIZvTw6MxJHLV7N7JDs=",
                "1:5w3ZRjeKBzqT3zsaEECDGjUbYeg=",
            ),
        ];
        for (proto, saddr, daddr, sport, dport, seed0, seed1) in vectors {
            assert_eq!(id(0, proto, saddr, sport, daddr, dport), seed0);
            assert_eq!(id(0, proto, daddr, dport, saddr, sport), seed0);
            assert_eq!(id(1, proto, saddr, sport, daddr, dport), seed1);
            assert_eq!(id(1, proto, daddr, dport, saddr, sport), seed1);
        }
    }

    /// `tcp` is version 1, seed 0, protocol 6, in either order.
    #[test]
    fn tcp_is_seed_zero_protocol_six() {
        let a: SocketAddr = "128.232.110.120:34855".parse().unwrap();
        let b: SocketAddr = "66.35.250.204:80".parse().unwrap();
        assert_eq!(
            CommunityId::tcp(a, b).as_str(),
            "1:LQU9qZlK+B5F3KDmev6m5PMibrg="
        );
        assert_eq!(CommunityId::tcp(b, a), CommunityId::tcp(a, b));
    }

    /// On equal addresses the smaller port comes first (a connection over
    /// loopback); the Python reference (`communityid` 1.5) gives these.
    #[test]
    fn equal_addresses_order_by_port() {
        let a: SocketAddr = "127.0.0.1:7234".parse().unwrap();
        let b: SocketAddr = "127.0.0.1:40000".parse().unwrap();
        assert_eq!(CommunityId::tcp(a, b), CommunityId::tcp(b, a));
        assert_eq!(
            CommunityId::tcp(a, b).as_str(),
            "1:nsL1Czt/PNkqxQXLncvhSKYeVZU="
        );
        let (a, b): (SocketAddr, SocketAddr) = (
            "[::1]:7234".parse().unwrap(),
            "[::1]:40000".parse().unwrap(),
        );
        assert_eq!(
            CommunityId::tcp(b, a).as_str(),
            "1:KQRLehlzOxSlj00IisAWdPw695M="
        );
    }
}
