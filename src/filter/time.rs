//! Times in filters: RFC 3339 text (as records write `ts`) to a
//! [`Timestamp`], parsed with nom.
//!
//! Accepted: `2026-11-21`, `2026-11-21T06:10`, `2026-11-21T06:10:00`, with
//! a fraction of a second (up to nanoseconds) and a zone (`Z`, `+01:00`,
//! `-0530`); no zone is UTC. A space may stand for the `T`.

use crate::capture::Timestamp;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while_m_n};
use nom::character::complete::{char, one_of};
use nom::combinator::{all_consuming, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// A number of exactly `n` digits.
fn digits(n: usize) -> impl FnMut(&str) -> IResult<&str, i64> {
    move |i| {
        let (i, d) = take_while_m_n(n, n, |c: char| c.is_ascii_digit())(i)?;
        Ok((i, d.parse().unwrap_or(0)))
    }
}

/// `HH:MM[:SS[.fraction]]` as (hours, minutes, seconds, nanoseconds).
fn clock(i: &str) -> IResult<&str, (i64, i64, i64, u32)> {
    let (i, h) = digits(2)(i)?;
    let (i, m) = preceded(char(':'), digits(2)).parse(i)?;
    let (i, s) = opt(preceded(char(':'), digits(2))).parse(i)?;
    let (i, frac) = opt(preceded(
        one_of(".,"),
        take_while_m_n(1, 9, |c: char| c.is_ascii_digit()),
    ))
    .parse(i)?;
    let nanos = frac.map_or(0, |f: &str| {
        let scale = 10u32.pow(9 - f.len() as u32);
        f.parse::<u32>().unwrap_or(0) * scale
    });
    Ok((i, (h, m, s.unwrap_or(0), nanos)))
}

/// `Z`, `+HH:MM`, `-HHMM` or `+HH` as seconds east of UTC.
fn zone(i: &str) -> IResult<&str, i64> {
    let utc = |i| -> IResult<&str, i64> { Ok((one_of("Zz")(i)?.0, 0)) };
    let offset = |i| -> IResult<&str, i64> {
        let (i, sign) = one_of("+-")(i)?;
        let (i, h) = digits(2)(i)?;
        let (i, m) = opt(preceded(opt(char(':')), digits(2))).parse(i)?;
        let secs = h * 3600 + m.unwrap_or(0) * 60;
        Ok((i, if sign == '-' { -secs } else { secs }))
    };
    alt((utc, offset)).parse(i)
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The days of month `m` of year `y`.
fn month_days(y: i64, m: i64) -> i64 {
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Parses RFC 3339 text (see the [module docs](self)); `None` when it is
/// not one, or names a day or time that does not exist.
pub fn parse(text: &str) -> Option<Timestamp> {
    let date = |i| -> IResult<&str, (i64, i64, i64)> {
        let (i, y) = digits(4)(i)?;
        let (i, m) = preceded(tag("-"), digits(2)).parse(i)?;
        let (i, d) = preceded(tag("-"), digits(2)).parse(i)?;
        Ok((i, (y, m, d)))
    };
    let time = opt(preceded(one_of("Tt "), (clock, opt(zone))));
    let (_, ((y, mo, d), time)) = all_consuming((date, time)).parse(text).ok()?;
    let ((h, mi, s, nanos), zone) = time.unwrap_or(((0, 0, 0, 0), None));
    let valid = (1..=12).contains(&mo)
        && (1..=month_days(y, mo)).contains(&d)
        && h < 24
        && mi < 60
        && s < 61;
    if !valid {
        return None;
    }
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - zone.unwrap_or(0);
    Some(Timestamp::new(secs, nanos))
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
