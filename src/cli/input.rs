//! The input every capture-reading command takes: files (merged by
//! timestamp), directories (also watched, `--watch`), `-` for standard
//! input, or `-i IFACE` for live capture; the reassembly limits; `-w`, and
//! with `-i` its ring buffer `-b`.

use super::{live, progress, watch, CliError};
use cardshark::capture::ring::RingCriterion;
use cardshark::capture::{CaptureError, CaptureReader, Source};
use cardshark::pipeline::{self, CaptureSummary, Finished, Pipeline, Shard, Work};
use cardshark::reassembly::{Config, Sink};
use clap::{Args, ValueHint};
use indicatif::ProgressBar;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// Options every command that reads a capture takes.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// The capture: pcap or pcapng files, gzip or zstd compressed or not
    /// (told by their first bytes), `-` for standard input, or directories
    /// (their capture files, in natural order: cap2 before cap10). Several
    /// are merged by timestamp into one capture, as mergecap does: frames
    /// numbered across them, stream numbers unique; one damaged among
    /// them is a warning, and the others are still read. With --watch,
    /// one directory, read as it is written.
    #[arg(value_name = "FILE", required_unless_present = "interface", num_args = 1..,
          value_hint = ValueHint::FilePath)]
    pub files: Vec<String>,
    /// Capture live on this interface (`lo`, `eth0`, `any`; see
    /// `cardshark --list-interfaces`) instead of reading a file, until
    /// Ctrl-C. Needs a build with the `live` feature.
    #[arg(
        short = 'i',
        long = "interface",
        value_name = "IFACE",
        conflicts_with = "files",
        value_hint = ValueHint::Other
    )]
    pub interface: Option<String>,
    /// Keep reading the directory FILE while a writer rotates capture
    /// files into it (tcpdump -G/-C, dumpcap -b), until Ctrl-C or SIGTERM,
    /// then end as at the end of a capture (with the summary). Its files
    /// are read one after another in natural order as one capture (a
    /// connection cut by a rotation is one stream), the last one as it
    /// grows; a file is finished once a later capture file appears. A
    /// file that is not a capture is skipped, a damaged one (cut short,
    /// shrunk or replaced while read) read up to the damage, each with a
    /// warning, and reading goes on. Output is flushed after each result.
    #[arg(long, conflicts_with_all = ["interface", "write"])]
    pub watch: bool,
    /// With `-i`: a capture filter in tcpdump's BPF syntax, e.g. 'tcp port 7234'.
    #[arg(
        short = 'f',
        long = "filter",
        value_name = "FILTER",
        requires = "interface",
        value_hint = ValueHint::Other
    )]
    pub filter: Option<String>,
    /// With `-i`: also keep every captured packet in this pcapng file (or
    /// with `-b`, in a ring buffer of files named after it).
    /// From files (`decode`, `hands`, `inspect`, `timeline`, `follow`): write
    /// every frame of the TCP streams the command matched (those of the
    /// records, hands, rows, changes or states it wrote, or that it
    /// followed; handshake and close included), in capture order, as pcap
    /// (pcapng when OUT ends in .pcapng); a second pass over the input
    /// (standard input is kept in a temporary file for it).
    #[arg(short = 'w', long = "write", value_name = "OUT", value_hint = ValueHint::FilePath)]
    pub write: Option<String>,
    /// With `-i` and `-w FILE`: a ring buffer of files, as dumpcap's -b
    /// (repeatable): `filesize:KB`, `duration:SECONDS`, `interval:SECONDS`
    /// or `packets:N` start the next file; `files:N` keeps the N newest.
    ///
    /// The next file starts once this one holds `filesize:KB` kilobytes
    /// (of 1000 bytes, headers included; after the packet that reaches
    /// it: no packet is cut), once it has been open `duration:SECONDS`,
    /// when the clock reaches a multiple of `interval:SECONDS`, or after
    /// `packets:N` packets; `files:N` keeps the N newest files, deleting
    /// the oldest as the next is created. Files are named after FILE as
    /// dumpcap names them, PREFIX_NNNNN_YYYYMMDDhhmmss.SUFFIX (local time):
    /// `-w day.pcapng` writes day_00001_20260301120000.pcapng, ...; each a
    /// whole pcapng file, written under its own name as it grows.
    #[arg(short = 'b', long = "ring-buffer", value_name = "KEY:VALUE",
          value_hint = ValueHint::Other)]
    pub ring_buffer: Vec<RingCriterion>,
    /// Out-of-order bytes buffered per stream direction before a hole is
    /// given up as a gap.
    #[arg(long, value_name = "BYTES", default_value_t = Config::default().max_buffered_per_dir,
          value_hint = ValueHint::Other)]
    pub max_buffer: usize,
    /// Out-of-order bytes buffered by all streams together: past it, a
    /// stream whose holes grow gives them up as gaps (a warning counts
    /// them), so that many streams with holes cannot hold more. Takes K, M
    /// or G (powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "4M", value_parser = size,
          value_hint = ValueHint::Other)]
    pub max_buffer_total: usize,
    /// TCP connections tracked at once; past it the longest idle is flushed
    /// (each costs about 1.5 KB: the default keeps memory near 30 MB).
    #[arg(long, value_name = "N", default_value_t = Config::default().max_flows,
          value_parser = at_least_one, value_hint = ValueHint::Other)]
    pub max_flows: usize,
    /// Bytes that may be in flight between the reading thread, the
    /// workers and the output (segments not yet decoded, records and rows
    /// not yet written): past it, reading waits for the output to catch
    /// up, so memory stays bounded whatever reads the output and however
    /// much a packet's messages make. Takes K, M or G (powers of 1024).
    /// More may help speed on many cores; the rest of the memory is the
    /// connections' state (see --max-flows).
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = size,
          value_hint = ValueHint::Other)]
    pub max_in_flight: usize,
    /// Flush standard output after each result (a record, a hand, a
    /// timeline change, a stream's row), as tshark's -l does: the default
    /// when the input is live (-i), watched (--watch) or standard input is
    /// a pipe.
    #[arg(short = 'l')]
    pub line_buffered: bool,
    /// Seconds without a packet after which a stream ends (0: never).
    #[arg(long, value_name = "SECS", default_value_t = 600.0, value_hint = ValueHint::Other)]
    pub idle_timeout: f64,
    /// Worker threads: the capture's connections are shared out among
    /// them (a thread more reads the file); the output is the same for
    /// every number. Default: the cores available. With 1, everything
    /// runs on one thread.
    #[arg(long, value_name = "N", value_parser = at_least_one, value_hint = ValueHint::Other)]
    pub threads: Option<usize>,
    /// Keep only the TCP connections of shard I of N (I from 1 to N), so
    /// that N runs split a capture between them, e.g. on N machines: a
    /// connection's shard is XXH3-64 (seed 0) of its two endpoints (the
    /// smaller first; each its address then its big-endian port), modulo
    /// N, plus 1; the same on every run and machine, both directions
    /// together. The N runs' records together are the unsharded run's.
    /// Stream numbers count the shard's own connections from 0. Segments
    /// of other shards are dropped before reassembly (`inspect` counts
    /// them); what is not TCP is unaffected.
    #[arg(long, value_name = "I/N", value_hint = ValueHint::Other)]
    pub shard: Option<Shard>,
    /// Standard input kept in a temporary file, for `-w`'s second pass
    /// (set by [`InputArgs::with_pcap_out`]).
    #[arg(skip)]
    pub(super) stdin_copy: Option<Arc<tempfile::TempPath>>,
    /// Whether the command writes `-w` from a file (it called
    /// [`InputArgs::with_pcap_out`]).
    #[arg(skip)]
    pub(super) writes_pcap: bool,
    /// [`InputArgs::name`], once made.
    #[arg(skip)]
    name: OnceLock<String>,
    /// Tells the first frame's time as soon as the pass has read it (the
    /// reference of `-t r`).
    #[arg(skip)]
    pub clock: pipeline::Clock,
}

