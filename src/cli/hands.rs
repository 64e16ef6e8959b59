//! `cardshark hands`: the poker hands of a capture, as a table, as
//! PokerStars text or as Open Hand History JSON.
//!
//! Each hand is rendered as soon as it is finished (its table row's cells,
//! its text, or its JSON line) and kept as bytes in a [`Store`], which
//! spills to a temporary file past [`HANDS_IN_MEMORY`] bytes; the hands are
//! then written in the order of stream and first frame, by a merge. Memory
//! does not grow with the capture.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use crate::analysis::hands::{Hand, HandCollector, HandId};
use crate::decode::DecodeStage;
use crate::output::spill::{self, KeyedBytes, Sorted, Store};
use crate::output::{hand_text, ohh, write_table_rows};
use clap::{Args, ValueEnum};
use std::cell::Cell;
use std::io::{self, BufWriter, Write};

/// How `hands` writes hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HandsFormat {
    /// A row per hand: id, stream, hand, table, players, pot, winners, notes.
    Table,
    /// Hand histories in the PokerStars text layout.
    Text,
    /// Open Hand History objects, `{"ohh": {...}}`, one per line.
    Json,
}

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
    #[arg(long, value_name = "ID")]
    pub hand: Option<HandId>,
    /// With `--format text|json`, also write incomplete hands (they are
    /// left out by default: other tools would read them as other hands).
    #[arg(long)]
    pub incomplete: bool,
}

/// Runs the pipeline over `input` and returns every hand.
pub fn collect(input: &InputArgs, decode: &DecodeOpts) -> Result<Vec<Hand>, CliError> {
    let stop = Cell::new(false);
    let mut stage = DecodeStage::new(decode.config()?, HandCollector::new());
    let summary = input.run_until(&mut stage, &stop)?;
    warn_all(&summary.warnings());
    Ok(stage.into_sink().finish())
}

/// The table row of a hand.
fn row(h: &Hand) -> Vec<String> {
    let winners: Vec<String> = (h.winners.iter())
        .map(|w| format!("{} {}", h.name(w.player), w.amount))
        .collect();
    let mut notes: Vec<String> = h
        .notes
        .iter()
        .map(|n| format!("[{}] {}", n.frame, n.text))
        .collect();
    if !h.complete {
        notes.insert(0, "INCOMPLETE".into());
    }
    vec![
        h.id(),
        h.stream.to_string(),
        h.number.to_string(),
        h.protocol.name().to_string(),
        h.table_name
            .clone()
            .or_else(|| h.table.map(|t| t.to_string()))
            .unwrap_or_default(),
        h.seats
            .iter()
            .map(|s| s.display_name())
            .collect::<Vec<_>>()
            .join(", "),
        if h.complete {
            h.total_pot().to_string()
        } else {
            "?".into()
        },
        winners.join(", "),
        notes.join("; "),
    ]
}

/// Bytes of rendered hands held in memory (in each of the two stores, the
/// hands to write and the ids of incomplete hands left out) before they
/// are spilled to a temporary file, by default.
pub const HANDS_IN_MEMORY: usize = 4 << 20;

/// Test hook: bytes of rendered hands held in memory before `hands` spills
/// them to a temporary file (default [`HANDS_IN_MEMORY`]). Not for users:
/// the tests set it tiny to make the spilled output comparable with the
/// unspilled one.
const HANDS_IN_MEMORY_VAR: &str = "CARDSHARK_HANDS_IN_MEMORY";

/// The byte bound: [`HANDS_IN_MEMORY_VAR`] when set, else the default.
fn hands_in_memory() -> Result<usize, CliError> {
    super::bound_from_env(HANDS_IN_MEMORY_VAR, HANDS_IN_MEMORY)
}

/// What went wrong with the temporary file hands are spilled to.
fn spill_error(e: io::Error) -> CliError {
    super::spill_error("the hands", e)
}

/// A rendered hand, by (stream, first frame, order of ending): the order
/// [`HandCollector::finish`] gives.
type Item = KeyedBytes<3>;

