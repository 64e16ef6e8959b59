//! `cardshark replay`: one hand a step at a time, the table drawn after
//! each action (`--hand ID`), or one game stream's timeline, the board or
//! table drawn after each change (`-s N`). On a terminal it waits for keys
//! ([`keys`]: next, back, a street, a hand, a frame, a search, quit; the
//! stepping itself is the state machine of [`nav`]), or plays through with
//! `--auto MS`; `--keys FILE` reads the keys from a file; without a
//! terminal it writes every step. `--format jsonl` gives the states as data.
//!
//! The steps are made first, from a pass ([`steps`]), then shown
//! ([`play`]); `args.rs` holds the options.

mod args;
mod keys;
mod nav;
mod play;
mod steps;

use super::CliError;
pub use args::ReplayArgs;
use args::ReplayFormat;
use nav::Nav;
use play::step_through;
use steps::{hand_steps, stream_steps};

/// Runs `cardshark replay`.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let text = args.format == ReplayFormat::Text;
    let (steps, start) = match (args.hand, args.stream) {
        (Some(id), None) => hand_steps(args, id, text)?,
        _ => (
            stream_steps(args, args.stream.unwrap_or_default(), text)?,
            0,
        ),
    };
    step_through(args, Nav::new(steps, start))
}
