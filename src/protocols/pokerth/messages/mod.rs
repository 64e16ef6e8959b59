//! The typed PokerTH messages of both dialects, their enumerations and flags,
//! and the one-line summaries a person follows a game by.
//!
//! Field names are the specification's, in snake_case and in wire order
//! (the keys of `vectors/pokerth.jsonl`): reserved fields and padding are left
//! out, length and count fields are kept. Enumerations serialise as their
//! lower_snake_case names (an undocumented value as its number, in a
//! string), flags as
//! objects of booleans, cards as `"Kd"`, MD5s and avatar data as hex.
//!
//! Two values are rendered for people and keep their wire number beside
//! them: Init's requested version (`requested_version: "5.2"` beside the
//! major and minor numbers) and Init Ack's latest game version. The latter is
//! `major << 8 | minor` of the PokerTH release, where the minor number holds
//! the release's minor and patch digits (0x0046 = 70 = 0.7, 0x0047 = 71 =
//! 0.7.1, 0x003D = 61 = 0.6.1): it is shown as the release is named
//! (`latest_game_version: "0.7.1"`, a trailing `.0` dropped) and the raw
//! number is kept as `latest_game_version_raw`.
//!
//! Layout: the message types are one table, declared row by row with
//! `messages!` (see `table`) in [`lobby`] (types 1..67), [`game`]
//! (80..112), [`server`] (113..1024) and [`v2007`]: each row's struct and
//! its parser come from its fields and their wire types. Every type has a
//! struct of its own, named as the message (`2007` appended in the 2007
//! dialect), and a [`Message`] variant of that name. [`values`] holds
//! the cards, flags and enumerations, `summary` the one-line summaries;
//! this module the dialects, the type tables and [`Message`].

#[macro_use]
mod table;
pub mod game;
pub mod lobby;
pub mod server;
mod summary;
pub mod v2007;
pub mod values;

pub use game::*;
pub use lobby::*;
pub use server::*;
pub use v2007::*;
pub use values::*;

use crate::protocols::pokerth::parsing::wire::{Cx, Res};
use serde::Serialize;

/// The two dialects of the PokerTH binary protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// PokerTH 0.6 .. 0.7.1 (2007-10 .. 2009): seed 000, `pokerth`.
    PokerTh,
    /// The 2007-05 development snapshot: seed 002, `pokerth-2007`.
    PokerTh2007,
}

impl Dialect {
    /// The name used in records (`pokerth`, `pokerth-2007`).
    pub fn name(self) -> &'static str {
        crate::protocols::Dialect::from(self).as_str()
    }

    /// The largest message the dialect's code sends (a note above it).
    pub fn max_len(self) -> usize {
        match self {
            Dialect::PokerTh => 268,
            Dialect::PokerTh2007 => 256,
        }
    }
}

impl Dialect {
    /// The PokerTH binary dialect `d` is, if it is one of them.
    pub fn of(d: crate::protocols::Dialect) -> Option<Dialect> {
        match d {
            crate::protocols::Dialect::PokerTh => Some(Dialect::PokerTh),
            crate::protocols::Dialect::PokerTh2007 => Some(Dialect::PokerTh2007),
            _ => None,
        }
    }
}

impl From<Dialect> for crate::protocols::Dialect {
    fn from(d: Dialect) -> Self {
        match d {
            Dialect::PokerTh => crate::protocols::Dialect::PokerTh,
            Dialect::PokerTh2007 => crate::protocols::Dialect::PokerTh2007,
        }
    }
}

/// How a message type's length is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// Exactly this many bytes.
    Fixed(usize),
    /// At least this many; the code checks only a minimum, so bytes after
    /// the last field are legal (a note).
    Min(usize),
    /// At least this many, and exactly what the counts and lengths inside
    /// give (bytes after the last field are an error).
    Exact(usize),
}

/// One message type of a dialect: a row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The type id on the wire.
    pub id: u16,
    /// The message name (the record's `type`).
    pub name: &'static str,
    /// How its length is checked.
    pub size: Size,
    /// The fewest bytes its fields take (the header not counted).
    pub min_body: usize,
    /// Reads its fields (the bytes after the header).
    pub parse: for<'a> fn(&'a [u8], &mut Cx) -> Res<'a, Message>,
}

/// The rows of `parts`, one after the other, as one table of `N`.
const fn joined<const N: usize>(parts: &[&[Spec]]) -> [Spec; N] {
    let mut out = [parts[0][0]; N];
    let (mut p, mut n) = (0, 0);
    while p < parts.len() {
        let mut k = 0;
        while k < parts[p].len() {
            out[n] = parts[p][k];
            (k, n) = (k + 1, n + 1);
        }
        p += 1;
    }
    assert!(n == N, "the table does not have the rows it says");
    out
}

/// Every message type of `pokerth` (seed 000), in type id order.
pub const TYPES: [Spec; 57] = joined(&[lobby::SPECS, game::SPECS, server::SPECS]);

