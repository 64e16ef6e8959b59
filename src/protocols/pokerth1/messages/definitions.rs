//! The PokerTH 1.x wire facts (network protocol 5.1): every message, its fields
//! (number, name, label, type) and every enumeration, as tables.
//!
//! Written by `testdata/pokerth1/make_definitions.py` from
//! `shared/protocols/pokerth-1.x/schema.json` (wire facts collected for
//! interoperability). PokerTH's own `.proto` is AGPL-3.0: nothing of it, or
//! generated from it, is here. Do not edit by hand: change the script.

use super::shape::{EnumDef, FieldDef, Label, MessageDef, Ty};

/// Every message type, nested ones as `Parent.Child`.
#[rustfmt::skip]
pub const MESSAGES: &[MessageDef] = &[
    MessageDef {
        name: "NetGameInfo",
        fields: &[
            FieldDef { number: 1, name: "gameName", json: "game_name", label: Label::Required, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 2, name: "netGameType", json: "net_game_type", label: Label::Required, ty: Ty::Enum("NetGameInfo.NetGameType"), packed: false, default: None },
            FieldDef { number: 3, name: "maxNumPlayers", json: "max_num_players", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "raiseIntervalMode", json: "raise_interval_mode", label: Label::Required, ty: Ty::Enum("NetGameInfo.RaiseIntervalMode"), packed: false, default: None },
            FieldDef { number: 5, name: "raiseEveryHands", json: "raise_every_hands", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 6, name: "raiseEveryMinutes", json: "raise_every_minutes", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 7, name: "endRaiseMode", json: "end_raise_mode", label: Label::Required, ty: Ty::Enum("NetGameInfo.EndRaiseMode"), packed: false, default: None },
            FieldDef { number: 8, name: "endRaiseSmallBlindValue", json: "end_raise_small_blind_value", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 9, name: "proposedGuiSpeed", json: "proposed_gui_speed", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 10, name: "delayBetweenHands", json: "delay_between_hands", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 11, name: "playerActionTimeout", json: "player_action_timeout", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 12, name: "firstSmallBlind", json: "first_small_blind", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 13, name: "startMoney", json: "start_money", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 14, name: "manualBlinds", json: "manual_blinds", label: Label::Repeated, ty: Ty::U32, packed: true, default: None },
            FieldDef { number: 15, name: "allowSpectators", json: "allow_spectators", label: Label::Optional, ty: Ty::Bool, packed: false, default: Some("true") },
        ],
    },
    MessageDef {
        name: "PlayerResult",
        fields: &[
            FieldDef { number: 1, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "resultCard1", json: "result_card1", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "resultCard2", json: "result_card2", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "bestHandPosition", json: "best_hand_position", label: Label::Repeated, ty: Ty::U32, packed: true, default: None },
            FieldDef { number: 5, name: "moneyWon", json: "money_won", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 6, name: "playerMoney", json: "player_money", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 7, name: "cardsValue", json: "cards_value", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AnnounceMessage",
        fields: &[
            FieldDef { number: 1, name: "protocolVersion", json: "protocol_version", label: Label::Required, ty: Ty::Message("AnnounceMessage.Version"), packed: false, default: None },
            FieldDef { number: 2, name: "latestGameVersion", json: "latest_game_version", label: Label::Required, ty: Ty::Message("AnnounceMessage.Version"), packed: false, default: None },
            FieldDef { number: 3, name: "latestBetaRevision", json: "latest_beta_revision", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "serverType", json: "server_type", label: Label::Required, ty: Ty::Enum("AnnounceMessage.ServerType"), packed: false, default: None },
            FieldDef { number: 5, name: "numPlayersOnServer", json: "num_players_on_server", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AnnounceMessage.Version",
        fields: &[
            FieldDef { number: 1, name: "majorVersion", json: "major_version", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "minorVersion", json: "minor_version", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "InitMessage",
        fields: &[
            FieldDef { number: 1, name: "requestedVersion", json: "requested_version", label: Label::Required, ty: Ty::Message("AnnounceMessage.Version"), packed: false, default: None },
            FieldDef { number: 2, name: "buildId", json: "build_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "myLastSessionId", json: "my_last_session_id", label: Label::Optional, ty: Ty::Bytes, packed: false, default: None },
            FieldDef { number: 4, name: "authServerPassword", json: "auth_server_password", label: Label::Optional, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 5, name: "login", json: "login", label: Label::Required, ty: Ty::Enum("InitMessage.LoginType"), packed: false, default: None },
            FieldDef { number: 6, name: "nickName", json: "nick_name", label: Label::Optional, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 7, name: "clientUserData", json: "client_user_data", label: Label::Optional, ty: Ty::Bytes, packed: false, default: None },
            FieldDef { number: 8, name: "avatarHash", json: "avatar_hash", label: Label::Optional, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AuthServerChallengeMessage",
        fields: &[
            FieldDef { number: 1, name: "serverChallenge", json: "server_challenge", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AuthClientResponseMessage",
        fields: &[
            FieldDef { number: 1, name: "clientResponse", json: "client_response", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AuthServerVerificationMessage",
        fields: &[
            FieldDef { number: 1, name: "serverVerification", json: "server_verification", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "InitAckMessage",
        fields: &[
            FieldDef { number: 1, name: "yourSessionId", json: "your_session_id", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
            FieldDef { number: 2, name: "yourPlayerId", json: "your_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "yourAvatarHash", json: "your_avatar_hash", label: Label::Optional, ty: Ty::Bytes, packed: false, default: None },
            FieldDef { number: 4, name: "rejoinGameId", json: "rejoin_game_id", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AvatarRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "requestId", json: "request_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "avatarHash", json: "avatar_hash", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AvatarHeaderMessage",
        fields: &[
            FieldDef { number: 1, name: "requestId", json: "request_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "avatarType", json: "avatar_type", label: Label::Required, ty: Ty::Enum("NetAvatarType"), packed: false, default: None },
            FieldDef { number: 3, name: "avatarSize", json: "avatar_size", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AvatarDataMessage",
        fields: &[
            FieldDef { number: 1, name: "requestId", json: "request_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "avatarBlock", json: "avatar_block", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AvatarEndMessage",
        fields: &[
            FieldDef { number: 1, name: "requestId", json: "request_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "UnknownAvatarMessage",
        fields: &[
            FieldDef { number: 1, name: "requestId", json: "request_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayerListMessage",
        fields: &[
            FieldDef { number: 1, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerListNotification", json: "player_list_notification", label: Label::Required, ty: Ty::Enum("PlayerListMessage.PlayerListNotification"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameListNewMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "gameMode", json: "game_mode", label: Label::Required, ty: Ty::Enum("NetGameMode"), packed: false, default: None },
            FieldDef { number: 3, name: "isPrivate", json: "is_private", label: Label::Required, ty: Ty::Bool, packed: false, default: None },
            FieldDef { number: 4, name: "playerIds", json: "player_ids", label: Label::Repeated, ty: Ty::U32, packed: true, default: None },
            FieldDef { number: 5, name: "adminPlayerId", json: "admin_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 6, name: "gameInfo", json: "game_info", label: Label::Required, ty: Ty::Message("NetGameInfo"), packed: false, default: None },
            FieldDef { number: 7, name: "spectatorIds", json: "spectator_ids", label: Label::Repeated, ty: Ty::U32, packed: true, default: None },
        ],
    },
    MessageDef {
        name: "GameListUpdateMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "gameMode", json: "game_mode", label: Label::Required, ty: Ty::Enum("NetGameMode"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameListPlayerJoinedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameListPlayerLeftMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameListSpectatorJoinedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameListSpectatorLeftMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameListAdminChangedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "newAdminPlayerId", json: "new_admin_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayerInfoRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "playerId", json: "player_ids", label: Label::Repeated, ty: Ty::U32, packed: true, default: None },
        ],
    },
    MessageDef {
        name: "PlayerInfoReplyMessage",
        fields: &[
            FieldDef { number: 1, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerInfoData", json: "player_info_data", label: Label::Optional, ty: Ty::Message("PlayerInfoReplyMessage.PlayerInfoData"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayerInfoReplyMessage.PlayerInfoData",
        fields: &[
            FieldDef { number: 1, name: "playerName", json: "player_name", label: Label::Required, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 2, name: "isHuman", json: "is_human", label: Label::Required, ty: Ty::Bool, packed: false, default: None },
            FieldDef { number: 3, name: "playerRights", json: "player_rights", label: Label::Required, ty: Ty::Enum("NetPlayerInfoRights"), packed: false, default: None },
            FieldDef { number: 4, name: "countryCode", json: "country_code", label: Label::Optional, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 5, name: "avatarData", json: "avatar_data", label: Label::Optional, ty: Ty::Message("PlayerInfoReplyMessage.PlayerInfoData.AvatarData"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayerInfoReplyMessage.PlayerInfoData.AvatarData",
        fields: &[
            FieldDef { number: 1, name: "avatarType", json: "avatar_type", label: Label::Required, ty: Ty::Enum("NetAvatarType"), packed: false, default: None },
            FieldDef { number: 2, name: "avatarHash", json: "avatar_hash", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "SubscriptionRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "subscriptionAction", json: "subscription_action", label: Label::Required, ty: Ty::Enum("SubscriptionRequestMessage.SubscriptionAction"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "JoinExistingGameMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "password", json: "password", label: Label::Optional, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 3, name: "autoLeave", json: "auto_leave", label: Label::Optional, ty: Ty::Bool, packed: false, default: Some("false") },
            FieldDef { number: 4, name: "spectateOnly", json: "spectate_only", label: Label::Optional, ty: Ty::Bool, packed: false, default: Some("false") },
        ],
    },
    MessageDef {
        name: "JoinNewGameMessage",
        fields: &[
            FieldDef { number: 1, name: "gameInfo", json: "game_info", label: Label::Required, ty: Ty::Message("NetGameInfo"), packed: false, default: None },
            FieldDef { number: 2, name: "password", json: "password", label: Label::Optional, ty: Ty::Str, packed: false, default: None },
            FieldDef { number: 3, name: "autoLeave", json: "auto_leave", label: Label::Optional, ty: Ty::Bool, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "RejoinExistingGameMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "autoLeave", json: "auto_leave", label: Label::Optional, ty: Ty::Bool, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "JoinGameAckMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "areYouGameAdmin", json: "are_you_game_admin", label: Label::Required, ty: Ty::Bool, packed: false, default: None },
            FieldDef { number: 3, name: "gameInfo", json: "game_info", label: Label::Required, ty: Ty::Message("NetGameInfo"), packed: false, default: None },
            FieldDef { number: 4, name: "spectateOnly", json: "spectate_only", label: Label::Optional, ty: Ty::Bool, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "JoinGameFailedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "joinGameFailureReason", json: "join_game_failure_reason", label: Label::Required, ty: Ty::Enum("JoinGameFailedMessage.JoinGameFailureReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GamePlayerJoinedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "isGameAdmin", json: "is_game_admin", label: Label::Required, ty: Ty::Bool, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GamePlayerLeftMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "gamePlayerLeftReason", json: "game_player_left_reason", label: Label::Required, ty: Ty::Enum("GamePlayerLeftMessage.GamePlayerLeftReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameSpectatorJoinedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameSpectatorLeftMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "gameSpectatorLeftReason", json: "game_spectator_left_reason", label: Label::Required, ty: Ty::Enum("GamePlayerLeftMessage.GamePlayerLeftReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameAdminChangedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "newAdminPlayerId", json: "new_admin_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "RemovedFromGameMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "removedFromGameReason", json: "removed_from_game_reason", label: Label::Required, ty: Ty::Enum("RemovedFromGameMessage.RemovedFromGameReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "KickPlayerRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "LeaveGameRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "InvitePlayerToGameMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "InviteNotifyMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerIdWho", json: "player_id_who", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "playerIdByWhom", json: "player_id_by_whom", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "RejectGameInvitationMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "myRejectReason", json: "my_reject_reason", label: Label::Required, ty: Ty::Enum("RejectGameInvitationMessage.RejectGameInvReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "RejectInvNotifyMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "playerRejectReason", json: "player_reject_reason", label: Label::Required, ty: Ty::Enum("RejectGameInvitationMessage.RejectGameInvReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "StartEventMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "startEventType", json: "start_event_type", label: Label::Required, ty: Ty::Enum("StartEventMessage.StartEventType"), packed: false, default: None },
            FieldDef { number: 3, name: "fillWithComputerPlayers", json: "fill_with_computer_players", label: Label::Optional, ty: Ty::Bool, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "StartEventAckMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameStartInitialMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "startDealerPlayerId", json: "start_dealer_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "playerSeats", json: "player_seats", label: Label::Repeated, ty: Ty::U32, packed: true, default: None },
        ],
    },
    MessageDef {
        name: "GameStartRejoinMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "startDealerPlayerId", json: "start_dealer_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "handNum", json: "hand_num", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "rejoinPlayerData", json: "rejoin_player_data", label: Label::Repeated, ty: Ty::Message("GameStartRejoinMessage.RejoinPlayerData"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "GameStartRejoinMessage.RejoinPlayerData",
        fields: &[
            FieldDef { number: 1, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerMoney", json: "player_money", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "HandStartMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "plainCards", json: "plain_cards", label: Label::Optional, ty: Ty::Message("HandStartMessage.PlainCards"), packed: false, default: None },
            FieldDef { number: 3, name: "encryptedCards", json: "encrypted_cards", label: Label::Optional, ty: Ty::Bytes, packed: false, default: None },
            FieldDef { number: 4, name: "smallBlind", json: "small_blind", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 5, name: "seatStates", json: "seat_states", label: Label::Repeated, ty: Ty::Enum("NetPlayerState"), packed: false, default: None },
            FieldDef { number: 6, name: "dealerPlayerId", json: "dealer_player_id", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "HandStartMessage.PlainCards",
        fields: &[
            FieldDef { number: 1, name: "plainCard1", json: "plain_card1", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "plainCard2", json: "plain_card2", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayersTurnMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "gameState", json: "game_state", label: Label::Required, ty: Ty::Enum("NetGameState"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "MyActionRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "handNum", json: "hand_num", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "gameState", json: "game_state", label: Label::Required, ty: Ty::Enum("NetGameState"), packed: false, default: None },
            FieldDef { number: 4, name: "myAction", json: "my_action", label: Label::Required, ty: Ty::Enum("NetPlayerAction"), packed: false, default: None },
            FieldDef { number: 5, name: "myRelativeBet", json: "my_relative_bet", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "YourActionRejectedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "gameState", json: "game_state", label: Label::Required, ty: Ty::Enum("NetGameState"), packed: false, default: None },
            FieldDef { number: 3, name: "yourAction", json: "your_action", label: Label::Required, ty: Ty::Enum("NetPlayerAction"), packed: false, default: None },
            FieldDef { number: 4, name: "yourRelativeBet", json: "your_relative_bet", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 5, name: "rejectionReason", json: "rejection_reason", label: Label::Required, ty: Ty::Enum("YourActionRejectedMessage.RejectionReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayersActionDoneMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "gameState", json: "game_state", label: Label::Required, ty: Ty::Enum("NetGameState"), packed: false, default: None },
            FieldDef { number: 4, name: "playerAction", json: "player_action", label: Label::Required, ty: Ty::Enum("NetPlayerAction"), packed: false, default: None },
            FieldDef { number: 5, name: "totalPlayerBet", json: "total_player_bet", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 6, name: "playerMoney", json: "player_money", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 7, name: "highestSet", json: "highest_set", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 8, name: "minimumRaise", json: "minimum_raise", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "DealFlopCardsMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "flopCard1", json: "flop_card1", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "flopCard2", json: "flop_card2", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "flopCard3", json: "flop_card3", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "DealTurnCardMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "turnCard", json: "turn_card", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "DealRiverCardMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "riverCard", json: "river_card", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AllInShowCardsMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playersAllIn", json: "players_all_in", label: Label::Repeated, ty: Ty::Message("AllInShowCardsMessage.PlayerAllIn"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AllInShowCardsMessage.PlayerAllIn",
        fields: &[
            FieldDef { number: 1, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "allInCard1", json: "all_in_card1", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "allInCard2", json: "all_in_card2", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "EndOfHandShowCardsMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerResults", json: "player_results", label: Label::Repeated, ty: Ty::Message("PlayerResult"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "EndOfHandHideCardsMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "moneyWon", json: "money_won", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "playerMoney", json: "player_money", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ShowMyCardsRequestMessage",
        fields: &[
        ],
    },
    MessageDef {
        name: "AfterHandShowCardsMessage",
        fields: &[
            FieldDef { number: 1, name: "playerResult", json: "player_result", label: Label::Required, ty: Ty::Message("PlayerResult"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "EndOfGameMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "winnerPlayerId", json: "winner_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PlayerIdChangedMessage",
        fields: &[
            FieldDef { number: 1, name: "oldPlayerId", json: "old_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "newPlayerId", json: "new_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AskKickPlayerMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AskKickDeniedMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "kickDeniedReason", json: "kick_denied_reason", label: Label::Required, ty: Ty::Enum("AskKickDeniedMessage.KickDeniedReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "StartKickPetitionMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "petitionId", json: "petition_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "proposingPlayerId", json: "proposing_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "kickPlayerId", json: "kick_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 5, name: "kickTimeoutSec", json: "kick_timeout_sec", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 6, name: "numVotesNeededToKick", json: "num_votes_needed_to_kick", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "VoteKickRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "petitionId", json: "petition_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "voteKick", json: "vote_kick", label: Label::Required, ty: Ty::Bool, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "VoteKickReplyMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "petitionId", json: "petition_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "voteKickReplyType", json: "vote_kick_reply_type", label: Label::Required, ty: Ty::Enum("VoteKickReplyMessage.VoteKickReplyType"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "KickPetitionUpdateMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "petitionId", json: "petition_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "numVotesAgainstKicking", json: "num_votes_against_kicking", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "numVotesInFavourOfKicking", json: "num_votes_in_favour_of_kicking", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 5, name: "numVotesNeededToKick", json: "num_votes_needed_to_kick", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "EndKickPetitionMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "petitionId", json: "petition_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "numVotesAgainstKicking", json: "num_votes_against_kicking", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 4, name: "numVotesInFavourOfKicking", json: "num_votes_in_favour_of_kicking", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 5, name: "resultPlayerKicked", json: "result_player_kicked", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 6, name: "petitionEndReason", json: "petition_end_reason", label: Label::Required, ty: Ty::Enum("EndKickPetitionMessage.PetitionEndReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "StatisticsMessage",
        fields: &[
            FieldDef { number: 1, name: "statisticsData", json: "statistics_data", label: Label::Repeated, ty: Ty::Message("StatisticsMessage.StatisticsData"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "StatisticsMessage.StatisticsData",
        fields: &[
            FieldDef { number: 1, name: "statisticsType", json: "statistics_type", label: Label::Required, ty: Ty::Enum("StatisticsMessage.StatisticsData.StatisticsType"), packed: false, default: None },
            FieldDef { number: 2, name: "statisticsValue", json: "statistics_value", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ChatRequestMessage",
        fields: &[
            FieldDef { number: 1, name: "targetGameId", json: "target_game_id", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "targetPlayerId", json: "target_player_id", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "chatText", json: "chat_text", label: Label::Required, ty: Ty::Str, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ChatMessage",
        fields: &[
            FieldDef { number: 1, name: "gameId", json: "game_id", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "playerId", json: "player_id", label: Label::Optional, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 3, name: "chatType", json: "chat_type", label: Label::Required, ty: Ty::Enum("ChatMessage.ChatType"), packed: false, default: None },
            FieldDef { number: 4, name: "chatText", json: "chat_text", label: Label::Required, ty: Ty::Str, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ChatRejectMessage",
        fields: &[
            FieldDef { number: 1, name: "chatText", json: "chat_text", label: Label::Required, ty: Ty::Str, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "DialogMessage",
        fields: &[
            FieldDef { number: 1, name: "notificationText", json: "notification_text", label: Label::Required, ty: Ty::Str, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "TimeoutWarningMessage",
        fields: &[
            FieldDef { number: 1, name: "timeoutReason", json: "timeout_reason", label: Label::Required, ty: Ty::Enum("TimeoutWarningMessage.TimeoutReason"), packed: false, default: None },
            FieldDef { number: 2, name: "remainingSeconds", json: "remaining_seconds", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ResetTimeoutMessage",
        fields: &[
        ],
    },
    MessageDef {
        name: "ReportAvatarMessage",
        fields: &[
            FieldDef { number: 1, name: "reportedPlayerId", json: "reported_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "reportedAvatarHash", json: "reported_avatar_hash", label: Label::Required, ty: Ty::Bytes, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ReportAvatarAckMessage",
        fields: &[
            FieldDef { number: 1, name: "reportedPlayerId", json: "reported_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "reportAvatarResult", json: "report_avatar_result", label: Label::Required, ty: Ty::Enum("ReportAvatarAckMessage.ReportAvatarResult"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ReportGameMessage",
        fields: &[
            FieldDef { number: 1, name: "reportedGameId", json: "reported_game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ReportGameAckMessage",
        fields: &[
            FieldDef { number: 1, name: "reportedGameId", json: "reported_game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "reportGameResult", json: "report_game_result", label: Label::Required, ty: Ty::Enum("ReportGameAckMessage.ReportGameResult"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "ErrorMessage",
        fields: &[
            FieldDef { number: 1, name: "errorReason", json: "error_reason", label: Label::Required, ty: Ty::Enum("ErrorMessage.ErrorReason"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AdminRemoveGameMessage",
        fields: &[
            FieldDef { number: 1, name: "removeGameId", json: "remove_game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AdminRemoveGameAckMessage",
        fields: &[
            FieldDef { number: 1, name: "removeGameId", json: "remove_game_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "removeGameResult", json: "remove_game_result", label: Label::Required, ty: Ty::Enum("AdminRemoveGameAckMessage.AdminRemoveGameResult"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AdminBanPlayerMessage",
        fields: &[
            FieldDef { number: 1, name: "banPlayerId", json: "ban_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
        ],
    },
    MessageDef {
        name: "AdminBanPlayerAckMessage",
        fields: &[
            FieldDef { number: 1, name: "banPlayerId", json: "ban_player_id", label: Label::Required, ty: Ty::U32, packed: false, default: None },
            FieldDef { number: 2, name: "banPlayerResult", json: "ban_player_result", label: Label::Required, ty: Ty::Enum("AdminBanPlayerAckMessage.AdminBanPlayerResult"), packed: false, default: None },
        ],
    },
    MessageDef {
        name: "PokerTHMessage",
        fields: &[
            FieldDef { number: 1, name: "messageType", json: "message_type", label: Label::Required, ty: Ty::Enum("PokerTHMessage.PokerTHMessageType"), packed: false, default: None },
            FieldDef { number: 2, name: "announceMessage", json: "announce_message", label: Label::Optional, ty: Ty::Message("AnnounceMessage"), packed: false, default: None },
            FieldDef { number: 3, name: "initMessage", json: "init_message", label: Label::Optional, ty: Ty::Message("InitMessage"), packed: false, default: None },
            FieldDef { number: 4, name: "authServerChallengeMessage", json: "auth_server_challenge_message", label: Label::Optional, ty: Ty::Message("AuthServerChallengeMessage"), packed: false, default: None },
            FieldDef { number: 5, name: "authClientResponseMessage", json: "auth_client_response_message", label: Label::Optional, ty: Ty::Message("AuthClientResponseMessage"), packed: false, default: None },
            FieldDef { number: 6, name: "authServerVerificationMessage", json: "auth_server_verification_message", label: Label::Optional, ty: Ty::Message("AuthServerVerificationMessage"), packed: false, default: None },
            FieldDef { number: 7, name: "initAckMessage", json: "init_ack_message", label: Label::Optional, ty: Ty::Message("InitAckMessage"), packed: false, default: None },
            FieldDef { number: 8, name: "avatarRequestMessage", json: "avatar_request_message", label: Label::Optional, ty: Ty::Message("AvatarRequestMessage"), packed: false, default: None },
            FieldDef { number: 9, name: "avatarHeaderMessage", json: "avatar_header_message", label: Label::Optional, ty: Ty::Message("AvatarHeaderMessage"), packed: false, default: None },
            FieldDef { number: 10, name: "avatarDataMessage", json: "avatar_data_message", label: Label::Optional, ty: Ty::Message("AvatarDataMessage"), packed: false, default: None },
            FieldDef { number: 11, name: "avatarEndMessage", json: "avatar_end_message", label: Label::Optional, ty: Ty::Message("AvatarEndMessage"), packed: false, default: None },
            FieldDef { number: 12, name: "unknownAvatarMessage", json: "unknown_avatar_message", label: Label::Optional, ty: Ty::Message("UnknownAvatarMessage"), packed: false, default: None },
            FieldDef { number: 13, name: "playerListMessage", json: "player_list_message", label: Label::Optional, ty: Ty::Message("PlayerListMessage"), packed: false, default: None },
            FieldDef { number: 14, name: "gameListNewMessage", json: "game_list_new_message", label: Label::Optional, ty: Ty::Message("GameListNewMessage"), packed: false, default: None },
            FieldDef { number: 15, name: "gameListUpdateMessage", json: "game_list_update_message", label: Label::Optional, ty: Ty::Message("GameListUpdateMessage"), packed: false, default: None },
            FieldDef { number: 16, name: "gameListPlayerJoinedMessage", json: "game_list_player_joined_message", label: Label::Optional, ty: Ty::Message("GameListPlayerJoinedMessage"), packed: false, default: None },
            FieldDef { number: 17, name: "gameListPlayerLeftMessage", json: "game_list_player_left_message", label: Label::Optional, ty: Ty::Message("GameListPlayerLeftMessage"), packed: false, default: None },
            FieldDef { number: 18, name: "gameListAdminChangedMessage", json: "game_list_admin_changed_message", label: Label::Optional, ty: Ty::Message("GameListAdminChangedMessage"), packed: false, default: None },
            FieldDef { number: 19, name: "playerInfoRequestMessage", json: "player_info_request_message", label: Label::Optional, ty: Ty::Message("PlayerInfoRequestMessage"), packed: false, default: None },
            FieldDef { number: 20, name: "playerInfoReplyMessage", json: "player_info_reply_message", label: Label::Optional, ty: Ty::Message("PlayerInfoReplyMessage"), packed: false, default: None },
            FieldDef { number: 21, name: "subscriptionRequestMessage", json: "subscription_request_message", label: Label::Optional, ty: Ty::Message("SubscriptionRequestMessage"), packed: false, default: None },
            FieldDef { number: 22, name: "joinExistingGameMessage", json: "join_existing_game_message", label: Label::Optional, ty: Ty::Message("JoinExistingGameMessage"), packed: false, default: None },
            FieldDef { number: 23, name: "joinNewGameMessage", json: "join_new_game_message", label: Label::Optional, ty: Ty::Message("JoinNewGameMessage"), packed: false, default: None },
            FieldDef { number: 24, name: "rejoinExistingGameMessage", json: "rejoin_existing_game_message", label: Label::Optional, ty: Ty::Message("RejoinExistingGameMessage"), packed: false, default: None },
            FieldDef { number: 25, name: "joinGameAckMessage", json: "join_game_ack_message", label: Label::Optional, ty: Ty::Message("JoinGameAckMessage"), packed: false, default: None },
            FieldDef { number: 26, name: "joinGameFailedMessage", json: "join_game_failed_message", label: Label::Optional, ty: Ty::Message("JoinGameFailedMessage"), packed: false, default: None },
            FieldDef { number: 27, name: "gamePlayerJoinedMessage", json: "game_player_joined_message", label: Label::Optional, ty: Ty::Message("GamePlayerJoinedMessage"), packed: false, default: None },
            FieldDef { number: 28, name: "gamePlayerLeftMessage", json: "game_player_left_message", label: Label::Optional, ty: Ty::Message("GamePlayerLeftMessage"), packed: false, default: None },
            FieldDef { number: 29, name: "gameAdminChangedMessage", json: "game_admin_changed_message", label: Label::Optional, ty: Ty::Message("GameAdminChangedMessage"), packed: false, default: None },
            FieldDef { number: 30, name: "removedFromGameMessage", json: "removed_from_game_message", label: Label::Optional, ty: Ty::Message("RemovedFromGameMessage"), packed: false, default: None },
            FieldDef { number: 31, name: "kickPlayerRequestMessage", json: "kick_player_request_message", label: Label::Optional, ty: Ty::Message("KickPlayerRequestMessage"), packed: false, default: None },
            FieldDef { number: 32, name: "leaveGameRequestMessage", json: "leave_game_request_message", label: Label::Optional, ty: Ty::Message("LeaveGameRequestMessage"), packed: false, default: None },
            FieldDef { number: 33, name: "invitePlayerToGameMessage", json: "invite_player_to_game_message", label: Label::Optional, ty: Ty::Message("InvitePlayerToGameMessage"), packed: false, default: None },
            FieldDef { number: 34, name: "inviteNotifyMessage", json: "invite_notify_message", label: Label::Optional, ty: Ty::Message("InviteNotifyMessage"), packed: false, default: None },
            FieldDef { number: 35, name: "rejectGameInvitationMessage", json: "reject_game_invitation_message", label: Label::Optional, ty: Ty::Message("RejectGameInvitationMessage"), packed: false, default: None },
            FieldDef { number: 36, name: "rejectInvNotifyMessage", json: "reject_inv_notify_message", label: Label::Optional, ty: Ty::Message("RejectInvNotifyMessage"), packed: false, default: None },
            FieldDef { number: 37, name: "startEventMessage", json: "start_event_message", label: Label::Optional, ty: Ty::Message("StartEventMessage"), packed: false, default: None },
            FieldDef { number: 38, name: "startEventAckMessage", json: "start_event_ack_message", label: Label::Optional, ty: Ty::Message("StartEventAckMessage"), packed: false, default: None },
            FieldDef { number: 39, name: "gameStartInitialMessage", json: "game_start_initial_message", label: Label::Optional, ty: Ty::Message("GameStartInitialMessage"), packed: false, default: None },
            FieldDef { number: 40, name: "gameStartRejoinMessage", json: "game_start_rejoin_message", label: Label::Optional, ty: Ty::Message("GameStartRejoinMessage"), packed: false, default: None },
            FieldDef { number: 41, name: "handStartMessage", json: "hand_start_message", label: Label::Optional, ty: Ty::Message("HandStartMessage"), packed: false, default: None },
            FieldDef { number: 42, name: "playersTurnMessage", json: "players_turn_message", label: Label::Optional, ty: Ty::Message("PlayersTurnMessage"), packed: false, default: None },
            FieldDef { number: 43, name: "myActionRequestMessage", json: "my_action_request_message", label: Label::Optional, ty: Ty::Message("MyActionRequestMessage"), packed: false, default: None },
            FieldDef { number: 44, name: "yourActionRejectedMessage", json: "your_action_rejected_message", label: Label::Optional, ty: Ty::Message("YourActionRejectedMessage"), packed: false, default: None },
            FieldDef { number: 45, name: "playersActionDoneMessage", json: "players_action_done_message", label: Label::Optional, ty: Ty::Message("PlayersActionDoneMessage"), packed: false, default: None },
            FieldDef { number: 46, name: "dealFlopCardsMessage", json: "deal_flop_cards_message", label: Label::Optional, ty: Ty::Message("DealFlopCardsMessage"), packed: false, default: None },
            FieldDef { number: 47, name: "dealTurnCardMessage", json: "deal_turn_card_message", label: Label::Optional, ty: Ty::Message("DealTurnCardMessage"), packed: false, default: None },
            FieldDef { number: 48, name: "dealRiverCardMessage", json: "deal_river_card_message", label: Label::Optional, ty: Ty::Message("DealRiverCardMessage"), packed: false, default: None },
            FieldDef { number: 49, name: "allInShowCardsMessage", json: "all_in_show_cards_message", label: Label::Optional, ty: Ty::Message("AllInShowCardsMessage"), packed: false, default: None },
            FieldDef { number: 50, name: "endOfHandShowCardsMessage", json: "end_of_hand_show_cards_message", label: Label::Optional, ty: Ty::Message("EndOfHandShowCardsMessage"), packed: false, default: None },
            FieldDef { number: 51, name: "endOfHandHideCardsMessage", json: "end_of_hand_hide_cards_message", label: Label::Optional, ty: Ty::Message("EndOfHandHideCardsMessage"), packed: false, default: None },
            FieldDef { number: 52, name: "showMyCardsRequestMessage", json: "show_my_cards_request_message", label: Label::Optional, ty: Ty::Message("ShowMyCardsRequestMessage"), packed: false, default: None },
            FieldDef { number: 53, name: "afterHandShowCardsMessage", json: "after_hand_show_cards_message", label: Label::Optional, ty: Ty::Message("AfterHandShowCardsMessage"), packed: false, default: None },
            FieldDef { number: 54, name: "endOfGameMessage", json: "end_of_game_message", label: Label::Optional, ty: Ty::Message("EndOfGameMessage"), packed: false, default: None },
            FieldDef { number: 55, name: "playerIdChangedMessage", json: "player_id_changed_message", label: Label::Optional, ty: Ty::Message("PlayerIdChangedMessage"), packed: false, default: None },
            FieldDef { number: 56, name: "askKickPlayerMessage", json: "ask_kick_player_message", label: Label::Optional, ty: Ty::Message("AskKickPlayerMessage"), packed: false, default: None },
            FieldDef { number: 57, name: "askKickDeniedMessage", json: "ask_kick_denied_message", label: Label::Optional, ty: Ty::Message("AskKickDeniedMessage"), packed: false, default: None },
            FieldDef { number: 58, name: "startKickPetitionMessage", json: "start_kick_petition_message", label: Label::Optional, ty: Ty::Message("StartKickPetitionMessage"), packed: false, default: None },
            FieldDef { number: 59, name: "voteKickRequestMessage", json: "vote_kick_request_message", label: Label::Optional, ty: Ty::Message("VoteKickRequestMessage"), packed: false, default: None },
            FieldDef { number: 60, name: "voteKickReplyMessage", json: "vote_kick_reply_message", label: Label::Optional, ty: Ty::Message("VoteKickReplyMessage"), packed: false, default: None },
            FieldDef { number: 61, name: "kickPetitionUpdateMessage", json: "kick_petition_update_message", label: Label::Optional, ty: Ty::Message("KickPetitionUpdateMessage"), packed: false, default: None },
            FieldDef { number: 62, name: "endKickPetitionMessage", json: "end_kick_petition_message", label: Label::Optional, ty: Ty::Message("EndKickPetitionMessage"), packed: false, default: None },
            FieldDef { number: 63, name: "statisticsMessage", json: "statistics_message", label: Label::Optional, ty: Ty::Message("StatisticsMessage"), packed: false, default: None },
            FieldDef { number: 64, name: "chatRequestMessage", json: "chat_request_message", label: Label::Optional, ty: Ty::Message("ChatRequestMessage"), packed: false, default: None },
            FieldDef { number: 65, name: "chatMessage", json: "chat_message", label: Label::Optional, ty: Ty::Message("ChatMessage"), packed: false, default: None },
            FieldDef { number: 66, name: "chatRejectMessage", json: "chat_reject_message", label: Label::Optional, ty: Ty::Message("ChatRejectMessage"), packed: false, default: None },
            FieldDef { number: 67, name: "dialogMessage", json: "dialog_message", label: Label::Optional, ty: Ty::Message("DialogMessage"), packed: false, default: None },
            FieldDef { number: 68, name: "timeoutWarningMessage", json: "timeout_warning_message", label: Label::Optional, ty: Ty::Message("TimeoutWarningMessage"), packed: false, default: None },
            FieldDef { number: 69, name: "resetTimeoutMessage", json: "reset_timeout_message", label: Label::Optional, ty: Ty::Message("ResetTimeoutMessage"), packed: false, default: None },
            FieldDef { number: 70, name: "reportAvatarMessage", json: "report_avatar_message", label: Label::Optional, ty: Ty::Message("ReportAvatarMessage"), packed: false, default: None },
            FieldDef { number: 71, name: "reportAvatarAckMessage", json: "report_avatar_ack_message", label: Label::Optional, ty: Ty::Message("ReportAvatarAckMessage"), packed: false, default: None },
            FieldDef { number: 72, name: "reportGameMessage", json: "report_game_message", label: Label::Optional, ty: Ty::Message("ReportGameMessage"), packed: false, default: None },
            FieldDef { number: 73, name: "reportGameAckMessage", json: "report_game_ack_message", label: Label::Optional, ty: Ty::Message("ReportGameAckMessage"), packed: false, default: None },
            FieldDef { number: 74, name: "errorMessage", json: "error_message", label: Label::Optional, ty: Ty::Message("ErrorMessage"), packed: false, default: None },
            FieldDef { number: 75, name: "adminRemoveGameMessage", json: "admin_remove_game_message", label: Label::Optional, ty: Ty::Message("AdminRemoveGameMessage"), packed: false, default: None },
            FieldDef { number: 76, name: "adminRemoveGameAckMessage", json: "admin_remove_game_ack_message", label: Label::Optional, ty: Ty::Message("AdminRemoveGameAckMessage"), packed: false, default: None },
            FieldDef { number: 77, name: "adminBanPlayerMessage", json: "admin_ban_player_message", label: Label::Optional, ty: Ty::Message("AdminBanPlayerMessage"), packed: false, default: None },
            FieldDef { number: 78, name: "adminBanPlayerAckMessage", json: "admin_ban_player_ack_message", label: Label::Optional, ty: Ty::Message("AdminBanPlayerAckMessage"), packed: false, default: None },
            FieldDef { number: 79, name: "gameListSpectatorJoinedMessage", json: "game_list_spectator_joined_message", label: Label::Optional, ty: Ty::Message("GameListSpectatorJoinedMessage"), packed: false, default: None },
            FieldDef { number: 80, name: "gameListSpectatorLeftMessage", json: "game_list_spectator_left_message", label: Label::Optional, ty: Ty::Message("GameListSpectatorLeftMessage"), packed: false, default: None },
            FieldDef { number: 81, name: "gameSpectatorJoinedMessage", json: "game_spectator_joined_message", label: Label::Optional, ty: Ty::Message("GameSpectatorJoinedMessage"), packed: false, default: None },
            FieldDef { number: 82, name: "gameSpectatorLeftMessage", json: "game_spectator_left_message", label: Label::Optional, ty: Ty::Message("GameSpectatorLeftMessage"), packed: false, default: None },
        ],
    },
];

/// Every enumeration: its values' names as on the wire and in records.
#[rustfmt::skip]
pub const ENUMS: &[EnumDef] = &[
    EnumDef {
        name: "NetGameMode",
        values: &[("netGameCreated", "net_game_created", 1), ("netGameStarted", "net_game_started", 2), ("netGameClosed", "net_game_closed", 3)],
    },
    EnumDef {
        name: "NetGameState",
        values: &[("netStatePreflop", "net_state_preflop", 0), ("netStateFlop", "net_state_flop", 1), ("netStateTurn", "net_state_turn", 2), ("netStateRiver", "net_state_river", 3), ("netStatePreflopSmallBlind", "net_state_preflop_small_blind", 4), ("netStatePreflopBigBlind", "net_state_preflop_big_blind", 5)],
    },
    EnumDef {
        name: "NetPlayerAction",
        values: &[("netActionNone", "net_action_none", 0), ("netActionFold", "net_action_fold", 1), ("netActionCheck", "net_action_check", 2), ("netActionCall", "net_action_call", 3), ("netActionBet", "net_action_bet", 4), ("netActionRaise", "net_action_raise", 5), ("netActionAllIn", "net_action_all_in", 6)],
    },
    EnumDef {
        name: "NetPlayerState",
        values: &[("netPlayerStateNormal", "net_player_state_normal", 0), ("netPlayerStateSessionInactive", "net_player_state_session_inactive", 1), ("netPlayerStateNoMoney", "net_player_state_no_money", 2)],
    },
    EnumDef {
        name: "NetPlayerInfoRights",
        values: &[("netPlayerRightsGuest", "net_player_rights_guest", 1), ("netPlayerRightsNormal", "net_player_rights_normal", 2), ("netPlayerRightsAdmin", "net_player_rights_admin", 3)],
    },
    EnumDef {
        name: "NetAvatarType",
        values: &[("netAvatarImagePng", "net_avatar_image_png", 1), ("netAvatarImageJpg", "net_avatar_image_jpg", 2), ("netAvatarImageGif", "net_avatar_image_gif", 3)],
    },
    EnumDef {
        name: "NetGameInfo.NetGameType",
        values: &[("normalGame", "normal_game", 1), ("registeredOnlyGame", "registered_only_game", 2), ("inviteOnlyGame", "invite_only_game", 3), ("rankingGame", "ranking_game", 4)],
    },
    EnumDef {
        name: "NetGameInfo.RaiseIntervalMode",
        values: &[("raiseOnHandNum", "raise_on_hand_num", 1), ("raiseOnMinutes", "raise_on_minutes", 2)],
    },
    EnumDef {
        name: "NetGameInfo.EndRaiseMode",
        values: &[("doubleBlinds", "double_blinds", 1), ("raiseByEndValue", "raise_by_end_value", 2), ("keepLastBlind", "keep_last_blind", 3)],
    },
    EnumDef {
        name: "AnnounceMessage.ServerType",
        values: &[("serverTypeLAN", "server_type_lan", 0), ("serverTypeInternetNoAuth", "server_type_internet_no_auth", 1), ("serverTypeInternetAuth", "server_type_internet_auth", 2)],
    },
    EnumDef {
        name: "InitMessage.LoginType",
        values: &[("guestLogin", "guest_login", 0), ("authenticatedLogin", "authenticated_login", 1), ("unauthenticatedLogin", "unauthenticated_login", 2)],
    },
    EnumDef {
        name: "PlayerListMessage.PlayerListNotification",
        values: &[("playerListNew", "player_list_new", 0), ("playerListLeft", "player_list_left", 1)],
    },
    EnumDef {
        name: "SubscriptionRequestMessage.SubscriptionAction",
        values: &[("unsubscribeGameList", "unsubscribe_game_list", 1), ("resubscribeGameList", "resubscribe_game_list", 2)],
    },
    EnumDef {
        name: "JoinGameFailedMessage.JoinGameFailureReason",
        values: &[("invalidGame", "invalid_game", 1), ("gameIsFull", "game_is_full", 2), ("gameIsRunning", "game_is_running", 3), ("invalidPassword", "invalid_password", 4), ("notAllowedAsGuest", "not_allowed_as_guest", 5), ("notInvited", "not_invited", 6), ("gameNameInUse", "game_name_in_use", 7), ("badGameName", "bad_game_name", 8), ("invalidSettings", "invalid_settings", 9), ("ipAddressBlocked", "ip_address_blocked", 10), ("rejoinFailed", "rejoin_failed", 11), ("noSpectatorsAllowed", "no_spectators_allowed", 12)],
    },
    EnumDef {
        name: "GamePlayerLeftMessage.GamePlayerLeftReason",
        values: &[("leftOnRequest", "left_on_request", 0), ("leftKicked", "left_kicked", 1), ("leftError", "left_error", 2)],
    },
    EnumDef {
        name: "RemovedFromGameMessage.RemovedFromGameReason",
        values: &[("removedOnRequest", "removed_on_request", 0), ("kickedFromGame", "kicked_from_game", 1), ("gameIsFull", "game_is_full", 2), ("gameIsRunning", "game_is_running", 3), ("gameTimeout", "game_timeout", 4), ("removedStartFailed", "removed_start_failed", 5), ("gameClosed", "game_closed", 6)],
    },
    EnumDef {
        name: "RejectGameInvitationMessage.RejectGameInvReason",
        values: &[("rejectReasonNo", "reject_reason_no", 0), ("rejectReasonBusy", "reject_reason_busy", 1)],
    },
    EnumDef {
        name: "StartEventMessage.StartEventType",
        values: &[("startEvent", "start_event", 0), ("rejoinEvent", "rejoin_event", 1)],
    },
    EnumDef {
        name: "YourActionRejectedMessage.RejectionReason",
        values: &[("rejectedInvalidGameState", "rejected_invalid_game_state", 1), ("rejectedNotYourTurn", "rejected_not_your_turn", 2), ("rejectedActionNotAllowed", "rejected_action_not_allowed", 3)],
    },
    EnumDef {
        name: "AskKickDeniedMessage.KickDeniedReason",
        values: &[("kickDeniedInvalidGameState", "kick_denied_invalid_game_state", 0), ("kickDeniedNotPossible", "kick_denied_not_possible", 1), ("kickDeniedTryAgainLater", "kick_denied_try_again_later", 2), ("kickDeniedAlreadyInProgress", "kick_denied_already_in_progress", 3), ("kickDeniedInvalidPlayerId", "kick_denied_invalid_player_id", 4)],
    },
    EnumDef {
        name: "VoteKickReplyMessage.VoteKickReplyType",
        values: &[("voteKickAck", "vote_kick_ack", 0), ("voteKickDeniedInvalid", "vote_kick_denied_invalid", 1), ("voteKickDeniedAlreadyVoted", "vote_kick_denied_already_voted", 2)],
    },
    EnumDef {
        name: "EndKickPetitionMessage.PetitionEndReason",
        values: &[("petitionEndEnoughVotes", "petition_end_enough_votes", 0), ("petitionEndTooFewPlayers", "petition_end_too_few_players", 1), ("petitionEndPlayerLeft", "petition_end_player_left", 2), ("petitionEndTimeout", "petition_end_timeout", 3)],
    },
    EnumDef {
        name: "StatisticsMessage.StatisticsData.StatisticsType",
        values: &[("statNumberOfPlayers", "stat_number_of_players", 1)],
    },
    EnumDef {
        name: "ChatMessage.ChatType",
        values: &[("chatTypeLobby", "chat_type_lobby", 0), ("chatTypeGame", "chat_type_game", 1), ("chatTypeBot", "chat_type_bot", 2), ("chatTypeBroadcast", "chat_type_broadcast", 3), ("chatTypePrivate", "chat_type_private", 4)],
    },
    EnumDef {
        name: "TimeoutWarningMessage.TimeoutReason",
        values: &[("timeoutNoDataReceived", "timeout_no_data_received", 0), ("timeoutInactiveGame", "timeout_inactive_game", 1), ("timeoutKickAfterAutofold", "timeout_kick_after_autofold", 2)],
    },
    EnumDef {
        name: "ReportAvatarAckMessage.ReportAvatarResult",
        values: &[("avatarReportAccepted", "avatar_report_accepted", 0), ("avatarReportDuplicate", "avatar_report_duplicate", 1), ("avatarReportInvalid", "avatar_report_invalid", 2)],
    },
    EnumDef {
        name: "ReportGameAckMessage.ReportGameResult",
        values: &[("gameReportAccepted", "game_report_accepted", 0), ("gameReportDuplicate", "game_report_duplicate", 1), ("gameReportInvalid", "game_report_invalid", 2)],
    },
    EnumDef {
        name: "ErrorMessage.ErrorReason",
        values: &[("custReserved", "cust_reserved", 0), ("initVersionNotSupported", "init_version_not_supported", 1), ("initServerFull", "init_server_full", 2), ("initAuthFailure", "init_auth_failure", 3), ("initPlayerNameInUse", "init_player_name_in_use", 4), ("initInvalidPlayerName", "init_invalid_player_name", 5), ("initServerMaintenance", "init_server_maintenance", 6), ("initBlocked", "init_blocked", 7), ("avatarTooLarge", "avatar_too_large", 8), ("invalidPacket", "invalid_packet", 9), ("invalidState", "invalid_state", 10), ("kickedFromServer", "kicked_from_server", 11), ("bannedFromServer", "banned_from_server", 12), ("blockedByServer", "blocked_by_server", 13), ("sessionTimeout", "session_timeout", 14)],
    },
    EnumDef {
        name: "AdminRemoveGameAckMessage.AdminRemoveGameResult",
        values: &[("gameRemoveAccepted", "game_remove_accepted", 0), ("gameRemoveInvalid", "game_remove_invalid", 1)],
    },
    EnumDef {
        name: "AdminBanPlayerAckMessage.AdminBanPlayerResult",
        values: &[("banPlayerAccepted", "ban_player_accepted", 0), ("banPlayerPending", "ban_player_pending", 1), ("banPlayerNoDB", "ban_player_no_db", 2), ("banPlayerDBError", "ban_player_db_error", 3), ("banPlayerInvalid", "ban_player_invalid", 4)],
    },
    EnumDef {
        name: "PokerTHMessage.PokerTHMessageType",
        values: &[("Type_AnnounceMessage", "type_announce_message", 1), ("Type_InitMessage", "type_init_message", 2), ("Type_AuthServerChallengeMessage", "type_auth_server_challenge_message", 3), ("Type_AuthClientResponseMessage", "type_auth_client_response_message", 4), ("Type_AuthServerVerificationMessage", "type_auth_server_verification_message", 5), ("Type_InitAckMessage", "type_init_ack_message", 6), ("Type_AvatarRequestMessage", "type_avatar_request_message", 7), ("Type_AvatarHeaderMessage", "type_avatar_header_message", 8), ("Type_AvatarDataMessage", "type_avatar_data_message", 9), ("Type_AvatarEndMessage", "type_avatar_end_message", 10), ("Type_UnknownAvatarMessage", "type_unknown_avatar_message", 11), ("Type_PlayerListMessage", "type_player_list_message", 12), ("Type_GameListNewMessage", "type_game_list_new_message", 13), ("Type_GameListUpdateMessage", "type_game_list_update_message", 14), ("Type_GameListPlayerJoinedMessage", "type_game_list_player_joined_message", 15), ("Type_GameListPlayerLeftMessage", "type_game_list_player_left_message", 16), ("Type_GameListAdminChangedMessage", "type_game_list_admin_changed_message", 17), ("Type_PlayerInfoRequestMessage", "type_player_info_request_message", 18), ("Type_PlayerInfoReplyMessage", "type_player_info_reply_message", 19), ("Type_SubscriptionRequestMessage", "type_subscription_request_message", 20), ("Type_JoinExistingGameMessage", "type_join_existing_game_message", 21), ("Type_JoinNewGameMessage", "type_join_new_game_message", 22), ("Type_RejoinExistingGameMessage", "type_rejoin_existing_game_message", 23), ("Type_JoinGameAckMessage", "type_join_game_ack_message", 24), ("Type_JoinGameFailedMessage", "type_join_game_failed_message", 25), ("Type_GamePlayerJoinedMessage", "type_game_player_joined_message", 26), ("Type_GamePlayerLeftMessage", "type_game_player_left_message", 27), ("Type_GameAdminChangedMessage", "type_game_admin_changed_message", 28), ("Type_RemovedFromGameMessage", "type_removed_from_game_message", 29), ("Type_KickPlayerRequestMessage", "type_kick_player_request_message", 30), ("Type_LeaveGameRequestMessage", "type_leave_game_request_message", 31), ("Type_InvitePlayerToGameMessage", "type_invite_player_to_game_message", 32), ("Type_InviteNotifyMessage", "type_invite_notify_message", 33), ("Type_RejectGameInvitationMessage", "type_reject_game_invitation_message", 34), ("Type_RejectInvNotifyMessage", "type_reject_inv_notify_message", 35), ("Type_StartEventMessage", "type_start_event_message", 36), ("Type_StartEventAckMessage", "type_start_event_ack_message", 37), ("Type_GameStartInitialMessage", "type_game_start_initial_message", 38), ("Type_GameStartRejoinMessage", "type_game_start_rejoin_message", 39), ("Type_HandStartMessage", "type_hand_start_message", 40), ("Type_PlayersTurnMessage", "type_players_turn_message", 41), ("Type_MyActionRequestMessage", "type_my_action_request_message", 42), ("Type_YourActionRejectedMessage", "type_your_action_rejected_message", 43), ("Type_PlayersActionDoneMessage", "type_players_action_done_message", 44), ("Type_DealFlopCardsMessage", "type_deal_flop_cards_message", 45), ("Type_DealTurnCardMessage", "type_deal_turn_card_message", 46), ("Type_DealRiverCardMessage", "type_deal_river_card_message", 47), ("Type_AllInShowCardsMessage", "type_all_in_show_cards_message", 48), ("Type_EndOfHandShowCardsMessage", "type_end_of_hand_show_cards_message", 49), ("Type_EndOfHandHideCardsMessage", "type_end_of_hand_hide_cards_message", 50), ("Type_ShowMyCardsRequestMessage", "type_show_my_cards_request_message", 51), ("Type_AfterHandShowCardsMessage", "type_after_hand_show_cards_message", 52), ("Type_EndOfGameMessage", "type_end_of_game_message", 53), ("Type_PlayerIdChangedMessage", "type_player_id_changed_message", 54), ("Type_AskKickPlayerMessage", "type_ask_kick_player_message", 55), ("Type_AskKickDeniedMessage", "type_ask_kick_denied_message", 56), ("Type_StartKickPetitionMessage", "type_start_kick_petition_message", 57), ("Type_VoteKickRequestMessage", "type_vote_kick_request_message", 58), ("Type_VoteKickReplyMessage", "type_vote_kick_reply_message", 59), ("Type_KickPetitionUpdateMessage", "type_kick_petition_update_message", 60), ("Type_EndKickPetitionMessage", "type_end_kick_petition_message", 61), ("Type_StatisticsMessage", "type_statistics_message", 62), ("Type_ChatRequestMessage", "type_chat_request_message", 63), ("Type_ChatMessage", "type_chat_message", 64), ("Type_ChatRejectMessage", "type_chat_reject_message", 65), ("Type_DialogMessage", "type_dialog_message", 66), ("Type_TimeoutWarningMessage", "type_timeout_warning_message", 67), ("Type_ResetTimeoutMessage", "type_reset_timeout_message", 68), ("Type_ReportAvatarMessage", "type_report_avatar_message", 69), ("Type_ReportAvatarAckMessage", "type_report_avatar_ack_message", 70), ("Type_ReportGameMessage", "type_report_game_message", 71), ("Type_ReportGameAckMessage", "type_report_game_ack_message", 72), ("Type_ErrorMessage", "type_error_message", 73), ("Type_AdminRemoveGameMessage", "type_admin_remove_game_message", 74), ("Type_AdminRemoveGameAckMessage", "type_admin_remove_game_ack_message", 75), ("Type_AdminBanPlayerMessage", "type_admin_ban_player_message", 76), ("Type_AdminBanPlayerAckMessage", "type_admin_ban_player_ack_message", 77), ("Type_GameListSpectatorJoinedMessage", "type_game_list_spectator_joined_message", 78), ("Type_GameListSpectatorLeftMessage", "type_game_list_spectator_left_message", 79), ("Type_GameSpectatorJoinedMessage", "type_game_spectator_joined_message", 80), ("Type_GameSpectatorLeftMessage", "type_game_spectator_left_message", 81)],
    },
];
