//! `follow -Y EXPR`: the streams that have a record EXPR matches, found
//! by a pass that decodes the capture (the bytes are then followed a
//! stream at a time, as `-s N` does).

use super::args::FollowArgs;
use crate::cli::{display_filter, CliError, InputArgs};
use cardshark::decode::{DecodeStage, Record, RecordSink};
use cardshark::filter::record::{Paths, RecordKey, View};
use cardshark::filter::Filter;
use std::collections::BTreeSet;

/// Collects the streams of the records that match.
struct Matching<'a> {
    filter: &'a Filter<RecordKey>,
    paths: &'a Paths,
    only: Option<u64>,
    streams: BTreeSet<u64>,
}

impl RecordSink for Matching<'_> {
    fn record(&mut self, r: Record) {
        if self.only.is_some_and(|s| s != r.stream) || self.streams.contains(&r.stream) {
            return;
        }
        if self.filter.matches(&mut View::new(&r, self.paths)) {
            self.streams.insert(r.stream);
        }
    }
}

/// `follow -Y` reads the capture once to find the streams, then once per
/// stream: files only.
pub fn check_input(input: &InputArgs) -> Result<(), CliError> {
    if input.is_live() || input.files.iter().any(|f| f == "-") {
        return Err(CliError::Usage(
            "follow -Y reads the capture more than once: give a file, not standard input or an interface".into(),
        ));
    }
    Ok(())
}

/// The streams to follow, in order: those with a record `expr` matches
/// (and `-s`, if given); none is a warning, not an error.
pub fn matching(args: &FollowArgs, expr: &str) -> Result<Vec<u64>, CliError> {
    let (filter, paths) = display_filter::records(expr)?;
    check_input(&args.input)?;
    let sink = Matching {
        filter: &filter,
        paths: &paths,
        only: args.stream,
        streams: BTreeSet::new(),
    };
    let mut stage = DecodeStage::new(args.decode.config()?, sink);
    args.input.run_events(&mut stage)?;
    let streams: Vec<u64> = stage.into_sink().streams.into_iter().collect();
    if streams.is_empty() {
        crate::cli::diag::warn(
            args.input.name(),
            &format!("no record matches -Y '{expr}': no stream to follow"),
        );
    }
    Ok(streams)
}
