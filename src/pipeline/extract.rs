//! The second pass of `-w OUT` from a file: every frame of the TCP
//! streams that a command matched (handshake, retransmissions and the
//! last ACK after the FINs included), in capture order.
//!
//! Which connection a frame belongs to, and its stream number, come from
//! the flow table alone (capture, link and flow table: no reassembly, no
//! decoding), read in the same order with the same limits as the first
//! pass: the stream numbers are the same.

use super::{read_segments, Pipeline};
use crate::capture::{CaptureError, Frame, LinkType};
use crate::link::LinkDecoder;
use crate::reassembly::flows::{Action, Flows};
use std::io;

/// A set of stream numbers: a bit each, up to the largest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StreamSet {
    words: Vec<u64>,
    len: u64,
}

impl StreamSet {
    /// Adds `stream`; true if it was not there.
    pub fn insert(&mut self, stream: u64) -> bool {
        let (word, bit) = ((stream / 64) as usize, 1u64 << (stream % 64));
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        let new = self.words[word] & bit == 0;
        self.words[word] |= bit;
        self.len += u64::from(new);
        new
    }

    /// Whether `stream` is in the set.
    pub fn contains(&self, stream: u64) -> bool {
        let word = (stream / 64) as usize;
        self.words
            .get(word)
            .is_some_and(|w| w & (1 << (stream % 64)) != 0)
    }

    /// Streams in the set.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when no stream is in the set.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What the second pass did.
#[derive(Debug)]
pub struct Extracted {
    /// Frames handed to the writer.
    pub frames: u64,
    /// The link type of the input's first TCP frame (for the header of a
    /// file without frames).
    pub first_link: Option<LinkType>,
    /// Set when reading stopped early (the first pass said so already).
    pub truncated: Option<CaptureError>,
}

impl Pipeline {
    /// Reads the input once more on the calling thread and hands `write`
    /// every frame of the streams in `streams`, in capture order. A
    /// reading error ends the pass (it is in the result); a writing error
    /// ends it and is returned.
    pub fn frames_of(
        self,
        streams: &StreamSet,
        write: &mut impl FnMut(&Frame<'_>) -> io::Result<()>,
    ) -> io::Result<Extracted> {
        let mut summary = self.start();
        let mut reader = self.reader;
        let mut flows = Flows::new(self.config);
        let mut decoder = LinkDecoder::new();
        let mut done = Extracted {
            frames: 0,
            first_link: None,
            truncated: None,
        };
        let mut failed = None;
        read_segments(
            &mut reader,
            &mut decoder,
            &mut summary,
            &self.clock,
            |frame, seg| {
                done.first_link.get_or_insert(frame.link_type);
                let flow = flows.table().hasher().flow(seg.src, seg.dst);
                let mut stream = None;
                flows.route(frame.number, frame.ts, seg, (), &flow, &mut |step| {
                    if let Action::Segment { .. } = step.action {
                        stream = Some(step.stream);
                    }
                });
                if !stream.is_some_and(|s| streams.contains(s)) {
                    return true;
                }
                done.frames += 1;
                if let Err(e) = write(frame) {
                    failed = Some(e);
                    return false;
                }
                true
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        done.truncated = summary.truncated;
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_of_streams() {
        let mut s = StreamSet::default();
        assert!(s.is_empty() && !s.contains(0) && !s.contains(1 << 40));
        assert!(s.insert(3) && s.insert(64) && s.insert(1000));
        assert!(!s.insert(64));
        assert_eq!(s.len(), 3);
        for n in [3, 64, 1000] {
            assert!(s.contains(n));
        }
        for n in [0, 2, 4, 63, 65, 999, 1001, 5000] {
            assert!(!s.contains(n));
        }
    }
}
