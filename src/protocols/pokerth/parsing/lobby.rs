//! Parsers of the `pokerth` session and lobby messages: Init (1) .. Start
//! Event Ack (67).

use super::*;

pub(super) fn game_info_block<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, GameInfoBlock> {
    let (i, max_number_of_players) = u16f(i, "max_number_of_players", n)?;
    limit(
        n,
        "max_number_of_players",
        max_number_of_players.into(),
        PLAYERS_LIMIT,
    );
    let (i, raise_interval_mode) = en!(i, n, RaiseIntervalMode, "raise_interval_mode");
    let (i, raise_small_blind_interval) = u16f(i, "raise_small_blind_interval", n)?;
    let (i, raise_mode) = en!(i, n, RaiseMode, "raise_mode");
    let (i, end_raise_mode) = en!(i, n, EndRaiseMode, "end_raise_mode");
    let (i, number_of_manual_blinds) = u16f(i, "number_of_manual_blinds", n)?;
    limit(
        n,
        "number_of_manual_blinds",
        number_of_manual_blinds.into(),
        BLINDS_LIMIT,
    );
    let (i, proposed_gui_speed) = u16f(i, "proposed_gui_speed", n)?;
    if !(1..=11).contains(&proposed_gui_speed) {
        n.push(Note::PokerThGuiSpeed {
            value: proposed_gui_speed,
        });
    }
    let (i, player_action_timeout) = u16f(i, "player_action_timeout", n)?;
    let (i, first_small_blind) = u32f(i, "first_small_blind", n)?;
    let (i, end_raise_small_blind_value) = u32f(i, "end_raise_small_blind_value", n)?;
    let (i, start_money) = u32f(i, "start_money", n)?;
    let (i, manual_blind_slots) = u32_list(i, number_of_manual_blinds, "manual_blind_slots", n)?;
    Ok((
        i,
        GameInfoBlock {
            max_number_of_players,
            raise_interval_mode,
            raise_small_blind_interval,
            raise_mode,
            end_raise_mode,
            number_of_manual_blinds,
            proposed_gui_speed,
            player_action_timeout,
            first_small_blind,
            end_raise_small_blind_value,
            start_money,
            manual_blind_slots,
        },
    ))
}

pub(super) fn init<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, major) = u16f(i, "requested_version_major", n)?;
    let (i, minor) = u16f(i, "requested_version_minor", n)?;
    if !(2..=5).contains(&major) {
        n.push(Note::PokerThVersion {
            dialect: Dialect::PokerTh,
            major,
            minor,
        });
    }
    let (i, password_length) = u16f(i, "password_length", n)?;
    let (i, player_name_length) = u16f(i, "player_name_length", n)?;
    let (i, privacy_flags) = flags!(i, n, PrivacyFlags, "privacy_flags");
    let (i, ()) = reserved16(i, n)?;
    let (i, avatar_md5) = if privacy_flags.show_avatar() {
        let (i, m) = md5(i, "avatar_md5", n)?;
        (i, Some(m))
    } else {
        (i, None)
    };
    let (i, password) = string(i, password_length, "password", NAME_LIMIT, n)?;
    let (i, player_name) = string(i, player_name_length, "player_name", NAME_LIMIT, n)?;
    Ok((
        i,
        Message::Init(Init {
            requested_version_major: major,
            requested_version_minor: minor,
            requested_version: format!("{major}.{minor}"),
            password_length,
            player_name_length,
            privacy_flags,
            avatar_md5,
            password,
            player_name,
        }),
    ))
}

pub(super) fn init_ack<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, raw) = u16f(i, "latest_game_version_raw", n)?;
    let (i, latest_beta_revision) = u16f(i, "latest_beta_revision", n)?;
    let (i, your_session_id) = u32f(i, "your_session_id", n)?;
    let (i, your_player_id) = u32f(i, "your_player_id", n)?;
    Ok((
        i,
        Message::InitAck(InitAck {
            latest_game_version: release_version(raw),
            latest_game_version_raw: raw,
            latest_beta_revision,
            your_session_id,
            your_player_id,
        }),
    ))
}

pub(super) fn retrieve_avatar<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, request_id) = u32f(i, "request_id", n)?;
    let (i, avatar_md5) = md5(i, "avatar_md5", n)?;
    Ok((
        i,
        Message::RetrieveAvatar(RetrieveAvatar {
            request_id,
            avatar_md5,
        }),
    ))
}

pub(super) fn avatar_header<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, request_id) = u32f(i, "request_id", n)?;
    let (i, avatar_file_size) = u32f(i, "avatar_file_size", n)?;
    let (i, avatar_file_type) = en!(i, n, AvatarFileType, "avatar_file_type");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::AvatarHeader(AvatarHeader {
            request_id,
            avatar_file_size,
            avatar_file_type,
        }),
    ))
}

pub(super) fn avatar_file<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, request_id) = u32f(i, "request_id", n)?;
    let (i, avatar_block_size) = u16f(i, "avatar_block_size", n)?;
    let (i, ()) = reserved16(i, n)?;
    let (i, data) = padded(i, avatar_block_size.into(), "avatar_file_data", n)?;
    limit(
        n,
        "avatar_block_size",
        avatar_block_size.into(),
        AVATAR_BLOCK_LIMIT,
    );
    Ok((
        i,
        Message::AvatarFile(AvatarFile {
            request_id,
            avatar_block_size,
            avatar_file_data: crate::protocols::hex(data),
        }),
    ))
}

pub(super) fn request_id<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, RequestId> {
    let (i, request_id) = u32f(i, "request_id", n)?;
    Ok((i, RequestId { request_id }))
}

pub(super) fn player_id<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, PlayerId> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    Ok((i, PlayerId { player_id }))
}

