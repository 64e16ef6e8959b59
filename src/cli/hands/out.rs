//! Where `hands` writes hands as they end: standard output (`write.rs`)
//! or a tracker's import folder (`folder.rs`), as the options name it.

use super::args::{HandsArgs, HandsFormat};
use super::folder::Folder;
use super::session::Kind;
use super::write::HandWriter;
use crate::cli::passes::hands::JoinedHand;
use crate::cli::{CliError, InputArgs};
use std::io::{self, BufWriter};
use std::path::Path;

/// The tracker's folder the options name (`--format text|ohh -o DIR`), if
/// any; options that do not go together are usage errors.
pub(super) fn folder_of(args: &HandsArgs) -> Result<Option<&Path>, CliError> {
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
pub(super) enum Out<'a> {
    Stdout(HandWriter<BufWriter<io::StdoutLock<'a>>>),
    Folder(Folder),
}

impl Out<'static> {
    /// The output for `args`: the tracker's folder `folder`
    /// ([`folder_of`]), else standard output; results go out as they come
    /// when `input` says so.
    pub(super) fn open(
        args: &HandsArgs,
        folder: Option<&Path>,
        input: &InputArgs,
    ) -> Result<Self, CliError> {
        Ok(match folder {
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
                    Folder::create(dir, kind, site, !args.incomplete, each)
                        .map_err(CliError::Other)?,
                )
            }
            None => {
                let out = BufWriter::new(io::stdout().lock());
                let w = HandWriter::new(args.format, !args.incomplete, input.flush_each(), out);
                Out::Stdout(w.site(args.site.clone()))
            }
        })
    }
}

impl Out<'_> {
    /// Writes `j`: the hand to standard output, or each view to its
    /// hero's file in a folder (its own hero's history under the hand's
    /// number). Returns the ids of what was left out, incomplete: the
    /// hand's, or its views'.
    pub(super) fn hand(&mut self, j: &JoinedHand) -> io::Result<Vec<String>> {
        let mut left_out = Vec::new();
        match self {
            Out::Stdout(w) => {
                if !w.hand(&j.hand)? {
                    left_out.push(j.hand.id());
                }
            }
            Out::Folder(f) => {
                for (v, _) in &j.views {
                    if !f.hand(v)? {
                        left_out.push(v.view_id());
                    }
                }
            }
        }
        Ok(left_out)
    }

    /// Hands given so far, written or left out.
    pub(super) fn seen(&self) -> u64 {
        match self {
            Out::Stdout(w) => w.seen(),
            Out::Folder(f) => f.seen,
        }
    }

    /// The command's error for a hand that could not be written: a
    /// folder's names its file.
    pub(super) fn error(&self, e: io::Error) -> CliError {
        match self {
            Out::Stdout(_) => e.into(),
            Out::Folder(_) => CliError::Other(e.to_string()),
        }
    }

    /// Ends the output; a folder tells on standard error what it got.
    pub(super) fn finish(self) -> Result<(), CliError> {
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
