//! `-o DIR` and `--overwrite`, shared by the commands that write tables
//! (`decode`'s `records`: `decode/records.rs`; `hands`' `hands`, `actions`
//! and `players`: `hands.rs`) as Parquet (`--format parquet`) or CSV files
//! (`--format csv`): checking the directory, making the tables, the
//! capture's id. The commands call it; it calls none of them.

use super::{CliError, InputArgs};
use cardshark::capture::{stdin_head, CaptureError};
use cardshark::output::tables::ids::{self, EDGE};
use cardshark::output::tables::{self, Format, Tables};
use clap::{Args, ValueHint};
use std::path::PathBuf;

/// `-o DIR` and `--overwrite`.
#[derive(Args, Debug, Clone, Default)]
pub struct TableArgs {
    /// With --format parquet (or csv): write tables into the directory DIR
    /// (made; it must not exist, see --overwrite), a file per table,
    /// instead of standard output. hands --format text (or ohh): DIR is a
    /// tracker's import folder (made if missing, added to), a file per
    /// table session.
    #[arg(short = 'o', long = "output", value_name = "DIR", value_hint = ValueHint::DirPath,
          long_help = output_help())]
    pub output: Option<PathBuf>,
    /// With -o: DIR may exist; the tables this command writes replace any
    /// there (other files are left alone).
    #[arg(long, requires = "output")]
    pub overwrite: bool,
}

/// The long help of `-o`: what it writes, and every table's columns with
/// their types (docs/tables.md says what each holds).
fn output_help() -> String {
    let mut s = String::from(
        "With --format parquet (or csv): write tables into the directory DIR (made; it must \
         not exist, see --overwrite), a file per table, instead of standard output: decode \
         writes records.parquet, hands writes hands.parquet, actions.parquet and \
         players.parquet (.csv with --format csv). Each file is written under a temporary \
         name and renamed when whole. Every table carries ids unique across captures: \
         capture (XXH3-64 of the capture file's size and first and last MiB), stream_uid \
         (of the capture id, the stream's first frame and endpoints) and hand_uid (of the \
         stream_uid and the hand's number). Columns (whole numbers signed 64-bit, times \
         microseconds in UTC; docs/tables.md says what each holds):",
    );
    for (name, columns) in tables::ALL {
        let list: Vec<String> = (columns.iter())
            .map(|c| format!("{} {}", c.name, c.kind.sql()))
            .collect();
        s.push_str(&format!("\n\n{name}: {}", list.join(", ")));
    }
    s.push_str(
        "\n\nhands --format text (or ohh) -o DIR: DIR is a tracker's import folder, made if \
         missing and added to if not: a file per table session (a table, a hero, a day in UTC), \
         DIR/HERO/HH20261128 TABLE - 10-20 - Play Money No Limit Hold'em.txt (.ohh), each hand \
         added whole as it ends, never twice (cardshark hands --help); --overwrite does not apply.",
    );
    s
}

impl TableArgs {
    /// The tables to write, if any: `parquet` and `csv` say whether the
    /// command's `--format` is Parquet or CSV. Parquet goes with `-o`
    /// only, `-o` with those two only, and not with a live capture.
    pub fn format(
        &self,
        parquet: bool,
        csv: bool,
        input: &InputArgs,
    ) -> Result<Option<Format>, CliError> {
        let usage = |m: &str| Err(CliError::Usage(m.into()));
        match (&self.output, parquet, csv) {
            (None, true, _) => {
                usage("--format parquet writes a table per file: name their directory with -o DIR")
            }
            (None, ..) => Ok(None),
            (Some(_), false, false) => usage(
                "-o DIR writes tables: it goes with --format parquet or csv \
                 (other formats go to standard output)",
            ),
            (Some(_), ..) if input.is_live() => usage(
                "-o DIR writes tables from capture files: capture with -i IFACE -w FILE.pcapng, \
                 then read FILE.pcapng",
            ),
            (Some(_), true, _) => Ok(Some(Format::Parquet)),
            (Some(_), ..) => Ok(Some(Format::Csv)),
        }
    }

    /// Makes the directory and starts the files of `specs`.
    pub(super) fn create(
        &self,
        format: Format,
        specs: &[tables::writer::Spec],
    ) -> Result<Tables, CliError> {
        let dir = self.output.as_deref().unwrap_or(std::path::Path::new("."));
        Tables::create(dir, self.overwrite, format, specs).map_err(error)
    }
}

/// The command's error for a table that could not be written.
pub(super) fn error(e: tables::Error) -> CliError {
    match e {
        tables::Error::Usage(m) => CliError::Usage(m),
        tables::Error::Write(m) => CliError::Other(m),
    }
}

/// The capture id of the input (its files, or standard input: see
/// `output::tables::ids`).
pub(super) fn capture_id(input: &InputArgs) -> Result<i64, CliError> {
    let mut parts = Vec::new();
    for s in input.sources()? {
        // The words of the capture reader's own errors.
        let id = match &s.path {
            Some(path) => ids::capture_of_file(path).map_err(|e| {
                CaptureError::new(
                    &s.name,
                    format!("cannot open: {e} (check the path and permissions)"),
                )
            }),
            None => stdin_head(EDGE)
                .map(|head| ids::capture_of_stdin(&head))
                .map_err(|e| CaptureError::new(&s.name, format!("cannot read: {e}"))),
        };
        parts.push(id?);
    }
    Ok(ids::capture_of_inputs(&parts))
}
