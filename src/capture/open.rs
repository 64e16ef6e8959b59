//! [`CaptureReader`]: the frames of one input, of several merged by
//! timestamp, or of a watched directory's files one after another, the
//! same way to whoever reads them.

use super::error::{OnSkip, Skipped};
use super::merge::Merge;
use super::reader::FileReader;
use super::source::{Source, Wrap};
use super::watch::Watch;
use super::{CaptureError, CaptureFormat, Frame};
use std::io::Read;
use std::sync::atomic::AtomicBool;

/// Reads frames one at a time from one input (a pcap or pcapng file or
/// stream, compressed or not), from several merged by timestamp, or from
/// a watched directory's files one after another, in bounded memory: the
/// largest block (64 KiB normally, at most 16 MiB) per open input.
pub struct CaptureReader(Inner);

/// What a [`CaptureReader`] reads.
enum Inner {
    One(FileReader),
    Merge(Merge),
    Watch(Watch),
}

impl CaptureReader {
    /// Opens a file, a directory's capture files (merged), or standard
    /// input when `path` is `-`, and reads the header(s).
    pub fn open(path: &str) -> Result<Self, CaptureError> {
        Self::open_all(&[path.to_string()], None)
    }

    /// Opens the inputs `args` name (see [`Source::expand`]): one, or
    /// several merged by timestamp; named in messages by `args` together.
    /// Files are read through `wrap` when given.
    pub fn open_all(args: &[String], wrap: Option<Wrap>) -> Result<Self, CaptureError> {
        let sources = Source::expand(args)?;
        Self::from_sources(&args.join(", "), sources, wrap)
    }

    /// Opens `sources`: a single one as it is, several merged, the merge
    /// named `name`. Standard input may be among them once.
    pub fn from_sources(
        name: &str,
        mut sources: Vec<Source>,
        wrap: Option<Wrap>,
    ) -> Result<Self, CaptureError> {
        if sources.iter().filter(|s| s.is_stdin()).count() > 1 {
            return Err(CaptureError::new(
                "-",
                "standard input is named more than once",
            ));
        }
        match sources.len() {
            0 => Err(CaptureError::new(name, "no input to read")),
            1 => {
                let source = sources.pop().expect("one");
                Ok(CaptureReader(Inner::One(source.open(wrap.as_ref())?)))
            }
            _ => Ok(CaptureReader(Inner::Merge(Merge::new(
                name, sources, wrap,
            )?))),
        }
    }

    /// Watches directory `dir` (`--watch`): its capture files, in
    /// natural order, read one after another as one capture while a
    /// writer rotates them, the last one as it grows, waiting for the
    /// next, until `stop` is set (then the capture ends). Waits for the
    /// first file; fails when `dir` is not a directory, or when `stop`
    /// comes first.
    pub fn watch(dir: &str, stop: &'static AtomicBool) -> Result<Self, CaptureError> {
        Ok(CaptureReader(Inner::Watch(Watch::new(dir, stop)?)))
    }

    /// Reads a capture from any byte stream (gzip or zstd compressed or
    /// not); `name` is used in errors. Fails if the stream does not start
    /// with a valid pcap or pcapng header.
    pub fn from_reader(name: &str, input: Box<dyn Read + Send>) -> Result<Self, CaptureError> {
        Ok(CaptureReader(Inner::One(FileReader::from_reader(
            name, input,
        )?)))
    }

    /// The container format (of the first input, for a merge).
    pub fn format(&self) -> CaptureFormat {
        match &self.0 {
            Inner::One(r) => r.format(),
            Inner::Merge(m) => m.format(),
            Inner::Watch(w) => w.format(),
        }
    }

    /// The input's name, as given when it was opened.
    pub fn file_name(&self) -> &str {
        match &self.0 {
            Inner::One(r) => r.file_name(),
            Inner::Merge(m) => m.file_name(),
            Inner::Watch(w) => w.file_name(),
        }
    }

    /// Bytes of input used so far: up to the end of the last frame
    /// returned (decompressed bytes for a compressed input; all inputs'
    /// together for a merge).
    pub fn bytes_consumed(&self) -> u64 {
        match &self.0 {
            Inner::One(r) => r.bytes_consumed(),
            Inner::Merge(m) => m.bytes_consumed(),
            Inner::Watch(w) => w.bytes_consumed(),
        }
    }

    /// The next frame, `None` at the clean end of the capture.
    ///
    /// After an error, all later calls return `Ok(None)`.
    #[inline]
    pub fn next_frame(&mut self) -> Result<Option<Frame<'_>>, CaptureError> {
        match &mut self.0 {
            Inner::One(r) => r.next_frame(),
            Inner::Merge(m) => m.next_frame(),
            Inner::Watch(w) => w.next_frame(),
        }
    }

    /// True when the next frame cannot be read without waiting for an
    /// input fed while it is read (standard input from a pipe, a watched
    /// file being written); always false for files read whole.
    pub fn would_wait(&self) -> bool {
        match &self.0 {
            Inner::One(r) => r.would_wait(),
            Inner::Merge(_) => false,
            Inner::Watch(w) => w.would_wait(),
        }
    }

    /// Tells `hook` of each file skipped (several inputs or a watched
    /// directory: see [`Skipped`]): of those skipped already, then of
    /// each as soon as reading goes past it. A single input is never
    /// skipped: its damage is the error of [`CaptureReader::next_frame`].
    pub fn on_skip(&mut self, hook: OnSkip) {
        match &mut self.0 {
            Inner::One(_) => {}
            Inner::Merge(m) => m.skips.tell(hook),
            Inner::Watch(w) => w.skips.tell(hook),
        }
    }

    /// The files skipped so far (see [`CaptureReader::on_skip`]), taken
    /// out.
    pub fn take_skipped(&mut self) -> Vec<Skipped> {
        match &mut self.0 {
            Inner::One(_) => Vec::new(),
            Inner::Merge(m) => m.skips.take(),
            Inner::Watch(w) => w.skips.take(),
        }
    }

    /// Waits up to `ms` milliseconds for an input fed while read to have
    /// bytes (see [`CaptureReader::would_wait`]); true when it has, or
    /// when it is not such an input.
    pub fn wait_ready(&self, ms: i32) -> bool {
        match &self.0 {
            Inner::One(r) => r.wait_ready(ms),
            Inner::Merge(_) => true,
            Inner::Watch(w) => w.wait_ready(ms),
        }
    }

    /// While the input waits to be fed (see [`CaptureReader::would_wait`]):
    /// a watched directory skips the files found meanwhile not to be
    /// captures, with their warnings.
    pub fn idle(&mut self) {
        if let Inner::Watch(w) = &mut self.0 {
            w.idle();
        }
    }

    /// The one input's reader (tests look into its buffer).
    #[cfg(test)]
    fn one(&self) -> &FileReader {
        match &self.0 {
            Inner::One(r) => r,
            _ => panic!("not a single input"),
        }
    }

    /// Capacity of the read buffer (tests check that it stays bounded).
    #[cfg(test)]
    pub(super) fn buffer_capacity(&self) -> usize {
        self.one().buffer_capacity()
    }

    /// Bytes currently held in the read buffer.
    #[cfg(test)]
    pub(super) fn buffered(&self) -> usize {
        self.one().buffered()
    }
}
