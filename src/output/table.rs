//! Tables for people: the one way every command draws one.
//!
//! A [`Table`] is a list of columns and a layout:
//!
//! - **Boxed** ([`Table::boxed`]): comfy-table's `UTF8_FULL_CONDENSED`
//!   house style, each column as wide as its widest cell (at most
//!   [`MAX_COLUMN`] characters; longer cells wrap inside it; a cell may
//!   hold several lines, as `inspect`'s narrow layout's do). The caller
//!   [`measure`](Table::measure)s every row as it makes it, then
//!   [`write`](Table::write)s the rows in one pass, a row at a time, so
//!   that the rows may come from a store on disk and memory holds one of
//!   them. Used by `inspect`, `hands` and `timeline`.
//! - **Columns** ([`Table::columns`]): columns of fixed widths separated by
//!   a space, no borders, a row written as soon as it is known
//!   ([`write_header`](Table::write_header), then
//!   [`write_cells`](Table::write_cells), a row possibly in pieces written
//!   on different threads). Used by `decode`, whose rows go out while the
//!   capture is read (live, or stopped by `-c`): no width can be measured
//!   before the first row is written.
//!
//! comfy-table draws every boxed table's header and borders, and every row
//! with a cell it lays out over several lines or with characters of
//! another width than one column. All other rows, nearly every row of a
//! large table, and `decode`'s rows are written by this module's one fast
//! path, [`Table::write_cells`]: the cells padded to their column's width between
//! the layout's borders. The column widths being fixed when a boxed table
//! is written, comfy-table lays each row out on its own, so a table
//! written a row at a time, either way, is the table comfy-table draws at
//! once: a property test holds the two to the byte.
//!
//! **Fitting the terminal.** When [`fit_to`] was given a width (the
//! terminal's, unless `--wide`), a boxed table's widest columns are
//! narrowed until its lines fit (to [`MIN_COLUMN`](super::fit::MIN_COLUMN) at the least: past
//! that, its lines are cut at the edge), and a cell wider than its column
//! is cut with an ellipsis (`…`) instead of wrapped; a table of columns has
//! each line cut at the width ([`fit_line`]). Otherwise (`--wide`, or output to
//! a pipe or a file) nothing is cut.
//!
//! Why the fast path (BENCHMARKS.md, "One table writer (issue 20)";
//! release build, this 2-core machine, shared): comfy-table takes some
//! 5.1 µs a row of `inspect`'s 14 columns drawn 512 rows to a table, 2.2 µs
//! a row of `timeline`'s 4, 5.2 µs a row of `decode`'s 7 drawn a row at a
//! time; the fast path 0.47, 0.24 and 0.08 µs. Over whole runs: `inspect`
//! on 300 000 short connections 2.2 s of CPU with comfy-table for every
//! row, 0.7 s with the fast path; `timeline` on the 1.1 GB benchmark
//! capture (7.3 million rows) 52.7 s with comfy-table, 39.1 s with the
//! fast path; `decode`'s table on the same capture (13 million rows, the
//! whole run 19.4 s of CPU) would spend some 68 s in comfy-table. On the
//! benchmark capture's 64 565 streams `inspect`'s table is 0.3 s with
//! comfy-table, 0.03 s with the fast path, lost in the 6.3 s of the run.

use super::color::{self, paint, Style};
use super::fit::narrow;
pub use super::fit::{ellipsis, fit_line, fit_to, fit_width};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Attribute, Cell, Color, ColumnConstraint, ContentArrangement, Width};
use std::borrow::Cow;
use std::io::Write;

/// The widest a column of a boxed table gets, in characters.
pub const MAX_COLUMN: usize = 80;

/// Where a cell sits in its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// What comes before the first cell of a row, between cells, and after
/// the last.
#[derive(Debug, Clone, Copy)]
struct Frame {
    left: &'static str,
    mid: &'static str,
    right: &'static str,
}

