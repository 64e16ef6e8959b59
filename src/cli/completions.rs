//! `cardshark completions SHELL`: a completion script for the shell, from
//! the same definitions as the command line itself.

use super::{Cli, CliError};
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;

/// Arguments of `cardshark completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash (`cardshark completions bash > /etc/bash_completion.d/cardshark`),
    /// zsh (into a directory of `$fpath`, as `_cardshark`), fish
    /// (`~/.config/fish/completions/cardshark.fish`), elvish or powershell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// Writes the script on standard output. It is made in memory first:
/// clap_complete panics when a write fails, and a reader may close the
/// pipe early (`cardshark completions bash | grep -q complete`), which is
/// not an error.
pub fn run(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "cardshark", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}
