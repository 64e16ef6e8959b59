//! `cardshark inspect`'s arguments.

use crate::cli::display_filter::{self, stream_help_names};
use crate::cli::{DecodeOpts, InputArgs, TimeArgs};
use cardshark::output::Format;
use clap::Args;

/// Arguments of `cardshark inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format (the table: on a terminal too narrow for its 15
    /// columns, unless --wide, two lines per stream, client then server).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// How the Start column is written (`-t`; default ud); `d` and `dd`:
    /// since the previous stream's start.
    #[command(flatten)]
    pub time: TimeArgs,
    /// Only the streams EXPR matches (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::items_help(
              "Streams that do not match get no row (the capture summary still counts every frame).",
              &stream_help_names(),
              "protocol == \"pokerth\" && errors > 0",
          ))]
    pub display_filter: Option<String>,
}
