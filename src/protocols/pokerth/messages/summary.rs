//! The one-line summaries a person follows a game by: the game's events in
//! the words every poker dialect shares ([`crate::protocols::poker_words`]),
//! players named as the stream told them ([`Names`]).

use super::*;
use crate::protocols::names::{self, Names};
use crate::protocols::poker_words::{self as words, Act, Action, Amount, Shown};
use std::fmt::Write as _;

fn quoted(s: &str) -> String {
    format!("{s:?}")
}

/// PokerTH's action number (both dialects number them alike: 1 fold ..
/// 6 all in); 0, "none", is a posted blind in the blinds' pseudo-states.
fn act(state: u16, action: u16) -> Act {
    match action {
        0 => match state {
            0xF0 => Act::SmallBlind,
            0xF1 => Act::BigBlind,
            _ => Act::Nothing,
        },
        1 => Act::Fold,
        2 => Act::Check,
        3 => Act::Call,
        4 => Act::Bet,
        5 => Act::Raise,
        6 => Act::AllIn,
        n => Act::Code(u32::from(n)),
    }
}

/// A relative bet (what the action adds), which PokerTH sends 0 for an
/// action without one.
fn adds(bet: u32) -> Amount {
    if bet > 0 {
        Amount::Adds(u64::from(bet))
    } else {
        Amount::Unsaid
    }
}

/// The 2007 dialect's cash value: set for a bet or a raise, and its
/// specification does not say whether it is what the action adds or the
/// bet it makes.
fn cash(value: u32) -> Amount {
    if value > 0 {
        Amount::Open(u64::from(value))
    } else {
        Amount::Unsaid
    }
}

fn blinds(g: &GameInfoBlock) -> String {
    format!(
        "small blind {}, start money {}",
        g.first_small_blind, g.start_money
    )
}

impl Message {
    /// Learns the names the message tells: Player Info, the 2007 Player
    /// Joined, and the client's own from Init (or the 2007 Join Game) and
    /// the id its Ack gives.
    pub fn learn_names(&self, names: &mut Names) {
        match self {
            Message::PlayerInfo(m) => names.tell(m.player_id, &m.player_name),
            Message::PlayerJoined2007(m) => names.tell(u32::from(m.player_id), &m.name),
            Message::Init(m) => names.my_name(&m.player_name),
            Message::JoinGame2007(m) => names.my_name(&m.name),
            Message::InitAck(m) => names.my_id(m.your_player_id),
            Message::JoinGameAck2007(m) => names.my_id(u32::from(m.your_player_id)),
            _ => {}
        }
    }

    /// A one-line summary for people, players by id only.
    pub fn summary(&self) -> String {
        self.summary_with(&crate::protocols::names::NONE)
    }

