//! Where each field lies (the detail view's spans), from packets laid out
//! as the seed's attribute lists and PROTOCOL-NOTES.md give them (u8 type,
//! u16 length, then the attributes): each attribute all it takes on the
//! wire, each item of a list, each entry of `money` and `players`, each
//! nested packet of a packet list with its own header.

use super::super::spans::spans;
use super::*;
use crate::protocols::Dialect;

/// The spans of `hex` in a stream of `dialect`, as (path, start, end).
fn of(dialect: Option<Dialect>, hex: &str) -> Vec<(String, usize, usize)> {
    (spans(dialect, Direction::S2C, &unhex(hex), false).into_iter())
        .map(|s| (s.path, s.start, s.end))
        .collect()
}

/// The header's `type_id` 0..1 and `len` 1..3, `fields` 3..`end`, then
/// `fields.`-relative rows.
fn want(end: usize, rows: &[(&str, usize, usize)]) -> Vec<(String, usize, usize)> {
    let head = [("type_id", 0, 1), ("len", 1, 3), ("fields", 3, end)];
    (head.iter().map(|&(p, a, b)| (p.to_owned(), a, b)))
        .chain(rows.iter().map(|&(p, a, b)| (format!("fields.{p}"), a, b)))
        .collect()
}

#[test]
fn a_packet_list_inside_a_packet_list() {
    // vectors/pokernetwork.jsonl line 162: a PacketList of a PacketList
    // (of a PacketPing and a PacketSerial) and a PacketPokerSeat.
    let hex = "0c001d 0002 \
               0c000c 0002 050000 060004b2d05e06 \
               4f0009 00000065 00000049 04";
    let rows = [
        ("packets", 3, 32),
        ("packets[0]", 5, 20),
        ("packets[0].type_id", 5, 6),
        ("packets[0].fields", 8, 20),
        ("packets[0].fields.packets", 8, 20),
        ("packets[0].fields.packets[0]", 10, 13),
        ("packets[0].fields.packets[0].type_id", 10, 11),
        ("packets[0].fields.packets[0].fields", 13, 13),
        ("packets[0].fields.packets[1]", 13, 20),
        ("packets[0].fields.packets[1].type_id", 13, 14),
        ("packets[0].fields.packets[1].fields", 16, 20),
        ("packets[0].fields.packets[1].fields.serial", 16, 20),
        ("packets[1]", 20, 32),
        ("packets[1].type_id", 20, 21),
        ("packets[1].fields", 23, 32),
        ("packets[1].fields.serial", 23, 27),
        ("packets[1].fields.game_id", 27, 31),
        ("packets[1].fields.seat", 31, 32),
    ];
    assert_eq!(of(Some(Dialect::PokerNetwork), hex), want(32, &rows));
}

#[test]
fn players_entries_and_money_entries() {
    // Line 76, PacketPokerPlayersList: two (name, chips, flags) entries.
    let hex = "6c0028 6c016c6c 0002 \
               0005c39c6e616c 000249f0 02 \
               000f626f625f7468655f6275696c646572 ee6b2800 00";
    let rows = [
        ("game_id", 3, 7),
        ("players", 7, 43),
        ("players[0]", 9, 21),
        ("players[0].name", 9, 16),
        ("players[0].chips", 16, 20),
        ("players[0].flags", 20, 21),
        ("players[1]", 21, 43),
        ("players[1].name", 21, 38),
        ("players[1].chips", 38, 42),
        ("players[1].flags", 42, 43),
    ];
    assert_eq!(of(None, hex), want(43, &rows));
    // Line 60, PacketPokerUserInfo: strings with their length, then the
    // `money` attribute (its key `money_by_currency`), 28 bytes an entry.
    let got = of(
        None,
        "5c0073 5c015c5c 000006b8 5c03643e 0005616c696365 \
        00116e6f742d73656e742d696e2d636c656172 0011616c696365406578616d706c652e6f7267 \
        0002 00000001 00000000000249f0 00000000000009c4 000000000000002a \
        000003d2 000000012a05f200 0000000000000000 0000000000000007",
    );
    let rows = [
        ("name", 15, 22),
        ("password", 22, 41),
        ("email", 41, 60),
        ("money_by_currency", 60, 118),
        ("money_by_currency[0]", 62, 90),
        ("money_by_currency[0].currency_serial", 62, 66),
        ("money_by_currency[0].money", 66, 74),
        ("money_by_currency[0].in_game", 74, 82),
        ("money_by_currency[0].points", 82, 90),
        ("money_by_currency[1]", 90, 118),
        ("money_by_currency[1].points", 110, 118),
    ];
    for (p, a, b) in rows {
        let p = format!("fields.{p}");
        assert!(got.contains(&(p.clone(), a, b)), "{p} {a}..{b}: {got:?}");
    }
}

#[test]
fn cards_each_byte_and_their_face_down_list_is_derived() {
    // Line 29, PacketPokerPlayerCards: 4 cards, 230 (0xe6) face down.
    let rows = [
        ("serial", 3, 7),
        ("game_id", 7, 11),
        ("cards", 11, 16),
        ("cards[0]", 12, 13),
        ("cards[1]", 13, 14),
        ("cards[2]", 14, 15),
        ("cards[3]", 15, 16),
    ];
    assert_eq!(
        of(None, "3d000d 3d013d3d 3d02412e 04 0ce6ffff"),
        want(16, &rows)
    );
}

#[test]
fn an_attribute_the_older_layout_does_not_send_has_no_span() {
    // Line 105, PacketPokerTourneyRank, with its `currency_serial`; then
    // without it (length 0x14), as releases before the last sent it.
    let full = "890018 89018989 89028d7a 8903916b 8904955c 8905994d 89069d3e";
    let rows = [
        ("serial", 3, 7),
        ("game_id", 7, 11),
        ("player_count", 11, 15),
        ("money", 15, 19),
        ("rank", 19, 23),
        ("currency_serial", 23, 27),
    ];
    assert_eq!(of(None, full), want(27, &rows));
    let older = "890014 89018989 89028d7a 8903916b 8904955c 8905994d";
    assert_eq!(of(None, older), want(23, &rows[..5]));
}

#[test]
fn the_length_convention_of_the_dialect_reads_the_header() {
    // PacketPokerSeat under protocol 2: the length counts the header too.
    let rows = [("serial", 3, 7), ("game_id", 7, 11), ("seat", 11, 12)];
    let hex = "4f000c 00000065 00000049 04";
    assert_eq!(of(Some(Dialect::PokerNetwork2), hex), want(12, &rows));
    assert_eq!(of(None, hex), want(12, &rows));
    // Read as protocol 3 its length does not fit: no spans.
    assert_eq!(of(Some(Dialect::PokerNetwork), hex), []);
}

#[test]
fn a_handshake_lines_digits_and_an_unknown_packets_bytes() {
    let line = crate::protocols::hex(b"CGI 003.012\n");
    let rows = [
        ("fields".to_owned(), 0, 12),
        ("fields.major".to_owned(), 4, 7),
        ("fields.minor".to_owned(), 8, 9),
        ("fields.micro".to_owned(), 9, 11),
    ];
    assert_eq!(of(None, &line), rows);
    assert_eq!(of(None, "fe0002 abcd"), want(5, &[("raw", 3, 5)]));
}
