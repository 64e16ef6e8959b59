//! The ring buffer of live capture (`-i IFACE -w FILE -b ...`) as dumpcap
//! has it, without the files themselves (those are `ring_file.rs`'s):
//! the criteria (`-b key:value`, [`RingCriterion`], gathered into
//! [`RingOptions`]), the files' names ([`RingNames`]:
//! `PREFIX_NNNNN_YYYYMMDDhhmmss.SUFFIX`), when the next file starts
//! ([`Rotation`]) and which files are deleted ([`Kept`]).
//!
//! dumpcap's meaning, kept here: `filesize:KB` starts the next file once
//! the current one holds at least KB kilobytes (of 1000 bytes: dumpcap
//! compares `bytes_written / 1000`), headers included, checked after each
//! packet, so a file is never cut inside a packet and may end a packet
//! past the size; `packets:N` after N packets; `duration:SECONDS` (a
//! fraction allowed) once the file has been open that long, packets or
//! not; `interval:SECONDS` when the wall clock reaches a multiple of
//! SECONDS; `files:N` keeps the N newest files (the oldest is deleted
//! when the next one is created, so at most N exist), `files:0` all.

use std::collections::VecDeque;
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// File numbers count modulo this (dumpcap's `RINGBUFFER_MAX_NUM_FILES`):
/// five digits, 00001 after 00000.
pub const MAX_FILES: u64 = 100_000;

/// One `-b key:value` of dumpcap's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RingCriterion {
    /// `filesize:KB`: the next file once this one holds KB × 1000 bytes.
    FileSize(u64),
    /// `duration:SECONDS`: the next file once this one has been open so long.
    Duration(f64),
    /// `interval:SECONDS`: the next file when the time since the epoch is
    /// a multiple of SECONDS.
    Interval(u64),
    /// `packets:N`: the next file once this one holds N packets.
    Packets(u64),
    /// `files:N`: keep the N newest files (0: all of them).
    Files(u64),
}

/// The keys `-b` takes, for messages.
const KEYS: &str = "filesize:KB, duration:SECONDS, interval:SECONDS, packets:N or files:N";

impl FromStr for RingCriterion {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let Some((key, value)) = s.split_once(':') else {
            return Err(format!("'{s}' is not KEY:VALUE ({KEYS})"));
        };
        let whole = |at_least: u64| match value.trim().parse::<u64>() {
            Ok(n) if n >= at_least => Ok(n),
            _ => Err(format!(
                "{key}:{value}: not a whole number of at least {at_least}"
            )),
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "filesize" => whole(1).map(RingCriterion::FileSize),
            "packets" => whole(1).map(RingCriterion::Packets),
            "interval" => whole(1).map(RingCriterion::Interval),
            "files" => match whole(0)? {
                n if n < MAX_FILES => Ok(RingCriterion::Files(n)),
                _ => Err(format!("files:{value}: at most {} files", MAX_FILES - 1)),
            },
            "duration" => match value.trim().parse::<f64>() {
                Ok(d) if d > 0.0 && d.is_finite() && d < 1e9 => Ok(RingCriterion::Duration(d)),
                _ => Err(format!(
                    "duration:{value}: not a number of seconds above 0 (e.g. 60 or 0.5)"
                )),
            },
            _ => Err(format!("unknown key '{key}' (-b takes {KEYS})")),
        }
    }
}

/// The ring buffer asked for: every criterion, the last of each key
/// winning. The default starts no other file (`-w FILE` alone).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RingOptions {
    /// `filesize`, in bytes (KB × 1000).
    pub file_bytes: Option<u64>,
    /// `duration`.
    pub duration: Option<Duration>,
    /// `interval`, in seconds.
    pub interval: Option<u64>,
    /// `packets`.
    pub packets: Option<u64>,
    /// `files` (not 0): how many files are kept.
    pub files: Option<u64>,
    /// Whether any `-b` was given: the files are then named
    /// `PREFIX_NNNNN_YYYYMMDDhhmmss.SUFFIX` (with `-w FILE` alone, FILE).
    pub multiple: bool,
}

impl RingOptions {
    /// The options of `criteria`; `files:N` without a criterion that
    /// starts the next file is an error, as it is to dumpcap.
    pub fn new(criteria: &[RingCriterion]) -> Result<Self, String> {
        let mut o = RingOptions {
            multiple: !criteria.is_empty(),
            ..RingOptions::default()
        };
        for c in criteria {
            match *c {
                RingCriterion::FileSize(kb) => o.file_bytes = Some(kb.saturating_mul(1000)),
                RingCriterion::Duration(s) => o.duration = Some(Duration::from_secs_f64(s)),
                RingCriterion::Interval(s) => o.interval = Some(s),
                RingCriterion::Packets(n) => o.packets = Some(n),
                RingCriterion::Files(n) => o.files = (n > 0).then_some(n),
            }
        }
        let switches = o.file_bytes.is_some()
            || o.duration.is_some()
            || o.interval.is_some()
            || o.packets.is_some();
        if o.multiple && !switches {
            return Err("-b files:N needs a criterion that starts the next file: \
                 -b filesize:KB, -b duration:SECONDS, -b interval:SECONDS or -b packets:N"
                .into());
        }
        Ok(o)
    }
}

