//! The one-line summary of a PokerTH 1.x message, for the table view: the
//! game's messages in the words every poker dialect shares
//! ([`crate::protocols::poker_words`]), every other message as its fields
//! in short; players named as the stream told them ([`Names`]), lists as
//! their values.

use super::{bool_of, enum_of, list_of, message_of, schema, string_of, u32_of, Message};
use crate::protocols::names::Names;
use crate::protocols::poker_words::{self as words, Act, Action, Amount, Shown};
use crate::protocols::pokerth::messages::PtCard;
use prost_reflect::{DynamicMessage, ReflectMessage, Value};
use std::fmt::Write;

impl Message {
    /// Learns the names the message tells: Player Info Reply, the
    /// client's own from Init's nick and Init Ack's id, and a player's new
    /// id (Player Id Changed). Looks at the body of those messages only.
    pub fn learn_names(&self, names: &mut Names) {
        match self.name {
            "PlayerInfoReply" => {
                let m = self.body();
                let name =
                    message_of(m, "playerInfoData").and_then(|i| string_of(&i, "playerName"));
                if let (Some(id), Some(name)) = (u32_of(m, "playerId"), name) {
                    names.tell(id, &name);
                }
            }
            "Init" => {
                if let Some(nick) = string_of(self.body(), "nickName") {
                    names.my_name(&nick);
                }
            }
            "InitAck" => {
                if let Some(id) = u32_of(self.body(), "yourPlayerId") {
                    names.my_id(id);
                }
            }
            "PlayerIdChanged" => {
                let m = self.body();
                if let (Some(old), Some(new)) = (u32_of(m, "oldPlayerId"), u32_of(m, "newPlayerId"))
                {
                    names.renamed(old, new);
                }
            }
            _ => {}
        }
    }

    /// A one-line summary for people, players by id only.
    pub fn summary(&self) -> String {
        self.summary_with(&crate::protocols::names::NONE)
    }

