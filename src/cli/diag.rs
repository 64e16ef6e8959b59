//! Errors and warnings in one style, on standard error:
//! `cardshark: error: FILE: frame N (byte offset X): what was wrong (what to do)`.

use cardshark::capture::CaptureError;

/// Prints a warning about `input`.
pub fn warn(input: &str, what: &str) {
    eprintln!("cardshark: warning: {input}: {what}");
}

/// What to do about a capture that could not be read, when something can
/// be said beyond the error itself.
pub fn advice(e: &CaptureError) -> &'static str {
    let m = e.message.as_str();
    if m.starts_with("not a pcap or pcapng file") {
        " (is it a capture? editcap or tshark convert other formats: editcap -F pcapng IN OUT.pcapng)"
    } else if m.starts_with("empty file") {
        " (nothing was captured into it: tcpdump -U writes packets as they come)"
    } else if m.starts_with("truncated file header") {
        " (the file is cut short: was the capture still being written?)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_for_files_that_are_not_captures() {
        let e = CaptureError::new("x.txt", "not a pcap or pcapng file (magic 0x54686973)");
        assert!(advice(&e).contains("editcap"));
        let e = CaptureError::new("x.pcap", "read error: Is a directory");
        assert_eq!(advice(&e), "");
    }
}
