//! The command line: argument parsing, the subcommands, exit statuses.
//!
//! Exit status: 0 on success, 1 when the input could not be read or is
//! damaged (what came before the damage is written first; a damaged file
//! among several is a warning, the others read) or a live capture stopped
//! on an error (`live.rs`), 2 on bad usage (also found only after the pass: a stream,
//! frame or hand the capture does not have), 3 with `--strict` when the
//! traffic had gaps, error records or hand contradictions ([`strict`]).
//! Every error is one line on standard error, `cardshark: error: ...`,
//! clap's included ([`usage`]).

mod completions;
mod decode;
mod diag;
mod display_filter;
mod dump;
mod follow;
mod hand_keys;
mod hands;
mod input;
mod inspect;
mod live;
#[cfg(test)]
mod man_page;
#[cfg(test)]
mod man_text;
mod names;
mod passes;
mod pcap_out;
mod progress;
mod replay;
mod stats;
mod strict;
mod tables;
mod terminal;
#[cfg(test)]
mod tests;
mod timeline;
mod usage;
mod watch;

pub use input::InputArgs;

use cardshark::capture::CaptureError;
use cardshark::output::color::ColorChoice;
use cardshark::output::time::TimeFormat;
use cardshark::pipeline::CaptureSummary;
use clap::{Args, Parser, Subcommand, ValueHint};
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
    /// Exit with status 3 when the traffic looked at had a gap, a record
    /// with an error, a hand contradiction, or the capture is damaged
    /// (for CI jobs; the output is the same).
    #[arg(long, global = true)]
    pub strict: bool,
    /// Keep tables whole on a terminal: no column narrowed, no cell cut
    /// (by default they fit the terminal's width, cut with an ellipsis;
    /// `inspect` writes two lines per stream when its 14 columns do not
    /// fit).
    #[arg(long, global = true)]
    pub wide: bool,
    /// On a terminal, show the output through a pager: $PAGER, or
    /// `less -FRX`.
    #[arg(long, global = true)]
    pub pager: bool,
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
    /// Statistics, like `tshark -z`: messages and bytes per protocol,
    /// type and stream; hands per table; actions per player; response times.
    #[command(after_long_help = stats::AFTER_HELP)]
    Stats(stats::StatsArgs),
    /// A shell completion script (bash, zsh, fish, ...) on standard output.
    Completions(completions::CompletionsArgs),
}

/// Options of the commands that decode (`decode`, `inspect`, `hands`, `replay`).
#[derive(Args, Debug, Clone, Default)]
pub struct DecodeOpts {
    /// Decode a port or a stream as this protocol, whatever detection says:
    /// `PORT=PROTOCOL` or `stream:N=PROTOCOL` (repeatable).
    #[arg(long = "decode-as", value_name = "PORT=PROTOCOL", value_hint = ValueHint::Other)]
    pub decode_as: Vec<String>,
}

/// `-t`: how times are written, for the commands that show them.
#[derive(Args, Debug, Clone, Default)]
pub struct TimeArgs {
    /// How times are written, as tshark's -t (default: r; inspect's Start
    /// column: ud).
    #[arg(short = 't', long = "time-format", value_name = "FORMAT", value_parser = names::Time)]
    pub time_format: Option<TimeFormat>,
}

impl TimeArgs {
    /// The format asked for, else the command's `default`.
    pub fn or(&self, default: TimeFormat) -> TimeFormat {
        self.time_format.unwrap_or(default)
    }
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

    /// After a pass that saw `streams` streams: a `--decode-as stream:N`
    /// naming a stream the capture does not have is a usage error.
    pub fn check_streams(&self, input: &str, streams: u64) -> Result<(), CliError> {
        let config = self.config()?;
        let missing = config
            .overrides
            .streams
            .keys()
            .filter(|&&s| s >= streams)
            .min();
        match missing {
            Some(s) => Err(CliError::Usage(format!(
                "--decode-as stream:{s}: {input} has no stream {s} ({}: `cardshark inspect` lists them)",
                count_streams(streams)
            ))),
            None => Ok(()),
        }
    }
}

