//! Every `pokerth` session and lobby message type (1 .. 67), from bytes
//! written by hand from seed 000's diagrams, every field checked.

use super::*;
use serde_json::json;

/// A Game Info Block with one manual blind (32 bytes).
const GIB_A: &str = "0006 0001 0004 0002 0003 0001 000b 001e 00000005 00000000 000005dc 00000007";

fn gib_a() -> Value {
    json!({
        "max_number_of_players": 6, "raise_interval_mode": "on_hand_number",
        "raise_small_blind_interval": 4, "raise_mode": "manual_blinds_order",
        "end_raise_mode": "keep_last_blind", "number_of_manual_blinds": 1,
        "proposed_gui_speed": 11, "player_action_timeout": 30, "first_small_blind": 5,
        "end_raise_small_blind_value": 0, "start_money": 1500, "manual_blind_slots": [7]
    })
}

/// A Game Info Block without manual blinds (28 bytes).
const GIB_B: &str = "000a 0002 000f 0001 0002 0000 0003 000a 00000032 000003e8 00002710";

fn gib_b() -> Value {
    json!({
        "max_number_of_players": 10, "raise_interval_mode": "on_minutes",
        "raise_small_blind_interval": 15, "raise_mode": "double_blinds",
        "end_raise_mode": "raise_by_end_value", "number_of_manual_blinds": 0,
        "proposed_gui_speed": 3, "player_action_timeout": 10, "first_small_blind": 50,
        "end_raise_small_blind_value": 1000, "start_money": 10000, "manual_blind_slots": []
    })
}

#[test]
fn init_without_avatar() {
    let mut dec = Decoder::new();
    let s = check_spec(
        &mut dec,
        "0001 0018  0004 0001  0002 0003  0000 0000  70770000  416e6e00",
        "Init",
        1,
        json!({
            "requested_version_major": 4, "requested_version_minor": 1,
            "requested_version": "4.1", "password_length": 2, "player_name_length": 3,
            "privacy_flags": {"show_avatar": false}, "password": "pw", "player_name": "Ann"
        }),
    );
    assert_eq!(s, "Init v4.1 player \"Ann\", with password");
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh));
}

#[test]
fn init_with_avatar() {
    let mut dec = Decoder::new();
    check_spec(
        &mut dec,
        "0001 0024  0005 0002  0000 0003  0001 0000  00112233445566778899aabbccddeeff  4b696d00",
        "Init",
        1,
        json!({
            "requested_version_major": 5, "requested_version_minor": 2,
            "requested_version": "5.2", "password_length": 0, "player_name_length": 3,
            "privacy_flags": {"show_avatar": true},
            "avatar_md5": "00112233445566778899aabbccddeeff", "password": "", "player_name": "Kim"
        }),
    );
}

#[test]
fn init_ack() {
    let s = check_spec(
        &mut Decoder::new(),
        "0002 0010  0046 0011  01020304  0000004d",
        "InitAck",
        2,
        json!({
            "latest_game_version": "0.7", "latest_game_version_raw": 70,
            "latest_beta_revision": 17, "your_session_id": 16909060, "your_player_id": 77
        }),
    );
    assert_eq!(
        s,
        "init ack: you are player 77, session 16909060, server release 0.7"
    );
}

#[test]
fn retrieve_avatar() {
    check_spec(
        &mut Decoder::new(),
        "0003 0018  00000009  ffeeddccbbaa99887766554433221100",
        "RetrieveAvatar",
        3,
        json!({"request_id": 9, "avatar_md5": "ffeeddccbbaa99887766554433221100"}),
    );
}

#[test]
fn avatar_header() {
    check_spec(
        &mut Decoder::new(),
        "0004 0010  00000009  000003e8  0001 0000",
        "AvatarHeader",
        4,
        json!({"request_id": 9, "avatar_file_size": 1000, "avatar_file_type": "png"}),
    );
}

#[test]
fn avatar_file() {
    check_spec(
        &mut Decoder::new(),
        "0005 0010  00000009  0003 0000  01020300",
        "AvatarFile",
        5,
        json!({"request_id": 9, "avatar_block_size": 3, "avatar_file_data": "010203"}),
    );
}

#[test]
fn avatar_end_and_unknown_avatar() {
    check_spec(
        &mut Decoder::new(),
        "0006 0008  00000009",
        "AvatarEnd",
        6,
        json!({"request_id": 9}),
    );
    check_spec(
        &mut Decoder::new(),
        "0007 0008  0000000a",
        "UnknownAvatar",
        7,
        json!({"request_id": 10}),
    );
}

#[test]
fn game_list_new() {
    let mut dec = Decoder::new();
    let hex = format!(
        "0010 0040  0000012c  00000005  0001 0002  0002 0000  {GIB_A}  48690000  00000005 00000006"
    );
    let s = check_spec(
        &mut dec,
        &hex,
        "GameListNew",
        16,
        json!({
            "game_id": 300, "admin_player_id": 5, "game_mode": "created",
            "game_name_length": 2, "current_number_of_players": 2,
            "privacy_flags": {"password_protected": false}, "game_info_block": gib_a(),
            "game_name": "Hi", "player_id_slots": [5, 6]
        }),
    );
    assert_eq!(s, "game list new: game 300 \"Hi\" 2/6 players, created");
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh));
}

