//! [`CaptureSummary`]: what a pass saw beside the streams (frames, time
//! span, the link and reassembly stages' counts), and the warnings and
//! damage it has to report.

use super::ShardSummary;
use crate::capture::{CaptureError, CaptureFormat, LinkType, Skipped, Timestamp};
use crate::link::LinkStats;
use crate::reassembly::ReassemblyStats;
use std::collections::BTreeMap;

/// What a pass over a capture saw, beside the streams themselves.
#[derive(Debug, Clone)]
pub struct CaptureSummary {
    /// The input as the user named it (`-` for standard input).
    pub file: String,
    /// pcap or pcapng.
    pub format: CaptureFormat,
    /// Frames read (packet records).
    pub frames: u64,
    /// The first frame's time.
    pub first: Option<Timestamp>,
    /// The last frame's time.
    pub last: Option<Timestamp>,
    /// What the link stage counted (frames per link type, TCP, not TCP, malformed).
    pub link: LinkStats,
    /// What the flow table and the connections counted.
    pub reassembly: ReassemblyStats,
    /// The first frame the link stage could not take apart, and why.
    pub first_malformed: Option<(u64, String)>,
    /// True when the frames came from a live capture (`-i`), not a file.
    pub live: bool,
    /// Set when reading stopped early: the results cover the frames before it.
    pub truncated: Option<CaptureError>,
    /// The files of several inputs, or of a watched directory, that
    /// reading went past (not captures, or damaged: their rest skipped),
    /// in the order met.
    pub skipped: Vec<Skipped>,
    /// For a sharded pass ([`Pipeline::shard`](super::Pipeline::shard)):
    /// the shard and what of the other shards was dropped.
    pub shard: Option<ShardSummary>,
}

impl CaptureSummary {
    /// The summary of a pass that read nothing yet.
    pub fn empty(file: &str) -> Self {
        CaptureSummary {
            file: file.to_string(),
            format: CaptureFormat::Pcap,
            frames: 0,
            first: None,
            last: None,
            link: LinkStats::default(),
            reassembly: ReassemblyStats::default(),
            first_malformed: None,
            live: false,
            truncated: None,
            skipped: Vec::new(),
            shard: None,
        }
    }

    /// The error that stopped the pass before its first frame, taken out:
    /// such a pass fails instead of giving an empty summary.
    pub(super) fn unreadable(&mut self) -> Option<CaptureError> {
        if self.frames == 0 {
            self.truncated.take()
        } else {
            None
        }
    }

    /// Seconds between the first and the last frame.
    pub fn duration(&self) -> f64 {
        match (self.first, self.last) {
            (Some(a), Some(b)) => b.seconds_since(a),
            _ => 0.0,
        }
    }

    /// The link types seen, with their frame counts.
    pub fn link_types(&self) -> &BTreeMap<LinkType, u64> {
        &self.link.frames_per_link_type
    }

    /// What damaged the capture, when part of it could not be read (cut
    /// short, a corrupt block): one line, saying what the results cover.
    /// With several files, damaged ones (each a warning of its own) are
    /// counted.
    pub fn damage(&self) -> Option<String> {
        if let Some(e) = &self.truncated {
            return Some(format!(
                "{e}; results cover the {} frames before it",
                self.frames
            ));
        }
        match self.skipped.iter().filter(|s| s.damaged).count() {
            0 => None,
            1 => Some(format!(
                "{}: 1 file is damaged (see its warning); results cover the rest",
                self.file
            )),
            n => Some(format!(
                "{}: {n} files are damaged (see their warnings); results cover the rest",
                self.file
            )),
        }
    }

    /// Human warnings about the pass (partial read, files skipped,
    /// malformed frames, flushed flows, buffer overflows), one line each;
    /// the first is [`CaptureSummary::damage`], if any, then each
    /// [`CaptureSummary::skipped`] file.
    pub fn warnings(&self) -> Vec<String> {
        let mut w: Vec<String> = self.damage().into_iter().collect();
        w.extend(self.skipped.iter().map(Skipped::to_string));
        if let Some((frame, why)) = &self.first_malformed {
            let n = self.link.malformed;
            w.push(format!(
                "{}: {n} malformed frame(s), the first is frame {frame}: {why}",
                self.file
            ));
        }
        let r = &self.reassembly;
        if r.flows_evicted > 0 {
            w.push(format!(
                "{}: {} stream(s) flushed early to stay under the live-flow cap (--max-flows)",
                self.file, r.flows_evicted
            ));
        }
        if r.buffer_overflows > 0 {
            w.push(format!(
                "{}: {} hole(s) ({} bytes) given up because out-of-order buffering reached its cap (--max-buffer, --max-buffer-total)",
                self.file, r.buffer_overflows, r.buffer_overflow_bytes
            ));
        }
        w
    }
}
