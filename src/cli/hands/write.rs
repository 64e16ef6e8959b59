//! How `hands` writes hands to standard output, one at a time as each
//! ends: a table row, PokerStars text, an OHH object or JSON line, a CSV
//! row. Nothing is kept: a hand is written, flushed when results go out
//! as they come (`-l`, a live capture, a pipe), and let go.

use super::args::HandsFormat;
use cardshark::analysis::hands::Hand;
use cardshark::output::table::Table;
use cardshark::output::{csv, hand_text, ohh};
use std::io::{self, Write};

/// Writes hands in one format.
pub(super) struct HandWriter<W: Write> {
    format: HandsFormat,
    /// Incomplete hands are left out (text, OHH and JSON lines without
    /// `--incomplete`).
    complete_only: bool,
    /// Flush after each hand.
    each: bool,
    /// The site the text and OHH headers name (`--site`).
    site: Option<String>,
    out: W,
    table: Table<'static>,
    /// Hands written.
    written: u64,
    /// Hands given (written or left out).
    seen: u64,
    buf: Vec<u8>,
}

impl<W: Write> HandWriter<W> {
    pub(super) fn new(format: HandsFormat, complete_only: bool, each: bool, out: W) -> Self {
        HandWriter {
            format,
            complete_only: complete_only
                && !matches!(format, HandsFormat::Table | HandsFormat::Csv),
            each,
            site: None,
            out,
            table: table(),
            written: 0,
            seen: 0,
            buf: Vec::new(),
        }
    }

    /// The writer, its text and OHH headers naming `site`.
    pub(super) fn site(self, site: Option<String>) -> Self {
        HandWriter { site, ..self }
    }

    /// Hands given so far, written or left out.
    pub(super) fn seen(&self) -> u64 {
        self.seen
    }

    /// Writes `h`; false when it is left out (incomplete, and the format
    /// writes only whole hands).
    pub(super) fn hand(&mut self, h: &Hand) -> io::Result<bool> {
        self.seen += 1;
        if self.complete_only && !h.complete {
            return Ok(false);
        }
        let first = self.written == 0;
        let buf = &mut self.buf;
        match self.format {
            HandsFormat::Table => {
                if first {
                    self.table.write_header(buf);
                }
                self.table.write_row(buf, &row(h));
            }
            HandsFormat::Csv | HandsFormat::Parquet => {
                if first {
                    csv::row(&mut *buf, HEADERS.map(str::to_lowercase));
                }
                csv::row(&mut *buf, csv_row(h));
            }
            HandsFormat::Text => {
                if !first {
                    buf.extend_from_slice(hand_text::SEPARATOR.as_bytes());
                }
                let site = self.site.as_deref().unwrap_or(hand_text::SITE);
                buf.extend_from_slice(hand_text::write_site(h, site).as_bytes());
            }
            HandsFormat::Ohh => {
                // A hand's line ends with it, the blank line between two
                // hands comes before the next: a reader of lines has each
                // hand as soon as it is written, not when the next one is.
                if !first {
                    buf.push(b'\n');
                }
                let v = ohh::hand_site(h, self.site.as_deref());
                serde_json::to_writer(&mut *buf, &v).map_err(io::Error::other)?;
                buf.push(b'\n');
            }
            HandsFormat::Jsonl => {
                let v = ohh::hand_site(h, self.site.as_deref());
                serde_json::to_writer(&mut *buf, &v).map_err(io::Error::other)?;
                buf.push(b'\n');
            }
        }
        self.written += 1;
        self.out.write_all(buf)?;
        buf.clear();
        if self.each {
            self.out.flush()?;
        }
        Ok(true)
    }

    /// Ends the output: the table's bottom, the CSV's header when no hand
    /// came.
    pub(super) fn finish(mut self) -> io::Result<()> {
        let buf = &mut self.buf;
        match self.format {
            HandsFormat::Table if self.written > 0 => self.table.write_footer(buf),
            HandsFormat::Csv | HandsFormat::Parquet if self.written == 0 => {
                csv::row(&mut *buf, HEADERS.map(str::to_lowercase));
            }
            _ => {}
        }
        self.out.write_all(buf)?;
        self.out.flush()
    }
}

/// The table's (and the CSV's) column names: `-Y`'s names
/// ([`super::super::hand_keys`]).
pub(crate) const HEADERS: [&str; 11] = [
    "Id", "Stream", "Hand", "Views", "Protocol", "Table", "Players", "Pot", "Winners", "Complete",
    "Notes",
];

/// The table of hands: [`HEADERS`] in columns of fixed widths, so that a
/// hand's row goes out when the hand ends.
fn table() -> Table<'static> {
    use cardshark::output::table::Align::{Left, Right};
    Table::new(
        &HEADERS,
        &[
            (7, Left),
            (6, Right),
            (5, Right),
            (5, Right),
            // `websocket/pokerth-1`, the longest name a capture shows.
            (19, Left),
            (12, Left),
            (32, Left),
            (7, Right),
            (24, Left),
            (3, Left),
            (16, Left),
        ],
    )
}

/// The table row of a hand.
fn row(h: &Hand) -> Vec<String> {
    // With the hand each winner showed down with: `bob 320 (a pair of Aces)`.
    let winners: Vec<String> = (h.winners.iter())
        .map(|w| match h.showdown_hand(w.player) {
            Some(made) => format!("{} {} ({made})", h.name(w.player), w.amount),
            None => format!("{} {}", h.name(w.player), w.amount),
        })
        .collect();
    let notes: Vec<String> = (h.notes.iter())
        .map(|n| format!("[{}] {}", n.frame, n.text))
        .collect();
    vec![
        h.id(),
        h.stream.to_string(),
        h.number.to_string(),
        h.views.len().max(1).to_string(),
        h.label().to_string(),
        h.table_name
            .clone()
            .or_else(|| h.table.map(|t| t.to_string()))
            .unwrap_or_default(),
        h.seats
            .iter()
            .map(|s| s.display_name())
            .collect::<Vec<_>>()
            .join(", "),
        if h.complete {
            h.total_pot().to_string()
        } else {
            "?".into()
        },
        winners.join(", "),
        if h.complete { "yes" } else { "no" }.into(),
        notes.join("; "),
    ]
}

/// The cells of a hand's CSV row.
fn csv_row(h: &Hand) -> Vec<String> {
    let mut cells = row(h);
    cells[7] = if h.complete {
        h.total_pot().to_string()
    } else {
        String::new()
    };
    cells[9] = h.complete.to_string();
    cells
}
