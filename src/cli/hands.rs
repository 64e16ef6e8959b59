//! `cardshark hands`: the poker hands of a capture, as a table, as
//! PokerStars text or as Open Hand History JSON.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use crate::analysis::hands::{Hand, HandCollector, HandId};
use crate::decode::DecodeStage;
use crate::output::{hand_text, ohh, write_table};
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

/// Runs `cardshark hands`.
pub fn run(args: &HandsArgs) -> Result<(), CliError> {
    let mut hands = collect(&args.input, &args.decode)?;
    if let Some(id) = args.hand {
        hands.retain(|h| id.matches(h));
        if hands.is_empty() {
            return Err(CliError::Usage(format!(
                "{}: no hand {id} (`cardshark hands` lists them)",
                args.input.name()
            )));
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if args.format != HandsFormat::Table && !args.incomplete {
        for h in hands.iter().filter(|h| !h.complete) {
            let what = format!(
                "hand {} is incomplete: left out (--incomplete writes it)",
                h.id()
            );
            super::diag::warn(args.input.name(), &what);
        }
        hands.retain(|h| h.complete);
    }
    match args.format {
        HandsFormat::Table => {
            let headers = [
                "Id", "Stream", "Hand", "Protocol", "Table", "Players", "Pot", "Winners", "Notes",
            ];
            write_table(&mut out, &headers, hands.len(), |i| row(&hands[i]))?;
        }
        HandsFormat::Text => {
            out.write_all(hand_text::write_all(&hands).as_bytes())?;
        }
        HandsFormat::Json => {
            for h in &hands {
                serde_json::to_writer(&mut out, &ohh::hand(h)).map_err(io::Error::other)?;
                out.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