/// "3 streams, numbered from 0", "no TCP stream".
pub fn count_streams(n: u64) -> String {
    match n {
        0 => "it has no TCP stream".into(),
        1 => "it has 1 stream, numbered 0".into(),
        n => format!("it has {n} streams, numbered from 0"),
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

/// Prints the pass's warnings on standard error (each a problem for
/// `--strict`), but those about files skipped, printed as they were
/// (`watch::warn_skipped`). A damaged capture (cut short, a corrupt
/// block, also one file of several) is not a warning: the command writes
/// what it could, then ends with the damage as its error (exit status 1).
fn warn_all(summary: &CaptureSummary) {
    let warnings = summary.warnings();
    strict::warned(warnings.len());
    let damage = summary.damage();
    let printed = usize::from(damage.is_some()) + summary.skipped.len();
    for w in warnings.iter().skip(printed) {
        eprintln!("cardshark: warning: {w}");
    }
    if let Some(d) = damage {
        let _ = DAMAGE.set(d);
    }
}

/// The damage [`warn_all`] saw, reported when the command ends.
static DAMAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Runs the command line; returns the exit status.
pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return clap_error(&e, &args),
    };
    strict::init(cli.strict);
    let pager = terminal::setup(cli.color, cli.wide, cli.pager);
    let input = cli
        .command
        .as_ref()
        .and_then(Command::input)
        .map(|i| i.name());
    let status = finish(run(&cli), input);
    if let Some(p) = pager {
        p.finish();
    }
    status
}

/// Reports an error of clap's (help and version are not errors) in one
/// line; returns the exit status.
fn clap_error(e: &clap::Error, args: &[String]) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            0
        }
        // `cardshark` alone: the help, as a usage error.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            2
        }
        _ => {
            eprintln!("cardshark: error: {}", usage::one_line(e, args));
            2
        }
    }
}

/// Runs the command.
fn run(cli: &Cli) -> Result<(), CliError> {
    let command = match &cli.command {
        _ if cli.list_interfaces => return live::list_interfaces(),
        Some(c) => c,
        None => {
            return Err(CliError::Usage(
                "no command given: try `cardshark --help`".into(),
            ))
        }
    };
    match command {
        Command::Inspect(a) => inspect::run(a),
        Command::Decode(a) => decode::run(a),
        Command::Follow(a) => follow::run(a),
        Command::Hands(a) => hands::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Timeline(a) => timeline::run(a),
        Command::Stats(a) => stats::run(a),
        Command::Completions(a) => completions::run(a),
    }
}

impl Command {
    /// The capture the command reads, if it reads one.
    fn input(&self) -> Option<&InputArgs> {
        match self {
            Command::Inspect(a) => Some(&a.input),
            Command::Decode(a) => Some(&a.input),
            Command::Follow(a) => Some(&a.input),
            Command::Hands(a) => Some(&a.input),
            Command::Replay(a) => Some(&a.input),
            Command::Timeline(a) => Some(&a.input),
            Command::Stats(a) => Some(&a.input),
            Command::Completions(_) => None,
        }
    }
}

/// Reports how a command (reading `input`) ended; returns the exit status.
fn finish(result: Result<(), CliError>, input: Option<&str>) -> i32 {
    match result {
        // The capture was damaged: what could be read was written.
        Ok(()) if DAMAGE.get().is_some() => {
            let d = DAMAGE.get().map_or("", |d| d.as_str());
            eprintln!("cardshark: error: {d}");
            1
        }
        Ok(()) => match strict::verdict() {
            Some(m) => {
                let input = input.map_or(String::new(), |i| format!("{i}: "));
                eprintln!("cardshark: error: --strict: {input}{m}");
                3
            }
            None => 0,
        },
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
