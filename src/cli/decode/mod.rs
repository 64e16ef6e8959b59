//! `cardshark decode`: every message of every stream, as a table or as
//! records (`--format json|jsonl`), with filters.
//!
//! The one pipeline's sink is [`sink::Rows`] (each worker filters its
//! records and renders those that pass), its writer [`write::Writer`] (the
//! pieces in capture order); `-o DIR` hands the pipeline [`records`]'
//! sink instead. Then [`after::after_pass`].

mod after;
mod args;
mod detail;
mod fields;
mod records;
mod select;
mod sink;
pub(crate) mod table;
mod write;

use super::CliError;
use after::after_pass;
pub use args::DecodeArgs;
use args::DecodeFormat;
use cardshark::decode::DecodeStage;
use cardshark::output::time::TimeFormat;
use select::Selection;
use sink::Rows;
use std::io;
use write::Writer;

/// Runs `cardshark decode`.
pub fn run(args: &DecodeArgs) -> Result<(), CliError> {
    detail::check(args)?;
    let mut config = args.decode.config()?;
    config.bytes = args.hex || detail::view(args);
    let time = args.time.or(TimeFormat::Relative);
    let select = Selection::new(args)?;
    let (parquet, csv) = (
        args.format == DecodeFormat::Parquet,
        args.format == DecodeFormat::Csv,
    );
    if let Some(format) = args.tables.format(parquet, csv, &args.input)? {
        if !args.fields.fields.is_empty() {
            return Err(CliError::Usage(
                "-e chooses the columns of --format csv on standard output; -o DIR writes \
                 the records table, whose columns are fixed (docs/tables.md lists them)"
                    .into(),
            ));
        }
        return records::write(args, &select, format);
    }
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let out = io::stdout().lock();
    let columns = select.columns.as_ref();
    let mut w = Writer::new(out, args, columns, time, input.clock.clone());
    let make = || DecodeStage::new(config.clone(), Rows::new(args, &select, time));
    let done = input.run(make, &mut |p, bytes| w.piece(p, bytes));
    let done = done?;
    w.finish()?;
    after_pass(args, &input, pcap_out, &done.summary, w.written, &w.matched)
}
