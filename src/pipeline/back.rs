//! The back of the pipeline: events on their way from the reassembler to
//! the sink (decoding and what follows), when the two run apart (see
//! `workers`). Events cross as owned copies in batches (stream bytes in one
//! buffer per batch, batches recycled), in the order the reassembler made
//! them, so the sink sees exactly what it would have seen on one thread.

use super::Limits;
use crate::capture::Timestamp;
use crate::reassembly::{Direction, EndReason, Event, GapReason, Sink, StreamInfo};

/// Events whose streams are warmed together ([`Sink::warm`]), before the
/// first of them goes to the sink.
const WARM_AHEAD: usize = 16;

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

pub(super) struct Batch {
    limits: Limits,
    bytes: Vec<u8>,
    events: Vec<Owned>,
}

impl Batch {
    pub(super) fn new(limits: Limits) -> Self {
        Batch {
            bytes: Vec::with_capacity(limits.bytes + (64 << 10)),
            events: Vec::with_capacity(limits.items),
            limits,
        }
    }

    pub(super) fn push(&mut self, ev: Event<'_>) {
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

    /// The batch, leaving in its place one that holds no memory.
    pub(super) fn take(&mut self) -> Self {
        let empty = Batch {
            limits: self.limits,
            bytes: Vec::new(),
            events: Vec::new(),
        };
        std::mem::replace(self, empty)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    pub(super) fn full(&self) -> bool {
        self.events.len() >= self.limits.items || self.bytes.len() >= self.limits.bytes
    }

    /// Hands every event, as the reassembler made it, to `sink`.
    pub(super) fn replay(&mut self, sink: &mut impl Sink) {
        for (i, ev) in self.events.iter().enumerate() {
            if i % WARM_AHEAD == 0 {
                for w in self.events.iter().skip(i).take(WARM_AHEAD) {
                    if let Owned::Data { stream, .. } = w {
                        sink.warm(*stream);
                    }
                }
            }
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
