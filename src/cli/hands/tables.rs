//! `hands --format parquet|csv -o DIR`: the hands, actions and players
//! tables.

use super::args::HandsArgs;
use super::chosen::chosen;
use super::empty::check_found;
use crate::cli::passes::hands::collect_hands;
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
    let seen = collect_hands(&input, &args.decode, |j| {
        if !chosen(args, filter.as_ref(), &j.hand) {
            return ControlFlow::Continue(());
        }
        for (v, _) in &j.views {
            matched.insert(v.stream);
        }
        let ids = HandIds::new(capture, &j.hand, j.views[0].1);
        match tables::hands::append_all(&mut out, &ids, &j) {
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
