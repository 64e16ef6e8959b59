//! `cardshark replay`: one hand a step at a time, the table drawn after
//! each action (`--hand ID`), or one game stream's timeline, the board or
//! table drawn after each change (`-s N`). On a terminal it waits for keys
//! ([`keys`]: next, back, a street, a hand, a frame, a search, quit; the
//! stepping itself is the state machine of [`nav`]), or plays through with
//! `--auto MS`; `--keys FILE` reads the keys from a file; without a
//! terminal it writes every step. `--format jsonl` gives the states as data.

mod keys;
mod nav;

use super::{CliError, DecodeOpts, InputArgs};
use cardshark::analysis::hands::table::{self, TableState};
use cardshark::analysis::hands::HandId;
use cardshark::analysis::timeline::{Change, Game};
use clap::{Args, ValueEnum, ValueHint};
use keys::{Keys, Script, Terminal};
use nav::{Nav, Outcome, Step};
use serde::Serialize;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

/// How `replay` writes the states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReplayFormat {
    /// The table drawn for people, a step at a time.
    Text,
    /// One JSON object per state.
    Jsonl,
}

/// The keys, at the end of `cardshark replay --help` and the man page.
const KEYS_HELP: &str = "\
Keys (on a terminal, read from /dev/tty even when the capture comes on standard input):
  n, space, Enter    the next step; past the last one the replay ends
  p                  the step before
  f, t, r, s NAME    the first step of the flop, turn, river (or street NAME) of the hand in play
  h N, h STREAM:N    the first step of hand N of this stream, or of hand STREAM:N
  g N                the state at frame N (the last step at or before it)
  /TEXT, /           the next step whose event holds TEXT; / alone searches again
  ?                  the keys
  q, Esc, Ctrl-C     the end
Without a terminal (and without --keys) every step is written.

Steps are numbered from 1 (`step 1 of N`) in both modes. --hand steps
through the hand's table one event at a time (a blind, the server's prompt,
an action, a deal, cards shown, the result): the same table `timeline` shows
for the stream after each message, and the same hand `hands` writes (its pot
holds the bets in front of the players; the result gives back uncalled chips
and pays the winnings).";

/// Arguments of `cardshark replay`.
#[derive(Args, Debug)]
#[command(after_long_help = KEYS_HELP)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// The hand: STREAM:HAND, as `cardshark hands` lists them (e.g. 0:3).
    #[arg(
        long,
        value_name = "ID",
        value_hint = ValueHint::Other,
        required_unless_present = "stream",
        conflicts_with = "stream"
    )]
    pub hand: Option<HandId>,
    /// A game stream (GLS, card game, PokerTH 0.7 or 1.x lobby and table,
    /// poker-network table): its timeline, as `cardshark timeline -s N` lists it, a
    /// state at a time.
    #[arg(short = 's', long = "stream", value_name = "N", value_hint = ValueHint::Other)]
    pub stream: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
    pub format: ReplayFormat,
    /// Play through without waiting for keys, this many milliseconds
    /// between steps (on a terminal; without one nothing waits).
    #[arg(long, value_name = "MS", conflicts_with = "keys", value_hint = ValueHint::Other)]
    pub auto: Option<u64>,
    /// Read the keys from this file instead of the terminal (for scripts
    /// and tests): each character is a key, a newline is Enter, and the
    /// argument of h, g, s and / runs to the end of its line; the replay
    /// ends where the keys do.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub keys: Option<PathBuf>,
}

/// A step of a game stream's timeline, as `--format jsonl` writes it.
#[derive(Serialize)]
struct GameStep<'a> {
    /// From 1.
    step: usize,
    /// What changed, where and when.
    change: &'a Change,
    /// The state after it.
    state: &'a Game,
}

/// A hand's table at one step of `n`, for people: the same drawing as
/// the table of a poker stream's timeline (`-s`).
pub fn draw(t: &TableState, n: usize) -> String {
    format!(
        "── step {} of {n} · hand {} · {} · {}{}\n{}",
        t.step,
        t.hand,
        t.street.name(),
        t.event,
        t.frame.map_or(String::new(), |f| format!(" (frame {f})")),
        table::draw(t)
    )
}

/// Runs `cardshark replay`.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let text = args.format == ReplayFormat::Text;
    let (steps, start) = match (args.hand, args.stream) {
        (Some(id), None) => hand_steps(args, id, text)?,
        _ => (
            stream_steps(args, args.stream.unwrap_or_default(), text)?,
            0,
        ),
    };
    step_through(args, Nav::new(steps, start))
}