pub(super) fn game_player<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, GamePlayer> {
    let (i, game_id) = u32f(i, "game_id", n)?;
    let (i, player_id) = u32f(i, "player_id", n)?;
    Ok((i, GamePlayer { game_id, player_id }))
}

pub(super) fn empty<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Empty> {
    let (i, ()) = reserved32(i, n)?;
    Ok((i, Empty {}))
}

pub(super) fn game_list_new<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_id) = u32f(i, "game_id", n)?;
    let (i, admin_player_id) = u32f(i, "admin_player_id", n)?;
    let (i, game_mode) = en!(i, n, GameMode, "game_mode");
    let (i, game_name_length) = u16f(i, "game_name_length", n)?;
    let (i, current_number_of_players) = u16f(i, "current_number_of_players", n)?;
    limit(
        n,
        "current_number_of_players",
        current_number_of_players.into(),
        PLAYERS_LIMIT,
    );
    let (i, privacy_flags) = flags!(i, n, GamePrivacyFlags, "privacy_flags");
    let (i, game_info_block) = nest(i, n, "game_info_block", game_info_block)?;
    let (i, game_name) = string(i, game_name_length, "game_name", NAME_LIMIT, n)?;
    let (i, player_id_slots) = u32_list(i, current_number_of_players, "player_id_slots", n)?;
    Ok((
        i,
        Message::GameListNew(Box::new(GameListNew {
            game_id,
            admin_player_id,
            game_mode,
            game_name_length,
            current_number_of_players,
            privacy_flags,
            game_info_block,
            game_name,
            player_id_slots,
        })),
    ))
}

pub(super) fn game_list_update<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_id) = u32f(i, "game_id", n)?;
    let (i, game_mode) = en!(i, n, GameMode, "game_mode");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::GameListUpdate(GameListUpdate { game_id, game_mode }),
    ))
}

pub(super) fn game_list_admin_changed<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_id) = u32f(i, "game_id", n)?;
    let (i, new_admin_player_id) = u32f(i, "new_admin_player_id", n)?;
    Ok((
        i,
        Message::GameListAdminChanged(GameListAdminChanged {
            game_id,
            new_admin_player_id,
        }),
    ))
}

pub(super) fn player_info<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, player_flags) = flags!(i, n, PlayerFlags, "player_flags");
    let (i, player_name_length) = u16f(i, "player_name_length", n)?;
    let (i, ()) = reserved32(i, n)?;
    let avatar_type = player_flags.avatar_type();
    if player_flags.has_avatar() && avatar_type.0 == 0 {
        n.push(Note::PokerThAvatarWithoutType);
    }
    let (i, avatar_md5) = if player_flags.has_avatar() {
        let (i, m) = md5(i, "avatar_md5", n)?;
        (i, Some(m))
    } else {
        (i, None)
    };
    let (i, player_name) = string(i, player_name_length, "player_name", NAME_LIMIT, n)?;
    Ok((
        i,
        Message::PlayerInfo(PlayerInfo {
            player_id,
            player_flags,
            avatar_type,
            player_name_length,
            avatar_md5,
            player_name,
        }),
    ))
}

pub(super) fn create_game<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, password_length) = u16f(i, "password_length", n)?;
    let (i, game_name_length) = u16f(i, "game_name_length", n)?;
    let (i, game_info_block) = nest(i, n, "game_info_block", game_info_block)?;
    let (i, password) = string(i, password_length, "password", NAME_LIMIT, n)?;
    let (i, game_name) = string(i, game_name_length, "game_name", NAME_LIMIT, n)?;
    Ok((
        i,
        Message::CreateGame(Box::new(CreateGame {
            password_length,
            game_name_length,
            game_info_block,
            password,
            game_name,
        })),
    ))
}

pub(super) fn join_game<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_id) = u32f(i, "game_id", n)?;
    let (i, password_length) = u16f(i, "password_length", n)?;
    let (i, ()) = reserved16(i, n)?;
    let (i, password) = string(i, password_length, "password", NAME_LIMIT, n)?;
    Ok((
        i,
        Message::JoinGame(JoinGame {
            game_id,
            password_length,
            password,
        }),
    ))
}

pub(super) fn join_game_ack<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_id) = u32f(i, "game_id", n)?;
    let (i, player_rights) = flags!(i, n, PlayerRights, "player_rights");
    let (i, ()) = reserved16(i, n)?;
    let (i, game_info_block) = nest(i, n, "game_info_block", game_info_block)?;
    Ok((
        i,
        Message::JoinGameAck(Box::new(JoinGameAck {
            game_id,
            player_rights,
            game_info_block,
        })),
    ))
}

pub(super) fn join_game_failed<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, failure_reason) = en!(i, n, JoinGameFailureReason, "failure_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::JoinGameFailed(JoinGameFailed { failure_reason }),
    ))
}

pub(super) fn player_joined<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, player_rights) = flags!(i, n, PlayerRights, "player_rights");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::PlayerJoined(PlayerJoined {
            player_id,
            player_rights,
        }),
    ))
}

pub(super) fn player_left<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, leave_reason) = en!(i, n, LeaveReason, "leave_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::PlayerLeft(PlayerLeft {
            player_id,
            leave_reason,
        }),
    ))
}

pub(super) fn game_admin_changed<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, new_admin_player_id) = u32f(i, "new_admin_player_id", n)?;
    Ok((
        i,
        Message::GameAdminChanged(GameAdminChanged {
            new_admin_player_id,
        }),
    ))
}

pub(super) fn start_event<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, start_flags) = flags!(i, n, StartFlags, "start_flags");
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::StartEvent(StartEvent { start_flags })))
}
