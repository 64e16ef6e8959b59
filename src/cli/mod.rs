//! The command line: argument parsing, the subcommands, exit statuses.
//!
//! Exit status: 0 on success (also when part of a capture could not be read:
//! its results are printed with a warning), 1 when the input could not be
//! read at all, 2 on bad usage.

mod decode;
mod follow;
mod hands;
mod inspect;
mod replay;
mod timeline;

use crate::capture::CaptureError;
use crate::reassembly::Config;
use clap::{Args, Parser, Subcommand};
use std::fmt;

/// Dissect old online game protocols in packet captures.
#[derive(Parser, Debug)]
#[command(name = "cardshark", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
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
    Hands(hands::HandsArgs),
    /// One poker hand or one game stream a step at a time.
    Replay(replay::ReplayArgs),
    /// The state of each game stream after every message that changed it.
    Timeline(timeline::TimelineArgs),
}

/// Options every command that reads a capture takes.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// The capture: a pcap or pcapng file, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Out-of-order bytes buffered per stream direction before a hole is
    /// given up as a gap.
    #[arg(long, value_name = "BYTES", default_value_t = Config::default().max_buffered_per_dir)]
    pub max_buffer: usize,
    /// TCP connections tracked at once; past it the longest idle is flushed.
    #[arg(long, value_name = "N", default_value_t = Config::default().max_flows,
          value_parser = at_least_one)]
    pub max_flows: usize,
    /// Seconds without a packet after which a stream ends (0: never).
    #[arg(long, value_name = "SECS", default_value_t = 600.0)]
    pub idle_timeout: f64,
}

/// A count of at least 1.
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not a whole number of at least 1")),
    }
}

impl InputArgs {
    /// The reassembler's configuration from these options.
    pub fn config(&self) -> Config {
        Config {
            max_buffered_per_dir: self.max_buffer,
            max_flows: self.max_flows,
            idle_timeout: (self.idle_timeout > 0.0).then_some(self.idle_timeout),
            ..Config::default()
        }
    }
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
    pub fn config(&self) -> Result<crate::decode::DecodeConfig, CliError> {
        let mut config = crate::decode::DecodeConfig::default();
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
            CliError::Input(e) => write!(f, "{e}"),
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
    let result = match &cli.command {
        Command::Inspect(a) => inspect::run(a),
        Command::Decode(a) => decode::run(a),
        Command::Follow(a) => follow::run(a),
        Command::Hands(a) => hands::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Timeline(a) => timeline::run(a),
    };
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
