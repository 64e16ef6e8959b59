//! The back of the pipeline on its own thread: the sink (decoding and what
//! follows) runs on a third thread while the caller's thread reassembles.
//! Events cross as owned copies in batches (stream bytes in one buffer per
//! batch, batches recycled), in the order the reassembler made them, so
//! the sink sees exactly what it would have seen on one thread.

use super::{front, CaptureSummary};
use crate::capture::{CaptureError, CaptureReader, Timestamp};
use crate::reassembly::{Config, Direction, EndReason, Event, GapReason, Sink, StreamInfo};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;

/// A batch is handed over at this many events or bytes.
const BATCH_EVENTS: usize = 1024;
const BATCH_BYTES: usize = 256 << 10;
/// Batches in flight; two more are being filled and emptied.
const IN_FLIGHT: usize = 16;

/// An [`Event`] with its borrowed parts copied; `Data` bytes are
/// `bytes[start..end]` of the batch. Stream information (once or twice per
/// stream) is boxed, so that the far more frequent data events stay small.
enum Owned {
    Start(Box<StreamInfo>),
    Data {
        stream: u64,
        dir: Direction,
        offset: u64,
        start: usize,
        end: usize,
        frame: u64,
        ts: Timestamp,
    },
    Gap {
        stream: u64,
        dir: Direction,
        offset: u64,
        len: u64,
        reason: GapReason,
        frame: u64,
        ts: Timestamp,
    },
    Conflict {
        stream: u64,
        dir: Direction,
        offset: u64,
        len: u64,
        frame: u64,
        ts: Timestamp,
    },
    End {
        info: Box<StreamInfo>,
        reason: EndReason,
        frame: u64,
        ts: Timestamp,
    },
    Closed(Box<StreamInfo>),
}

struct Batch {
    bytes: Vec<u8>,
    events: Vec<Owned>,
}

impl Batch {
    fn new() -> Self {
        Batch {
            bytes: Vec::with_capacity(BATCH_BYTES + (64 << 10)),
            events: Vec::with_capacity(BATCH_EVENTS),
        }
    }

    fn push(&mut self, ev: Event<'_>) {
        let owned = match ev {
            Event::Start(info) => Owned::Start(Box::new(info.clone())),
            Event::Data {
                stream,
                dir,
                offset,
                bytes,
                frame,
                ts,
            } => {
                let start = self.bytes.len();
                self.bytes.extend_from_slice(bytes);
                Owned::Data {
                    stream,
                    dir,
                    offset,
                    start,
                    end: self.bytes.len(),
                    frame,
                    ts,
                }
            }
            Event::Gap {
                stream,
                dir,
                offset,
                len,
                reason,
                frame,
                ts,
            } => Owned::Gap {
                stream,
                dir,
                offset,
                len,
                reason,
                frame,
                ts,
            },
            Event::Conflict {
                stream,
                dir,
                offset,
                len,
                frame,
                ts,
            } => Owned::Conflict {
                stream,
                dir,
                offset,
                len,
                frame,
                ts,
            },
            Event::End {
                info,
                reason,
                frame,
                ts,
            } => Owned::End {
                info: Box::new(info.clone()),
                reason,
                frame,
                ts,
            },
            Event::Closed(info) => Owned::Closed(Box::new(info.clone())),
        };
        self.events.push(owned);
    }

    fn full(&self) -> bool {
        self.events.len() >= BATCH_EVENTS || self.bytes.len() >= BATCH_BYTES
    }

    /// Hands every event, as the reassembler made it, to `sink`.
    fn replay(&mut self, sink: &mut impl Sink) {
        for ev in &self.events {
            sink.event(match ev {
                Owned::Start(info) => Event::Start(info),
                &Owned::Data {
                    stream,
                    dir,
                    offset,
                    start,
                    end,
                    frame,
                    ts,
                } => Event::Data {
                    stream,
                    dir,
                    offset,
                    bytes: &self.bytes[start..end],
                    frame,
                    ts,
                },
                &Owned::Gap {
                    stream,
                    dir,
                    offset,
                    len,
                    reason,
                    frame,
                    ts,
                } => Event::Gap {
                    stream,
                    dir,
                    offset,
                    len,
                    reason,
                    frame,
                    ts,
                },
                &Owned::Conflict {
                    stream,
                    dir,
                    offset,
                    len,
                    frame,
                    ts,
                } => Event::Conflict {
                    stream,
                    dir,
                    offset,
                    len,
                    frame,
                    ts,
                },
                Owned::End {
                    info,
                    reason,
                    frame,
                    ts,
                } => Event::End {
                    info,
                    reason: *reason,
                    frame: *frame,
                    ts: *ts,
                },
                Owned::Closed(info) => Event::Closed(info),
            });
        }
        self.events.clear();
        self.bytes.clear();
    }
}

/// Like [`super::run_file`], with `sink` on a thread of its own: three
/// threads (reading, reassembling, the sink). `stop`, which the sink may
/// set, ends the pass early.
pub fn run(
    name: &str,
    reader: CaptureReader,
    config: Config,
    sink: &mut (impl Sink + Send),
    stop: &AtomicBool,
) -> Result<CaptureSummary, CaptureError> {
    let (to_back, batches) = sync_channel::<Batch>(IN_FLIGHT);
    let (give_back, spare) = sync_channel::<Batch>(IN_FLIGHT + 2);
    for _ in 0..=IN_FLIGHT {
        let _ = give_back.try_send(Batch::new());
    }
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for mut batch in batches {
                batch.replay(sink);
                let _ = give_back.try_send(batch);
            }
        });
        let local_stop = Cell::new(false);
        let mut batch = Some(Batch::new());
        let mut forward = |ev: Event<'_>| {
            let Some(b) = batch.as_mut() else { return };
            b.push(ev);
            if b.full() {
                if stop.load(Ordering::Relaxed) {
                    local_stop.set(true);
                }
                let full = batch.take().expect("checked above");
                // An emptied batch comes back unless the sink's thread is gone.
                if to_back.send(full).is_ok() {
                    batch = spare.recv().ok();
                }
                if batch.is_none() {
                    local_stop.set(true);
                }
            }
        };
        let summary = front::run(name, reader, config, &mut forward, &local_stop);
        if let Some(b) = batch.take() {
            if !b.events.is_empty() {
                let _ = to_back.send(b);
            }
        }
        drop(to_back);
        summary
    })
}
