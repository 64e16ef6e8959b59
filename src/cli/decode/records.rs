//! `decode --format parquet|csv -o DIR`: the `records` table, written by
//! `output::tables` from the one pipeline's sink (each worker renders its
//! records' rows, the sink appends them in capture order).

use super::after::after_pass;
use super::args::DecodeArgs;
use super::select::{selected, Selection};
use crate::cli::tables::{capture_id, error};
use crate::cli::{strict, CliError};
use cardshark::decode::Render;
use cardshark::decode::{Body, DecodeStage, Record, RecordSink};
use cardshark::output::tables::ids::StreamKey;
use cardshark::output::tables::record_batch::RecordsTable;
use cardshark::output::tables::records::{RecordRow, Stream};
use cardshark::output::tables::writer::Batches;
use cardshark::output::tables::{self, Format};
use cardshark::pipeline::{Items, StreamSet};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// A record's row, and what `--strict` makes of the record.
type Row = (RecordRow, Option<strict::Problem>);

/// A worker's side of `decode -o`: the rows of the records the filters
/// let through.
struct RecordRows<'a> {
    args: &'a DecodeArgs,
    select: &'a Selection,
    capture: i64,
    /// The streams not yet ended (their ids and endpoints).
    streams: HashMap<u64, Stream, foldhash::fast::RandomState>,
    items: Items<Row>,
}

impl RecordSink for RecordRows<'_> {
    fn pending(&self) -> usize {
        self.items.weight()
    }

    fn record(&mut self, r: Record) {
        if let Some(key) = StreamKey::of_start(&r) {
            let stream = Stream::new(key.uid(self.capture), &r);
            self.streams.insert(r.stream, stream);
        }
        // A stream's last record takes it out of those not yet ended.
        let ended = if matches!(r.body, Body::StreamEnd { .. }) {
            self.streams.remove(&r.stream)
        } else {
            None
        };
        if !selected(self.args, self.select, &r) {
            return;
        }
        let unknown;
        let stream = match ended.as_ref().or_else(|| self.streams.get(&r.stream)) {
            Some(s) => s,
            None => {
                unknown = Stream::new(StreamKey::unknown(r.stream).uid(self.capture), &r);
                &unknown
            }
        };
        let row = RecordRow::new(&r, stream, &mut self.items.bytes);
        let problem = strict::of_record(&r);
        self.items.push(r.order, (row, problem));
    }
}

impl Render for RecordRows<'_> {
    type Item = Row;
    fn take(&mut self, into: &mut Items<Row>) {
        let base = into.bytes.len();
        if base > 0 {
            for (_, (row, _)) in &mut self.items.keyed {
                row.rebase(base);
            }
        }
        into.append(&mut self.items);
    }
}

/// `decode --format parquet|csv -o DIR`.
pub fn write(args: &DecodeArgs, select: &Selection, format: Format) -> Result<(), CliError> {
    let config = args.decode.config()?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let capture = capture_id(&input)?;
    let mut out = args.tables.create(format, &[tables::ALL[0]])?;
    let make = || {
        let rows = RecordRows {
            args,
            select,
            capture,
            streams: HashMap::default(),
            items: Items::default(),
        };
        DecodeStage::new(config.clone(), rows)
    };
    let mut table = RecordsTable::new(capture);
    let mut written = 0;
    let mut matched = StreamSet::default();
    let mut failed = None;
    let done = input.run(make, &mut |(row, problem): Row, bytes: &[u8]| {
        if let Some(problem) = problem {
            strict::note(problem, row.frame());
        }
        matched.insert(row.stream);
        table.append(&row, bytes);
        if table.is_full() {
            if let Err(e) = out.table(0).write(&mut table) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        written += 1;
        if args.count.is_some_and(|c| written >= c) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(e) = failed {
        return Err(error(e));
    }
    out.table(0).write(&mut table).map_err(error)?;
    out.finish().map_err(error)?;
    after_pass(args, &input, pcap_out, &done.summary, written, &matched)
}
