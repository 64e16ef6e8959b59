//! `cardshark inspect`: one row per TCP stream, and a capture summary.
//!
//! The table and CSV write a stream's row as soon as the stream ends (in
//! the order streams end: the same for a file and a live run, at any
//! thread count), then the summary. JSON, one document that starts with
//! the summary, keeps the rows compact (no strings) until the input ends,
//! at most a bounded number of them in memory (the rest in sorted runs in
//! a temporary file, see [`rows`]), and writes them in stream order. Memory
//! stays small however many streams the capture holds.
//!
//! The one pipeline's sink is [`sink::Collect`] (a row of each stream as
//! it leaves the flow table), its writer [`write::Writer`].

mod args;
mod cells;
mod codec;
mod csv;
pub(crate) mod layout;
mod rows;
mod sink;
mod stream;
mod summary;
mod write;

use super::display_filter;
use super::pcap_out::PcapOut;
use super::{warn_all, CliError};
pub use args::InspectArgs;
use rows::{rows_in_memory, Row};
use sink::Collect;
use std::io;
use write::Writer;

/// Runs `cardshark inspect`.
pub fn run(args: &InspectArgs) -> Result<(), CliError> {
    let mut config = args.decode.config()?;
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        display_filter::stream_scope(),
    )?;
    config.ordered = false;
    config.messages = false;
    let store = rows::store(rows_in_memory()?);
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let make = || Collect::new(config.clone());
    let out = io::BufWriter::new(io::stdout().lock());
    let (clock, flush_each) = (input.clock.clone(), input.flush_each());
    let mut w = Writer::new(out, args, filter, store, clock, flush_each);
    let done = input.run(make, &mut |row: Row, _: &[u8]| w.row(row))?;
    let summary = done.summary;
    w.failed()?;
    args.decode
        .check_streams(args.input.name(), summary.reassembly.streams)?;
    let matched = w.finish(&summary)?;
    warn_all(&summary);
    PcapOut::write_if(pcap_out, &input, &matched)
}
