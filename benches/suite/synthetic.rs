//! A synthetic capture: thousands of connections to one PokerTH server port
//! open at once, each a handshake, data segments (some out of order, some
//! retransmitted) with ACKs, and FINs, carrying random bytes (reassembly
//! alone) or PokerTH messages from the reference vectors
//! (testdata/vectors/pokerth.jsonl), a few per segment or as many as fit in
//! one. Written a packet at a time to a buffered file: the capture is never
//! held in memory.

use super::frames::{pcap_writer, tcp_frame, Rng};
use pcap_file::pcap::PcapPacket;
use std::path::Path;
use std::time::Duration;

/// Largest payload of a packed segment ([`Traffic::PokerThPacked`]).
pub const PACKED_MSS: usize = 1400;

/// What the connections carry.
pub enum Traffic {
    /// Random bytes of 20..600 per segment (no protocol: reassembly alone).
    Random,
    /// PokerTH messages from the reference vectors, 1..4 per segment; the
    /// client's first segment is an Init and the server's an Init Ack.
    PokerTh(Vec<Vec<u8>>),
    /// As [`Traffic::PokerTh`], but each segment after the first holds as
    /// many whole messages as fit in [`PACKED_MSS`] bytes (dozens of small
    /// records per packet).
    PokerThPacked(Vec<Vec<u8>>),
}

impl Traffic {
    /// The payload of a connection's next data segment: `first` for the
    /// first one of its side, `buf` the bytes random payloads are cut from.
    fn payload(&self, rng: &mut Rng, buf: &[u8], first: bool, from_client: bool) -> Vec<u8> {
        match self {
            Traffic::Random => {
                let len = 20 + rng.below(580) as usize;
                let start = rng.below(1000) as usize;
                buf[start..start + len].to_vec()
            }
            Traffic::PokerTh(msgs) => {
                if first {
                    return msgs[if from_client { 0 } else { 2 }].clone();
                }
                let ingame: Vec<&Vec<u8>> = msgs.iter().filter(|m| in_game(m)).collect();
                let n = 1 + rng.below(4);
                (0..n)
                    .flat_map(|_| pick(rng, msgs, &ingame).clone())
                    .collect()
            }
            Traffic::PokerThPacked(msgs) => {
                if first {
                    return msgs[if from_client { 0 } else { 2 }].clone();
                }
                // Messages drawn one after another until one does not fit.
                let ingame: Vec<&Vec<u8>> = msgs.iter().filter(|m| in_game(m)).collect();
                let mut out = Vec::with_capacity(PACKED_MSS);
                loop {
                    let m = pick(rng, msgs, &ingame);
                    if out.len() + m.len() > PACKED_MSS {
                        break out;
                    }
                    out.extend_from_slice(m);
                }
            }
        }
    }
}

/// One message drawn with the mix of a game in progress: 85% of messages
/// are the in-game ones (hand start, turns, actions, cards, end of hand),
/// 15% anything else (lobby, avatars, chat...).
fn pick<'a>(rng: &mut Rng, msgs: &'a [Vec<u8>], ingame: &[&'a Vec<u8>]) -> &'a Vec<u8> {
    if rng.below(100) < 85 && !ingame.is_empty() {
        ingame[rng.below(ingame.len() as u64) as usize]
    } else {
        &msgs[rng.below(msgs.len() as u64) as usize]
    }
}

/// PokerTH in-game message types: Hand Start (81) to End Of Hand Hide Cards (101).
fn in_game(msg: &[u8]) -> bool {
    let t = u16::from_be_bytes([msg[0], msg[1]]);
    (81..=101).contains(&t)
}

/// The PokerTH messages of the reference vectors (testdata/vectors).
pub fn pokerth_vectors() -> Option<Vec<Vec<u8>>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/vectors/pokerth.jsonl");
    let text = std::fs::read_to_string(path).ok()?;
    let msgs: Vec<Vec<u8>> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["hex"].as_str().map(unhex))
        .collect();
    (msgs.len() > 3).then_some(msgs)
}

/// The bytes of a hexadecimal string (a bad digit pair reads as 0).
fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect()
}

/// One connection being played.
struct Conn {
    client: [u8; 4],
    cport: u16,
    cseq: u32,
    sseq: u32,
    left: u32,
    started: bool,
    /// Whether each side has sent its first message yet.
    spoke: [bool; 2],
    /// A data segment held back to be sent after the next one (out of order).
    held: Option<(bool, u32, Vec<u8>)>,
}

const SERVER: [u8; 4] = [10, 1, 0, 1];

