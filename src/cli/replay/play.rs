//! Showing `replay`'s steps: on a terminal (or with `--keys FILE`) a step
//! at a time as the keys say ([`Keys`], moving the cursor of [`Nav`]),
//! until `q` (the last step stays, so `p` goes back from it, and keys
//! typed after it do not reach the shell); with `--auto MS` on a terminal
//! the steps `MS` apart, then the keys from the last; without a terminal
//! the steps one after the other, and the end.

use super::args::{ReplayArgs, ReplayFormat};
use super::keys::{self, Keys, Script, Terminal};
use super::nav::{Nav, Outcome};
use crate::cli::CliError;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

/// Writes the steps: on a terminal (or with `--keys`) as the keys say
/// (after playing through with `--auto MS`), else the unit's steps one
/// after the other.
pub(super) fn step_through(args: &ReplayArgs, mut nav: Nav) -> Result<(), CliError> {
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut out = stdout.lock();
    let mut keys: Box<dyn Keys> = match &args.keys {
        Some(path) => {
            let bad = |e: &dyn std::fmt::Display| {
                CliError::Usage(format!("--keys {}: cannot read it: {e}", path.display()))
            };
            if path.is_dir() {
                return Err(bad(&"it is a directory"));
            }
            let file = std::fs::File::open(path).map_err(|e| bad(&e))?;
            Box::new(Script::new(io::BufReader::new(file)))
        }
        None if terminal && args.format == ReplayFormat::Text && has_tty() => {
            Box::new(Terminal::default())
        }
        None => return play_through(args, &nav, terminal, &mut out),
    };
    let mut at = nav.cursor();
    if args.auto.is_some() {
        // Played through, then the keys from the last step.
        play_through(args, &nav, terminal, &mut out)?;
        at = nav.go_last();
    } else {
        out.write_all(nav.step(at).shown.as_bytes())?;
        out.flush()?;
    }
    loop {
        let (first, end) = nav.unit_range();
        let last = if at + 1 == end { " (the last)" } else { "" };
        let prompt = format!(
            "[step {} of {}{last}: n next, p back, ? keys, q quit] ",
            at - first + 1,
            end - first
        );
        keys.prompt(prompt);
        let c = keys::command(keys.as_mut())
            .map_err(|e| CliError::Other(format!("reading the keys: {e}")))?;
        let Some(c) = c else {
            break;
        };
        match nav.apply(&c) {
            Outcome::Show(i) => {
                at = i;
                out.write_all(nav.step(i).shown.as_bytes())?;
                out.flush()?;
            }
            Outcome::Stay(m) => eprintln!("── {m}"),
            Outcome::Quit => break,
        }
    }
    Ok(())
}

/// Whether the terminal can be read for keys (standard input, or /dev/tty
/// when standard input carries the capture).
fn has_tty() -> bool {
    io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok()
}

/// Writes the steps of the cursor's unit one after the other, `--auto MS`
/// apart on a terminal.
fn play_through(
    args: &ReplayArgs,
    nav: &Nav,
    terminal: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (first, end) = nav.unit_range();
    for i in first..end {
        if i > first {
            if let (Some(ms), true) = (args.auto, terminal) {
                std::thread::sleep(Duration::from_millis(ms));
            }
        }
        out.write_all(nav.step(i).shown.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}
