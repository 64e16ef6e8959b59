//! Writing tables into a directory: a file per table, each under a
//! temporary name (`.NAME.parquet.partial`) until it is whole, then
//! renamed; rows go out in batches (a Parquet row group each) of at most
//! [`BATCH_ROWS`] rows or [`BATCH_TEXT`] bytes of text, so memory stays
//! bounded. A write that fails (a full disk) is one error, and the
//! directory is left as it was found: no file that looks complete.

use super::columns::{Column, Rows};
use super::csv;
use arrow_array::RecordBatch;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Rows of a batch (a row group), at most.
pub const BATCH_ROWS: usize = 1 << 16;

/// Bytes of text of a batch: past them the batch is written whatever its
/// rows (records whose `fields` are large).
pub const BATCH_TEXT: usize = 32 << 20;

/// How the tables are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Apache Parquet, zstd-compressed: `NAME.parquet`.
    Parquet,
    /// CSV (RFC 4180, a header row): `NAME.csv`.
    Csv,
}

impl Format {
    /// The files' extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Parquet => "parquet",
            Format::Csv => "csv",
        }
    }
}

/// Why tables could not be written.
#[derive(Debug)]
pub enum Error {
    /// The directory given cannot be used as it is (it exists, or is a
    /// file): the command line's fault.
    Usage(String),
    /// Writing failed (a full disk, no permission).
    Write(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(s) | Error::Write(s) => f.write_str(s),
        }
    }
}

/// Test hook: the bytes the tables may write in all before writing fails
/// as on a full disk (the tests' full disk). Not for users.
const DISK_VAR: &str = "CARDSHARK_TABLES_DISK_BYTES";

/// A file being written: it counts its bytes against the test hook's
/// budget and keeps the first error, which is what is reported (the
/// Parquet writer wraps errors in its own words).
struct Sink {
    file: File,
    budget: Option<Arc<AtomicU64>>,
    error: Option<io::ErrorKind>,
    first_error: Option<String>,
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(left) = &self.budget {
            let n = buf.len() as u64;
            let ok = left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |l| l.checked_sub(n));
            if ok.is_err() {
                return Err(self.failed(io::Error::from_raw_os_error(28)));
            }
        }
        self.file.write(buf).map_err(|e| self.failed(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush().map_err(|e| self.failed(e))
    }
}

impl Sink {
    fn failed(&mut self, e: io::Error) -> io::Error {
        if self.first_error.is_none() {
            self.error = Some(e.kind());
            self.first_error = Some(e.to_string());
        }
        e
    }
}

/// Where a table's batches go.
enum Out {
    Parquet(Box<ArrowWriter<Sink>>),
    Csv(BufWriter<Sink>),
}

/// One table's file.
pub struct TableFile {
    /// `DIR/NAME.parquet`.
    path: PathBuf,
    /// `DIR/.NAME.parquet.partial`, until it is whole.
    temp: PathBuf,
    rows: Rows,
    out: Option<Out>,
    /// CSV text of a batch, reused.
    text: Vec<u8>,
}

impl TableFile {
    fn create(
        dir: &Path,
        name: &str,
        columns: &[Column],
        format: Format,
        budget: Option<Arc<AtomicU64>>,
    ) -> Result<TableFile, Error> {
        let file_name = format!("{name}.{}", format.extension());
        let path = dir.join(&file_name);
        let temp = dir.join(format!(".{file_name}.partial"));
        let file = File::create(&temp)
            .map_err(|e| Error::Write(format!("{}: cannot create: {e}", temp.display())))?;
        let sink = Sink {
            file,
            budget,
            error: None,
            first_error: None,
        };
        let rows = Rows::new(columns);
        let mut table = TableFile {
            path,
            temp,
            out: None,
            text: Vec::new(),
            rows,
        };
        let out = match format {
            Format::Parquet => {
                let props = WriterProperties::builder()
                    .set_compression(Compression::ZSTD(ZstdLevel::default()))
                    .set_max_row_group_row_count(Some(BATCH_ROWS))
                    .build();
                let schema = table.rows.schema().clone();
                match ArrowWriter::try_new(sink, schema, Some(props)) {
                    Ok(w) => Out::Parquet(Box::new(w)),
                    Err(e) => return Err(table.error(&e.to_string(), None)),
                }
            }
            Format::Csv => {
                let mut w = BufWriter::with_capacity(1 << 16, sink);
                let names = columns.iter().map(|c| c.name);
                crate::output::csv::row(&mut table.text, names);
                if let Err(e) = w.write_all(&table.text) {
                    let why = e.to_string();
                    return Err(table.error(&why, Some(w.get_ref())));
                }
                table.text.clear();
                Out::Csv(w)
            }
        };
        table.out = Some(out);
        Ok(table)
    }

    /// The error for a failed write: the file's own error when it had one
    /// (a full disk), else `why`.
    fn error(&self, why: &str, sink: Option<&Sink>) -> Error {
        let why = sink.and_then(|s| s.first_error.as_deref()).unwrap_or(why);
        let full = sink.and_then(|s| s.error) == Some(io::ErrorKind::StorageFull);
        let advice = if full {
            " (the disk is full: no table was kept; free some space or write elsewhere)"
        } else {
            " (no table was kept)"
        };
        Error::Write(format!("{}: writing: {why}{advice}", self.path.display()))
    }