#[test]
fn game_list_update() {
    check_spec(
        &mut Decoder::new(),
        "0011 000c  0000012c  0002 0000",
        "GameListUpdate",
        17,
        json!({"game_id": 300, "game_mode": "started"}),
    );
}

#[test]
fn game_list_player_joined_and_left() {
    check_spec(
        &mut Decoder::new(),
        "0012 000c  0000012c  00000006",
        "GameListPlayerJoined",
        18,
        json!({"game_id": 300, "player_id": 6}),
    );
    check_spec(
        &mut Decoder::new(),
        "0013 000c  0000012c  00000005",
        "GameListPlayerLeft",
        19,
        json!({"game_id": 300, "player_id": 5}),
    );
}

#[test]
fn game_list_admin_changed() {
    check_spec(
        &mut Decoder::new(),
        "0014 000c  0000012c  00000006",
        "GameListAdminChanged",
        20,
        json!({"game_id": 300, "new_admin_player_id": 6}),
    );
}

#[test]
fn retrieve_player_info() {
    check_spec(
        &mut Decoder::new(),
        "0020 0008  00000006",
        "RetrievePlayerInfo",
        32,
        json!({"player_id": 6}),
    );
}

#[test]
fn player_info_with_a_jpg_avatar() {
    let s = check_spec(
        &mut Decoder::new(),
        "0021 0024  00000006  000b 0004  00000000  0123456789abcdef0123456789abcdef  47616265",
        "PlayerInfo",
        33,
        json!({
            "player_id": 6, "player_flags": {"human": true, "has_avatar": true},
            "avatar_type": "jpg", "player_name_length": 4,
            "avatar_md5": "0123456789abcdef0123456789abcdef", "player_name": "Gabe"
        }),
    );
    assert_eq!(s, "player 6 is \"Gabe\", avatar jpg");
}

#[test]
fn unknown_player_id() {
    check_spec(
        &mut Decoder::new(),
        "0022 0008  00000063",
        "UnknownPlayerId",
        34,
        json!({"player_id": 99}),
    );
}

#[test]
fn unsubscribe_and_resubscribe_game_list_messages() {
    check_spec(
        &mut Decoder::new(),
        "0023 0008  00000000",
        "UnsubscribeGameListMessages",
        35,
        json!({}),
    );
    check_spec(
        &mut Decoder::new(),
        "0024 0008  00000000",
        "ResubscribeGameListMessages",
        36,
        json!({}),
    );
}

#[test]
fn create_game() {
    let hex = format!("0030 0030  0003 0007  {GIB_B}  70772100  5461626c65203100");
    let s = check_spec(
        &mut Decoder::new(),
        &hex,
        "CreateGame",
        48,
        json!({
            "password_length": 3, "game_name_length": 7, "game_info_block": gib_b(),
            "password": "pw!", "game_name": "Table 1"
        }),
    );
    assert_eq!(
        s,
        "create game \"Table 1\": 10 players, small blind 50, start money 10000, with password"
    );
}

#[test]
fn join_game() {
    check_spec(
        &mut Decoder::new(),
        "0031 0014  0000012c  0005 0000  6162636465000000",
        "JoinGame",
        49,
        json!({"game_id": 300, "password_length": 5, "password": "abcde"}),
    );
}

#[test]
fn join_game_ack() {
    let hex = format!("0032 002c  0000012c  0001 0000  {GIB_A}");
    let s = check_spec(
        &mut Decoder::new(),
        &hex,
        "JoinGameAck",
        50,
        json!({"game_id": 300, "player_rights": {"admin": true}, "game_info_block": gib_a()}),
    );
    assert_eq!(
        s,
        "joined game 300 as admin: up to 6 players, small blind 5, start money 1500"
    );
}

#[test]
fn join_game_failed() {
    check_spec(
        &mut Decoder::new(),
        "0033 0008  ffff 0000",
        "JoinGameFailed",
        51,
        json!({"failure_reason": "other_reason"}),
    );
}

#[test]
fn player_joined() {
    check_spec(
        &mut Decoder::new(),
        "0034 000c  00000006  0000 0000",
        "PlayerJoined",
        52,
        json!({"player_id": 6, "player_rights": {"admin": false}}),
    );
}

#[test]
fn player_left() {
    let s = check_spec(
        &mut Decoder::new(),
        "0035 000c  00000006  0002 0000",
        "PlayerLeft",
        53,
        json!({"player_id": 6, "leave_reason": "error"}),
    );
    assert_eq!(s, "player 6 left: error");
}

#[test]
fn game_admin_changed() {
    check_spec(
        &mut Decoder::new(),
        "0036 0008  00000006",
        "GameAdminChanged",
        54,
        json!({"new_admin_player_id": 6}),
    );
}

#[test]
fn kick_player_and_leave_current_game() {
    check_spec(
        &mut Decoder::new(),
        "0040 0008  00000005",
        "KickPlayer",
        64,
        json!({"player_id": 5}),
    );
    check_spec(
        &mut Decoder::new(),
        "0041 0008  00000000",
        "LeaveCurrentGame",
        65,
        json!({}),
    );
}

#[test]
fn start_event_and_ack() {
    let s = check_spec(
        &mut Decoder::new(),
        "0042 0008  0000 0000",
        "StartEvent",
        66,
        json!({"start_flags": {"fill_with_computer_players": false}}),
    );
    assert_eq!(s, "start event");
    check_spec(
        &mut Decoder::new(),
        "0043 0008  00000000",
        "StartEventAck",
        67,
        json!({}),
    );
}
