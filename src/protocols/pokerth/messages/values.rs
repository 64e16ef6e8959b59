//! The values inside PokerTH messages: cards, release versions, flags and
//! enumerations.
//!
//! Flags serialise as objects of named booleans (with `other_bits` when an
//! undocumented bit is set); enumerations are [`wire_enum!`] types, shown
//! as their lower_snake_case names (an undocumented value as its number,
//! in a string: `"9"`).
//! The names follow the specifications' texts; two come from the code only
//! (PROTOCOL-NOTES.md): Removed From Game reason 5 `start_failed` and Vote
//! Kick Player Denied reason 2 `impossible`. [`Coded`] and [`FlagWord`] are
//! how the message tables' `Enum` and `Flags` wire types build them; the
//! limits of the 0.7 code, above which a value is noted, close the file.

use crate::protocols::cards::{Card, Suit};
use crate::wire_enum;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::fmt;

/// A PokerTH card on the wire: 0..51 = suit * 13 + rank, rank 0 = deuce ..
/// 12 = ace, suits in the order diamonds, hearts, spades, clubs (11 = Kd,
/// 31 = 7s, 51 = Ac). Serialises as `"Kd"`, or as its number in a string (`"60"`) when
/// out of range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PtCard(pub u16);

impl PtCard {
    /// The card, when the value is 0..=51.
    pub fn card(self) -> Option<Card> {
        const SUITS: [Suit; 4] = [Suit::Diamonds, Suit::Hearts, Suit::Spades, Suit::Clubs];
        if self.0 > 51 {
            return None;
        }
        Card::new((self.0 % 13) as u8, SUITS[usize::from(self.0 / 13)])
    }
}

impl fmt::Display for PtCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.card() {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.0),
        }
    }
}

impl Serialize for PtCard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.card() {
            Some(c) => c.serialize(s),
            None => s.collect_str(&self.0),
        }
    }
}

/// A PokerTH release number `major << 8 | minor` as the release is named:
/// the minor number's tens are the minor release, its units the patch level
/// (0x0046 → "0.7", 0x0047 → "0.7.1"). A minor number of 100 or more is
/// shown as it is.
pub fn release_version(raw: u16) -> String {
    let (major, minor) = (raw >> 8, raw & 0xff);
    match minor {
        0..=99 if minor % 10 == 0 => format!("{major}.{}", minor / 10),
        0..=99 => format!("{major}.{}.{}", minor / 10, minor % 10),
        _ => format!("{major}.{minor}"),
    }
}

/// A u16 flags word as the message tables read it.
pub trait FlagWord: Copy {
    /// The word of these bits.
    fn from_bits(bits: u16) -> Self;
    /// Bits set that the specification does not document.
    fn unknown_bits(self) -> u16;
    /// The keys of its object, as it serialises.
    fn keys(self) -> Vec<&'static str>;
}

/// An enumeration as the message tables read it: a wire number, its
/// documented values named.
pub trait Coded: Copy {
    /// The wire integer (u16, or u32 for Statistics Type).
    type Raw: Copy + Into<u32>;
    /// The value of wire number `raw`.
    fn from_raw(raw: Self::Raw) -> Self;
    /// True when the value is a documented one.
    fn known(self) -> bool;
}

