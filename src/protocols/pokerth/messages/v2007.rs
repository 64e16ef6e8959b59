//! `pokerth-2007` messages (seed 002): the 2007-05 development snapshot,
//! one game per server, players numbered by seat. Their structs end in
//! `2007`; their records' `type` is the name without it.

use super::values::*;
use super::Dialect;

messages! {
    /// Join Game (1): the client's login and join (major version 1). The
    /// 2007 code appends 2 zero bytes, accepted silently.
    1 JoinGame2007 as "JoinGame": Min(16) {
        /// 1.
        requested_version_major: u16 = U16,
        requested_version_minor: u16 = U16,
        check version(Dialect::PokerTh2007, 1..=1, requested_version_major, requested_version_minor),
        /// `major.minor`, e.g. "1.0", for people.
        requested_version: String =>
            format!("{requested_version_major}.{requested_version_minor}"),
        password_length: u16 = U16,
        /// 0x01: human.
        player_flags: PlayerFlags2007 = Flags,
        name_length: u16 = U16,
        _ = Reserved16,
        password: String = Str(password_length, NAME_LIMIT),
        name: String = Str(name_length, NAME_LIMIT),
    }
    /// Join Game Ack (2): 24 bytes (the spec's 12 is an erratum: its
    /// diagram and the code say 24).
    2 JoinGameAck2007 as "JoinGameAck": Fixed(24) {
        your_session_id: u32 = U32,
        your_player_id: u16 = U16,
        /// Your seat, 0 .. number of players - 1.
        your_player_number: u16 = U16,
        number_of_players: u16 = U16,
        small_blind: u16 = U16,
        hands_before_raise: u16 = U16,
        /// 1..11.
        proposed_gui_speed: u16 = U16,
        start_cash: u32 = U32,
        check number_of_players <= PLAYERS_LIMIT,
        check seat(your_player_number, number_of_players),
        check gui_speed(proposed_gui_speed),
    }
    /// Player Joined (3). The 2007 code appends 2 zero bytes, accepted
    /// silently.
    3 PlayerJoined2007 as "PlayerJoined": Min(12) {
        player_id: u16 = U16,
        /// The seat.
        player_number: u16 = U16,
        /// 0x01: human.
        player_flags: PlayerFlags2007 = Flags,
        name_length: u16 = U16,
        name: String = Str(name_length, NAME_LIMIT),
    }
    /// Player Left (4).
    4 PlayerLeft2007 as "PlayerLeft": Fixed(8) {
        player_id: u16 = U16,
        _ = Reserved16,
    }
    /// Game Start (5): your hole cards.
    5 GameStart2007 as "GameStart": Fixed(8) {
        your_1st_card: PtCard = Card,
        your_2nd_card: PtCard = Card,
    }
    /// Player's Turn (6).
    6 PlayersTurn2007 as "PlayersTurn": Fixed(8) {
        game_state: GameState2007 = Enum,
        /// The player to act.
        player_id: u16 = U16,
    }
    /// Player's Action (7).
    7 PlayersAction2007 as "PlayersAction": Fixed(12) {
        /// Confirmed for consistency.
        game_state: GameState2007 = Enum,
        player_action: PlayerAction2007 = Enum,
        /// 0 for fold, check, call and all in; > 0 for bet, raise.
        cash_value: u32 = U32,
    }
    /// Player's Action Rejected (8).
    8 PlayersActionRejected2007 as "PlayersActionRejected": Fixed(16) {
        game_state: GameState2007 = Enum,
        player_action: PlayerAction2007 = Enum,
        cash_value: u32 = U32,
        rejection_reason: RejectionReason2007 = Enum,
        _ = Reserved16,
    }
    /// Error (1024).
    1024 Error2007 as "Error": Fixed(8) {
        error_reason: ErrorReason2007 = Enum,
        _ = Reserved16,
    }
}
