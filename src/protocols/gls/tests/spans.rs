//! Where each field lies (the detail view's spans), from events laid out
//! as the specification gives them (a u32 type, then fixed-size fields
//! with no padding): each C string's bytes are its whole field.

use super::super::spans::spans;
use super::*;

/// The spans of `msg`, as (path, start, end).
fn of(msg: &[u8]) -> Vec<(String, usize, usize)> {
    (spans(None, Direction::S2C, msg, false).into_iter())
        .map(|s| (s.path, s.start, s.end))
        .collect()
}

/// `type_id` 0..4, `fields` 4..`end`, then `fields.`-relative rows.
fn want(end: usize, rows: &[(&str, usize, usize)]) -> Vec<(String, usize, usize)> {
    let head = [("type_id".to_owned(), 0, 4), ("fields".to_owned(), 4, end)];
    (head.into_iter())
        .chain(rows.iter().map(|&(p, a, b)| (format!("fields.{p}"), a, b)))
        .collect()
}

#[test]
fn die_place_field_by_field() {
    // vectors/gls.jsonl line 18: loc "E2" (3 bytes), color 2 (u32), nick
    // (32 bytes, garbage after its NUL), die 24 (u32).
    let hex = "0000000f 453200 00000002 \
               416c6963653432006c6566740074756479206f662074686520776f726c642074 00000018";
    let rows = [
        ("loc", 4, 7),
        ("color", 7, 11),
        ("nick", 11, 43),
        ("die", 43, 47),
    ];
    assert_eq!(of(&unhex(hex)), want(47, &rows));
}

#[test]
fn say2_its_time_has_bytes_its_utc_text_is_derived() {
    let msg = event(
        10,
        &[
            &cstr("Alice42", 32),
            &6_123_456_789u64.to_be_bytes(),
            &cstr("hi", 256),
        ],
    );
    let rows = [("nick", 4, 36), ("time", 36, 44), ("message", 44, 300)];
    assert_eq!(of(&msg), want(300, &rows));
}

#[test]
fn protoverack_reads_its_protover_fields_after_ack_and_reason() {
    let msg = event(
        2,
        &[
            &1u16.to_be_bytes(),
            &cstr("", 64),
            &cstr("GLS", 4),
            &cstr("0.0", 16),
            &cstr("glsd", 32),
        ],
    );
    let rows = [
        ("ack", 4, 6),
        ("reason", 6, 70),
        ("magic", 70, 74),
        ("version", 74, 90),
        ("software", 90, 122),
    ];
    assert_eq!(of(&msg), want(122, &rows));
}

#[test]
fn plate_place_and_die_place_reject() {
    let plate = event(
        12,
        &[
            &cstr("SCI", 4),
            &cstr("Science", 256),
            &cstr("Science", 64),
            b"A1\0",
            &1u32.to_be_bytes(),
        ],
    );
    let rows = [
        ("abbrev", 4, 8),
        ("description", 8, 264),
        ("name", 264, 328),
        ("loc", 328, 331),
        ("flags", 331, 335),
    ];
    assert_eq!(of(&plate), want(335, &rows));
    let reject = event(14, &[b"H8\0", &0u32.to_be_bytes(), &cstr("No plate", 64)]);
    let rows = [("loc", 4, 7), ("color", 7, 11), ("reason", 11, 75)];
    assert_eq!(of(&reject), want(75, &rows));
}

#[test]
fn an_event_of_the_wrong_size_or_type_has_no_spans() {
    let short = event(13, &[b"D4\0", &[0, 0, 0]]);
    assert_eq!(of(&short), []);
    assert_eq!(of(&event(99, &[])), []);
    assert_eq!(of(&[0, 0]), []);
}
