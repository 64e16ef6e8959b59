//! `--watch DIR`: the reader of a directory's capture files as a writer
//! rotates them (tcpdump `-G`/`-C`, dumpcap `-b`; see
//! `cardshark::capture::CaptureReader::watch`), until Ctrl-C or SIGTERM.
//!
//! The two signals set a flag that the watch looks at while it waits, so
//! that the capture ends as a file's end would: the last streams end, the
//! results and the summary are written, and the exit status is that of a
//! finished run. The handler is installed with `sigaction` (libc is a
//! dependency already) rather than through the `ctrlc` crate, which comes
//! only with the `live` feature and handles SIGINT alone unless built
//! with its `termination` feature: `--watch` needs neither libpcap nor
//! another dependency. It is installed with `SA_RESETHAND`, so a second
//! Ctrl-C stops the program at once, as usual.

use super::{CliError, InputArgs};
use cardshark::capture::{CaptureReader, Skipped};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Set by SIGINT or SIGTERM once [`stop_on_signals`] has run, or when
/// the command has what it wants ([`stop_if`]).
static STOP: AtomicBool = AtomicBool::new(false);

/// Opens the directory `input` names for watching, after checking that
/// it is one directory; from then on Ctrl-C and SIGTERM end the capture.
pub fn open(input: &InputArgs) -> Result<CaptureReader, CliError> {
    let dir = match input.files.as_slice() {
        [dir] if dir != "-" => dir,
        _ => {
            return Err(CliError::Usage(
                "--watch takes one directory, the one a writer rotates capture files into \
                 (tcpdump -G/-C -w DIR/cap.pcap, dumpcap -b ... -w DIR/cap.pcapng)"
                    .into(),
            ))
        }
    };
    if !Path::new(dir).is_dir() {
        return Err(CliError::Usage(format!(
            "--watch {dir}: not a directory (to follow one file as it is written: \
             tail -c +1 -f {dir} | cardshark COMMAND -)"
        )));
    }
    let stop = stop_on_signals();
    eprintln!("cardshark: watching {dir} for capture files (Ctrl-C or SIGTERM stops)");
    Ok(CaptureReader::watch(dir, stop)?)
}

/// `flow`, after ending the watch (if any) when it says to stop: the
/// command has what it wants (`decode -c N`), and waits for no more.
pub fn stop_if(flow: ControlFlow<()>) -> ControlFlow<()> {
    if flow.is_break() {
        STOP.store(true, Relaxed);
    }
    flow
}

/// Prints the warning about a file reading went past (damaged, or not a
/// capture), as soon as it does.
pub fn warn_skipped(s: &Skipped) {
    eprintln!("cardshark: warning: {s}");
}

/// Installs the handler of SIGINT and SIGTERM; the flag it sets.
fn stop_on_signals() -> &'static AtomicBool {
    #[cfg(unix)]
    {
        extern "C" fn on_signal(_: libc::c_int) {
            // An atomic store: safe in a signal handler.
            STOP.store(true, Relaxed);
        }
        // SAFETY: an all-zero sigaction is a valid value to start from;
        // the handler only stores to an atomic; sigemptyset and sigaction
        // are given valid pointers.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART | libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            for signal in [libc::SIGINT, libc::SIGTERM] {
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
    &STOP
}
