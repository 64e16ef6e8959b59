//! `cardshark timeline`: the state of each game stream (GLS board, card
//! game table, PokerTH lobby, PokerTH 1.x lobby and tables) after every
//! message that changed it: a table of changes, the full state at every
//! step as JSON Lines, or the state at one frame.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::timeline::{Change, Game, TimelineCollector};
use cardshark::decode::DecodeStage;
use cardshark::output::spill::{self, KeyedBytes, Store};
use cardshark::output::{seconds, write_table_sized, ColumnWidths};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};

/// How `timeline` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TimelineFormat {
    /// A row per change (with `--at`: the board or table drawn).
    Table,
    /// One JSON object per change, with the full state after it (with
    /// `--at`: one object per stream).
    Jsonl,
}

/// Arguments of `cardshark timeline`.
#[derive(Args, Debug)]
pub struct TimelineArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Only this stream (its index in `inspect`).
    #[arg(short = 's', long = "stream", value_name = "N")]
    pub stream: Option<u64>,
    /// The state of each game at this frame (after every message that
    /// frame completed) instead of the changes.
    #[arg(long, value_name = "FRAME")]
    pub at: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TimelineFormat::Table)]
    pub format: TimelineFormat,
}

/// One line of `--format jsonl`: a change and the state after it.
/// Bytes of table rows kept in memory before they spill to a temporary
/// file.
const TABLE_BYTES_IN_MEMORY: usize = 4 << 20;

/// What went wrong with the temporary file the table's rows spill to.
fn spill_error(e: io::Error) -> CliError {
    super::spill_error("the timeline's rows", e)
}

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

/// Runs the pipeline with a [`TimelineCollector`]; returns the final states.
fn collect(
    input: &InputArgs,
    decode: &DecodeOpts,
    stream: Option<u64>,
    at: Option<u64>,
    on_change: impl FnMut(&Change, &Game),
) -> Result<BTreeMap<u64, Game>, CliError> {
    let stop = Cell::new(false);
    let mut sink = TimelineCollector::new(stream, on_change);
    match at {
        Some(f) => sink = sink.until(f),
        // Only the changes are wanted: states go once their stream ends.
        None => sink = sink.forgetting_ended(),
    }
    let mut stage = DecodeStage::new(decode.config()?, sink);
    let summary = input.run_until(&mut stage, &stop)?;
    warn_all(&summary.warnings());
    let sink = stage.into_sink();
    let saw = sink.saw_stream();
    let games = sink.finish();
    if let Some(s) = stream {
        if !saw && !games.contains_key(&s) {
            return Err(CliError::Usage(format!(
                "{}: stream {s} is not a game stream (gls, cardgame or pokerth){}",
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
    collect(input, decode, Some(stream), None, |c, g| {
        all.push((c.clone(), g.clone()))
    })?;
    Ok(all)
}

/// Runs `cardshark timeline`.
pub fn run(args: &TimelineArgs) -> Result<(), CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    if let Some(frame) = args.at {
        let games = collect(
            &args.input,
            &args.decode,
            args.stream,
            Some(frame),
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
                TimelineFormat::Table => {
                    writeln!(out, "── stream {stream} at frame {frame}")?;
                    out.write_all(g.draw().as_bytes())?;
                }
            }
        }
        out.flush()?;
        return Ok(());
    }
    match args.format {
        TimelineFormat::Jsonl => {
            let mut failed: Option<io::Error> = None;
            let mut step: BTreeMap<u64, u64> = BTreeMap::new();
            collect(&args.input, &args.decode, args.stream, None, |c, g| {
                let n = step.entry(c.stream).or_default();
                *n += 1;
                if failed.is_some() {
                    return;
                }
                let line = StepLine {
                    step: *n,
                    change: c,
                    state: g,
                };
                let r = serde_json::to_writer(&mut out, &line)
                    .map_err(io::Error::other)
                    .and_then(|_| out.write_all(b"\n"));
                failed = r.err();
            })?;
            if let Some(e) = failed {
                return Err(e.into());
            }
        }
        TimelineFormat::Table => {
            // Rows go to a store that spills to a temporary file past a few
            // MB, their column widths gathered as they come: memory stays
            // flat however many changes the capture holds.
            let mut rows: Store<KeyedBytes<1>> = Store::new(TABLE_BYTES_IN_MEMORY);
            let mut widths = ColumnWidths::default();
            let mut t0 = None;
            let mut failed: Option<io::Error> = None;
            collect(&args.input, &args.decode, args.stream, None, |c, _| {
                let t0 = *t0.get_or_insert(c.ts);
                let cells = vec![
                    seconds(c.ts.seconds_since(t0)),
                    c.frame.to_string(),
                    c.stream.to_string(),
                    c.what.clone(),
                ];
                widths.add(&cells);
                let seq = widths.rows() as u64;
                let pushed = spill::cells_to_bytes(&cells)
                    .and_then(|b| rows.push(KeyedBytes::new([seq], b)));
                if let Err(e) = pushed {
                    failed.get_or_insert(e);
                }
            })?;
            if let Some(e) = failed {
                return Err(spill_error(e));
            }
            let rows = rows.finish().map_err(spill_error)?;
            let merge = rows.merge().map_err(spill_error)?;
            let cells = merge.map(|r| {
                r.and_then(|r| spill::cells_from_bytes(&r.bytes))
                    .map_err(spill_error)
            });
            write_table_sized(
                &mut out,
                &["Time", "Frame", "Stream", "What changed"],
                &widths,
                cells,
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
