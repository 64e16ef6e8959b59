//! Output helpers shared by the subcommands: tables, JSON, number formats,
//! records ([`records`]), color ([`color`]), and an external sort for
//! output kept until the end of a capture ([`spill`]).

pub mod color;
pub mod hand_text;
pub mod json;
pub mod ohh;
pub mod records;
pub mod spill;

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
    rows: impl FnMut() -> Result<I, E>,
) -> Result<(), E>
where
    E: From<std::io::Error>,
    I: Iterator<Item = Result<Vec<String>, E>>,
{
    render_table(out, headers, rows, true)
}

/// [`write_table_rows`]; `plain` lets chunks of [`one_line`] rows skip
/// comfy-table (off only in tests, to compare the two).
fn render_table<E, I>(
    out: &mut impl Write,
    headers: &[&str],
    mut rows: impl FnMut() -> Result<I, E>,
    plain: bool,
) -> Result<(), E>
where
    E: From<std::io::Error>,
    I: Iterator<Item = Result<Vec<String>, E>>,
{
    let mut widths = ColumnWidths::default();
    for row in rows()? {
        widths.add(&row?);
    }
    render_sized(out, headers, &widths, rows()?, plain)
}

/// The widest cell of each column (in characters) and the number of rows,
/// gathered as rows are made (for [`write_table_sized`]).
#[derive(Debug, Clone, Default)]
pub struct ColumnWidths {
    widths: Vec<usize>,
    rows: usize,
}

impl ColumnWidths {
    /// Takes one row's cells into account.
    pub fn add(&mut self, row: &[String]) {
        self.add_widths(row.iter().map(|cell| cell.chars().count()));
    }

    /// Takes one row into account by its cells' widths (in characters),
    /// for a caller that can size cells without making them.
    pub fn add_widths(&mut self, widths: impl ExactSizeIterator<Item = usize>) {
        if self.widths.len() < widths.len() {
            self.widths.resize(widths.len(), 0);
        }
        for (w, cell) in self.widths.iter_mut().zip(widths) {
            *w = (*w).max(cell);
        }
        self.rows += 1;
    }

    /// Rows added so far.
    pub fn rows(&self) -> usize {
        self.rows
    }
}

/// Like [`write_table_rows`] in one pass, the widths gathered beforehand
/// (while the rows were being made): `rows` must give the rows `widths`
/// saw, in the order to print.
pub fn write_table_sized<E, I>(
    out: &mut impl Write,
    headers: &[&str],
    widths: &ColumnWidths,
    rows: I,
) -> Result<(), E>
where
    E: From<std::io::Error>,
    I: Iterator<Item = Result<Vec<String>, E>>,
{
    render_sized(out, headers, widths, rows, true)
}

