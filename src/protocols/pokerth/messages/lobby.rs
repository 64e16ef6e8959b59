//! `pokerth` messages of the session and the lobby: Init (1) .. Start Event
//! Ack (67): login, avatars, the game list, player info, creating and
//! joining games, and starting them.

use super::values::*;
use serde::Serialize;

/// Messages without fields (only reserved bytes): Unsubscribe / Resubscribe
/// Game List Messages, Leave Current Game, Start Event Ack, Reset Timeout.
#[derive(Debug, Clone, Serialize)]
pub struct Empty {}

/// Init (1): the client's login.
#[derive(Debug, Clone, Serialize)]
pub struct Init {
    /// Requested Version (major): 2..5 for PokerTH 0.6..0.7.1.
    pub requested_version_major: u16,
    /// Requested Version (minor).
    pub requested_version_minor: u16,
    /// `major.minor`, e.g. "5.2" (derived, for people).
    pub requested_version: String,
    /// Byte count of the password.
    pub password_length: u16,
    /// Byte count of the player name.
    pub player_name_length: u16,
    /// Privacy Flags (0x01: show avatar, so the avatar MD5 follows).
    pub privacy_flags: PrivacyFlags,
    /// Avatar MD5 (hex), present only when privacy flag 0x01 is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar_md5: Option<String>,
    /// The server password.
    pub password: String,
    /// The player's name.
    pub player_name: String,
}

/// Init Ack (2): the server accepts the login.
#[derive(Debug, Clone, Serialize)]
pub struct InitAck {
    /// The server's PokerTH release as it is named, e.g. "0.7.1" for 0x0047
    /// (see [`release_version`]).
    pub latest_game_version: String,
    /// Latest Game Version on the wire: `major << 8 | minor`, e.g. 71.
    pub latest_game_version_raw: u16,
    /// Latest Beta Revision: 0 for stable releases, else an svn revision.
    pub latest_beta_revision: u16,
    /// Your Session ID.
    pub your_session_id: u32,
    /// Your Player ID.
    pub your_player_id: u32,
}

/// Retrieve Avatar (3): either side asks for the avatar with this MD5.
#[derive(Debug, Clone, Serialize)]
pub struct RetrieveAvatar {
    /// Request ID, repeated in the replies.
    pub request_id: u32,
    /// Avatar MD5 (hex).
    pub avatar_md5: String,
}

/// Avatar Header (4): an avatar file follows.
#[derive(Debug, Clone, Serialize)]
pub struct AvatarHeader {
    /// Request ID.
    pub request_id: u32,
    /// Avatar File Size in bytes.
    pub avatar_file_size: u32,
    /// Avatar File Type.
    pub avatar_file_type: AvatarFileType,
}

/// Avatar File (5): up to 256 bytes of an avatar file.
#[derive(Debug, Clone, Serialize)]
pub struct AvatarFile {
    /// Request ID.
    pub request_id: u32,
    /// Byte count of the data.
    pub avatar_block_size: u16,
    /// Avatar File Data (hex).
    pub avatar_file_data: String,
}

/// Avatar End (6) and Unknown Avatar (7).
#[derive(Debug, Clone, Serialize)]
pub struct RequestId {
    /// Request ID.
    pub request_id: u32,
}

/// The Game Info Block: a game's settings, in Game List New, Create Game
/// and Join Game Ack.
#[derive(Debug, Clone, Serialize)]
pub struct GameInfoBlock {
    /// Max Number of Players (at most 10).
    pub max_number_of_players: u16,
    /// Raise Interval Mode: raise the blinds by hands or by minutes.
    pub raise_interval_mode: RaiseIntervalMode,
    /// Raise Small Blind Interval: hands or minutes, as the mode says.
    pub raise_small_blind_interval: u16,
    /// Raise Mode.
    pub raise_mode: RaiseMode,
    /// End Raise Mode: after the last manual blind.
    pub end_raise_mode: EndRaiseMode,
    /// Number of Manual Blinds (at most 30).
    pub number_of_manual_blinds: u16,
    /// Proposed GUI Speed (1..11).
    pub proposed_gui_speed: u16,
    /// Player Action Timeout in seconds.
    pub player_action_timeout: u16,
    /// First Small Blind.
    pub first_small_blind: u32,
    /// End Raise Small Blind Value.
    pub end_raise_small_blind_value: u32,
    /// Start Money.
    pub start_money: u32,
    /// Manual Blind Slots: the small blinds in order.
    pub manual_blind_slots: Vec<u32>,
}

