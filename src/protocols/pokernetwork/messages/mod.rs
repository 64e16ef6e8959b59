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
    (inline: [$($small:ident),* $(,)?], boxed: [$($large:ident),* $(,)?] $(,)?) => {
        message_enum!(@all [$($small,)* $($large,)*] $($small)* ; $($large)*);
    };
    (@all [$($name:ident,)*] $($small:ident)* ; $($large:ident)*) => {
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
                #[doc = concat!("`", stringify!($small), "`.")]
                $small($small),
            )*
            $(
                #[doc = concat!("`", stringify!($large), "` (boxed: it is larger than the others).")]
                $large(Box<$large>),
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
    inline: [
        Packet, PacketString, PacketInt, PacketError, PacketAck, PacketPing, PacketSerial, PacketQuit,
        PacketAuthOk, PacketAuthRefused, PacketAuthRequest, PacketList, PacketLogout, PacketBootstrap,
        PacketProtocolError, PacketMessage, PacketAuth, PacketPokerSeats, PacketPokerId,
        PacketPokerMessage, PacketPokerPosition, PacketPokerInt, PacketPokerBet, PacketPokerFold,
        PacketPokerState, PacketPokerWin, PacketPokerCards, PacketPokerPlayerCards,
        PacketPokerBoardCards, PacketPokerChips, PacketPokerPlayerChips, PacketPokerCheck,
        PacketPokerStart, PacketPokerInGame, PacketPokerCall, PacketPokerRaise, PacketPokerDealer,
        PacketPokerTableJoin, PacketPokerTableSelect, PacketPokerTableList, PacketPokerSit,
        PacketPokerTableDestroy, PacketPokerTimeoutWarning, PacketPokerTimeoutNotice, PacketPokerSeat,
        PacketPokerTableMove, PacketPokerPlayerLeave, PacketPokerSitOut, PacketPokerTableQuit,
        PacketPokerBuyIn, PacketPokerRebuy, PacketPokerChat, PacketPokerHandSelect,
        PacketPokerHandSelectAll, PacketPokerGetUserInfo, PacketPokerAnte, PacketPokerBlind,
        PacketPokerWaitBigBlind, PacketPokerAutoBlindAnte, PacketPokerNoautoBlindAnte,
        PacketPokerCanceled, PacketPokerAnteRequest, PacketPokerAutoFold, PacketPokerWaitFor,
        PacketPokerStreamMode, PacketPokerBatchMode, PacketPokerLookCards,
        PacketPokerTableRequestPlayersList, PacketPokerPlayersList, PacketPokerGetPersonalInfo,
        PacketPokerTourneySelect, PacketPokerTourneyList, PacketPokerTourneyRequestPlayersList,
        PacketPokerTourneyRegister, PacketPokerTourneyUnregister, PacketPokerTourneyPlayersList,
        PacketPokerPlayerSelf, PacketPokerGetPlayerInfo, PacketPokerRoles, PacketPokerSetRole,
        PacketPokerReadyToPlay, PacketPokerProcessingHand, PacketPokerMuckRequest,
        PacketPokerAutoMuck, PacketPokerMuckAccept, PacketPokerMuckDeny, PacketPokerCashOutCommit,
        PacketPokerCashQuery, PacketPokerRake, PacketPokerTourneyRank, PacketPokerHandReplay,
        PacketPokerGameMessage, PacketPokerExplain, PacketPokerStatsQuery, PacketPokerStats,
        PacketPokerBuyInLimits, PacketPokerMonitor, PacketPokerMonitorEvent,
        PacketPokerGetTourneyManager, PacketPokerTourneyManager, PacketPokerAutoPlay,
        PacketPokerGetPlayerPlaces, PacketPokerSetLocale, PacketPokerTableTourneyBreakBegin,
        PacketPokerTableTourneyBreakDone, PacketPokerTourneyStart, PacketPokerGetTourneyPlayerStats,
        PacketPokerTourneyCancel, PacketPokerPlayerStats, PacketPokerTourneyRebuy,
        PacketPokerBetLimits, PacketPokerLongPoll, PacketPokerLongPollReturn, PacketSetOption,
        PacketPokerPotChips, PacketPokerBetLimit, PacketPokerSitRequest, PacketPokerPlayerNoCards,
        PacketPokerChipsPlayer2Bet, PacketPokerChipsBet2Pot, PacketPokerChipsPotReset,
        PacketPokerChipsBet2player, PacketPokerEndRound, PacketPokerSelfInPosition,
        PacketPokerSelfLostPosition, PacketPokerHighestBetIncrease, PacketPokerPlayerWin,
        PacketPokerBeginRound, PacketPokerCurrentGames, PacketPokerEndRoundLast,
        PacketPokerSitOutNextTurn, PacketPokerClientPlayerChips, PacketPokerAllinShowdown,
        PacketPokerPlayerHandStrength,
    ],
    boxed: [
        PacketLogin, PacketPokerError, PacketPokerTable, PacketPokerPlayerInfo,
        PacketPokerPlayerArrive, PacketPokerHandList, PacketPokerUserInfo, PacketPokerBlindRequest,
        PacketPokerPersonalInfo, PacketPokerTourney, PacketPokerTourneyInfo, PacketPokerHandHistory,
        PacketPokerSetAccount, PacketPokerCreateAccount, PacketPokerCashIn, PacketPokerCashOut,
        PacketPokerPlayerPlaces, PacketPokerTourneyPlayerStats, PacketPokerStateInformation,
        PacketPokerUpdateMoney, PacketPokerTablePicker, PacketPokerCreateTourney,
        PacketPokerBestCards, PacketPokerChipsPot2Player, PacketPokerChipsPotMerge,
        PacketPokerDealCards, PacketPokerShowdown,
    ],
}

impl crate::protocols::ProtocolMessage for Message {
    fn type_name(&self) -> &'static str {
        Message::type_name(self)
    }

    fn into_fields(self) -> crate::protocols::Fields {
        crate::protocols::Fields::PokerNetwork(self)
    }
}