/// The steps of every hand of the capture, a unit each, and where hand
/// `id` starts: each hand's table after every event, as the timeline of
/// its stream follows it (the same states, step for step).
fn hand_steps(args: &ReplayArgs, id: HandId, text: bool) -> Result<(Vec<Step>, usize), CliError> {
    let tables = super::passes::timelines::hand_tables(&args.input, &args.decode)?;
    // Each hand's steps together, hands in the order they started.
    let mut hands: Vec<(String, u64, Vec<TableState>)> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (stream, t) in tables {
        let i = *at.entry(t.hand.clone()).or_insert_with(|| {
            hands.push((t.hand.clone(), stream, Vec::new()));
            hands.len() - 1
        });
        hands[i].2.push(t);
    }
    let Some(unit) = hands.iter().position(|h| h.0 == id.to_string()) else {
        return Err(CliError::Usage(format!(
            "--hand {id}: {} has no hand {id} (`cardshark hands` lists them)",
            args.input.name()
        )));
    };
    let mut steps = Vec::new();
    let mut start = 0;
    for (u, (hand, stream, all)) in hands.iter().enumerate() {
        if u == unit {
            start = steps.len();
        }
        let n = all.len();
        let number = hand.rsplit(':').next().and_then(|n| n.parse().ok());
        for t in all {
            steps.push(Step {
                shown: shown(text, || draw(t, n), || serde_json::to_string(&t))?,
                what: t.event.clone(),
                frame: t.frame,
                stream: *stream,
                hand: number,
                street: Some(t.street.name()),
                unit: u,
            });
        }
    }
    Ok((steps, start))
}

/// The steps of stream `stream`'s timeline (one unit).
fn stream_steps(args: &ReplayArgs, stream: u64, text: bool) -> Result<Vec<Step>, CliError> {
    let all = super::passes::timelines::steps(&args.input, &args.decode, stream)?;
    if all.is_empty() {
        return Err(CliError::Usage(format!(
            "-s {stream}: {} shows no change of stream {stream}'s game to replay",
            args.input.name()
        )));
    }
    let n = all.len();
    let mut steps = Vec::with_capacity(n);
    for (i, (c, g)) in all.iter().enumerate() {
        let draw = || {
            let what = &c.what;
            format!(
                "── step {} of {n} · frame {} · {what}\n{}",
                i + 1,
                c.frame,
                g.as_state().draw()
            )
        };
        let json = || {
            serde_json::to_string(&GameStep {
                step: i + 1,
                change: c,
                state: g,
            })
        };
        let (hand, street) = table_position(g);
        steps.push(Step {
            shown: shown(text, draw, json)?,
            what: c.what.clone(),
            frame: Some(c.frame),
            stream,
            hand,
            street,
            unit: 0,
        });
    }
    Ok(steps)
}

/// What a step shows: its drawing, or its JSON line.
fn shown(
    text: bool,
    draw: impl FnOnce() -> String,
    json: impl FnOnce() -> serde_json::Result<String>,
) -> Result<String, CliError> {
    if text {
        return Ok(draw());
    }
    let mut line = json().map_err(|e| CliError::Other(format!("writing a step: {e}")))?;
    line.push('\n');
    Ok(line)
}

/// The hand and street of a poker stream's table, for `h` and
/// `f`/`t`/`r`; other games have none.
fn table_position(g: &Game) -> (Option<u64>, Option<&'static str>) {
    g.as_state().table().map_or((None, None), |t| {
        let hand = t.hand.rsplit(':').next().and_then(|n| n.parse().ok());
        (hand, Some(t.street.name()))
    })
}

/// Writes the steps: on a terminal (or with `--keys`) as the keys say,
/// else the unit's steps one after the other (`--auto MS` apart on a
/// terminal).
fn step_through(args: &ReplayArgs, mut nav: Nav) -> Result<(), CliError> {
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut out = stdout.lock();
    let mut keys: Box<dyn Keys> = match &args.keys {
        Some(path) => {
            let bad = |e: &dyn std::fmt::Display| {
                CliError::Usage(format!("--keys {}: cannot read it: {e}", path.display()))
            };
            if path.is_dir() {
                return Err(bad(&"it is a directory"));
            }
            let file = std::fs::File::open(path).map_err(|e| bad(&e))?;
            Box::new(Script::new(io::BufReader::new(file)))
        }
        None if terminal
            && args.auto.is_none()
            && args.format == ReplayFormat::Text
            && has_tty() =>
        {
            Box::new(Terminal::default())
        }
        None => return play_through(args, &nav, terminal, &mut out),
    };
    let mut at = nav.cursor();
    out.write_all(nav.step(at).shown.as_bytes())?;
    out.flush()?;
    loop {
        let (first, end) = nav.unit_range();
        let last = if at + 1 == end { " (the last)" } else { "" };
        let prompt = format!(
            "[step {} of {}{last}: n next, p back, ? keys, q quit] ",
            at - first + 1,
            end - first
        );
        keys.prompt(prompt);
        let c = keys::command(keys.as_mut())
            .map_err(|e| CliError::Other(format!("reading the keys: {e}")))?;
        let Some(c) = c else {
            break;
        };
        match nav.apply(&c) {
            Outcome::Show(i) => {
                at = i;
                out.write_all(nav.step(i).shown.as_bytes())?;
                out.flush()?;
            }
            Outcome::Stay(m) => eprintln!("── {m}"),
            Outcome::Quit => break,
        }
    }
    Ok(())
}

/// Whether the terminal can be read for keys (standard input, or /dev/tty
/// when standard input carries the capture).
fn has_tty() -> bool {
    io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok()
}

/// Writes the steps of the cursor's unit one after the other, `--auto MS`
/// apart on a terminal.
fn play_through(
    args: &ReplayArgs,
    nav: &Nav,
    terminal: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (first, end) = nav.unit_range();
    for i in first..end {
        if i > first {
            if let (Some(ms), true) = (args.auto, terminal) {
                std::thread::sleep(Duration::from_millis(ms));
            }
        }
        out.write_all(nav.step(i).shown.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}
