//! The pass over a capture's game streams: a [`TimelineCollector`] per
//! worker, what it makes of each change ([`Mode`], `changes.rs`) handed to
//! the caller in capture order. `timeline` writes the changes or the
//! states at a frame; `replay` steps through a stream's changes
//! ([`steps`]) or every poker hand's table ([`hand_tables`]).

use super::changes::{Changes, Made, Mode};
use crate::cli::strict::Watch;
use crate::cli::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::hands::table::TableState;
use cardshark::analysis::timeline::{Change, Game, TimelineCollector};
use cardshark::decode::DecodeStage;
use cardshark::filter::Filter;
use cardshark::pipeline::{Items, StreamSet, Work};
use cardshark::reassembly::{Event, Sink};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// A worker: the decode stage and the timelines of its streams (their
/// problems noted for `--strict`).
struct Timelines<'f>(DecodeStage<Watch<TimelineCollector<Changes<'f>>>>);

impl Sink for Timelines<'_> {
    fn event(&mut self, ev: Event<'_>) {
        self.0.event(ev);
    }
    fn step(&mut self, seq: u64, slot: u32) {
        self.0.step(seq, slot);
    }
    fn warm(&self, slot: u32) {
        self.0.warm(slot);
    }
}

impl Work for Timelines<'_> {
    type Item = Made;
    fn low(&mut self, next: u64) -> u64 {
        self.0.low(next)
    }
    fn take(&mut self, into: &mut Items<Made>) {
        let items = &mut self.0.sink_mut().inner.sink_mut().items;
        let base = into.bytes.len();
        for (_, m) in &mut items.keyed {
            if let Made::Line { start, end, .. } = m {
                *start += base;
                *end += base;
            }
        }
        into.append(items);
    }
    fn finish(&mut self) {
        self.0.flush();
    }
    fn pending(&self) -> usize {
        self.0.pending()
    }
    fn resume(&mut self) {
        self.0.resume();
    }
    fn pace(&mut self, chunk: usize) {
        self.0.pace(chunk);
    }
}

/// One pass over the capture: what it collects.
pub struct Pass<'a> {
    pub input: &'a InputArgs,
    pub decode: &'a DecodeOpts,
    /// `-s`.
    pub stream: Option<u64>,
    /// `--at`.
    pub at: Option<u64>,
    pub mode: Mode,
    /// `-Y`.
    pub filter: Option<&'a Filter<Vec<String>>>,
}

/// What a pass leaves once the capture is read.
pub struct Collected {
    /// Each game's state at the end of the capture (or at `--at`).
    pub games: BTreeMap<u64, Game>,
    /// The streams of the changes handed over.
    pub written: StreamSet,
}

impl Pass<'_> {
    /// Runs the pipeline with a [`TimelineCollector`] per worker, handing
    /// what they make of each change to `f` (which may end the pass: a
    /// write failed).
    pub fn collect(
        &self,
        mut f: impl FnMut(Made, &[u8]) -> ControlFlow<()>,
    ) -> Result<Collected, CliError> {
        let (input, stream, at) = (self.input, self.stream, self.at);
        let config = self.decode.config()?;
        let make = || {
            let changes = Changes::new(self.mode, self.filter);
            let mut sink = TimelineCollector::new(stream, changes);
            // States go once their stream ends (with --at, written then).
            sink = sink.forgetting_ended();
            if let Some(f) = at {
                sink = sink.until(f);
            }
            Timelines(DecodeStage::new(config.clone(), Watch::new(sink, stream)))
        };
        let mut written = StreamSet::default();
        let done = input.run(make, &mut |m, bytes| {
            if let Some(s) = m.written() {
                written.insert(s);
            }
            f(m, bytes)
        })?;
        warn_all(&done.summary);
        let frames = done.summary.frames;
        if let Some(f) = at.filter(|&f| f > frames) {
            return Err(CliError::Usage(format!(
                "--at {f}: {} has {}",
                input.name(),
                match frames {
                    0 => "no frame".to_string(),
                    1 => "1 frame (--at 1)".to_string(),
                    n => format!("frames 1 to {n}"),
                }
            )));
        }
        let streams = done.summary.reassembly.streams;
        self.decode.check_streams(input.name(), streams)?;
        let mut saw = false;
        let mut games = BTreeMap::new();
        for w in done.workers {
            let sink = w.0.into_sink().inner;
            saw |= sink.saw_stream();
            games.extend(sink.finish());
        }
        if let Some(s) = stream {
            if s >= streams {
                return Err(CliError::Usage(format!(
                    "-s {s}: {} has no stream {s} ({}: `cardshark inspect` lists them)",
                    input.name(),
                    crate::cli::count_streams(streams)
                )));
            }
            if !saw && !games.contains_key(&s) {
                return Err(CliError::Usage(format!(
                    "-s {s}: {}: stream {s} is not a game stream (gls, cardgame, pokerth or pokernetwork){}",
                    input.name(),
                    at.map_or(String::new(), |f| format!(" by frame {f}"))
                )));
            }
        }
        Ok(Collected { games, written })
    }
}

/// Every change of stream `stream` and the state after it, for `replay`.
pub fn steps(
    input: &InputArgs,
    decode: &DecodeOpts,
    stream: u64,
) -> Result<Vec<(Change, Game)>, CliError> {
    let mut all = Vec::new();
    let pass = Pass {
        input,
        decode,
        stream: Some(stream),
        at: None,
        mode: Mode::Steps,
        filter: None,
    };
    pass.collect(|m, _| {
        if let Made::Step(s) = m {
            all.push(*s);
        }
        ControlFlow::Continue(())
    })?;
    Ok(all)
}

/// The steps of every poker hand's table, in capture order, with their
/// stream: the table the timelines show, a step per event of the hand
/// (for `replay --hand`).
pub fn hand_tables(
    input: &InputArgs,
    decode: &DecodeOpts,
) -> Result<Vec<(u64, TableState)>, CliError> {
    let mut all = Vec::new();
    let pass = Pass {
        input,
        decode,
        stream: None,
        at: None,
        mode: Mode::HandTables,
        filter: None,
    };
    pass.collect(|m, _| {
        if let Made::Table(t) = m {
            all.push(*t);
        }
        ControlFlow::Continue(())
    })?;
    Ok(all)
}
