//! Tournaments: lists, registration, ranks, breaks, creation.

use super::PlayerEntry;
use super::Record;
use super::SitNGo;

packets! {
    /// `PacketPokerTourneySelect` (type 111). Request the list of tourneys matching the
    /// "string" constraint.
    111 PacketPokerTourneySelect {
        string: String = Str,
    }
    /// `PacketPokerTourney` (type 112). The last release sends `schedule_serial` after `skin`
    /// (PROTOCOL-NOTES.md).
    112 PacketPokerTourney {
        serial: u32 = U32,
        buy_in: u32 = U32,
        rake: u32 = U32,
        start_time: u32 = U32,
        rebuy_time_remaining: u32 = U32,
        kick_timeout: u32 = U32,
        sit_n_go: SitNGo = YesNo,
        players_quota: u16 = U16,
        registered: u16 = U16,
        currency_serial: u32 = U32,
        breaks_first: u16 = U16,
        breaks_interval: u16 = U16,
        breaks_duration: u16 = U16,
        description_short: String = Str,
        variant: String = Str,
        state: String = Str,
        name: String = Str,
        skin: String = Str,
        schedule_serial: Option<u32> = Trail,
    }
    /// `PacketPokerTourneyInfo` (type 113). The last release sends `schedule_serial` after
    /// `skin`, before `description_long` (PROTOCOL-NOTES.md).
    113 PacketPokerTourneyInfo {
        serial: u32 = U32,
        buy_in: u32 = U32,
        rake: u32 = U32,
        start_time: u32 = U32,
        rebuy_time_remaining: u32 = U32,
        kick_timeout: u32 = U32,
        sit_n_go: SitNGo = YesNo,
        players_quota: u16 = U16,
        registered: u16 = U16,
        currency_serial: u32 = U32,
        breaks_first: u16 = U16,
        breaks_interval: u16 = U16,
        breaks_duration: u16 = U16,
        description_short: String = Str,
        variant: String = Str,
        state: String = Str,
        name: String = Str,
        skin: String = Str,
        schedule_serial: Option<u32> = Sched113,
        description_long: String = Str,
    }
    /// `PacketPokerTourneyList` (type 114). A list of PACKET_POKER_TOURNEY packets sent as a
    /// response to a PACKET_POKER_SELECT request.
    114 PacketPokerTourneyList {
        packets: Vec<Record> = Packets,
        players: u32 = U32 as player_count,
        tourneys: u32 = U32 as tourney_count,
    }
    /// `PacketPokerTourneyRequestPlayersList` (type 115). Client request the player list of the
    /// tourney "tourney_serial".
    115 PacketPokerTourneyRequestPlayersList {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTourneyRegister` (type 116). Register player "serial" to tournament
    /// "tourney_serial".
    116 PacketPokerTourneyRegister {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTourneyUnregister` (type 117). Unregister player "serial" from tournament
    /// "tourney_serial".
    117 PacketPokerTourneyUnregister {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTourneyPlayersList` (type 118). List of players participating in tourney
    /// "serial".
    118 PacketPokerTourneyPlayersList {
        tourney_serial: u32 = U32,
        players: Vec<PlayerEntry> = Players,
    }
    /// `PacketPokerTourneyRank` (type 137). A PACKET_POKER_TOURNEY_RANK sent to the player who
    /// leaves the tournament. The last release appends `currency_serial` (PROTOCOL-NOTES.md).
    137 PacketPokerTourneyRank {
        serial: u32 = U32,
        game_id: u32 = U32,
        players: u32 = U32 as player_count,
        money: u32 = U32,
        rank: u32 = U32,
        currency_serial: Option<u32> = Trail,
    }
    /// `PacketPokerGetTourneyManager` (type 148). Get tournement manager packet for
    /// tourney_serial.
    148 PacketPokerGetTourneyManager {
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTourneyManager` (type 149).
    149 PacketPokerTourneyManager {}
    /// `PacketPokerTableTourneyBreakBegin` (type 154). Players at table "game_id" will receive
    /// this packet when a tournament break offically begins.
    154 PacketPokerTableTourneyBreakBegin {
        game_id: u32 = U32,
        resume_time: u32 = U32,
    }
    /// `PacketPokerTableTourneyBreakDone` (type 155). Players at table "game_id" will receive
    /// this packet when a tournament break offically ends.
    155 PacketPokerTableTourneyBreakDone {
        game_id: u32 = U32,
    }
    /// `PacketPokerTourneyStart` (type 156). If sent from the server.
    156 PacketPokerTourneyStart {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
        table_serial: u32 = U32,
    }
    /// `PacketPokerGetTourneyPlayerStats` (type 157). If the player "serial" is participating
    /// in the tourney "tourney_serial", he can ask for information about his current
    /// performance (i.e.
    157 PacketPokerGetTourneyPlayerStats {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTourneyPlayerStats` (type 158). Contains personalized information for user
    /// "serial" for tourney "tourney_serial" such as his rank, the current chips leader, and so
    /// forth.
    158 PacketPokerTourneyPlayerStats {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
        rank: u16 = U16,
        players_active: u16 = U16,
        chips_avg: u64 = U64,
        chips_max: u64 = U64,
        player_chips_max_serial: u32 = U32,
        player_chips_max_name: String = Str,
        table_count: u32 = U32,
    }
    /// `PacketPokerTourneyCancel` (type 159). If sent from a client with appropriate
    /// permissions, the tourney will be canceled.
    159 PacketPokerTourneyCancel {
        serial: u32 = U32,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerTourneyRebuy` (type 162). When a client wants to rebuy during a tourney he
    /// sends this packet.
    162 PacketPokerTourneyRebuy {
        serial: u32 = U32,
        game_id: u32 = U32,
        tourney_serial: u32 = U32,
    }
    /// `PacketPokerCreateTourney` (type 166). The authorized player represented by "serial",
    /// seeks to create a new sit-n-go tournament for the players in the "players" list of
    /// serials. The last release appends `breaks_duration`, `breaks_first`, `breaks_interval`
    /// and `schedule_serial` (PROTOCOL-NOTES.md).
    166 PacketPokerCreateTourney {
        serial: u32 = U32,
        name: String = Str,
        description_short: String = Str,
        description_long: String = Str,
        players_quota: u32 = U32,
        variant: String = Str,
        betting_structure: String = Str,
        skin: String = Str,
        seats_per_game: u32 = U32,
        player_timeout: u32 = U32,
        currency_serial: u32 = U32,
        prize_currency: u32 = U32,
        prize_min: u32 = U32,
        bailor_serial: u32 = U32,
        buy_in: u32 = U32,
        rake: u32 = U32,
        sit_n_go: SitNGo = YesNo,
        start_time: u32 = U32,
        players: Vec<u32> = ListU32 as player_serials,
        breaks_duration: Option<u32> = Trail,
        breaks_first: Option<u32> = Trail,
        breaks_interval: Option<u32> = Trail,
        schedule_serial: Option<u32> = Trail,
    }
}
