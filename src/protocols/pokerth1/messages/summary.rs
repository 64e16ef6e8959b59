//! The one-line summary of a PokerTH 1.x message, for the table view: the
//! game's messages in words, every other message as its fields in short.

use super::{bool_of, enum_of, schema, string_of, u32_of, Message};
use crate::protocols::pokerth::messages::PtCard;
use prost_reflect::{DynamicMessage, ReflectMessage, Value};
use std::fmt::Write;

impl Message {
    /// A one-line summary for people.
    pub fn summary(&self) -> String {
        let m = self.body();
        let u = |f: &str| u32_of(m, f).map_or_else(|| "?".to_owned(), |v| v.to_string());
        let cardf = |f: &str| u32_of(m, f).map_or_else(|| "?".to_owned(), card);
        match self.name {
            "Announce" => format!(
                "server announces protocol {}, release {}, {} player(s) online",
                version(m, "protocolVersion"),
                version(m, "latestGameVersion"),
                u("numPlayersOnServer")
            ),
            "Init" => format!(
                "init: protocol {}, nick {}",
                version(m, "requestedVersion"),
                quoted(string_of(m, "nickName"))
            ),
            "InitAck" => format!("init ack: you are player {}", u("yourPlayerId")),
            "HandStart" => {
                let mut s = format!(
                    "hand starts: small blind {}, dealer {}",
                    u("smallBlind"),
                    u("dealerPlayerId")
                );
                if let Some(c) = super::message_of(m, "plainCards") {
                    let c1 = u32_of(&c, "plainCard1").map_or("?".into(), card);
                    let c2 = u32_of(&c, "plainCard2").map_or("?".into(), card);
                    let _ = write!(s, ", your cards {c1} {c2}");
                }
                s
            }
            "PlayersTurn" => format!("player {}'s turn ({})", u("playerId"), en(m, "gameState")),
            "MyActionRequest" => format!(
                "I {} {} ({}, hand {})",
                en(m, "myAction"),
                u("myRelativeBet"),
                en(m, "gameState"),
                u("handNum")
            ),
            "YourActionRejected" => format!(
                "action {} {} rejected: {}",
                en(m, "yourAction"),
                u("yourRelativeBet"),
                en(m, "rejectionReason")
            ),
            "PlayersActionDone" => format!(
                "player {} {}: total bet {}, money {} ({}, highest {}, min raise {})",
                u("playerId"),
                en(m, "playerAction"),
                u("totalPlayerBet"),
                u("playerMoney"),
                en(m, "gameState"),
                u("highestSet"),
                u("minimumRaise")
            ),
            "DealFlopCards" => format!(
                "flop {} {} {}",
                cardf("flopCard1"),
                cardf("flopCard2"),
                cardf("flopCard3")
            ),
            "DealTurnCard" => format!("turn {}", cardf("turnCard")),
            "DealRiverCard" => format!("river {}", cardf("riverCard")),
            "EndOfHandHideCards" => format!(
                "player {} wins {} without showdown, money {}",
                u("playerId"),
                u("moneyWon"),
                u("playerMoney")
            ),
            "EndOfGame" => format!("game over: player {} wins", u("winnerPlayerId")),
            "ChatRequest" | "Chat" | "ChatReject" => {
                let who = u32_of(m, "playerId").map(|p| format!("player {p}: "));
                format!(
                    "{}{}",
                    who.unwrap_or_default(),
                    quoted(string_of(m, "chatText"))
                )
            }
            "PlayerInfoReply" => {
                let info = super::message_of(m, "playerInfoData");
                let name = info.as_ref().and_then(|i| string_of(i, "playerName"));
                let human = info.as_ref().and_then(|i| bool_of(i, "isHuman"));
                format!(
                    "player {} is {}{}",
                    u("playerId"),
                    quoted(name),
                    if human == Some(false) {
                        " (computer)"
                    } else {
                        ""
                    }
                )
            }
            _ => short(m),
        }
    }
}

/// A card number as `"Ah"`, or the number when it is not a card.
fn card(v: u32) -> String {
    u16::try_from(v).map_or_else(|_| v.to_string(), |c| PtCard(c).to_string())
}

fn quoted(s: Option<String>) -> String {
    s.map_or_else(|| "?".into(), |s| format!("{s:?}"))
}

/// An enumeration field by its record name.
fn en(m: &DynamicMessage, f: &str) -> String {
    let Some(n) = enum_of(m, f) else {
        return "?".into();
    };
    let name = m
        .descriptor()
        .get_field_by_name(f)
        .and_then(|fd| match fd.kind() {
            prost_reflect::Kind::Enum(e) => schema().enum_value(e.full_name(), n),
            _ => None,
        });
    name.map_or_else(|| n.to_string(), str::to_owned)
}

/// A `Version` sub-message as `5.1`.
fn version(m: &DynamicMessage, f: &str) -> String {
    match super::message_of(m, f) {
        Some(v) => format!(
            "{}.{}",
            u32_of(&v, "majorVersion").unwrap_or(0),
            u32_of(&v, "minorVersion").unwrap_or(0)
        ),
        None => "?".into(),
    }
}

/// Any message: its fields in short (`game_id 1, player_id 3`), nested
/// messages and lists counted.
fn short(m: &DynamicMessage) -> String {
    let mut s = String::new();
    for (fd, v) in m.fields() {
        if !s.is_empty() {
            s.push_str(", ");
        }
        let _ = match v {
            Value::List(l) => write!(s, "{} [{}]", fd.json_name(), l.len()),
            Value::Message(_) => write!(s, "{} {{..}}", fd.json_name()),
            Value::String(t) => write!(s, "{} {t:?}", fd.json_name()),
            Value::Bytes(b) => write!(s, "{} ({} bytes)", fd.json_name(), b.len()),
            Value::EnumNumber(_) => write!(s, "{} {}", fd.json_name(), en(m, fd.name())),
            Value::U32(n) if super::is_card_field(fd.name()) => {
                write!(s, "{} {}", fd.json_name(), card(*n))
            }
            Value::U32(n) => write!(s, "{} {n}", fd.json_name()),
            Value::Bool(b) => write!(s, "{} {b}", fd.json_name()),
            other => write!(s, "{} {other:?}", fd.json_name()),
        };
    }
    if s.is_empty() {
        s.push_str("(no fields)");
    }
    s
}
