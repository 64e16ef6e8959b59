//! Tables for people: the one way every command draws one.
//!
//! **One look, chosen once.** Every table of a run has the same look,
//! decided at the start from where standard output goes ([`set_boxed`]):
//!
//! - on a terminal, **boxed**: comfy-table's `UTF8_FULL_CONDENSED` house
//!   style (borders, a bold header), fitted to the terminal's width
//!   unless `--wide` (see below);
//! - into a pipe or a file, **plain**: columns padded with spaces and
//!   separated by one, a header line, no borders, a row on one line and
//!   nothing cut: `grep`, `awk` and `cut` read it.
//!
//! **Rows as they come.** A table's columns have fixed widths ([`Table::new`]:
//! each at least its header's), so a row is written as soon as it is
//! known: [`write_header`](Table::write_header) once, then
//! [`write_row`](Table::write_row) (or [`write_cells`](Table::write_cells),
//! a row in pieces written on different threads and joined), then
//! [`write_footer`](Table::write_footer). `decode`, `hands`, `timeline` and
//! `inspect` write their rows while the capture is read. A cell wider than
//! its column pushes the rest of its row to the right (plain), is cut
//! with an ellipsis (`…`) on a fitted terminal, or wraps inside its column
//! (boxed, `--wide`; a row written in pieces pushes instead). A last
//! column of width 0 is free: unpadded (plain), the rest of the
//! terminal's width (boxed, fitted) or up to [`MAX_COLUMN`] (boxed).
//!
//! **Measured tables.** A table made at the end from rows already known
//! (`stats`' lists) may size its columns to its cells instead
//! ([`Table::measured`], [`measure`](Table::measure), then
//! [`write`](Table::write)): each column as wide as its widest cell (boxed:
//! at most [`MAX_COLUMN`], longer cells wrap), the same look otherwise.
//!
//! **Fitting the terminal.** When [`fit_to`] was given a width (the
//! terminal's, unless `--wide`), a boxed table's widest columns are
//! narrowed until its lines fit (to [`MIN_COLUMN`](super::fit::MIN_COLUMN)
//! at the least: past that, its lines are cut at the edge), and a cell
//! wider than its column is cut with an ellipsis.
//!
//! comfy-table draws every boxed table's header and borders, and every row
//! with a cell it lays out over several lines or with characters of
//! another width than one column. All other rows, nearly every row of a
//! large table, are written by this module's one fast path,
//! [`Table::write_cells`]: the cells padded to their column's width between
//! the look's separators. The column widths being fixed when a row is
//! written, comfy-table lays each row out on its own, so a table written a
//! row at a time is the table comfy-table draws at once: a property test
//! holds the two to the byte.
//!
//! Why the fast path (BENCHMARKS.md, "One table writer (issue 20)";
//! release build, this 2-core machine, shared): comfy-table takes some
//! 5.1 µs a row of `inspect`'s 14 columns drawn 512 rows to a table, 2.2 µs
//! a row of `timeline`'s 4, 5.2 µs a row of `decode`'s 7 drawn a row at a
//! time; the fast path 0.47, 0.24 and 0.08 µs.

use super::color::{self, paint, Style};
use super::fit::narrow;
pub use super::fit::{ellipsis, fit_line, fit_to, fit_width};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{
    Attribute, Cell, CellAlignment, Color, ColumnConstraint, ContentArrangement, Width,
};
use std::borrow::Cow;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// The widest a column of a boxed table gets, in characters, unless its
/// width was given.
pub const MAX_COLUMN: usize = 80;

/// The least a free last column keeps of a terminal's width when the
/// other columns are narrowed to fit (a third of the width at most):
/// `decode`'s summaries, `timeline`'s changes.
pub const FREE_COLUMN: usize = 32;

/// Whether tables are boxed ([`set_boxed`]); plain until then.
static BOXED: AtomicBool = AtomicBool::new(false);

/// Makes every table of the run boxed (`true`: standard output is a
/// terminal) or plain; decided once, before anything is written.
pub fn set_boxed(on: bool) {
    BOXED.store(on, Ordering::Relaxed);
}

