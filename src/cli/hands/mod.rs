//! `cardshark hands`: the poker hands of a capture, as a table, as
//! PokerStars text or as Open Hand History (the specification's `.ohh`
//! storage format, or JSON Lines).
//!
//! Each hand is written as soon as it ends (`write.rs`), in the order the
//! hands end in the capture (the same for a file and for a live run of the
//! same traffic, at any thread count); hands still open when the input
//! ends follow, in stream order. Nothing is kept: memory does not grow
//! with the capture.
//!
//! A capture that gives no hand is told why on standard error (no poker
//! stream, only lobby traffic, poker streams whose messages carry no hand,
//! stream data cut by the snapshot length), and `hands` exits 0.

mod write;

use super::display_filter::{self, passes};
use super::hand_keys::{self, hand_json};
use super::pcap_out::PcapOut;
use super::strict::{self, Problem, Watch};
use super::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::hands::model::NoteKind;
use cardshark::analysis::hands::{Hand, HandCollector, HandId, Seen};
use cardshark::decode::DecodeStage;
use cardshark::filter::Filter;
use cardshark::output::tables::ids::HandIds;
use cardshark::output::tables::ids::{Keyed, KeyedHand, StreamKey};
use cardshark::output::tables::{self, Format};
use cardshark::pipeline::StreamSet;
use clap::{Args, ValueHint};
use std::io::{self, BufWriter};
use std::ops::ControlFlow;
use write::HandWriter;
pub use write::HandsFormat;
#[cfg(test)]
pub(crate) use write::HEADERS;

/// What `cardshark hands --help` (and its man page) says after the options.
pub const AFTER_HELP: &str = "\
Hand ids: STREAM:HAND, the TCP stream (as `decode` numbers it) and the hand's number on it \
(poker-network's hand serial; for PokerTH its position on the stream). Other tools get \
STREAM * 10^10 + HAND as PokerStars' `Hand #` and OHH's `game_number`: unique in the capture \
(several tables, games or merged files) and stable from run to run. The server's own hand \
number stays beside it: the text's `cardshark id ..., server hand number N` line, OHH's \
`cardshark.server_number`.

Incomplete hands (cut by the capture's start or end, a gap, undecodable bytes, a connection \
closing, or a dialect that tells only part, PokerTH 2007) are marked in every format: `no` in \
the Complete column with the reasons in Notes; a `cardshark INCOMPLETE hand:` line after the \
text header; `complete: false` and `incomplete_reasons` in OHH's `cardshark` extension. An \
amount the capture does not tell is written as not known (text) or as 0 with its path under \
`cardshark.unknown` (OHH). Text, OHH and JSON Lines leave them out unless --incomplete.

poker-network: PacketPokerRaise's amount is read as chips moved or as the raise-to total, as \
the server's chip reports after a raise decide for the stream (chips moved until one does); \
OHH's `cardshark.bet_reading` says which and why. The server's chip reports are the \
authority; reports that contradict each other are notes naming their frames.

No hand is not an error: standard error says why, and the exit status is 0 (3 with --strict \
when a hand contradicts the server or the rules).";

/// Arguments of `cardshark hands`.
#[derive(Args, Debug)]
pub struct HandsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format.
    #[arg(long, value_enum, default_value_t = HandsFormat::Table)]
    pub format: HandsFormat,
    /// Only this hand: STREAM:HAND (the stream as `decode` numbers it, the
    /// hand number of the table's Hand column), e.g. 0:3.
    #[arg(long, value_name = "ID", value_hint = ValueHint::Other)]
    pub hand: Option<HandId>,
    /// With `--format text|ohh|jsonl`, also write incomplete hands (they
    /// are left out by default: other tools would read them as whole
    /// hands). The table always shows them, `no` in its Complete column.
    #[arg(long)]
    pub incomplete: bool,
    /// Only the hands EXPR matches (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::items_help(
              "Hands that do not match are not written.",
              hand_keys::hand_names(),
              "player == \"Alice\" && pot > 1000 && complete",
          ))]
    pub display_filter: Option<String>,
    #[command(flatten)]
    pub tables: super::tables::TableArgs,
}

/// Runs the pipeline over `input` and hands `f` every hand as it ends
/// (the hands of a stream in the order they end, streams in capture
/// order), and returns what was seen. The problems of every stream and
/// the contradictions of every hand are noted for `--strict`.
pub fn collect_seen(
    input: &InputArgs,
    decode: &DecodeOpts,
    mut f: impl FnMut(Hand) -> ControlFlow<()>,
) -> Result<Seen, CliError> {
    collect_keyed(input, decode, |h, _| f(h))
}

