//! Several inputs read as one capture, merged by timestamp as mergecap
//! does: each time, the earliest of the inputs' next frames (on equal
//! times, the input named first), numbered 1.. across the whole.
//!
//! One frame is buffered per open input. An input is opened only when its
//! first frame is due (each file's first frame time is read once at the
//! start, and the file closed again), and closed at its end, so a
//! directory of hundreds of rotated files keeps one or two open at a
//! time. The result is the same as with every input open from the start:
//! an input not yet open would not have been chosen either.
//!
//! An input damaged on the way (cut short, a corrupt block) is one
//! [`Skipped`](super::Skipped) file: its frames up to the damage are in the
//! merge, and the other inputs are read to their ends.

use super::error::Skips;
use super::reader::FileReader;
use super::source::{Source, Wrap};
use super::{CaptureError, CaptureFormat, Frame, Timestamp};

/// An input not opened yet, and the time of its first frame.
struct Waiting {
    source: Source,
    /// Its position among the inputs: on equal times, the first wins.
    index: usize,
    first: Timestamp,
}

/// An open input and the frame it holds (its reader's current frame).
struct Head {
    reader: FileReader,
    index: usize,
    ts: Timestamp,
}

/// The merge of several inputs; see the [module docs](self).
pub(super) struct Merge {
    name: String,
    format: CaptureFormat,
    wrap: Option<Wrap>,
    /// Inputs not open yet, the next due last.
    waiting: Vec<Waiting>,
    open: Vec<Head>,
    /// The input (in `open`) whose frame was returned last: it moves on
    /// at the next call.
    last: Option<usize>,
    frames: u64,
    /// Bytes used of the inputs already closed.
    consumed: u64,
    finished: bool,
    /// The inputs damaged on the way.
    pub(super) skips: Skips,
}

impl Merge {
    /// Reads each input's header and first frame time (standard input
    /// stays open: it cannot be read twice). An input that cannot be
    /// opened fails the merge; one whose first frame cannot be read is
    /// skipped, one without a frame left out.
    pub(super) fn new(
        name: &str,
        sources: Vec<Source>,
        wrap: Option<Wrap>,
    ) -> Result<Self, CaptureError> {
        let mut merge = Merge {
            name: name.to_string(),
            format: CaptureFormat::Pcap,
            wrap,
            waiting: Vec::new(),
            open: Vec::new(),
            last: None,
            frames: 0,
            consumed: 0,
            finished: false,
            skips: Skips::default(),
        };
        for (index, source) in sources.into_iter().enumerate() {
            // A first look, not counted by `wrap` (a progress bar).
            let mut reader = source.open(None)?;
            if index == 0 {
                merge.format = reader.format();
            }
            // Standard input's reader is kept, its first frame current.
            let first = match reader.advance() {
                Ok(true) => reader.current().expect("advanced"),
                Ok(false) => continue,
                Err(e) => {
                    merge.skips.push(e, true);
                    continue;
                }
            };
            let first = first.ts;
            if source.is_stdin() {
                merge.open.push(Head {
                    reader,
                    index,
                    ts: first,
                });
            } else {
                merge.waiting.push(Waiting {
                    source,
                    index,
                    first,
                });
            }
        }
        (merge.waiting).sort_by_key(|w| std::cmp::Reverse((w.first, w.index)));
        Ok(merge)
    }

    /// The format of the first input.
    pub(super) fn format(&self) -> CaptureFormat {
        self.format
    }

    /// The inputs' names together.
    pub(super) fn file_name(&self) -> &str {
        &self.name
    }

    /// Bytes (decompressed) used of all inputs so far.
    pub(super) fn bytes_consumed(&self) -> u64 {
        let open: u64 = self.open.iter().map(|h| h.reader.bytes_consumed()).sum();
        self.consumed + open
    }

    /// The next frame of the merge, `None` at its end. An input's error
    /// ends that input (it is skipped, named with its own frame number
    /// and offset); the others go on.
    pub(super) fn next_frame(&mut self) -> Result<Option<Frame<'_>>, CaptureError> {
        if self.finished {
            return Ok(None);
        }
        let Some(i) = self.step() else {
            self.finished = true;
            return Ok(None);
        };
        self.last = Some(i);
        self.frames += 1;
        let frame = self.open[i].reader.current().expect("a head holds a frame");
        Ok(Some(Frame {
            number: self.frames,
            ..frame
        }))
    }

    /// Moves the input last read on and opens those now due; the input
    /// holding the earliest frame.
    fn step(&mut self) -> Option<usize> {
        if let Some(i) = self.last.take() {
            let head = &mut self.open[i];
            match head.reader.advance() {
                Ok(true) => head.ts = head.reader.current().expect("advanced").ts,
                ended => {
                    self.consumed += head.reader.bytes_consumed();
                    self.open.swap_remove(i);
                    if let Err(e) = ended {
                        self.skips.push(e, true);
                    }
                }
            }
        }
        loop {
            let earliest = (self.open.iter().enumerate()).min_by_key(|(_, h)| (h.ts, h.index));
            let due = match (self.waiting.last(), earliest) {
                (None, _) => false,
                (Some(_), None) => true,
                (Some(w), Some((_, h))) => (w.first, w.index) <= (h.ts, h.index),
            };
            if !due {
                return earliest.map(|(i, _)| i);
            }
            let w = self.waiting.pop().expect("due");
            // The file may have changed since its first look (even be
            // gone): take it as it is now.
            let mut reader = match w.source.open(self.wrap.as_ref()) {
                Ok(reader) => reader,
                Err(e) => {
                    self.skips.push(e, true);
                    continue;
                }
            };
            match reader.advance() {
                Ok(true) => {
                    let ts = reader.current().expect("advanced").ts;
                    let index = w.index;
                    self.open.push(Head { reader, index, ts });
                }
                Ok(false) => {}
                Err(e) => self.skips.push(e, true),
            }
        }
    }
}
