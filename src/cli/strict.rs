//! `--strict`: exit status 3 when the command saw anything wrong with the
//! traffic, for the CI jobs of server developers: a gap in a stream, a
//! record with an `error` (a message that did not decode, a WebSocket
//! frame that could not be used), a hand contradiction (a check's note:
//! chips not conserved, stacks the server contradicts, an action out of
//! turn, ...), or a warning of the pass (malformed frames, streams flushed
//! under a cap). A damaged capture (cut short) is an error whatever
//! `--strict` says: exit status 1, after the output.
//!
//! What is counted is what the command looked at: `decode` the records it
//! writes (after its filters), `follow`, `timeline -s` and `replay -s`
//! that stream, the other commands (`inspect`, `hands`, `timeline`,
//! `stats`) the whole capture. The counts are
//! kept here, for the run, as the color choice is: the workers note what
//! they see from their threads, and sums and minimums do not depend on
//! which thread saw what.

use cardshark::decode::Render;
use cardshark::decode::{Body, Record, RecordSink, StreamReport, WsEvent};
use cardshark::pipeline::Items;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

static ON: AtomicBool = AtomicBool::new(false);
static GAPS: AtomicU64 = AtomicU64::new(0);
static ERRORS: AtomicU64 = AtomicU64::new(0);
static CONTRADICTIONS: AtomicU64 = AtomicU64::new(0);
static WARNINGS: AtomicU64 = AtomicU64::new(0);
/// The first frame of a gap, an error record or a contradiction
/// (`u64::MAX`: none).
static FIRST: AtomicU64 = AtomicU64::new(u64::MAX);

/// What `--strict` checks for in one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// A gap event.
    Gap,
    /// A message with an error, or a WebSocket error event.
    Error,
    /// A hand check's note.
    Contradiction,
}

/// Turns the check on (`--strict`).
pub fn init(on: bool) {
    ON.store(on, Relaxed);
}

/// What is wrong with `r`, if anything.
pub fn of_record(r: &Record) -> Option<Problem> {
    match &r.body {
        Body::Gap { .. } => Some(Problem::Gap),
        Body::Message { decoded, .. } if decoded.error.is_some() => Some(Problem::Error),
        Body::WebSocket(e) if matches!(**e, WsEvent::Error { .. }) => Some(Problem::Error),
        _ => None,
    }
}

/// Notes a problem at `frame`.
pub fn note(problem: Problem, frame: u64) {
    count(problem, 1);
    FIRST.fetch_min(frame, Relaxed);
}

/// Notes `n` problems whose frames are not known (`inspect`'s counts).
pub fn count(problem: Problem, n: u64) {
    let counter = match problem {
        Problem::Gap => &GAPS,
        Problem::Error => &ERRORS,
        Problem::Contradiction => &CONTRADICTIONS,
    };
    counter.fetch_add(n, Relaxed);
}

/// Notes the pass's warnings (a damaged capture, limits reached).
pub fn warned(n: usize) {
    WARNINGS.fetch_add(n as u64, Relaxed);
}

/// With `--strict`, when something was seen: what, for the error line.
pub fn verdict() -> Option<String> {
    if !ON.load(Relaxed) {
        return None;
    }
    let mut seen = Vec::new();
    for (n, what) in [
        (GAPS.load(Relaxed), "gap"),
        (ERRORS.load(Relaxed), "error record"),
        (CONTRADICTIONS.load(Relaxed), "hand contradiction"),
        (WARNINGS.load(Relaxed), "warning about the capture"),
    ] {
        match n {
            0 => {}
            1 => seen.push(format!("1 {what}")),
            _ => seen.push(format!("{n} {what}s")),
        }
    }
    if seen.is_empty() {
        return None;
    }
    let first = match FIRST.load(Relaxed) {
        u64::MAX => String::new(),
        f => format!(", the first at frame {f}"),
    };
    Some(format!(
        "{}{first} (exit status 3; without --strict these are reported, not failed)",
        seen.join(", ")
    ))
}

/// A record sink that notes the problems of the records going through it
/// (of stream `only`, or of every stream) and hands them on to `inner`.
pub struct Watch<S> {
    /// The sink the records go to.
    pub inner: S,
    only: Option<u64>,
}

impl<S> Watch<S> {
    /// Watches the records going to `inner`: those of stream `only`, or all.
    pub fn new(inner: S, only: Option<u64>) -> Self {
        Watch { inner, only }
    }
}

impl<S: RecordSink> RecordSink for Watch<S> {
    fn record(&mut self, r: Record) {
        if self.only.is_none_or(|s| s == r.stream) {
            if let Some(p) = of_record(&r) {
                note(p, r.frame);
            }
        }
        self.inner.record(r);
    }

    fn stream_done(&mut self, report: &StreamReport) {
        self.inner.stream_done(report);
    }

    fn pending(&self) -> usize {
        self.inner.pending()
    }

    fn tick(&mut self, ts: cardshark::capture::Timestamp) {
        self.inner.tick(ts);
    }

    fn hold(&self) -> Option<u64> {
        self.inner.hold()
    }
}

impl<S: Render> Render for Watch<S> {
    type Item = S::Item;
    fn take(&mut self, into: &mut Items<S::Item>) {
        self.inner.take(into);
    }
}
