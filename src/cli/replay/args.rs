//! `cardshark replay`'s arguments: the hand or the stream, the format,
//! and where the keys come from (`--auto`, `--keys`); the keys themselves
//! at the end of its help.

use crate::cli::{DecodeOpts, InputArgs};
use cardshark::analysis::hands::HandId;
use clap::{Args, ValueEnum, ValueHint};
use std::path::PathBuf;

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
  n, space, Enter    the next step (the last one stays until q)
  p                  the step before
  f, t, r, s NAME    the first step of the flop, turn, river (or street NAME) of the hand in play
  h N, h STREAM:N    the first step of hand N of this stream, or of hand STREAM:N
  g N                the state at frame N (the last step at or before it)
  /TEXT, /           the next step whose event holds TEXT; / alone searches again
  ?                  the keys
  q, Esc, Ctrl-C     the end
Without a terminal (and without --keys) every step is written, and the
replay ends; with --auto MS on a terminal the keys take over at the last
step.

Steps are numbered from 1 (`step 1 of N`) in both modes. --hand steps
through the hand's table one event at a time (a blind, the server's prompt,
an action, a deal, cards shown, the result): the same table `timeline` shows
for the stream after each message, and the same hand `hands` writes (its pots
hold the bets in front of the players, a side pot above each player all in;
a bet nobody can call is apart; the result gives it back and pays the
winnings, its pots the hand's).";

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
    /// between steps, then wait for keys at the last (on a terminal;
    /// without one nothing waits).
    #[arg(long, value_name = "MS", conflicts_with = "keys", value_hint = ValueHint::Other)]
    pub auto: Option<u64>,
    /// Read the keys from this file instead of the terminal (for scripts
    /// and tests): each character is a key, a newline is Enter, and the
    /// argument of h, g, s and / runs to the end of its line; the replay
    /// ends where the keys do.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub keys: Option<PathBuf>,
}
