//! `stats`' pass: the one pipeline's sink is a [`StatsCollector`] per
//! worker (behind a [`Watch`] for `--strict`); what the workers hand out
//! as it happens (each stream's rows as the stream ends, each view of a
//! hand as it opens and ends, joined here into hands as `hands` joins
//! them, each message's counts for `--interval`) is gathered here on the
//! calling thread, then the workers' collectors are merged into the
//! capture's figures.

use super::args::{StatsArgs, StatsFormat};
use super::interval::Intervals;
use super::list::spill_error;
use crate::cli::strict::Watch;
use crate::cli::{bound_from_env, warn_all, CliError};
use cardshark::analysis::hands::join::{Joiner, ViewItem};
use cardshark::analysis::stats::hands::{HandStats, HandView};
use cardshark::analysis::stats::proto::Types;
use cardshark::analysis::stats::rtt::Rtt;
use cardshark::analysis::stats::{Item, StatsCollector, Wanted};
use cardshark::decode::DecodeStage;
use cardshark::output::spill::{KeyedBytes, Sorted, Store};
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Bytes of stream rows kept in memory before they spill to a temporary
/// file, by default.
const ROWS_IN_MEMORY: usize = 2 << 20;

/// Test hook: bytes of stream rows kept in memory (default
/// [`ROWS_IN_MEMORY`]). Not for users: the tests set it tiny to compare
/// the spilled output with the unspilled one.
const ROWS_IN_MEMORY_VAR: &str = "CARDSHARK_STATS_ROWS_IN_MEMORY";

/// Everything gathered over the capture.
pub(super) struct Gathered {
    pub(super) types: Types,
    pub(super) streams: Sorted<KeyedBytes<1>>,
    pub(super) hands: HandStats,
    pub(super) rtt: Rtt,
}

/// Adds the hands the join made ready.
fn add_joined(joiner: &mut Joiner<()>, hands: &mut HandStats) {
    while let Some(j) = joiner.pop() {
        let h = &j.hand;
        let server = h.endpoints.map_or_else(String::new, |e| e.1.to_string());
        hands.add(HandView::of(h, h.label().to_string(), server));
    }
}

/// Runs the pipeline and gathers the `wanted` figures; with
/// `--interval`, writes each interval's to `out` as it ends.
pub(super) fn gather(
    args: &StatsArgs,
    wanted: Wanted,
    out: &mut impl Write,
) -> Result<Gathered, CliError> {
    let config = args.decode.config()?;
    // Gaps and error records noted for `--strict`.
    let make = || {
        DecodeStage::new(
            config.clone(),
            Watch::new(StatsCollector::new(wanted), None),
        )
    };
    let mut hands = HandStats::default();
    let mut joiner: Joiner<()> = Joiner::new();
    let bound = bound_from_env(ROWS_IN_MEMORY_VAR, ROWS_IN_MEMORY)?;
    let mut store: Store<KeyedBytes<1>> = Store::new(bound);
    let mut failed: Option<io::Error> = None;
    let json = args.format == StatsFormat::Json;
    let mut intervals =
        (args.interval).map(|secs| Intervals::new(secs, args.input.clock.clone(), json));
    let mut interval_failed: Option<CliError> = None;
    let flush_each = args.input.flush_each();
    let mut take = |item: Item| match item {
        Item::Counted(c) => {
            if let (Some(i), None) = (&mut intervals, &interval_failed) {
                let went = i.take(&c, out).and_then(|()| {
                    if flush_each {
                        out.flush()?;
                    }
                    Ok(())
                });
                interval_failed = went.err();
            }
        }
        Item::View(v) => {
            joiner.item(v);
            add_joined(&mut joiner, &mut hands);
        }
        Item::Stream(rows) if wanted.proto => {
            let pushed = serde_json::to_vec(&*rows)
                .map_err(io::Error::other)
                .and_then(|b| store.push(KeyedBytes::new([rows.stream], b)));
            if let Err(e) = pushed {
                failed.get_or_insert(e);
            }
        }
        Item::Stream(_) => {}
    };
    let done = args.input.run(make, &mut |item, _: &[u8]| {
        take(item);
        ControlFlow::Continue(())
    })?;
    warn_all(&done.summary);
    let mut total = StatsCollector::new(wanted);
    // The hands still open (none once every stream has ended), in stream
    // order whatever worker held them.
    let mut left = Vec::new();
    for w in done.workers {
        let mut c = w.into_sink().inner;
        c.finish(|item| match item {
            Item::View(ViewItem::Ended(h, ())) => left.push(h),
            item => take(item),
        });
        total.merge(c);
    }
    left.sort_by_key(|h| (h.stream, h.first_frame));
    for h in left {
        take(Item::View(ViewItem::Ended(h, ())));
    }
    joiner.finish();
    add_joined(&mut joiner, &mut hands);
    if let Some(i) = &mut intervals {
        i.finish(out)?;
    }
    if let Some(e) = interval_failed {
        return Err(e);
    }
    if let Some(e) = failed {
        return Err(spill_error(e));
    }
    Ok(Gathered {
        types: total.types,
        streams: store.finish().map_err(spill_error)?,
        hands,
        rtt: total.rtt,
    })
}