    /// A one-line summary for people, players named as `names` knows them.
    pub fn summary_with(&self, names: &Names) -> String {
        let m = self.body();
        let u = |f: &str| u32_of(m, f).map_or_else(|| "?".to_owned(), |v| v.to_string());
        let who = |f: &str| match u32_of(m, f) {
            Some(id) => names.who(id).to_string(),
            None => "player ?".to_owned(),
        };
        let cardf = |f: &str| u32_of(m, f).map_or_else(|| "?".to_owned(), card);
        let round = || street(m);
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
            "InitAck" => format!("init ack: you are {}", who("yourPlayerId")),
            "HandStart" => {
                let mut details = vec![format!("small blind {}", u("smallBlind"))];
                if u32_of(m, "dealerPlayerId").is_some() {
                    details.push(format!("button {}", who("dealerPlayerId")));
                }
                if let Some(c) = message_of(m, "plainCards") {
                    let c1 = u32_of(&c, "plainCard1").map_or("?".into(), card);
                    let c2 = u32_of(&c, "plainCard2").map_or("?".into(), card);
                    details.push(format!("your cards {}", words::cards([c1, c2])));
                }
                words::hand_starts(None, &details)
            }
            "GameStartInitial" => format!(
                "game {} starts: button {}, seats {}",
                u("gameId"),
                who("startDealerPlayerId"),
                player_list(names, m, "playerSeats")
            ),
            "PlayersTurn" => match u32_of(m, "playerId") {
                Some(id) => words::to_act(names.who(id), round().as_deref()),
                None => short(m, names),
            },
            // The client's own action: what it adds (myRelativeBet).
            "MyActionRequest" => words::request(
                names.client(),
                act(m, "myAction"),
                adds(u32_of(m, "myRelativeBet")),
                round().as_deref(),
            ),
            "YourActionRejected" => words::rejected(
                names.client(),
                act(m, "yourAction"),
                adds(u32_of(m, "yourRelativeBet")),
                round().as_deref(),
                &en(m, "rejectionReason"),
            ),
            // totalPlayerBet is the player's bet in the round after the
            // action; the blinds are action "none" in the blinds' states.
            "PlayersActionDone" => {
                let state = enum_of(m, "gameState");
                let act = match (enum_of(m, "playerAction"), state) {
                    (Some(0), Some(4)) => Act::SmallBlind,
                    (Some(0), Some(5)) => Act::BigBlind,
                    _ => act(m, "playerAction"),
                };
                match u32_of(m, "playerId") {
                    Some(id) => Action {
                        who: names.who(id),
                        act,
                        amount: u32_of(m, "totalPlayerBet")
                            .map_or(Amount::Unsaid, |b| Amount::To(u64::from(b))),
                        stack: u32_of(m, "playerMoney").map(u64::from),
                        street: round().as_deref(),
                    }
                    .to_string(),
                    None => short(m, names),
                }
            }
            "DealFlopCards" => words::dealt(
                "flop",
                words::cards([cardf("flopCard1"), cardf("flopCard2"), cardf("flopCard3")]),
            ),
            "DealTurnCard" => words::dealt("turn", words::cards([cardf("turnCard")])),
            "DealRiverCard" => words::dealt("river", words::cards([cardf("riverCard")])),
            "AllInShowCards" => {
                let shown: Vec<(u32, String)> = (list_of(m, "playersAllIn").iter())
                    .filter_map(Value::as_message)
                    .map(|p| {
                        let c = |f| u32_of(p, f).map_or("?".into(), card);
                        (
                            u32_of(p, "playerId").unwrap_or(0),
                            words::cards([c("allInCard1"), c("allInCard2")]),
                        )
                    })
                    .collect();
                words::all_in_shown(shown.into_iter().map(|(id, c)| (names.who(id), c)))
            }
            "EndOfHandShowCards" => {
                let results: Vec<Shown> = (list_of(m, "playerResults").iter())
                    .filter_map(Value::as_message)
                    .map(|r| result(r, names))
                    .collect();
                words::showdown(&results)
            }
            "AfterHandShowCards" => match message_of(m, "playerResult") {
                Some(r) => {
                    let r = result(&r, names);
                    format!("after the hand, {} shows {}", r.who, r.cards)
                }
                None => short(m, names),
            },
            "EndOfHandHideCards" => match (u32_of(m, "playerId"), u32_of(m, "moneyWon")) {
                (Some(id), Some(won)) => words::wins_without_showdown(
                    names.who(id),
                    u64::from(won),
                    u32_of(m, "playerMoney").map(u64::from),
                ),
                _ => short(m, names),
            },
            "EndOfGame" => match u32_of(m, "winnerPlayerId") {
                Some(id) => words::game_over(names.who(id)),
                None => short(m, names),
            },
            "ChatRequest" | "Chat" | "ChatReject" => {
                let text = string_of(m, "chatText").unwrap_or_default();
                match u32_of(m, "playerId") {
                    Some(id) => format!("chat from {}: {text}", names.who(id)),
                    None => format!("chat: {text}"),
                }
            }
            "PlayerInfoReply" => {
                let info = message_of(m, "playerInfoData");
                let name = info.as_ref().and_then(|i| string_of(i, "playerName"));
                let human = info.as_ref().and_then(|i| bool_of(i, "isHuman"));
                match u32_of(m, "playerId") {
                    Some(id) => words::is_named(id, name.as_deref(), human),
                    None => short(m, names),
                }
            }
            _ => short(m, names),
        }
    }
}

/// A PlayerResult: who, their cards, what they won, their money after.
fn result<'a>(r: &DynamicMessage, names: &'a Names) -> Shown<'a> {
    let c = |f| u32_of(r, f).map_or("?".into(), card);
    Shown {
        who: names.who(u32_of(r, "playerId").unwrap_or(0)),
        cards: words::cards([c("resultCard1"), c("resultCard2")]),
        won: u32_of(r, "moneyWon").map_or(0, u64::from),
        stack: u32_of(r, "playerMoney").map(u64::from),
    }
}

/// The betting round of a `gameState` field: preflop .. river (the
/// blinds' states are preflop).
fn street(m: &DynamicMessage) -> Option<String> {
    let n = enum_of(m, "gameState")?;
    Some(match n {
        4 | 5 => "preflop".to_owned(),
        n => u32::try_from(n)
            .ok()
            .and_then(words::street_name)
            .map_or_else(|| en(m, "gameState"), str::to_owned),
    })
}

