//! The fifteen GLS events as typed values.
//!
//! Field names are the specification's in snake_case; Protoverack's embedded
//! Protocol Version Exchange is flattened (`ack`, `reason`, `magic`,
//! `version`, `software`). Strings are the bytes before the first NUL.

use serde::Serialize;

crate::wire_enum! {
    /// A die color (`GLS_COLOR_*`); 0 is "no color" (`GLS_COLOR_NULL`).
    pub Color(u32) {
        0 => "none",
        1 => "red",
        2 => "orange",
        3 => "yellow",
        4 => "green",
        5 => "blue",
        6 => "purple",
    }
}

crate::wire_enum! {
    /// PlatePlace flags: 0, or `GLS_PLATE_FLAG_EMPTY` (no plate at the
    /// location). Other bits are unused and must not be set.
    pub PlateFlags(u32) {
        0 => "none",
        1 => "empty",
    }
}

/// `GLS_COLOR_MAX`: the last valid color (purple).
pub const COLOR_MAX: u32 = 6;
/// `GLS_DIE_MAX`: die numbers must be below it.
pub const DIE_MAX: u32 = 25;

/// 1: the client's Protocol Version Exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Protover {
    /// Should be "GLS".
    pub magic: String,
    /// The client's protocol version ("0.0").
    pub version: String,
    /// The client's software ("gls").
    pub software: String,
}

/// 2: the server's acknowledgement, with its own version exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Protoverack {
    /// Nonzero: the client's version is accepted.
    pub ack: u16,
    /// Why the version was rejected (empty when accepted).
    pub reason: String,
    /// Should be "GLS".
    pub magic: String,
    /// The server's protocol version.
    pub version: String,
    /// The server's software ("glsd").
    pub software: String,
}

/// 3: the client asks for a nickname.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NickReq {
    /// The nickname requested.
    pub nick: String,
}

/// 4: the server sets the client's nickname, or (empty nick) refuses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NickSet {
    /// The nickname set; empty when a request was rejected.
    pub nick: String,
    /// Why the request was rejected (empty when set).
    pub reason: String,
}

/// 5: another player's nickname changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NickChange {
    /// The nickname before.
    pub old_nick: String,
    /// The nickname after.
    pub new_nick: String,
}

/// 6 (PlayerJoin) and 7 (PlayerPart): a player joined or left the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The player's nickname.
    pub nick: String,
}

/// 8: the server shuts down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shutdown {
    /// Why.
    pub reason: String,
}

/// 9: the client says something to everyone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Say1 {
    /// The text.
    pub message: String,
}

/// 10: the server relays what a player said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Say2 {
    /// Who said it.
    pub nick: String,
    /// When, in seconds since the Unix epoch.
    pub time: u64,
    /// `time` as RFC 3339 UTC; null past the year 9999.
    pub time_utc: Option<String>,
    /// The text.
    pub message: String,
}

/// 11: the game state is synchronised; the message of the day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SyncEnd {
    /// The message of the day.
    pub motd: String,
}

/// 12: a plate on the board (sent while synchronising).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlatePlace {
    /// Three-letter abbreviation.
    pub abbrev: String,
    /// The plate's concept.
    pub description: String,
    /// The plate's name.
    pub name: String,
    /// Board location, "A1" .. "H8".
    pub loc: String,
    /// [`PlateFlags`].
    pub flags: PlateFlags,
}

/// 13: the client tries to place a die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiePlaceTry {
    /// Board location.
    pub loc: String,
    /// The color wanted; `none` lets the server choose.
    pub color: Color,
}

/// 14: the server refuses a die placement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiePlaceReject {
    /// Board location.
    pub loc: String,
    /// The color asked for.
    pub color: Color,
    /// Why.
    pub reason: String,
}

/// 15: a die was placed on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiePlace {
    /// Board location.
    pub loc: String,
    /// The die's color.
    pub color: Color,
    /// Who placed it.
    pub nick: String,
    /// The die number, below [`DIE_MAX`].
    pub die: u32,
}

/// Any GLS event. Serialises as its fields only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Message {
    /// 1.
    Protover(Protover),
    /// 2.
    Protoverack(Protoverack),
    /// 3.
    NickReq(NickReq),
    /// 4.
    NickSet(NickSet),
    /// 5.
    NickChange(NickChange),
    /// 6.
    PlayerJoin(Player),
    /// 7.
    PlayerPart(Player),
    /// 8.
    Shutdown(Shutdown),
    /// 9.
    Say1(Say1),
    /// 10.
    Say2(Say2),
    /// 11.
    SyncEnd(SyncEnd),
    /// 12.
    PlatePlace(PlatePlace),
    /// 13.
    DiePlaceTry(DiePlaceTry),
    /// 14.
    DiePlaceReject(DiePlaceReject),
    /// 15.
    DiePlace(DiePlace),
}

