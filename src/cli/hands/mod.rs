//! `cardshark hands`: the poker hands of a capture, as a table, as
//! PokerStars text or as Open Hand History (the specification's `.ohh`
//! storage format, or JSON Lines).
//!
//! Each hand is written as soon as it ends, to standard output
//! (`write.rs`) or, with `--format text|ohh -o DIR`, into a tracker's
//! import folder (`folder.rs`, a file per table session, named in
//! `place.rs`, written in `session.rs`), in the order the hands end in the
//! capture (the same for a file and for a live run of the same traffic, at
//! any thread count); hands still open when the input ends follow, in
//! stream order. Nothing is kept: memory does not grow with the capture.
//!
//! A capture that gives no hand is told why on standard error (no poker
//! stream, only lobby traffic, poker streams whose messages carry no hand,
//! stream data cut by the snapshot length), and `hands` exits 0.
//!
//! The pass is the hand pass (`passes/hands.rs`); here: `args.rs` the
//! options, `chosen.rs` which hands are written, `out.rs` where they go,
//! `tables.rs` the tables of `--format parquet|csv -o DIR`, `empty.rs`
//! what is said when none came.

mod args;
mod chosen;
mod empty;
mod folder;
mod out;
mod place;
mod session;
mod tables;
mod write;

use super::display_filter;
use super::hand_keys;
use super::passes::hands::collect_hands;
use super::pcap_out::PcapOut;
use super::CliError;
use args::HandsFormat;
pub use args::{HandsArgs, AFTER_HELP};
use cardshark::pipeline::StreamSet;
use chosen::chosen;
use empty::check_found;
use out::{folder_of, Out};
use std::io;
use std::ops::ControlFlow;
#[cfg(test)]
pub(crate) use write::HEADERS;

/// Runs `cardshark hands`: each hand written as it ends.
pub fn run(args: &HandsArgs) -> Result<(), CliError> {
    let filter = display_filter::items(args.display_filter.as_deref(), hand_keys::hand_scope())?;
    let folder = folder_of(args)?;
    if folder.is_none() {
        let (parquet, csv) = (
            args.format == HandsFormat::Parquet,
            args.format == HandsFormat::Csv,
        );
        if let Some(format) = args.tables.format(parquet, csv, &args.input)? {
            return tables::write_tables(args, format);
        }
    }
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let mut w = Out::open(args, folder, &input)?;
    let mut matched = StreamSet::default();
    let mut failed: Option<io::Error> = None;
    let seen = collect_hands(&input, &args.decode, |j| {
        if !chosen(args, filter.as_ref(), &j.hand) {
            return ControlFlow::Continue(());
        }
        match w.hand(&j) {
            Ok(left_out) => {
                let hand_out = left_out.contains(&j.hand.id());
                for (v, _) in &j.views {
                    if !hand_out && !left_out.contains(&v.view_id()) {
                        matched.insert(v.stream);
                    }
                }
                for id in left_out {
                    let what = if id == j.hand.id() {
                        format!("hand {id} is incomplete: left out (--incomplete writes it)")
                    } else {
                        format!(
                            "hand {} as view {id} saw it is incomplete: left out of its hero's \
                             file (--incomplete writes it)",
                            j.hand.id()
                        )
                    };
                    super::diag::warn(args.input.name(), &what);
                }
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(w.error(e));
    }
    let found = w.seen() > 0;
    w.finish()?;
    check_found(args, &seen, found)?;
    PcapOut::write_if(pcap_out, &input, &matched)
}
