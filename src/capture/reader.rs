//! The streaming capture reader (stub: the capture helper fills this in).

use super::{CaptureError, Frame};
use std::io::Read;

/// Which container the capture uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureFormat {
    Pcap,
    PcapNg,
}

/// Reads frames one at a time from a pcap or pcapng stream.
pub struct CaptureReader {
    name: String,
    #[allow(dead_code)]
    input: Box<dyn Read + Send>,
}

impl CaptureReader {
    /// Opens a file, or standard input when `path` is `-`.
    pub fn open(path: &str) -> Result<Self, CaptureError> {
        let input: Box<dyn Read + Send> = if path == "-" {
            Box::new(std::io::stdin())
        } else {
            Box::new(std::fs::File::open(path).map_err(|e| CaptureError::new(path, e.to_string()))?)
        };
        Self::from_reader(path, input)
    }

    /// Reads a capture from any byte stream; `name` is used in errors.
    pub fn from_reader(name: &str, input: Box<dyn Read + Send>) -> Result<Self, CaptureError> {
        Ok(CaptureReader {
            name: name.to_string(),
            input,
        })
    }

    /// The container format, known once the header has been read.
    pub fn format(&self) -> CaptureFormat {
        CaptureFormat::Pcap
    }

    /// The next frame, `None` at the clean end of the capture.
    pub fn next_frame(&mut self) -> Result<Option<Frame<'_>>, CaptureError> {
        Err(CaptureError::new(&self.name, "not implemented"))
    }
}
