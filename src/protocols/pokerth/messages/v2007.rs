//! `pokerth-2007` messages (seed 002): the 2007-05 development snapshot,
//! one game per server, players numbered by seat.

use super::values::*;
use serde::Serialize;

/// Join Game (1): the client's login and join (major version 1).
#[derive(Debug, Clone, Serialize)]
pub struct JoinGame2007 {
    /// Requested Version (major): 1.
    pub requested_version_major: u16,
    /// Requested Version (minor).
    pub requested_version_minor: u16,
    /// `major.minor`, e.g. "1.0" (derived, for people).
    pub requested_version: String,
    /// Byte count of the password.
    pub password_length: u16,
    /// Player Flags (0x01: human).
    pub player_flags: PlayerFlags2007,
    /// Byte count of the name.
    pub name_length: u16,
    /// Password.
    pub password: String,
    /// Name.
    pub name: String,
}

/// Join Game Ack (2): 24 bytes (the spec's 12 is an erratum).
#[derive(Debug, Clone, Serialize)]
pub struct JoinGameAck2007 {
    /// Your Session ID.
    pub your_session_id: u32,
    /// Your Player ID.
    pub your_player_id: u16,
    /// Your Player Number: your seat, 0 .. number of players - 1.
    pub your_player_number: u16,
    /// Number of Players.
    pub number_of_players: u16,
    /// Small Blind.
    pub small_blind: u16,
    /// Hands before raise.
    pub hands_before_raise: u16,
    /// Proposed GUI Speed (1..11).
    pub proposed_gui_speed: u16,
    /// Start Cash.
    pub start_cash: u32,
}

/// Player Joined (3).
#[derive(Debug, Clone, Serialize)]
pub struct PlayerJoined2007 {
    /// Player ID.
    pub player_id: u16,
    /// Player Number: the seat.
    pub player_number: u16,
    /// Player Flags (0x01: human).
    pub player_flags: PlayerFlags2007,
    /// Byte count of the name.
    pub name_length: u16,
    /// Name.
    pub name: String,
}

/// Player Left (4).
#[derive(Debug, Clone, Serialize)]
pub struct PlayerLeft2007 {
    /// Player ID.
    pub player_id: u16,
}

/// Game Start (5): your hole cards.
#[derive(Debug, Clone, Serialize)]
pub struct GameStart2007 {
    /// Your 1st Card.
    pub your_1st_card: PtCard,
    /// Your 2nd Card.
    pub your_2nd_card: PtCard,
}

/// Player's Turn (6).
#[derive(Debug, Clone, Serialize)]
pub struct PlayersTurn2007 {
    /// Game State.
    pub game_state: GameState2007,
    /// Player ID of the player to act.
    pub player_id: u16,
}

/// Player's Action (7).
#[derive(Debug, Clone, Serialize)]
pub struct PlayersAction2007 {
    /// Game State (confirmed for consistency).
    pub game_state: GameState2007,
    /// Player Action.
    pub player_action: PlayerAction2007,
    /// Cash Value: 0 for fold, check, call and all in; > 0 for bet, raise.
    pub cash_value: u32,
}

/// Player's Action Rejected (8).
#[derive(Debug, Clone, Serialize)]
pub struct PlayersActionRejected2007 {
    /// Game State of the rejected action.
    pub game_state: GameState2007,
    /// Player Action rejected.
    pub player_action: PlayerAction2007,
    /// Cash Value of the rejected action.
    pub cash_value: u32,
    /// Rejection Reason.
    pub rejection_reason: RejectionReason2007,
}

/// Error (1024).
#[derive(Debug, Clone, Serialize)]
pub struct Error2007 {
    /// Error Reason.
    pub error_reason: ErrorReason2007,
}
