//! Accounts, hand histories, cash-in/out, statistics and monitoring.

use super::Money;
use serde_json::Value;

packets! {
    /// `PacketPokerHandSelect` (type 89). Query the hand history for player "serial" and filter
    /// them according to the "string" boolean expression.
    89 PacketPokerHandSelect {
        string: String = Str,
        start: u32 = U32,
        count: u8 = U8,
    }
    /// `PacketPokerHandList` (type 90). A list of hand serials known to the server.
    90 PacketPokerHandList {
        string: String = Str,
        start: u32 = U32,
        count: u8 = U8,
        hands: Vec<u32> = ListU32,
        total: u32 = U32,
    }
    /// `PacketPokerHandSelectAll` (type 91). Query the hand history for all players and filter
    /// them according to the "string" boolean expression.
    91 PacketPokerHandSelectAll {
        string: String = Str,
    }
    /// `PacketPokerUserInfo` (type 92). Read only user descriptive information, complement of
    /// PACKET_POKER_PLAYER_INFO.
    92 PacketPokerUserInfo {
        serial: u32 = U32,
        rating: u32 = U32,
        affiliate: u32 = U32,
        name: String = Str,
        password: String = Str,
        email: String = Str,
        money: Vec<Money> = Money as money_by_currency,
    }
    /// `PacketPokerGetUserInfo` (type 93). Request the read only descriptive information for
    /// player "serial".
    93 PacketPokerGetUserInfo {
        serial: u32 = U32,
    }
    /// `PacketPokerPersonalInfo` (type 109).
    109 PacketPokerPersonalInfo {
        serial: u32 = U32,
        rating: u32 = U32,
        affiliate: u32 = U32,
        name: String = Str,
        password: String = Str,
        email: String = Str,
        money: Vec<Money> = Money as money_by_currency,
        firstname: String = Str,
        lastname: String = Str,
        addr_street: String = Str,
        addr_street2: String = Str,
        addr_zip: String = Str,
        addr_town: String = Str,
        addr_state: String = Str,
        addr_country: String = Str,
        phone: String = Str,
        gender: String = Str,
        birthdate: String = Str,
    }
    /// `PacketPokerGetPersonalInfo` (type 110). Request the read only descriptive information
    /// for player "serial".
    110 PacketPokerGetPersonalInfo {
        serial: u32 = U32,
    }
    /// `PacketPokerHandHistory` (type 119). `history` and `serial2name` are Python
    /// literals, decoded as JSON (see [`parsing::pyliteral`](crate::protocols::pokernetwork::parsing::pyliteral)).
    119 PacketPokerHandHistory {
        serial: u32 = U32,
        game_id: u32 = U32,
        history: Value = PyLit,
        serial2name: Value = PyLit,
    }
    /// `PacketPokerSetAccount` (type 120).
    120 PacketPokerSetAccount {
        serial: u32 = U32,
        rating: u32 = U32,
        affiliate: u32 = U32,
        name: String = Str,
        password: String = Str,
        email: String = Str,
        money: Vec<Money> = Money as money_by_currency,
        firstname: String = Str,
        lastname: String = Str,
        addr_street: String = Str,
        addr_street2: String = Str,
        addr_zip: String = Str,
        addr_town: String = Str,
        addr_state: String = Str,
        addr_country: String = Str,
        phone: String = Str,
        gender: String = Str,
        birthdate: String = Str,
    }
    /// `PacketPokerCreateAccount` (type 121).
    121 PacketPokerCreateAccount {
        serial: u32 = U32,
        rating: u32 = U32,
        affiliate: u32 = U32,
        name: String = Str,
        password: String = Str,
        email: String = Str,
        money: Vec<Money> = Money as money_by_currency,
        firstname: String = Str,
        lastname: String = Str,
        addr_street: String = Str,
        addr_street2: String = Str,
        addr_zip: String = Str,
        addr_town: String = Str,
        addr_state: String = Str,
        addr_country: String = Str,
        phone: String = Str,
        gender: String = Str,
        birthdate: String = Str,
    }
    /// `PacketPokerGetPlayerInfo` (type 123). Ask the server for a PacketPokerPlayerInfo packet
    /// describing the player that is logged in with this connection.
    123 PacketPokerGetPlayerInfo {}
    /// `PacketPokerRoles` (type 124).
    124 PacketPokerRoles {
        serial: u32 = U32,
        roles: String = Str,
    }
    /// `PacketPokerSetRole` (type 125). Tell the server the purpose of the connection.
    125 PacketPokerSetRole {
        serial: u32 = U32,
        roles: String = Str,
    }
    /// `PacketPokerCashIn` (type 132). Add "value" cents of currency "url" to the "serial"
    /// player account using the "name"/"bserial" note.
    132 PacketPokerCashIn {
        serial: u32 = U32,
        url: String = Str,
        name: String = Str,
        application_data: String = Str,
        bserial: u32 = U32,
        value: u32 = U32,
    }
    /// `PacketPokerCashOut` (type 133).
    133 PacketPokerCashOut {
        serial: u32 = U32,
        url: String = Str,
        name: String = Str,
        application_data: String = Str,
        bserial: u32 = U32,
        value: u32 = U32,
    }
    /// `PacketPokerCashOutCommit` (type 134).
    134 PacketPokerCashOutCommit {
        transaction_id: String = Str,
    }
    /// `PacketPokerCashQuery` (type 135).
    135 PacketPokerCashQuery {
        application_data: String = Str,
    }
    /// `PacketPokerHandReplay` (type 140).
    140 PacketPokerHandReplay {
        serial: u32 = U32,
        game_id: u32 = U32,
    }
    /// `PacketPokerExplain` (type 142). Control the level of verbosity of the server according
    /// to the "value" bit field as follows.
    142 PacketPokerExplain {
        value: u32 = U32,
    }
    /// `PacketPokerStatsQuery` (type 143).
    143 PacketPokerStatsQuery {
        string: String = Str,
    }
    /// `PacketPokerStats` (type 144).
    144 PacketPokerStats {
        players: u32 = U32 as player_count,
        hands: u32 = U32 as hand_count,
        bytesin: u32 = U32,
        bytesout: u32 = U32,
    }
    /// `PacketPokerMonitor` (type 146).
    146 PacketPokerMonitor {}
    /// `PacketPokerMonitorEvent` (type 147).
    147 PacketPokerMonitorEvent {
        event: u32 = U32,
        param1: u32 = U32,
        param2: u32 = U32,
        param3: u32 = U32,
    }
    /// `PacketPokerGetPlayerPlaces` (type 151).
    151 PacketPokerGetPlayerPlaces {
        serial: u32 = U32,
        name: String = Str,
    }
    /// `PacketPokerPlayerPlaces` (type 152).
    152 PacketPokerPlayerPlaces {
        serial: u32 = U32,
        tables: Vec<u32> = ListU32,
        tourneys: Vec<u32> = ListU32,
    }
    /// `PacketPokerPlayerStats` (type 161). The "rank" and "percentile" of the player "serial"
    /// for the "currency_serial" currency.
    161 PacketPokerPlayerStats {
        serial: u32 = U32,
        game_id: u32 = U32,
        currency_serial: u32 = U32,
        rank: u32 = U32,
        percentile: u32 = U32,
    }
    /// `PacketPokerUpdateMoney` (type 164). Updates the money of players (not in the seed: the
    /// last pokerpackets release).
    164 PacketPokerUpdateMoney {
        game_id: u32 = U32,
        serials: Vec<u32> = ListU32,
        chips: Vec<i32> = ListI32 as chip_amounts,
        absolute: bool = Bool,
    }
}
