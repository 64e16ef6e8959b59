//! Capture timestamps.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A point in time as the capture recorded it: seconds and nanoseconds since
/// the Unix epoch, UTC.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Timestamp {
    /// Whole seconds since the epoch.
    pub secs: i64,
    /// Nanoseconds past `secs`, below 1 000 000 000.
    pub nanos: u32,
}

impl Timestamp {
    /// A timestamp from seconds and nanoseconds; nanoseconds of a second or
    /// more carry into `secs`.
    pub fn new(secs: i64, nanos: u32) -> Self {
        Timestamp {
            secs: secs + i64::from(nanos / 1_000_000_000),
            nanos: nanos % 1_000_000_000,
        }
    }

    /// This time plus `d`.
    pub fn after(self, d: std::time::Duration) -> Self {
        let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
        let nanos = u64::from(self.nanos) + u64::from(d.subsec_nanos());
        Timestamp {
            secs: self
                .secs
                .saturating_add(secs)
                .saturating_add((nanos / 1_000_000_000) as i64),
            nanos: (nanos % 1_000_000_000) as u32,
        }
    }

    /// Seconds since the epoch as a float (for durations and rates).
    pub fn as_f64(self) -> f64 {
        self.secs as f64 + f64::from(self.nanos) / 1e9
    }

    /// `self - earlier` in seconds (negative when `earlier` is later),
    /// from the whole nanoseconds between them: 0.65895, not the
    /// 0.6589499999999999 that adding the seconds' and the nanoseconds'
    /// differences as floats gives.
    pub fn seconds_since(self, earlier: Timestamp) -> f64 {
        let nanos = i128::from(self.secs - earlier.secs) * 1_000_000_000 + i128::from(self.nanos)
            - i128::from(earlier.nanos);
        nanos as f64 / 1e9
    }

    /// RFC 3339 with microseconds, UTC: `2024-01-02T03:04:05.123456Z`.
    pub fn rfc3339(self) -> String {
        self.to_string()
    }
}

/// Days since 1970-01-01 to a civil (year, month, day), proleptic Gregorian.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

impl fmt::Display for Timestamp {
    /// RFC 3339 with microseconds, UTC.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.secs.div_euclid(86_400);
        let rem = self.secs.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        if !(0..=9999).contains(&y) {
            return write!(
                f,
                "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:06}Z",
                rem / 3600,
                rem % 3600 / 60,
                rem % 60,
                self.nanos / 1000
            );
        }
        // The common case digit by digit: formatting machinery costs ten
        // times as much, and inspect writes a time per stream.
        let mut text = *b"0000-00-00T00:00:00.000000Z";
        let mut put = |at: usize, width: usize, mut n: u64| {
            for i in (at..at + width).rev() {
                text[i] = b'0' + (n % 10) as u8;
                n /= 10;
            }
        };
        put(0, 4, y as u64);
        put(5, 2, u64::from(m));
        put(8, 2, u64::from(d));
        put(11, 2, (rem / 3600) as u64);
        put(14, 2, (rem % 3600 / 60) as u64);
        put(17, 2, (rem % 60) as u64);
        put(20, 6, u64::from(self.nanos / 1000));
        // Only ASCII digits and separators were written.
        f.write_str(std::str::from_utf8(&text).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_rfc3339_with_microseconds() {
        assert_eq!(
            Timestamp::new(0, 0).to_string(),
            "1970-01-01T00:00:00.000000Z"
        );
        assert_eq!(
            Timestamp::new(1_700_000_000, 123_456_789).to_string(),
            "2023-11-14T22:13:20.123456Z"
        );
        assert_eq!(
            Timestamp::new(951_782_400, 0).to_string(),
            "2000-02-29T00:00:00.000000Z"
        );
    }

    #[test]
    fn normalises_nanoseconds() {
        assert_eq!(
            Timestamp::new(1, 1_500_000_000),
            Timestamp {
                secs: 2,
                nanos: 500_000_000
            }
        );
    }
}
