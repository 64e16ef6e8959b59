//! Stage 4: which protocol a stream speaks.
//!
//! Every protocol's probe looks at the first bytes of each direction.
//! A protocol is chosen when its probes claim the stream and no probe of
//! it rejects a direction; the most confident wins, and the server port only
//! breaks ties. The user can force a protocol per port or per stream
//! (`--decode-as`). Captures that start in the middle of a message are
//! handled by probing again a little further on.

use crate::protocols::{self, Probe, ProtocolId};
use crate::reassembly::Direction;
use std::collections::HashMap;

/// Bytes per direction the detector looks at before it gives up.
pub const DETECT_LIMIT: usize = 16 * 1024;

/// How far into a direction probing starts again when offset 0 fits no
/// protocol (a capture that starts inside a message).
const SHIFT_LIMIT: usize = 512;

/// `--decode-as` choices: by port (either end) and by stream index.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub ports: HashMap<u16, ProtocolId>,
    pub streams: HashMap<u64, ProtocolId>,
}

impl Overrides {
    /// Parses one `--decode-as` value: `PORT=PROTOCOL` or `stream:N=PROTOCOL`.
    pub fn add(&mut self, spec: &str) -> Result<(), String> {
        let (key, proto) = spec.split_once('=').ok_or_else(|| {
            format!("--decode-as '{spec}': expected PORT=PROTOCOL or stream:N=PROTOCOL")
        })?;
        let proto = ProtocolId::from_name(proto.trim()).ok_or_else(|| {
            let names: Vec<&str> = ProtocolId::ALL.iter().map(|p| p.cli_name()).collect();
            format!(
                "--decode-as '{spec}': unknown protocol '{proto}' (one of {})",
                names.join(", ")
            )
        })?;
        if let Some(n) = key.strip_prefix("stream:") {
            let n = n
                .trim()
                .parse()
                .map_err(|_| format!("--decode-as '{spec}': '{n}' is not a stream index"))?;
            self.streams.insert(n, proto);
        } else {
            let port = key
                .trim()
                .parse()
                .map_err(|_| format!("--decode-as '{spec}': '{key}' is not a port"))?;
            self.ports.insert(port, proto);
        }
        Ok(())
    }

    /// The forced protocol of a stream, if any (a stream choice beats a port).
    pub fn forced(&self, stream: u64, server_port: u16, client_port: u16) -> Option<ProtocolId> {
        self.streams
            .get(&stream)
            .or_else(|| self.ports.get(&server_port))
            .or_else(|| self.ports.get(&client_port))
            .copied()
    }
}

/// What detection concluded so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Not enough bytes yet.
    Undecided,
    /// This protocol, and where in each direction its first message starts
    /// (non-zero when the capture started inside a message).
    Protocol {
        id: ProtocolId,
        confidence: u8,
        start: [usize; 2],
    },
    /// No protocol fits.
    Unknown,
}

/// One protocol's view of one direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DirView {
    Empty,
    Pending,
    Rejects,
    Claims(u8, usize),
}

/// Detection state of one stream: which protocols a direction has already
/// ruled out for good (bytes that cannot start a protocol never will, so a
/// rejection over a long enough prefix is final and is not computed again).
#[derive(Debug, Clone, Default)]
pub struct Detector {
    /// The capture holds the stream's start (its SYN): offset 0 is the
    /// first byte of the conversation, a message boundary, so there is no
    /// point probing at shifted offsets.
    from_start: bool,
    rejected: [[bool; 2]; ProtocolId::ALL.len()],
    /// Shifted offsets below this were probed and rejected already.
    next_shift: [[usize; 2]; ProtocolId::ALL.len()],
    /// A probe that wanted more bytes is asked again only once the
    /// direction holds this many (half as much again), so a long wait on
    /// an ambiguous prefix costs a few probes, not one per segment.
    retry_at: [[usize; 2]; ProtocolId::ALL.len()],
}

/// Bytes a direction needs before a rejection at every shifted offset is final.
const FINAL_AFTER: usize = SHIFT_LIMIT + 256;

impl Detector {
    /// A detector for a stream; `from_start` when its handshake was seen.
    pub fn new(from_start: bool) -> Self {
        Detector {
            from_start,
            ..Self::default()
        }
    }

