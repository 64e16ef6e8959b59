//! `cardshark stats`: statistics over a capture, like tshark's `-z`, in
//! sections chosen with `-z NAME` (default: all): `proto` (messages and
//! bytes per protocol and type; per stream and direction), `hands` (hands
//! per table), `players` (actions per player), `rtt` (response times of
//! requests and their answers, with percentiles). The figures are
//! gathered by [`cardshark::analysis::stats`]; this writes them as tables
//! or as one JSON document.
//!
//! Each stream's rows go to a [`Store`] as the stream ends (spilled to a
//! temporary file past a few MB), so memory does not grow with the
//! number of streams. With `--interval`, each interval's counts are
//! written as it ends (`interval.rs`).

mod interval;
mod lists;

use lists::spill_error;

use super::strict::Watch;
use super::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::stats::hands::HandStats;
use cardshark::analysis::stats::proto::Types;
use cardshark::analysis::stats::rtt::Rtt;
use cardshark::analysis::stats::{Item, StatsCollector, Wanted};
use cardshark::decode::DecodeStage;
use cardshark::output::spill::{KeyedBytes, Sorted, Store};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

/// A section of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub enum Section {
    /// Messages and bytes per protocol, type and direction; per stream
    /// and direction (with undecodable messages, unknown and missing bytes).
    Proto,
    /// Hands per table: hands, complete, incomplete (a hand several
    /// captured clients saw counts once).
    Hands,
    /// Actions per player: hands dealt in, folds, checks, calls, bets,
    /// raises, all-ins, blinds and antes.
    Players,
    /// Response times per request type and per player: requests,
    /// unanswered, min, p50, p90, p99, max (ms).
    Rtt,
}

/// What `cardshark stats --help` (and its man page) says after the options.
pub const AFTER_HELP: &str = "\
Response times (rtt) pair each request with the first later message of one of its answer \
types going the other way on the same stream (in order for requests of one kind; by player, \
card, location or petition where the pair binds one). Answered by the server: PokerTH Init, \
RetrievePlayerInfo, JoinGame, PlayersAction (to the client's own PlayersActionDone or \
PlayersActionRejected), kick votes...; PokerTH 1.x the same requests and MyActionRequest; \
poker-network PacketLogin, table select/join, seat, sit, the client's own \
fold/check/call/raise (echoed for its serial), chat...; GLS Protover, NickReq, Say1, \
DiePlaceTry; the card game's PlayCard (the server moving that card). Answered by the client \
(the player's time to act): PokerTH PlayersTurn for the client's own player to its \
PlayersAction (1.x: MyActionRequest); poker-network PacketPokerPosition for the client's \
serial to its action, blind and ante requests; the card game's Stage telling the recipient \
to play, to its PlayCard. docs/statistics.md lists every pair. Past 4096 samples a figure comes from \
a histogram with 3 significant digits (within 0.1 %); min and max stay exact.

Exit status: 0, also when the capture holds no game traffic; 1 when the input cannot be read; \
2 on bad usage.";

/// Arguments of `cardshark stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// A section to write (repeatable, or several separated by commas;
    /// default: all of them; written in this order).
    #[arg(short = 'z', value_enum, value_name = "NAME", value_delimiter = ',')]
    pub sections: Vec<Section>,
    /// Output format: tables, or one JSON object with a member per section.
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    pub format: StatsFormat,
    /// Also write messages and bytes per protocol, type and direction for
    /// each interval of SECONDS of capture time (from the first frame), as
    /// each interval ends, like tshark's -z io,stat,SECONDS: a table per
    /// interval (with --format json, a JSON object per line), before the
    /// sections of the whole capture.
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub interval: Option<f64>,
}

/// A number of seconds greater than 0.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() => Ok(v),
        _ => Err(format!(
            "{s}: a number of seconds greater than 0 (e.g. 10 or 0.5)"
        )),
    }
}

/// How `stats` writes its sections (CSV has no place for sections of
/// different columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    /// A table per section.
    Table,
    /// One JSON object, a member per section.
    Json,
}

/// Bytes of stream rows kept in memory before they spill to a temporary
/// file, by default.
const ROWS_IN_MEMORY: usize = 2 << 20;

/// Test hook: bytes of stream rows kept in memory (default
/// [`ROWS_IN_MEMORY`]). Not for users: the tests set it tiny to compare
/// the spilled output with the unspilled one.
const ROWS_IN_MEMORY_VAR: &str = "CARDSHARK_STATS_ROWS_IN_MEMORY";

/// What went wrong with the temporary file the stream rows spill to.
/// Everything gathered over the capture.
struct Gathered {
    types: Types,
    streams: Sorted<KeyedBytes<1>>,
    hands: HandStats,
    rtt: Rtt,
}

/// Runs the pipeline and gathers the `wanted` figures; with
/// `--interval`, writes each interval's to `out` as it ends.
fn gather(args: &StatsArgs, wanted: Wanted, out: &mut impl Write) -> Result<Gathered, CliError> {
    let config = args.decode.config()?;
    // Gaps and error records noted for `--strict`.
    let make = || {
        DecodeStage::new(
            config.clone(),
            Watch::new(StatsCollector::new(wanted), None),
        )
    };
    let mut hands = HandStats::default();
    let bound = super::bound_from_env(ROWS_IN_MEMORY_VAR, ROWS_IN_MEMORY)?;
    let mut store: Store<KeyedBytes<1>> = Store::new(bound);
    let mut failed: Option<io::Error> = None;
    let json = args.format == StatsFormat::Json;
    let mut intervals =
        (args.interval).map(|secs| interval::Intervals::new(secs, args.input.clock.clone(), json));
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
        Item::Hand(v) => hands.add(*v),
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
    for w in done.workers {
        let mut c = w.into_sink().inner;
        c.finish(&mut take);
        total.merge(c);
    }
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

/// Runs `cardshark stats`.
pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let mut sections = args.sections.clone();
    if sections.is_empty() {
        sections = Section::value_variants().to_vec();
    }
    sections.sort();
    sections.dedup();
    let has = |s| sections.contains(&s);
    let wanted = Wanted {
        proto: has(Section::Proto),
        hands: has(Section::Hands) || has(Section::Players),
        rtt: has(Section::Rtt),
        each: args.interval.is_some(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let g = gather(args, wanted, &mut out)?;
    let json = args.format == StatsFormat::Json;
    if json {
        out.write_all(b"{")?;
    }
    for (n, s) in sections.iter().enumerate() {
        let lists = match s {
            Section::Proto => lists::proto(&g.types, &g.streams),
            Section::Hands => lists::tables(&g.hands),
            Section::Players => lists::players(&g.hands),
            Section::Rtt => lists::rtt(&g.rtt),
        };
        if json {
            let name = s.to_possible_value().map(|v| v.get_name().to_string());
            let sep = if n == 0 { "\n" } else { ",\n" };
            write!(out, "{sep}  {}: {{", json!(name.unwrap_or_default()))?;
            for (k, list) in lists.iter().enumerate() {
                list.write_json(&mut out, k == 0)?;
            }
            out.write_all(b"\n  }")?;
        } else {
            for list in &lists {
                list.write_table(&mut out)?;
            }
        }
    }
    if json {
        out.write_all(b"\n}\n")?;
    }
    out.flush()?;
    Ok(())
}