/// The hands to write, rendered as they are finished.
struct Rendered<'a> {
    args: &'a HandsArgs,
    /// What to write, one item per hand.
    hands: Store<Item>,
    /// The ids of the incomplete hands left out, to warn about.
    left_out: Store<Item>,
    /// Hands seen so far: the last part of the key.
    seq: u64,
}

impl Rendered<'_> {
    /// Renders `h` into one of the stores, unless `--hand` names another.
    fn add(&mut self, h: &Hand) -> io::Result<()> {
        if self.args.hand.is_some_and(|id| !id.matches(h)) {
            return Ok(());
        }
        let key = [h.stream, h.first_frame, self.seq];
        self.seq += 1;
        let format = self.args.format;
        if format != HandsFormat::Table && !self.args.incomplete && !h.complete {
            return self.left_out.push(Item::new(key, h.id().into_bytes()));
        }
        let bytes = match format {
            HandsFormat::Table => spill::cells_to_bytes(&row(h))?,
            HandsFormat::Text => hand_text::write(h).into_bytes(),
            HandsFormat::Json => serde_json::to_vec(&ohh::hand(h)).map_err(io::Error::other)?,
        };
        self.hands.push(Item::new(key, bytes))
    }
}

/// Every item in order, made into `f(item)`; errors are the temporary
/// file's.
fn each<'a, T>(
    items: &'a Sorted<Item>,
    f: impl Fn(Item) -> io::Result<T> + 'a,
) -> Result<impl Iterator<Item = Result<T, CliError>> + 'a, CliError> {
    let merge = items.merge().map_err(spill_error)?;
    Ok(merge.map(move |i| i.and_then(&f).map_err(spill_error)))
}

/// Runs `cardshark hands`.
pub fn run(args: &HandsArgs) -> Result<(), CliError> {
    let bound = hands_in_memory()?;
    let mut rendered = Rendered {
        args,
        hands: Store::new(bound),
        left_out: Store::new(bound),
        seq: 0,
    };
    let mut failed: Option<io::Error> = None;
    let stop = Cell::new(false);
    let sink = |h: Hand| {
        if failed.is_none() {
            if let Err(e) = rendered.add(&h) {
                failed = Some(e);
                stop.set(true);
            }
        }
    };
    let mut stage = DecodeStage::new(args.decode.config()?, HandCollector::with_sink(sink));
    let summary = args.input.run_until(&mut stage, &stop)?;
    warn_all(&summary.warnings());
    // The open hands go to the sink too; then the sink (and its borrows)
    // is done with.
    let _ = stage.into_sink().end();
    if let Some(e) = failed {
        return Err(spill_error(e));
    }
    let hands = rendered.hands.finish().map_err(spill_error)?;
    let left_out = rendered.left_out.finish().map_err(spill_error)?;
    if let Some(id) = args.hand {
        if hands.is_empty() && left_out.is_empty() {
            return Err(CliError::Usage(format!(
                "{}: no hand {id} (`cardshark hands` lists them)",
                args.input.name()
            )));
        }
    }
    for id in each(&left_out, |i| {
        Ok(String::from_utf8_lossy(&i.bytes).into_owned())
    })? {
        let what = format!(
            "hand {} is incomplete: left out (--incomplete writes it)",
            id?
        );
        super::diag::warn(args.input.name(), &what);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    match args.format {
        HandsFormat::Table => {
            let headers = [
                "Id", "Stream", "Hand", "Protocol", "Table", "Players", "Pot", "Winners", "Notes",
            ];
            write_table_rows(&mut out, &headers, || {
                each(&hands, |i| spill::cells_from_bytes(&i.bytes))
            })?;
        }
        HandsFormat::Text => {
            for (n, text) in each(&hands, Ok)?.enumerate() {
                if n > 0 {
                    out.write_all(hand_text::SEPARATOR.as_bytes())?;
                }
                out.write_all(&text?.bytes)?;
            }
        }
        HandsFormat::Json => {
            for line in each(&hands, Ok)? {
                out.write_all(&line?.bytes)?;
                out.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
