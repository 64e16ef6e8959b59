//! `pokerth` messages of the session and the lobby, Init (1) .. Start
//! Event Ack (67): login, avatars, the game list, player info, creating and
//! joining games, and starting them; and the Game Info Block, a game's
//! settings.

use super::values::*;
use super::Dialect;

records! {
    /// The Game Info Block: a game's settings, in Game List New, Create
    /// Game and Join Game Ack.
    GameInfoBlock {
        max_number_of_players: u16 = U16,
        check max_number_of_players <= PLAYERS_LIMIT,
        raise_interval_mode: RaiseIntervalMode = Enum,
        /// Hands or minutes, as the mode says.
        raise_small_blind_interval: u16 = U16,
        raise_mode: RaiseMode = Enum,
        /// What happens after the last manual blind.
        end_raise_mode: EndRaiseMode = Enum,
        number_of_manual_blinds: u16 = U16,
        check number_of_manual_blinds <= BLINDS_LIMIT,
        proposed_gui_speed: u16 = U16,
        check gui_speed(proposed_gui_speed),
        /// In seconds.
        player_action_timeout: u16 = U16,
        first_small_blind: u32 = U32,
        end_raise_small_blind_value: u32 = U32,
        start_money: u32 = U32,
        /// The small blinds in order.
        manual_blind_slots: Vec<u32> = U32s(number_of_manual_blinds),
    }
}

