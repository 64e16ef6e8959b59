//! `cardshark hands`' arguments, its formats and what its help says
//! after the options.

use crate::cli::tables::TableArgs;
use crate::cli::{display_filter, hand_keys, DecodeOpts, InputArgs};
use cardshark::analysis::hands::HandId;
use clap::{Args, ValueEnum, ValueHint};

/// How `hands` writes hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HandsFormat {
    /// A row per hand: id, stream, hand, views, table, players, pot,
    /// winners, complete, notes.
    Table,
    /// Hand histories in the PokerStars text layout.
    Text,
    /// Open Hand History 1.4.6 in its storage format (an `.ohh` file):
    /// `{"ohh": {...}}` objects separated by one blank line.
    Ohh,
    /// Open Hand History objects, `{"ohh": {...}}`, one per line.
    #[value(alias = "json")]
    Jsonl,
    /// CSV (RFC 4180): a header row, then the table's columns, a row per
    /// hand (pot empty when not known, complete true or false). With -o
    /// DIR: the hands, actions, players and views tables as CSV files.
    Csv,
    /// Apache Parquet: the hands, actions, players and views tables as
    /// DIR/hands.parquet, actions.parquet, players.parquet and
    /// views.parquet (needs -o DIR).
    Parquet,
}

/// What `cardshark hands --help` (and its man page) says after the options.
pub const AFTER_HELP: &str = "\
One hand, one number: a hand several captured clients saw (the same server, game and hand, in \
play at the same time on their connections) is one hand, its views joined: written once, with \
every card a view saw, the table's Views column and OHH's `cardshark.views` saying which \
connections saw it. Hand ids: STREAM:HAND, the TCP stream (as `decode` numbers it) and the \
hand's number on it (poker-network's hand serial; for PokerTH its position on the stream), the \
first view's; --hand takes any view's. Other tools get a number as PokerStars' `Hand #` and \
OHH's `game_number`: XXH3-64 of the protocol, the server's address, the game and the time the \
hand started, the same for every view, in every run, from this capture, from one that has grown \
since or from another of the same traffic (streams are numbered anew in each). The server's own \
hand number stays beside it: the text's `cardshark id ..., server hand number N` line, OHH's \
`cardshark.server_number`.

A tracker's import folder: --format text (or ohh) -o DIR writes a file per table session (a \
table, a hero, a day in UTC) as PokerStars names them, DIR/HERO/HH20261128 TABLE - 10-20 - Play \
Money No Limit Hold'em.txt (.ohh), HERO `Observer` for hands the capture's client is not dealt \
in; each client's view of a hand goes to its hero's file, its own cards under the hand's one \
number. Each hand is added to its file when it ends, whole (one write; a write that fails is cut \
off again), and never twice: a hand whose number the file holds is left out, so running again \
over the same capture, or over one that continues it, adds only new hands. DIR is made if \
missing and may hold files (they are added to; other files are left alone). Files reach the \
disk after each hand when the input is live or a pipe (or -l), otherwise at the end.

Incomplete hands (cut by the capture's start or end, a gap, undecodable bytes, a connection \
closing, or a dialect that tells only part, PokerTH 2007) are marked in every format: `no` in \
the Complete column with the reasons in Notes; a `cardshark INCOMPLETE hand:` line after the \
text header; `complete: false` and `incomplete_reasons` in OHH's `cardshark` extension. An \
amount the capture does not tell is written as not known (text) or as 0 with its path under \
`cardshark.unknown` (OHH). Text, OHH and JSON Lines leave them out unless --incomplete.

poker-network: PacketPokerRaise's amount is read as chips moved or as the raise-to total, as \
the server's chip reports after a raise decide for the stream (chips moved until one does); \
OHH's `cardshark.bet_reading` says which and why. The server's chip reports are the \
authority; reports that contradict each other are notes naming their frames.

No hand is not an error: standard error says why, and the exit status is 0 (3 with --strict \
when a hand contradicts the server or the rules).";

/// Arguments of `cardshark hands`.
#[derive(Args, Debug)]
pub struct HandsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format.
    #[arg(long, value_enum, default_value_t = HandsFormat::Table)]
    pub format: HandsFormat,
    /// Only this hand: STREAM:HAND (the stream as `decode` numbers it, the
    /// hand number of the table's Hand column), e.g. 0:3; any view's id
    /// of a hand several clients saw.
    #[arg(long, value_name = "ID", value_hint = ValueHint::Other)]
    pub hand: Option<HandId>,
    /// With `--format text|ohh|jsonl`, also write incomplete hands (they
    /// are left out by default: other tools would read them as whole
    /// hands). The table always shows them, `no` in its Complete column.
    #[arg(long)]
    pub incomplete: bool,
    /// Only the hands EXPR matches (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::items_help(
              "Hands that do not match are not written.",
              hand_keys::hand_names(),
              "player == \"Alice\" && pot > 1000 && complete",
          ))]
    pub display_filter: Option<String>,
    /// The site the headers name: the text's `SITE Hand #N:` (default
    /// `PokerStars`, the name trackers and pokerkit look for) and OHH's
    /// `site_name` and `network_name` (default the protocol's: `PokerTH`,
    /// `poker-network`).
    #[arg(long, value_name = "NAME", value_hint = ValueHint::Other)]
    pub site: Option<String>,
    #[command(flatten)]
    pub tables: TableArgs,
}