/// [`collect_seen`], each hand given with the key of its stream (what
/// its `stream_uid` is made of).
pub fn collect_keyed(
    input: &InputArgs,
    decode: &DecodeOpts,
    mut f: impl FnMut(Hand, Option<StreamKey>) -> ControlFlow<()>,
) -> Result<Seen, CliError> {
    let config = decode.config()?;
    let make = || {
        let collector = Keyed::new(HandCollector::new().after_result(AFTER_RESULT));
        DecodeStage::new(config.clone(), Watch::new(collector, None))
    };
    let mut f = |h: Hand, key| {
        for n in h.notes.iter().filter(|n| n.kind == NoteKind::Check) {
            strict::note(Problem::Contradiction, n.frame);
        }
        f(h, key)
    };
    let done = input.run(make, &mut |(h, key): KeyedHand, _: &[u8]| f(h, key))?;
    warn_all(&done.summary);
    decode.check_streams(input.name(), done.summary.reassembly.streams)?;
    let mut seen = Seen::default();
    // The hands still open (none, once every stream has ended), in
    // stream order whatever worker held them.
    let mut left = Vec::new();
    for w in done.workers {
        let (collector, keys) = w.into_sink().inner.into_parts();
        let (hands, s) = collector.end_seen();
        seen.add(&s);
        left.extend(hands.into_iter().map(|h| {
            let key = keys.get(h.stream);
            (h, key)
        }));
    }
    left.sort_by_key(|(h, _)| (h.stream, h.first_frame));
    for (h, key) in left {
        if f(h, key).is_break() {
            break;
        }
    }
    Ok(seen)
}

/// Seconds of capture time a hand stays open after its result for cards
/// shown after the hand (PokerTH 1.x), before it is written: short, so a
/// hand is written within a second of its result also while the server
/// pauses between hands.
pub const AFTER_RESULT: f64 = 0.5;

