//! `pokerth` messages around the game: kick petitions (113..120),
//! statistics (128), removal and timeouts (256..258), chat (512..514) and
//! errors (1024).

use super::values::*;
use serde::Serialize;

/// Ask Kick Player Denied (114).
#[derive(Debug, Clone, Serialize)]
pub struct AskKickPlayerDenied {
    /// Player ID (who cannot be kicked).
    pub player_id: u32,
    /// Deny Reason.
    pub deny_reason: AskKickDenyReason,
}

/// Start Kick Player Petition (115): 20 bytes (the spec's 16 is an
/// erratum).
#[derive(Debug, Clone, Serialize)]
pub struct StartKickPlayerPetition {
    /// Petition ID.
    pub petition_id: u32,
    /// Proposing Player ID.
    pub proposing_player_id: u32,
    /// Kick Player ID.
    pub kick_player_id: u32,
    /// Kick Timeout in seconds.
    pub kick_timeout: u16,
    /// # Votes Needed to kick.
    pub votes_needed_to_kick: u16,
}

/// Vote Kick Player (116).
#[derive(Debug, Clone, Serialize)]
pub struct VoteKickPlayer {
    /// Petition ID.
    pub petition_id: u32,
    /// Vote.
    pub vote: Vote,
}

/// Vote Kick Player Ack (117).
#[derive(Debug, Clone, Serialize)]
pub struct PetitionId {
    /// Petition ID.
    pub petition_id: u32,
}

/// Vote Kick Player Denied (118).
#[derive(Debug, Clone, Serialize)]
pub struct VoteKickPlayerDenied {
    /// Petition ID.
    pub petition_id: u32,
    /// Deny Reason.
    pub deny_reason: VoteKickDenyReason,
}

/// Kick Player Petition Update (119).
#[derive(Debug, Clone, Serialize)]
pub struct KickPlayerPetitionUpdate {
    /// Petition ID.
    pub petition_id: u32,
    /// # Votes against Kicking.
    pub votes_against_kicking: u16,
    /// # Votes in favour of Kicking.
    pub votes_in_favour_of_kicking: u16,
    /// # Votes Needed to kick.
    pub votes_needed_to_kick: u16,
}

/// End Kick Player Petition (120).
#[derive(Debug, Clone, Serialize)]
pub struct EndKickPlayerPetition {
    /// Petition ID.
    pub petition_id: u32,
    /// # Votes against Kicking.
    pub votes_against_kicking: u16,
    /// # Votes in favour of Kicking.
    pub votes_in_favour_of_kicking: u16,
    /// Vote Result.
    pub vote_result: VoteResult,
    /// End Reason.
    pub end_reason: PetitionEndReason,
}

/// A Statistics entry (8 bytes).
#[derive(Debug, Clone, Serialize)]
pub struct Statistic {
    /// Statistics Type.
    pub statistics_type: StatisticsType,
    /// Statistics Value.
    pub statistics_value: u32,
}

/// Statistics Changed (128).
#[derive(Debug, Clone, Serialize)]
pub struct StatisticsChanged {
    /// Number of Statistics (the entries that follow).
    pub number_of_statistics: u16,
    /// The entries.
    pub statistics: Vec<Statistic>,
}

/// Removed From Game (256).
#[derive(Debug, Clone, Serialize)]
pub struct RemovedFromGame {
    /// Remove Reason.
    pub remove_reason: RemoveReason,
}

/// Timeout Warning (257).
#[derive(Debug, Clone, Serialize)]
pub struct TimeoutWarning {
    /// Timeout Reason.
    pub timeout_reason: TimeoutReason,
    /// Remaining Seconds.
    pub remaining_seconds: u16,
}

/// Send Chat Text (512) and Message Box Text (514).
#[derive(Debug, Clone, Serialize)]
pub struct Text {
    /// Byte count of the text.
    pub text_length: u16,
    /// Text.
    pub text: String,
}

/// Chat Text (513).
#[derive(Debug, Clone, Serialize)]
pub struct ChatText {
    /// Player ID of the sender.
    pub player_id: u32,
    /// Byte count of the text.
    pub text_length: u16,
    /// Text.
    pub text: String,
}

/// Error (1024).
#[derive(Debug, Clone, Serialize)]
pub struct ErrorMessage {
    /// Error Reason.
    pub error_reason: ErrorReason,
}
