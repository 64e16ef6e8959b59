//! `cardshark timeline`: the state of each game stream (GLS board, card
//! game table, PokerTH 0.7 and 1.x lobby and hand table, poker-network hand
//! table) after every
//! message that changed it: a table of changes, the full state at every
//! step as JSON Lines, or the state at one frame.
//!
//! The pass is the game pass (`passes/timelines.rs`, which `replay` runs
//! too); this command chooses what its workers make of a change and
//! where it goes: `args.rs` its options, `write.rs` the changes by
//! format, `at.rs` the states at a frame (`--at`).

mod args;
mod at;
pub(crate) mod write;

use crate::cli::display_filter;
use crate::cli::passes::changes::Mode;
use crate::cli::passes::timelines::Pass;
use crate::cli::pcap_out::PcapOut;
use crate::cli::{CliError, InputArgs};
pub use args::{TimelineArgs, TimelineFormat};
use cardshark::filter::Filter;
use cardshark::output::time::TimeFormat;
use cardshark::pipeline::StreamSet;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use write::ChangeWriter;

/// Runs `cardshark timeline`.
pub fn run(args: &TimelineArgs) -> Result<(), CliError> {
    if args.at.is_some() && args.format == TimelineFormat::Csv {
        return Err(CliError::Usage(
            "--format csv writes the changes; --at draws states (--format table or jsonl)".into(),
        ));
    }
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        display_filter::change_scope(),
    )?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let mut out = BufWriter::new(io::stdout().lock());
    let written = match args.at {
        Some(frame) => at::states_at(args, &input, frame, &mut out)?,
        None => changes(args, &input, filter.as_ref(), &mut out)?,
    };
    out.flush()?;
    PcapOut::write_if(pcap_out, &input, &written)
}

/// The changes (those `filter` matches), in `args.format`; returns their
/// streams.
fn changes(
    args: &TimelineArgs,
    input: &InputArgs,
    filter: Option<&Filter<Vec<String>>>,
    out: &mut impl Write,
) -> Result<StreamSet, CliError> {
    let mode = match args.format {
        TimelineFormat::Jsonl => Mode::Jsonl,
        TimelineFormat::Table | TimelineFormat::Csv => Mode::Table,
    };
    let pass = Pass {
        input,
        decode: &args.decode,
        stream: args.stream,
        at: None,
        mode,
        filter,
    };
    let time = args.time.or(TimeFormat::Relative);
    let mut w = ChangeWriter::new(args.format, time, input.clock.clone());
    let each = input.flush_each();
    let written = pass
        .collect(|m, bytes| {
            let went = w.take(m, bytes, out);
            if each && out.flush().is_err() {
                return ControlFlow::Break(());
            }
            went
        })?
        .written;
    w.finish(out)?;
    Ok(written)
}
