//! `cardshark hands`: the poker hands of a capture, as a table, as
//! PokerStars text or as Open Hand History (the specification's `.ohh`
//! storage format, or JSON Lines).
//!
//! Each hand is written as soon as it ends, to standard output
//! (`write.rs`) or, with `--format text|ohh -o DIR`, into a tracker's
//! import folder (`folder.rs`, a file per table session, `session.rs`), in
//! the order the hands end in the capture (the same for a file and for a
//! live run of the same traffic, at any thread count); hands still open
//! when the input ends follow, in stream order. Nothing is kept: memory
//! does not grow with the capture.
//!
//! A capture that gives no hand is told why on standard error (no poker
//! stream, only lobby traffic, poker streams whose messages carry no hand,
//! stream data cut by the snapshot length), and `hands` exits 0.

mod empty;
mod folder;
mod session;
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
use folder::Folder;
use session::Kind;
use std::io::{self, BufWriter};
use std::ops::ControlFlow;
use write::HandWriter;
pub use write::HandsFormat;
#[cfg(test)]
pub(crate) use write::HEADERS;

/// What `cardshark hands --help` (and its man page) says after the options.
pub const AFTER_HELP: &str = "\
Hand ids: STREAM:HAND, the TCP stream (as `decode` numbers it) and the hand's number on it \
(poker-network's hand serial; for PokerTH its position on the stream). Other tools get a \
number as PokerStars' `Hand #` and OHH's `game_number`: XXH3-64 of the protocol, the \
connection's client and server addresses and the time the hand started, so the same hand has \
the same number in every run, from this capture, from one that has grown since or from another \
of the same traffic (streams are numbered anew in each). The server's own hand number stays \
beside it: the text's `cardshark id ..., server hand number N` line, OHH's \
`cardshark.server_number`.

A tracker's import folder: --format text (or ohh) -o DIR writes a file per table session (a \
table, a hero, a day in UTC) as PokerStars names them, DIR/HERO/HH20261128 TABLE - 10-20 - Play \
Money No Limit Hold'em.txt (.ohh), HERO `Observer` for hands the capture's client is not dealt \
in. Each hand is added to its file when it ends, whole (one write; a write that fails is cut \
off again), and never twice: a hand whose number the file holds is left out, so running again \
over the same capture, or over one that continues it, adds only new hands. DIR is made if \
missing and may hold files (they are added to; other files are left alone). Files reach the \
disk after each hand when the input is live or a pipe (or -l), otherwise at the end.

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
    /// The site the headers name: the text's `SITE Hand #N:` (default
    /// `PokerStars`, the name trackers and pokerkit look for) and OHH's
    /// `site_name` and `network_name` (default the protocol's: `PokerTH`,
    /// `poker-network`).
    #[arg(long, value_name = "NAME", value_hint = ValueHint::Other)]
    pub site: Option<String>,
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
    let folder = folder_of(args)?;
    if folder.is_none() {
        let (parquet, csv) = (
            args.format == HandsFormat::Parquet,
            args.format == HandsFormat::Csv,
        );
        if let Some(format) = args.tables.format(parquet, csv, &args.input)? {
            return write_tables(args, format);
        }
    }
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let mut w = match folder {
        Some(dir) if dir.exists() && !dir.is_dir() => {
            let m = format!("{}: that is a file; -o names a directory", dir.display());
            return Err(CliError::Usage(m));
        }
        Some(dir) => {
            let kind = if args.format == HandsFormat::Text {
                Kind::Text
            } else {
                Kind::Ohh
            };
            let (site, each) = (args.site.clone(), input.flush_each());
            Out::Folder(
                Folder::create(dir, kind, site, !args.incomplete, each).map_err(CliError::Other)?,
            )
        }
        None => {
            let out = BufWriter::new(io::stdout().lock());
            let w = HandWriter::new(args.format, !args.incomplete, input.flush_each(), out);
            Out::Stdout(w.site(args.site.clone()))
        }
    };
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
        return Err(w.error(e));
    }
    let found = w.seen() > 0;
    w.finish()?;
    check_found(args, &seen, found)?;
    PcapOut::write_if(pcap_out, &input, &matched)
}

/// The tracker's folder the options name (`--format text|ohh -o DIR`), if
/// any; options that do not go together are usage errors.
fn folder_of(args: &HandsArgs) -> Result<Option<&std::path::Path>, CliError> {
    use HandsFormat::{Jsonl, Ohh, Table, Text};
    let usage = |m: &str| Err(CliError::Usage(m.into()));
    if args.site.is_some() && !matches!(args.format, Text | Ohh | Jsonl) {
        return usage("--site names the site of hand histories: --format text, ohh or jsonl");
    }
    let dir = args.tables.output.as_deref();
    match (args.format, dir) {
        (Text | Ohh, Some(_)) if args.tables.overwrite => usage(
            "--overwrite replaces tables; a tracker's folder (--format text or ohh -o DIR) is \
             added to, a hand it holds never written again",
        ),
        (Table | Jsonl, Some(_)) => usage(
            "-o DIR goes with --format text or ohh (a tracker's import folder) or parquet or \
             csv (tables); other formats go to standard output",
        ),
        (Text | Ohh, dir) => Ok(dir),
        _ => Ok(None),
    }
}

/// Where `run` writes hands: standard output, or a tracker's folder.
enum Out<'a> {
    Stdout(HandWriter<BufWriter<io::StdoutLock<'a>>>),
    Folder(Folder),
}

impl Out<'_> {
    /// Writes `h`; false when it is left out (incomplete).
    fn hand(&mut self, h: &Hand) -> io::Result<bool> {
        match self {
            Out::Stdout(w) => w.hand(h),
            Out::Folder(f) => f.hand(h),
        }
    }

    /// Hands given so far, written or left out.
    fn seen(&self) -> u64 {
        match self {
            Out::Stdout(w) => w.seen(),
            Out::Folder(f) => f.seen,
        }
    }

    /// The command's error for a hand that could not be written: a
    /// folder's names its file.
    fn error(&self, e: io::Error) -> CliError {
        match self {
            Out::Stdout(_) => e.into(),
            Out::Folder(_) => CliError::Other(e.to_string()),
        }
    }

    /// Ends the output; a folder tells on standard error what it got.
    fn finish(self) -> Result<(), CliError> {
        match self {
            Out::Stdout(w) => Ok(w.finish()?),
            Out::Folder(f) => {
                f.finish()
                    .map_err(|e| CliError::Other(format!("syncing the folder: {e}")))?;
                eprintln!(
                    "cardshark: {} hands written into {} files, {} already there",
                    f.written,
                    f.files(),
                    f.already
                );
                Ok(())
            }
        }
    }
}

/// After the pass, whether a hand was `found` (with `--hand`, it): why
/// there is no hand (a warning), or that the hand `--hand` names is not
/// there (a usage error).
pub(super) fn check_found(args: &HandsArgs, seen: &Seen, found: bool) -> Result<(), CliError> {
    if seen.hands == 0 {
        super::diag::warn(args.input.name(), &empty::why_no_hands(seen));
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