/// Whether tables of this run are boxed.
pub fn boxed() -> bool {
    BOXED.load(Ordering::Relaxed)
}

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
const BOX: Frame = Frame {
    left: "│ ",
    mid: " ┆ ",
    right: " │",
};

/// A space between cells.
const PLAIN: Frame = Frame {
    left: "",
    mid: " ",
    right: "",
};

/// A table's columns and look; see the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Table<'h> {
    headers: &'h [&'h str],
    /// Each column's width in characters (measured tables: the widest
    /// cell measured so far; plain: 0 for an unpadded last column).
    widths: Vec<usize>,
    align: Vec<Align>,
    boxed: bool,
    /// Cells are cut to their column (boxed, fitted to the terminal).
    cut: bool,
    rows: usize,
}

impl<'h> Table<'h> {
    /// A table of the run's look whose rows are written as they come:
    /// `columns` gives each column's width in characters (at least its
    /// header's; 0 for the last: free, see the module documentation) and
    /// alignment.
    pub fn new(headers: &'h [&'h str], columns: &[(usize, Align)]) -> Self {
        assert_eq!(headers.len(), columns.len(), "a header per column");
        let mut widths: Vec<usize> = (headers.iter().zip(columns))
            .map(|(h, c)| if c.0 == 0 { 0 } else { c.0.max(cols(h)) })
            .collect();
        let boxed = boxed();
        let free = widths.last() == Some(&0);
        if boxed {
            fit_boxed(&mut widths, headers, free);
        }
        Table {
            headers,
            widths,
            align: columns.iter().map(|c| c.1).collect(),
            boxed,
            cut: boxed && fit_width().is_some(),
            rows: 0,
        }
    }

    /// A table of the run's look whose columns are as wide as the cells
    /// [`measure`](Self::measure) sees; written whole by
    /// [`write`](Self::write).
    pub fn measured(headers: &'h [&'h str]) -> Self {
        Table {
            headers,
            widths: vec![0; headers.len()],
            align: vec![Align::Left; headers.len()],
            boxed: boxed(),
            cut: false,
            rows: 0,
        }
    }

    /// Takes a row into account: its columns become at least as wide as
    /// its cells. Every row [`write`](Self::write) writes must have been
    /// measured, in any order.
    pub fn measure<S: AsRef<str>>(&mut self, cells: &[S]) {
        if self.widths.len() < cells.len() {
            self.widths.resize(cells.len(), 0);
        }
        for (w, cell) in self.widths.iter_mut().zip(cells) {
            *w = (*w).max(widest_line(cell.as_ref()));
        }
        self.rows += 1;
    }

    /// The width of the table's lines when boxed, in characters (a free
    /// last column counted as its header).
    pub fn line_width(&self) -> usize {
        let widths = self.headers.iter().zip(&self.widths);
        let cells: usize = widths.map(|(h, &w)| cols(h).max(w)).sum();
        // "│ " before the first cell, " ┆ " between cells, " │" after the last.
        cells + 3 * self.headers.len() + 1
    }

    /// Rows measured so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Writes a measured table: its header, the rows
    /// [`measure`](Self::measure) saw (`rows` gives them in the order to
    /// print; making one may fail, with an error of the caller's type), and
    /// its footer.
    pub fn write<E, I>(&self, out: &mut impl Write, rows: I) -> Result<(), E>
    where
        E: From<std::io::Error>,
        I: Iterator<Item = Result<Vec<String>, E>>,
    {
        let layout = self.sized();
        let mut buf = Vec::new();
        layout.write_header(&mut buf);
        for row in rows.take(self.rows) {
            layout.write_row(&mut buf, &row?);
            out.write_all(&buf)?;
            buf.clear();
        }
        layout.write_footer(&mut buf);
        out.write_all(&buf)?;
        Ok(())
    }

    /// A measured table with its columns' widths as drawn: each as wide as
    /// its header and its widest cell; boxed, at most [`MAX_COLUMN`] and
    /// the widest narrowed to fit the terminal when tables fit one; plain,
    /// the last unpadded.
    fn sized(&self) -> Self {
        let mut widths: Vec<usize> = (self.headers.iter().zip(&self.widths))
            .map(|(h, &w)| cols(h).max(w))
            .collect();
        if self.boxed {
            widths.iter_mut().for_each(|w| *w = (*w).min(MAX_COLUMN));
            if let Some(limit) = fit_width() {
                narrow(&mut widths, limit);
            }
        } else if let Some(last) = widths.last_mut() {
            *last = 0;
        }
        Table {
            widths,
            cut: self.boxed && fit_width().is_some(),
            ..self.clone()
        }
    }

    /// Writes the table's header into `buf`: boxed, the top border, the
    /// header and the line below it; plain, the header line. In the header
    /// style when color is on.
    pub fn write_header(&self, buf: &mut Vec<u8>) {
        if self.boxed {
            let frame = self.comfy(vec![vec![String::new(); self.headers.len()]], true);
            let lines: Vec<&str> = frame.lines().collect();
            for line in &lines[..lines.len().saturating_sub(2)] {
                self.emit(buf, line);
            }
            return;
        }
        let mut line = Vec::new();
        self.write_cells(&mut line, 0, self.headers.iter().map(|&h| (h, None)));
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches('\n');
        buf.extend_from_slice(paint(line, Style::Header).as_bytes());
        buf.push(b'\n');
    }

    /// Writes the table's end into `buf`: boxed, its bottom border; plain,
    /// nothing.
    pub fn write_footer(&self, buf: &mut Vec<u8>) {
        if self.boxed {
            let frame = self.comfy(vec![vec![String::new(); self.headers.len()]], false);
            if let Some(bottom) = frame.lines().last() {
                self.emit(buf, bottom);
            }
        }
    }

    /// `line` and a newline into `buf`, cut at the terminal's edge when
    /// even the narrowed columns do not fit it.
    fn emit(&self, buf: &mut Vec<u8>, line: &str) {
        let start = buf.len();
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        if self.cut {
            fit_line(buf, start);
        }
    }

    /// Writes a whole row into `buf`: in the look's layout, a line per
    /// line of its tallest cell (boxed) or on one line (plain: the lines
    /// of a cell joined by a space).
    pub fn write_row<S: AsRef<str>>(&self, buf: &mut Vec<u8>, cells: &[S]) {
        let mut row: Vec<Cow<'_, str>> = cells.iter().map(|c| Cow::Borrowed(c.as_ref())).collect();
        if !self.boxed {
            for cell in row.iter_mut().filter(|c| c.contains('\n')) {
                *cell = Cow::Owned(cell.replace('\n', " "));
            }
            self.write_cells(buf, 0, row.iter().map(|c| (c.as_ref(), None)));
            return;
        }
        if self.cut {
            for (cell, &w) in row.iter_mut().zip(&self.widths) {
                if let Cow::Owned(cut) = ellipsis_lines(cell, w) {
                    *cell = Cow::Owned(cut);
                }
            }
        }
        let fits = |(cell, &w): (&Cow<'_, str>, &usize)| cell.split('\n').all(|l| one_line(l, w));
        if row.iter().zip(&self.widths).all(fits) {
            let tallest = row.iter().map(|s| s.split('\n').count()).max();
            let mut lines: Vec<_> = row.iter().map(|s| s.split('\n')).collect();
            for _ in 0..tallest.unwrap_or(0) {
                let start = buf.len();
                let cells = lines.iter_mut().map(|l| (l.next().unwrap_or(""), None));
                self.write_cells(buf, 0, cells);
                if self.cut {
                    fit_line(buf, start);
                }
            }
            return;
        }
        // A cell comfy-table wraps, or of characters wider or narrower
        // than a column: the row's lines as it lays them out, without the
        // borders above and below them.
        let text = self.comfy(vec![row.iter().map(|c| c.to_string()).collect()], false);
        let lines: Vec<&str> = text.lines().collect();
        for l in &lines[1..lines.len().saturating_sub(1).max(1)] {
            self.emit(buf, l);
        }
    }

    /// `rows` drawn by comfy-table in this (boxed) table's column widths,
    /// with the header when `header`.
    fn comfy(&self, rows: Vec<Vec<String>>, header: bool) -> String {
        let mut t = comfy_table::Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic);
        // Headers are cut, not wrapped, in columns narrowed to fit, and
        // sit where their column's cells do.
        let headers = self.headers.iter().zip(&self.widths).zip(&self.align);
        let headers = headers.map(|((h, &w), &a)| {
            let cell = Cell::new(ellipsis(h, w));
            match a {
                Align::Left => cell,
                Align::Right => cell.set_alignment(CellAlignment::Right),
            }
        });
        if header && color::enabled() {
            t.enforce_styling();
            t.set_header(headers.map(|h| h.add_attribute(Attribute::Bold).fg(Color::Cyan)));
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

    /// Writes cells `first..first + cells.len()` of a row into `buf`, each
    /// padded to its column's width and in its style (when color is on),
    /// the look's separator before every cell but the row's first; the
    /// row's last cell ends the line. A row may be written in pieces, by
    /// different threads, and joined. Cells are cut to their column on a
    /// fitted terminal.
    ///
    /// This is the module's fast path (see the module documentation).
    pub fn write_cells<'c>(
        &self,
        buf: &mut Vec<u8>,
        first: usize,
        cells: impl IntoIterator<Item = (&'c str, Option<Style>)>,
    ) {
        let frame = if self.boxed { BOX } else { PLAIN };
        let last = self.widths.len().saturating_sub(1);
        for (col, (cell, style)) in (first..).zip(cells) {
            let sep = if col == 0 { frame.left } else { frame.mid };
            buf.extend_from_slice(sep.as_bytes());
            let width = self.widths.get(col).copied().unwrap_or(0);
            let cell = if self.cut {
                ellipsis(cell, width)
            } else {
                Cow::Borrowed(cell)
            };
            let pad = width.saturating_sub(cols(&cell));
            let align = self.align.get(col).copied().unwrap_or(Align::Left);
            match style.filter(|_| color::enabled()) {
                None => padded(buf, &cell, pad, align),
                Some(style) => {
                    let mut text = Vec::with_capacity(cell.len() + pad);
                    padded(&mut text, &cell, pad, align);
                    let text = String::from_utf8_lossy(&text);
                    buf.extend_from_slice(paint(&text, style).as_bytes());
                }
            }
            if col == last {
                // Plain: no padding at the end of a line.
                while !self.boxed && buf.last() == Some(&b' ') {
                    buf.pop();
                }
                buf.extend_from_slice(frame.right.as_bytes());
                buf.push(b'\n');
            }
        }
    }
}

/// A boxed table's fixed widths fitted: a free last column (`free`, width
/// 0) made as wide as the terminal leaves it (at least its header and
/// [`FREE_COLUMN`]), or [`MAX_COLUMN`] without a terminal's width; the
/// widest columns narrowed until the lines fit the terminal.
fn fit_boxed(widths: &mut [usize], headers: &[&str], free: bool) {
    let last = widths.len().saturating_sub(1);
    let header = headers.get(last).map_or(0, |h| cols(h));
    let Some(limit) = fit_width() else {
        if free {
            widths[last] = MAX_COLUMN.max(header);
        }
        return;
    };
    if free {
        // The others narrowed into what the free column leaves.
        widths[last] = header.max(FREE_COLUMN.min(limit / 3));
        let room = limit.saturating_sub(widths[last] + 3);
        narrow(&mut widths[..last], room);
    } else {
        narrow(widths, limit);
    }
    if free {
        let used: usize = widths.iter().sum::<usize>() + 3 * widths.len() + 1;
        widths[last] += limit.saturating_sub(used);
    }
}

/// The display width of the longest line of `s`: the width a cell of
/// several lines takes.
fn widest_line(s: &str) -> usize {
    if !s.contains('\n') {
        return cols(s);
    }
    s.split('\n').map(cols).max().unwrap_or(0)
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

/// The columns `s` takes on a terminal (what comfy-table pads by).
fn cols(s: &str) -> usize {
    use unicode_width::UnicodeWidthStr;
    if s.is_ascii() {
        s.len()
    } else {
        s.width()
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

/// Whether comfy-table would lay `cell` out on one line of a column
/// `width` characters wide: no control characters, no character wider or
/// narrower than one column, at most `width` long.
fn one_line(cell: &str, width: usize) -> bool {
    use unicode_width::UnicodeWidthStr;
    if cell.is_ascii() {
        return cell.len() <= width && !cell.bytes().any(|b| b.is_ascii_control());
    }
    let n = cell.chars().count();
    n <= width && !cell.chars().any(char::is_control) && cell.width() == n
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Table<'_> {
        /// This table in the look `boxed` (the run's look is a global).
        fn looking(mut self, boxed: bool) -> Self {
            self.boxed = boxed;
            self
        }
    }

    /// `rows` as a boxed measured table, and as comfy-table draws them
    /// all at once in the same column widths.
    fn draw(headers: &[&str], rows: &[Vec<String>]) -> (String, String) {
        let mut t = Table::measured(headers).looking(true);
        for row in rows {
            t.measure(row);
        }
        let mut out = Vec::new();
        t.write(&mut out, rows.iter().cloned().map(Ok::<_, std::io::Error>))
            .unwrap();
        let whole = t.sized().comfy(rows.to_vec(), true) + "\n";
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
        let mut t = Table::measured(&["Stream", "Client / Server", "N"]).looking(true);
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
        let mut t = Table::measured(&["A"]);
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
    fn plain_columns_are_padded_and_rows_join_from_pieces() {
        let headers = ["Frame", "Type", "Summary"];
        let t = Table::new(
            &headers,
            &[(7, Align::Right), (6, Align::Left), (0, Align::Left)],
        )
        .looking(false);
        let mut buf = Vec::new();
        t.write_header(&mut buf);
        t.write_cells(&mut buf, 0, [("12", None)]);
        t.write_cells(&mut buf, 1, [("Hello", None), ("a b", None)]);
        t.write_cells(&mut buf, 0, [("3", None), ("LongerType", None), ("", None)]);
        t.write_row(&mut buf, &["4", "two\nlines", "x"]);
        t.write_footer(&mut buf);
        let text = String::from_utf8(buf).unwrap();
        assert_eq!(
            text,
            format!(
                "{:>7} {:<6} Summary\n{:>7} {:<6} a b\n{:>7} {}\n{:>7} {:<6} x\n",
                "Frame", "Type", 12, "Hello", 3, "LongerType", 4, "two lines"
            )
        );
    }

    #[test]
    fn a_measured_table_is_plain_in_a_pipe() {
        let mut t = Table::measured(&["Name", "Count"]).looking(false);
        let rows = [
            vec!["alice".to_string(), "3".into()],
            vec!["bo".into(), "12345".into()],
        ];
        rows.iter().for_each(|r| t.measure(r));
        let mut out = Vec::new();
        t.write(&mut out, rows.iter().cloned().map(Ok::<_, std::io::Error>))
            .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Name  Count\nalice 3\nbo    12345\n"
        );
    }

    #[test]
    fn a_boxed_table_of_fixed_widths_streams_as_comfy_table_draws_it() {
        let headers = ["Frame", "What"];
        let t = Table {
            headers: &headers,
            widths: vec![5, 12],
            align: vec![Align::Left; 2],
            boxed: true,
            cut: false,
            rows: 0,
        };
        let rows = vec![
            vec!["1".to_string(), "short".into()],
            vec!["2".to_string(), "a longer one that wraps".into()],
        ];
        let mut buf = Vec::new();
        t.write_header(&mut buf);
        rows.iter().for_each(|r| t.write_row(&mut buf, r));
        t.write_footer(&mut buf);
        assert_eq!(String::from_utf8(buf).unwrap(), t.comfy(rows, true) + "\n");
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
