//! `cardshark timeline`: the state of each game stream (GLS board, card
//! game table, PokerTH 0.7 and 1.x lobby and hand table, poker-network hand
//! table) after every
//! message that changed it: a table of changes, the full state at every
//! step as JSON Lines, or the state at one frame.

pub(crate) mod write;

use crate::cli::display_filter::{self, ChangeSubject};
use crate::cli::pcap_out::PcapOut;
use crate::cli::strict::Watch;
use crate::cli::{warn_all, CliError, DecodeOpts, InputArgs, TimeArgs};
use cardshark::analysis::hands::table::{SeatState, TableState};
use cardshark::analysis::timeline::{Change, ChangeSink, Game, TimelineCollector};
use cardshark::capture::Timestamp;
use cardshark::decode::DecodeStage;
use cardshark::filter::Filter;
use cardshark::output::spill::{KeyedBytes, Store};
use cardshark::output::time::TimeFormat;
use cardshark::pipeline::{Items, StreamSet, Work};
use cardshark::reassembly::{Event, Sink};
use clap::{Args, ValueEnum, ValueHint};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use write::ChangeWriter;

/// How `timeline` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TimelineFormat {
    /// A row per change (with `--at`: the board or table drawn).
    Table,
    /// One JSON object per change, with the full state after it (with
    /// `--at`: one object per stream).
    Jsonl,
    /// CSV (RFC 4180): a header row, then a row per change: ts (RFC
    /// 3339), frame, stream, what.
    Csv,
}

/// Arguments of `cardshark timeline`.
#[derive(Args, Debug)]
#[command(after_long_help = "\
Poker streams (PokerTH 0.7, PokerTH 1.x, poker-network) show the table of the hand in play
after every message that changes it (state key `table`: seats with stacks, bets, cards, what
each won and got back; the pot with the bets in front of the players; the board; whose turn
it is), read through the same hand builder as `cardshark hands`: a hand ends in the timeline
with the stacks, winnings and returned chips `hands` gives it, and `replay --hand` steps
through the same tables.")]
pub struct TimelineArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Only this stream (its index in `inspect`).
    #[arg(short = 's', long = "stream", value_name = "N", value_hint = ValueHint::Other)]
    pub stream: Option<u64>,
    /// The state of each game at this frame (after every message that
    /// frame completed) instead of the changes; a frame past the capture's
    /// last is an error.
    #[arg(long, value_name = "FRAME", value_hint = ValueHint::Other,
          value_parser = frame_number)]
    pub at: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TimelineFormat::Table)]
    pub format: TimelineFormat,
    #[command(flatten)]
    pub time: TimeArgs,
    /// Only the changes EXPR matches (see below; not with --at).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR", conflicts_with = "at",
          long_help = display_filter::items_help(
              "Changes that do not match are not written (`--format jsonl` keeps numbering \
               each stream's steps from its first change).",
              display_filter::change_names(),
              "game == \"gls\" && what contains \"Frostsnow\"",
          ))]
    pub display_filter: Option<String>,
}

/// A frame number: frames are numbered from 1, as tshark numbers them.
fn frame_number(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("not a frame number (frames are numbered from 1, as in tshark)".into()),
    }
}

/// Bytes of table rows kept in memory before they spill to a temporary
/// file.
const TABLE_BYTES_IN_MEMORY: usize = 2 << 20;

/// What went wrong with the temporary file the table's rows spill to.
fn spill_error(e: io::Error) -> CliError {
    crate::cli::spill_error("the timeline's rows", e)
}

/// One line of `--format jsonl`: a change and the state after it.
#[derive(Serialize)]
struct StepLine<'a> {
    /// The step of the stream's timeline, from 1.
    step: u64,
    #[serde(flatten)]
    change: &'a Change,
    state: &'a Game,
}

/// One line of `--at FRAME --format jsonl`.
#[derive(Serialize)]
struct AtLine<'a> {
    stream: u64,
    frame: u64,
    state: &'a Game,
}

/// What a worker makes of a change.
pub(super) enum Made {
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
pub(super) struct Row {
    ts: Timestamp,
    frame: u64,
    stream: u64,
    what: String,
}

impl Made {
    /// The stream of a change that is written (what `-w` writes).
    fn written(&self) -> Option<u64> {
        match self {
            Made::Line { stream, .. } | Made::Row(Row { stream, .. }) => Some(*stream),
            Made::Step(_) | Made::Table(_) | Made::Nothing => None,
        }
    }
}

/// How a worker renders changes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
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
struct Changes<'f> {
    mode: Mode,
    /// `-Y`.
    filter: Option<&'f Filter<Vec<String>>>,
    /// Changes so far per stream (the step numbers of `--format jsonl`).
    step: BTreeMap<u64, u64>,
    items: Items<Made>,
}