/// Every message type of `pokerth-2007` (seed 002), in type id order.
pub const TYPES_2007: [Spec; 9] = joined(&[v2007::SPECS]);

/// Every message name of both dialects (a record's `type`).
pub fn type_names() -> Vec<&'static str> {
    TYPES.iter().chain(&TYPES_2007).map(|s| s.name).collect()
}

/// The highest type id either dialect has.
const MAX_ID: usize = 1024;

/// `INDEX[id]`: the row of type `id` in `table`, or `u8::MAX` for none.
/// One load per message where a search of the rows took a handful of
/// branches that no predictor guesses (a message type follows no order).
const fn index<const N: usize>(table: &[Spec; N]) -> [u8; MAX_ID + 1] {
    assert!(N < u8::MAX as usize, "a row number is a u8");
    let mut out = [u8::MAX; MAX_ID + 1];
    let mut k = 0;
    while k < N {
        assert!(table[k].id as usize <= MAX_ID, "a type id past MAX_ID");
        out[table[k].id as usize] = k as u8;
        k += 1;
    }
    out
}

static INDEX: [u8; MAX_ID + 1] = index(&TYPES);
static INDEX_2007: [u8; MAX_ID + 1] = index(&TYPES_2007);

/// The type `id` of dialect `d`, if it has one.
pub fn lookup(d: Dialect, id: u16) -> Option<&'static Spec> {
    let (index, rows): (&[u8; MAX_ID + 1], &'static [Spec]) = match d {
        Dialect::PokerTh => (&INDEX, &TYPES),
        Dialect::PokerTh2007 => (&INDEX_2007, &TYPES_2007),
    };
    let row = *index.get(usize::from(id))?;
    rows.get(usize::from(row))
}

/// True when either dialect has message type `id`.
pub fn known_in_any(id: u16) -> bool {
    lookup(Dialect::PokerTh, id).is_some() || lookup(Dialect::PokerTh2007, id).is_some()
}

// ---------------------------------------------------------------------------
// The message.

/// Declares [`Message`]: a variant per table row, named and typed as the
/// row's struct (the large ones boxed).
macro_rules! message_enum {
    (inline: [$($small:ident),* $(,)?], boxed: [$($large:ident),* $(,)?] $(,)?) => {
        /// One decoded PokerTH message of either dialect. Serialises as its
        /// fields.
        #[derive(Debug, Clone, Serialize)]
        #[serde(untagged)]
        pub enum Message {
            $(
                #[doc = concat!("[`", stringify!($small), "`].")]
                $small($small),
            )*
            $(
                #[doc = concat!("[`", stringify!($large), "`] (boxed: it is larger than the others).")]
                $large(Box<$large>),
            )*
        }

        impl Message {
            /// The message name, the record's `type` (`PlayersActionDone`).
            pub fn type_name(&self) -> &'static str {
                match self {
                    $(Message::$small(_) => $small::NAME,)*
                    $(Message::$large(_) => $large::NAME,)*
                }
            }

            /// The type id on the wire.
            pub fn type_id(&self) -> u16 {
                match self {
                    $(Message::$small(_) => $small::TYPE_ID,)*
                    $(Message::$large(_) => $large::TYPE_ID,)*
                }
            }
        }
    };
}

message_enum! {
    inline: [
        Init, InitAck, RetrieveAvatar, AvatarHeader, AvatarFile, AvatarEnd, UnknownAvatar,
        GameListUpdate, GameListPlayerJoined, GameListPlayerLeft, GameListAdminChanged,
        RetrievePlayerInfo, PlayerInfo, UnknownPlayerId, UnsubscribeGameListMessages,
        ResubscribeGameListMessages, JoinGame, JoinGameFailed, PlayerJoined, PlayerLeft,
        GameAdminChanged, KickPlayer, LeaveCurrentGame, StartEvent, StartEventAck,
        GameStart, HandStart, PlayersTurn, PlayersAction, PlayersActionDone, PlayersActionRejected,
        DealFlopCards, DealTurnCard, DealRiverCard, AllInShowCards, EndOfHandShowCards,
        EndOfHandHideCards, EndOfGame,
        AskKickPlayer, AskKickPlayerDenied, StartKickPlayerPetition, VoteKickPlayer,
        VoteKickPlayerAck, VoteKickPlayerDenied, KickPlayerPetitionUpdate, EndKickPlayerPetition,
        StatisticsChanged, RemovedFromGame, TimeoutWarning, ResetTimeout, SendChatText, ChatText,
        MessageBoxText, Error,
        JoinGame2007, JoinGameAck2007, PlayerJoined2007, PlayerLeft2007, GameStart2007,
        PlayersTurn2007, PlayersAction2007, PlayersActionRejected2007, Error2007,
    ],
    boxed: [GameListNew, CreateGame, JoinGameAck],
}

impl crate::protocols::ProtocolMessage for Message {
    fn type_name(&self) -> &'static str {
        Message::type_name(self)
    }

    fn into_fields(self) -> crate::protocols::Fields {
        crate::protocols::Fields::PokerTh(self)
    }
}