fn render_sized<E, I>(
    out: &mut impl Write,
    headers: &[&str],
    cells: &ColumnWidths,
    mut rows: I,
    plain: bool,
) -> Result<(), E>
where
    E: From<std::io::Error>,
    I: Iterator<Item = Result<Vec<String>, E>>,
{
    let n = cells.rows;
    let widths: Vec<usize> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| {
            h.chars()
                .count()
                .max(cells.widths.get(i).copied().unwrap_or(0))
        })
        .collect();
    // A column is at most MAX_COLUMN wide; longer cells wrap inside it.
    let fixed = widths.iter().map(|&w| {
        let w = u16::try_from(w.min(MAX_COLUMN) + 2).unwrap_or(u16::MAX);
        ColumnConstraint::Absolute(Width::Fixed(w))
    });
    let chunks = n.div_ceil(CHUNK).max(1);
    let plain_header = plain && !color::enabled() && headers.iter().all(|h| one_line(h));
    let capped: Vec<usize> = widths.iter().map(|&w| w.min(MAX_COLUMN)).collect();
    for c in 0..chunks {
        let chunk: Vec<Vec<String>> = rows
            .by_ref()
            .take(CHUNK.min(n - c * CHUNK))
            .collect::<Result<_, E>>()?;
        let (first, last) = (c == 0, c + 1 == chunks);
        if plain_header && chunk.iter().all(|r| r.iter().all(|s| one_line(s))) {
            write_plain_chunk(out, headers, &capped, &chunk, first, last)?;
            continue;
        }
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
        for row in chunk {
            t.add_row(row);
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

/// Whether comfy-table would lay `cell` out on one line of its own width
/// in characters: no control characters, no character wider or narrower
/// than one column, and no wrapping (at most [`MAX_COLUMN`] long).
fn one_line(cell: &str) -> bool {
    use unicode_width::UnicodeWidthStr;
    if cell.is_ascii() {
        return cell.len() <= MAX_COLUMN && !cell.bytes().any(|b| b.is_ascii_control());
    }
    let n = cell.chars().count();
    n <= MAX_COLUMN && !cell.chars().any(char::is_control) && cell.width() == n
}

/// Padding, taken a slice at a time.
const SPACES: &str =
    "                                                                                  ";

/// Writes rows that are all [`one_line`] the way comfy-table's
/// UTF8_FULL_CONDENSED preset lays them out, without it: rendering each
/// cell through comfy-table costs some 50 000 instructions a row, most of a
/// large `inspect`. `first` adds the top border and the header, `last` the
/// bottom border. (A test checks it against comfy-table.)
fn write_plain_chunk(
    out: &mut impl Write,
    headers: &[&str],
    widths: &[usize],
    rows: &[Vec<String>],
    first: bool,
    last: bool,
) -> std::io::Result<()> {
    let border = |out: &mut dyn Write, left: &str, fill: &str, mid: &str, right: &str| {
        let mut line = String::from(left);
        for (i, &w) in widths.iter().enumerate() {
            if i > 0 {
                line.push_str(mid);
            }
            line.push_str(&fill.repeat(w + 2));
        }
        line.push_str(right);
        writeln!(out, "{line}")
    };
    let mut line = String::new();
    let mut cells = |out: &mut dyn Write, row: &mut dyn Iterator<Item = &str>| {
        line.clear();
        line.push('│');
        for (i, (cell, &w)) in row.zip(widths).enumerate() {
            if i > 0 {
                line.push('┆');
            }
            line.push(' ');
            line.push_str(cell);
            let pad = w.saturating_sub(cell.chars().count()) + 1;
            match SPACES.get(..pad) {
                Some(spaces) => line.push_str(spaces),
                None => line.extend(std::iter::repeat_n(' ', pad)),
            }
        }
        line.push('│');
        writeln!(out, "{line}")
    };
    if first {
        border(out, "┌", "─", "┬", "┐")?;
        cells(out, &mut headers.iter().copied())?;
        border(out, "╞", "═", "╪", "╡")?;
    }
    for row in rows {
        cells(out, &mut row.iter().map(String::as_str))?;
    }
    if last {
        border(out, "└", "─", "┴", "┘")?;
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

    proptest::proptest! {
        /// Rows written by hand look exactly as comfy-table draws them
        /// (cells of ASCII, one-column Unicode, wide characters, control
        /// characters, and longer than a column: those take comfy-table's
        /// path).
        #[test]
        fn plain_rows_look_like_comfy_table(
            rows in proptest::collection::vec(
                proptest::collection::vec("[ -~]{0,12}|[a→é ]{0,90}|[漢\t x]{0,4}", 3),
                1..40,
            ),
        ) {
            let headers = ["Id", "Name →", "Notes"];
            let draw = |plain: bool| {
                let mut out = Vec::new();
                render_table(&mut out, &headers, || {
                    Ok::<_, std::io::Error>(rows.iter().cloned().map(Ok))
                }, plain)
                .unwrap();
                String::from_utf8(out).unwrap()
            };
            proptest::prop_assert_eq!(draw(true), draw(false));
        }
    }
}
