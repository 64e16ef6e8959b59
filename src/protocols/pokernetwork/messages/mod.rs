//! The typed packets of poker-network: one struct per packet class (the
//! seed's class names, attributes in wire order), the handshake line, and
//! [`Message`] over all of them, serialising to a record's `fields`.
//!
//! The classes are declared family by family with the `packets!` macro
//! from their attribute lists ([`basic`], [`table`], [`hand`], [`account`],
//! [`tourney`]); [`values`] holds the attribute types that are more than a
//! number or a string. How each attribute appears in `fields`:
//!
//! - numbers as numbers (u64 exactly); "-1 encoded as 255" as -1, "None
//!   encoded as 255" as `null`; booleans as `true`/`false`; the tournament
//!   `sit_n_go` byte as `"y"`/`"n"`; bool strings as `true`/`false` for
//!   `_TRUE`/`_FALSE`, otherwise the string;
//! - `json` attributes and the hand history's Python literals as the JSON
//!   they denote (text that does not parse stays a string, with a note);
//! - cards as `"Kd"`; an unknown card (255) as `"??"`; a card sent face down
//!   (bits 0xC0) by its value, its index listed in `<attribute>_face_down`
//!   (present only when some card is face down);
//! - packet lists as `[{type, type_id, fields}]`;
//! - `schedule_serial` (112, 113), `currency_serial` (137) and the four
//!   trailing attributes of 166 are absent when the packet had the seed's
//!   older layout.

#[macro_use]
mod macros;
pub mod account;
pub mod basic;
pub mod hand;
mod summary;
pub mod table;
pub mod tourney;
pub mod values;

pub use account::*;
pub use basic::*;
pub use hand::*;
pub use table::*;
pub use tourney::*;
pub use values::*;

use serde::Serialize;

/// The 12-byte line `CGI MMM.mNN\n` each side sends before any packet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Handshake {
    /// `major.minor`, e.g. `"3.0"` for `CGI 003.000`.
    pub version: String,
    /// The three digits before the dot.
    pub major: u16,
    /// The digit after the dot.
    pub minor: u8,
    /// The last two digits.
    pub micro: u8,
}

/// A packet whose type byte is not a known class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnknownPacket {
    /// The type byte.
    #[serde(skip)]
    pub type_id: u8,
    /// The payload (the bytes after the 3-byte header), lowercase hex.
    pub raw: String,
}

macro_rules! message_enum {
    ($($name:ident),* $(,)?) => {
        /// One poker-network message: the handshake line, a packet of a
        /// known class, or a packet of an unknown type. Serialises as the
        /// record's `fields` object.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum Message {
            /// The `CGI MMM.mNN` line.
            Handshake(Handshake),
            /// A packet of an unknown type.
            Unknown(UnknownPacket),
            $(
                #[doc = concat!("`", stringify!($name), "` (boxed: some classes are large).")]
                $name(Box<$name>),
            )*
        }

        impl Message {
            /// The record type: the class name, `Handshake` or `Unknown`.
            pub fn type_name(&self) -> &'static str {
                match self {
                    Message::Handshake(_) => "Handshake",
                    Message::Unknown(_) => "Unknown",
                    $(Message::$name(_) => stringify!($name),)*
                }
            }

            /// The type byte (0 for the handshake line).
            pub fn type_id(&self) -> u8 {
                match self {
                    Message::Handshake(_) => 0,
                    Message::Unknown(u) => u.type_id,
                    $(Message::$name(_) => $name::TYPE_ID,)*
                }
            }
        }
    };
}

