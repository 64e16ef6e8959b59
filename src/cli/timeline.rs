//! `cardshark timeline`: the state of each game stream (GLS board, card
//! game table, PokerTH lobby, PokerTH 1.x lobby and tables) after every
//! message that changed it: a table of changes, the full state at every
//! step as JSON Lines, or the state at one frame.

use super::display_filter::{self, ChangeSubject, CHANGE_NAMES};
use super::strict::Watch;
use super::{warn_all, CliError, DecodeOpts, InputArgs, TimeArgs};
use cardshark::analysis::timeline::{Change, ChangeSink, Game, TimelineCollector};
use cardshark::capture::Timestamp;
use cardshark::decode::DecodeStage;
use cardshark::filter::Filter;
use cardshark::output::spill::{self, KeyedBytes, Store};
use cardshark::output::table::Table;
use cardshark::output::time::{Stamper, TimeFormat};
use cardshark::pipeline::{Items, Work};
use cardshark::reassembly::{Event, Sink};
use clap::{Args, ValueEnum, ValueHint};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

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
              CHANGE_NAMES,
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
const TABLE_BYTES_IN_MEMORY: usize = 4 << 20;

/// What went wrong with the temporary file the table's rows spill to.
fn spill_error(e: io::Error) -> CliError {
    super::spill_error("the timeline's rows", e)
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
enum Made {
    /// A line of `--format jsonl`: `bytes[start..end]` of its batch.
    Line(usize, usize),
    /// A table row: the change's time (the first column counts from the
    /// first change written), then frame, stream, what changed.
    Row(Timestamp, [String; 3]),
    /// The change and the state after it (for `replay`).
    Step(Box<(Change, Game)>),
    /// Nothing to write (`--at`).
    Nothing,
}

/// How a worker renders changes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Jsonl,
    Table,
    Steps,
    Nothing,
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
                Made::Line(start, buf.len())
            }
            Mode::Table => Made::Row(
                c.ts,
                [c.frame.to_string(), c.stream.to_string(), c.what.clone()],
            ),
            Mode::Steps => Made::Step(Box::new((c.clone(), g.clone()))),
            Mode::Nothing => Made::Nothing,
        };
        if !matches!(made, Made::Nothing) {
            self.items.push(key, made);
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
    fn step(&mut self, seq: u64) {
        self.0.step(seq);
    }
    fn warm(&self, stream: u64) {
        self.0.warm(stream);
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
            if let Made::Line(start, end) = m {
                *start += base;
                *end += base;
            }
        }
        into.append(items);
    }
    fn finish(&mut self) {
        self.0.flush();
    }
}

/// Runs the pipeline with a [`TimelineCollector`] per worker, handing
/// what they make of each change to `f`; returns the final states.
#[allow(clippy::too_many_arguments)]
fn collect(
    input: &InputArgs,
    decode: &DecodeOpts,
    stream: Option<u64>,
    at: Option<u64>,
    mode: Mode,
    filter: Option<&Filter<Vec<String>>>,
    mut f: impl FnMut(Made, &[u8]),
) -> Result<BTreeMap<u64, Game>, CliError> {
    let config = decode.config()?;
    let make = || {
        let changes = Changes {
            mode,
            filter,
            step: BTreeMap::new(),
            items: Items::default(),
        };
        let mut sink = TimelineCollector::new(stream, changes);
        match at {
            Some(f) => sink = sink.until(f),
            // Only the changes are wanted: states go once their stream ends.
            None => sink = sink.forgetting_ended(),
        }
        Timelines(DecodeStage::new(config.clone(), Watch::new(sink, stream)))
    };
    let done = input.run(make, &mut |m, bytes| {
        f(m, bytes);
        ControlFlow::Continue(())
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
    decode.check_streams(input.name(), streams)?;
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
                super::count_streams(streams)
            )));
        }
        if !saw && !games.contains_key(&s) {
            return Err(CliError::Usage(format!(
                "-s {s}: {}: stream {s} is not a game stream (gls, cardgame or pokerth){}",
                input.name(),
                at.map_or(String::new(), |f| format!(" by frame {f}"))
            )));
        }
    }
    Ok(games)
}

/// Every change of stream `stream` and the state after it, for `replay`.
pub fn steps(
    input: &InputArgs,
    decode: &DecodeOpts,
    stream: u64,
) -> Result<Vec<(Change, Game)>, CliError> {
    let mut all = Vec::new();
    collect(
        input,
        decode,
        Some(stream),
        None,
        Mode::Steps,
        None,
        |m, _| {
            if let Made::Step(s) = m {
                all.push(*s);
            }
        },
    )?;
    Ok(all)
}

