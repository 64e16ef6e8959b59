//! Errors from reading a capture: always naming the file, and the frame or
//! byte offset where reading stopped.

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