/// A size in bytes, with an optional K, M or G (powers of 1024; `KiB`,
/// `MB` and the like too), of at least 64 KiB.
fn size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(format!("'{s}' is not a size (a number, then K, M or G)")),
    };
    let n: usize = n
        .parse()
        .map_err(|_| format!("'{s}' is not a size (a number, then K, M or G)"))?;
    let bytes = n
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("'{s}' is too large"))?;
    if bytes < 64 << 10 {
        return Err(format!("'{s}' is too small (at least 64K)"));
    }
    Ok(bytes)
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
            max_buffered_total: self.max_buffer_total,
            max_flows: self.max_flows,
            idle_timeout: (self.idle_timeout > 0.0).then_some(self.idle_timeout),
            ..Config::default()
        }
    }

    /// The input as messages name it: the file(s) as given, `-`, or the
    /// interface.
    pub fn name(&self) -> &str {
        self.name.get_or_init(|| match &self.interface {
            Some(iface) => iface.clone(),
            None if self.files.is_empty() => "-".into(),
            None => self.files.join(", "),
        })
    }

    /// The inputs the files name (directories listed, standard input its
    /// copy when one was kept).
    pub(super) fn sources(&self) -> Result<Vec<Source>, CaptureError> {
        let mut sources = Source::expand(&self.files)?;
        if let Some(copy) = &self.stdin_copy {
            for s in sources.iter_mut().filter(|s| s.is_stdin()) {
                s.path = Some(PathBuf::from(copy.as_ref().as_os_str()));
            }
        }
        Ok(sources)
    }

    /// The [`Pipeline`] over `reader` (named `name`) with these options'
    /// limits, clock and shard.
    pub(super) fn pipeline(&self, name: &str, reader: CaptureReader) -> Pipeline {
        Pipeline::new(name, reader)
            .config(self.config())
            .clock(self.clock.clone())
            .shard(self.shard)
            .budget(self.max_in_flight)
    }

    /// Whether the input is a live interface.
    pub fn is_live(&self) -> bool {
        self.interface.is_some()
    }

    /// Whether standard output is flushed after each result: with `-l`,
    /// and when the input is live, watched, or standard input fed while
    /// it is read (a pipe), so that results go out as they are made.
    pub fn flush_each(&self) -> bool {
        self.line_buffered
            || self.is_live()
            || self.watch
            || (self.files.iter().any(|f| f == "-") && cardshark::capture::stdin_fed())
    }

    /// Runs the [`Pipeline`] over the input: `make` makes each worker's
    /// [`Work`], `sink` takes the items in capture order. A live capture
    /// runs on one thread, its items handed over at once, until Ctrl-C; a
    /// large file on a terminal shows a progress bar on standard error.
    pub fn run<W>(
        &self,
        make: impl Fn() -> W + Sync,
        sink: &mut impl FnMut(W::Item, &[u8]) -> ControlFlow<()>,
    ) -> Result<Finished<W>, CliError>
    where
        W: Work + Send,
        W::Item: Send,
    {
        if let Some(iface) = &self.interface {
            return live::run(self, iface, |reader| {
                self.pipeline(iface, reader).eager().run(make, sink)
            });
        }
        self.check_file_options()?;
        let file = self.name();
        let (reader, bar) = self.open_files()?;
        let p = self.pipeline(file, reader);
        // A sink that has what it wants (`-c N`) ends a watch as well,
        // which would otherwise wait for the next file.
        let sink = &mut |item, bytes: &[u8]| watch::stop_if(sink(item, bytes));
        let done = p.threads(self.threads()).run(make, sink);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok(done?)
    }

    /// Runs the pipeline on one thread with every reassembly event going
    /// to `sink` (for `follow`, which wants the bytes themselves).
    pub fn run_events(&self, sink: &mut impl Sink) -> Result<CaptureSummary, CliError> {
        if let Some(iface) = &self.interface {
            let done = live::run(self, iface, |reader| {
                let summary = self.pipeline(iface, reader).eager().run_events(sink)?;
                Ok(Finished {
                    summary,
                    workers: Vec::<()>::new(),
                    in_flight: 0,
                })
            })?;
            return Ok(done.summary);
        }
        self.check_file_options()?;
        let file = self.name();
        let (reader, bar) = self.open_files()?;
        let summary = self.pipeline(file, reader).run_events(sink);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok(summary?)
    }

    /// The reader of the files, or of the watched directory, warning of
    /// each file it skips as it does; with a progress bar when one is
    /// wanted ([`progress::open`]).
    fn open_files(&self) -> Result<(CaptureReader, Option<ProgressBar>), CliError> {
        let (mut reader, bar) = if self.watch {
            (watch::open(self)?, None)
        } else {
            progress::open(self.name(), self.sources()?)?
        };
        reader.on_skip(Box::new(watch::warn_skipped));
        Ok((reader, bar))
    }

    /// Standard input can be read once: `-` may be named once.
    pub(super) fn check_stdin_once(&self) -> Result<(), CliError> {
        if self.files.iter().filter(|f| *f == "-").count() > 1 {
            let what = "- (standard input) is named more than once: it can be read once";
            return Err(CliError::Usage(what.into()));
        }
        Ok(())
    }

    /// Workers: `--threads`, or the cores available.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(pipeline::default_threads)
    }

    /// -f and -b go with -i only; -w with a file, with the commands that
    /// write what they matched.
    fn check_file_options(&self) -> Result<(), CliError> {
        self.check_stdin_once()?;
        if self.filter.is_some() {
            let what = "-f goes with -i (a live capture); to filter a file, \
                        use tshark -r FILE -Y FILTER -w OUT or tcpdump -r FILE -w OUT FILTER";
            return Err(CliError::Usage(what.into()));
        }
        if !self.ring_buffer.is_empty() {
            let what = "-b goes with -i IFACE -w FILE (a live capture kept in a ring buffer \
                        of files); to split a capture file, use editcap -c or -i";
            return Err(CliError::Usage(what.into()));
        }
        if self.write.is_some() && !self.writes_pcap {
            let what = "-w with a capture file goes with decode, hands, inspect, timeline \
                        and follow (they write the streams they matched: cardshark decode \
                        FILE -s N -w OUT.pcap); with -i it keeps every captured packet";
            return Err(CliError::Usage(what.into()));
        }
        Ok(())
    }
}
