//! `pokerth` messages around the game: kick petitions (113..120),
//! statistics (128), removal and timeouts (256..258), chat (512..514) and
//! errors (1024).

use super::values::*;

records! {
    /// A Statistics entry (8 bytes).
    Statistic {
        statistics_type: StatisticsType = Enum,
        statistics_value: u32 = U32,
    }
}

messages! {
    /// Ask Kick Player (113).
    113 AskKickPlayer: Fixed(8) {
        player_id: u32 = U32,
    }
    /// Ask Kick Player Denied (114).
    114 AskKickPlayerDenied: Fixed(12) {
        /// Who cannot be kicked.
        player_id: u32 = U32,
        deny_reason: AskKickDenyReason = Enum,
        _ = Reserved16,
    }
    /// Start Kick Player Petition (115): 20 bytes (the spec's 16 is an
    /// erratum: its own diagram and the code say 20).
    115 StartKickPlayerPetition: Fixed(20) {
        petition_id: u32 = U32,
        proposing_player_id: u32 = U32,
        kick_player_id: u32 = U32,
        /// In seconds.
        kick_timeout: u16 = U16,
        votes_needed_to_kick: u16 = U16,
    }
    /// Vote Kick Player (116).
    116 VoteKickPlayer: Fixed(12) {
        petition_id: u32 = U32,
        vote: Vote = Enum,
        _ = Reserved16,
    }
    /// Vote Kick Player Ack (117).
    117 VoteKickPlayerAck: Fixed(8) {
        petition_id: u32 = U32,
    }
    /// Vote Kick Player Denied (118).
    118 VoteKickPlayerDenied: Fixed(12) {
        petition_id: u32 = U32,
        deny_reason: VoteKickDenyReason = Enum,
        _ = Reserved16,
    }
    /// Kick Player Petition Update (119).
    119 KickPlayerPetitionUpdate: Fixed(16) {
        petition_id: u32 = U32,
        votes_against_kicking: u16 = U16,
        votes_in_favour_of_kicking: u16 = U16,
        votes_needed_to_kick: u16 = U16,
        _ = Reserved16,
    }
    /// End Kick Player Petition (120).
    120 EndKickPlayerPetition: Fixed(16) {
        petition_id: u32 = U32,
        votes_against_kicking: u16 = U16,
        votes_in_favour_of_kicking: u16 = U16,
        vote_result: VoteResult = Enum,
        end_reason: PetitionEndReason = Enum,
    }
    /// Statistics Changed (128).
    128 StatisticsChanged: Exact(8) {
        /// The entries that follow.
        number_of_statistics: u16 = U16,
        _ = Reserved16,
        check some_statistics(number_of_statistics),
        statistics: Vec<Statistic> = Records(number_of_statistics, "statistics entries"),
    }
    /// Removed From Game (256).
    256 RemovedFromGame: Fixed(8) {
        remove_reason: RemoveReason = Enum,
        _ = Reserved16,
    }
    /// Timeout Warning (257).
    257 TimeoutWarning: Fixed(12) {
        timeout_reason: TimeoutReason = Enum,
        remaining_seconds: u16 = U16,
        _ = Reserved32,
    }
    /// Reset Timeout (258).
    258 ResetTimeout: Fixed(8) {
        _ = Reserved32,
    }
    /// Send Chat Text (512).
    512 SendChatText: Exact(8) {
        text_length: u16 = U16,
        _ = Reserved16,
        text: String = Str(text_length, CHAT_LIMIT),
    }
    /// Chat Text (513).
    513 ChatText: Exact(12) {
        /// The sender.
        player_id: u32 = U32,
        text_length: u16 = U16,
        _ = Reserved16,
        text: String = Str(text_length, CHAT_LIMIT),
    }
    /// Message Box Text (514).
    514 MessageBoxText: Exact(8) {
        text_length: u16 = U16,
        _ = Reserved16,
        text: String = Str(text_length, NO_LIMIT),
    }
    /// Error (1024).
    1024 Error: Fixed(8) {
        error_reason: ErrorReason = Enum,
        _ = Reserved16,
    }
}
