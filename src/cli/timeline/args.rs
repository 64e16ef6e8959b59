//! `cardshark timeline`'s arguments and formats.

use crate::cli::{display_filter, DecodeOpts, InputArgs, TimeArgs};
use clap::{Args, ValueEnum, ValueHint};

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