/// A `NetPlayerAction` field (0 none, 1 fold .. 6 all in).
fn act(m: &DynamicMessage, f: &str) -> Act {
    match enum_of(m, f) {
        Some(0) => Act::Nothing,
        Some(1) => Act::Fold,
        Some(2) => Act::Check,
        Some(3) => Act::Call,
        Some(4) => Act::Bet,
        Some(5) => Act::Raise,
        Some(6) => Act::AllIn,
        Some(n) => Act::Code(n as u32),
        None => Act::Code(0),
    }
}

/// A relative bet, 0 for an action without one.
fn adds(bet: Option<u32>) -> Amount {
    match bet {
        Some(b) if b > 0 => Amount::Adds(u64::from(b)),
        _ => Amount::Unsaid,
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
    enum_name(m, f, n)
}

/// Value `n` of enumeration field `f` of `m` by its record name (its
/// number when the enumeration has no such value).
fn enum_name(m: &DynamicMessage, f: &str, n: i32) -> String {
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
    match message_of(m, f) {
        Some(v) => format!(
            "{}.{}",
            u32_of(&v, "majorVersion").unwrap_or(0),
            u32_of(&v, "minorVersion").unwrap_or(0)
        ),
        None => "?".into(),
    }
}

/// Whether field `name` holds player ids (`playerId`, `adminPlayerId`,
/// `playerIdWho`, `playerIds`, `playerSeats`, `spectatorIds`...).
fn is_player_field(name: &str) -> bool {
    name.starts_with("playerId")
        || name.contains("PlayerId")
        || matches!(name, "playerIds" | "playerSeats" | "spectatorIds")
}

/// A repeated field of player ids as the players: `[alice (1), 2]`.
fn player_list(names: &Names, m: &DynamicMessage, f: &str) -> String {
    let ids = list_of(m, f).into_iter().filter_map(|v| v.as_u32());
    words::players(names, ids)
}

/// Any message: its fields in short (`game_id 1, player_id alice (3)`),
/// lists as their values (`player_ids [2, 3]`), nested messages as `{..}`.
fn short(m: &DynamicMessage, names: &Names) -> String {
    let mut s = String::new();
    for (fd, v) in m.fields() {
        if !s.is_empty() {
            s.push_str(", ");
        }
        let _ = write!(s, "{} ", fd.json_name());
        let players = is_player_field(fd.name());
        match v {
            Value::List(l) => s.push_str(&words::list(
                l.iter()
                    .map(|item| value(m, fd.name(), item, players, names)),
            )),
            other => s.push_str(&value(m, fd.name(), other, players, names)),
        }
    }
    if s.is_empty() {
        s.push_str("(no fields)");
    }
    s
}

/// One value of field `f` of `m` in short; `player`: the field holds
/// player ids.
fn value(m: &DynamicMessage, f: &str, v: &Value, player: bool, names: &Names) -> String {
    match v {
        Value::Message(_) => "{..}".to_owned(),
        Value::String(t) => format!("{t:?}"),
        Value::Bytes(b) => format!("({} bytes)", b.len()),
        Value::EnumNumber(n) => enum_name(m, f, *n),
        Value::U32(n) if player => names.who(*n).in_list().to_string(),
        Value::U32(n) if super::is_card_field(f) => card(*n),
        Value::U32(n) => n.to_string(),
        Value::U64(n) => n.to_string(),
        Value::I32(n) => n.to_string(),
        Value::I64(n) => n.to_string(),
        Value::F32(n) => n.to_string(),
        Value::F64(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_fields() {
        for f in [
            "playerId",
            "adminPlayerId",
            "playerIdWho",
            "startDealerPlayerId",
            "playerSeats",
            "spectatorIds",
        ] {
            assert!(is_player_field(f), "{f}");
        }
        for f in ["gameId", "playerMoney", "playerResults", "playersAllIn"] {
            assert!(!is_player_field(f), "{f}");
        }
    }
}
