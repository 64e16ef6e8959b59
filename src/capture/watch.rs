//! A watched directory (`--watch`): its capture files read one after
//! another as one capture, while a writer adds them (tcpdump `-G`/`-C`,
//! dumpcap `-b`), until reading is told to stop.
//!
//! Files are taken in natural order (`cap.pcap2` before `cap.pcap10`,
//! dumpcap's `PREFIX_00009_…` before `PREFIX_00010_…`), each the first
//! name not read yet; frames are numbered across them, so that one
//! pipeline, one flow table, reads them all: a connection cut by a
//! rotation is one stream. The last file is read as it grows
//! (`growing.rs`), and is finished once a later capture file appears.
//! With no file left, the watch waits for the next one.
//!
//! A file that is not a capture is skipped when its turn comes, or as
//! soon as the search for a later file meets it (`watched.rs`); one
//! damaged on the way (cut short, corrupt, shrunk or replaced while read)
//! gives its frames up to the damage, and reading goes on with the next
//! file: both are [`Skipped`](super::Skipped) files. Once `stop` is set
//! (Ctrl-C), the watch ends as a capture ends, also in the middle of a
//! file.

use super::error::Skips;
use super::growing::Growing;
use super::reader::FileReader;
use super::source::Source;
use super::watched::{Dir, POLL};
use super::{CaptureError, CaptureFormat, Frame};
use std::fs::File;
use std::io::ErrorKind::NotFound;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The files of a watched directory as one capture; see the
/// [module docs](self).
pub(super) struct Watch {
    dir: Arc<Dir>,
    /// The directory as the user named it.
    name: String,
    /// The file being read, `None` once the watch has ended.
    current: Option<FileReader>,
    format: CaptureFormat,
    frames: u64,
    /// Bytes used of the files already read.
    consumed: u64,
    /// Whether a file has been opened yet.
    began: bool,
    /// The files skipped or damaged.
    pub(super) skips: Skips,
}

impl Watch {
    /// Watches directory `dir` until `stop` is set; opens its first
    /// capture file, waiting for one to appear. Fails when `dir` is not a
    /// directory that can be listed, or when `stop` comes first.
    pub(super) fn new(dir: &str, stop: &'static AtomicBool) -> Result<Self, CaptureError> {
        if !Path::new(dir).is_dir() {
            return Err(CaptureError::new(
                dir,
                "not a directory (--watch takes one)",
            ));
        }
        let mut watch = Watch {
            dir: Arc::new(Dir::new(Path::new(dir), stop)),
            name: dir.to_string(),
            current: None,
            format: CaptureFormat::Pcap,
            frames: 0,
            consumed: 0,
            began: false,
            skips: Skips::default(),
        };
        if !watch.open_next()? {
            let what = "stopped before a capture file appeared in this directory";
            return Err(CaptureError::new(dir, what));
        }
        watch.format = watch.current.as_ref().expect("opened").format();
        Ok(watch)
    }

    /// The format of the first file.
    pub(super) fn format(&self) -> CaptureFormat {
        self.format
    }

    /// The directory, as named.
    pub(super) fn file_name(&self) -> &str {
        &self.name
    }

    /// Bytes (decompressed) used of all files so far.
    pub(super) fn bytes_consumed(&self) -> u64 {
        self.consumed + self.current.as_ref().map_or(0, FileReader::bytes_consumed)
    }

    /// True when the next frame is not in the file yet: the pipeline
    /// hands on what it has before waiting for it.
    pub(super) fn would_wait(&self) -> bool {
        self.current.as_ref().is_some_and(FileReader::would_wait)
    }

    /// Waits up to `ms` milliseconds for the file being read to have its
    /// next frame; true when it has (or no file is being read).
    pub(super) fn wait_ready(&self, ms: i32) -> bool {
        self.current.as_ref().is_none_or(|r| r.wait_ready(ms))
    }

    /// While the file being read waits to grow: files found meanwhile not
    /// to be captures are skipped now, with their warnings.
    pub(super) fn idle(&mut self) {
        if self.dir.has_strays() {
            self.skip_strays();
        }
    }

