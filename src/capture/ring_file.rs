//! The files of live capture's `-w FILE`: one file, or with `-b` a ring
//! buffer of them named and rotated as dumpcap does (the policy is
//! `ring.rs`'s). [`RingWriter`] writes each captured packet's block to
//! the current file at once, starts the next file when [`Rotation`] says
//! so and deletes the oldest as [`Kept`] says.
//!
//! Every file is a whole capture: it starts with its own headers, and a
//! packet is in it whole or not at all. When a write fails (a full disk),
//! the file is cut back to its last whole packet and the writer stops
//! with an error naming the file; the files before it were closed whole.
//! Files are written under their final names, as dumpcap writes them, so
//! that a reader following the directory sees each one grow.

use super::ring::{Kept, RingNames, RingOptions, Rotation};
use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Where the files go: the file system ([`Disk`]), or a test's stand-in.
pub trait Store {
    /// An open file.
    type File: Write;
    /// Creates (or truncates) the file at `path`.
    fn create(&mut self, path: &Path) -> io::Result<Self::File>;
    /// Cuts `file` back to its first `len` bytes.
    fn cut(&mut self, file: &mut Self::File, len: u64) -> io::Result<()>;
    /// Deletes the file at `path`.
    fn remove(&mut self, path: &Path) -> io::Result<()>;
}

/// The file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl Store for Disk {
    type File = File;

    fn create(&mut self, path: &Path) -> io::Result<File> {
        File::create(path)
    }

    fn cut(&mut self, file: &mut File, len: u64) -> io::Result<()> {
        file.set_len(len)
    }

    fn remove(&mut self, path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }
}

/// Why writing the capture's files stopped.
#[derive(Debug)]
pub struct RingError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong, in words (with what became of the file).
    pub message: String,
}

impl fmt::Display for RingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for RingError {}

/// What was written, once the writer is finished.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RingReport {
    /// Files created, the deleted ones included.
    pub created: u64,
    /// The files that remain, oldest first.
    pub kept: Vec<PathBuf>,
}

/// The file being written.
struct Current<F> {
    file: F,
    path: PathBuf,
    /// Bytes of whole blocks written.
    len: u64,
}

/// Writes the captured packets to `-w FILE`'s file or files.
pub struct RingWriter<S: Store = Disk> {
    store: S,
    /// `-w FILE` alone: FILE.
    single: PathBuf,
    /// With `-b`: the names of the ring buffer's files.
    names: Option<RingNames>,
    /// The header blocks every file starts with.
    header: Vec<u8>,
    rotation: Rotation,
    kept: Kept,
    created: u64,
    current: Option<Current<S::File>>,
}

impl RingWriter<Disk> {
    /// Creates the first file of `-w file` with `opts` (`-b`), every file
    /// starting with `header`.
    pub fn create(file: &Path, opts: &RingOptions, header: Vec<u8>) -> Result<Self, RingError> {
        RingWriter::with_store(Disk, file, opts, header)
    }
}

impl<S: Store> RingWriter<S> {
    /// [`RingWriter::create`] in `store`.
    pub fn with_store(
        store: S,
        file: &Path,
        opts: &RingOptions,
        header: Vec<u8>,
    ) -> Result<Self, RingError> {
        let mut w = RingWriter {
            store,
            single: file.to_path_buf(),
            names: opts.multiple.then(|| RingNames::new(file)),
            header,
            rotation: Rotation::new(opts),
            kept: Kept::new(opts.files),
            created: 0,
            current: None,
        };
        w.next_file()?;
        Ok(w)
    }

    /// Writes one packet's `block` whole, in the file whose turn it is.
    pub fn packet(&mut self, block: &[u8]) -> Result<(), RingError> {
        self.tick()?;
        let Some(cur) = self.current.as_mut() else {
            return Err(self.stopped());
        };
        if let Err(e) = cur.file.write_all(block) {
            return Err(self.failed(e));
        }
        cur.len += block.len() as u64;
        if self.rotation.wrote(block.len() as u64) && self.names.is_some() {
            self.next_file()?;
        }
        Ok(())
    }

    /// Starts the next file if the current one's time is up (`duration`,
    /// `interval`); call it while no packet comes, too.
    pub fn tick(&mut self) -> Result<(), RingError> {
        if self.names.is_some() && self.rotation.due(Instant::now(), epoch_secs()) {
            self.next_file()?;
        }
        Ok(())
    }

    /// Closes the file being written: what was written, and what remains.
    pub fn finish(mut self) -> RingReport {
        self.current = None;
        RingReport {
            created: self.created,
            kept: self.kept.files().map(Path::to_path_buf).collect(),
        }
    }

    /// Closes the current file, deletes the oldest if as many as are kept
    /// exist, and creates the next one with its header.
    fn next_file(&mut self) -> Result<(), RingError> {
        self.current = None;
        if let Some(old) = self.kept.make_room() {
            // Gone already is as good (dumpcap ignores this error too).
            let _ = self.store.remove(&old);
        }
        let path = match &self.names {
            Some(names) => {
                let now = chrono::Local::now().format("%Y%m%d%H%M%S");
                names.name(self.created + 1, now)
            }
            None => self.single.clone(),
        };
        let mut file = self.store.create(&path).map_err(|e| RingError {
            path: path.clone(),
            message: format!("cannot create: {e}"),
        })?;
        self.created += 1;
        if let Err(e) = file.write_all(&self.header) {
            drop(file);
            let _ = self.store.remove(&path);
            return Err(RingError {
                path,
                message: format!("cannot write: {e} (removed: it held no packet yet)"),
            });
        }
        self.kept.push(path.clone());
        let len = self.header.len() as u64;
        self.rotation.opened(Instant::now(), epoch_secs(), len);
        self.current = Some(Current { file, path, len });
        Ok(())
    }

    /// A write to the current file failed with `e`: the file is cut back
    /// to its last whole packet and closed; the error says so.
    fn failed(&mut self, e: io::Error) -> RingError {
        let Some(mut cur) = self.current.take() else {
            return self.stopped();
        };
        let kept = match self.store.cut(&mut cur.file, cur.len) {
            Ok(()) => "it ends with its last whole packet".to_string(),
            Err(cut) => format!("cutting it back to its last whole packet failed too: {cut}"),
        };
        let before = match self.kept.len() {
            0 | 1 => String::new(),
            n => format!("; the {} file(s) before it are whole", n - 1),
        };
        RingError {
            path: cur.path,
            message: format!("cannot write: {e} ({kept}{before})"),
        }
    }

    /// The error of a writer that already failed.
    fn stopped(&self) -> RingError {
        RingError {
            path: self.single.clone(),
            message: "writing stopped after an earlier error".into(),
        }
    }
}

/// Seconds since the epoch on the wall clock.
fn epoch_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