/// comfy-table's `UTF8_FULL_CONDENSED` around cells padded by one space.
const BOXED: Frame = Frame {
    left: "│ ",
    mid: " ┆ ",
    right: " │",
};

/// A space between cells.
const COLUMNS: Frame = Frame {
    left: "",
    mid: " ",
    right: "",
};

/// A table's columns and layout; see the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Table<'h> {
    headers: &'h [&'h str],
    /// Boxed: the widest cell measured in each column (characters);
    /// columns: each column's width (0: as wide as its cell).
    widths: Vec<usize>,
    align: Vec<Align>,
    frame: Frame,
    boxed: bool,
    rows: usize,
}

impl<'h> Table<'h> {
    /// A boxed table with these headers, no rows measured yet.
    pub fn boxed(headers: &'h [&'h str]) -> Self {
        Table {
            headers,
            widths: vec![0; headers.len()],
            align: vec![Align::Left; headers.len()],
            frame: BOXED,
            boxed: true,
            rows: 0,
        }
    }

    /// A table of columns with these headers, widths (in characters: a
    /// narrower cell is padded, a wider one pushes the rest of its row to
    /// the right; 0 for the last column leaves it unpadded) and alignments.
    pub fn columns(headers: &'h [&'h str], columns: &[(usize, Align)]) -> Self {
        assert_eq!(headers.len(), columns.len(), "a header per column");
        Table {
            headers,
            widths: columns.iter().map(|c| c.0).collect(),
            align: columns.iter().map(|c| c.1).collect(),
            frame: COLUMNS,
            boxed: false,
            rows: 0,
        }
    }

    /// Takes a row of a boxed table into account: its columns become at
    /// least as wide as its cells. Every row [`write`](Self::write) writes
    /// must have been measured, in any order.
    pub fn measure<S: AsRef<str>>(&mut self, cells: &[S]) {
        if self.widths.len() < cells.len() {
            self.widths.resize(cells.len(), 0);
        }
        for (w, cell) in self.widths.iter_mut().zip(cells) {
            *w = (*w).max(widest_line(cell.as_ref()));
        }
        self.rows += 1;
    }

    /// The width of a boxed table's lines drawn whole (not fitted to the
    /// terminal), in characters.
    pub fn line_width(&self) -> usize {
        let widths = self.headers.iter().zip(&self.widths);
        let cells: usize = widths.map(|(h, &w)| chars(h).max(w).min(MAX_COLUMN)).sum();
        // "│ " before the first cell, " ┆ " between cells, " │" after the last.
        cells + 3 * self.headers.len() + 1
    }

    /// Makes column `col` of a boxed table at least `width` characters
    /// wide (for cells written later than they were measured).
    pub fn widen(&mut self, col: usize, width: usize) {
        if let Some(w) = self.widths.get_mut(col) {
            *w = (*w).max(width);
        }
    }

    /// Rows measured so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Writes a boxed table: its header, the rows [`measure`](Self::measure)
    /// saw (`rows` gives them in the order to print; making one may fail,
    /// with an error of the caller's type), and its bottom border.
    pub fn write<E, I>(&self, out: &mut impl Write, rows: I) -> Result<(), E>
    where
        E: From<std::io::Error>,
        I: Iterator<Item = Result<Vec<String>, E>>,
    {
        assert!(self.boxed, "Table::write draws boxed tables");
        let layout = self.capped();
        // Header and borders as comfy-table draws them around one empty
        // row: every line above the row, and the one below it.
        let frame = layout.comfy(vec![vec![String::new(); self.headers.len()]], true);
        let frame: Vec<&str> = frame.lines().collect();
        let (top, bottom) = frame.split_at(frame.len() - 2);
        // Lines go out through `emit`, which cuts them at the terminal's
        // edge when even the narrowed columns do not fit it.
        let fit = fit_width().is_some();
        let mut cut = Vec::new();
        let mut emit = |out: &mut dyn Write, line: &[u8]| -> std::io::Result<()> {
            if !fit {
                return out.write_all(line);
            }
            cut.clear();
            cut.extend_from_slice(line);
            fit_line(&mut cut, 0);
            out.write_all(&cut)
        };
        for line in top {
            emit(out, format!("{line}\n").as_bytes())?;
        }
        // The columns' widths are fixed, so comfy-table lays each row out
        // on its own: a row at a time, by the fast path when it can.
        let mut line = Vec::new();
        for row in rows.take(self.rows) {
            let mut row = row?;
            if fit {
                for (cell, &w) in row.iter_mut().zip(&layout.widths) {
                    if let Cow::Owned(cut) = ellipsis_lines(cell, w) {
                        *cell = cut;
                    }
                }
            }
            if row.iter().all(|s| one_line(s)) {
                line.clear();
                layout.write_cells(&mut line, 0, row.iter().map(|s| (s.as_str(), None)));
                emit(out, &line)?;
                continue;
            }
            // Cells of several lines, each of which comfy-table would lay
            // out on one: a line of the table per line of the tallest cell.
            if row.iter().all(|s| s.split('\n').all(one_line)) {
                let tallest = row.iter().map(|s| s.split('\n').count()).max();
                let mut lines: Vec<_> = row.iter().map(|s| s.split('\n')).collect();
                for _ in 0..tallest.unwrap_or(0) {
                    line.clear();
                    let cells = lines.iter_mut().map(|l| (l.next().unwrap_or(""), None));
                    layout.write_cells(&mut line, 0, cells);
                    emit(out, &line)?;
                }
                continue;
            }
            // The row's lines, without the borders above and below them.
            let text = layout.comfy(vec![row], false);
            let lines: Vec<&str> = text.lines().collect();
            for l in &lines[1..lines.len() - 1] {
                emit(out, format!("{l}\n").as_bytes())?;
            }
        }
        emit(out, format!("{}\n", bottom[1]).as_bytes())?;
        Ok(())
    }

    /// This boxed table with its columns' widths as drawn: each as wide as
    /// its header and its widest cell, at most [`MAX_COLUMN`]; the widest
    /// narrowed to fit the terminal when tables fit one.
    fn capped(&self) -> Self {
        let mut widths: Vec<usize> = self
            .headers
            .iter()
            .zip(&self.widths)
            .map(|(h, &w)| chars(h).max(w).min(MAX_COLUMN))
            .collect();
        if let Some(limit) = fit_width() {
            narrow(&mut widths, limit);
        }
        Table {
            widths,
            ..self.clone()
        }
    }

    /// `rows` drawn by comfy-table in this (boxed) table's column widths,
    /// with the header when `header`.
    fn comfy(&self, rows: Vec<Vec<String>>, header: bool) -> String {
        let mut t = comfy_table::Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic);
        // Headers are cut, not wrapped, in columns narrowed to fit.
        let headers = self.headers.iter().zip(&self.widths);
        let headers = headers.map(|(h, &w)| ellipsis(h, w));
        if header && color::enabled() {
            t.enforce_styling();
            t.set_header(
                headers.map(|h| Cell::new(h).add_attribute(Attribute::Bold).fg(Color::Cyan)),
            );
        } else if header {
            t.set_header(headers);
        }
        for row in rows {
            t.add_row(row);
        }
        t.set_constraints(self.widths.iter().map(|&w| {
            let w = u16::try_from(w + 2).unwrap_or(u16::MAX);
            ColumnConstraint::Absolute(Width::Fixed(w))
        }));
        t.to_string()
    }

    /// Writes the header line of a table of columns into `buf`, in the
    /// header style when color is on.
    pub fn write_header(&self, buf: &mut Vec<u8>) {
        let mut line = Vec::new();
        self.write_cells(&mut line, 0, self.headers.iter().map(|&h| (h, None)));
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches('\n');
        buf.extend_from_slice(paint(line, Style::Header).as_bytes());
        buf.push(b'\n');
    }

    /// Writes cells `first..first + cells.len()` of a row into `buf`
    /// (a table of columns; a boxed table's rows are [`write`](Self::write)'s), each padded to its column's width and in its
    /// style (when color is on), the separator before every cell but the
    /// row's first; the row's last cell ends the line. A row may be
    /// written in pieces, by different threads, and joined.
    ///
    /// This is the module's fast path (see the module documentation).
    pub fn write_cells<'c>(
        &self,
        buf: &mut Vec<u8>,
        first: usize,
        cells: impl IntoIterator<Item = (&'c str, Option<Style>)>,
    ) {
        let last = self.widths.len().saturating_sub(1);
        for (col, (cell, style)) in (first..).zip(cells) {
            let sep = if col == 0 {
                self.frame.left
            } else {
                self.frame.mid
            };
            buf.extend_from_slice(sep.as_bytes());
            let width = self.widths.get(col).copied().unwrap_or(0);
            let pad = width.saturating_sub(chars(cell));
            let align = self.align.get(col).copied().unwrap_or(Align::Left);
            match style.filter(|_| color::enabled()) {
                None => padded(buf, cell, pad, align),
                Some(style) => {
                    let mut text = Vec::with_capacity(cell.len() + pad);
                    padded(&mut text, cell, pad, align);
                    let text = String::from_utf8_lossy(&text);
                    buf.extend_from_slice(paint(&text, style).as_bytes());
                }
            }
            if col == last {
                buf.extend_from_slice(self.frame.right.as_bytes());
                buf.push(b'\n');
            }
        }
    }
}