    fn view(
        &mut self,
        n: usize,
        id: ProtocolId,
        dir: Direction,
        buf: &[u8],
        finished: bool,
    ) -> DirView {
        if buf.is_empty() {
            return DirView::Empty;
        }
        if self.rejected[n][dir.index()] {
            return DirView::Rejects;
        }
        if !finished && buf.len() < self.retry_at[n][dir.index()] {
            return DirView::Pending;
        }
        match protocols::probe(id, dir, buf) {
            Probe::Mine(c) => return DirView::Claims(c, 0),
            Probe::NeedMore if !finished && buf.len() < DETECT_LIMIT => {
                self.retry_at[n][dir.index()] = (buf.len() + buf.len() / 2).min(DETECT_LIMIT);
                return DirView::Pending;
            }
            _ => {}
        }
        if self.from_start {
            return DirView::Rejects;
        }
        // Perhaps the capture starts inside a message: look a little further
        // on, with a lower confidence, once there is enough to judge.
        if !finished && buf.len() < 256 {
            return DirView::Pending;
        }
        let next = &mut self.next_shift[n][dir.index()];
        let mut all_rejected = true;
        for shift in (*next).max(1)..buf.len().min(SHIFT_LIMIT) {
            match protocols::probe(id, dir, &buf[shift..]) {
                Probe::Mine(c) => return DirView::Claims(c.saturating_sub(10).max(1), shift),
                // A rejected prefix stays rejected: no need to probe it again.
                Probe::NotMine if all_rejected => *next = shift + 1,
                _ => all_rejected = false,
            }
        }
        if finished || buf.len() >= FINAL_AFTER {
            self.rejected[n][dir.index()] = true;
        }
        DirView::Rejects
    }

    /// Looks at the first bytes of both directions. `finished` says no more
    /// bytes will come (the stream ended, or the buffers are full).
    pub fn detect(&mut self, c2s: &[u8], s2c: &[u8], finished: bool, server_port: u16) -> Verdict {
        let finished = finished || c2s.len() >= DETECT_LIMIT || s2c.len() >= DETECT_LIMIT;
        let mut best: Option<(u32, bool, ProtocolId, u8, [usize; 2])> = None;
        let mut pending = false;
        for (n, id) in ProtocolId::ALL.into_iter().enumerate() {
            let c = self.view(n, id, Direction::C2S, c2s, finished);
            if c == DirView::Rejects {
                continue;
            }
            let v = [c, self.view(n, id, Direction::S2C, s2c, finished)];
            if v[1] == DirView::Rejects {
                continue;
            }
            if v.contains(&DirView::Pending) {
                pending = true;
                continue;
            }
            let mut score = 0u32;
            let mut conf = 0u8;
            let mut start = [0usize; 2];
            for (i, d) in v.iter().enumerate() {
                if let DirView::Claims(c, s) = *d {
                    score += u32::from(c);
                    conf = conf.max(c);
                    start[i] = s;
                }
            }
            if score == 0 {
                continue;
            }
            let on_port = id.default_ports().contains(&server_port);
            let better = match best {
                None => true,
                Some((s, p, ..)) => (score, on_port) > (s, p),
            };
            if better {
                best = Some((score, on_port, id, conf, start));
            }
        }
        match best {
            // A signature-strength claim needs no waiting for the others.
            Some((_, _, id, confidence, start)) if !pending || confidence >= 90 => {
                Verdict::Protocol {
                    id,
                    confidence,
                    start,
                }
            }
            _ if pending => Verdict::Undecided,
            Some((_, _, id, confidence, start)) => Verdict::Protocol {
                id,
                confidence,
                start,
            },
            None => Verdict::Unknown,
        }
    }
}

/// One-shot detection (no state kept between calls).
pub fn detect(c2s: &[u8], s2c: &[u8], finished: bool, server_port: u16) -> Verdict {
    Detector::default().detect(c2s, s2c, finished, server_port)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_as_parses_ports_and_streams() {
        let mut o = Overrides::default();
        o.add("9999=pokerth").unwrap();
        o.add("stream:3=gls").unwrap();
        assert_eq!(o.forced(3, 7234, 50000), Some(ProtocolId::Gls));
        assert_eq!(o.forced(1, 9999, 50000), Some(ProtocolId::PokerTh));
        assert_eq!(o.forced(1, 50000, 9999), Some(ProtocolId::PokerTh));
        assert_eq!(o.forced(1, 80, 50000), None);
        assert!(o
            .add("9999=http")
            .unwrap_err()
            .contains("unknown protocol 'http'"));
        assert!(o.add("x=gls").unwrap_err().contains("not a port"));
        assert!(o.add("gls").is_err());
    }

    #[test]
    fn nothing_claims_random_bytes_of_a_finished_stream() {
        let junk: Vec<u8> = (0..600u32).map(|i| (i * 37 % 251) as u8).collect();
        assert_eq!(detect(&junk, b"", true, 80), Verdict::Unknown);
        assert_eq!(detect(b"", b"", true, 80), Verdict::Unknown);
    }
}
