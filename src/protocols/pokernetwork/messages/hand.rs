//! A hand in play: start, dealer, position, blinds and antes, cards, actions,
//! chips, pots, showdown.

use super::BoolString;
use super::Cards;
use serde_json::Value;

packets! {
    /// `PacketPokerPosition` (type 54). The player "serial" is now in position for game
    /// "game_id" and should act.
    54 PacketPokerPosition {
        game_id: u32 = U32,
        position: i16 = M1,
        serial: u32 = U32,
    }
    /// `PacketPokerInt` (type 55). Base class for a int coded amount.
    55 PacketPokerInt {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerBet` (type 56). Base class for raise.
    56 PacketPokerBet {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerFold` (type 57). The "serial" player folded.
    57 PacketPokerFold {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerState` (type 58). The state of the game "game_id" changed to "string".
    58 PacketPokerState {
        serial: u32 = U32,
        game_id: u32 = U32,
        string: String = Str,
    }
    /// `PacketPokerWin` (type 59). The "serials" of the players who won the turn for game
    /// "game_id" to display the showdown.
    59 PacketPokerWin {
        serial: u32 = U32,
        game_id: u32 = U32,
        serials: Vec<u32> = ListU32,
    }
    /// `PacketPokerCards` (type 60). Base class for player / board / best cards.
    60 PacketPokerCards {
        serial: u32 = U32,
        game_id: u32 = U32,
        cards: Cards = Cards,
    }
    /// `PacketPokerPlayerCards` (type 61). The ordered list of "cards" for player "serial" in
    /// game "game_id".
    61 PacketPokerPlayerCards {
        serial: u32 = U32,
        game_id: u32 = U32,
        cards: Cards = Cards,
    }
    /// `PacketPokerBoardCards` (type 62). The ordered list of community "cards" for game
    /// "game_id".
    62 PacketPokerBoardCards {
        serial: u32 = U32,
        game_id: u32 = U32,
        cards: Cards = Cards,
    }
    /// `PacketPokerChips` (type 63). Base class.
    63 PacketPokerChips {
        serial: u32 = U32,
        game_id: u32 = U32,
        bet: u64 = U64,
    }
    /// `PacketPokerPlayerChips` (type 64). The "money" of the player "serial" engaged in game
    /// "game_id" and the "bet" currently wagered by the player, if any.
    64 PacketPokerPlayerChips {
        serial: u32 = U32,
        game_id: u32 = U32,
        bet: u64 = U64,
        money: u64 = U64,
    }
    /// `PacketPokerCheck` (type 65). The "serial" player checked in game "game_id".
    65 PacketPokerCheck {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerStart` (type 66). Start the hand "hand_serial" for game "game_id".
    66 PacketPokerStart {
        serial: u32 = U32,
        game_id: u32 = U32,
        hands_count: u32 = U32,
        time: u32 = U32,
        hand_serial: u32 = U32,
        level: u8 = U8,
    }
    /// `PacketPokerInGame` (type 67). The list of "players" serials who are participating in
    /// the hand to come or the current hand for the game "game_id".
    67 PacketPokerInGame {
        serial: u32 = U32,
        game_id: u32 = U32,
        players: Vec<u32> = ListU32 as player_serials,
    }
    /// `PacketPokerCall` (type 68). The "serial" player called in game "game_id".
    68 PacketPokerCall {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerRaise` (type 69). The "serial" player raised "amount" chips in game
    /// "game_id".
    69 PacketPokerRaise {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerDealer` (type 70). The dealer button for game "game_id" is at seat "dealer".
    70 PacketPokerDealer {
        game_id: u32 = U32,
        dealer: i16 = M1,
        previous_dealer: i16 = M1,
    }
    /// `PacketPokerTimeoutWarning` (type 77). The player "serial" is taking too long to play
    /// and will be folded automatically shortly in the game "game_id".
    77 PacketPokerTimeoutWarning {
        serial: u32 = U32,
        game_id: u32 = U32,
        timeout: u32 = U32,
    }
    /// `PacketPokerTimeoutNotice` (type 78). The player "serial" is took too long to play and
    /// has been folded in the game "game_id".
    78 PacketPokerTimeoutNotice {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerAnte` (type 94). The player "serial" paid an amount of "amount" for the ante
    /// in game "game_id".
    94 PacketPokerAnte {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerBlind` (type 95). The player "serial" paid an amount of "amount" for the
    /// blind and "dead" for the dead in game "game_id".
    95 PacketPokerBlind {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
        dead: u32 = U32,
    }
    /// `PacketPokerCanceled` (type 99). The game is canceled because only the player "serial"
    /// is willing to pay the blinds or/and antes.
    99 PacketPokerCanceled {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerBlindRequest` (type 100). The player "serial" is required to pay the a blind
    /// of "amount" and a dead of "dead" for game "game_id".
    100 PacketPokerBlindRequest {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
        dead: u32 = U32,
        state: String = Str,
    }
    /// `PacketPokerAnteRequest` (type 101). The player "serial" is required to pay the an ante
    /// of "amount" for game"game_id".
    101 PacketPokerAnteRequest {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerWaitFor` (type 103). The player "serial" waits for the late blind (if
    /// "reason" == "late") or the big blind (if "reason" == "big") in game "game_id".
    103 PacketPokerWaitFor {
        serial: u32 = U32,
        game_id: u32 = U32,
        reason: BoolString = BoolStr,
    }
    /// `PacketPokerLookCards` (type 106). The player "serial" is looking at his cards in game
    /// "game_id".
    106 PacketPokerLookCards {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerMuckRequest` (type 128). Server is announcing a muck request to muckable
    /// players in game "game_id".
    128 PacketPokerMuckRequest {
        serial: u32 = U32,
        game_id: u32 = U32,
        muckable_serials: Vec<u32> = ListU32,
    }
    /// `PacketPokerAutoMuck` (type 129). By default the client will not be proposed to muck .
    129 PacketPokerAutoMuck {
        serial: u32 = U32,
        game_id: u32 = U32,
        auto_muck: u8 = U8,
    }
    /// `PacketPokerMuckAccept` (type 130).
    130 PacketPokerMuckAccept {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerMuckDeny` (type 131).
    131 PacketPokerMuckDeny {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerRake` (type 136).
    136 PacketPokerRake {
        value: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerBetLimits` (type 163).
    163 PacketPokerBetLimits {
        serial: u32 = U32,
        game_id: u32 = U32,
        min: u32 = U32,
        max: u32 = U32,
        step: u32 = U32,
        cap: u8 = U8,
        limit: u8 = U8,
    }
    /// `PacketPokerBestCards` (type 170). Ordered list  of five "bestcards" hand for player
    /// "serial" in game "game_id" that won the "side" side of the pot.
    170 PacketPokerBestCards {
        serial: u32 = U32,
        game_id: u32 = U32,
        cards: Cards = Cards,
        side: String = Str,
        hand: String = Str,
        bestcards: Cards = Cards,
        board: Cards = Cards,
        besthand: u8 = U8,
    }
    /// `PacketPokerPotChips` (type 171). The "bet" put in the "index" pot of the "game_id"
    /// game.
    171 PacketPokerPotChips {
        game_id: u32 = U32,
        index: u8 = U8,
        bet: u32 = U32,
    }
    /// `PacketPokerBetLimit` (type 173). A raise must be at least "min" and most "max".
    173 PacketPokerBetLimit {
        serial: u32 = U32,
        game_id: u32 = U32,
        min: u32 = U32,
        max: u32 = U32,
        step: u32 = U32,
        call: u32 = U32,
        allin: u32 = U32,
        pot: u32 = U32,
    }
    /// `PacketPokerPlayerNoCards` (type 175). The player "serial" has no cards in game
    /// "game_id".
    175 PacketPokerPlayerNoCards {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerChipsPlayer2Bet` (type 176). Move "chips" from the player "serial" money
    /// chip stack to the bet chip stack.
    176 PacketPokerChipsPlayer2Bet {
        serial: u32 = U32,
        game_id: u32 = U32,
        chips: u32 = U32,
    }
    /// `PacketPokerChipsBet2Pot` (type 177). Move "chips" from the player "serial" bet chip
    /// stack to the "pot" pot.
    177 PacketPokerChipsBet2Pot {
        serial: u32 = U32,
        game_id: u32 = U32,
        chips: u32 = U32,
        pot: i16 = M1,
    }
    /// `PacketPokerChipsPot2Player` (type 178). Move "chips" from the pot "pot" to the player
    /// "serial" money chip stack.
    178 PacketPokerChipsPot2Player {
        serial: u32 = U32,
        game_id: u32 = U32,
        chips: u32 = U32,
        pot: i16 = M1,
        reason: String = Str,
    }
    /// `PacketPokerChipsPotMerge` (type 179). Merge the pots whose indexes are listed in
    /// "sources" into a single pot at index "destination" in game "game_id".
    179 PacketPokerChipsPotMerge {
        serial: u32 = U32,
        game_id: u32 = U32,
        sources: Vec<u8> = ListU8,
        destination: u8 = U8,
    }
    /// `PacketPokerChipsPotReset` (type 180). All pots for game "game_id" are set to zero.
    180 PacketPokerChipsPotReset {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerChipsBet2player` (type 181). Chips move from bet to player.
    181 PacketPokerChipsBet2player {
        serial: u32 = U32,
        game_id: u32 = U32,
        chips: u32 = U32,
    }
    /// `PacketPokerEndRound` (type 182). Closes a betting round for game "game_id".
    182 PacketPokerEndRound {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerDealCards` (type 184). Deal "numberOfCards" down cards for each player
    /// listed in "serials" in game "game_id".
    184 PacketPokerDealCards {
        serial: u32 = U32,
        game_id: u32 = U32,
        number_of_cards: u8 = U8,
        serials: Vec<u32> = ListU32,
    }
    /// `PacketPokerSelfInPosition` (type 187). The player authenticated for this connection is
    /// in position.
    187 PacketPokerSelfInPosition {
        game_id: u32 = U32,
        position: i16 = M1,
        serial: u32 = U32,
    }
    /// `PacketPokerSelfLostPosition` (type 188). The player authenticated for this connection
    /// is in position.
    188 PacketPokerSelfLostPosition {
        game_id: u32 = U32,
        position: i16 = M1,
        serial: u32 = U32,
    }
    /// `PacketPokerHighestBetIncrease` (type 189). A wager was made in game "game_id" that
    /// increases the highest bet amount.
    189 PacketPokerHighestBetIncrease {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerPlayerWin` (type 190). The player "serial" win.
    190 PacketPokerPlayerWin {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerBeginRound` (type 197). Opens a betting round for game "game_id".
    197 PacketPokerBeginRound {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerEndRoundLast` (type 199).
    199 PacketPokerEndRoundLast {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerShowdown` (type 204).
    204 PacketPokerShowdown {
        serial: u32 = U32,
        game_id: u32 = U32,
        showdown_stack: Value = Json,
    }
    /// `PacketPokerClientPlayerChips` (type 205).
    205 PacketPokerClientPlayerChips {
        game_id: u32 = U32,
        serial: u32 = U32,
        bet: u32 = U32,
        money: u32 = U32,
    }
    /// `PacketPokerAllinShowdown` (type 209). The game "game_id" will automatically go to
    /// showdown.
    209 PacketPokerAllinShowdown {
        game_id: u32 = U32,
    }
    /// `PacketPokerPlayerHandStrength` (type 210). "hand" is the human-readable description of
    /// the best possible poker hand the player (represented by "serial") can currently make in
    /// current hand being played in game, "game_id".
    210 PacketPokerPlayerHandStrength {
        serial: u32 = U32,
        game_id: u32 = U32,
        hand: String = Str,
    }
}
