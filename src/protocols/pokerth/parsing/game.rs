//! Parsers of the `pokerth` game messages: Game Start (80) .. End Of Game
//! (112).

use super::*;

pub(super) fn game_start<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, start_dealer_player_id) = u32f(i, "start_dealer_player_id")?;
    let (i, number_of_players) = u16f(i, "number_of_players")?;
    limit(
        n,
        "number_of_players",
        number_of_players.into(),
        PLAYERS_LIMIT,
    );
    let (i, ()) = reserved16(i, n)?;
    let (i, player_id_slots) = u32_list(i, number_of_players, "player_id_slots")?;
    Ok((
        i,
        Message::GameStart(GameStart {
            start_dealer_player_id,
            number_of_players,
            player_id_slots,
        }),
    ))
}

pub(super) fn hand_start<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, your_1st_card) = card(i, "your_1st_card", n)?;
    let (i, your_2nd_card) = card(i, "your_2nd_card", n)?;
    let (i, small_blind) = u32f(i, "small_blind")?;
    Ok((
        i,
        Message::HandStart(HandStart {
            your_1st_card,
            your_2nd_card,
            small_blind,
        }),
    ))
}

pub(super) fn players_turn<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id")?;
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

pub(super) fn players_action<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction, "player_action");
    let (i, player_bet) = u32f(i, "player_bet")?;
    Ok((
        i,
        Message::PlayersAction(PlayersAction {
            game_state,
            player_action,
            player_bet,
        }),
    ))
}

pub(super) fn players_action_done<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id")?;
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction, "player_action");
    let (i, total_player_bet) = u32f(i, "total_player_bet")?;
    let (i, player_money) = u32f(i, "player_money")?;
    let (i, highest_set) = u32f(i, "highest_set")?;
    let (i, minimum_raise) = u32f(i, "minimum_raise")?;
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

pub(super) fn players_action_rejected<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, game_state) = en!(i, n, GameState, "game_state");
    let (i, player_action) = en!(i, n, PlayerAction, "player_action");
    let (i, player_bet) = u32f(i, "player_bet")?;
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

pub(super) fn deal_flop_cards<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
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

pub(super) fn deal_turn_card<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, turn_card) = card(i, "turn_card", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::DealTurnCard(DealTurnCard { turn_card })))
}

pub(super) fn deal_river_card<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (i, river_card) = card(i, "river_card", n)?;
    let (i, ()) = reserved16(i, n)?;
    Ok((i, Message::DealRiverCard(DealRiverCard { river_card })))
}

pub(super) fn all_in_show_cards<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (mut i, count) = u16f(i, "number_of_player_cards_records")?;
    limit(
        n,
        "number_of_player_cards_records",
        count.into(),
        PLAYERS_LIMIT,
    );
    (i, ()) = reserved16(i, n)?;
    records_fit(i, count, 8, "player_cards_records")?;
    let mut records = Vec::with_capacity(count.into());
    for _ in 0..count {
        let (j, player_id) = u32f(i, "player_id")?;
        let (j, first_card) = card(j, "1st_card", n)?;
        let (j, second_card) = card(j, "2nd_card", n)?;
        records.push(PlayerCards {
            player_id,
            first_card,
            second_card,
        });
        i = j;
    }
    Ok((
        i,
        Message::AllInShowCards(AllInShowCards {
            number_of_player_cards_records: count,
            player_cards_records: records,
        }),
    ))
}

pub(super) fn end_of_hand_show_cards<'a>(i: &'a [u8], n: &mut Notes) -> Res<'a, Message> {
    let (mut i, count) = u16f(i, "number_of_player_result_records")?;
    limit(
        n,
        "number_of_player_result_records",
        count.into(),
        PLAYERS_LIMIT,
    );
    (i, ()) = reserved16(i, n)?;
    records_fit(i, count, 32, "player_result_records")?;
    let mut records = Vec::with_capacity(count.into());
    for _ in 0..count {
        let (j, player_id) = u32f(i, "player_id")?;
        let (j, first_card) = card(j, "1st_card", n)?;
        let (j, second_card) = card(j, "2nd_card", n)?;
        let (j, p1) = u16f(j, "best_hand_position_1")?;
        let (j, p2) = u16f(j, "best_hand_position_2")?;
        let (j, p3) = u16f(j, "best_hand_position_3")?;
        let (j, p4) = u16f(j, "best_hand_position_4")?;
        let (j, p5) = u16f(j, "best_hand_position_5")?;
        let (j, ()) = reserved16(j, n)?;
        let (j, value_of_cards) = u32f(j, "value_of_cards")?;
        let (j, money_won) = u32f(j, "money_won")?;
        let (j, player_money) = u32f(j, "player_money")?;
        records.push(PlayerResult {
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
        });
        i = j;
    }
    Ok((
        i,
        Message::EndOfHandShowCards(EndOfHandShowCards {
            number_of_player_result_records: count,
            player_result_records: records,
        }),
    ))
}

pub(super) fn end_of_hand_hide_cards<'a>(i: &'a [u8], _: &mut Notes) -> Res<'a, Message> {
    let (i, player_id) = u32f(i, "player_id")?;
    let (i, money_won) = u32f(i, "money_won")?;
    let (i, player_money) = u32f(i, "player_money")?;
    Ok((
        i,
        Message::EndOfHandHideCards(EndOfHandHideCards {
            player_id,
            money_won,
            player_money,
        }),
    ))
}

pub(super) fn end_of_game<'a>(i: &'a [u8], _: &mut Notes) -> Res<'a, Message> {
    let (i, winner_player_id) = u32f(i, "winner_player_id")?;
    Ok((i, Message::EndOfGame(EndOfGame { winner_player_id })))
}
