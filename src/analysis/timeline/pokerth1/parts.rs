//! The parts of a PokerTH 1.x stream's state that its files share: the
//! server, a game of the list and its settings, the players known by name,
//! the client's own game, kick petitions, invitations and chat lines, and
//! the readers of message fields they are made with. It imports none of
//! them: the lobby (`mod.rs`), the client's game (`game.rs`), the tables
//! (`table.rs`) and the drawing (`draw.rs`) import it.

use crate::protocols::pokerth1::messages::{bool_of, enum_of, list_of, schema, u32_of};
use prost_reflect::{DynamicMessage, Kind, ReflectMessage};
use serde::Serialize;
use std::collections::BTreeMap;

/// The server, as Announce says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Server {
    /// The protocol version (`5.1`).
    pub protocol: String,
    /// The latest PokerTH release the server knows (`1.11`).
    pub latest_release: String,
    /// `server_type_lan`, `server_type_internet_no_auth`...
    pub server_type: String,
    /// Players online when the client came.
    pub players_on_server: Option<u32>,
}

/// A game's settings (`NetGameInfo`), keys as the decoder's records name
/// them; each field absent on the wire is `null`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[allow(missing_docs)]
pub struct Settings {
    pub net_game_type: Option<String>,
    pub max_num_players: Option<u32>,
    pub raise_interval_mode: Option<String>,
    pub raise_every_hands: Option<u32>,
    pub raise_every_minutes: Option<u32>,
    pub end_raise_mode: Option<String>,
    pub end_raise_small_blind_value: Option<u32>,
    pub proposed_gui_speed: Option<u32>,
    pub delay_between_hands: Option<u32>,
    pub player_action_timeout: Option<u32>,
    pub first_small_blind: Option<u32>,
    pub start_money: Option<u32>,
    pub manual_blinds: Vec<u32>,
    pub allow_spectators: Option<bool>,
}

impl Settings {
    /// The settings of a `NetGameInfo`.
    pub(super) fn of(g: &DynamicMessage) -> Settings {
        let u = |f| u32_of(g, f);
        let e = |f| enum_text(g, f);
        Settings {
            net_game_type: e("netGameType"),
            max_num_players: u("maxNumPlayers"),
            raise_interval_mode: e("raiseIntervalMode"),
            raise_every_hands: u("raiseEveryHands"),
            raise_every_minutes: u("raiseEveryMinutes"),
            end_raise_mode: e("endRaiseMode"),
            end_raise_small_blind_value: u("endRaiseSmallBlindValue"),
            proposed_gui_speed: u("proposedGuiSpeed"),
            delay_between_hands: u("delayBetweenHands"),
            player_action_timeout: u("playerActionTimeout"),
            first_small_blind: u("firstSmallBlind"),
            start_money: u("startMoney"),
            manual_blinds: ids(g, "manualBlinds"),
            allow_spectators: bool_of(g, "allowSpectators"),
        }
    }
}

/// A game of the game list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LobbyGame {
    /// Game ID.
    pub game_id: u32,
    /// Its name.
    pub name: Option<String>,
    /// `created`, `started` or `closed`.
    pub mode: String,
    /// Private (invitation only or password).
    pub private: Option<bool>,
    /// The admin's player id.
    pub admin: Option<u32>,
    /// The players' ids.
    pub players: Vec<u32>,
    /// The spectators' ids.
    pub spectators: Vec<u32>,
    /// The settings.
    pub settings: Settings,
}

/// A player the stream named.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KnownPlayer {
    /// The name, once Player Info Reply (or the client's Init) gave it.
    pub name: Option<String>,
    /// Human (false: a computer player), when known.
    pub human: Option<bool>,
    /// `net_player_rights_guest`, `..._normal`, `..._admin`.
    pub rights: Option<String>,
    /// The country code, when given.
    pub country: Option<String>,
    /// True when the server replied without data: it does not know the id.
    pub unknown_to_server: bool,
}

/// A chat line, a dialog of the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChatLine {
    /// The frame.
    pub frame: u64,
    /// `lobby`, `game`, `bot`, `broadcast`, `private` (ChatType without
    /// its `chat_type_`), or `dialog` for the server's Dialog.
    pub kind: String,
    /// The game, for a game's chat.
    pub game_id: Option<u32>,
    /// Who said it.
    pub player: Option<u32>,
    /// What.
    pub text: String,
}

/// The game the client is in (as a player or a spectator).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnGame {
    /// Game ID.
    pub game_id: u32,
    /// The players (ids; the client first when it plays).
    pub players: Vec<u32>,
    /// The spectators.
    pub spectators: Vec<u32>,
    /// The admin, when known.
    pub admin: Option<u32>,
    /// True when the client only watches.
    pub spectating: bool,
    /// True once the game started.
    pub started: bool,
    /// The settings (Join Game Ack).
    pub settings: Settings,
}

/// An open kick petition (its end, with the result, is in the kicks).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Petition {
    /// The game.
    pub game_id: u32,
    /// Who asked.
    pub proposer: u32,
    /// Whom to kick.
    pub target: u32,
    /// Votes needed to kick.
    pub votes_needed: u32,
    /// Votes against so far.
    pub against: u32,
    /// Votes in favour so far.
    pub in_favour: u32,
    /// Seconds to vote.
    pub timeout_sec: Option<u32>,
}

/// An invitation to a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Invitation {
    /// The frame.
    pub frame: u64,
    /// The game.
    pub game_id: u32,
    /// Who is invited.
    pub who: u32,
    /// By whom (`None` for the client's own, asked of the server).
    pub by: Option<u32>,
    /// The answer, once refused.
    pub rejected: Option<String>,
}

/// The record name of enumeration field `f` of `m` (its number when the
/// protocol does not name it).
pub(super) fn enum_text(m: &DynamicMessage, f: &str) -> Option<String> {
    let n = enum_of(m, f)?;
    let fd = m.descriptor().get_field_by_name(f)?;
    let name = match fd.kind() {
        Kind::Enum(e) => schema().enum_value(e.full_name(), n),
        _ => None,
    };
    Some(name.map_or_else(|| n.to_string(), str::to_owned))
}

/// A repeated `uint32` field.
pub(super) fn ids(m: &DynamicMessage, f: &str) -> Vec<u32> {
    list_of(m, f).iter().filter_map(|v| v.as_u32()).collect()
}

/// `name (id)`, or the id alone while the name is unknown.
pub(super) fn name_in(players: &BTreeMap<u32, KnownPlayer>, id: u32) -> String {
    match players.get(&id).and_then(|p| p.name.as_deref()) {
        Some(n) => format!("{n} ({id})"),
        None => id.to_string(),
    }
}

/// Adds `id` to `v` unless it is there.
pub(super) fn push_new(v: &mut Vec<u32>, id: u32) {
    if !v.contains(&id) {
        v.push(id);
    }
}
