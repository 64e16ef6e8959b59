//! Where each field lies (the detail view's spans), from bytes whose
//! layout the specifications give (seed 000, seed 002 with its errata):
//! header, fixed fields, flags and their bits, strings without their
//! padding, lists, records, the Game Info Block.

use super::super::spans::spans;
use super::*;
use crate::protocols::Dialect as D;

/// The spans of `hex` read as `dialect`, as (path, start, end).
fn of(dialect: Option<D>, hex: &str) -> Vec<(String, usize, usize)> {
    (spans(dialect, C2S, &unhex(hex), false).into_iter())
        .map(|s| (s.path, s.start, s.end))
        .collect()
}

/// `(path, start, end)` rows from `fields.`-relative ones, after the
/// header's `type_id` 0..2, `len` 2..4 and `fields` 4..`end`.
fn want(end: usize, rows: &[(&str, usize, usize)]) -> Vec<(String, usize, usize)> {
    let head = [("type_id", 0, 2), ("len", 2, 4), ("fields", 4, end)];
    (head.iter().map(|&(p, a, b)| (p.to_owned(), a, b)))
        .chain(rows.iter().map(|&(p, a, b)| (format!("fields.{p}"), a, b)))
        .collect()
}

#[test]
fn players_action_done_field_by_field() {
    // vectors/pokerth.jsonl line 38.
    let hex = "0054001c 000003ea 0001 0005 000000f0 00000eb0 000000f0 00000078";
    let rows = [
        ("player_id", 4, 8),
        ("game_state", 8, 10),
        ("player_action", 10, 12),
        ("total_player_bet", 12, 16),
        ("player_money", 16, 20),
        ("highest_set", 20, 24),
        ("minimum_raise", 24, 28),
    ];
    assert_eq!(of(Some(D::PokerTh), hex), want(28, &rows));
    // Not knowing the dialect yet reads it as the decoder does.
    assert_eq!(of(None, hex), want(28, &rows));
}

#[test]
fn init_flags_bits_md5_and_strings_without_their_padding() {
    // vectors/pokerth.jsonl line 1: privacy flag 1 sends the MD5; password
    // "s" (1 byte, 3 of padding), player name "Jörg" (5 bytes, 3).
    let hex = "0001002c 0005 0002 0001 0005 0001 0000 \
               0f1e2d3c4b5a69788796a5b4c3d2e1f0 73000000 4ac3b67267000000";
    let rows = [
        ("requested_version_major", 4, 6),
        ("requested_version_minor", 6, 8),
        ("password_length", 8, 10),
        ("player_name_length", 10, 12),
        ("privacy_flags", 12, 14),
        ("privacy_flags.show_avatar", 12, 14),
        ("avatar_md5", 16, 32),
        ("password", 32, 33),
        ("player_name", 36, 41),
    ];
    // `requested_version` is derived: no bytes of its own.
    assert_eq!(of(Some(D::PokerTh), hex), want(44, &rows));
}

#[test]
fn game_list_new_nests_the_game_info_block_and_lists_each_id() {
    // vectors/pokerth.jsonl line 10: 3 manual blinds, game name "Fun",
    // 3 players.
    let hex = "0010004c 00000102 000003e9 0002 0003 0003 0001 \
               0007 0002 000f 0002 0002 0003 0009 0019 0000000a 0000012c 00001388 \
               00000014 00000028 00000050 46756e00 000003e9 000003ea deadbeef";
    let rows = [
        ("game_id", 4, 8),
        ("admin_player_id", 8, 12),
        ("game_mode", 12, 14),
        ("game_name_length", 14, 16),
        ("current_number_of_players", 16, 18),
        ("privacy_flags", 18, 20),
        ("privacy_flags.password_protected", 18, 20),
        ("game_info_block", 20, 60),
        ("game_info_block.max_number_of_players", 20, 22),
        ("game_info_block.raise_interval_mode", 22, 24),
        ("game_info_block.raise_small_blind_interval", 24, 26),
        ("game_info_block.raise_mode", 26, 28),
        ("game_info_block.end_raise_mode", 28, 30),
        ("game_info_block.number_of_manual_blinds", 30, 32),
        ("game_info_block.proposed_gui_speed", 32, 34),
        ("game_info_block.player_action_timeout", 34, 36),
        ("game_info_block.first_small_blind", 36, 40),
        ("game_info_block.end_raise_small_blind_value", 40, 44),
        ("game_info_block.start_money", 44, 48),
        ("game_info_block.manual_blind_slots", 48, 60),
        ("game_info_block.manual_blind_slots[0]", 48, 52),
        ("game_info_block.manual_blind_slots[1]", 52, 56),
        ("game_info_block.manual_blind_slots[2]", 56, 60),
        ("game_name", 60, 63),
        ("player_id_slots", 64, 76),
        ("player_id_slots[0]", 64, 68),
        ("player_id_slots[1]", 68, 72),
        ("player_id_slots[2]", 72, 76),
    ];
    assert_eq!(of(None, hex), want(76, &rows));
}