/// The frame of a segment of `c` from one side, acknowledging all the
/// other side sent.
fn frame(c: &Conn, from_client: bool, seq: u32, flags: u8, payload: &[u8]) -> Vec<u8> {
    let (src, dst) = if from_client {
        ((c.client, c.cport), (SERVER, 7234))
    } else {
        ((SERVER, 7234), (c.client, c.cport))
    };
    let ack = if from_client { c.sseq } else { c.cseq };
    let mut f = Vec::with_capacity(14 + 40 + payload.len());
    tcp_frame(&mut f, src, dst, seq, ack, flags, payload);
    f
}

/// Builds the capture: `concurrent` connections open at once, each a
/// handshake, 50..250 data segments (of 20..600 bytes of `traffic`, or as
/// `traffic` packs them) with 1% sent out of order and 1% retransmitted,
/// ACKs, and FINs; a finished connection is replaced. Returns the packets
/// written and the connections made.
pub fn build(path: &Path, target_bytes: u64, concurrent: usize, traffic: &Traffic) -> (u64, u64) {
    let mut rng = Rng::seeded();
    let mut w = pcap_writer(path);
    let mut written = 24u64;
    let (mut packets, mut conns_made) = (0u64, 0u64);
    let mut ts = Duration::from_secs(1_700_000_000);
    let payload: Vec<u8> = (0..2000u32).map(|i| (i * 7 % 251) as u8).collect();
    let new_conn = |n: u64, rng: &mut Rng| Conn {
        client: [10, 2, (n >> 8) as u8, n as u8],
        cport: 20_000 + (n % 40_000) as u16,
        cseq: rng.next() as u32,
        sseq: rng.next() as u32,
        left: 50 + rng.below(200) as u32,
        started: false,
        spoke: [false; 2],
        held: None,
    };
    let mut live: Vec<Conn> = (0..concurrent as u64)
        .map(|n| new_conn(n, &mut rng))
        .collect();
    conns_made += concurrent as u64;
    let mut emit = |f: Vec<u8>, ts: &mut Duration, written: &mut u64, packets: &mut u64| {
        *ts += Duration::from_micros(7);
        w.write_packet(&PcapPacket::new(*ts, f.len() as u32, &f))
            .unwrap();
        *written += 16 + f.len() as u64;
        *packets += 1;
    };
    while written < target_bytes {
        let i = rng.below(live.len() as u64) as usize;
        let c = &mut live[i];
        if !c.started {
            c.started = true;
            let f = frame(c, true, c.cseq, 0x02, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.cseq = c.cseq.wrapping_add(1);
            let f = frame(c, false, c.sseq, 0x12, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.sseq = c.sseq.wrapping_add(1);
            let f = frame(c, true, c.cseq, 0x10, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            continue;
        }
        if c.left == 0 {
            let f = frame(c, true, c.cseq, 0x11, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.cseq = c.cseq.wrapping_add(1);
            let f = frame(c, false, c.sseq, 0x11, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            c.sseq = c.sseq.wrapping_add(1);
            let f = frame(c, true, c.cseq, 0x10, &[]);
            emit(f, &mut ts, &mut written, &mut packets);
            live[i] = new_conn(conns_made, &mut rng);
            conns_made += 1;
            continue;
        }
        c.left -= 1;
        // Each side opens with its first message, the client first.
        // A segment held back goes out right after the next one from the
        // same side (so no ACK from the peer covers it before it arrives).
        let from_client = if let Some((side, ..)) = c.held {
            side
        } else if !c.spoke[0] {
            true
        } else if !c.spoke[1] {
            false
        } else {
            rng.below(2) == 0
        };
        let side = usize::from(!from_client);
        let data = traffic.payload(&mut rng, &payload, !c.spoke[side], from_client);
        c.spoke[side] = true;
        let len = data.len();
        let seq = if from_client { c.cseq } else { c.sseq };
        if from_client {
            c.cseq = c.cseq.wrapping_add(len as u32);
        } else {
            c.sseq = c.sseq.wrapping_add(len as u32);
        }
        let roll = rng.below(100);
        if roll == 0 && c.held.is_none() && c.left > 1 {
            c.held = Some((from_client, seq, data));
            continue;
        }
        let f = frame(c, from_client, seq, 0x18, &data);
        emit(f, &mut ts, &mut written, &mut packets);
        if let Some((fc, s, d)) = c.held.take() {
            let f = frame(c, fc, s, 0x18, &d);
            emit(f, &mut ts, &mut written, &mut packets);
        }
        if roll == 1 {
            let f = frame(c, from_client, seq, 0x18, &data);
            emit(f, &mut ts, &mut written, &mut packets);
        }
        if roll.is_multiple_of(2) {
            let f = frame(
                c,
                !from_client,
                if from_client { c.sseq } else { c.cseq },
                0x10,
                &[],
            );
            emit(f, &mut ts, &mut written, &mut packets);
        }
    }
    (packets, conns_made)
}
