//! The directory of a watch (`watch.rs`), as the watch and the file it
//! reads (`growing.rs`) share it: the files done with, the next one, and
//! whether a later capture file has appeared (the writer has moved on).
//! Looking for later files also finds those that are not captures, to be
//! skipped with a warning at once rather than when their turn comes.
//!
//! A writer may compress each file once it is done with it (tcpdump
//! `-z gzip`): `cap.pcap0.gz` then appears beside `cap.pcap0`, which is
//! removed, and is not read again (the same frames): a file named as one
//! of the last files read with a compression suffix is left out.

use super::source::{natural, starts_like_a_capture};
use std::collections::{HashSet, VecDeque};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// How often a watch looks again at a file that has not grown, or at a
/// directory without a new file.
pub(super) const POLL: Duration = Duration::from_millis(100);

/// A watched directory; see the [module docs](self).
pub(super) struct Dir {
    path: PathBuf,
    stop: &'static AtomicBool,
    /// The names of the files read or skipped (of those still there).
    done: Mutex<HashSet<String>>,
    /// Files found not to be captures, not skipped yet. (Locked before
    /// `done` when both are.)
    strays: Mutex<Vec<String>>,
    /// Whether `strays` holds any: looked at for every frame, unlocked.
    has_strays: AtomicBool,
    /// The last files read (at most [`RECENT`]), whose compressed copies
    /// are not read again.
    recent: Mutex<VecDeque<String>>,
}

/// How many of the last files read a compressed copy is looked for.
const RECENT: usize = 64;

/// The suffixes a writer's compression adds (`tcpdump -z gzip`, ...).
const COMPRESSED: [&str; 5] = [".gz", ".zst", ".bz2", ".xz", ".lz4"];

/// The lock of `m`, also if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Dir {
    /// Directory `path`, watched until `stop` is set.
    pub(super) fn new(path: &Path, stop: &'static AtomicBool) -> Self {
        Dir {
            path: path.to_path_buf(),
            stop,
            done: Mutex::default(),
            strays: Mutex::default(),
            has_strays: AtomicBool::new(false),
            recent: Mutex::default(),
        }
    }

    /// Whether a compressed copy of file `name` is there (it was
    /// compressed and removed before it could be read).
    pub(super) fn has_copy(&self, name: &str) -> bool {
        COMPRESSED
            .iter()
            .any(|c| self.path.join(format!("{name}{c}")).is_file())
    }

    /// The path of file `name` of the directory.
    pub(super) fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// Whether reading is to stop.
    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Notes that file `name` is done with (read, or skipped): it is not
    /// read again; nor a compressed copy of it once it is `read`.
    pub(super) fn done(&self, name: &str, read: bool) {
        lock(&self.done).insert(name.to_string());
        if !read {
            return;
        }
        let mut recent = lock(&self.recent);
        if recent.len() == RECENT {
            recent.pop_front();
        }
        recent.push_back(name.to_string());
    }

    /// The first file of the directory (natural order) not done with,
    /// if any now; compressed copies of files read are left out. Names
    /// gone from the directory are forgotten.
    pub(super) fn next(&self) -> io::Result<Option<String>> {
        let names = listing(&self.path)?;
        let recent = lock(&self.recent);
        let copy = |n: &str| {
            let stem = COMPRESSED.iter().find_map(|c| n.strip_suffix(c));
            stem.is_some_and(|stem| recent.iter().any(|r| r == stem))
        };
        let mut done = lock(&self.done);
        done.retain(|n| names.binary_search_by(|x| natural(x, n)).is_ok());
        for n in names {
            if done.contains(&n) {
                continue;
            }
            if !copy(&n) {
                return Ok(Some(n));
            }
            done.insert(n);
        }
        Ok(None)
    }

    /// Whether the directory holds a capture file after `name` (natural
    /// order) not done with: the writer of `name` has moved on to it. A
    /// file that is not a capture does not count, wherever it sorts (it
    /// is noted, to be skipped: [`Dir::take_strays`]); nor does one too
    /// short to tell yet.
    pub(super) fn later_capture(&self, name: &str) -> bool {
        let Ok(mut names) = listing(&self.path) else {
            return false;
        };
        {
            let done = lock(&self.done);
            names.retain(|n| n != name && !done.contains(n));
        }
        for n in names {
            match starts_like_a_capture(&self.path.join(&n)) {
                Some(true) if natural(&n, name).is_gt() => return true,
                Some(false) => self.stray(n),
                _ => {}
            }
        }
        false
    }

    /// Notes `name`, which is not a capture, to be skipped.
    fn stray(&self, name: String) {
        let mut strays = lock(&self.strays);
        if !strays.contains(&name) && !lock(&self.done).contains(&name) {
            strays.push(name);
            self.has_strays.store(true, Relaxed);
        }
    }

    /// Whether files not captures wait to be skipped.
    pub(super) fn has_strays(&self) -> bool {
        self.has_strays.load(Relaxed)
    }

    /// The files found not to be captures since the last call, now done
    /// with.
    pub(super) fn take_strays(&self) -> Vec<String> {
        if !self.has_strays.load(Relaxed) {
            return Vec::new();
        }
        let mut strays = lock(&self.strays);
        self.has_strays.store(false, Relaxed);
        let mut done = lock(&self.done);
        done.extend(strays.iter().cloned());
        std::mem::take(&mut *strays)
    }
}

/// The names of the files of `dir` a watch considers (not those starting
/// with a dot, which writers use for files in the making; not
/// subdirectories), in natural order.
fn listing(dir: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        // The entry's type costs no look at the file, but a link's target's does.
        let file = match entry.file_type()? {
            t if t.is_symlink() => entry.path().is_file(),
            t => t.is_file(),
        };
        if file {
            names.push(name);
        }
    }
    names.sort_by(|a, b| natural(a, b));
    Ok(names)
}