/// How the files of a ring buffer are named after `-w FILE`, as dumpcap
/// names them: FILE's name split at its last dot (before a compression
/// extension's own dot: `a.pcapng.gz` is `a` and `.pcapng.gz`), the
/// file's number and the local time it was created put between:
/// `dir/a_00001_20240714120117.pcapng`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RingNames {
    /// The directory and the name up to the suffix.
    prefix: PathBuf,
    /// The suffix, with its dot (empty when the name has no dot).
    suffix: String,
}

/// The extensions dumpcap reads as a compression's, after another one.
const COMPRESSION: [&str; 3] = ["gz", "zst", "lz4"];

impl RingNames {
    /// The names made from `file` (`-w FILE`).
    pub fn new(file: &Path) -> Self {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut cut = name.rfind('.');
        if let Some(dot) = cut {
            let ext = &name[dot + 1..];
            if COMPRESSION.iter().any(|c| c.eq_ignore_ascii_case(ext)) {
                cut = name[..dot].rfind('.').or(cut);
            }
        }
        let (stem, suffix) = name.split_at(cut.unwrap_or(name.len()));
        RingNames {
            prefix: file.with_file_name(stem),
            suffix: suffix.to_string(),
        }
    }

    /// The name of file `number` (counted from 1; written modulo
    /// [`MAX_FILES`]) created at `local_time` (anything that writes
    /// `YYYYMMDDhhmmss`).
    pub fn name(&self, number: u64, local_time: impl Display) -> PathBuf {
        let mut name = self.prefix.clone().into_os_string();
        name.push(format!(
            "_{:05}_{local_time}{}",
            number % MAX_FILES,
            self.suffix
        ));
        PathBuf::from(name)
    }
}

/// When the file being written gives way to the next one.
#[derive(Debug, Clone)]
pub struct Rotation {
    opts: RingOptions,
    /// Bytes in the current file, headers included.
    bytes: u64,
    /// Packets in the current file.
    packets: u64,
    /// When the current file was created.
    opened: Instant,
    /// With `interval`: the time (seconds since the epoch) of the next
    /// file.
    next_interval: Option<u64>,
}

impl Rotation {
    /// The policy of `opts`, for a file opened now.
    pub fn new(opts: &RingOptions) -> Self {
        Rotation {
            opts: opts.clone(),
            bytes: 0,
            packets: 0,
            opened: Instant::now(),
            next_interval: None,
        }
    }

    /// A new file was created at `now` (`epoch_secs` on the wall clock)
    /// with `header` bytes of headers.
    pub fn opened(&mut self, now: Instant, epoch_secs: u64, header: u64) {
        self.bytes = header;
        self.packets = 0;
        self.opened = now;
        self.next_interval = self
            .opts
            .interval
            .map(|i| (epoch_secs / i).saturating_add(1).saturating_mul(i));
    }

    /// A packet of `bytes` bytes was written: whether the file is now
    /// full (`filesize`, `packets`).
    pub fn wrote(&mut self, bytes: u64) -> bool {
        self.bytes += bytes;
        self.packets += 1;
        let by_size = self
            .opts
            .file_bytes
            .is_some_and(|limit| self.bytes >= limit);
        by_size || self.opts.packets.is_some_and(|n| self.packets >= n)
    }

    /// Whether the file's time is up at `now` (`epoch_secs` on the wall
    /// clock): `duration`, `interval`.
    pub fn due(&self, now: Instant, epoch_secs: u64) -> bool {
        let by_duration = self
            .opts
            .duration
            .is_some_and(|d| now.saturating_duration_since(self.opened) >= d);
        by_duration || self.next_interval.is_some_and(|t| epoch_secs >= t)
    }
}

/// The files kept, oldest first: with `files:N`, creating a file when N
/// exist deletes the oldest first.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    max: Option<u64>,
    files: VecDeque<PathBuf>,
}

impl Kept {
    /// Keeps at most `max` files (all with `None`).
    pub fn new(max: Option<u64>) -> Self {
        Kept {
            max,
            files: VecDeque::new(),
        }
    }

    /// The file to delete before the next one is created, if there are
    /// as many as are kept (it is no longer counted).
    pub fn make_room(&mut self) -> Option<PathBuf> {
        match self.max {
            Some(max) if self.files.len() as u64 >= max => self.files.pop_front(),
            _ => None,
        }
    }

    /// `path` was created.
    pub fn push(&mut self, path: PathBuf) {
        self.files.push_back(path);
    }

    /// The files kept, oldest first.
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().map(PathBuf::as_path)
    }

    /// How many files are kept.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is kept.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}
