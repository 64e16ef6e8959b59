//! `cardshark follow`'s arguments, and what its parts say alike.

use crate::cli::{display_filter, CliError, DecodeOpts, InputArgs};
use cardshark::reassembly::Direction;
use clap::{Args, ValueEnum, ValueHint};

/// How `follow` writes the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FollowFormat {
    /// The bytes exactly as sent (gaps are left out: pick a direction with --dir).
    Raw,
    /// A hex dump with offsets; server data indented, gaps marked.
    Hex,
    /// Printable text, other bytes as '.'; gaps marked.
    Text,
}

/// Which direction(s) to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DirArg {
    C2s,
    S2c,
}

/// Arguments of `cardshark follow`.
#[derive(Args, Debug, Clone)]
pub struct FollowArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The stream to follow (its index in `inspect`); with -Y, only if
    /// it has a matching record.
    #[arg(
        short = 's',
        long = "stream",
        value_name = "N",
        value_hint = ValueHint::Other,
        required_unless_present = "display_filter"
    )]
    pub stream: Option<u64>,
    /// Follow every stream that has a record EXPR matches, one after the
    /// other in stream order (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::records_help(
              "Every stream with a record that matches is followed, one after the other in \
               stream order, each as -s N would show it. The capture is read once to find \
               them, then once per stream: it must be a file, not standard input."))]
    pub display_filter: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FollowFormat::Hex)]
    pub format: FollowFormat,
    /// Show only one direction (default: both, in capture order).
    #[arg(long, value_enum)]
    pub dir: Option<DirArg>,
    /// Show the messages a WebSocket carried (unmasked, inflated, fragments
    /// joined; control frames marked) instead of the TCP bytes.
    #[arg(long)]
    pub websocket: bool,
    #[command(flatten)]
    pub decode: DecodeOpts,
}

impl FollowArgs {
    /// The one direction `--dir` shows; `None`: both.
    pub(super) fn want_dir(&self) -> Option<Direction> {
        self.dir.map(|d| match d {
            DirArg::C2s => Direction::C2S,
            DirArg::S2c => Direction::S2C,
        })
    }
}

/// `-s N` names a stream `s` the capture does not have (of `streams`).
pub(super) fn no_stream(args: &FollowArgs, s: u64, streams: u64) -> CliError {
    CliError::Usage(format!(
        "-s {s}: {} has no stream {s} ({}: `cardshark inspect` lists them)",
        args.input.name(),
        crate::cli::count_streams(streams),
    ))
}