message_enum! {
    Packet, PacketString, PacketInt, PacketError, PacketAck, PacketPing, PacketSerial, PacketQuit,
    PacketAuthOk, PacketAuthRefused, PacketLogin, PacketAuthRequest, PacketList, PacketLogout,
    PacketBootstrap, PacketProtocolError, PacketMessage, PacketAuth, PacketPokerSeats,
    PacketPokerId, PacketPokerMessage, PacketPokerError, PacketPokerPosition, PacketPokerInt,
    PacketPokerBet, PacketPokerFold, PacketPokerState, PacketPokerWin, PacketPokerCards,
    PacketPokerPlayerCards, PacketPokerBoardCards, PacketPokerChips, PacketPokerPlayerChips,
    PacketPokerCheck, PacketPokerStart, PacketPokerInGame, PacketPokerCall, PacketPokerRaise,
    PacketPokerDealer, PacketPokerTableJoin, PacketPokerTableSelect, PacketPokerTable,
    PacketPokerTableList, PacketPokerSit, PacketPokerTableDestroy, PacketPokerTimeoutWarning,
    PacketPokerTimeoutNotice, PacketPokerSeat, PacketPokerTableMove, PacketPokerPlayerLeave,
    PacketPokerSitOut, PacketPokerTableQuit, PacketPokerBuyIn, PacketPokerRebuy, PacketPokerChat,
    PacketPokerPlayerInfo, PacketPokerPlayerArrive, PacketPokerHandSelect, PacketPokerHandList,
    PacketPokerHandSelectAll, PacketPokerUserInfo, PacketPokerGetUserInfo, PacketPokerAnte,
    PacketPokerBlind, PacketPokerWaitBigBlind, PacketPokerAutoBlindAnte,
    PacketPokerNoautoBlindAnte, PacketPokerCanceled, PacketPokerBlindRequest,
    PacketPokerAnteRequest, PacketPokerAutoFold, PacketPokerWaitFor, PacketPokerStreamMode,
    PacketPokerBatchMode, PacketPokerLookCards, PacketPokerTableRequestPlayersList,
    PacketPokerPlayersList, PacketPokerPersonalInfo, PacketPokerGetPersonalInfo,
    PacketPokerTourneySelect, PacketPokerTourney, PacketPokerTourneyInfo, PacketPokerTourneyList,
    PacketPokerTourneyRequestPlayersList, PacketPokerTourneyRegister,
    PacketPokerTourneyUnregister, PacketPokerTourneyPlayersList, PacketPokerHandHistory,
    PacketPokerSetAccount, PacketPokerCreateAccount, PacketPokerPlayerSelf,
    PacketPokerGetPlayerInfo, PacketPokerRoles, PacketPokerSetRole, PacketPokerReadyToPlay,
    PacketPokerProcessingHand, PacketPokerMuckRequest, PacketPokerAutoMuck, PacketPokerMuckAccept,
    PacketPokerMuckDeny, PacketPokerCashIn, PacketPokerCashOut, PacketPokerCashOutCommit,
    PacketPokerCashQuery, PacketPokerRake, PacketPokerTourneyRank, PacketPokerHandReplay,
    PacketPokerGameMessage, PacketPokerExplain, PacketPokerStatsQuery, PacketPokerStats,
    PacketPokerBuyInLimits, PacketPokerMonitor, PacketPokerMonitorEvent,
    PacketPokerGetTourneyManager, PacketPokerTourneyManager, PacketPokerAutoPlay,
    PacketPokerGetPlayerPlaces, PacketPokerPlayerPlaces, PacketPokerSetLocale,
    PacketPokerTableTourneyBreakBegin, PacketPokerTableTourneyBreakDone, PacketPokerTourneyStart,
    PacketPokerGetTourneyPlayerStats, PacketPokerTourneyPlayerStats, PacketPokerTourneyCancel,
    PacketPokerStateInformation, PacketPokerPlayerStats, PacketPokerTourneyRebuy,
    PacketPokerBetLimits, PacketPokerUpdateMoney, PacketPokerTablePicker,
    PacketPokerCreateTourney, PacketPokerLongPoll, PacketPokerLongPollReturn, PacketSetOption,
    PacketPokerBestCards, PacketPokerPotChips, PacketPokerBetLimit, PacketPokerSitRequest,
    PacketPokerPlayerNoCards, PacketPokerChipsPlayer2Bet, PacketPokerChipsBet2Pot,
    PacketPokerChipsPot2Player, PacketPokerChipsPotMerge, PacketPokerChipsPotReset,
    PacketPokerChipsBet2player, PacketPokerEndRound, PacketPokerDealCards,
    PacketPokerSelfInPosition, PacketPokerSelfLostPosition, PacketPokerHighestBetIncrease,
    PacketPokerPlayerWin, PacketPokerBeginRound, PacketPokerCurrentGames, PacketPokerEndRoundLast,
    PacketPokerSitOutNextTurn, PacketPokerShowdown, PacketPokerClientPlayerChips,
    PacketPokerAllinShowdown, PacketPokerPlayerHandStrength,
}
