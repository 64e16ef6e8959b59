//! Builds the benchmark capture: many connections open at once, each
//! replaying one of the scripts (every protocol in turn), with real-world
//! damage: segments out of order, retransmitted, and a few never captured
//! (gaps the decoders must resync after).

use super::frames::{pcap_writer, tcp_frame, Rng};
use super::scripts::Script;
use pcap_file::pcap::PcapPacket;
use std::path::Path;
use std::time::Duration;

/// Per 10 000 data segments: sent after the next one, sent twice, never
/// captured.
const OUT_OF_ORDER: u64 = 100;
const RETRANSMITTED: u64 = 100;
const LOST: u64 = 3;

/// What was built.
pub struct Built {
    pub packets: u64,
    pub connections: u64,
    /// Connections per script name's protocol folder (pokerth, gls, ...).
    pub per_protocol: Vec<(String, u64)>,
    pub lost_segments: u64,
}

struct Conn {
    client: [u8; 4],
    cport: u16,
    sport: u16,
    /// Next sequence number each way, and the bytes the other side has
    /// acknowledged having seen (what was sent, captured or not).
    seq: [u32; 2],
    script: usize,
    step: usize,
    started: bool,
    /// A segment held back to go out after the next one (same side).
    held: Option<(bool, u32, usize)>,
}

const SERVER: [u8; 4] = [10, 1, 0, 1];

fn frame(f: &mut Vec<u8>, c: &Conn, from_client: bool, seq: u32, flags: u8, payload: &[u8]) {
    let (src, dst) = if from_client {
        ((c.client, c.cport), (SERVER, c.sport))
    } else {
        ((SERVER, c.sport), (c.client, c.cport))
    };
    let ack = c.seq[usize::from(from_client)];
    tcp_frame(f, src, dst, seq, ack, flags, payload);
}

/// Where a capture stops: once it holds this many bytes, or this many
/// packets.
#[derive(Clone, Copy)]
pub enum Limit {
    Bytes(u64),
    Packets(u64),
}

/// Writes `path`: about `target_bytes`, `concurrent` connections open at
/// once, each a handshake, its script, and FINs; a finished connection is
/// replaced by one running the next script.
pub fn build(path: &Path, target_bytes: u64, concurrent: usize, scripts: &[Script]) -> Built {
    build_until(path, Limit::Bytes(target_bytes), concurrent, scripts)
}

/// [`build`], stopping at `limit`. What is drawn at random does not depend
/// on the segments' bytes, only on their number and sides: two lists of
/// scripts alike in those give the same connections, the same schedule and
/// the same damage (twin captures), the second stopped with
/// `Limit::Packets` at the first's packet count.
pub fn build_until(path: &Path, limit: Limit, concurrent: usize, scripts: &[Script]) -> Built {
    let mut rng = Rng::seeded();
    let mut w = pcap_writer(path);
    let mut built = Built {
        packets: 0,
        connections: 0,
        per_protocol: Vec::new(),
        lost_segments: 0,
    };
    let mut written = 24u64;
    let mut ts = Duration::from_secs(1_700_000_000);
    let mut f = Vec::with_capacity(2048);
    let new_conn = |n: u64, rng: &mut Rng, built: &mut Built| {
        let script = (n % scripts.len() as u64) as usize;
        let proto = scripts[script]
            .name
            .split('/')
            .next()
            .unwrap_or("")
            .to_string();
        match built.per_protocol.iter_mut().find(|(p, _)| *p == proto) {
            Some((_, k)) => *k += 1,
            None => built.per_protocol.push((proto, 1)),
        }
        built.connections += 1;
        Conn {
            client: [10, 2 + (n >> 16) as u8 % 200, (n >> 8) as u8, n as u8],
            cport: 20_000 + (n % 40_000) as u16,
            sport: scripts[script].port,
            seq: [rng.next() as u32, rng.next() as u32],
            script,
            step: 0,
            started: false,
            held: None,
        }
    };
    let mut live: Vec<Conn> = (0..concurrent as u64)
        .map(|n| new_conn(n, &mut rng, &mut built))
        .collect();
    let mut emit = |f: &[u8], written: &mut u64, packets: &mut u64| {
        ts += Duration::from_micros(7);
        w.write_packet(&PcapPacket::new(ts, f.len() as u32, f))
            .unwrap();
        *written += 16 + f.len() as u64;
        *packets += 1;
    };
    while match limit {
        Limit::Bytes(n) => written < n,
        Limit::Packets(n) => built.packets < n,
    } {
        let i = rng.below(live.len() as u64) as usize;
        let c = &mut live[i];
        let script = &scripts[c.script];
        if !c.started {
            c.started = true;
            let (cs, ss) = (c.seq[0], c.seq[1]);
            c.seq[1] = ss.wrapping_sub(1); // the SYN acknowledges nothing yet
            frame(&mut f, c, true, cs, 0x02, &[]);
            emit(&f, &mut written, &mut built.packets);
            c.seq = [cs.wrapping_add(1), ss];
            frame(&mut f, c, false, ss, 0x12, &[]);
            emit(&f, &mut written, &mut built.packets);
            c.seq[1] = ss.wrapping_add(1);
            frame(&mut f, c, true, c.seq[0], 0x10, &[]);
            emit(&f, &mut written, &mut built.packets);
            continue;
        }
        if c.step >= script.segments.len() {
            for from_client in [true, false] {
                let s = usize::from(!from_client);
                frame(&mut f, c, from_client, c.seq[s], 0x11, &[]);
                emit(&f, &mut written, &mut built.packets);
                c.seq[s] = c.seq[s].wrapping_add(1);
            }
            frame(&mut f, c, true, c.seq[0], 0x10, &[]);
            emit(&f, &mut written, &mut built.packets);
            let n = built.connections;
            live[i] = new_conn(n, &mut rng, &mut built);
            continue;
        }
        let (from_client, ref data) = script.segments[c.step];
        let step = c.step;
        c.step += 1;
        let side = usize::from(!from_client);
        let seq = c.seq[side];
        c.seq[side] = seq.wrapping_add(data.len() as u32);
        let roll = rng.below(10_000);
        let next_same_side = script
            .segments
            .get(c.step)
            .is_some_and(|(fc, _)| *fc == from_client);
        if roll < OUT_OF_ORDER && c.held.is_none() && next_same_side {
            c.held = Some((from_client, seq, step));
            continue;
        }
        let lost = OUT_OF_ORDER + RETRANSMITTED..OUT_OF_ORDER + RETRANSMITTED + LOST;
        if lost.contains(&roll) && c.held.is_none() {
            built.lost_segments += 1;
        } else {
            frame(&mut f, c, from_client, seq, 0x18, data);
            emit(&f, &mut written, &mut built.packets);
        }
        if let Some((fc, s, st)) = c.held.take() {
            frame(&mut f, c, fc, s, 0x18, &script.segments[st].1);
            emit(&f, &mut written, &mut built.packets);
        }
        if (OUT_OF_ORDER..OUT_OF_ORDER + RETRANSMITTED).contains(&roll) {
            frame(&mut f, c, from_client, seq, 0x18, data);
            emit(&f, &mut written, &mut built.packets);
        }
        if roll.is_multiple_of(2) {
            frame(
                &mut f,
                c,
                !from_client,
                c.seq[usize::from(from_client)],
                0x10,
                &[],
            );
            emit(&f, &mut written, &mut built.packets);
        }
    }
    built
}
