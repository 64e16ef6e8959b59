//! The byte source under the reader: retries interrupted reads and keeps the
//! first I/O error, which pcap-parser would otherwise reduce to "read error".

use std::io::{self, Read};
use std::sync::{Arc, OnceLock};

/// Where [`Input`] leaves the message of the first I/O error it saw.
pub(super) type ErrorSlot = Arc<OnceLock<String>>;

/// A `Read` that records its first error in an [`ErrorSlot`].
pub(super) struct Input {
    inner: Box<dyn Read + Send>,
    error: ErrorSlot,
}

impl Input {
    /// Wraps `inner`; errors go to the returned slot.
    pub(super) fn new(inner: Box<dyn Read + Send>) -> (Self, ErrorSlot) {
        let error = ErrorSlot::default();
        let input = Input {
            inner,
            error: Arc::clone(&error),
        };
        (input, error)
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let _ = self.error.set(e.to_string());
                    return Err(e);
                }
                Ok(n) => return Ok(n),
            }
        }
    }
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
pub(super) fn read_up_to(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}
