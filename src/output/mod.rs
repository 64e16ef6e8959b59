//! Output helpers shared by the subcommands: tables, JSON, number formats,
//! records ([`records`]), and color ([`color`]).

pub mod color;
pub mod hand_text;
pub mod json;
pub mod ohh;
pub mod records;

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Attribute, Cell, Color, ColumnConstraint, ContentArrangement, Table, Width};
use std::io::Write;

/// How a command writes its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table for people.
    Table,
    /// One JSON document.
    Json,
}

/// A table in the house style, with these column headers.
pub fn table(headers: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(headers.iter().copied());
    t
}

/// Rows rendered at a time by [`write_table`].
const CHUNK: usize = 512;

/// The widest a column of [`write_table`] gets, in characters.
const MAX_COLUMN: usize = 80;

/// Writes a table of `n` rows, row `i`'s cells given by `row(i)`, looking
/// exactly like one [`table`] but built a chunk of rows at a time, so that
/// memory holds the cells of at most a chunk whatever `n` is (a capture may
/// hold millions of streams). Column widths come from a first pass.
pub fn write_table(
    out: &mut impl Write,
    headers: &[&str],
    n: usize,
    row: impl Fn(usize) -> Vec<String>,
) -> std::io::Result<()> {
    let row = &row;
    write_table_rows(out, headers, || {
        Ok::<_, std::io::Error>((0..n).map(|i| Ok(row(i))))
    })
}

/// Like [`write_table`], the rows' cells coming from an iterator that
/// `rows()` makes anew for each of the two passes (column widths, then
/// rendering); both must give the same rows. Making the iterator or one of
/// its rows may fail, with an error of the caller's type `E`; write errors
/// become an `E` too.
pub fn write_table_rows<E, I>(
    out: &mut impl Write,
    headers: &[&str],
    mut rows: impl FnMut() -> Result<I, E>,
) -> Result<(), E>
where
    E: From<std::io::Error>,
    I: Iterator<Item = Result<Vec<String>, E>>,
{
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    let mut n = 0usize;
    for row in rows()? {
        for (w, cell) in widths.iter_mut().zip(row?) {
            *w = (*w).max(cell.chars().count());
        }
        n += 1;
    }
    // A column is at most MAX_COLUMN wide; longer cells wrap inside it.
    let fixed = widths.iter().map(|&w| {
        let w = u16::try_from(w.min(MAX_COLUMN) + 2).unwrap_or(u16::MAX);
        ColumnConstraint::Absolute(Width::Fixed(w))
    });
    let chunks = n.div_ceil(CHUNK).max(1);
    let mut rows = rows()?;
    for c in 0..chunks {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic);
        if c == 0 && color::enabled() {
            t.enforce_styling();
            t.set_header(
                headers
                    .iter()
                    .map(|h| Cell::new(h).add_attribute(Attribute::Bold).fg(Color::Cyan)),
            );
        } else if c == 0 {
            t.set_header(headers.iter().copied());
        }
        for row in rows.by_ref().take(CHUNK.min(n - c * CHUNK)) {
            t.add_row(row?);
        }
        t.set_constraints(fixed.clone());
        let text = t.to_string();
        let lines: Vec<&str> = text.lines().collect();
        // Chunks join into one table: inner chunks lose their top and
        // bottom borders.
        let first = usize::from(c > 0);
        let last = if c + 1 < chunks {
            lines.len() - 1
        } else {
            lines.len()
        };
        for line in &lines[first..last.max(first)] {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// Writes `value` as pretty JSON and a newline.
pub fn write_json(out: &mut impl Write, value: &serde_json::Value) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)
}

/// A byte count for people: `532`, `12.4 kB`, `3.1 MB`.
pub fn human_bytes(n: u64) -> String {
    match n {
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
    fn a_chunked_table_looks_like_one_table() {
        let headers = ["Stream", "Client", "Bytes"];
        let cell = |i: usize| {
            vec![
                i.to_string(),
                format!("10.0.{}.1:{}", i % 7, 40000 + i * 37),
                "x".repeat(i % 5),
            ]
        };
        let n = 2 * CHUNK + 17;
        let mut whole = table(&headers);
        for i in 0..n {
            whole.add_row(cell(i));
        }
        let mut chunked = Vec::new();
        write_table(&mut chunked, &headers, n, cell).unwrap();
        assert_eq!(String::from_utf8(chunked).unwrap(), format!("{whole}\n"));
    }

    #[test]
    fn rows_from_an_iterator_make_the_same_table() {
        let headers = ["Stream", "Cells"];
        let cell = |i: usize| vec![i.to_string(), "y".repeat(i % 9)];
        let n = CHUNK + 3;
        let mut by_index = Vec::new();
        write_table(&mut by_index, &headers, n, cell).unwrap();
        let mut passes = 0;
        let mut from_iter = Vec::new();
        write_table_rows(&mut from_iter, &headers, || {
            passes += 1;
            Ok::<_, std::io::Error>((0..n).map(|i| Ok(cell(i))))
        })
        .unwrap();
        assert_eq!(passes, 2);
        assert_eq!(from_iter, by_index);
        // An error of a row stops the table with that error.
        #[derive(Debug, PartialEq)]
        struct RowError(String);
        impl From<std::io::Error> for RowError {
            fn from(e: std::io::Error) -> Self {
                RowError(e.to_string())
            }
        }
        let failing = write_table_rows(&mut Vec::new(), &headers, || {
            Ok((0..n).map(|i| match i {
                7 => Err(RowError("row 7".into())),
                _ => Ok(cell(i)),
            }))
        });
        assert_eq!(failing, Err(RowError("row 7".into())));
    }

    #[test]
    fn human_bytes_switches_units() {
        assert_eq!(human_bytes(532), "532");
        assert_eq!(human_bytes(12_400), "12.4 kB");
        assert_eq!(human_bytes(3_100_000_000), "3.1 GB");
    }
}
