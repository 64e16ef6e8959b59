//! `hands --format parquet|csv -o DIR`: the hands, actions and players
//! tables.

use super::args::HandsArgs;
use super::chosen::chosen;
use super::empty::check_found;
use crate::cli::passes::hands::collect_keyed;
use crate::cli::{display_filter, CliError};
use cardshark::output::tables::ids::HandIds;
use cardshark::output::tables::{self, Format};
use cardshark::pipeline::StreamSet;
use std::ops::ControlFlow;

/// `hands --format parquet|csv -o DIR`: every hand the filters let
/// through, incomplete ones too (their `complete` column says so).
pub(super) fn write_tables(args: &HandsArgs, format: Format) -> Result<(), CliError> {
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        crate::cli::hand_keys::hand_scope(),
    )?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let capture = crate::cli::tables::capture_id(&input)?;
    let mut out = args.tables.create(format, &tables::hands::TABLES)?;
    let mut matched = StreamSet::default();
    let mut failed = None;
    let seen = collect_keyed(&input, &args.decode, |h, key| {
        if !chosen(args, filter.as_ref(), &h) {
            return ControlFlow::Continue(());
        }
        matched.insert(h.stream);
        let ids = HandIds::new(capture, &h, key);
        match tables::hands::append_all(&mut out, &ids, &h) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(crate::cli::tables::error(e));
    }
    out.finish().map_err(crate::cli::tables::error)?;
    check_found(args, &seen, !matched.is_empty())?;
    match pcap_out {
        Some(pcap) => pcap.write(&input, &matched),
        None => Ok(()),
    }
}
