//! Writing tables into a directory: a file per table, each under a
//! temporary name (`.NAME.parquet.partial`) until it is whole, then
//! renamed; rows go out in batches of at most [`BATCH_ROWS`] rows or
//! [`BATCH_TEXT`] bytes of text ([`super::batches`]), several to a Parquet row group
//! (`parquet.rs`), so
//! memory stays bounded. A write that fails (a full disk) is one error, and the
//! directory is left as it was found: no file that looks complete.

pub use super::batches::{Batches, BATCH_ROWS, BATCH_TEXT};
use super::columns::{Column, Rows};
use super::csv;
use super::parquet::ParquetFile;
use arrow_array::RecordBatch;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

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
    Parquet(Box<ParquetFile<Sink>>),
    /// The file, and the CSV text of a batch (reused).
    Csv(BufWriter<Sink>, Vec<u8>),
}

impl Out {
    /// Writes a batch (into the row group being made).
    fn write(&mut self, batch: &RecordBatch) -> Result<(), String> {
        match self {
            Out::Parquet(w) => w.write(batch).map_err(|e| e.to_string()),
            Out::Csv(w, text) => {
                text.clear();
                csv::rows(batch, text);
                w.write_all(text).map_err(|e| e.to_string())
            }
        }
    }

    /// Writes what the file still lacks (Parquet's footer) and flushes it.
    fn finish(&mut self) -> Result<(), String> {
        match self {
            Out::Parquet(w) => w.finish().map_err(|e| e.to_string()),
            Out::Csv(w, _) => w.flush().map_err(|e| e.to_string()),
        }
    }

    fn sink(&self) -> &Sink {
        match self {
            Out::Parquet(w) => w.inner(),
            Out::Csv(w, _) => w.get_ref(),
        }
    }
}

/// The error for a failed write of the table at `path`: the file's own
/// error when it had one (a full disk), else `why`.
fn write_error(path: &Path, why: &str, sink: Option<&Sink>) -> Error {
    let why = sink.and_then(|s| s.first_error.as_deref()).unwrap_or(why);
    let full = sink.and_then(|s| s.error) == Some(io::ErrorKind::StorageFull);
    let advice = if full {
        " (the disk is full: no table was kept; free some space or write elsewhere)"
    } else {
        " (no table was kept)"
    };
    Error::Write(format!("{}: writing: {why}{advice}", path.display()))
}

/// The thread that encodes, compresses and writes a table's batches while
/// the next one is made (which then waits for it: two batches in memory
/// at most, the one written and the one made).
struct Encoder {
    batches: Option<SyncSender<RecordBatch>>,
    thread: Option<JoinHandle<Result<(), Error>>>,
}

impl Encoder {
    fn start(path: PathBuf, mut out: Out) -> Result<Encoder, Error> {
        let (batches, to_write) = sync_channel::<RecordBatch>(0);
        let shown = path.display().to_string();
        let thread = std::thread::Builder::new()
            .name("table writer".into())
            .spawn(move || {
                for batch in to_write {
                    if let Err(why) = out.write(&batch) {
                        return Err(write_error(&path, &why, Some(out.sink())));
                    }
                }
                out.finish()
                    .map_err(|why| write_error(&path, &why, Some(out.sink())))
            })
            .map_err(|e| Error::Write(format!("{shown}: cannot start its writer: {e}")))?;
        Ok(Encoder {
            batches: Some(batches),
            thread: Some(thread),
        })
    }

    /// Hands `batch` to the thread; its error if it has stopped on one.
    fn write(&mut self, batch: RecordBatch) -> Result<(), Error> {
        match &self.batches {
            Some(b) if b.send(batch).is_ok() => Ok(()),
            _ => self.end(),
        }
    }

    /// No more batches: waits for the file to be whole; its error.
    fn end(&mut self) -> Result<(), Error> {
        self.batches = None;
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(done)) => done,
            Some(Err(_)) => Err(Error::Write("the table writer stopped".into())),
            None => Ok(()),
        }
    }
}

/// One table's file.
pub struct TableFile {
    /// `DIR/NAME.parquet`.
    path: PathBuf,
    /// `DIR/.NAME.parquet.partial`, until it is whole.
    temp: PathBuf,
    rows: Rows,
    out: Encoder,
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
        let out = match format {
            Format::Parquet => {
                let schema = rows.schema().clone();
                match ParquetFile::try_new(sink, schema, columns) {
                    Ok(w) => Out::Parquet(Box::new(w)),
                    Err(e) => return Err(write_error(&path, &e.to_string(), None)),
                }
            }
            Format::Csv => {
                let mut w = BufWriter::with_capacity(1 << 16, sink);
                let mut header = Vec::new();
                crate::output::csv::row(&mut header, columns.iter().map(|c| c.name));
                if let Err(e) = w.write_all(&header) {
                    return Err(write_error(&path, &e.to_string(), Some(w.get_ref())));
                }
                Out::Csv(w, Vec::new())
            }
        };
        let out = Encoder::start(path.clone(), out)?;
        Ok(TableFile {
            path,
            temp,
            rows,
            out,
        })
    }

    /// Appends a row: `f` gives its values (a value per column, in order).
    pub fn append(&mut self, f: impl FnOnce(&mut Rows)) -> Result<(), Error> {
        f(&mut self.rows);
        self.rows.end();
        if self.rows.is_full() {
            send(&self.path, &mut self.out, &mut self.rows)?;
        }
        Ok(())
    }

    /// Hands the rows of `table` (a table that makes its own batches, as
    /// `records` does) to the writer, if it has any.
    pub fn write(&mut self, table: &mut impl Batches) -> Result<(), Error> {
        send(&self.path, &mut self.out, table)
    }

    /// Writes what is left and closes the file, still under its temporary
    /// name.
    fn close(&mut self) -> Result<(), Error> {
        send(&self.path, &mut self.out, &mut self.rows)?;
        self.out.end()
    }
}

/// Hands the rows of `table` to `out` as a batch, if it has any; an error
/// names `path`.
fn send(path: &Path, out: &mut Encoder, table: &mut impl Batches) -> Result<(), Error> {
    if table.is_empty() {
        return Ok(());
    }
    match table.finish() {
        Ok(batch) => out.write(batch),
        Err(e) => Err(write_error(path, &e.to_string(), None)),
    }
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
        for f in &mut self.files {
            // The writer ends (with what it had), then its file goes.
            let _ = f.out.end();
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
