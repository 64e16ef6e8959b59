//! `-i IFACE` and `--list-interfaces`: live capture through libpcap when
//! built with the `live` feature; otherwise a clear error saying how to get it.

use super::{CliError, InputArgs};
use cardshark::capture::{CaptureError, CaptureReader};
use cardshark::pipeline::Finished;

/// How to get a build that captures live.
#[cfg(not(feature = "live"))]
pub const HOW_TO_ENABLE: &str = "live capture is not in this build of cardshark: \
     rebuild it with the `live` feature (it needs libpcap: apt-get install libpcap-dev), \
     e.g. `cargo install --path . --features live`; \
     or capture with tcpdump and pipe it in: tcpdump -i IFACE -U -w - | cardshark decode -";

#[cfg(not(feature = "live"))]
/// Without the `live` feature: the error saying how to turn it on.
pub fn run<W>(
    _args: &InputArgs,
    _iface: &str,
    _pass: impl FnOnce(CaptureReader) -> Result<Finished<W>, CaptureError>,
) -> Result<Finished<W>, CliError> {
    Err(CliError::Usage(HOW_TO_ENABLE.into()))
}

#[cfg(not(feature = "live"))]
/// Without the `live` feature: the error saying how to turn it on.
pub fn list_interfaces() -> Result<(), CliError> {
    Err(CliError::Usage(HOW_TO_ENABLE.into()))
}

#[cfg(feature = "live")]
pub use with_pcap::{list_interfaces, run};

#[cfg(feature = "live")]
mod with_pcap {
    use super::*;
    use cardshark::capture::live::{self, LiveOptions};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// Captures on `iface` and makes the pass `pass` over it, until
    /// Ctrl-C or the pass's sink stops; then says on standard error how
    /// many packets were captured and dropped.
    pub fn run<W>(
        args: &InputArgs,
        iface: &str,
        pass: impl FnOnce(CaptureReader) -> Result<Finished<W>, CaptureError>,
    ) -> Result<Finished<W>, CliError> {
        let interrupted = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&interrupted);
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130); // a second Ctrl-C: stop at once
            }
        });
        let opts = LiveOptions {
            interface: iface.to_string(),
            filter: args.filter.clone(),
            write_to: args.write.clone(),
        };
        let (reader, capture) = live::start(&opts, interrupted)?;
        eprintln!("cardshark: capturing on '{iface}' (Ctrl-C stops)");
        let done = pass(reader);
        let stats = capture.finish();
        let dropped = stats
            .dropped
            .map_or(String::new(), |d| format!(", {d} dropped by the kernel"));
        eprintln!(
            "cardshark: {iface}: {} packet(s) captured{dropped}",
            stats.captured
        );
        if let Some(e) = stats.error {
            eprintln!("cardshark: warning: {iface}: capture stopped early: {e}");
        }
        let mut done = done?;
        done.summary.live = true;
        Ok(done)
    }

    /// Prints the interfaces libpcap can capture on, numbered like `tshark -D`.
    pub fn list_interfaces() -> Result<(), CliError> {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        for (n, (name, desc)) in live::interfaces()?.into_iter().enumerate() {
            match desc {
                Some(d) => writeln!(out, "{}. {name} ({d})", n + 1)?,
                None => writeln!(out, "{}. {name}", n + 1)?,
            }
        }
        Ok(())
    }
}
