//! Tables and seats: table lists, joining and leaving, seats, players arriving, buy-ins, chat.

use super::BoolString;
use super::PlayerEntry;
use super::Record;

packets! {
    /// `PacketPokerSeats` (type 50). Attribution of the seats of a game to the players.
    50 PacketPokerSeats {
        seats: Vec<u32> = ListU32,
        game_id: u32 = U32,
    }
    /// `PacketPokerId` (type 51). Abstract packet with game id and serial.
    51 PacketPokerId {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerMessage` (type 52). Server => client Informative messages.
    52 PacketPokerMessage {
        serial: u32 = U32,
        game_id: u32 = U32,
        string: String = Str,
    }
    /// `PacketPokerError` (type 53). Packet describing an error.
    53 PacketPokerError {
        serial: u32 = U32,
        game_id: u32 = U32,
        message: String = Str,
        code: u32 = U32,
        other_type: u8 = U8,
    }
    /// `PacketPokerTableJoin` (type 71). Player "serial" wants to become an observer of the
    /// game "game_id".
    71 PacketPokerTableJoin {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerTableSelect` (type 72). Request the list of tables matching the "string"
    /// constraint.
    72 PacketPokerTableSelect {
        string: String = Str,
    }
    /// `PacketPokerTable` (type 73). The full description of a poker game.
    73 PacketPokerTable {
        id: u32 = U32,
        seats: u8 = U8 as seat_count,
        average_pot: u32 = U32,
        hands_per_hour: u16 = U16,
        percent_flop: u8 = U8,
        players: u8 = U8 as player_count,
        observers: u16 = U16,
        waiting: u8 = U8,
        player_timeout: u16 = U16,
        muck_timeout: u16 = U16,
        currency_serial: u32 = U32,
        name: String = Str,
        variant: String = Str,
        betting_structure: String = Str,
        skin: String = Str,
        reason: String = Str,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTableList` (type 74). A list of PACKET_POKER_TABLE packets sent as a
    /// response to a PACKET_POKER_SELECT request.
    74 PacketPokerTableList {
        packets: Vec<Record> = Packets,
        players: u32 = U32 as player_count,
        tables: u32 = U32 as table_count,
    }
    /// `PacketPokerSit` (type 75). The player "serial" is willing to participate in the game
    /// "game_id".
    75 PacketPokerSit {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerTableDestroy` (type 76). Destroy.
    76 PacketPokerTableDestroy {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerSeat` (type 79). The player "serial" is seated on the seat "seat" in the
    /// game "game_id".
    79 PacketPokerSeat {
        serial: u32 = U32,
        game_id: u32 = U32,
        seat: i16 = M1,
    }
    /// `PacketPokerTableMove` (type 80). Move player "serial" from game "game_id" to game
    /// "to_game_id".
    80 PacketPokerTableMove {
        serial: u32 = U32,
        game_id: u32 = U32,
        seat: i16 = M1,
        to_game_id: u32 = U32,
    }
    /// `PacketPokerPlayerLeave` (type 81). The player "serial" leaves the seat "seat" at game
    /// "game_id".
    81 PacketPokerPlayerLeave {
        serial: u32 = U32,
        game_id: u32 = U32,
        seat: i16 = M1,
    }
    /// `PacketPokerSitOut` (type 82). The player "serial" seated at the game "game_id" is now
    /// sit out, i.e.
    82 PacketPokerSitOut {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerTableQuit` (type 83). The player "serial" is will to be disconnected from
    /// game "game_id".
    83 PacketPokerTableQuit {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerBuyIn` (type 84). The player "serial" is willing to participate in the game
    /// "game_id" with an amount equal to "amount".
    84 PacketPokerBuyIn {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerRebuy` (type 85). The player "serial" is willing to participate in the game
    /// "game_id" with an amount equal to "amount".
    85 PacketPokerRebuy {
        serial: u32 = U32,
        game_id: u32 = U32,
        amount: u32 = U32,
    }
    /// `PacketPokerChat` (type 86). A text "message" sent to all players seated at the poker
    /// table "game_id".
    86 PacketPokerChat {
        serial: u32 = U32,
        game_id: u32 = U32,
        message: String = Str,
    }
    /// `PacketPokerPlayerInfo` (type 87). The player "serial" descriptive informations.
    87 PacketPokerPlayerInfo {
        serial: u32 = U32,
        game_id: u32 = U32,
        name: String = Str,
        outfit: String = Str,
        url: String = Str,
    }
    /// `PacketPokerPlayerArrive` (type 88). The player "serial" is seated at the game
    /// "game_id".
    88 PacketPokerPlayerArrive {
        serial: u32 = U32,
        game_id: u32 = U32,
        name: String = Str,
        outfit: String = Str,
        url: String = Str,
        blind: BoolString = BoolStr,
        remove_next_turn: bool = Bool,
        sit_out: bool = Bool,
        sit_out_next_turn: bool = Bool,
        auto: bool = Bool,
        auto_blind_ante: bool = Bool,
        wait_for: bool = Bool,
        buy_in_payed: bool = Bool,
        seat: Option<u8> = Opt,
    }
    /// `PacketPokerWaitBigBlind` (type 96). The player "serial" wants to wait for the big blind
    /// to reach his seat in game "game_id" before entering the game.
    96 PacketPokerWaitBigBlind {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerAutoBlindAnte` (type 97). The player "serial" asks the server to
    /// automatically post the blinds or/and antes for game "game_id".
    97 PacketPokerAutoBlindAnte {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerNoautoBlindAnte` (type 98). The player "serial" asks the server to send a
    /// PACKET_POKER_BLIND_REQUEST or/and PACKET_POKER_ANTE_REQUEST when a blind or/and ante for
    /// game "game_id" must be paid.
    98 PacketPokerNoautoBlindAnte {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerAutoFold` (type 102). The player "serial" will be folded by the server when
    /// in position for tournament game "game_id".
    102 PacketPokerAutoFold {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerStreamMode` (type 104). The packets received after this one are a stream
    /// describing poker games changing as time passes.
    104 PacketPokerStreamMode {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerBatchMode` (type 105). The packets received after this one are a batch
    /// describing a poker game state at a given point in time.
    105 PacketPokerBatchMode {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerTableRequestPlayersList` (type 107). Client request the player list of the
    /// game "game_id".
    107 PacketPokerTableRequestPlayersList {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerPlayersList` (type 108). List of players participating in "game_id".
    108 PacketPokerPlayersList {
        game_id: u32 = U32,
        players: Vec<PlayerEntry> = Players,
    }
    /// `PacketPokerPlayerSelf` (type 122).
    122 PacketPokerPlayerSelf {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerReadyToPlay` (type 126). The "serial" player is ready to begin a new hand at
    /// table "game_id".
    126 PacketPokerReadyToPlay {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerProcessingHand` (type 127). The "serial" player is not ready to begin a new
    /// hand at table "game_id" because the client is still processing the data related to the
    /// previous hand.
    127 PacketPokerProcessingHand {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerGameMessage` (type 141).
    141 PacketPokerGameMessage {
        serial: u32 = U32,
        game_id: u32 = U32,
        string: String = Str,
    }
    /// `PacketPokerBuyInLimits` (type 145). The buy-in boundaries for "game_id" in the range
    /// ["min","max"].
    145 PacketPokerBuyInLimits {
        game_id: u32 = U32,
        min: u32 = U32,
        max: u32 = U32,
        best: u32 = U32,
        rebuy_min: u32 = U32,
    }
    /// `PacketPokerAutoPlay` (type 150). If the player leaves the keybord, or the connection
    /// breaks, a bot could play for player instead This Behaviour could be defined by this
    /// package.
    150 PacketPokerAutoPlay {
        serial: u32 = U32,
        game_id: u32 = U32,
        auto_play: u8 = U8,
    }
    /// `PacketPokerSetLocale` (type 153). The player "serial" is required to set the "locale"
    /// string, which must be a locale supported by the server.
    153 PacketPokerSetLocale {
        serial: u32 = U32,
        game_id: u32 = U32,
        locale: String = Str,
    }
    /// `PacketPokerStateInformation` (type 160). This message is sent to a client whenever the
    /// server has an inconsistent or otherwise not useful state of the player's session object.
    160 PacketPokerStateInformation {
        serial: u32 = U32,
        game_id: u32 = U32,
        code: u32 = U32,
        message: String = Str,
    }
    /// `PacketPokerTablePicker` (type 165). The player "serial" wishes to join a table that
    /// matches the criteria sent.
    165 PacketPokerTablePicker {
        serial: u32 = U32,
        game_id: u32 = U32,
        currency_serial: u32 = U32,
        min_players: u32 = U32,
        variant: String = Str,
        betting_structure: String = Str,
        auto_blind_ante: bool = Bool,
    }
    /// `PacketPokerLongPoll` (type 167).
    167 PacketPokerLongPoll {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerLongPollReturn` (type 168).
    168 PacketPokerLongPollReturn {}
    /// `PacketSetOption` (type 169).
    169 PacketSetOption {
        serial: u32 = U32,
        game_id: u32 = U32,
        option_id: u8 = U8,
        value: u8 = U8,
    }
    /// `PacketPokerSitRequest` (type 174).
    174 PacketPokerSitRequest {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerCurrentGames` (type 198). "game_ids" contains the the list of games to which
    /// the client is connected.
    198 PacketPokerCurrentGames {
        game_ids: Vec<u32> = ListU32,
        count: u8 = U8,
    }
    /// `PacketPokerSitOutNextTurn` (type 201).
    201 PacketPokerSitOutNextTurn {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
}