    fn sink(&self) -> Option<&Sink> {
        match self.out.as_ref()? {
            Out::Parquet(w) => Some(w.inner()),
            Out::Csv(w) => Some(w.get_ref()),
        }
    }

    /// Appends a row: `f` gives its values (a value per column, in order).
    pub fn append(&mut self, f: impl FnOnce(&mut Rows)) -> Result<(), Error> {
        f(&mut self.rows);
        self.rows.end();
        if self.rows.len() >= BATCH_ROWS || self.rows.text_bytes() >= BATCH_TEXT {
            self.write_batch()?;
        }
        Ok(())
    }

    /// Writes the rows appended so far.
    fn write_batch(&mut self) -> Result<(), Error> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let batch = match self.rows.finish() {
            Ok(b) => b,
            Err(e) => return Err(self.error(&e.to_string(), None)),
        };
        let written = match self.out.as_mut() {
            Some(Out::Parquet(w)) => (w.write(&batch))
                .and_then(|()| w.flush())
                .map_err(|e| e.to_string()),
            Some(Out::Csv(w)) => write_csv(w, &batch, &mut self.text),
            None => Ok(()),
        };
        written.map_err(|why| self.error(&why, self.sink()))
    }

    /// Writes what is left and closes the file, still under its temporary
    /// name.
    fn close(&mut self) -> Result<(), Error> {
        self.write_batch()?;
        let done = match self.out.as_mut() {
            Some(Out::Parquet(w)) => w.finish().map(drop).map_err(|e| e.to_string()),
            Some(Out::Csv(w)) => w.flush().map_err(|e| e.to_string()),
            None => Ok(()),
        };
        done.map_err(|why| self.error(&why, self.sink()))?;
        self.out = None;
        Ok(())
    }
}

/// Writes `batch` as CSV rows to `w`, through `text`.
fn write_csv(
    w: &mut BufWriter<Sink>,
    batch: &RecordBatch,
    text: &mut Vec<u8>,
) -> Result<(), String> {
    text.clear();
    csv::rows(batch, text);
    w.write_all(text).map_err(|e| e.to_string())
}

/// A table of a [`Tables`]: its name (the file's, without extension) and
/// columns.
pub type Spec = (&'static str, &'static [Column]);

/// The tables a command writes into a directory. Dropped before
/// [`Tables::finish`] (the command failed), it removes its temporary
/// files, and the directory when it made it.
pub struct Tables {
    dir: PathBuf,
    /// Whether this made the directory.
    made: bool,
    files: Vec<TableFile>,
}

impl Tables {
    /// Makes the directory `dir` (which must not exist, unless
    /// `overwrite`) and starts a file per table of `specs`.
    pub fn create(
        dir: &Path,
        overwrite: bool,
        format: Format,
        specs: &[Spec],
    ) -> Result<Tables, Error> {
        let shown = dir.display();
        let made = match std::fs::metadata(dir) {
            Ok(m) if !m.is_dir() => {
                return Err(Error::Usage(format!(
                    "-o {shown}: that is a file; -o names a directory for the tables"
                )))
            }
            Ok(_) if !overwrite => {
                return Err(Error::Usage(format!(
                    "-o {shown}: the directory exists; --overwrite replaces the tables in it, \
                     or name a new directory"
                )))
            }
            Ok(_) => false,
            Err(_) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Error::Write(format!("-o {shown}: cannot make it: {e}")))?;
                true
            }
        };
        let mut tables = Tables {
            dir: dir.to_path_buf(),
            made,
            files: Vec::new(),
        };
        let budget = disk_budget()?;
        for (name, columns) in specs {
            let file = TableFile::create(dir, name, columns, format, budget.clone())?;
            tables.files.push(file);
        }
        Ok(tables)
    }

    /// The file of the `n`th table of the specs given.
    pub fn table(&mut self, n: usize) -> &mut TableFile {
        &mut self.files[n]
    }

    /// Writes what is left, closes every file and gives each its name.
    pub fn finish(mut self) -> Result<(), Error> {
        for f in &mut self.files {
            f.close()?;
        }
        for f in &self.files {
            std::fs::rename(&f.temp, &f.path).map_err(|e| {
                Error::Write(format!("{}: cannot rename it: {e}", f.temp.display()))
            })?;
        }
        self.files.clear();
        self.made = false;
        Ok(())
    }
}

impl Drop for Tables {
    fn drop(&mut self) {
        for f in &self.files {
            let _ = std::fs::remove_file(&f.temp);
            let _ = std::fs::remove_file(&f.path);
        }
        if self.made {
            let _ = std::fs::remove_dir(&self.dir);
        }
    }
}

/// The test hook's budget, when set.
fn disk_budget() -> Result<Option<Arc<AtomicU64>>, Error> {
    match std::env::var(DISK_VAR) {
        Err(_) => Ok(None),
        Ok(v) => match v.parse::<u64>() {
            Ok(n) => Ok(Some(Arc::new(AtomicU64::new(n)))),
            Err(_) => Err(Error::Usage(format!("{DISK_VAR}={v}: not a whole number"))),
        },
    }
}
