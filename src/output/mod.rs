//! Output helpers shared by the subcommands: tables ([`table`]), JSON, number formats,
//! records ([`records`]), color ([`color`]), times ([`time`]), an external
//! sort for output kept until the end of a capture ([`spill`]), and the
//! check that every key of records' `fields` keeps one JSON type
//! ([`key_types`]).

pub mod color;
pub mod csv;
pub mod fit;
pub mod hand_text;
pub mod json;
pub mod key_types;
pub mod ohh;
pub mod records;
pub mod spill;
pub mod table;
pub mod tables;
pub mod time;

use std::io::Write;

/// How a command writes its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table for people.
    Table,
    /// One JSON document.
    Json,
    /// CSV: a header row, then a row per item (RFC 4180 quoting).
    Csv,
}

/// Writes `value` as pretty JSON and a newline.
pub fn write_json(out: &mut impl Write, value: &serde_json::Value) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)
}

/// A byte count for people: `532`, `12.4 kB`, `3.1 MB`.
pub fn human_bytes(n: u64) -> String {
    human_bytes_as(n, n)
}

/// Byte count `n` in the unit [`human_bytes`] gives `scale`: two counts
/// shown in one cell (`0.4 kB / 10.0 kB`) share the unit of the larger.
pub fn human_bytes_as(n: u64, scale: u64) -> String {
    match scale {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1} kB", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.1} MB", n as f64 / 1e6),
        _ => format!("{:.1} GB", n as f64 / 1e9),
    }
}

/// Seconds for people, to the microsecond: `0.031524`.
pub fn seconds(s: f64) -> String {
    format!("{s:.6}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_counts_in_one_cell_share_a_unit() {
        let (a, b) = (409, 10_000);
        let scale = a.max(b);
        assert_eq!(
            [human_bytes_as(a, scale), human_bytes_as(b, scale)],
            ["0.4 kB", "10.0 kB"]
        );
        assert_eq!(human_bytes_as(5, 5), "5");
    }

    #[test]
    fn human_bytes_switches_units() {
        assert_eq!(human_bytes(532), "532");
        assert_eq!(human_bytes(12_400), "12.4 kB");
        assert_eq!(human_bytes(3_100_000_000), "3.1 GB");
    }
}
