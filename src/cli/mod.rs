//! The command line: argument parsing, the subcommands, exit statuses.
//!
//! Exit status: 0 on success (also when part of a capture could not be read:
//! its results are printed with a warning), 1 when the input could not be
//! read at all, 2 on bad usage.

mod completions;
mod decode;
mod diag;
mod display_filter;
mod fields;
mod follow;
mod follow_filter;
mod follow_websocket;
mod hands;
mod input;
mod inspect;
mod live;
#[cfg(test)]
mod man_page;
mod progress;
mod replay;
mod timeline;

pub use input::InputArgs;

use cardshark::capture::CaptureError;
use cardshark::output::color::ColorChoice;
use clap::{Args, Parser, Subcommand};
use std::fmt;

/// Dissect old online game protocols in packet captures.
#[derive(Parser, Debug)]
#[command(name = "cardshark", version, about, long_about = None, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// List the interfaces live capture (`-i`) can use, like `tshark -D`.
    #[arg(short = 'D', long)]
    pub list_interfaces: bool,
    /// Color in tables: on a terminal (`auto`, unless NO_COLOR is set),
    /// `always` or `never`.
    #[arg(long, value_enum, global = true, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// One row per TCP stream, and a summary of the capture.
    Inspect(inspect::InspectArgs),
    /// Every message of every stream, as a table or as JSON records.
    Decode(decode::DecodeArgs),
    /// The reassembled bytes of one TCP stream, like `tshark -z follow,tcp`.
    Follow(follow::FollowArgs),
    /// The poker hands of a capture: a table, PokerStars text or Open Hand History.
    #[command(after_long_help = hands::AFTER_HELP)]
    Hands(hands::HandsArgs),
    /// One poker hand or one game stream a step at a time.
    Replay(replay::ReplayArgs),
    /// The state of each game stream after every message that changed it.
    Timeline(timeline::TimelineArgs),
    /// A shell completion script (bash, zsh, fish, ...) on standard output.
    Completions(completions::CompletionsArgs),
}

/// Options of the commands that decode (`decode`, `inspect`, `hands`, `replay`).
#[derive(Args, Debug, Clone, Default)]
pub struct DecodeOpts {
    /// Decode a port or a stream as this protocol, whatever detection says:
    /// `PORT=PROTOCOL` or `stream:N=PROTOCOL` (repeatable).
    #[arg(long = "decode-as", value_name = "PORT=PROTOCOL")]
    pub decode_as: Vec<String>,
}

impl DecodeOpts {
    /// The decode stage's configuration from these options.
    pub fn config(&self) -> Result<cardshark::decode::DecodeConfig, CliError> {
        let mut config = cardshark::decode::DecodeConfig::default();
        for spec in &self.decode_as {
            config.overrides.add(spec).map_err(CliError::Usage)?;
        }
        Ok(config)
    }
}

/// Why a command failed, and with which exit status.
#[derive(Debug)]
pub enum CliError {
    /// The input could not be read at all (exit 1).
    Input(CaptureError),
    /// Anything else that stopped the command (exit 1).
    Other(String),
    /// Bad usage found after parsing (exit 2).
    Usage(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(e) => write!(f, "{e}{}", diag::advice(e)),
            CliError::Other(s) | CliError::Usage(s) => f.write_str(s),
        }
    }
}

impl From<CaptureError> for CliError {
    fn from(e: CaptureError) -> Self {
        CliError::Input(e)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Other(format!("writing output: {e}"))
    }
}

/// The spill bound a test hook sets in environment variable `var` (a
/// whole number of at least 1), or `default`.
fn bound_from_env(var: &str, default: usize) -> Result<usize, CliError> {
    match std::env::var(var) {
        Err(_) => Ok(default),
        Ok(v) => match v.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(CliError::Usage(format!(
                "{var}={v}: not a whole number of at least 1"
            ))),
        },
    }
}

/// What went wrong with the temporary file that `what` spill to.
fn spill_error(what: &str, e: std::io::Error) -> CliError {
    CliError::Other(format!(
        "temporary file for {what} (in {}; TMPDIR chooses another directory): {e}",
        std::env::temp_dir().display()
    ))
}

/// Prints the pass's warnings on standard error.
fn warn_all(warnings: &[String]) {
    for w in warnings {
        eprintln!("cardshark: warning: {w}");
    }
}

/// Runs the command line; returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    cardshark::output::color::init(cli.color);
    let command = match &cli.command {
        _ if cli.list_interfaces => return finish(live::list_interfaces()),
        Some(c) => c,
        None => {
            return finish(Err(CliError::Usage(
                "no command given: try `cardshark --help`".into(),
            )))
        }
    };
    let result = match command {
        Command::Inspect(a) => inspect::run(a),
        Command::Decode(a) => decode::run(a),
        Command::Follow(a) => follow::run(a),
        Command::Hands(a) => hands::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Timeline(a) => timeline::run(a),
        Command::Completions(a) => completions::run(a),
    };
    finish(result)
}

/// Reports how a command ended; returns the exit status.
fn finish(result: Result<(), CliError>) -> i32 {
    match result {
        Ok(()) => 0,
        // A closed pipe (`cardshark ... | head`) is not an error.
        Err(CliError::Other(m)) if m.contains("Broken pipe") => 0,
        Err(CliError::Usage(m)) => {
            eprintln!("cardshark: error: {m}");
            2
        }
        Err(e) => {
            eprintln!("cardshark: error: {e}");
            1
        }
    }
}
