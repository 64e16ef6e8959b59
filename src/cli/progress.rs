//! The progress bar shown while a large capture file is read: bytes, rate
//! and time left, on standard error, only when that is a terminal.

use cardshark::capture::{CaptureError, CaptureReader, Source, Wrap};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;

/// Files at least this large get a progress bar.
pub const MIN_BYTES: u64 = 4 << 20;

/// Whether a file of `size` bytes gets a bar, given whether standard error
/// is a terminal.
pub fn wanted(size: u64, stderr_is_terminal: bool) -> bool {
    stderr_is_terminal && size >= MIN_BYTES
}

/// Opens the inputs `sources` (named `name` in messages when there are
/// several) for reading, with a progress bar over their files' bytes
/// together when [`wanted`] (never for standard input alone); the bar is
/// to be cleared when done.
pub fn open(
    name: &str,
    sources: Vec<Source>,
) -> Result<(CaptureReader, Option<ProgressBar>), CaptureError> {
    let size: u64 = (sources.iter())
        .filter_map(|s| s.path.as_ref())
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    if !wanted(size, std::io::stderr().is_terminal()) {
        return Ok((CaptureReader::from_sources(name, sources, None)?, None));
    }
    let style = ProgressStyle::with_template(
        "{spinner} {bytes}/{total_bytes} {wide_bar} {binary_bytes_per_sec}, {eta} left",
    )
    .expect("valid template");
    let bar = ProgressBar::new(size).with_style(style);
    let counted = bar.clone();
    let wrap: Wrap = Arc::new(move |file| Box::new(counted.wrap_read(file)));
    let reader = CaptureReader::from_sources(name, sources, Some(wrap))?;
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
