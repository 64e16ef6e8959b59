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

use super::rows::Row;
use super::stream::{counts, end_label, protocol_label};
use cardshark::output::table::{fit_width, Align, Table};
use cardshark::output::time::TimeFormat;
use cardshark::output::{human_bytes, human_bytes_as, seconds};
use cardshark::reassembly::Direction;

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

/// A row's cells in the narrow layout: two lines each, the client's and
/// the server's (the problems excepted, a line each); `start`, the Start
/// cell, below the stream's number when `-t` asks for it.
fn narrow_cells(r: &Row, start: Option<String>) -> Vec<String> {
    let i = &r.info;
    let (c, s) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
    let [mc, ms] = counts(r);
    let two = |a: String, b: &str| a + "\n" + b;
    let mut client = address(i.client);
    if !i.roles_from_handshake {
        client.push('?');
    }
    let end = format!("{} {}s", end_label(r), seconds(i.duration()));
    let id = match start {
        Some(start) => two(i.id.to_string(), &start),
        None => i.id.to_string(),
    };
    vec![
        id,
        two(client, &address(i.server)),
        two(protocol_label(r), &end),
        two(mc.messages.to_string(), &ms.messages.to_string()),
        two(
            human_bytes_as(c.delivered, c.delivered.max(s.delivered)),
            &human_bytes_as(s.delivered, c.delivered.max(s.delivered)),
        ),
        problems(r),
    ]
}

/// What went wrong on a stream, both directions, a line each; `-` when
/// nothing did.
fn problems(r: &Row) -> String {
    let i = &r.info;
    let (c, s) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
    let [mc, ms] = counts(r);
    let gap_bytes = c.gap_bytes.saturating_add(s.gap_bytes);
    let counted = [
        (c.gaps.saturating_add(s.gaps), "gap", "gaps"),
        (
            c.retransmissions.saturating_add(s.retransmissions),
            "retrans",
            "retrans",
        ),
        (
            c.conflicts.saturating_add(s.conflicts),
            "conflict",
            "conflicts",
        ),
        (mc.errors.saturating_add(ms.errors), "error", "errors"),
    ];
    let mut lines = Vec::new();
    for (n, one, many) in counted.into_iter().filter(|c| c.0 > 0) {
        let mut line = format!("{n} {}", if n == 1 { one } else { many });
        if one == "gap" {
            let missing = match human_bytes(gap_bytes) {
                b if b.ends_with('B') => b,
                b => b + " B",
            };
            line.push_str(&format!(" ({missing})"));
        }
        lines.push(line);
    }
    if lines.is_empty() {
        return "-".into();
    }
    lines.join("\n")
}

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

/// `addr` as displayed; IPv4 addresses without the formatting machinery
/// (this runs for every row of the table).
fn address(addr: std::net::SocketAddr) -> String {
    match addr {
        std::net::SocketAddr::V4(a) => {
            let mut num = itoa::Buffer::new();
            let mut s = String::with_capacity(21);
            for (k, octet) in a.ip().octets().into_iter().enumerate() {
                if k > 0 {
                    s.push('.');
                }
                s.push_str(num.format(octet));
            }
            s.push(':');
            s.push_str(num.format(a.port()));
            s
        }
        std::net::SocketAddr::V6(_) => addr.to_string(),
    }
}

/// `a`, `sep`, `b` and `end` as one text, in one allocation.
fn pair(a: &str, sep: &str, b: &str, end: &str) -> String {
    let mut s = String::with_capacity(a.len() + sep.len() + b.len() + end.len());
    for part in [a, sep, b, end] {
        s.push_str(part);
    }
    s
}

/// Counts `a` and `b` as [`pair`] writes them.
fn count_pair(a: u64, sep: &str, b: u64, end: &str) -> String {
    let (mut x, mut y) = (itoa::Buffer::new(), itoa::Buffer::new());
    pair(x.format(a), sep, y.format(b), end)
}

/// A row's cells in the wide layout; `start`, its Start cell, is written
/// by the caller (in the `-t` format).
fn cells(r: &Row, start: String) -> Vec<String> {
    let i = &r.info;
    let (c, s) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
    let mut client = address(i.client);
    if !i.roles_from_handshake {
        client.push('?');
    }
    let [mc, ms] = counts(r);
    // Numbers through itoa, each cell made in one allocation: this runs
    // twice per stream (as it ends, for the column widths; then for the
    // table), and the formatting machinery was most of it.
    let mut num = itoa::Buffer::new();
    let mut int = |n: u64| num.format(n).to_string();
    vec![
        int(i.id),
        client,
        address(i.server),
        i.community_id.to_string(),
        protocol_label(r),
        start,
        seconds(i.duration()),
        count_pair(c.packets, " / ", s.packets, ""),
        pair(
            &human_bytes_as(c.delivered, c.delivered.max(s.delivered)),
            " / ",
            &human_bytes_as(s.delivered, c.delivered.max(s.delivered)),
            "",
        ),
        count_pair(mc.messages, " / ", ms.messages, ""),
        count_pair(
            c.gaps.saturating_add(s.gaps),
            " (",
            c.gap_bytes.saturating_add(s.gap_bytes),
            ")",
        ),
        int(c.retransmissions.saturating_add(s.retransmissions)),
        int(c.conflicts.saturating_add(s.conflicts)),
        int(mc.errors.saturating_add(ms.errors)),
        end_label(r),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_displayed_as_std_displays_them() {
        for a in [
            "0.0.0.0:0",
            "10.1.2.3:40000",
            "255.255.255.255:65535",
            "192.168.0.1:7234",
            "[2001:db8::1]:5",
            "[::1]:19380",
        ] {
            let addr: std::net::SocketAddr = a.parse().unwrap();
            assert_eq!(address(addr), a);
        }
    }
}
