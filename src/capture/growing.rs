//! One file of a watched directory (`watch.rs`) as a byte stream that
//! waits while the file is being written: at the end of what is written
//! so far, a read waits (polling the file's size) until the file grows,
//! until it is finished (a later capture file has appeared in the
//! directory: the writer has moved on to it), or until reading is to stop.
//! A file that shrinks, or whose name comes to stand for another file
//! (replaced, or removed while nothing followed it), is a read error
//! saying so.
//!
//! Its [`Ready`] probe tells the capture reader whether a read would
//! wait, so that the pipeline hands on what it has before (as for a
//! pipe, `fed.rs`).

use super::reader::Ready;
use super::watched::{Dir, POLL};
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// What the stream and its probe share.
struct Shared {
    file: File,
    /// The file's path, to see whether it still names this file.
    path: PathBuf,
    /// The file's name in the directory.
    name: String,
    /// The directory watched.
    dir: Arc<Dir>,
    /// Bytes read so far.
    pos: AtomicU64,
}

/// A file being written, read to its end and waiting there until it is
/// finished; see the [module docs](self).
pub(super) struct Growing(Arc<Shared>);

impl Growing {
    /// The file `name` of directory `dir`, open as `file`; reading ends
    /// (as at the end of the file) once the watch stops.
    pub(super) fn new(file: File, dir: &Arc<Dir>, name: &str) -> Self {
        Growing(Arc::new(Shared {
            file,
            path: dir.join(name),
            name: name.to_string(),
            dir: Arc::clone(dir),
            pos: AtomicU64::new(0),
        }))
    }

    /// Whether a read has bytes to take, or an end to report, waiting up
    /// to the milliseconds given (checked every 10 ms).
    pub(super) fn ready(&self) -> Ready {
        let shared = Arc::clone(&self.0);
        Box::new(move |ms: i32| {
            let until = std::time::Instant::now()
                + std::time::Duration::from_millis(u64::try_from(ms).unwrap_or(0));
            loop {
                if shared.ready() {
                    return true;
                }
                if std::time::Instant::now() >= until {
                    return false;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        })
    }
}

impl Shared {
    /// True when a read would not wait: the file has grown past what was
    /// read (or shrank, or was replaced or removed: the read says so), a
    /// later file exists (the end is near), or reading stops.
    fn ready(&self) -> bool {
        self.dir.stopped()
            || (self.file.metadata()).is_ok_and(|m| m.len() != self.pos.load(Relaxed))
            || self.same_file().is_err()
            || self.dir.later_capture(&self.name)
    }

    /// At the end of what was read: an error if the file shrank (rewritten
    /// in place), else its size.
    fn size(&self) -> io::Result<u64> {
        let (len, pos) = (self.file.metadata()?.len(), self.pos.load(Relaxed));
        if len < pos {
            return Err(io::Error::other(format!(
                "the file shrank from {pos} to {len} bytes while it was read \
                 (rewritten in place?)"
            )));
        }
        Ok(len)
    }

    /// An error if the path no longer names the file being read.
    fn same_file(&self) -> io::Result<()> {
        match std::fs::metadata(&self.path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(io::Error::other(
                "the file was removed while it was read, before a later one appeared",
            )),
            Err(e) => Err(e),
            Ok(now) if !same(&now, &self.file.metadata()?) => Err(io::Error::other(
                "the file was replaced by another of the same name while it was read",
            )),
            Ok(_) => Ok(()),
        }
    }

    /// Reads into `buf`, counting the bytes.
    fn read_some(&self, buf: &mut [u8]) -> io::Result<usize> {
        let n = (&self.file).read(buf)?;
        self.pos.fetch_add(n as u64, Relaxed);
        Ok(n)
    }
}

impl Read for Growing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let s = &*self.0;
        loop {
            let n = s.read_some(buf)?;
            if n > 0 || buf.is_empty() || s.dir.stopped() {
                return Ok(n);
            }
            if s.size()? > s.pos.load(Relaxed) {
                continue;
            }
            if s.dir.later_capture(&s.name) {
                // The writer has moved on: what it wrote before is there
                // to read now, and nothing more comes.
                return s.read_some(buf);
            }
            s.same_file()?;
            std::thread::sleep(POLL);
        }
    }
}

/// Whether two metadata are of the same file.
#[cfg(unix)]
fn same(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// Whether two metadata are of the same file (told by size alone here).
#[cfg(not(unix))]
fn same(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    a.len() >= b.len()
}
