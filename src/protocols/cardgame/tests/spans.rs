//! Where each field lies (the detail view's spans), from messages laid out
//! as the specification gives them: the opcode, then CARD, LOC (place and
//! detail), IMAGE, INT, STAGE, WHO bytes; a Score's STRING with its one- or
//! two-byte length.

use super::super::spans::spans;
use super::*;

/// The spans of `msg`, as (path, start, end).
fn of(msg: &[u8]) -> Vec<(String, usize, usize)> {
    (spans(None, Direction::S2C, msg, false).into_iter())
        .map(|s| (s.path, s.start, s.end))
        .collect()
}

/// `type_id` 0..1, `fields` 1..`end`, then `fields.`-relative rows.
fn want(end: usize, rows: &[(&str, usize, usize)]) -> Vec<(String, usize, usize)> {
    let head = [("type_id".to_owned(), 0, 1), ("fields".to_owned(), 1, end)];
    (head.into_iter())
        .chain(rows.iter().map(|&(p, a, b)| (format!("fields.{p}"), a, b)))
        .collect()
}

#[test]
fn move_card_and_its_loc() {
    let rows = [
        ("card", 1, 2),
        ("loc", 2, 4),
        ("loc.place", 2, 3),
        ("loc.detail", 3, 4),
    ];
    assert_eq!(of(&[0x03, 43, 0x02, 3]), want(4, &rows));
}

#[test]
fn one_field_messages() {
    assert_eq!(of(&[0x01, 1]), want(2, &[("deal", 1, 2)]));
    assert_eq!(
        of(&[0x04, 47, 12]),
        want(3, &[("card", 1, 2), ("image", 2, 3)])
    );
    assert_eq!(of(&[0x05, 0, 60]), want(3, &[("milliseconds", 1, 3)]));
    assert_eq!(of(&[0x09, 0]), want(2, &[("stage", 1, 2)]));
    assert_eq!(of(&[0x81, 45]), want(2, &[("card", 1, 2)]));
    assert_eq!(of(&[0x08]), want(1, &[]));
}

#[test]
fn score_its_string_with_its_length() {
    // WHO, INT total, INT increase, STRING "trick" (one length byte).
    let mut msg = vec![0x0a, 0, 0, 10, 0, 10, 5];
    msg.extend_from_slice(b"trick");
    let rows = [
        ("who", 1, 2),
        ("total", 2, 4),
        ("increase", 4, 6),
        ("what", 6, 12),
    ];
    assert_eq!(of(&msg), want(12, &rows));
    // 128 bytes: two length bytes holding 128 + 32640 (0x8000).
    let mut long = vec![0x0a, 1, 0, 30, 0, 20, 0x80, 0x00];
    long.extend_from_slice(&[b'x'; 128]);
    let rows = [
        ("who", 1, 2),
        ("total", 2, 4),
        ("increase", 4, 6),
        ("what", 6, 136),
    ];
    assert_eq!(of(&long), want(136, &rows));
}

#[test]
fn a_message_that_does_not_parse_has_no_spans() {
    assert_eq!(of(&[0x03, 43, 2]), []);
    assert_eq!(of(&[0x0b]), []);
    assert_eq!(of(&[0x0a, 0, 0, 10, 0, 10, 9, b'x']), []);
    assert_eq!(of(&[]), []);
}