    /// The next frame, waiting for it to be written; `None` once stopped.
    /// Fails (and ends) only when the directory can no longer be listed.
    pub(super) fn next_frame(&mut self) -> Result<Option<Frame<'_>>, CaptureError> {
        self.skip_strays();
        if !self.advance()? {
            return Ok(None);
        }
        self.frames += 1;
        let frame = (self.current.as_ref())
            .and_then(FileReader::current)
            .expect("advanced");
        Ok(Some(Frame {
            number: self.frames,
            ..frame
        }))
    }

    /// Moves to the next frame, of this file or of the next ones; false
    /// once stopped.
    fn advance(&mut self) -> Result<bool, CaptureError> {
        loop {
            let Some(reader) = &mut self.current else {
                return Ok(false);
            };
            let ended = match reader.advance() {
                Ok(true) => return Ok(true),
                ended => ended,
            };
            self.consumed += reader.bytes_consumed();
            self.current = None;
            // Stopped in the middle of a record: not damage.
            if let (Err(e), false) = (ended, self.stopped()) {
                self.skips.push(e, true);
            }
            if !self.open_next()? {
                return Ok(false);
            }
        }
    }

    /// Whether the watch is to stop.
    fn stopped(&self) -> bool {
        self.dir.stopped()
    }

    /// Skips the files found not to be captures while looking for later
    /// ones, each with the error that reading it as a capture gives.
    fn skip_strays(&mut self) {
        for name in self.dir.take_strays() {
            let source = Source::file(self.dir.join(&name));
            let read = File::open(self.dir.join(&name))
                .map_err(|e| CaptureError::new(&source.name, format!("cannot open: {e}")))
                .and_then(|f| FileReader::from_reader(&source.name, Box::new(f)));
            // It may have become a capture since: then it is lost, said so.
            let e = read.err().unwrap_or_else(|| {
                CaptureError::new(&source.name, "not a capture when first seen, left out")
            });
            self.skips.push(e, false);
        }
    }

    /// Opens the next capture file, waiting for one, skipping those that
    /// are not captures; false when stopped first.
    fn open_next(&mut self) -> Result<bool, CaptureError> {
        loop {
            let Some(name) = self.next_name()? else {
                return Ok(false);
            };
            let source = Source::file(self.dir.join(&name));
            let file = File::open(self.dir.join(&name));
            self.dir.done(&name, file.is_ok());
            let file = match file {
                Ok(file) => file,
                // Compressed since it was listed: the copy comes next.
                Err(e) if e.kind() == NotFound && self.dir.has_copy(&name) => continue,
                Err(e) => {
                    let e = CaptureError::new(&source.name, format!("cannot open: {e}"));
                    self.skips.push(e, true);
                    continue;
                }
            };
            let growing = Growing::new(file, &self.dir, &name);
            let ready = growing.ready();
            match FileReader::from_reader(&source.name, Box::new(growing)) {
                Ok(reader) => {
                    self.current = Some(reader.fed(ready));
                    self.began = true;
                    return Ok(true);
                }
                Err(_) if self.stopped() => return Ok(false),
                Err(e) => {
                    // Not a capture at all, or one cut inside its header.
                    let m = &e.message;
                    let damaged = !m.starts_with("not a pcap") && !m.starts_with("empty file");
                    self.skips.push(e, damaged);
                }
            }
        }
    }

    /// The first file of the directory (natural order) not read yet,
    /// waiting for one; `None` once stopped. (The first file of the
    /// watch is read also when it was stopped before opening it: a
    /// watch stopped at once reads what the directory's first file
    /// holds, not nothing.)
    fn next_name(&mut self) -> Result<Option<String>, CaptureError> {
        loop {
            if self.stopped() && self.began {
                return Ok(None);
            }
            let next = self.dir.next().map_err(|e| {
                CaptureError::new(&self.name, format!("cannot list the directory: {e}"))
            })?;
            if next.is_some() || self.stopped() {
                return Ok(next);
            }
            std::thread::sleep(POLL);
        }
    }
}
