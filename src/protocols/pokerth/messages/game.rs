//! `pokerth` messages of a running game, Game Start (80) .. End Of Game
//! (112): hands, turns, actions, dealt cards and results; and the records
//! the show-cards messages list.

use super::values::*;

records! {
    /// A PlayerCards record (8 bytes), in All In Show Cards.
    PlayerCards {
        player_id: u32 = U32,
        first_card as "1st_card": PtCard = Card,
        second_card as "2nd_card": PtCard = Card,
    }
    /// A PlayerResult record (32 bytes), in End Of Hand Show Cards.
    PlayerResult {
        player_id: u32 = U32,
        first_card as "1st_card": PtCard = Card,
        second_card as "2nd_card": PtCard = Card,
        /// Which of the seven cards (0..6) is in the best hand.
        best_hand_position_1: u16 = U16,
        best_hand_position_2: u16 = U16,
        best_hand_position_3: u16 = U16,
        best_hand_position_4: u16 = U16,
        best_hand_position_5: u16 = U16,
        _ = Reserved16,
        /// The hand's rank value.
        value_of_cards: u32 = U32,
        money_won: u32 = U32,
        /// After the hand.
        player_money: u32 = U32,
    }
}

messages! {
    /// Game Start (80): the seats, in order.
    80 GameStart: Exact(12) {
        start_dealer_player_id: u32 = U32,
        /// The slots that follow.
        number_of_players: u16 = U16,
        check number_of_players <= PLAYERS_LIMIT,
        _ = Reserved16,
        /// The players' ids by seat.
        player_id_slots: Vec<u32> = U32s(number_of_players),
    }
    /// Hand Start (81): your hole cards.
    81 HandStart: Fixed(12) {
        your_1st_card: PtCard = Card,
        your_2nd_card: PtCard = Card,
        /// Of this hand.
        small_blind: u32 = U32,
    }
    /// Player's Turn (82).
    82 PlayersTurn: Fixed(12) {
        /// The player to act.
        player_id: u32 = U32,
        game_state: GameState = Enum,
        _ = Reserved16,
    }
    /// Player's Action (83): the client acts.
    83 PlayersAction: Fixed(12) {
        /// Confirmed for consistency.
        game_state: GameState = Enum,
        player_action: PlayerAction = Enum,
        /// Relative: what this action adds.
        player_bet: u32 = U32,
    }
    /// Player's Action Done (84): what a player did, and the table after
    /// it.
    84 PlayersActionDone: Fixed(28) {
        player_id: u32 = U32,
        /// 0xF0 / 0xF1 for the posted blinds.
        game_state: GameState = Enum,
        player_action: PlayerAction = Enum,
        /// In this round.
        total_player_bet: u32 = U32,
        /// The stack left.
        player_money: u32 = U32,
        /// In this round.
        highest_set: u32 = U32,
        minimum_raise: u32 = U32,
    }
    /// Player's Action Rejected (85).
    85 PlayersActionRejected: Fixed(16) {
        game_state: GameState = Enum,
        player_action: PlayerAction = Enum,
        /// Relative, of the rejected action.
        player_bet: u32 = U32,
        rejection_reason: RejectionReason = Enum,
        _ = Reserved16,
    }
    /// Deal Flop Cards (96).
    96 DealFlopCards: Fixed(12) {
        flop_1st_card: PtCard = Card,
        flop_2nd_card: PtCard = Card,
        flop_3rd_card: PtCard = Card,
        _ = Reserved16,
    }
    /// Deal Turn Card (97).
    97 DealTurnCard: Fixed(8) {
        turn_card: PtCard = Card,
        _ = Reserved16,
    }
    /// Deal River Card (98).
    98 DealRiverCard: Fixed(8) {
        river_card: PtCard = Card,
        _ = Reserved16,
    }
    /// All In Show Cards (99): the hole cards of the players all in.
    99 AllInShowCards: Exact(8) {
        number_of_player_cards_records: u16 = U16,
        check number_of_player_cards_records <= PLAYERS_LIMIT,
        _ = Reserved16,
        player_cards_records: Vec<PlayerCards> =
            Records(number_of_player_cards_records, "player_cards_records"),
    }
    /// End Of Hand Show Cards (100): the showdown.
    100 EndOfHandShowCards: Exact(8) {
        number_of_player_result_records: u16 = U16,
        check number_of_player_result_records <= PLAYERS_LIMIT,
        _ = Reserved16,
        player_result_records: Vec<PlayerResult> =
            Records(number_of_player_result_records, "player_result_records"),
    }
    /// End Of Hand Hide Cards (101): the hand ended without a showdown.
    101 EndOfHandHideCards: Fixed(16) {
        /// The winner.
        player_id: u32 = U32,
        money_won: u32 = U32,
        /// After the hand.
        player_money: u32 = U32,
    }
    /// End Of Game (112).
    112 EndOfGame: Fixed(8) {
        winner_player_id: u32 = U32,
    }
}