/// Runs `cardshark hands`: each hand written as it ends.
pub fn run(args: &HandsArgs) -> Result<(), CliError> {
    let filter = display_filter::items(args.display_filter.as_deref(), hand_keys::hand_scope())?;
    let (parquet, csv) = (
        args.format == HandsFormat::Parquet,
        args.format == HandsFormat::Csv,
    );
    if let Some(format) = args.tables.format(parquet, csv, &args.input)? {
        return write_tables(args, format);
    }
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let out = BufWriter::new(io::stdout().lock());
    let mut w = HandWriter::new(args.format, !args.incomplete, input.flush_each(), out);
    let mut matched = StreamSet::default();
    let mut failed: Option<io::Error> = None;
    let seen = collect_seen(&input, &args.decode, |h| {
        if !chosen(args, filter.as_ref(), &h) {
            return ControlFlow::Continue(());
        }
        match w.hand(&h) {
            Ok(true) => {
                matched.insert(h.stream);
                ControlFlow::Continue(())
            }
            Ok(false) => {
                let what = format!(
                    "hand {} is incomplete: left out (--incomplete writes it)",
                    h.id()
                );
                super::diag::warn(args.input.name(), &what);
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    let found = w.seen() > 0;
    w.finish()?;
    check_found(args, &seen, found)?;
    PcapOut::write_if(pcap_out, &input, &matched)
}

/// After the pass, whether a hand was `found` (with `--hand`, it): why
/// there is no hand (a warning), or that the hand `--hand` names is not
/// there (a usage error).
pub(super) fn check_found(args: &HandsArgs, seen: &Seen, found: bool) -> Result<(), CliError> {
    if seen.hands == 0 {
        super::diag::warn(args.input.name(), &why_no_hands(seen));
    }
    match args.hand {
        Some(id) if !found => Err(CliError::Usage(format!(
            "{}: no hand {id} (`cardshark hands` lists them)",
            args.input.name()
        ))),
        _ => Ok(()),
    }
}

/// Whether `h` is written: `--hand` and `-Y` (`filter`) let it through.
pub(super) fn chosen(args: &HandsArgs, filter: Option<&Filter<Vec<String>>>, h: &Hand) -> bool {
    args.hand.is_none_or(|id| id.matches(h)) && (filter.is_none() || passes(filter, &hand_json(h)))
}

/// `count` things, with `what` in the singular or the plural.
fn plural(count: u64, what: &str) -> String {
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}

/// The streams of a tally by protocol, as tables name it: `gls: 2,
/// websocket/pokerth-1: 1, unknown: 1` (`?` in a table).
fn by_protocol(seen: &Seen, poker: bool) -> String {
    let is_poker = |l: &str| {
        let name = l.strip_prefix("websocket/").unwrap_or(l);
        name.starts_with("pokerth") || name.starts_with("pokernetwork")
    };
    let mut names: Vec<(&str, u64)> = (seen.streams.iter())
        .filter(|(l, _)| is_poker(l) == poker)
        .map(|(l, n)| (if l == "?" { "unknown" } else { l.as_str() }, *n))
        .collect();
    names.sort_unstable();
    (names.iter())
        .map(|(l, n)| format!("{l}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a capture gave no hand, from what the collector saw.
fn why_no_hands(seen: &Seen) -> String {
    let streams: u64 = seen.streams.values().sum();
    let cut = if seen.cut > 0 {
        format!(
            "; the snapshot length cut {} of stream data (capture with a larger one: tcpdump -s 0)",
            plural(seen.cut, "byte")
        )
    } else {
        String::new()
    };
    if streams == 0 {
        return "no hands: the capture holds no TCP stream".into();
    }
    if seen.poker_streams == 0 {
        if seen.bytes == 0 && seen.cut > 0 {
            return format!(
                "no hands: the snapshot length cut every frame's TCP payload ({} missing), \
                 so there is nothing to decode (capture with a larger snapshot length: tcpdump -s 0)",
                plural(seen.cut, "byte")
            );
        }
        return format!(
            "no hands: no poker stream (PokerTH or poker-network) in the capture's {}: {}{cut}",
            plural(streams, "stream"),
            by_protocol(seen, false)
        );
    }
    let poker = format!(
        "{} ({})",
        plural(seen.poker_streams, "poker stream"),
        by_protocol(seen, true)
    );
    if seen.games == 0 {
        return format!("no hands: only lobby traffic: no game played on the {poker}{cut}");
    }
    // `n` of the poker streams, or all of them.
    let of = |n: u64| {
        if n == seen.poker_streams {
            format!("the {poker}")
        } else {
            format!("{n} of the {poker}")
        }
    };
    if seen.hand_starts == 0 {
        return format!(
            "no hands: game traffic on {}, but no hand starts in the capture \
             (it begins after the last start or ends before the first){cut}",
            of(seen.games)
        );
    }
    format!(
        "no hands: hands start on {}, but their dialect's messages carry no hand \
         cardshark can rebuild{cut}",
        of(seen.hand_starts)
    )
}

/// `hands --format parquet|csv -o DIR`: every hand the filters let
/// through, incomplete ones too (their `complete` column says so).
fn write_tables(args: &HandsArgs, format: Format) -> Result<(), CliError> {
    let filter = display_filter::items(
        args.display_filter.as_deref(),
        super::hand_keys::hand_scope(),
    )?;
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let capture = super::tables::capture_id(&input)?;
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
        return Err(super::tables::error(e));
    }
    out.finish().map_err(super::tables::error)?;
    check_found(args, &seen, !matched.is_empty())?;
    match pcap_out {
        Some(pcap) => pcap.write(&input, &matched),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(streams: &[(&str, u64)], poker: u64, games: u64, starts: u64) -> Seen {
        Seen {
            streams: streams.iter().map(|(l, n)| (l.to_string(), *n)).collect(),
            poker_streams: poker,
            games,
            hand_starts: starts,
            bytes: 100,
            ..Seen::default()
        }
    }

    #[test]
    fn every_empty_result_says_why() {
        assert_eq!(
            why_no_hands(&Seen::default()),
            "no hands: the capture holds no TCP stream"
        );
        let cut = Seen {
            cut: 1200,
            bytes: 0,
            ..seen(&[("?", 1)], 0, 0, 0)
        };
        assert!(why_no_hands(&cut).starts_with(
            "no hands: the snapshot length cut every frame's TCP payload (1200 bytes missing)"
        ));
        assert_eq!(
            why_no_hands(&seen(&[("gls", 2), ("?", 1)], 0, 0, 0)),
            "no hands: no poker stream (PokerTH or poker-network) in the capture's 3 streams: \
             gls: 2, unknown: 1"
        );
        assert_eq!(
            why_no_hands(&seen(&[("gls", 1), ("pokerth", 2)], 2, 0, 0)),
            "no hands: only lobby traffic: no game played on the 2 poker streams (pokerth: 2)"
        );
        assert!(why_no_hands(&seen(&[("pokernetwork", 1)], 1, 1, 0)).starts_with(
            "no hands: game traffic on the 1 poker stream (pokernetwork: 1), but no hand starts"
        ));
        assert_eq!(
            why_no_hands(&seen(&[("pokerth-1", 1), ("?", 1)], 1, 0, 0)),
            "no hands: only lobby traffic: no game played on the 1 poker stream (pokerth-1: 1)"
        );
        assert_eq!(
            why_no_hands(&seen(
                &[("websocket/pokerth-1", 1), ("websocket", 1)],
                1,
                0,
                0
            )),
            "no hands: only lobby traffic: no game played on the 1 poker stream \
             (websocket/pokerth-1: 1)"
        );
        assert_eq!(
            why_no_hands(&seen(&[("pokerth-2007", 2)], 2, 1, 1)),
            "no hands: hands start on 1 of the 2 poker streams (pokerth-2007: 2), but their \
             dialect's messages carry no hand cardshark can rebuild"
        );
        let partly_cut = Seen {
            cut: 1,
            ..seen(&[("gls", 1)], 0, 0, 0)
        };
        assert!(why_no_hands(&partly_cut).ends_with(
            "; the snapshot length cut 1 byte of stream data (capture with a larger one: tcpdump -s 0)"
        ));
    }
}
