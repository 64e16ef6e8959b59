//! Parsers of the `pokerth` messages around the game: kick petitions,
//! statistics, removal, timeouts, chat and errors (113 .. 1024).

use super::*;

pub(super) fn ask_kick_player_denied<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, deny_reason) = en!(i, n, AskKickDenyReason, "deny_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::AskKickPlayerDenied(AskKickPlayerDenied {
            player_id,
            deny_reason,
        }),
    ))
}

pub(super) fn start_kick_player_petition<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, petition_id) = u32f(i, "petition_id", n)?;
    let (i, proposing_player_id) = u32f(i, "proposing_player_id", n)?;
    let (i, kick_player_id) = u32f(i, "kick_player_id", n)?;
    let (i, kick_timeout) = u16f(i, "kick_timeout", n)?;
    let (i, votes_needed_to_kick) = u16f(i, "votes_needed_to_kick", n)?;
    Ok((
        i,
        Message::StartKickPlayerPetition(StartKickPlayerPetition {
            petition_id,
            proposing_player_id,
            kick_player_id,
            kick_timeout,
            votes_needed_to_kick,
        }),
    ))
}

pub(super) fn vote_kick_player<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, petition_id) = u32f(i, "petition_id", n)?;
    let (i, vote) = en!(i, n, Vote, "vote");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::VoteKickPlayer(VoteKickPlayer { petition_id, vote }),
    ))
}

pub(super) fn vote_kick_player_ack<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, petition_id) = u32f(i, "petition_id", n)?;
    Ok((i, Message::VoteKickPlayerAck(PetitionId { petition_id })))
}

pub(super) fn vote_kick_player_denied<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, petition_id) = u32f(i, "petition_id", n)?;
    let (i, deny_reason) = en!(i, n, VoteKickDenyReason, "deny_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::VoteKickPlayerDenied(VoteKickPlayerDenied {
            petition_id,
            deny_reason,
        }),
    ))
}

pub(super) fn kick_player_petition_update<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, petition_id) = u32f(i, "petition_id", n)?;
    let (i, votes_against_kicking) = u16f(i, "votes_against_kicking", n)?;
    let (i, votes_in_favour_of_kicking) = u16f(i, "votes_in_favour_of_kicking", n)?;
    let (i, votes_needed_to_kick) = u16f(i, "votes_needed_to_kick", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::KickPlayerPetitionUpdate(KickPlayerPetitionUpdate {
            petition_id,
            votes_against_kicking,
            votes_in_favour_of_kicking,
            votes_needed_to_kick,
        }),
    ))
}

pub(super) fn end_kick_player_petition<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, petition_id) = u32f(i, "petition_id", n)?;
    let (i, votes_against_kicking) = u16f(i, "votes_against_kicking", n)?;
    let (i, votes_in_favour_of_kicking) = u16f(i, "votes_in_favour_of_kicking", n)?;
    let (i, vote_result) = en!(i, n, VoteResult, "vote_result");
    let (i, end_reason) = en!(i, n, PetitionEndReason, "end_reason");
    Ok((
        i,
        Message::EndKickPlayerPetition(EndKickPlayerPetition {
            petition_id,
            votes_against_kicking,
            votes_in_favour_of_kicking,
            vote_result,
            end_reason,
        }),
    ))
}

pub(super) fn statistics_changed<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (mut i, count) = u16f(i, "number_of_statistics", n)?;
    (i, ()) = reserved16(i, n)?;
    if count == 0 {
        n.push(Note::PokerThNoStatistics);
    }
    records_fit(i, count, 8, "statistics entries")?;
    let (i, statistics) = records(i, n, "statistics", count, statistic)?;
    Ok((
        i,
        Message::StatisticsChanged(StatisticsChanged {
            number_of_statistics: count,
            statistics,
        }),
    ))
}

/// One Statistics entry (8 bytes).
fn statistic<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Statistic> {
    let (i, statistics_type) = en!(i, n, StatisticsType, "statistics_type", u32);
    let (i, statistics_value) = u32f(i, "statistics_value", n)?;
    Ok((
        i,
        Statistic {
            statistics_type,
            statistics_value,
        },
    ))
}

pub(super) fn removed_from_game<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, remove_reason) = en!(i, n, RemoveReason, "remove_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::RemovedFromGame(RemovedFromGame { remove_reason }),
    ))
}

pub(super) fn timeout_warning<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, timeout_reason) = en!(i, n, TimeoutReason, "timeout_reason");
    let (i, remaining_seconds) = u16f(i, "remaining_seconds", n)?;
    let (i, ()) = reserved32(i, n)?;
    Ok((
        i,
        Message::TimeoutWarning(TimeoutWarning {
            timeout_reason,
            remaining_seconds,
        }),
    ))
}

pub(super) fn text_body<'a>(i: &'a [u8], n: &mut Cx, limit: usize) -> Res<'a, Text> {
    let (i, text_length) = u16f(i, "text_length", n)?;
    let (i, ()) = reserved16(i, n)?;
    let (i, text) = string(i, text_length, "text", limit, n)?;
    Ok((i, Text { text_length, text }))
}

pub(super) fn chat_text<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, t) = text_body(i, n, CHAT_LIMIT)?;
    Ok((
        i,
        Message::ChatText(ChatText {
            player_id,
            text_length: t.text_length,
            text: t.text,
        }),
    ))
}

pub(super) fn error<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, error_reason) = en!(i, n, ErrorReason, "error_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::Error(ErrorMessage { error_reason })))
}
