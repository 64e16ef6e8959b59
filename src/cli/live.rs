//! `-i IFACE` and `--list-interfaces`: live capture through libpcap when
//! built with the `live` feature; otherwise a clear error saying how to get it.
//! A capture that stops on an error (the interface gone, the disk full
//! under `-w`) ends the command with its output so far, then the error
//! (exit status 1).

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
    use cardshark::capture::ring::RingOptions;
    use cardshark::capture::ring_file::RingReport;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// Captures on `iface` and makes the pass `pass` over it, until
    /// Ctrl-C or the pass's sink stops; then says on standard error how
    /// many packets were captured and dropped, and which files `-w -b`
    /// kept.
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
            ring: ring_options(args)?,
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
        if let Some(files) = stats.files.filter(|_| opts.ring.multiple) {
            report_files(&files);
        }
        let mut done = done?;
        done.summary.live = true;
        if let Some(e) = stats.error {
            // After the output so far, as a damaged capture's error is.
            let what = "the output above is what was captured until then";
            let _ = crate::cli::DAMAGE.set(format!("{iface}: capture stopped: {e}; {what}"));
        }
        Ok(done)
    }

    /// `-b`'s ring buffer, which needs `-w FILE`.
    fn ring_options(args: &InputArgs) -> Result<RingOptions, CliError> {
        if args.ring_buffer.is_empty() {
            return Ok(RingOptions::default());
        }
        match args.write.as_deref() {
            None => Err(CliError::Usage(
                "-b needs -w FILE: the ring buffer's files are named after it \
                 (-w day.pcapng -b filesize:100000 -b files:10)"
                    .into(),
            )),
            Some("-") => Err(CliError::Usage(
                "-b with -w -: a ring buffer is files; name one (-w day.pcapng)".into(),
            )),
            Some(_) => RingOptions::new(&args.ring_buffer).map_err(CliError::Usage),
        }
    }

    /// Says on standard error how many files the ring buffer made and
    /// which remain.
    fn report_files(files: &RingReport) {
        let kept = match (files.kept.first(), files.kept.last()) {
            (Some(first), Some(last)) if files.kept.len() > 1 => {
                format!("{} to {}", first.display(), last.display())
            }
            (Some(only), _) => only.display().to_string(),
            _ => "none".into(),
        };
        eprintln!(
            "cardshark: ring buffer: {} file(s) written, {} kept: {kept}",
            files.created,
            files.kept.len()
        );
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