/// Game List New (16): a game in the lobby.
#[derive(Debug, Clone, Serialize)]
pub struct GameListNew {
    /// Game ID.
    pub game_id: u32,
    /// Admin Player ID.
    pub admin_player_id: u32,
    /// Game Mode.
    pub game_mode: GameMode,
    /// Byte count of the game name.
    pub game_name_length: u16,
    /// Current Number of Players (the player id slots that follow).
    pub current_number_of_players: u16,
    /// Privacy Flags (0x01: password protected).
    pub privacy_flags: GamePrivacyFlags,
    /// The game's settings.
    pub game_info_block: GameInfoBlock,
    /// Game Name.
    pub game_name: String,
    /// The players' ids.
    pub player_id_slots: Vec<u32>,
}

/// Game List Update (17): a game's mode changed.
#[derive(Debug, Clone, Serialize)]
pub struct GameListUpdate {
    /// Game ID.
    pub game_id: u32,
    /// Game Mode.
    pub game_mode: GameMode,
}

/// Game List Player Joined (18) and Game List Player Left (19).
#[derive(Debug, Clone, Serialize)]
pub struct GamePlayer {
    /// Game ID.
    pub game_id: u32,
    /// Player ID.
    pub player_id: u32,
}

/// Game List Admin Changed (20).
#[derive(Debug, Clone, Serialize)]
pub struct GameListAdminChanged {
    /// Game ID.
    pub game_id: u32,
    /// New Admin Player ID.
    pub new_admin_player_id: u32,
}

/// Messages that carry one player id: Retrieve Player Info (32), Unknown
/// Player Id (34), Kick Player (64), Ask Kick Player (113).
#[derive(Debug, Clone, Serialize)]
pub struct PlayerId {
    /// Player ID.
    pub player_id: u32,
}

/// Player Info (33): a player's name and flags.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerInfo {
    /// Player ID.
    pub player_id: u32,
    /// Player Flags (human, has avatar; bits 0x0c are the avatar type).
    pub player_flags: PlayerFlags,
    /// `(player_flags & 0x0c) >> 2` (derived).
    pub avatar_type: AvatarType,
    /// Byte count of the player name.
    pub player_name_length: u16,
    /// Avatar MD5 (hex), present only when player flag 0x02 is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar_md5: Option<String>,
    /// Player Name.
    pub player_name: String,
}

/// Create Game (48), answered by Join Game Ack.
#[derive(Debug, Clone, Serialize)]
pub struct CreateGame {
    /// Byte count of the password.
    pub password_length: u16,
    /// Byte count of the game name.
    pub game_name_length: u16,
    /// The game's settings.
    pub game_info_block: GameInfoBlock,
    /// The game's password (empty: none).
    pub password: String,
    /// Game Name.
    pub game_name: String,
}

/// Join Game (49).
#[derive(Debug, Clone, Serialize)]
pub struct JoinGame {
    /// Game ID.
    pub game_id: u32,
    /// Byte count of the password.
    pub password_length: u16,
    /// The game's password.
    pub password: String,
}

/// Join Game Ack (50): you are in the game.
#[derive(Debug, Clone, Serialize)]
pub struct JoinGameAck {
    /// Game ID.
    pub game_id: u32,
    /// Player Rights (0x01: admin).
    pub player_rights: PlayerRights,
    /// The game's settings.
    pub game_info_block: GameInfoBlock,
}

/// Join Game Failed (51).
#[derive(Debug, Clone, Serialize)]
pub struct JoinGameFailed {
    /// Failure Reason.
    pub failure_reason: JoinGameFailureReason,
}

/// Player Joined (52): a player joined your game.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerJoined {
    /// Player ID.
    pub player_id: u32,
    /// Player Rights (0x01: admin).
    pub player_rights: PlayerRights,
}

/// Player Left (53): a player left your game.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerLeft {
    /// Player ID.
    pub player_id: u32,
    /// Leave Reason.
    pub leave_reason: LeaveReason,
}

/// Game Admin Changed (54).
#[derive(Debug, Clone, Serialize)]
pub struct GameAdminChanged {
    /// New Admin Player ID.
    pub new_admin_player_id: u32,
}

/// Start Event (66): start the game (sent by one client, repeated to all).
#[derive(Debug, Clone, Serialize)]
pub struct StartEvent {
    /// Start Flags (0x01: fill up with computer opponents).
    pub start_flags: StartFlags,
}
