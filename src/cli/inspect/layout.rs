//! The layouts of `inspect`'s table: wide, a line per stream and a column
//! per count (15 columns, some 250 characters of an IPv4 capture); and on
//! a terminal too narrow for it (unless `--wide`), narrow: two lines per
//! stream, the client's on top and the server's below, as `ss` and
//! `tshark -z conv` readers expect, each direction's counts on its
//! sender's line, the problems in words, Start (below the stream's
//! number) only when `-t` asks for it, no packet counts (`--wide` and `--format json` have them):
//!
//! ```text
//! │ Stream ┆ Client / Server ┆ Protocol / End ┆ Msgs ┆ Bytes ┆ Problems  │
//! │ 0      ┆ 10.77.1.2:42843 ┆ pokerth        ┆ 45   ┆ 864   ┆ 2 retrans │
//! │        ┆ 10.77.2.2:7234  ┆ fin 0.267852s  ┆ 221  ┆ 4692  ┆           │
//! ```
//!
//! What a row's cells hold in either layout is `cells.rs`'.

use super::cells::{cells, narrow_cells};
use super::rows::Row;
use cardshark::output::table::{fit_width, Align, Table};
use cardshark::output::time::TimeFormat;

/// The layout chosen, with its table.
pub(super) struct Layout {
    table: Table<'static>,
    narrow: bool,
    start: bool,
}

impl Layout {
    /// The wide layout when its lines fit the width tables fit (or there
    /// is none), else the narrow one; `time`: the Start column's format,
    /// `start`: whether `-t` was given (the narrow layout shows Start only
    /// then).
    pub(super) fn choose(time: TimeFormat, start: bool) -> Layout {
        let wide = wide_columns(time);
        let too_wide = fit_width().is_some_and(|w| line_width(&HEADERS, &wide) > w);
        if too_wide {
            let (headers, columns) = narrow_columns(time, start);
            return Layout {
                table: Table::new(headers, &columns),
                narrow: true,
                start,
            };
        }
        Layout {
            table: Table::new(&HEADERS, &wide),
            narrow: false,
            start: true,
        }
    }

    /// The table to write.
    pub(super) fn table(&self) -> &Table<'static> {
        &self.table
    }

    /// Row `r`'s cells, with `start` its Start cell.
    pub(super) fn cells(&self, r: &Row, start: String) -> Vec<String> {
        if self.narrow {
            narrow_cells(r, self.start.then_some(start))
        } else {
            cells(r, start)
        }
    }
}

/// The width of a boxed table's lines with these headers and columns.
fn line_width(headers: &[&str], columns: &[(usize, Align)]) -> usize {
    let cells: usize = (headers.iter().zip(columns))
        .map(|(h, c)| c.0.max(h.chars().count()))
        .sum();
    cells + 3 * headers.len() + 1
}

/// The wide layout's columns: widths and alignments of [`HEADERS`].
fn wide_columns(time: TimeFormat) -> [(usize, Align); 15] {
    use Align::{Left, Right};
    [
        (6, Right),
        // `255.255.255.255:65535`: IPv6 addresses push the row.
        (21, Left),
        (21, Left),
        // `1:` and 28 characters of base64.
        (30, Left),
        // `websocket/pokerth-1`, the longest name a capture shows.
        (19, Left),
        (time.width(), Left),
        (9, Right),
        (15, Right),
        (15, Right),
        (16, Right),
        (12, Right),
        (15, Right),
        (9, Right),
        (6, Right),
        // `timeout`, `fin (evicted)`.
        (13, Left),
    ]
}

/// The narrow layout's headers and columns (Start below the stream's
/// number when `start`).
fn narrow_columns(time: TimeFormat, start: bool) -> (&'static [&'static str], Vec<(usize, Align)>) {
    use Align::{Left, Right};
    let first = if start {
        (time.width(), Left)
    } else {
        (6, Left)
    };
    let headers: &'static [&'static str] = if start { &NARROW_WITH_START } else { &NARROW };
    (
        headers,
        // Problems of its own width, not the rest of the line: the
        // addresses and protocol matter more on a narrow terminal.
        vec![
            first,
            (21, Left),
            (19, Left),
            (6, Right),
            (7, Right),
            (12, Left),
        ],
    )
}

/// The narrow layout's columns: made to fit 80 columns, they join two
/// names each or shorten them (`Msgs`: `messages`); the wide layout's
/// are the `-Y` names.
const NARROW: [&str; 6] = [
    "Stream",
    "Client / Server",
    "Protocol / End",
    "Msgs",
    "Bytes",
    "Problems",
];

/// The narrow layout's columns with `-t`: Start below the stream's
/// number.
const NARROW_WITH_START: [&str; 6] = [
    "Stream / Start",
    "Client / Server",
    "Protocol / End",
    "Msgs",
    "Bytes",
    "Problems",
];

/// The wide layout's columns: `-Y`'s names (`Messages c→s/s→c`:
/// `messages`, `c2s.messages` and `s2c.messages`; `Gaps (bytes)`: `gaps` and
/// `gap_bytes`).
pub(crate) const HEADERS: [&str; 15] = [
    "Stream",
    "Client",
    "Server",
    "Community ID",
    "Protocol",
    "Start",
    "Duration",
    "Packets c→s/s→c",
    "Bytes c→s/s→c",
    "Messages c→s/s→c",
    "Gaps (bytes)",
    "Retransmissions",
    "Conflicts",
    "Errors",
    "End reason",
];