    /// A one-line summary for people, players named as `names` knows them.
    pub fn summary_with(&self, names: &Names) -> String {
        use Message as M;
        let who = |id: u32| names.who(id);
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
                "init ack: you are {}, session {}, server release {}",
                who(m.your_player_id),
                m.your_session_id,
                m.latest_game_version
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
            M::GameListPlayerJoined(m) => {
                format!("game list: {} joined game {}", who(m.player_id), m.game_id)
            }
            M::GameListPlayerLeft(m) => {
                format!("game list: {} left game {}", who(m.player_id), m.game_id)
            }
            M::GameListAdminChanged(m) => format!(
                "game list: game {} admin is now {}",
                m.game_id,
                who(m.new_admin_player_id)
            ),
            M::RetrievePlayerInfo(m) => format!("retrieve player info of {}", who(m.player_id)),
            M::PlayerInfo(m) => {
                let mut s = words::is_named(
                    m.player_id,
                    Some(&m.player_name),
                    Some(m.player_flags.human()),
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
                "{} joined{}",
                who(m.player_id),
                if m.player_rights.admin() {
                    " (admin)"
                } else {
                    ""
                }
            ),
            M::PlayerLeft(m) => format!("{} left: {}", who(m.player_id), m.leave_reason),
            M::GameAdminChanged(m) => {
                format!("game admin is now {}", who(m.new_admin_player_id))
            }
            M::KickPlayer(m) => format!("kick {}", who(m.player_id)),
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
                "game starts: button {}, players {}",
                who(m.start_dealer_player_id),
                words::players(names, m.player_id_slots.iter().copied())
            ),
            M::HandStart(m) => words::hand_starts(
                None,
                &[
                    format!("small blind {}", m.small_blind),
                    format!(
                        "your cards {}",
                        words::cards([m.your_1st_card, m.your_2nd_card])
                    ),
                ],
            ),
            M::PlayersTurn(m) => words::to_act(who(m.player_id), Some(&m.game_state.street())),
            // The client's own action, what it adds.
            M::PlayersAction(m) => words::request(
                names.client(),
                act(m.game_state.0, m.player_action.0),
                adds(m.player_bet),
                Some(&m.game_state.street()),
            ),
            // Total Player Bet is the player's bet in the round after the
            // action.
            M::PlayersActionDone(m) => Action {
                who: who(m.player_id),
                act: act(m.game_state.0, m.player_action.0),
                amount: Amount::To(u64::from(m.total_player_bet)),
                stack: Some(u64::from(m.player_money)),
                street: Some(&m.game_state.street()),
            }
            .to_string(),
            M::PlayersActionRejected(m) => words::rejected(
                names.client(),
                act(m.game_state.0, m.player_action.0),
                adds(m.player_bet),
                Some(&m.game_state.street()),
                &m.rejection_reason.to_string(),
            ),
            M::DealFlopCards(m) => words::dealt(
                "flop",
                words::cards([m.flop_1st_card, m.flop_2nd_card, m.flop_3rd_card]),
            ),
            M::DealTurnCard(m) => words::dealt("turn", words::cards([m.turn_card])),
            M::DealRiverCard(m) => words::dealt("river", words::cards([m.river_card])),
            M::AllInShowCards(m) => words::all_in_shown((m.player_cards_records.iter()).map(|r| {
                (
                    who(r.player_id),
                    words::cards([r.first_card, r.second_card]),
                )
            })),
            M::EndOfHandShowCards(m) => {
                let shown: Vec<Shown> = (m.player_result_records.iter())
                    .map(|r| Shown {
                        who: who(r.player_id),
                        cards: words::cards([r.first_card, r.second_card]),
                        won: u64::from(r.money_won),
                        stack: Some(u64::from(r.player_money)),
                    })
                    .collect();
                words::showdown(&shown)
            }
            M::EndOfHandHideCards(m) => words::wins_without_showdown(
                who(m.player_id),
                u64::from(m.money_won),
                Some(u64::from(m.player_money)),
            ),
            M::EndOfGame(m) => words::game_over(who(m.winner_player_id)),
            M::AskKickPlayer(m) => format!("ask to kick {}", who(m.player_id)),
            M::AskKickPlayerDenied(m) => {
                format!("kicking {} denied: {}", who(m.player_id), m.deny_reason)
            }
            M::StartKickPlayerPetition(m) => format!(
                "petition {}: {} asks to kick {}, {} votes needed within {} s",
                m.petition_id,
                who(m.proposing_player_id),
                who(m.kick_player_id),
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
            M::ChatText(m) => format!("chat from {}: {}", who(m.player_id), m.text),
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
                "joined: you are {} at seat {} of {}, small blind {}, start cash {}",
                who(u32::from(m.your_player_id)),
                m.your_player_number,
                m.number_of_players,
                m.small_blind,
                m.start_cash
            ),
            M::PlayerJoined2007(m) => format!(
                "{} joined at seat {} ({})",
                names::named(u32::from(m.player_id), &m.name),
                m.player_number,
                if m.player_flags.human() {
                    "human"
                } else {
                    "computer"
                }
            ),
            M::PlayerLeft2007(m) => format!("{} left", who(u32::from(m.player_id))),
            // The 2007 dialect's Game Start deals each hand.
            M::GameStart2007(m) => words::hand_starts(
                None,
                &[format!(
                    "your cards {}",
                    words::cards([m.your_1st_card, m.your_2nd_card])
                )],
            ),
            M::PlayersTurn2007(m) => {
                words::to_act(who(u32::from(m.player_id)), Some(&m.game_state.to_string()))
            }
            M::PlayersAction2007(m) => words::request(
                names.client(),
                act(0, m.player_action.0),
                cash(m.cash_value),
                Some(&m.game_state.to_string()),
            ),
            M::PlayersActionRejected2007(m) => words::rejected(
                names.client(),
                act(0, m.player_action.0),
                cash(m.cash_value),
                Some(&m.game_state.to_string()),
                &m.rejection_reason.to_string(),
            ),
            M::Error2007(m) => format!("error: {}", m.error_reason),
        }
    }
}
