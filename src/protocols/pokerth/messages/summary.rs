//! The one-line summaries a person follows a game by.

use super::*;
use std::fmt::Write as _;

fn quoted(s: &str) -> String {
    format!("{s:?}")
}

fn ids(list: &[u32]) -> String {
    let mut s = String::new();
    for (i, id) in list.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{id}");
    }
    s
}

fn action_verb(state: GameState, action: PlayerAction) -> String {
    match action.0 {
        0 => match state.0 {
            0xF0 => "posts the small blind".into(),
            0xF1 => "posts the big blind".into(),
            _ => "acts (none)".into(),
        },
        1 => "folds".into(),
        2 => "checks".into(),
        3 => "calls".into(),
        4 => "bets".into(),
        5 => "raises".into(),
        6 => "goes all-in".into(),
        n => format!("does action {n}"),
    }
}

fn blinds(g: &GameInfoBlock) -> String {
    format!(
        "small blind {}, start money {}",
        g.first_small_blind, g.start_money
    )
}

impl Message {
    /// A one-line summary for people.
    pub fn summary(&self) -> String {
        use Message as M;
        match self {
            M::Init(m) => {
                let mut s = format!(
                    "Init v{} player {}",
                    m.requested_version,
                    quoted(&m.player_name)
                );
                if m.avatar_md5.is_some() {
                    s.push_str(", with avatar");
                }
                if !m.password.is_empty() {
                    s.push_str(", with password");
                }
                s
            }
            M::InitAck(m) => format!(
                "init ack: you are player {}, session {}, server release {}",
                m.your_player_id, m.your_session_id, m.latest_game_version
            ),
            M::RetrieveAvatar(m) => format!(
                "retrieve avatar {} (request {})",
                m.avatar_md5, m.request_id
            ),
            M::AvatarHeader(m) => format!(
                "avatar header: request {}, {} bytes, {}",
                m.request_id, m.avatar_file_size, m.avatar_file_type
            ),
            M::AvatarFile(m) => format!(
                "avatar data: request {}, {} bytes",
                m.request_id, m.avatar_block_size
            ),
            M::AvatarEnd(m) => format!("avatar end: request {}", m.request_id),
            M::UnknownAvatar(m) => format!("unknown avatar: request {}", m.request_id),
            M::GameListNew(m) => {
                let mut s = format!(
                    "game list new: game {} {} {}/{} players, {}",
                    m.game_id,
                    quoted(&m.game_name),
                    m.current_number_of_players,
                    m.game_info_block.max_number_of_players,
                    m.game_mode
                );
                if m.privacy_flags.password_protected() {
                    s.push_str(", password");
                }
                s
            }
            M::GameListUpdate(m) => {
                format!("game list update: game {} {}", m.game_id, m.game_mode)
            }
            M::GameListPlayerJoined(m) => format!(
                "game list: player {} joined game {}",
                m.player_id, m.game_id
            ),
            M::GameListPlayerLeft(m) => {
                format!("game list: player {} left game {}", m.player_id, m.game_id)
            }
            M::GameListAdminChanged(m) => format!(
                "game list: game {} admin is now player {}",
                m.game_id, m.new_admin_player_id
            ),
            M::RetrievePlayerInfo(m) => format!("retrieve player info {}", m.player_id),
            M::PlayerInfo(m) => {
                let mut s = format!(
                    "player info: {} {} {}",
                    m.player_id,
                    quoted(&m.player_name),
                    if m.player_flags.human() {
                        "human"
                    } else {
                        "computer"
                    }
                );
                if m.avatar_md5.is_some() {
                    let _ = write!(s, ", avatar {}", m.avatar_type);
                }
                s
            }
            M::UnknownPlayerId(m) => format!("unknown player id {}", m.player_id),
            M::UnsubscribeGameListMessages(_) => "unsubscribe game list messages".into(),
            M::ResubscribeGameListMessages(_) => "resubscribe game list messages".into(),
            M::CreateGame(m) => {
                let mut s = format!(
                    "create game {}: {} players, {}",
                    quoted(&m.game_name),
                    m.game_info_block.max_number_of_players,
                    blinds(&m.game_info_block)
                );
                if !m.password.is_empty() {
                    s.push_str(", with password");
                }
                s
            }
            M::JoinGame(m) => {
                let mut s = format!("join game {}", m.game_id);
                if !m.password.is_empty() {
                    s.push_str(" with password");
                }
                s
            }
            M::JoinGameAck(m) => format!(
                "joined game {}{}: up to {} players, {}",
                m.game_id,
                if m.player_rights.admin() {
                    " as admin"
                } else {
                    ""
                },
                m.game_info_block.max_number_of_players,
                blinds(&m.game_info_block)
            ),
            M::JoinGameFailed(m) => format!("join game failed: {}", m.failure_reason),
            M::PlayerJoined(m) => format!(
                "player {} joined{}",
                m.player_id,
                if m.player_rights.admin() {
                    " (admin)"
                } else {
                    ""
                }
            ),
            M::PlayerLeft(m) => format!("player {} left: {}", m.player_id, m.leave_reason),
            M::GameAdminChanged(m) => {
                format!("game admin is now player {}", m.new_admin_player_id)
            }
            M::KickPlayer(m) => format!("kick player {}", m.player_id),
            M::LeaveCurrentGame(_) => "leave current game".into(),
            M::StartEvent(m) => {
                if m.start_flags.fill_with_computer_players() {
                    "start event (fill up with computer players)".into()
                } else {
                    "start event".into()
                }
            }
            M::StartEventAck(_) => "start event ack".into(),
            M::GameStart(m) => format!(
                "game start: dealer {}, players {}",
                m.start_dealer_player_id,
                ids(&m.player_id_slots)
            ),
            M::HandStart(m) => format!(
                "hand start: your cards {} {}, small blind {}",
                m.your_1st_card, m.your_2nd_card, m.small_blind
            ),
            M::PlayersTurn(m) => {
                format!("player {} to act ({})", m.player_id, m.game_state.street())
            }
            M::PlayersAction(m) => {
                if m.player_bet > 0 {
                    format!(
                        "action {} {} ({})",
                        m.player_action,
                        m.player_bet,
                        m.game_state.street()
                    )
                } else {
                    format!("action {} ({})", m.player_action, m.game_state.street())
                }
            }
            M::PlayersActionDone(m) => format!(
                "player {} {}, bet {}, stack {} ({})",
                m.player_id,
                action_verb(m.game_state, m.player_action),
                m.total_player_bet,
                m.player_money,
                m.game_state.street()
            ),
            M::PlayersActionRejected(m) => format!(
                "action {} {} ({}) rejected: {}",
                m.player_action,
                m.player_bet,
                m.game_state.street(),
                m.rejection_reason
            ),
            M::DealFlopCards(m) => format!(
                "flop {} {} {}",
                m.flop_1st_card, m.flop_2nd_card, m.flop_3rd_card
            ),
            M::DealTurnCard(m) => format!("turn {}", m.turn_card),
            M::DealRiverCard(m) => format!("river {}", m.river_card),
            M::AllInShowCards(m) => {
                let mut s = String::from("all-in, cards shown:");
                for (i, r) in m.player_cards_records.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    let _ = write!(
                        s,
                        "{sep}player {} {} {}",
                        r.player_id, r.first_card, r.second_card
                    );
                }
                s
            }
            M::EndOfHandShowCards(m) => {
                let mut s = String::from("end of hand, showdown:");
                for (i, r) in m.player_result_records.iter().enumerate() {
                    let sep = if i == 0 { " " } else { "; " };
                    let _ = write!(
                        s,
                        "{sep}player {} {} {} won {}, stack {}",
                        r.player_id, r.first_card, r.second_card, r.money_won, r.player_money
                    );
                }
                s
            }
            M::EndOfHandHideCards(m) => format!(
                "end of hand: player {} won {}, stack {}",
                m.player_id, m.money_won, m.player_money
            ),
            M::EndOfGame(m) => format!("end of game: player {} wins", m.winner_player_id),
            M::AskKickPlayer(m) => format!("ask to kick player {}", m.player_id),
            M::AskKickPlayerDenied(m) => {
                format!("kicking player {} denied: {}", m.player_id, m.deny_reason)
            }
            M::StartKickPlayerPetition(m) => format!(
                "petition {}: player {} asks to kick player {}, {} votes needed within {} s",
                m.petition_id,
                m.proposing_player_id,
                m.kick_player_id,
                m.votes_needed_to_kick,
                m.kick_timeout
            ),
            M::VoteKickPlayer(m) => format!("vote {} on petition {}", m.vote, m.petition_id),
            M::VoteKickPlayerAck(m) => format!("vote on petition {} accepted", m.petition_id),
            M::VoteKickPlayerDenied(m) => format!(
                "vote on petition {} denied: {}",
                m.petition_id, m.deny_reason
            ),
            M::KickPlayerPetitionUpdate(m) => format!(
                "petition {}: {} against, {} in favour, {} needed",
                m.petition_id,
                m.votes_against_kicking,
                m.votes_in_favour_of_kicking,
                m.votes_needed_to_kick
            ),
            M::EndKickPlayerPetition(m) => format!(
                "petition {} ended: {} ({}), {} against, {} in favour",
                m.petition_id,
                m.vote_result,
                m.end_reason,
                m.votes_against_kicking,
                m.votes_in_favour_of_kicking
            ),
            M::StatisticsChanged(m) => {
                let mut s = String::from("statistics:");
                for (i, e) in m.statistics.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    let _ = write!(s, "{sep}{} {}", e.statistics_type, e.statistics_value);
                }
                s
            }
            M::RemovedFromGame(m) => format!("removed from game: {}", m.remove_reason),
            M::TimeoutWarning(m) => format!(
                "timeout warning: {}, {} s left",
                m.timeout_reason, m.remaining_seconds
            ),
            M::ResetTimeout(_) => "reset timeout".into(),
            M::SendChatText(m) => format!("chat: {}", m.text),
            M::ChatText(m) => format!("chat from {}: {}", m.player_id, m.text),
            M::MessageBoxText(m) => format!("message box: {}", m.text),
            M::Error(m) => format!("error: {}", m.error_reason),
            M::JoinGame2007(m) => format!(
                "JoinGame v{} player {} ({})",
                m.requested_version,
                quoted(&m.name),
                if m.player_flags.human() {
                    "human"
                } else {
                    "computer"
                }
            ),
            M::JoinGameAck2007(m) => format!(
                "joined: you are player {} at seat {} of {}, small blind {}, start cash {}",
                m.your_player_id,
                m.your_player_number,
                m.number_of_players,
                m.small_blind,
                m.start_cash
            ),
            M::PlayerJoined2007(m) => format!(
                "player {} {} joined at seat {} ({})",
                m.player_id,
                quoted(&m.name),
                m.player_number,
                if m.player_flags.human() {
                    "human"
                } else {
                    "computer"
                }
            ),
            M::PlayerLeft2007(m) => format!("player {} left", m.player_id),
            M::GameStart2007(m) => format!(
                "game start: your cards {} {}",
                m.your_1st_card, m.your_2nd_card
            ),
            M::PlayersTurn2007(m) => {
                format!("player {} to act ({})", m.player_id, m.game_state)
            }
            M::PlayersAction2007(m) => {
                if m.cash_value > 0 {
                    format!(
                        "action {} {} ({})",
                        m.player_action, m.cash_value, m.game_state
                    )
                } else {
                    format!("action {} ({})", m.player_action, m.game_state)
                }
            }
            M::PlayersActionRejected2007(m) => format!(
                "action {} {} ({}) rejected: {}",
                m.player_action, m.cash_value, m.game_state, m.rejection_reason
            ),
            M::Error2007(m) => format!("error: {}", m.error_reason),
        }
    }
}
