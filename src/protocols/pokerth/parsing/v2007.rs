//! Parsers of the `pokerth-2007` messages (seed 002).

use super::*;

pub(super) fn join_game_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, major) = u16f(i, "requested_version_major", n)?;
    let (i, minor) = u16f(i, "requested_version_minor", n)?;
    if major != 1 {
        n.push(Note::PokerThVersion {
            dialect: Dialect::PokerTh2007,
            major,
            minor,
        });
    }
    let (i, password_length) = u16f(i, "password_length", n)?;
    let (i, player_flags) = flags!(i, n, PlayerFlags2007, "player_flags");
    let (i, name_length) = u16f(i, "name_length", n)?;
    let (i, ()) = reserved16(i, n)?;
    let (i, password) = string(i, password_length, "password", NAME_LIMIT, n)?;
    let (i, name) = string(i, name_length, "name", NAME_LIMIT, n)?;
    Ok((
        i,
        Message::JoinGame2007(JoinGame2007 {
            requested_version_major: major,
            requested_version_minor: minor,
            requested_version: format!("{major}.{minor}"),
            password_length,
            player_flags,
            name_length,
            password,
            name,
        }),
    ))
}

pub(super) fn join_game_ack_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, your_session_id) = u32f(i, "your_session_id", n)?;
    let (i, your_player_id) = u16f(i, "your_player_id", n)?;
    let (i, your_player_number) = u16f(i, "your_player_number", n)?;
    let (i, number_of_players) = u16f(i, "number_of_players", n)?;
    let (i, small_blind) = u16f(i, "small_blind", n)?;
    let (i, hands_before_raise) = u16f(i, "hands_before_raise", n)?;
    let (i, proposed_gui_speed) = u16f(i, "proposed_gui_speed", n)?;
    let (i, start_cash) = u32f(i, "start_cash", n)?;
    limit(
        n,
        "number_of_players",
        number_of_players.into(),
        PLAYERS_LIMIT,
    );
    if number_of_players > 0 && your_player_number >= number_of_players {
        n.push(Note::PokerThPlayerNumber {
            number: your_player_number,
            players: number_of_players,
        });
    }
    if !(1..=11).contains(&proposed_gui_speed) {
        n.push(Note::PokerThGuiSpeed {
            value: proposed_gui_speed,
        });
    }
    Ok((
        i,
        Message::JoinGameAck2007(JoinGameAck2007 {
            your_session_id,
            your_player_id,
            your_player_number,
            number_of_players,
            small_blind,
            hands_before_raise,
            proposed_gui_speed,
            start_cash,
        }),
    ))
}

pub(super) fn player_joined_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u16f(i, "player_id", n)?;
    let (i, player_number) = u16f(i, "player_number", n)?;
    let (i, player_flags) = flags!(i, n, PlayerFlags2007, "player_flags");
    let (i, name_length) = u16f(i, "name_length", n)?;
    let (i, name) = string(i, name_length, "name", NAME_LIMIT, n)?;
    Ok((
        i,
        Message::PlayerJoined2007(PlayerJoined2007 {
            player_id,
            player_number,
            player_flags,
            name_length,
            name,
        }),
    ))
}

pub(super) fn player_left_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u16f(i, "player_id", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::PlayerLeft2007(PlayerLeft2007 { player_id })))
}

pub(super) fn game_start_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, your_1st_card) = card(i, "your_1st_card", n)?;
    let (i, your_2nd_card) = card(i, "your_2nd_card", n)?;
    Ok((
        i,
        Message::GameStart2007(GameStart2007 {
            your_1st_card,
            your_2nd_card,
        }),
    ))
}

pub(super) fn players_turn_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState2007, "game_state");
    let (i, player_id) = u16f(i, "player_id", n)?;
    Ok((
        i,
        Message::PlayersTurn2007(PlayersTurn2007 {
            game_state,
            player_id,
        }),
    ))
}

pub(super) fn players_action_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState2007, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction2007, "player_action");
    let (i, cash_value) = u32f(i, "cash_value", n)?;
    Ok((
        i,
        Message::PlayersAction2007(PlayersAction2007 {
            game_state,
            player_action,
            cash_value,
        }),
    ))
}

pub(super) fn players_action_rejected_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState2007, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction2007, "player_action");
    let (i, cash_value) = u32f(i, "cash_value", n)?;
    let (i, rejection_reason) = en!(i, n, RejectionReason2007, "rejection_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::PlayersActionRejected2007(PlayersActionRejected2007 {
            game_state,
            player_action,
            cash_value,
            rejection_reason,
        }),
    ))
}

pub(super) fn error_2007<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, error_reason) = en!(i, n, ErrorReason2007, "error_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::Error2007(Error2007 { error_reason })))
}
