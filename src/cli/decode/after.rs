//! After `decode`'s pass (of the table, fields and JSON, or of `-o`):
//! its warnings, what it tells of the arguments, and `-w`.

use super::args::DecodeArgs;
use super::detail;
use crate::cli::pcap_out::PcapOut;
use crate::cli::{count_streams, warn_all, CliError, InputArgs};
use cardshark::pipeline::{CaptureSummary, StreamSet};

/// After the pass that wrote `written` records (of the streams `matched`):
/// its warnings, what it tells of the arguments, and `-w`.
pub(super) fn after_pass(
    args: &DecodeArgs,
    input: &InputArgs,
    pcap_out: Option<PcapOut>,
    summary: &CaptureSummary,
    written: u64,
    matched: &StreamSet,
) -> Result<(), CliError> {
    warn_all(summary);
    detail::check_frame(args, summary.frames, written)?;
    // What the pass tells of the arguments (`-c` may have ended it early:
    // then what came after is not known).
    let streams = summary.reassembly.streams;
    let whole = args.count.is_none_or(|c| written < c);
    if let (Some(s), true) = (args.stream, written == 0 && whole) {
        if s >= streams {
            return Err(CliError::Usage(format!(
                "-s {s}: {} has no stream {s} ({}: `cardshark inspect` lists them)",
                args.input.name(),
                count_streams(streams)
            )));
        }
    }
    if whole {
        args.decode.check_streams(args.input.name(), streams)?;
    }
    PcapOut::write_if(pcap_out, input, matched)
}
