//! Test harness: a sink that records events as owned values and checks the
//! event invariants as they come, and a driver that feeds hand-made segments.

use super::super::*;
use crate::link::TcpFlags;
use std::collections::HashMap;

pub const SYN: u8 = TcpFlags::SYN;
pub const FIN: u8 = TcpFlags::FIN;
pub const RST: u8 = TcpFlags::RST;
pub const ACK: u8 = TcpFlags::ACK;
pub const PSH: u8 = TcpFlags::PSH;

/// The client and server of most tests (the client has the higher port).
pub const C: &str = "10.0.0.1:40000";
pub const S: &str = "10.0.0.2:80";

/// The bytes of a text, as a payload.
pub fn b(s: &str) -> Vec<u8> {
    s.as_bytes().to_vec()
}

pub fn addr(s: &str) -> SocketAddr {
    s.parse().expect("test address")
}

/// Per stream, what the checker has seen.
#[derive(Default)]
struct Seen {
    ended: bool,
    next: [u64; 2],
    gaps: [u64; 2],
}

/// Records events, panicking on any that breaks the invariants: stream ids
/// 0, 1, 2... in order of Start; Start first, End last and once; per
/// direction, Data and Gap cover offsets from 0 contiguously, never empty;
/// End's counters agree with the events.
#[derive(Default)]
pub struct Rec {
    pub events: Vec<OwnedEvent>,
    seen: HashMap<u64, Seen>,
}

impl Rec {
    fn open(&mut self, stream: u64) -> &mut Seen {
        let s = self.seen.get_mut(&stream).expect("event before Start");
        assert!(!s.ended, "event after End for stream {stream}");
        s
    }

    fn cover(&mut self, stream: u64, dir: Direction, offset: u64, len: u64, gap: bool) {
        let s = self.open(stream);
        assert!(len > 0, "empty Data or Gap");
        assert_eq!(
            offset,
            s.next[dir.index()],
            "stream {stream} {dir} not contiguous"
        );
        s.next[dir.index()] += len;
        s.gaps[dir.index()] += u64::from(gap);
    }
}

impl Sink for Rec {
    fn event(&mut self, ev: Event<'_>) {
        match ev {
            Event::Start(info) => {
                assert_eq!(info.id, self.seen.len() as u64, "stream ids out of order");
                self.seen.insert(info.id, Seen::default());
            }
            Event::Data {
                stream,
                dir,
                offset,
                bytes,
                ..
            } => self.cover(stream, dir, offset, bytes.len() as u64, false),
            Event::Gap {
                stream,
                dir,
                offset,
                len,
                ..
            } => self.cover(stream, dir, offset, len, true),
            Event::Conflict { stream, .. } => {
                self.open(stream);
            }
            Event::Closed(info) => {
                let seen = self.seen.get(&info.id).expect("Closed before Start");
                assert!(seen.ended, "Closed comes after End");
                return;
            }
            Event::End { info, .. } => {
                let s = self.open(info.id);
                s.ended = true;
                for d in [Direction::C2S, Direction::S2C] {
                    let st = info.dir(d);
                    assert_eq!(
                        st.delivered + st.gap_bytes,
                        s.next[d.index()],
                        "{d} counters"
                    );
                    assert_eq!(st.gaps, s.gaps[d.index()], "{d} gap count");
                }
            }
        }
        self.events.push(ev.to_owned_event());
    }
}

/// Drives a reassembler; every segment gets the next frame number and the
/// current time (`now`, changed only by [`H::at`]).
pub struct H {
    pub r: Reassembler,
    pub rec: Rec,
    pub frame: u64,
    pub now: Timestamp,
}

impl H {
    pub fn new() -> H {
        H::with(Config::default())
    }

    pub fn with(config: Config) -> H {
        H {
            r: Reassembler::new(config),
            rec: Rec::default(),
            frame: 0,
            now: Timestamp::new(1_000_000, 0),
        }
    }

    /// Sets the capture time to `secs` after the start.
    pub fn at(&mut self, secs: i64) -> &mut H {
        self.now = Timestamp::new(1_000_000 + secs, 0);
        self
    }

    /// Feeds one segment; returns its frame number.
    #[allow(clippy::too_many_arguments)]
    pub fn seg(
        &mut self,
        src: &str,
        dst: &str,
        seq: u32,
        ack: u32,
        flags: u8,
        payload: &[u8],
        missing: u32,
    ) -> u64 {
        self.frame += 1;
        let seg = TcpSegment {
            src: addr(src),
            dst: addr(dst),
            seq,
            ack,
            flags: TcpFlags(flags),
            window: 65535,
            payload,
            missing,
        };
        self.r.process(self.frame, self.now, &seg, &mut self.rec);
        self.frame
    }

