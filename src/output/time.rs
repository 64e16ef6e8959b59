//! Time in tables and text, as tshark's `-t` writes it: absolute (local or
//! UTC, with or without the date), relative to the capture's first frame,
//! as a delta from the previous record, or seconds since the epoch.
//!
//! The reference of `r` is the capture's first frame (a
//! [`Clock`](crate::pipeline::Clock) tells it while the pass runs), never
//! the first row printed, so a time does not change with the filters.

use crate::capture::Timestamp;
use std::fmt::Write;

/// How a time is written (`-t`/`--time-format`), tshark's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeFormat {
    /// `a`: local time of day, `11:37:04.066332`.
    Absolute,
    /// `ad`: local date and time, RFC 3339 with the offset:
    /// `2026-11-25T11:37:04.066332+01:00`.
    AbsoluteDate,
    /// `r`: seconds since the capture's first frame, `0.014901`.
    Relative,
    /// `d`: seconds since the previous record decoded, shown or not.
    Delta,
    /// `dd`: seconds since the previous record shown.
    DeltaDisplayed,
    /// `e`: seconds since the epoch, `1795603024.066332`.
    Epoch,
    /// `u`: UTC time of day, `10:37:04.066332`.
    Utc,
    /// `ud`: UTC date and time, RFC 3339: `2026-11-25T10:37:04.066332Z`.
    UtcDate,
}

/// Every format with its name on the command line and what it means (for
/// `--help`, the man pages and completions).
pub const FORMATS: [(TimeFormat, &str, &str); 8] = [
    (TimeFormat::Absolute, "a", "local time of day"),
    (
        TimeFormat::AbsoluteDate,
        "ad",
        "local date and time (RFC 3339)",
    ),
    (
        TimeFormat::Relative,
        "r",
        "seconds since the capture's first frame",
    ),
    (
        TimeFormat::Delta,
        "d",
        "seconds since the previous record decoded",
    ),
    (
        TimeFormat::DeltaDisplayed,
        "dd",
        "seconds since the previous record shown",
    ),
    (TimeFormat::Epoch, "e", "seconds since 1970-01-01 UTC"),
    (TimeFormat::Utc, "u", "UTC time of day"),
    (TimeFormat::UtcDate, "ud", "UTC date and time (RFC 3339)"),
];

impl TimeFormat {
    /// The format named `s` on the command line (`a`, `ad`, `r`, ...).
    pub fn from_name(s: &str) -> Option<TimeFormat> {
        FORMATS.iter().find(|f| f.1 == s).map(|f| f.0)
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        FORMATS.iter().find(|f| f.0 == self).map_or("r", |f| f.1)
    }

    /// Whether times in this format are numbers (right-aligned in a
    /// column), not clock readings.
    pub fn is_number(self) -> bool {
        matches!(
            self,
            TimeFormat::Relative
                | TimeFormat::Delta
                | TimeFormat::DeltaDisplayed
                | TimeFormat::Epoch
        )
    }

    /// Where a time of this format sits in a table's column: numbers
    /// (seconds) to the right, dates and clock times to the left.
    pub fn align(self) -> super::table::Align {
        if self.is_number() {
            super::table::Align::Right
        } else {
            super::table::Align::Left
        }
    }

    /// The characters a time of this format usually takes (a column's
    /// width): `r` up to 9 999 seconds, `e` this century.
    pub fn width(self) -> usize {
        match self {
            TimeFormat::Relative | TimeFormat::Delta | TimeFormat::DeltaDisplayed => 11,
            TimeFormat::Epoch => 17,
            TimeFormat::Absolute | TimeFormat::Utc => 15,
            TimeFormat::AbsoluteDate => 32,
            TimeFormat::UtcDate => 27,
        }
    }
}

/// Writes the times of one table, in order: remembers the previous
/// record for `d` and `dd`.
#[derive(Debug, Clone)]
pub struct Stamper {
    format: TimeFormat,
    /// The capture's first frame (the reference of `r`).
    first: Option<Timestamp>,
    previous: Option<Timestamp>,
}

impl Stamper {
    /// Times in `format`; `r` counts from `first` (the capture's first
    /// frame).
    pub fn new(format: TimeFormat, first: Option<Timestamp>) -> Self {
        Stamper {
            format,
            first,
            previous: None,
        }
    }

    /// The format.
    pub fn format(&self) -> TimeFormat {
        self.format
    }

    /// Sets the reference of `r` when it was not known yet (a live
    /// capture's first frame).
    pub fn first_frame(&mut self, first: Option<Timestamp>) {
        if self.first.is_none() {
            self.first = first;
        }
    }

