//! `-i IFACE` and `--list-interfaces`: live capture through libpcap when
//! built with the `live` feature; otherwise a clear error saying how to get it.

use super::{CliError, InputArgs};
use cardshark::pipeline::CaptureSummary;
use cardshark::reassembly::Sink;
use std::cell::Cell;

/// How to get a build that captures live.
#[cfg(not(feature = "live"))]
pub const HOW_TO_ENABLE: &str = "live capture is not in this build of cardshark: \
     rebuild it with the `live` feature (it needs libpcap: apt-get install libpcap-dev), \
     e.g. `cargo install --path . --features live`; \
     or capture with tcpdump and pipe it in: tcpdump -i IFACE -U -w - | cardshark decode -";

#[cfg(not(feature = "live"))]
/// Without the `live` feature: the error saying how to turn it on.
pub fn run(
    _args: &InputArgs,
    _iface: &str,
    _sink: &mut impl Sink,
    _stop: &Cell<bool>,
) -> Result<CaptureSummary, CliError> {
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
    use cardshark::pipeline;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// Captures on `iface` into `sink` until Ctrl-C or `stop`; then says
    /// on standard error how many packets were captured and dropped.
    pub fn run(
        args: &InputArgs,
        iface: &str,
        sink: &mut impl Sink,
        stop: &Cell<bool>,
    ) -> Result<CaptureSummary, CliError> {
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
        let summary = pipeline::run_reader(iface, reader, args.config(), sink, stop);
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
        let mut summary = summary?;
        summary.live = true;
        Ok(summary)
    }

    /// Prints the interfaces libpcap can capture on, numbered like `tshark -D`.
    pub fn list_interfaces() -> Result<(), CliError> {
        for (n, (name, desc)) in live::interfaces()?.into_iter().enumerate() {
            match desc {
                Some(d) => println!("{}. {name} ({d})", n + 1),
                None => println!("{}. {name}", n + 1),
            }
        }
        Ok(())
    }
}
