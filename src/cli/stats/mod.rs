//! `cardshark stats`: statistics over a capture, like tshark's `-z`, in
//! sections chosen with `-z NAME` (default: all): `proto` (messages and
//! bytes per protocol and type; per stream and direction), `hands` (hands
//! per table), `players` (actions per player), `rtt` (response times of
//! requests and their answers, with percentiles). The figures are
//! gathered by [`cardshark::analysis::stats`]; this writes them as tables
//! or as one JSON document.
//!
//! Each stream's rows go to a [`Store`] as the stream ends (spilled to a
//! temporary file past a few MB), so memory does not grow with the
//! number of streams. With `--interval`, each interval's counts are
//! written as it ends (`interval.rs`).
//!
//! The one pipeline and what its sink hands out are [`gather::gather`]'s;
//! then [`write::sections`] writes the sections, each a few lists
//! ([`lists`], of [`list::List`]).
//!
//! [`Store`]: cardshark::output::spill::Store

mod args;
mod gather;
mod interval;
mod list;
mod lists;
mod write;

use super::CliError;
use args::Section;
pub use args::{StatsArgs, AFTER_HELP};
use cardshark::analysis::stats::Wanted;
use clap::ValueEnum;
use gather::gather;
use std::io::{self, BufWriter, Write};

/// Runs `cardshark stats`.
pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let mut sections = args.sections.clone();
    if sections.is_empty() {
        sections = Section::value_variants().to_vec();
    }
    sections.sort();
    sections.dedup();
    let has = |s| sections.contains(&s);
    let wanted = Wanted {
        proto: has(Section::Proto),
        hands: has(Section::Hands) || has(Section::Players),
        rtt: has(Section::Rtt),
        each: args.interval.is_some(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let g = gather(args, wanted, &mut out)?;
    write::sections(&mut out, &sections, &g, args.format)?;
    out.flush()?;
    Ok(())
}
