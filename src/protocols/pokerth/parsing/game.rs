//! Parsers of the `pokerth` game messages: Game Start (80) .. End Of Game
//! (112).

use super::*;

pub(super) fn game_start<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, start_dealer_player_id) = u32f(i, "start_dealer_player_id", n)?;
    let (i, number_of_players) = u16f(i, "number_of_players", n)?;
    limit(
        n,
        "number_of_players",
        number_of_players.into(),
        PLAYERS_LIMIT,
    );
    let (i, ()) = reserved16(i, n)?;
    let (i, player_id_slots) = u32_list(i, number_of_players, "player_id_slots", n)?;
    Ok((
        i,
        Message::GameStart(GameStart {
            start_dealer_player_id,
            number_of_players,
            player_id_slots,
        }),
    ))
}

pub(super) fn hand_start<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, your_1st_card) = card(i, "your_1st_card", n)?;
    let (i, your_2nd_card) = card(i, "your_2nd_card", n)?;
    let (i, small_blind) = u32f(i, "small_blind", n)?;
    Ok((
        i,
        Message::HandStart(HandStart {
            your_1st_card,
            your_2nd_card,
            small_blind,
        }),
    ))
}

pub(super) fn players_turn<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::PlayersTurn(PlayersTurn {
            player_id,
            game_state,
        }),
    ))
}

pub(super) fn players_action<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction, "player_action");
    let (i, player_bet) = u32f(i, "player_bet", n)?;
    Ok((
        i,
        Message::PlayersAction(PlayersAction {
            game_state,
            player_action,
            player_bet,
        }),
    ))
}

pub(super) fn players_action_done<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction, "player_action");
    let (i, total_player_bet) = u32f(i, "total_player_bet", n)?;
    let (i, player_money) = u32f(i, "player_money", n)?;
    let (i, highest_set) = u32f(i, "highest_set", n)?;
    let (i, minimum_raise) = u32f(i, "minimum_raise", n)?;
    Ok((
        i,
        Message::PlayersActionDone(PlayersActionDone {
            player_id,
            game_state,
            player_action,
            total_player_bet,
            player_money,
            highest_set,
            minimum_raise,
        }),
    ))
}

pub(super) fn players_action_rejected<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction, "player_action");
    let (i, player_bet) = u32f(i, "player_bet", n)?;
    let (i, rejection_reason) = en!(i, n, RejectionReason, "rejection_reason");
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::PlayersActionRejected(PlayersActionRejected {
            game_state,
            player_action,
            player_bet,
            rejection_reason,
        }),
    ))
}

pub(super) fn deal_flop_cards<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, flop_1st_card) = card(i, "flop_1st_card", n)?;
    let (i, flop_2nd_card) = card(i, "flop_2nd_card", n)?;
    let (i, flop_3rd_card) = card(i, "flop_3rd_card", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((
        i,
        Message::DealFlopCards(DealFlopCards {
            flop_1st_card,
            flop_2nd_card,
            flop_3rd_card,
        }),
    ))
}

pub(super) fn deal_turn_card<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, turn_card) = card(i, "turn_card", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::DealTurnCard(DealTurnCard { turn_card })))
}

pub(super) fn deal_river_card<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, river_card) = card(i, "river_card", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::DealRiverCard(DealRiverCard { river_card })))
}

pub(super) fn all_in_show_cards<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (mut i, count) = u16f(i, "number_of_player_cards_records", n)?;
    limit(
        n,
        "number_of_player_cards_records",
        count.into(),
        PLAYERS_LIMIT,
    );
    (i, ()) = reserved16(i, n)?;
    records_fit(i, count, 8, "player_cards_records")?;
    let (i, records) = records(i, n, "player_cards_records", count, player_cards)?;
    Ok((
        i,
        Message::AllInShowCards(AllInShowCards {
            number_of_player_cards_records: count,
            player_cards_records: records,
        }),
    ))
}

/// One PlayerCards record (8 bytes).
fn player_cards<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, PlayerCards> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, first_card) = card(i, "1st_card", n)?;
    let (i, second_card) = card(i, "2nd_card", n)?;
    Ok((
        i,
        PlayerCards {
            player_id,
            first_card,
            second_card,
        },
    ))
}

pub(super) fn end_of_hand_show_cards<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (mut i, count) = u16f(i, "number_of_player_result_records", n)?;
    limit(
        n,
        "number_of_player_result_records",
        count.into(),
        PLAYERS_LIMIT,
    );
    (i, ()) = reserved16(i, n)?;
    records_fit(i, count, 32, "player_result_records")?;
    let (i, records) = records(i, n, "player_result_records", count, player_result)?;
    Ok((
        i,
        Message::EndOfHandShowCards(EndOfHandShowCards {
            number_of_player_result_records: count,
            player_result_records: records,
        }),
    ))
}

/// One PlayerResult record (32 bytes).
fn player_result<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, PlayerResult> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, first_card) = card(i, "1st_card", n)?;
    let (i, second_card) = card(i, "2nd_card", n)?;
    let (i, p1) = u16f(i, "best_hand_position_1", n)?;
    let (i, p2) = u16f(i, "best_hand_position_2", n)?;
    let (i, p3) = u16f(i, "best_hand_position_3", n)?;
    let (i, p4) = u16f(i, "best_hand_position_4", n)?;
    let (i, p5) = u16f(i, "best_hand_position_5", n)?;
    let (i, ()) = reserved16(i, n)?;
    let (i, value_of_cards) = u32f(i, "value_of_cards", n)?;
    let (i, money_won) = u32f(i, "money_won", n)?;
    let (i, player_money) = u32f(i, "player_money", n)?;
    Ok((
        i,
        PlayerResult {
            player_id,
            first_card,
            second_card,
            best_hand_position_1: p1,
            best_hand_position_2: p2,
            best_hand_position_3: p3,
            best_hand_position_4: p4,
            best_hand_position_5: p5,
            value_of_cards,
            money_won,
            player_money,
        },
    ))
}

pub(super) fn end_of_hand_hide_cards<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id", n)?;
    let (i, money_won) = u32f(i, "money_won", n)?;
    let (i, player_money) = u32f(i, "player_money", n)?;
    Ok((
        i,
        Message::EndOfHandHideCards(EndOfHandHideCards {
            player_id,
            money_won,
            player_money,
        }),
    ))
}

pub(super) fn end_of_game<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    let (i, winner_player_id) = u32f(i, "winner_player_id", n)?;
    Ok((i, Message::EndOfGame(EndOfGame { winner_player_id })))
}