/// Declares a [`wire_enum!`] type and makes it [`Coded`].
macro_rules! coded {
    ($(#[$meta:meta])* pub $name:ident($int:ty) { $($body:tt)* }) => {
        wire_enum! { $(#[$meta])* pub $name($int) { $($body)* } }

        impl Coded for $name {
            type Raw = $int;
            fn from_raw(raw: $int) -> Self {
                $name(raw)
            }
            fn known(self) -> bool {
                self.is_known()
            }
        }
    };
}

/// Declares a flags word that serialises as an object of named booleans
/// (plus `other_bits` when undocumented bits are set).
macro_rules! wire_flags {
    ($(#[$meta:meta])* $name:ident($int:ty) $(also $also:literal)? { $($bit:literal => $field:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
        pub struct $name(pub $int);

        impl $name {
            /// The bits the specification documents.
            pub const KNOWN: $int = 0 $(| $bit)* $(| $also)?;

            /// Bits set that the specification does not document.
            pub fn unknown_bits(self) -> $int {
                self.0 & !Self::KNOWN
            }

            $(
                #[doc = concat!("Bit ", stringify!($bit), ".")]
                pub fn $field(self) -> bool {
                    self.0 & $bit != 0
                }
            )*

            /// The keys of its object (each bit's, then `other_bits` when
            /// undocumented bits are set), as it serialises.
            pub fn keys(self) -> Vec<&'static str> {
                let mut keys = vec![$(stringify!($field)),*];
                if self.unknown_bits() != 0 {
                    keys.push("other_bits");
                }
                keys
            }
        }

        impl FlagWord for $name {
            fn from_bits(bits: u16) -> Self {
                $name(bits)
            }
            fn unknown_bits(self) -> u16 {
                $name::unknown_bits(self)
            }
            fn keys(self) -> Vec<&'static str> {
                $name::keys(self)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(None)?;
                $(m.serialize_entry(stringify!($field), &(self.0 & $bit != 0))?;)*
                if self.unknown_bits() != 0 {
                    m.serialize_entry("other_bits", &self.unknown_bits())?;
                }
                m.end()
            }
        }
    };
}

wire_flags! {
    /// Init's privacy flags.
    PrivacyFlags(u16) { 0x01 => show_avatar }
}
wire_flags! {
    /// Game List New's privacy flags.
    GamePrivacyFlags(u16) { 0x01 => password_protected }
}
wire_flags! {
    /// Player Info's flags; bits 0x0c are the avatar type ([`AvatarType`]).
    PlayerFlags(u16) also 0x0c { 0x01 => human, 0x02 => has_avatar }
}
wire_flags! {
    /// Join Game Ack's and Player Joined's player rights.
    PlayerRights(u16) { 0x01 => admin }
}
wire_flags! {
    /// Start Event's flags.
    StartFlags(u16) { 0x01 => fill_with_computer_players }
}
wire_flags! {
    /// `pokerth-2007` player flags.
    PlayerFlags2007(u16) { 0x01 => human }
}

impl PlayerFlags {
    /// The avatar type in bits 0x0c: `(flags & 0x0c) >> 2`.
    pub fn avatar_type(self) -> AvatarType {
        AvatarType((self.0 & 0x0c) >> 2)
    }
}

// ---------------------------------------------------------------------------
// Enumerations.

coded! {
    /// Avatar Header's file type.
    pub AvatarFileType(u16) { 1 => "png", 2 => "jpg", 3 => "gif" }
}
coded! {
    /// The avatar type in Player Info's flags.
    pub AvatarType(u16) { 0 => "none", 1 => "png", 2 => "jpg", 3 => "gif" }
}
coded! {
    /// Game Info Block: when blinds are raised.
    pub RaiseIntervalMode(u16) { 1 => "on_hand_number", 2 => "on_minutes" }
}
coded! {
    /// Game Info Block: how blinds are raised.
    pub RaiseMode(u16) { 1 => "double_blinds", 2 => "manual_blinds_order" }
}
coded! {
    /// Game Info Block: what happens after the last manual blind.
    pub EndRaiseMode(u16) { 1 => "double_blinds", 2 => "raise_by_end_value", 3 => "keep_last_blind" }
}
coded! {
    /// Game List New / Update: the game's mode.
    pub GameMode(u16) { 1 => "created", 2 => "started", 3 => "closed" }
}
coded! {
    /// Join Game Failed's reason.
    pub JoinGameFailureReason(u16) {
        1 => "game_full", 2 => "game_already_running", 3 => "invalid_password", 0xFFFF => "other_reason",
    }
}
coded! {
    /// Player Left's reason.
    pub LeaveReason(u16) { 0 => "on_request", 1 => "kicked", 2 => "error", 0xFFFF => "other_reason" }
}
coded! {
    /// The betting round (with the blinds' pseudo-states of Players Action Done).
    pub GameState(u16) {
        0 => "preflop", 1 => "flop", 2 => "turn", 3 => "river",
        0xF0 => "preflop_small_blind", 0xF1 => "preflop_big_blind",
    }
}
coded! {
    /// A player's action.
    pub PlayerAction(u16) {
        0 => "none", 1 => "fold", 2 => "check", 3 => "call", 4 => "bet", 5 => "raise", 6 => "all_in",
    }
}
coded! {
    /// Players Action Rejected's reason.
    pub RejectionReason(u16) { 1 => "invalid_game_state", 2 => "not_your_turn", 3 => "action_not_allowed" }
}
coded! {
    /// Ask Kick Player Denied's reason.
    pub AskKickDenyReason(u16) {
        0 => "invalid_state", 1 => "not_enough_players", 2 => "not_allowed_now",
        3 => "already_in_progress", 4 => "invalid_player_id", 0xFFFF => "other_reason",
    }
}
coded! {
    /// A vote on a kick petition.
    pub Vote(u16) { 0 => "against", 1 => "in_favour" }
}
coded! {
    /// Vote Kick Player Denied's reason (2 "impossible" is in the code only).
    pub VoteKickDenyReason(u16) {
        0 => "invalid_petition_id", 1 => "already_voted", 2 => "impossible", 0xFFFF => "other_reason",
    }
}
coded! {
    /// End Kick Player Petition's result.
    pub VoteResult(u16) { 0 => "not_kicked", 1 => "kicked" }
}
coded! {
    /// End Kick Player Petition's reason.
    pub PetitionEndReason(u16) {
        0 => "enough_votes", 1 => "not_enough_players", 2 => "player_left", 3 => "timed_out",
    }
}
coded! {
    /// Statistics Changed's entry type.
    pub StatisticsType(u32) { 1 => "players_on_server", 2 => "total_players_ever", 3 => "total_games_ever" }
}
coded! {
    /// Removed From Game's reason (5 "start failed" is in the code only).
    pub RemoveReason(u16) {
        0 => "on_request", 1 => "game_full", 2 => "game_already_running", 3 => "kicked",
        4 => "timeout", 5 => "start_failed", 0xFFFF => "other_reason",
    }
}
coded! {
    /// Timeout Warning's reason.
    pub TimeoutReason(u16) { 0 => "no_data_received", 1 => "inactive_game", 0xFFFF => "other_reason" }
}
coded! {
    /// Error's reason.
    pub ErrorReason(u16) {
        0 => "reserved",
        1 => "init_version_not_supported",
        2 => "init_server_full",
        3 => "init_unused",
        4 => "init_invalid_password",
        5 => "init_player_name_in_use",
        6 => "init_invalid_player_name",
        7 => "init_server_maintenance",
        0x10 => "avatar_too_large",
        0x11 => "avatar_wrong_size",
        0x12 => "avatar_upload_blocked",
        0x20 => "join_game_unknown_game",
        0xFF01 => "invalid_packet",
        0xFF02 => "invalid_state",
        0xFF03 => "kicked_from_server",
        0xFF04 => "banned_from_server",
        0xFF05 => "session_timeout",
        0xFFFF => "other_reason",
    }
}
coded! {
    /// `pokerth-2007` betting rounds.
    pub GameState2007(u16) { 0 => "preflop", 1 => "flop", 2 => "turn", 3 => "river" }
}
coded! {
    /// `pokerth-2007` player actions.
    pub PlayerAction2007(u16) { 1 => "fold", 2 => "check", 3 => "call", 4 => "bet", 5 => "raise", 6 => "all_in" }
}
coded! {
    /// `pokerth-2007` Player's Action Rejected reasons.
    pub RejectionReason2007(u16) {
        1 => "fold_makes_no_sense",
        2 => "check_not_allowed",
        3 => "call_not_allowed",
        4 => "bet_not_allowed",
        5 => "raise_not_allowed",
        6 => "all_in_not_allowed",
        7 => "invalid_game_state",
        8 => "invalid_cash_value",
        9 => "cash_value_too_small",
        0x10 => "cash_value_too_large",
        0xFFFF => "other_reason",
    }
}
coded! {
    /// `pokerth-2007` Error reasons.
    pub ErrorReason2007(u16) {
        1 => "join_game_version_not_supported",
        2 => "join_game_server_full",
        3 => "join_game_game_already_running",
        4 => "join_game_invalid_password",
        5 => "join_game_player_name_in_use",
        6 => "join_game_invalid_player_name",
        0xFF01 => "invalid_packet",
        0xFF02 => "invalid_state",
        0xFFFF => "other_reason",
    }
}

impl GameState {
    /// The street for people: blinds' pseudo-states are preflop.
    pub fn street(self) -> String {
        match self.0 {
            0xF0 | 0xF1 => "preflop".into(),
            _ => self.to_string(),
        }
    }
}

// ---------------------------------------------------------------------------
// Limits of the 0.7 code: a value above one is noted, not refused.

/// Names and passwords: at most 64 bytes.
pub const NAME_LIMIT: usize = 64;
/// Chat text: at most 128 bytes.
pub const CHAT_LIMIT: usize = 128;
/// Message box text: no limit.
pub const NO_LIMIT: usize = usize::MAX;
/// An avatar block: at most 256 bytes.
pub const AVATAR_BLOCK_LIMIT: u32 = 256;
/// Manual blinds: at most 30.
pub const BLINDS_LIMIT: u32 = 30;
/// Players: at most 10.
pub const PLAYERS_LIMIT: u32 = 10;