    /// Client to server.
    pub fn c(&mut self, seq: u32, ack: u32, flags: u8, payload: &[u8]) -> u64 {
        self.seg(C, S, seq, ack, flags, payload, 0)
    }

    /// Server to client.
    pub fn s(&mut self, seq: u32, ack: u32, flags: u8, payload: &[u8]) -> u64 {
        self.seg(S, C, seq, ack, flags, payload, 0)
    }

    /// SYN, SYN-ACK, ACK between C and S (frames 1-3 on a fresh harness).
    pub fn handshake(&mut self, cisn: u32, sisn: u32) {
        self.c(cisn, 0, SYN, b"");
        self.s(sisn, cisn.wrapping_add(1), SYN | ACK, b"");
        self.c(cisn.wrapping_add(1), sisn.wrapping_add(1), ACK, b"");
    }

    pub fn finish(&mut self) {
        self.r.finish(&mut self.rec);
    }

    /// Data events of a direction: (offset, bytes, frame).
    pub fn datas(&self, stream: u64, dir: Direction) -> Vec<(u64, Vec<u8>, u64)> {
        let mut v = Vec::new();
        for e in &self.rec.events {
            if let StreamEvent::Data {
                stream: s,
                dir: d,
                offset,
                bytes,
                frame,
                ..
            } = e
            {
                if (*s, *d) == (stream, dir) {
                    v.push((*offset, bytes.clone(), *frame));
                }
            }
        }
        v
    }

    /// The data bytes of a direction, concatenated (gaps skipped).
    pub fn data(&self, stream: u64, dir: Direction) -> Vec<u8> {
        self.datas(stream, dir)
            .into_iter()
            .flat_map(|(_, b, _)| b)
            .collect()
    }

    /// Gap events of a direction: (offset, len, reason, frame).
    pub fn gaps(&self, stream: u64, dir: Direction) -> Vec<(u64, u64, GapReason, u64)> {
        let mut v = Vec::new();
        for e in &self.rec.events {
            if let StreamEvent::Gap {
                stream: s,
                dir: d,
                offset,
                len,
                reason,
                frame,
                ..
            } = e
            {
                if (*s, *d) == (stream, dir) {
                    v.push((*offset, *len, *reason, *frame));
                }
            }
        }
        v
    }

    /// Conflict events: (stream, dir, offset, len, frame).
    pub fn conflicts(&self) -> Vec<(u64, Direction, u64, u64, u64)> {
        let mut v = Vec::new();
        for e in &self.rec.events {
            if let StreamEvent::Conflict {
                stream,
                dir,
                offset,
                len,
                frame,
                ..
            } = e
            {
                v.push((*stream, *dir, *offset, *len, *frame));
            }
        }
        v
    }

    /// Starts: stream ids.
    pub fn starts(&self) -> Vec<u64> {
        let mut v = Vec::new();
        for e in &self.rec.events {
            if let StreamEvent::Start(info) = e {
                v.push(info.id);
            }
        }
        v
    }

    /// End events: (stream id, reason, frame).
    pub fn ends(&self) -> Vec<(u64, EndReason, u64)> {
        let mut v = Vec::new();
        for e in &self.rec.events {
            if let StreamEvent::End {
                info,
                reason,
                frame,
                ..
            } = e
            {
                v.push((info.id, *reason, *frame));
            }
        }
        v
    }

    /// The StreamInfo of a stream's End event.
    pub fn end_info(&self, stream: u64) -> StreamInfo {
        for e in &self.rec.events {
            if let StreamEvent::End { info, .. } = e {
                if info.id == stream {
                    return (**info).clone();
                }
            }
        }
        panic!("stream {stream} did not end");
    }

    /// The StreamInfo of a stream's Start event.
    pub fn start_info(&self, stream: u64) -> StreamInfo {
        for e in &self.rec.events {
            if let StreamEvent::Start(info) = e {
                if info.id == stream {
                    return (**info).clone();
                }
            }
        }
        panic!("stream {stream} did not start");
    }

    /// The live StreamInfo of the connection between `a` and `b` in the table.
    pub fn table_info(&self, a: &str, b: &str) -> StreamInfo {
        self.r
            .info_between(addr(a), addr(b))
            .expect("flow in table")
            .clone()
    }
}

/// Counters with the given values, others zero.
pub fn dir_stats(packets: u64, wire_bytes: u64, delivered: u64) -> DirStats {
    DirStats {
        packets,
        wire_bytes,
        delivered,
        ..DirStats::default()
    }
}
