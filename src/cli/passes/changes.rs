//! What a worker of the game pass (`timelines.rs`) makes of each change
//! of a game stream, by [`Mode`]: a JSON line or a row for `timeline`,
//! the change and its state or a hand's table for `replay`, a stream's
//! state at a frame for `timeline --at`.

use crate::cli::display_filter::ChangeSubject;
use cardshark::analysis::hands::table::TableState;
use cardshark::analysis::timeline::{Change, ChangeSink, Game};
use cardshark::capture::Timestamp;
use cardshark::filter::Filter;
use cardshark::pipeline::Items;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// One line of `--format jsonl`: a change and the state after it.
#[derive(Serialize)]
struct StepLine<'a> {
    /// The step of the stream's timeline, from 1.
    step: u64,
    // The change's fields, named here rather than flattened: serde writes
    // a flattened struct through a map, which made every line cost more.
    frame: u64,
    #[serde(serialize_with = "rfc3339")]
    ts: Timestamp,
    stream: u64,
    what: &'a str,
    state: &'a Game,
}

/// A timestamp as RFC 3339 text, as [`Change`] writes its own.
fn rfc3339<S: serde::Serializer>(ts: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(ts)
}

/// One line of `--at FRAME --format jsonl`.
#[derive(Serialize)]
struct AtLine<'a> {
    stream: u64,
    frame: u64,
    state: &'a Game,
}

/// What a worker makes of a change.
pub enum Made {
    /// A line of `--format jsonl`: `bytes[start..end]` of its batch.
    Line {
        stream: u64,
        start: usize,
        end: usize,
    },
    /// A table or CSV row.
    Row(Row),
    /// The change and the state after it (for `replay`).
    Step(Box<(Change, Game)>),
    /// A step of a poker hand's table, with its stream (`replay --hand`).
    Table(Box<(u64, TableState)>),
    /// Nothing to write (`--at`, for a change).
    Nothing,
}

/// A change as a row of the table or of CSV.
pub struct Row {
    pub ts: Timestamp,
    pub frame: u64,
    pub stream: u64,
    pub what: String,
}

impl Made {
    /// The stream of a change that is written (what `-w` writes).
    pub(super) fn written(&self) -> Option<u64> {
        match self {
            Made::Line { stream, .. } | Made::Row(Row { stream, .. }) => Some(*stream),
            Made::Step(_) | Made::Table(_) | Made::Nothing => None,
        }
    }
}

/// How a worker renders changes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Jsonl,
    Table,
    Steps,
    /// The steps of every poker hand's table (`replay --hand`), no change.
    HandTables,
    /// `--at FRAME`: no change, but the state of each stream that ends by
    /// then, as a line (JSON when `jsonl`, else drawn).
    At {
        frame: u64,
        jsonl: bool,
    },
}

/// A worker's change sink: each change made into an item.
pub(super) struct Changes<'f> {
    mode: Mode,
    /// `-Y`.
    filter: Option<&'f Filter<Vec<String>>>,
    /// Changes so far per stream (the step numbers of `--format jsonl`).
    step: BTreeMap<u64, u64>,
    pub(super) items: Items<Made>,
}

impl<'f> Changes<'f> {
    /// A sink making changes into items by `mode`, those `filter` lets
    /// through.
    pub(super) fn new(mode: Mode, filter: Option<&'f Filter<Vec<String>>>) -> Self {
        Changes {
            mode,
            filter,
            step: BTreeMap::new(),
            items: Items::default(),
        }
    }
}

impl ChangeSink for Changes<'_> {
    fn table_step(&mut self, key: u64, stream: u64, t: &TableState) {
        if self.mode == Mode::HandTables {
            let owned = std::mem::size_of::<TableState>() + t.heap_bytes();
            let made = Made::Table(Box::new((stream, t.clone())));
            self.items.push_owning(key, made, owned);
        }
    }

    fn change(&mut self, key: u64, c: &Change, g: &Game) {
        let step = self.step.entry(c.stream).or_default();
        *step += 1;
        if (self.filter).is_some_and(|f| !f.matches(&mut ChangeSubject(c, g))) {
            return;
        }
        let made = match self.mode {
            Mode::Jsonl => {
                let n = step;
                // Every field of the change, named (a new one fails here).
                let Change {
                    frame,
                    ts,
                    stream,
                    what,
                } = c;
                let line = StepLine {
                    step: *n,
                    frame: *frame,
                    ts: *ts,
                    stream: *stream,
                    what,
                    state: g,
                };
                let buf = &mut self.items.bytes;
                let start = buf.len();
                // Writing to a vector fails only on memory.
                let _ = serde_json::to_writer(&mut *buf, &line);
                buf.push(b'\n');
                Made::Line {
                    stream: c.stream,
                    start,
                    end: buf.len(),
                }
            }
            Mode::Table => Made::Row(Row {
                ts: c.ts,
                frame: c.frame,
                stream: c.stream,
                what: c.what.clone(),
            }),
            Mode::Steps => Made::Step(Box::new((c.clone(), g.clone()))),
            Mode::At { .. } | Mode::HandTables => Made::Nothing,
        };
        let owned = match &made {
            Made::Row(r) => r.what.len(),
            Made::Step(_) => std::mem::size_of::<(Change, Game)>() + c.what.len(),
            Made::Line { .. } | Made::Nothing | Made::Table(_) => 0,
        };
        if !matches!(made, Made::Nothing) {
            self.items.push_owning(key, made, owned);
        }
    }

    fn pending(&self) -> usize {
        self.items.weight()
    }

    fn ended(&mut self, key: u64, stream: u64, state: &Game) {
        self.step.remove(&stream);
        if let Mode::At { frame, jsonl } = self.mode {
            // Its state at the frame is its last: written now, so that
            // memory follows the streams open at once.
            let buf = &mut self.items.bytes;
            let start = buf.len();
            // Writing to a vector fails only on memory.
            let _ = write_state(buf, stream, frame, state, jsonl);
            let end = buf.len();
            self.items.push(key, Made::Line { stream, start, end });
        }
    }
}

/// Writes the state of `stream` at `frame`: a JSON line, or drawn.
pub fn write_state(
    out: &mut Vec<u8>,
    stream: u64,
    frame: u64,
    state: &Game,
    jsonl: bool,
) -> io::Result<()> {
    if jsonl {
        let line = AtLine {
            stream,
            frame,
            state,
        };
        serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
        out.push(b'\n');
    } else {
        writeln!(out, "── stream {stream} at frame {frame}")?;
        out.extend_from_slice(state.as_state().draw().as_bytes());
    }
    Ok(())
}
