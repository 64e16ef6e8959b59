//! `pokerth` messages of a running game: Game Start (80) .. End Of Game
//! (112): hands, turns, actions, dealt cards and results.

use super::values::*;
use serde::Serialize;

/// Game Start (80): the seats, in order.
#[derive(Debug, Clone, Serialize)]
pub struct GameStart {
    /// Start Dealer Player Id.
    pub start_dealer_player_id: u32,
    /// Number of Players (the slots that follow).
    pub number_of_players: u16,
    /// The players' ids by seat.
    pub player_id_slots: Vec<u32>,
}

/// Hand Start (81): your hole cards.
#[derive(Debug, Clone, Serialize)]
pub struct HandStart {
    /// Your 1st Card.
    pub your_1st_card: PtCard,
    /// Your 2nd Card.
    pub your_2nd_card: PtCard,
    /// Small Blind of this hand.
    pub small_blind: u32,
}

/// Player's Turn (82).
#[derive(Debug, Clone, Serialize)]
pub struct PlayersTurn {
    /// Player ID of the player to act.
    pub player_id: u32,
    /// Game State.
    pub game_state: GameState,
}

/// Player's Action (83): the client acts.
#[derive(Debug, Clone, Serialize)]
pub struct PlayersAction {
    /// Game State (confirmed for consistency).
    pub game_state: GameState,
    /// Player Action.
    pub player_action: PlayerAction,
    /// Player Bet (relative): what this action adds.
    pub player_bet: u32,
}

/// Player's Action Done (84): what a player did, and the table after it.
#[derive(Debug, Clone, Serialize)]
pub struct PlayersActionDone {
    /// Player ID.
    pub player_id: u32,
    /// Game State (0xF0 / 0xF1 for the posted blinds).
    pub game_state: GameState,
    /// Player Action.
    pub player_action: PlayerAction,
    /// Total Player Bet in this round.
    pub total_player_bet: u32,
    /// Player Money: the stack left.
    pub player_money: u32,
    /// Highest Set in this round.
    pub highest_set: u32,
    /// Minimum Raise.
    pub minimum_raise: u32,
}

/// Player's Action Rejected (85).
#[derive(Debug, Clone, Serialize)]
pub struct PlayersActionRejected {
    /// Game State of the rejected action.
    pub game_state: GameState,
    /// Player Action rejected.
    pub player_action: PlayerAction,
    /// Player Bet (relative) of the rejected action.
    pub player_bet: u32,
    /// Rejection Reason.
    pub rejection_reason: RejectionReason,
}

/// Deal Flop Cards (96).
#[derive(Debug, Clone, Serialize)]
pub struct DealFlopCards {
    /// Flop 1st Card.
    pub flop_1st_card: PtCard,
    /// Flop 2nd Card.
    pub flop_2nd_card: PtCard,
    /// Flop 3rd Card.
    pub flop_3rd_card: PtCard,
}

/// Deal Turn Card (97).
#[derive(Debug, Clone, Serialize)]
pub struct DealTurnCard {
    /// Turn Card.
    pub turn_card: PtCard,
}

/// Deal River Card (98).
#[derive(Debug, Clone, Serialize)]
pub struct DealRiverCard {
    /// River Card.
    pub river_card: PtCard,
}

/// A PlayerCards record (8 bytes), in All In Show Cards.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerCards {
    /// Player ID.
    pub player_id: u32,
    /// 1st Card.
    #[serde(rename = "1st_card")]
    pub first_card: PtCard,
    /// 2nd Card.
    #[serde(rename = "2nd_card")]
    pub second_card: PtCard,
}

/// All In Show Cards (99): the hole cards of the players all in.
#[derive(Debug, Clone, Serialize)]
pub struct AllInShowCards {
    /// Number Of PlayerCards Records.
    pub number_of_player_cards_records: u16,
    /// The records.
    pub player_cards_records: Vec<PlayerCards>,
}

/// A PlayerResult record (32 bytes), in End Of Hand Show Cards.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerResult {
    /// Player ID.
    pub player_id: u32,
    /// 1st Card.
    #[serde(rename = "1st_card")]
    pub first_card: PtCard,
    /// 2nd Card.
    #[serde(rename = "2nd_card")]
    pub second_card: PtCard,
    /// Best Hand Position 1: which of the seven cards (0..6) is in the
    /// best hand.
    pub best_hand_position_1: u16,
    /// Best Hand Position 2.
    pub best_hand_position_2: u16,
    /// Best Hand Position 3.
    pub best_hand_position_3: u16,
    /// Best Hand Position 4.
    pub best_hand_position_4: u16,
    /// Best Hand Position 5.
    pub best_hand_position_5: u16,
    /// Value Of Cards: the hand's rank value.
    pub value_of_cards: u32,
    /// Money Won.
    pub money_won: u32,
    /// Player Money after the hand.
    pub player_money: u32,
}

/// End Of Hand Show Cards (100): the showdown.
#[derive(Debug, Clone, Serialize)]
pub struct EndOfHandShowCards {
    /// Number Of PlayerResult Records.
    pub number_of_player_result_records: u16,
    /// The records.
    pub player_result_records: Vec<PlayerResult>,
}

/// End Of Hand Hide Cards (101): the hand ended without a showdown.
#[derive(Debug, Clone, Serialize)]
pub struct EndOfHandHideCards {
    /// Player ID of the winner.
    pub player_id: u32,
    /// Money Won.
    pub money_won: u32,
    /// Player Money after the hand.
    pub player_money: u32,
}

/// End Of Game (112).
#[derive(Debug, Clone, Serialize)]
pub struct EndOfGame {
    /// Winner Player Id.
    pub winner_player_id: u32,
}