/// Runs `cardshark timeline`.
pub fn run(args: &TimelineArgs) -> Result<(), CliError> {
    if args.at.is_some() && args.format == TimelineFormat::Csv {
        return Err(CliError::Usage(
            "--format csv writes the changes; --at draws states (--format table or jsonl)".into(),
        ));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if let Some(frame) = args.at {
        let games = collect(
            &args.input,
            &args.decode,
            args.stream,
            Some(frame),
            Mode::Nothing,
            None,
            |_, _| {},
        )?;
        for (&stream, g) in &games {
            match args.format {
                TimelineFormat::Jsonl => {
                    let line = AtLine {
                        stream,
                        frame,
                        state: g,
                    };
                    serde_json::to_writer(&mut out, &line).map_err(io::Error::other)?;
                    out.write_all(b"\n")?;
                }
                TimelineFormat::Table | TimelineFormat::Csv => {
                    writeln!(out, "── stream {stream} at frame {frame}")?;
                    out.write_all(g.draw().as_bytes())?;
                }
            }
        }
        out.flush()?;
        return Ok(());
    }
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        display_filter::change_scope(),
    )?;
    let filter = filter.as_ref();
    match args.format {
        TimelineFormat::Csv => {
            let mut failed: Option<io::Error> = None;
            let mut buf = Vec::new();
            cardshark::output::csv::row(&mut buf, ["ts", "frame", "stream", "what"]);
            let (input, decode) = (&args.input, &args.decode);
            collect(
                input,
                decode,
                args.stream,
                None,
                Mode::Table,
                filter,
                |m, _| {
                    let (Made::Row(ts, [frame, stream, what]), None) = (m, &failed) else {
                        return;
                    };
                    let ts = ts.to_string();
                    cardshark::output::csv::row(&mut buf, [&ts, &frame, &stream, &what]);
                    failed = out.write_all(&buf).err();
                    buf.clear();
                },
            )?;
            out.write_all(&buf)?;
            if let Some(e) = failed {
                return Err(e.into());
            }
        }
        TimelineFormat::Jsonl => {
            let mut failed: Option<io::Error> = None;
            let (input, decode) = (&args.input, &args.decode);
            collect(
                input,
                decode,
                args.stream,
                None,
                Mode::Jsonl,
                filter,
                |m, bytes| {
                    if let (Made::Line(start, end), None) = (m, &failed) {
                        failed = out.write_all(&bytes[start..end]).err();
                    }
                },
            )?;
            if let Some(e) = failed {
                return Err(e.into());
            }
        }
        TimelineFormat::Table => {
            // Rows go to a store that spills to a temporary file past a few
            // MB, their column widths gathered as they come: memory stays
            // flat however many changes the capture holds.
            let mut rows: Store<KeyedBytes<1>> = Store::new(TABLE_BYTES_IN_MEMORY);
            let mut table = Table::boxed(&["Time", "Frame", "Stream", "What changed"]);
            let mut times = Stamper::new(args.time.or(TimeFormat::Relative), None);
            let mut failed: Option<io::Error> = None;
            let (input, decode) = (&args.input, &args.decode);
            let clock = input.clock.clone();
            collect(
                input,
                decode,
                args.stream,
                None,
                Mode::Table,
                filter,
                |m, _| {
                    let Made::Row(ts, [frame, stream, what]) = m else {
                        return;
                    };
                    times.first_frame(clock.first());
                    let cells = vec![times.stamp(ts), frame, stream, what];
                    table.measure(&cells);
                    let seq = table.rows() as u64;
                    let pushed = spill::cells_to_bytes(&cells)
                        .and_then(|b| rows.push(KeyedBytes::new([seq], b)));
                    if let Err(e) = pushed {
                        failed.get_or_insert(e);
                    }
                },
            )?;
            if let Some(e) = failed {
                return Err(spill_error(e));
            }
            let rows = rows.finish().map_err(spill_error)?;
            let merge = rows.merge().map_err(spill_error)?;
            let cells = merge.map(|r| {
                r.and_then(|r| spill::cells_from_bytes(&r.bytes))
                    .map_err(spill_error)
            });
            table.write(&mut out, cells)?;
        }
    }
    out.flush()?;
    Ok(())
}