    /// A record at `ts` that is not shown (only `d` counts from it).
    pub fn skip(&mut self, ts: Timestamp) {
        if self.format == TimeFormat::Delta {
            self.previous = Some(ts);
        }
    }

    /// The time of a record at `ts` that is shown.
    pub fn stamp(&mut self, ts: Timestamp) -> String {
        let mut s = String::with_capacity(32);
        let since = |t: Option<Timestamp>| ts.seconds_since(t.unwrap_or(ts));
        match self.format {
            TimeFormat::Relative => seconds(&mut s, since(self.first)),
            TimeFormat::Delta | TimeFormat::DeltaDisplayed => seconds(&mut s, since(self.previous)),
            TimeFormat::Epoch => epoch(&mut s, ts),
            TimeFormat::UtcDate => {
                let _ = write!(s, "{ts}");
            }
            TimeFormat::Utc => {
                let full = ts.to_string();
                s.push_str(&full[full.len().saturating_sub(16)..full.len() - 1]);
            }
            TimeFormat::Absolute => local(&mut s, ts, "%H:%M:%S%.6f"),
            TimeFormat::AbsoluteDate => local(&mut s, ts, "%Y-%m-%dT%H:%M:%S%.6f%:z"),
        }
        self.previous = Some(ts);
        s
    }
}

/// Seconds to the microsecond, as [`super::seconds`] writes them.
fn seconds(s: &mut String, secs: f64) {
    let _ = write!(s, "{secs:.6}");
}

/// `secs.micros` since the epoch, exactly (no float).
fn epoch(s: &mut String, ts: Timestamp) {
    let micros = i128::from(ts.secs) * 1_000_000 + i128::from(ts.nanos / 1000);
    let sign = if micros < 0 { "-" } else { "" };
    let m = micros.unsigned_abs();
    let _ = write!(s, "{sign}{}.{:06}", m / 1_000_000, m % 1_000_000);
}

/// `ts` in the local time zone (the TZ variable, else /etc/localtime),
/// written with chrono's `pattern`; UTC's RFC 3339 for a time chrono
/// cannot place.
fn local(s: &mut String, ts: Timestamp, pattern: &str) {
    match chrono::DateTime::from_timestamp(ts.secs, ts.nanos) {
        Some(t) => {
            let _ = write!(s, "{}", t.with_timezone(&chrono::Local).format(pattern));
        }
        None => {
            let _ = write!(s, "{ts}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(secs: i64, micros: u32) -> Timestamp {
        Timestamp::new(secs, micros * 1000)
    }

    #[test]
    fn every_format_by_name() {
        for (f, name, _) in FORMATS {
            assert_eq!(TimeFormat::from_name(name), Some(f));
            assert_eq!(f.name(), name);
        }
        assert_eq!(TimeFormat::from_name("PlayersActionDone"), None);
    }

    #[test]
    fn relative_counts_from_the_first_frame_deltas_from_the_previous() {
        let first = ts(1_795_603_024, 66_323);
        let mut r = Stamper::new(TimeFormat::Relative, Some(first));
        assert_eq!(r.stamp(ts(1_795_603_024, 81_224)), "0.014901");
        let mut d = Stamper::new(TimeFormat::Delta, Some(first));
        let mut dd = Stamper::new(TimeFormat::DeltaDisplayed, Some(first));
        for s in [&mut d, &mut dd] {
            assert_eq!(s.stamp(ts(10, 0)), "0.000000");
            s.skip(ts(11, 0));
        }
        assert_eq!(d.stamp(ts(12, 500_000)), "1.500000");
        assert_eq!(dd.stamp(ts(12, 500_000)), "2.500000");
    }

    #[test]
    fn clock_readings() {
        let t = ts(1_795_603_024, 66_332);
        let stamp = |f| Stamper::new(f, None).stamp(t);
        assert_eq!(stamp(TimeFormat::UtcDate), "2026-11-25T10:37:04.066332Z");
        assert_eq!(stamp(TimeFormat::Utc), "10:37:04.066332");
        assert_eq!(stamp(TimeFormat::Epoch), "1795603024.066332");
        assert_eq!(
            Stamper::new(TimeFormat::Epoch, None).stamp(ts(-2, 500_000)),
            "-1.500000"
        );
        for f in [TimeFormat::Absolute, TimeFormat::AbsoluteDate] {
            let s = stamp(f);
            assert!(s.contains(":04.066332"), "{s}");
            assert!(s.len() <= f.width(), "{s}");
        }
    }
}