impl ChangeSink for Changes<'_> {
    fn table_step(&mut self, key: u64, stream: u64, t: &TableState) {
        if self.mode == Mode::HandTables {
            let owned = std::mem::size_of::<TableState>()
                + t.event.len()
                + t.seats.len() * std::mem::size_of::<SeatState>();
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
                let line = StepLine {
                    step: *n,
                    change: c,
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
struct Pass<'a> {
    input: &'a InputArgs,
    decode: &'a DecodeOpts,
    /// `-s`.
    stream: Option<u64>,
    /// `--at`.
    at: Option<u64>,
    mode: Mode,
    /// `-Y`.
    filter: Option<&'a Filter<Vec<String>>>,
}

/// What a pass leaves once the capture is read.
struct Collected {
    /// Each game's state at the end of the capture (or at `--at`).
    games: BTreeMap<u64, Game>,
    /// The streams of the changes handed over.
    written: StreamSet,
}

impl Pass<'_> {
    /// Runs the pipeline with a [`TimelineCollector`] per worker, handing
    /// what they make of each change to `f` (which may end the pass: a
    /// write failed).
    fn collect(
        &self,
        mut f: impl FnMut(Made, &[u8]) -> ControlFlow<()>,
    ) -> Result<Collected, CliError> {
        let (input, stream, at) = (self.input, self.stream, self.at);
        let config = self.decode.config()?;
        let make = || {
            let changes = Changes {
                mode: self.mode,
                filter: self.filter,
                step: BTreeMap::new(),
                items: Items::default(),
            };
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

/// Runs `cardshark timeline`.
pub fn run(args: &TimelineArgs) -> Result<(), CliError> {
    if args.at.is_some() && args.format == TimelineFormat::Csv {
        return Err(CliError::Usage(
            "--format csv writes the changes; --at draws states (--format table or jsonl)".into(),
        ));
    }
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        display_filter::change_scope(),
    )?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let mut out = BufWriter::new(io::stdout().lock());
    let written = match args.at {
        Some(frame) => states_at(args, &input, frame, &mut out)?,
        None => changes(args, &input, filter.as_ref(), &mut out)?,
    };
    out.flush()?;
    PcapOut::write_if(pcap_out, &input, &written)
}

/// `--at FRAME`: each game's state at that frame, in stream order;
/// returns their streams. The states of streams that ended by then come
/// as they end, kept in a store that spills past a few MB; those still
/// open are added at the end.
fn states_at(
    args: &TimelineArgs,
    input: &InputArgs,
    frame: u64,
    out: &mut impl Write,
) -> Result<StreamSet, CliError> {
    let jsonl = args.format == TimelineFormat::Jsonl;
    let pass = Pass {
        input,
        decode: &args.decode,
        stream: args.stream,
        at: Some(frame),
        mode: Mode::At { frame, jsonl },
        filter: None,
    };
    let mut states = Store::new(TABLE_BYTES_IN_MEMORY);
    let mut failed = None;
    let mut written = StreamSet::default();
    let open = pass
        .collect(|m, bytes| {
            if let Made::Line { stream, start, end } = m {
                written.insert(stream);
                let kept = states.push(KeyedBytes::new([stream], &bytes[start..end]));
                if let Err(e) = kept {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        })?
        .games;
    if let Some(e) = failed {
        return Err(spill_error(e));
    }
    for (&stream, g) in &open {
        written.insert(stream);
        let mut line = Vec::new();
        write_state(&mut line, stream, frame, g, jsonl)?;
        states
            .push(KeyedBytes::new([stream], line))
            .map_err(spill_error)?;
    }
    let sorted = states.finish().map_err(spill_error)?;
    for state in sorted.merge().map_err(spill_error)? {
        out.write_all(&state.map_err(spill_error)?.bytes)?;
    }
    Ok(written)
}

/// Writes the state of `stream` at `frame`: a JSON line, or drawn.
fn write_state(
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

/// The changes (those `filter` matches), in `args.format`; returns their
/// streams.
fn changes(
    args: &TimelineArgs,
    input: &InputArgs,
    filter: Option<&Filter<Vec<String>>>,
    out: &mut impl Write,
) -> Result<StreamSet, CliError> {
    let mode = match args.format {
        TimelineFormat::Jsonl => Mode::Jsonl,
        TimelineFormat::Table | TimelineFormat::Csv => Mode::Table,
    };
    let pass = Pass {
        input,
        decode: &args.decode,
        stream: args.stream,
        at: None,
        mode,
        filter,
    };
    let time = args.time.or(TimeFormat::Relative);
    let mut w = ChangeWriter::new(args.format, time, input.clock.clone());
    let each = input.flush_each();
    let written = pass
        .collect(|m, bytes| {
            let went = w.take(m, bytes, out);
            if each && out.flush().is_err() {
                return ControlFlow::Break(());
            }
            went
        })?
        .written;
    w.finish(out)?;
    Ok(written)
}
