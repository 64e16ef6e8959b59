//! `cardshark replay`: one hand a step at a time, the table drawn after
//! each action (`--hand ID`), or one game stream's timeline, the board or
//! table drawn after each change (`-s N`); on a terminal it waits for Enter
//! between steps (or plays through with `--auto MS`); `--format jsonl`
//! gives the states as data.

use super::hands::collect;
use super::{CliError, DecodeOpts, InputArgs};
use cardshark::analysis::hands::replay::{states, TableState};
use cardshark::analysis::hands::{Hand, HandId};
use cardshark::analysis::timeline::{Change, Game};
use clap::{Args, ValueEnum, ValueHint};
use serde::Serialize;
use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

/// How `replay` writes the states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReplayFormat {
    /// The table drawn for people, a step at a time.
    Text,
    /// One JSON object per state.
    Jsonl,
}

/// Arguments of `cardshark replay`.
#[derive(Args, Debug)]
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
    /// A game stream (GLS, card game, PokerTH 0.7 lobby, PokerTH 1.x lobby
    /// and table): its timeline, as `cardshark timeline -s N` lists it, a
    /// state at a time.
    #[arg(short = 's', long = "stream", value_name = "N", value_hint = ValueHint::Other)]
    pub stream: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
    pub format: ReplayFormat,
    /// Play through without waiting for Enter, this many milliseconds
    /// between steps (on a terminal; without one nothing waits).
    #[arg(long, value_name = "MS", value_hint = ValueHint::Other)]
    pub auto: Option<u64>,
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

/// The table at one step, for people.
pub fn draw(h: &Hand, t: &TableState) -> String {
    let mut o = format!(
        "── step {} · {} · {}{}\n",
        t.step,
        cardshark::analysis::hands::pokerth::street_name(t.street),
        t.event,
        t.frame.map_or(String::new(), |f| format!(" (frame {f})"))
    );
    for s in &t.seats {
        let cards = s
            .cards
            .map_or("     ".into(), |c| format!("{} {}", c[0], c[1]));
        let mut flags = String::new();
        if s.button {
            flags.push_str(" [button]");
        }
        if s.folded {
            flags.push_str(" folded");
        }
        if s.all_in {
            flags.push_str(" all-in");
        }
        if t.to_act == Some(s.player) {
            flags.push_str("  ← to act");
        }
        let stack = s.stack.map_or("?".into(), |x| x.to_string());
        let bet = s.bet.map_or("?".into(), |x| x.to_string());
        o.push_str(&format!(
            "  seat {:>2}  {:<16} {cards}  stack {stack:>7}  bet {bet:>6}{flags}\n",
            s.seat, s.name
        ));
    }
    let board: Vec<String> = t.board.iter().map(|c| c.to_string()).collect();
    o.push_str(&format!(
        "  pot {}  board [{}]{}\n",
        t.pot.map_or("?".into(), |x| x.to_string()),
        board.join(" "),
        if h.complete {
            ""
        } else {
            "  (incomplete hand)"
        }
    ));
    o
}

/// Runs `cardshark replay`.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let (Some(id), None) = (args.hand, args.stream) else {
        let stream = args.stream.unwrap_or_default();
        let all = super::timeline::steps(&args.input, &args.decode, stream)?;
        let n = all.len();
        let steps = all.iter().enumerate().map(|(i, (c, g))| {
            let text = format!(
                "── step {} of {n} · frame {} · {}\n{}",
                i + 1,
                c.frame,
                c.what,
                g.draw()
            );
            let json = serde_json::to_string(&GameStep {
                step: i + 1,
                change: c,
                state: g,
            });
            (text, json)
        });
        return step_through(args, n, steps);
    };
    let hands = collect(&args.input, &args.decode)?;
    let Some(h) = hands.iter().find(|h| id.matches(h)) else {
        return Err(CliError::Usage(format!(
            "{}: no hand {id} (`cardshark hands` lists them)",
            args.input.name()
        )));
    };
    let all = states(h);
    let steps = all.iter().map(|t| (draw(h, t), serde_json::to_string(t)));
    step_through(args, all.len(), steps)
}

/// Writes `n` steps (each as text and as JSON), waiting for Enter between
/// them on a terminal (or `--auto MS`); never waits without a terminal.
fn step_through(
    args: &ReplayArgs,
    n: usize,
    steps: impl Iterator<Item = (String, serde_json::Result<String>)>,
) -> Result<(), CliError> {
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut out = stdout.lock();
    let stdin = io::stdin();
    let mut wait = terminal && args.auto.is_none() && args.format == ReplayFormat::Text;
    for (i, (text, json)) in steps.enumerate() {
        match args.format {
            ReplayFormat::Jsonl => {
                out.write_all(json.map_err(io::Error::other)?.as_bytes())?;
                out.write_all(b"\n")?;
            }
            ReplayFormat::Text => out.write_all(text.as_bytes())?,
        }
        out.flush()?;
        if i + 1 == n {
            break;
        }
        if wait {
            write!(out, "[Enter: next step] ")?;
            out.flush()?;
            let mut line = String::new();
            // End of input: play the rest through.
            if stdin.lock().read_line(&mut line)? == 0 {
                wait = false;
            }
        } else if let (Some(ms), true) = (args.auto, terminal) {
            std::thread::sleep(Duration::from_millis(ms));
        }
    }
    Ok(())
}
