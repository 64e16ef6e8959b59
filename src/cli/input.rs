//! The input every capture-reading command takes: a file, `-` for standard
//! input, or `-i IFACE` for live capture; and the reassembly limits.

use super::{live, progress, CliError};
use cardshark::capture::{CaptureError, CaptureReader};
use cardshark::pipeline::{self, CaptureSummary};
use cardshark::reassembly::{Config, Event, Sink};
use clap::Args;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// Options every command that reads a capture takes.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// The capture: a pcap or pcapng file, or `-` for standard input.
    #[arg(value_name = "FILE", required_unless_present = "interface")]
    pub file: Option<String>,
    /// Capture live on this interface (`lo`, `eth0`, `any`; see
    /// `cardshark --list-interfaces`) instead of reading a file, until
    /// Ctrl-C. Needs a build with the `live` feature.
    #[arg(
        short = 'i',
        long = "interface",
        value_name = "IFACE",
        conflicts_with = "file"
    )]
    pub interface: Option<String>,
    /// With `-i`: a capture filter in tcpdump's BPF syntax, e.g. 'tcp port 7234'.
    #[arg(
        short = 'f',
        long = "filter",
        value_name = "FILTER",
        requires = "interface"
    )]
    pub filter: Option<String>,
    /// With `-i`: also keep every captured packet in this pcapng file.
    #[arg(
        short = 'w',
        long = "write",
        value_name = "FILE",
        requires = "interface"
    )]
    pub write: Option<String>,
    /// Out-of-order bytes buffered per stream direction before a hole is
    /// given up as a gap.
    #[arg(long, value_name = "BYTES", default_value_t = Config::default().max_buffered_per_dir)]
    pub max_buffer: usize,
    /// TCP connections tracked at once; past it the longest idle is flushed
    /// (each costs about 1.5 KB: the default keeps memory near 30 MB).
    #[arg(long, value_name = "N", default_value_t = Config::default().max_flows,
          value_parser = at_least_one)]
    pub max_flows: usize,
    /// Seconds without a packet after which a stream ends (0: never).
    #[arg(long, value_name = "SECS", default_value_t = 600.0)]
    pub idle_timeout: f64,
}

/// A count of at least 1.
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not a whole number of at least 1")),
    }
}

impl InputArgs {
    /// The reassembler's configuration from these options.
    pub fn config(&self) -> Config {
        Config {
            max_buffered_per_dir: self.max_buffer,
            max_flows: self.max_flows,
            idle_timeout: (self.idle_timeout > 0.0).then_some(self.idle_timeout),
            ..Config::default()
        }
    }

    /// The input as messages name it: the file, `-`, or the interface.
    pub fn name(&self) -> &str {
        self.interface
            .as_deref()
            .or(self.file.as_deref())
            .unwrap_or("-")
    }

    /// Whether the input is a live interface.
    pub fn is_live(&self) -> bool {
        self.interface.is_some()
    }

    /// Reads the whole input through the reassembler into `sink`.
    pub fn run(&self, sink: &mut impl Sink) -> Result<CaptureSummary, CliError> {
        self.run_until(sink, &Cell::new(false))
    }

    /// Like [`InputArgs::run`], stopping early once `stop` is set. A live
    /// capture also stops on Ctrl-C; a large file on a terminal shows a
    /// progress bar on standard error.
    pub fn run_until(
        &self,
        sink: &mut impl Sink,
        stop: &Cell<bool>,
    ) -> Result<CaptureSummary, CliError> {
        if let Some(iface) = &self.interface {
            return live::run(self, iface, sink, stop);
        }
        if self.filter.is_some() || self.write.is_some() {
            let what = "-f and -w go with -i (a live capture); to filter a file, \
                        use tshark -r FILE -Y FILTER -w OUT or tcpdump -r FILE -w OUT FILTER";
            return Err(CliError::Usage(what.into()));
        }
        self.read_file(|file, reader, config| pipeline::run_file(file, reader, config, sink, stop))
    }

    /// Like [`InputArgs::run_until`], with `sink` on a thread of its own
    /// when reading a file ([`pipeline::run_file_split`]); `stop`, which
    /// the sink may set from its thread, ends the pass early.
    pub fn run_split(
        &self,
        sink: &mut (impl Sink + Send),
        stop: &AtomicBool,
    ) -> Result<CaptureSummary, CliError> {
        if self.interface.is_some() || self.filter.is_some() || self.write.is_some() {
            let local = Cell::new(false);
            let mut checked = |ev: Event<'_>| {
                sink.event(ev);
                if stop.load(Ordering::Relaxed) {
                    local.set(true);
                }
            };
            return self.run_until(&mut checked, &local);
        }
        self.read_file(|file, reader, config| {
            pipeline::run_file_split(file, reader, config, sink, stop)
        })
    }

    /// Opens the input file (with a progress bar when [`progress::wanted`])
    /// and makes a pass over it with `pass`.
    fn read_file(
        &self,
        pass: impl FnOnce(&str, CaptureReader, Config) -> Result<CaptureSummary, CaptureError>,
    ) -> Result<CaptureSummary, CliError> {
        let file = self.name();
        let (reader, bar) = progress::open(file)?;
        let summary = pass(file, reader, self.config());
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok(summary?)
    }
}
