//! Times in filters: RFC 3339 text (as records write `ts`) to a
//! [`Timestamp`], read with chrono.
//!
//! Accepted: `2026-11-21`, `2026-11-21T06:10`, `2026-11-21T06:10:00`, with
//! a fraction of a second (up to nanoseconds) and a zone (`Z`, `+01:00`,
//! `-0530`); no zone is UTC. A space may stand for the `T`.

use crate::capture::Timestamp;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};

/// With a zone: seconds and a fraction, or minutes only.
const ZONED: [&str; 2] = ["%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%dT%H:%M%#z"];
/// Without one (UTC).
const PLAIN: [&str; 2] = ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"];

fn stamp(t: DateTime<Utc>) -> Timestamp {
    Timestamp::new(t.timestamp(), t.timestamp_subsec_nanos())
}

/// Parses RFC 3339 text (see the [module docs](self)); `None` when it is
/// not one, or names a day or time that does not exist.
pub fn parse(text: &str) -> Option<Timestamp> {
    if let Ok(d) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(stamp(d.and_hms_opt(0, 0, 0)?.and_utc()));
    }
    // One spelling for chrono: `T` between date and time, `.` before the
    // fraction, `+00:00` for `Z`.
    let mut t: String = text.replace(',', ".");
    if t.len() > 10 && t.is_char_boundary(10) && t.is_char_boundary(11) {
        if let " " | "t" = &t[10..11] {
            t.replace_range(10..11, "T");
        }
    }
    if let Some(head) = t.strip_suffix(['Z', 'z']) {
        t = format!("{head}+00:00");
    }
    (ZONED.iter())
        .find_map(|f| DateTime::parse_from_str(&t, f).ok())
        .map(|d| stamp(d.with_timezone(&Utc)))
        .or_else(|| {
            (PLAIN.iter())
                .find_map(|f| NaiveDateTime::parse_from_str(&t, f).ok())
                .map(|d| stamp(d.and_utc()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_records_write_and_shorter_forms() {
        for t in [
            Timestamp::new(1_700_000_000, 123_456_000),
            Timestamp::new(0, 0),
            Timestamp::new(951_782_400, 1000),
        ] {
            assert_eq!(parse(&t.to_string()), Some(t), "{t}");
        }
        let at = |s| parse(s).map(|t: Timestamp| t.to_string());
        assert_eq!(
            at("2026-11-21").as_deref(),
            Some("2026-11-21T00:00:00.000000Z")
        );
        assert_eq!(
            at("2026-11-21T06:10").as_deref(),
            Some("2026-11-21T06:10:00.000000Z")
        );
        assert_eq!(
            at("2026-11-21 07:10:00.5+01:00").as_deref(),
            Some("2026-11-21T06:10:00.500000Z")
        );
        assert_eq!(
            at("2026-11-21T00:10:00-0600").as_deref(),
            Some("2026-11-21T06:10:00.000000Z")
        );
        assert_eq!(
            parse("2026-11-21T06:10:00.000000001Z").map(|t| t.nanos),
            Some(1)
        );
    }

    #[test]
    fn refuses_what_is_not_a_time() {
        for s in [
            "",
            "yesterday",
            "2026-13-01",
            "2026-02-30",
            "2026-11-21T25:00",
            "2026-11-21T06:10:00Zjunk",
            "21/11/2026",
            "2026-11-21T06",
        ] {
            assert_eq!(parse(s), None, "{s}");
        }
        assert!(parse("2024-02-29").is_some());
        assert!(parse("2023-02-29").is_none());
    }
}
