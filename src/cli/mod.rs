//! The command line: argument parsing and the subcommands.

use clap::{Parser, Subcommand};

/// Dissect game protocols in packet captures.
#[derive(Parser, Debug)]
#[command(name = "cardshark", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// One row per TCP stream, and a capture summary.
    Inspect { file: String },
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
    match cli.command {
        Command::Inspect { file } => {
            eprintln!("cardshark: {file}: not implemented");
            1
        }
    }
}
