//! The progress bar shown while a large capture file is read: bytes, rate
//! and time left, on standard error, only when that is a terminal.

use cardshark::capture::{CaptureError, CaptureReader};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// Files at least this large get a progress bar.
pub const MIN_BYTES: u64 = 4 << 20;

/// Whether a file of `size` bytes gets a bar, given whether standard error
/// is a terminal.
pub fn wanted(size: u64, stderr_is_terminal: bool) -> bool {
    stderr_is_terminal && size >= MIN_BYTES
}

/// Opens `path` (`-`: standard input, never a bar) for reading, with a
/// progress bar when [`wanted`]; the bar is to be cleared when done.
pub fn open(path: &str) -> Result<(CaptureReader, Option<ProgressBar>), CaptureError> {
    if path == "-" {
        return Ok((CaptureReader::open(path)?, None));
    }
    let file = std::fs::File::open(path).map_err(|e| {
        CaptureError::new(
            path,
            format!("cannot open: {e} (check the path and permissions)"),
        )
    })?;
    let size = file.metadata().map_or(0, |m| m.len());
    if !wanted(size, std::io::stderr().is_terminal()) {
        return Ok((CaptureReader::from_reader(path, Box::new(file))?, None));
    }
    let style = ProgressStyle::with_template(
        "{spinner} {bytes}/{total_bytes} {wide_bar} {binary_bytes_per_sec}, {eta} left",
    )
    .expect("valid template");
    let bar = ProgressBar::new(size).with_style(style);
    let reader = CaptureReader::from_reader(path, Box::new(bar.wrap_read(file)))?;
    Ok((reader, Some(bar)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_large_files_on_a_terminal() {
        assert!(wanted(MIN_BYTES, true));
        assert!(!wanted(MIN_BYTES - 1, true));
        assert!(!wanted(u64::MAX, false));
    }
}
