//! Wires the stages together: capture → link → reassembly, for one input.
//!
//! [`run`] reads a whole capture and hands every reassembly [`Event`] to a
//! sink; it returns a [`CaptureSummary`] of what was read, including the
//! warning for a capture that could be read only in part. A file is read
//! and taken apart on a second thread (module `front`) while the caller's
//! thread reassembles; [`run_file_split`] lets two threads share reading,
//! reassembly and the sink (module `workers`, events crossing as module
//! `back` batches them); [`run_reader`] does it all on one (for live
//! captures, where each packet goes through at once).

mod back;
mod front;
mod workers;

use crate::capture::{CaptureError, CaptureFormat, CaptureReader, Frame, LinkType, Timestamp};
use crate::link::{LinkDecoder, LinkStats, Packet, TcpSegment};
use crate::reassembly::{Config, Event, Reassembler, ReassemblyStats, Sink};
use std::cell::Cell;
use std::collections::BTreeMap;

/// What a pass over a capture saw, beside the streams themselves.
#[derive(Debug, Clone)]
pub struct CaptureSummary {
    /// The input as the user named it (`-` for standard input).
    pub file: String,
    pub format: CaptureFormat,
    /// Frames read (packet records).
    pub frames: u64,
    pub first: Option<Timestamp>,
    pub last: Option<Timestamp>,
    pub link: LinkStats,
    pub reassembly: ReassemblyStats,
    /// The first frame the link stage could not take apart, and why.
    pub first_malformed: Option<(u64, String)>,
    /// True when the frames came from a live capture (`-i`), not a file.
    pub live: bool,
    /// Set when reading stopped early: the results cover the frames before it.
    pub truncated: Option<CaptureError>,
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
        }
    }

    /// The error that stopped the pass before its first frame, taken out:
    /// such a pass fails instead of giving an empty summary.
    fn unreadable(&mut self) -> Option<CaptureError> {
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

    /// Human warnings about the pass (partial read, malformed frames,
    /// flushed flows, buffer overflows), one line each.
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        if let Some(e) = &self.truncated {
            w.push(format!(
                "{e}; results cover the {} frames before it",
                self.frames
            ));
        }
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
                "{}: {} hole(s) ({} bytes) given up because out-of-order buffering reached its cap (--max-buffer)",
                self.file, r.buffer_overflows, r.buffer_overflow_bytes
            ));
        }
        w
    }
}

/// Reads `path` (or standard input for `-`) through the reassembler,
/// handing every event to `sink`. Fails only when nothing could be read.
pub fn run(
    path: &str,
    config: Config,
    sink: &mut impl Sink,
) -> Result<CaptureSummary, CaptureError> {
    run_until(path, config, sink, &Cell::new(false))
}

/// Like [`run`], stopping early (before the next frame) once `stop` is set,
/// for example by a sink that has printed all it was asked for.
pub fn run_until(
    path: &str,
    config: Config,
    sink: &mut impl Sink,
    stop: &Cell<bool>,
) -> Result<CaptureSummary, CaptureError> {
    let reader = CaptureReader::open(path)?;
    run_file(path, reader, config, sink, stop)
}

/// Like [`run_file`], with the sink's work shared out too, for a sink that
/// does most of the work and needs no event the moment it happens
/// (`inspect`): reading, reassembling and the sink are three stages that
/// two threads take turns at, a batch at a time. The sink sees the same
/// events in the same order. `stop` ends the pass early.
pub fn run_file_split(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut (impl Sink + Send),
    stop: &std::sync::atomic::AtomicBool,
) -> Result<CaptureSummary, CaptureError> {
    workers::run(name, reader, config, sink, stop)
}

/// Like [`run_reader`], with the capture read and its frames taken apart
/// on a second thread: the same events in the same order, faster on a
/// machine with two cores or more.
pub fn run_file(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut impl Sink,
    stop: &Cell<bool>,
) -> Result<CaptureSummary, CaptureError> {
    front::run(name, reader, config, sink, stop)
}

/// Like [`run_until`], on a reader already opened.
pub fn run_reader(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut impl Sink,
    stop: &Cell<bool>,
) -> Result<CaptureSummary, CaptureError> {
    let mut reasm = Reassembler::new(config);
    let mut front = front::Front::new(name, reader, reasm.flow_hasher());
    if !stop.get() {
        front.each(|frame, seg| {
            reasm.process(frame.number, frame.ts, seg, sink);
            !stop.get()
        });
    }
    let mut summary = front.finish();
    if let Some(e) = summary.unreadable() {
        return Err(e);
    }
    reasm.finish(sink);
    summary.reassembly = reasm.stats().clone();
    Ok(summary)
}

/// The capture and link stages: reads frames, takes each apart, and hands
/// its TCP segment to `f`, until the capture ends, a frame cannot be read
/// (the error goes to `summary.truncated`), or `f` returns false. Counts the
/// frames, the time span and the first malformed frame in `summary`.
fn read_segments(
    reader: &mut CaptureReader,
    decoder: &mut LinkDecoder,
    summary: &mut CaptureSummary,
    mut f: impl FnMut(&Frame<'_>, &TcpSegment<'_>) -> bool,
) {
    loop {
        let frame = match reader.next_frame() {
            Ok(Some(f)) => f,
            Ok(None) => return,
            Err(e) => {
                summary.truncated = Some(e);
                return;
            }
        };
        summary.frames += 1;
        summary.first.get_or_insert(frame.ts);
        summary.last = Some(frame.ts);
        match decoder.decode(&frame) {
            Packet::Tcp(seg) => {
                if !f(&frame, &seg) {
                    return;
                }
            }
            Packet::Malformed(why) => {
                if summary.first_malformed.is_none() {
                    summary.first_malformed = Some((frame.number, why));
                }
            }
            Packet::NotTcp(_) | Packet::FragmentHeld => {}
        }
    }
}

/// When a batch of segments or events is handed to the next stage: once it
/// holds this many of them, or this many payload bytes.
#[derive(Debug, Clone, Copy)]
struct Limits {
    items: usize,
    bytes: usize,
}

impl Limits {
    /// Batches of about 256 KB: large enough that handing them over costs
    /// little, small enough that the batches in flight stay near 10 MB.
    const DEFAULT: Limits = Limits {
        items: 1024,
        bytes: 256 << 10,
    };
}

/// A sink that ignores everything (for passes that need only the summary).
pub fn discard() -> impl Sink {
    |_: Event<'_>| {}
}

#[cfg(test)]
mod tests;
