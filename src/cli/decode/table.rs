//! `decode`'s table: its columns, their widths, and a row's cells after
//! the frame and time (which the writer adds, in capture order).

use cardshark::decode::{Body, Record};
use cardshark::output::color::Style;
use cardshark::output::records::Summaries;
use cardshark::output::table::{Align, Table};
use cardshark::output::time::TimeFormat;

/// The table's columns; a row is written as soon as its record is (`-c`,
/// a live capture), so their widths are fixed. Record keys, but Time (`ts`
/// in the `-t` format) and Summary.
pub(crate) const HEADERS: [&str; 7] = [
    "Frame", "Time", "Stream", "Dir", "Protocol", "Type", "Summary",
];

/// The table's layout: widths and alignments of [`HEADERS`], the time's
/// for its format.
pub(super) fn table(time: TimeFormat) -> Table<'static> {
    use Align::{Left, Right};
    Table::new(
        &HEADERS,
        &[
            (7, Right),
            (time.width(), time.align()),
            (6, Right),
            (3, Left),
            // `websocket/pokerth-1`, the longest name a capture shows.
            (19, Left),
            (26, Left),
            (0, Left),
        ],
    )
}

/// A table row after its frame and time (the first two columns, written
/// on the calling thread): stream, direction, protocol, type, summary (with
/// the names `summaries` learnt from the stream).
pub(super) fn table_row(table: &Table, buf: &mut Vec<u8>, r: &Record, summaries: &Summaries) {
    // As every table names it: `pokerth-2007`, `websocket/pokerth-1`.
    let protocol = r.label().to_string();
    let style = match &r.body {
        Body::Message { decoded, .. } if decoded.error.is_none() => None,
        Body::Message { .. } => Some(Style::Error),
        _ => Some(Style::Event),
    };
    let mut stream = itoa::Buffer::new();
    table.write_cells(
        buf,
        2,
        [
            (stream.format(r.stream), None),
            (r.dir.as_str(), None),
            (protocol.as_str(), None),
            (r.type_name(), style),
            (summaries.summary(r).as_str(), None),
        ],
    );
}
