//! Tables that fit the terminal: the width every table of a run fits
//! ([`fit_to`], decided once from the terminal and `--wide`), a boxed
//! table's widest columns narrowed ([`narrow`]), cells and lines cut with
//! an ellipsis (`…`), color codes taking no room. Used by
//! [`super::table`], the one table writer.

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};
use unicode_width::UnicodeWidthChar;

/// The narrowest a column gets when a table is narrowed to fit.
pub const MIN_COLUMN: usize = 4;

/// The width tables fit ([`fit_to`]); 0: no limit.
static WIDTH: AtomicUsize = AtomicUsize::new(0);

/// Makes every table of the run fit `width` columns (`None`: no limit;
/// decided once, from the terminal and `--wide`).
pub fn fit_to(width: Option<usize>) {
    WIDTH.store(width.unwrap_or(0), Ordering::Relaxed);
}

/// The width tables fit, if any.
pub fn fit_width() -> Option<usize> {
    match WIDTH.load(Ordering::Relaxed) {
        0 => None,
        w => Some(w),
    }
}

/// The characters of `s` that are not part of a color code (`ESC [ ... m`),
/// with their byte offsets.
fn visible(s: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut escape = false;
    s.char_indices().filter(move |&(_, c)| {
        if escape {
            escape = c != 'm';
            return false;
        }
        escape = c == '\x1b';
        !escape
    })
}

/// Where to cut `s` so that what is kept, and an ellipsis after it, fit
/// `width` display columns; `None` when `s` fits whole.
fn cut_at(s: &str, width: usize) -> Option<usize> {
    let w = |c: char| c.width().unwrap_or(0);
    if visible(s).map(|(_, c)| w(c)).sum::<usize>() <= width {
        return None;
    }
    let mut used = 0;
    for (i, c) in visible(s) {
        if used + w(c) + 1 > width {
            return Some(i);
        }
        used += w(c);
    }
    Some(s.len())
}

/// `s` cut to `width` display columns, its end replaced by `…`, when it is
/// wider.
pub fn ellipsis(s: &str, width: usize) -> Cow<'_, str> {
    match cut_at(s, width) {
        None => Cow::Borrowed(s),
        Some(at) => Cow::Owned(format!("{}…", &s[..at])),
    }
}

/// Cuts the line `buf[start..]` (a table's row, ending with a newline) to the width tables fit, with an ellipsis; color codes take
/// no room, and color is reset after a cut. Does nothing without a width.
pub fn fit_line(buf: &mut Vec<u8>, start: usize) {
    if let Some(width) = fit_width() {
        cut_line(buf, start, width);
    }
}

/// Cuts the line `buf[start..]` to `width` display columns (see [`fit_line`]).
pub(crate) fn cut_line(buf: &mut Vec<u8>, start: usize, width: usize) {
    let Ok(line) = std::str::from_utf8(&buf[start..]) else {
        return;
    };
    let line = line.trim_end_matches('\n');
    let Some(at) = cut_at(line, width) else {
        return;
    };
    let mut fitted = format!("{}…", &line[..at]);
    if line.contains('\x1b') {
        fitted.push_str("\x1b[0m");
    }
    fitted.push('\n');
    buf.truncate(start);
    buf.extend_from_slice(fitted.as_bytes());
}

/// Narrows the widest of a boxed table's columns, a character at a time,
/// until its lines fit `limit` (or every column is at [`MIN_COLUMN`]).
pub fn narrow(widths: &mut [usize], limit: usize) {
    // "│ " before the first cell, " ┆ " between cells, " │" after the last.
    let line = |w: &[usize]| w.iter().sum::<usize>() + 3 * w.len() + 1;
    while line(widths) > limit {
        let Some(widest) = (0..widths.len()).max_by_key(|&i| (widths[i], usize::MAX - i)) else {
            break;
        };
        if widths[widest] <= MIN_COLUMN {
            break;
        }
        widths[widest] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutting_to_a_width() {
        assert_eq!(ellipsis("Players", 7), "Players");
        assert_eq!(ellipsis("Players", 4), "Pla…");
        assert_eq!(ellipsis("漢漢漢", 4), "漢…");
        let mut buf = b"keep\nabcdefgh\n".to_vec();
        cut_line(&mut buf, 5, 5);
        assert_eq!(buf, "keep\nabcd…\n".as_bytes());
        // Color codes take no room and are ended after a cut.
        let mut buf = b"\x1b[31mabcdef\x1b[0m gh\n".to_vec();
        cut_line(&mut buf, 0, 4);
        assert_eq!(String::from_utf8(buf).unwrap(), "\x1b[31mabc…\x1b[0m\n");
        let mut buf = b"abc\n".to_vec();
        cut_line(&mut buf, 0, 3);
        assert_eq!(buf, b"abc\n");
    }

    #[test]
    fn the_widest_columns_narrow_first() {
        // Lines are the widths, 3 per column and 1: 10+20+5 + 10 = 45.
        let mut w = vec![10, 20, 5];
        narrow(&mut w, 40);
        assert_eq!(w, [10, 15, 5]);
        narrow(&mut w, 30);
        assert_eq!(w, [7, 8, 5], "ties: the first column first");
        narrow(&mut w, 0);
        assert_eq!(w, [MIN_COLUMN, MIN_COLUMN, MIN_COLUMN]);
    }
}
