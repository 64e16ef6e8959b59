//! Errors from reading a capture: always naming the file, and the frame or
//! byte offset where reading stopped; and the files that a reader of
//! several went past ([`Skipped`]).

use std::fmt;

/// Why a capture could not be read (further).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureError {
    /// The file as the user named it (`-` for standard input).
    pub file: String,
    /// Byte offset in the file where the problem starts, when known.
    pub offset: Option<u64>,
    /// Number of the frame being read (1-based), when the problem is in a record.
    pub frame: Option<u64>,
    /// What was wrong, in words.
    pub message: String,
    /// The compression (`gzip`, `zstd`) of the file, when it was
    /// compressed: `offset` then counts decompressed bytes.
    pub compression: Option<&'static str>,
}

impl CaptureError {
    /// An error in `file`, at no particular place yet.
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> Self {
        CaptureError {
            file: file.into(),
            offset: None,
            frame: None,
            message: message.into(),
            compression: None,
        }
    }

    /// The same error, at byte `offset` of the file.
    pub fn at_offset(mut self, offset: u64) -> Self {
        self.offset = Some(offset);
        self
    }

    /// The same error, in a file compressed with `compression` (if any):
    /// its offset counts decompressed bytes.
    pub fn decompressed(mut self, compression: Option<&'static str>) -> Self {
        self.compression = compression;
        self
    }

    /// The same error, in frame `frame` (1-based).
    pub fn at_frame(mut self, frame: u64) -> Self {
        self.frame = Some(frame);
        self
    }
}

impl fmt::Display for CaptureError {
    /// One line: `FILE: frame N (byte offset X): what was wrong`; in a
    /// compressed file `byte offset X of the gzip-decompressed data`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        let of = match self.compression {
            Some(c) => format!(" of the {c}-decompressed data"),
            None => String::new(),
        };
        match (self.frame, self.offset) {
            (Some(n), Some(o)) => write!(f, ": frame {n} (byte offset {o}{of})")?,
            (Some(n), None) => write!(f, ": frame {n}")?,
            (None, Some(o)) => write!(f, ": byte offset {o}{of}")?,
            (None, None) => {}
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for CaptureError {}

/// A file that reading went past, of several inputs or of a watched
/// directory: one that is not a capture (skipped), or one damaged on the
/// way (cut short, a corrupt block, shrunk or replaced while read: its
/// frames up to the damage were read, the rest is skipped). Either way
/// the other files are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// What was wrong, naming the file, and the frame (the file's own
    /// number) and byte offset where reading it stopped.
    pub error: CaptureError,
    /// True when frames of the file were lost (the input is damaged);
    /// false for a file that is not a capture at all.
    pub damaged: bool,
}

impl fmt::Display for Skipped {
    /// The error, then what became of the file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.damaged {
            write!(f, "{}; the rest of this file is skipped", self.error)
        } else {
            write!(f, "{}; skipped", self.error)
        }
    }
}

/// Called with each [`Skipped`] file as soon as reading goes past it (to
/// warn about it then, not only at the end).
pub type OnSkip = Box<dyn FnMut(&Skipped) + Send>;

/// The files a reader of several went past, and who is told at once.
#[derive(Default)]
pub(super) struct Skips {
    list: Vec<Skipped>,
    hook: Option<OnSkip>,
}

impl Skips {
    /// Notes `error`, which ends the reading of its file.
    pub(super) fn push(&mut self, error: CaptureError, damaged: bool) {
        let skipped = Skipped { error, damaged };
        if let Some(hook) = &mut self.hook {
            hook(&skipped);
        }
        self.list.push(skipped);
    }

    /// Tells `hook` of each file skipped so far, then of each as it is.
    pub(super) fn tell(&mut self, mut hook: OnSkip) {
        self.list.iter().for_each(&mut hook);
        self.hook = Some(hook);
    }

    /// The files skipped so far, taken out.
    pub(super) fn take(&mut self) -> Vec<Skipped> {
        std::mem::take(&mut self.list)
    }
}