/// The characters of the longest line of `s`: the width a cell of
/// several lines takes.
fn widest_line(s: &str) -> usize {
    if !s.contains('\n') {
        return chars(s);
    }
    s.split('\n').map(chars).max().unwrap_or(0)
}

/// [`ellipsis`] on each line of `s`.
fn ellipsis_lines(s: &str, width: usize) -> Cow<'_, str> {
    if !s.contains('\n') {
        return ellipsis(s, width);
    }
    let lines: Vec<Cow<'_, str>> = s.split('\n').map(|l| ellipsis(l, width)).collect();
    if lines.iter().all(|l| matches!(l, Cow::Borrowed(_))) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(lines.join("\n"))
}

/// Characters in `s` (what comfy-table and `format!` pad by).
fn chars(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// Padding, taken a slice at a time.
const SPACES: &[u8; 64] = &[b' '; 64];

fn spaces(buf: &mut Vec<u8>, mut n: usize) {
    while n > 0 {
        let k = n.min(SPACES.len());
        buf.extend_from_slice(&SPACES[..k]);
        n -= k;
    }
}

/// `cell` and `pad` spaces, on the side `align` says.
fn padded(buf: &mut Vec<u8>, cell: &str, pad: usize, align: Align) {
    match align {
        Align::Left => {
            buf.extend_from_slice(cell.as_bytes());
            spaces(buf, pad);
        }
        Align::Right => {
            spaces(buf, pad);
            buf.extend_from_slice(cell.as_bytes());
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `rows` as a boxed table, and as comfy-table draws them all at once
    /// in the same column widths.
    fn draw(headers: &[&str], rows: &[Vec<String>]) -> (String, String) {
        let mut t = Table::boxed(headers);
        for row in rows {
            t.measure(row);
        }
        let mut out = Vec::new();
        t.write(&mut out, rows.iter().cloned().map(Ok::<_, std::io::Error>))
            .unwrap();
        let whole = t.capped().comfy(rows.to_vec(), true) + "\n";
        (String::from_utf8(out).unwrap(), whole)
    }

    #[test]
    fn a_table_drawn_a_row_at_a_time_looks_like_one_table() {
        let headers = ["Stream", "Client", "Bytes"];
        let rows: Vec<Vec<String>> = (0..1200)
            .map(|i| {
                vec![
                    i.to_string(),
                    format!("10.0.{}.1:{}", i % 7, 40000 + i * 37),
                    "x".repeat(i % 5),
                ]
            })
            .collect();
        let mut whole = comfy_table::Table::new();
        whole
            .load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header(headers);
        for row in &rows {
            whole.add_row(row);
        }
        let (drawn, comfy) = draw(&headers, &rows);
        assert_eq!(drawn, format!("{whole}\n"));
        assert_eq!(drawn, comfy);
    }

    #[test]
    fn cells_of_several_lines_are_lines_of_the_table() {
        let rows = vec![
            vec![
                "0".to_string(),
                "10.0.0.1:4000\n10.0.0.2:80".into(),
                "9".into(),
            ],
            vec!["1".to_string(), "a".into(), "x\ny\nz".into()],
        ];
        let (drawn, comfy) = draw(&["Stream", "Client / Server", "N"], &rows);
        assert_eq!(drawn, comfy);
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines[3], "│ 0      ┆ 10.0.0.1:4000   ┆ 9 │");
        assert_eq!(lines[4], "│        ┆ 10.0.0.2:80     ┆   │");
        assert_eq!(lines[7], "│        ┆                 ┆ z │");
        let mut t = Table::boxed(&["Stream", "Client / Server", "N"]);
        rows.iter().for_each(|r| t.measure(r));
        assert_eq!(t.line_width(), lines[0].chars().count());
    }

    #[test]
    fn no_rows_no_table_and_errors_stop_it() {
        assert_eq!(draw(&["A"], &[]).0, "┌───┐\n│ A │\n╞═══╡\n└───┘\n");
        #[derive(Debug, PartialEq)]
        struct RowError(String);
        impl From<std::io::Error> for RowError {
            fn from(e: std::io::Error) -> Self {
                RowError(e.to_string())
            }
        }
        let mut t = Table::boxed(&["A"]);
        for _ in 0..10 {
            t.measure(&["x"]);
        }
        let failing = t.write(
            &mut Vec::new(),
            (0..10).map(|i| match i {
                7 => Err(RowError("row 7".into())),
                _ => Ok(vec!["x".to_string()]),
            }),
        );
        assert_eq!(failing, Err(RowError("row 7".into())));
    }

    #[test]
    fn columns_are_padded_and_rows_join_from_pieces() {
        let headers = ["Frame", "Type", "Summary"];
        let t = Table::columns(
            &headers,
            &[(7, Align::Right), (6, Align::Left), (0, Align::Left)],
        );
        let mut buf = Vec::new();
        t.write_header(&mut buf);
        t.write_cells(&mut buf, 0, [("12", None)]);
        t.write_cells(&mut buf, 1, [("Hello", None), ("a b", None)]);
        t.write_cells(&mut buf, 0, [("3", None), ("LongerType", None), ("", None)]);
        let text = String::from_utf8(buf).unwrap();
        assert_eq!(
            text,
            format!(
                "{:>7} {:<6} Summary\n{:>7} {:<6} a b\n{:>7} {:<6} \n",
                "Frame", "Type", 12, "Hello", 3, "LongerType"
            )
        );
    }

    proptest::proptest! {
        /// A table written a row at a time, by the fast path where it may,
        /// looks exactly as comfy-table draws it at once (cells of ASCII,
        /// one-column Unicode, of several lines, wide characters, control
        /// characters, and longer than a column: those rows take
        /// comfy-table's path).
        #[test]
        fn fast_rows_look_like_comfy_table(
            rows in proptest::collection::vec(
                proptest::collection::vec(
                    "[ -~]{0,12}|[a→é ]{0,90}|[漢\t x]{0,4}|[a-z]{1,6}(\n[a-z ]{0,9}){1,3}",
                    3,
                ),
                1..40,
            ),
        ) {
            let headers = ["Id", "Name →", "Notes"];
            let (drawn, comfy) = draw(&headers, &rows);
            proptest::prop_assert_eq!(drawn, comfy);
        }
    }
}