/// Every event name (a record's `type`).
pub fn type_names() -> Vec<&'static str> {
    (0..=u8::MAX.into()).filter_map(event_name).collect()
}

/// The name of event type `event_type` (as in PROTOCOL-NOTES.md).
pub fn event_name(event_type: u32) -> Option<&'static str> {
    Some(match event_type {
        1 => "Protover",
        2 => "Protoverack",
        3 => "NickReq",
        4 => "NickSet",
        5 => "NickChange",
        6 => "PlayerJoin",
        7 => "PlayerPart",
        8 => "Shutdown",
        9 => "Say1",
        10 => "Say2",
        11 => "SyncEnd",
        12 => "PlatePlace",
        13 => "DiePlaceTry",
        14 => "DiePlaceReject",
        15 => "DiePlace",
        _ => return None,
    })
}

/// True for the events a client sends (the others come from the server).
pub fn is_client_event(event_type: u32) -> bool {
    matches!(event_type, 1 | 3 | 9 | 13)
}

impl Message {
    /// The event type on the wire.
    pub fn type_id(&self) -> u32 {
        match self {
            Message::Protover(_) => 1,
            Message::Protoverack(_) => 2,
            Message::NickReq(_) => 3,
            Message::NickSet(_) => 4,
            Message::NickChange(_) => 5,
            Message::PlayerJoin(_) => 6,
            Message::PlayerPart(_) => 7,
            Message::Shutdown(_) => 8,
            Message::Say1(_) => 9,
            Message::Say2(_) => 10,
            Message::SyncEnd(_) => 11,
            Message::PlatePlace(_) => 12,
            Message::DiePlaceTry(_) => 13,
            Message::DiePlaceReject(_) => 14,
            Message::DiePlace(_) => 15,
        }
    }

    /// The event name (`DiePlaceTry`, ...).
    pub fn type_name(&self) -> &'static str {
        event_name(self.type_id()).unwrap_or("Unknown")
    }

    /// One line for people: "die 3 (red) placed at C4 by alice".
    pub fn summary(&self) -> String {
        match self {
            Message::Protover(m) => {
                format!("protocol version {} ({})", m.version, or_none(&m.software))
            }
            Message::Protoverack(m) if m.ack != 0 => format!(
                "protocol accepted: server version {} ({})",
                m.version,
                or_none(&m.software)
            ),
            Message::Protoverack(m) => format!(
                "protocol rejected: {} (server version {})",
                or_none(&m.reason),
                m.version
            ),
            Message::NickReq(m) => format!("nick request: {}", m.nick),
            Message::NickSet(m) if m.nick.is_empty() => {
                format!("nick rejected: {}", or_none(&m.reason))
            }
            Message::NickSet(m) => format!("nick set: {}", m.nick),
            Message::NickChange(m) => format!("{} is now {}", m.old_nick, m.new_nick),
            Message::PlayerJoin(m) => format!("{} joined", m.nick),
            Message::PlayerPart(m) => format!("{} left", m.nick),
            Message::Shutdown(m) => format!("server shutdown: {}", or_none(&m.reason)),
            Message::Say1(m) => format!("say: {}", m.message),
            Message::Say2(m) => format!("{} says: {}", m.nick, m.message),
            Message::SyncEnd(m) => format!("sync end, motd: {}", or_none(&m.motd)),
            Message::PlatePlace(m) if m.flags.0 & 1 != 0 => format!("no plate at {}", m.loc),
            Message::PlatePlace(m) => {
                format!("plate \"{}\" ({}) placed at {}", m.name, m.abbrev, m.loc)
            }
            Message::DiePlaceTry(m) if m.color.0 == 0 => {
                format!("try die at {} (any color)", m.loc)
            }
            Message::DiePlaceTry(m) => format!("try die ({}) at {}", m.color, m.loc),
            Message::DiePlaceReject(m) => {
                format!("rejected die at {}: {}", m.loc, or_none(&m.reason))
            }
            Message::DiePlace(m) => format!(
                "die {} ({}) placed at {} by {}",
                m.die, m.color, m.loc, m.nick
            ),
        }
    }
}

/// The text, or "-" when it is empty.
fn or_none(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

impl crate::protocols::ProtocolMessage for Message {
    fn type_name(&self) -> &'static str {
        Message::type_name(self)
    }

    fn into_fields(self) -> crate::protocols::Fields {
        crate::protocols::Fields::Gls(self)
    }
}
