//! `cardshark replay`: one hand a step at a time, the table drawn after
//! each action; on a terminal it waits for Enter between steps (or plays
//! through with `--auto MS`); `--format jsonl` gives the states as data.

use super::hands::collect;
use super::{CliError, DecodeOpts, InputArgs};
use crate::analysis::hands::replay::{states, TableState};
use crate::analysis::hands::{Hand, HandId};
use clap::{Args, ValueEnum};
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
    #[arg(long, value_name = "ID")]
    pub hand: HandId,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
    pub format: ReplayFormat,
    /// Play through without waiting for Enter, this many milliseconds
    /// between steps (on a terminal; without one nothing waits).
    #[arg(long, value_name = "MS")]
    pub auto: Option<u64>,
}

/// The table at one step, for people.
pub fn draw(h: &Hand, t: &TableState) -> String {
    let mut o = format!(
        "── step {} · {} · {}{}\n",
        t.step,
        crate::analysis::hands::pokerth::street_name(t.street),
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
        o.push_str(&format!(
            "  seat {:>2}  {:<16} {cards}  stack {stack:>7}  bet {:>6}{flags}\n",
            s.seat, s.name, s.bet
        ));
    }
    let board: Vec<String> = t.board.iter().map(|c| c.to_string()).collect();
    o.push_str(&format!(
        "  pot {}  board [{}]{}\n",
        t.pot,
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
    let hands = collect(&args.input, &args.decode)?;
    let Some(h) = hands.iter().find(|h| args.hand.matches(h)) else {
        return Err(CliError::Usage(format!(
            "{}: no hand {} (`cardshark hands` lists them)",
            args.input.name(),
            args.hand
        )));
    };
    let all = states(h);
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut out = stdout.lock();
    let stdin = io::stdin();
    let mut wait = terminal && args.auto.is_none() && args.format == ReplayFormat::Text;
    for (i, t) in all.iter().enumerate() {
        match args.format {
            ReplayFormat::Jsonl => {
                serde_json::to_writer(&mut out, t).map_err(io::Error::other)?;
                out.write_all(b"\n")?;
            }
            ReplayFormat::Text => out.write_all(draw(h, t).as_bytes())?,
        }
        out.flush()?;
        if i + 1 == all.len() {
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