messages! {
    /// Init (1): the client's login.
    1 Init: Min(16) {
        /// 2..5 for PokerTH 0.6..0.7.1.
        requested_version_major: u16 = U16,
        requested_version_minor: u16 = U16,
        check version(Dialect::PokerTh, 2..=5, requested_version_major, requested_version_minor),
        /// `major.minor`, e.g. "5.2", for people.
        requested_version: String =>
            format!("{requested_version_major}.{requested_version_minor}"),
        password_length: u16 = U16,
        player_name_length: u16 = U16,
        /// 0x01: show avatar, so the avatar MD5 follows.
        privacy_flags: PrivacyFlags = Flags,
        _ = Reserved16,
        #[serde(skip_serializing_if = "Option::is_none")]
        avatar_md5: Option<String> = Md5If(privacy_flags.show_avatar()),
        password: String = Str(password_length, NAME_LIMIT),
        player_name: String = Str(player_name_length, NAME_LIMIT),
    }
    /// Init Ack (2): the server accepts the login.
    2 InitAck: Fixed(16) {
        /// The server's PokerTH release as it is named, e.g. "0.7.1" for
        /// 0x0047 (see [`release_version`]).
        latest_game_version: String => release_version(latest_game_version_raw),
        /// `major << 8 | minor`, e.g. 71.
        latest_game_version_raw: u16 = U16,
        /// 0 for stable releases, else an svn revision.
        latest_beta_revision: u16 = U16,
        your_session_id: u32 = U32,
        your_player_id: u32 = U32,
    }
    /// Retrieve Avatar (3): either side asks for the avatar with this MD5.
    3 RetrieveAvatar: Fixed(24) {
        /// Repeated in the replies.
        request_id: u32 = U32,
        avatar_md5: String = Md5,
    }
    /// Avatar Header (4): an avatar file follows.
    4 AvatarHeader: Fixed(16) {
        request_id: u32 = U32,
        /// In bytes.
        avatar_file_size: u32 = U32,
        avatar_file_type: AvatarFileType = Enum,
        _ = Reserved16,
    }
    /// Avatar File (5): up to 256 bytes of an avatar file.
    5 AvatarFile: Exact(12) {
        request_id: u32 = U32,
        avatar_block_size: u16 = U16,
        _ = Reserved16,
        avatar_file_data: String = Hex(avatar_block_size),
        check avatar_block_size <= AVATAR_BLOCK_LIMIT,
    }
    /// Avatar End (6).
    6 AvatarEnd: Fixed(8) {
        request_id: u32 = U32,
    }
    /// Unknown Avatar (7).
    7 UnknownAvatar: Fixed(8) {
        request_id: u32 = U32,
    }
    /// Game List New (16): a game in the lobby.
    16 GameListNew: Exact(44) {
        game_id: u32 = U32,
        admin_player_id: u32 = U32,
        game_mode: GameMode = Enum,
        game_name_length: u16 = U16,
        current_number_of_players: u16 = U16,
        check current_number_of_players <= PLAYERS_LIMIT,
        /// 0x01: password protected.
        privacy_flags: GamePrivacyFlags = Flags,
        game_info_block: GameInfoBlock = Nest,
        game_name: String = Str(game_name_length, NAME_LIMIT),
        player_id_slots: Vec<u32> = U32s(current_number_of_players),
    }
    /// Game List Update (17): a game's mode changed.
    17 GameListUpdate: Fixed(12) {
        game_id: u32 = U32,
        game_mode: GameMode = Enum,
        _ = Reserved16,
    }
    /// Game List Player Joined (18).
    18 GameListPlayerJoined: Fixed(12) {
        game_id: u32 = U32,
        player_id: u32 = U32,
    }
    /// Game List Player Left (19).
    19 GameListPlayerLeft: Fixed(12) {
        game_id: u32 = U32,
        player_id: u32 = U32,
    }
    /// Game List Admin Changed (20).
    20 GameListAdminChanged: Fixed(12) {
        game_id: u32 = U32,
        new_admin_player_id: u32 = U32,
    }
    /// Retrieve Player Info (32).
    32 RetrievePlayerInfo: Fixed(8) {
        player_id: u32 = U32,
    }
    /// Player Info (33): a player's name and flags.
    33 PlayerInfo: Exact(16) {
        player_id: u32 = U32,
        /// Human, has avatar; bits 0x0c are the avatar type.
        player_flags: PlayerFlags = Flags,
        /// `(player_flags & 0x0c) >> 2`.
        avatar_type: AvatarType => player_flags.avatar_type(),
        player_name_length: u16 = U16,
        _ = Reserved32,
        check avatar_typed(player_flags),
        #[serde(skip_serializing_if = "Option::is_none")]
        avatar_md5: Option<String> = Md5If(player_flags.has_avatar()),
        player_name: String = Str(player_name_length, NAME_LIMIT),
    }
    /// Unknown Player Id (34).
    34 UnknownPlayerId: Fixed(8) {
        player_id: u32 = U32,
    }
    /// Unsubscribe Game List Messages (35).
    35 UnsubscribeGameListMessages: Fixed(8) {
        _ = Reserved32,
    }
    /// Resubscribe Game List Messages (36).
    36 ResubscribeGameListMessages: Fixed(8) {
        _ = Reserved32,
    }
    /// Create Game (48), answered by Join Game Ack.
    48 CreateGame: Min(36) {
        password_length: u16 = U16,
        game_name_length: u16 = U16,
        game_info_block: GameInfoBlock = Nest,
        /// Empty: none.
        password: String = Str(password_length, NAME_LIMIT),
        game_name: String = Str(game_name_length, NAME_LIMIT),
    }
    /// Join Game (49).
    49 JoinGame: Min(12) {
        game_id: u32 = U32,
        password_length: u16 = U16,
        _ = Reserved16,
        password: String = Str(password_length, NAME_LIMIT),
    }
    /// Join Game Ack (50): you are in the game.
    50 JoinGameAck: Min(40) {
        game_id: u32 = U32,
        /// 0x01: admin.
        player_rights: PlayerRights = Flags,
        _ = Reserved16,
        game_info_block: GameInfoBlock = Nest,
    }
    /// Join Game Failed (51).
    51 JoinGameFailed: Fixed(8) {
        failure_reason: JoinGameFailureReason = Enum,
        _ = Reserved16,
    }
    /// Player Joined (52): a player joined your game.
    52 PlayerJoined: Fixed(12) {
        player_id: u32 = U32,
        player_rights: PlayerRights = Flags,
        _ = Reserved16,
    }
    /// Player Left (53): a player left your game.
    53 PlayerLeft: Fixed(12) {
        player_id: u32 = U32,
        leave_reason: LeaveReason = Enum,
        _ = Reserved16,
    }
    /// Game Admin Changed (54).
    54 GameAdminChanged: Fixed(8) {
        new_admin_player_id: u32 = U32,
    }
    /// Kick Player (64).
    64 KickPlayer: Fixed(8) {
        player_id: u32 = U32,
    }
    /// Leave Current Game (65).
    65 LeaveCurrentGame: Fixed(8) {
        _ = Reserved32,
    }
    /// Start Event (66): start the game (sent by one client, repeated to
    /// all).
    66 StartEvent: Fixed(8) {
        /// 0x01: fill up with computer opponents.
        start_flags: StartFlags = Flags,
        _ = Reserved16,
    }
    /// Start Event Ack (67).
    67 StartEventAck: Fixed(8) {
        _ = Reserved32,
    }
}
