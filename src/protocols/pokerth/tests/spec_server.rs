//! Every `pokerth` message type around the game (113 .. 1024), from bytes
//! written by hand from seed 000's diagrams, every field checked.

use super::*;
use serde_json::json;

#[test]
fn ask_kick_player() {
    check_spec(
        &mut Decoder::new(),
        "0071 0008  00000005",
        "AskKickPlayer",
        113,
        json!({"player_id": 5}),
    );
}

#[test]
fn ask_kick_player_denied() {
    let s = check_spec(
        &mut Decoder::new(),
        "0072 000c  00000005  0004 0000",
        "AskKickPlayerDenied",
        114,
        json!({"player_id": 5, "deny_reason": "invalid_player_id"}),
    );
    assert_eq!(s, "kicking player 5 denied: invalid_player_id");
}

#[test]
fn start_kick_player_petition() {
    let s = check_spec(
        &mut Decoder::new(),
        "0073 0014  00000003  00000006  00000005  002d 0001",
        "StartKickPlayerPetition",
        115,
        json!({
            "petition_id": 3, "proposing_player_id": 6, "kick_player_id": 5,
            "kick_timeout": 45, "votes_needed_to_kick": 1
        }),
    );
    assert_eq!(
        s,
        "petition 3: player 6 asks to kick player 5, 1 votes needed within 45 s"
    );
}

#[test]
fn vote_kick_player() {
    let s = check_spec(
        &mut Decoder::new(),
        "0074 000c  00000003  0000 0000",
        "VoteKickPlayer",
        116,
        json!({"petition_id": 3, "vote": "against"}),
    );
    assert_eq!(s, "vote against on petition 3");
}

#[test]
fn vote_kick_player_ack() {
    check_spec(
        &mut Decoder::new(),
        "0075 0008  00000003",
        "VoteKickPlayerAck",
        117,
        json!({"petition_id": 3}),
    );
}

#[test]
fn vote_kick_player_denied() {
    check_spec(
        &mut Decoder::new(),
        "0076 000c  00000003  ffff 0000",
        "VoteKickPlayerDenied",
        118,
        json!({"petition_id": 3, "deny_reason": "other_reason"}),
    );
    check_spec(
        &mut Decoder::new(),
        "0076 000c  00000004  0002 0000",
        "VoteKickPlayerDenied",
        118,
        json!({"petition_id": 4, "deny_reason": "impossible"}),
    );
}

#[test]
fn kick_player_petition_update() {
    check_spec(
        &mut Decoder::new(),
        "0077 0010  00000003  0002 0000  0002 0000",
        "KickPlayerPetitionUpdate",
        119,
        json!({
            "petition_id": 3, "votes_against_kicking": 2,
            "votes_in_favour_of_kicking": 0, "votes_needed_to_kick": 2
        }),
    );
}

#[test]
fn end_kick_player_petition() {
    let s = check_spec(
        &mut Decoder::new(),
        "0078 0010  00000003  0000 0002  0001 0000",
        "EndKickPlayerPetition",
        120,
        json!({
            "petition_id": 3, "votes_against_kicking": 0, "votes_in_favour_of_kicking": 2,
            "vote_result": "kicked", "end_reason": "enough_votes"
        }),
    );
    assert_eq!(
        s,
        "petition 3 ended: kicked (enough_votes), 0 against, 2 in favour"
    );
}

#[test]
fn statistics_changed() {
    let s = check_spec(
        &mut Decoder::new(),
        "0080 0018  0002 0000  00000002 000003e8  00000003 0000002a",
        "StatisticsChanged",
        128,
        json!({
            "number_of_statistics": 2,
            "statistics": [
                {"statistics_type": "total_players_ever", "statistics_value": 1000},
                {"statistics_type": "total_games_ever", "statistics_value": 42}
            ]
        }),
    );
    assert_eq!(
        s,
        "statistics: total_players_ever 1000, total_games_ever 42"
    );
}

#[test]
fn removed_from_game() {
    check_spec(
        &mut Decoder::new(),
        "0100 0008  0004 0000",
        "RemovedFromGame",
        256,
        json!({"remove_reason": "timeout"}),
    );
    check_spec(
        &mut Decoder::new(),
        "0100 0008  0005 0000",
        "RemovedFromGame",
        256,
        json!({"remove_reason": "start_failed"}),
    );
}

#[test]
fn timeout_warning_and_reset_timeout() {
    let s = check_spec(
        &mut Decoder::new(),
        "0101 000c  ffff 000a  00000000",
        "TimeoutWarning",
        257,
        json!({"timeout_reason": "other_reason", "remaining_seconds": 10}),
    );
    assert_eq!(s, "timeout warning: other_reason, 10 s left");
    check_spec(
        &mut Decoder::new(),
        "0102 0008  00000000",
        "ResetTimeout",
        258,
        json!({}),
    );
}

#[test]
fn send_chat_text() {
    let s = check_spec(
        &mut Decoder::new(),
        "0200 000c  0002 0000  67670000",
        "SendChatText",
        512,
        json!({"text_length": 2, "text": "gg"}),
    );
    assert_eq!(s, "chat: gg");
}

#[test]
fn chat_text_counts_utf8_bytes() {
    let s = check_spec(
        &mut Decoder::new(),
        "0201 0014  00000007  0007 0000  4772c3bcc39f6500",
        "ChatText",
        513,
        json!({"player_id": 7, "text_length": 7, "text": "Grüße"}),
    );
    assert_eq!(s, "chat from player 7: Grüße");
}

#[test]
fn message_box_text() {
    let s = check_spec(
        &mut Decoder::new(),
        "0202 0014  000c 0000  48656c6c6f2c20776f726c64",
        "MessageBoxText",
        514,
        json!({"text_length": 12, "text": "Hello, world"}),
    );
    assert_eq!(s, "message box: Hello, world");
}

#[test]
fn error() {
    let s = check_spec(
        &mut Decoder::new(),
        "0400 0008  ff05 0000",
        "Error",
        1024,
        json!({"error_reason": "session_timeout"}),
    );
    assert_eq!(s, "error: session_timeout");
}