#[test]
fn all_in_show_cards_gives_each_record_and_its_fields() {
    // vectors/pokerth.jsonl line 44: two 8-byte PlayerCards records after
    // the count and a reserved u16 (no key).
    let hex = "00630018 0002 0000 000003e9 000b 0033 000003eb 0000 000d";
    let rows = [
        ("number_of_player_cards_records", 4, 6),
        ("player_cards_records", 8, 24),
        ("player_cards_records[0]", 8, 16),
        ("player_cards_records[0].player_id", 8, 12),
        ("player_cards_records[0].1st_card", 12, 14),
        ("player_cards_records[0].2nd_card", 14, 16),
        ("player_cards_records[1]", 16, 24),
        ("player_cards_records[1].player_id", 16, 20),
        ("player_cards_records[1].1st_card", 20, 22),
        ("player_cards_records[1].2nd_card", 22, 24),
    ];
    assert_eq!(of(Some(D::PokerTh), hex), want(24, &rows));
}

#[test]
fn init_ack_the_raw_version_has_the_bytes_its_text_is_derived() {
    let hex = "00020010 0047 04d2 a1b2c3d4 000003e9";
    let rows = [
        ("latest_game_version_raw", 4, 6),
        ("latest_beta_revision", 6, 8),
        ("your_session_id", 8, 12),
        ("your_player_id", 12, 16),
    ];
    assert_eq!(of(Some(D::PokerTh), hex), want(16, &rows));
}

#[test]
fn the_2007_join_game_and_its_two_extra_bytes() {
    // Seed 002: the 2007 code appended two zero bytes, which are no field.
    let hex = "0001001e 0001 0002 0001 0000 0005 0000 78000000 426f742037000000 0000";
    let rows = [
        ("requested_version_major", 4, 6),
        ("requested_version_minor", 6, 8),
        ("password_length", 8, 10),
        ("player_flags", 10, 12),
        ("player_flags.human", 10, 12),
        ("name_length", 12, 14),
        ("password", 16, 17),
        ("name", 20, 25),
    ];
    assert_eq!(of(Some(D::PokerTh2007), hex), want(28, &rows));
    // Major version 1 names the dialect when the stream did not say it.
    assert_eq!(of(None, hex), want(28, &rows));
}

#[test]
fn the_2007_join_game_ack_is_read_as_2007_and_has_u16_ids() {
    let hex = "00020018 cafebabe 0004 0003 0005 0014 000a 000b 00001388";
    let rows = [
        ("your_session_id", 4, 8),
        ("your_player_id", 8, 10),
        ("your_player_number", 10, 12),
        ("number_of_players", 12, 14),
        ("small_blind", 14, 16),
        ("hands_before_raise", 16, 18),
        ("proposed_gui_speed", 18, 20),
        ("start_cash", 20, 24),
    ];
    assert_eq!(of(Some(D::PokerTh2007), hex), want(24, &rows));
}

#[test]
fn a_message_that_does_not_parse_has_no_spans() {
    // PlayersActionDone one byte short; a header alone; nothing.
    assert_eq!(
        of(
            None,
            "0054001b 000003ea 0001 0005 000000f0 00000eb0 000000f0 000000"
        ),
        []
    );
    assert_eq!(of(None, "0054"), []);
    assert_eq!(of(None, ""), []);
}
