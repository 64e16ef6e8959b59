//! A PokerTH 1.x stream as one client sees it: the lobby (the server, the
//! players online and known by name, the game list with each game's
//! settings, players, spectators and admin, the game the client is in,
//! statistics, open kick petitions, and the latest chat, kicks and votes,
//! invitations, errors and notices: the last
//! [`KEPT`](super::recent::KEPT) of each) and the table of the game it
//! plays, or last played ([`table`]). The client's own game, kicks and
//! invitations are read in [`game`]; the state is drawn in
//! [`draw`](mod@draw).
//!
//! Entries go when the protocol says they ended: a game once the list says
//! it is closed, a player once offline (unless the client's game or table
//! still shows them), a petition once it ends or the client is removed from
//! its game. The client plays at one table at a time: when a table starts,
//! that of the game played before goes (it stays until then, to be drawn).
//!
//! Messages are read by their wire names (`playerId`) through the
//! decoder's accessors; enumerations are shown by their record names
//! (`kicked_from_game`), an unknown value as its number.

pub mod draw;
pub mod game;
pub mod table;
#[cfg(test)]
mod tests;

use super::recent::Recent;
pub use super::Event;
use crate::analysis::hands::table::TableState;
use crate::decode::Record;
use crate::protocols::pokerth1::messages::{
    bool_of, enum_of, list_of, message_of, schema, string_of, u32_of, Message,
};
pub use draw::draw;
use game::is_game_message;
pub use game::{Invitation, OwnGame, Petition};
use prost_reflect::{DynamicMessage, Kind, ReflectMessage};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use table::{is_table_message, Table};

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

/// The state of a PokerTH 1.x stream.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Lobby {
    /// The server (Announce).
    pub server: Option<Server>,
    /// The client's player id (Init Ack).
    pub me: Option<u32>,
    /// The client's name (Init).
    pub my_name: Option<String>,
    /// The players online (Player List).
    pub online: BTreeSet<u32>,
    /// Players by id (one leaves when it goes offline, unless the client's
    /// game or table still shows it).
    pub players: BTreeMap<u32, KnownPlayer>,
    /// The game list, by game id (a game leaves it once closed). Each
    /// game is boxed: a map's node has room for eleven entries, and a
    /// lobby that lists one game would otherwise hold eleven games' room
    /// (measured: 2 KB of every PokerTH stream open at once).
    pub games: BTreeMap<u32, Box<LobbyGame>>,
    /// The game the client is in.
    pub own_game: Option<OwnGame>,
    /// The table of the game the client plays or watches, or last did, by
    /// game id (one at a time: a table goes when another starts).
    pub tables: BTreeMap<u32, Table>,
    /// The hand in play at the client's table, or the last one, as the
    /// hand views tell it (`super::poker`).
    pub table: Option<TableState>,
    /// Server statistics by name.
    pub statistics: BTreeMap<String, u32>,
    /// The open kick petitions by id (one leaves when it ends, a game's
    /// when the client is removed from that game).
    pub petitions: BTreeMap<u32, Petition>,
    /// The last 16 kicks asked for, votes and their answers, players kicked
    /// and petitions' ends.
    pub kicks: Recent<Event>,
    /// The last 16 invitations.
    pub invitations: Recent<Invitation>,
    /// The last 16 chat lines and server dialogs.
    pub chat: Recent<ChatLine>,
    /// The last 16 errors and refusals from the server.
    pub errors: Recent<Event>,
    /// The last 16 timeout warnings, answers to reports and admin requests.
    pub notices: Recent<Event>,
    /// True when the client unsubscribed from the game list.
    pub unsubscribed: bool,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
    /// The game of the last table message (the table drawn).
    #[serde(skip)]
    pub(super) table_game: Option<u32>,
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

fn mode_of(m: &DynamicMessage) -> String {
    match enum_of(m, "gameMode") {
        Some(1) => "created".into(),
        Some(2) => "started".into(),
        Some(3) => "closed".into(),
        other => other.map_or("?".into(), |n| n.to_string()),
    }
}

impl Lobby {
    /// An empty state.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    pub(super) fn name(&self, id: u32) -> String {
        name_in(&self.players, id)
    }

    /// Makes `table` the one the client plays at, in place of any other
    /// (a client plays one game at a time).
    pub(super) fn start_table(&mut self, table: Table) {
        let id = table.game_id;
        self.tables.clear();
        self.tables.insert(id, table);
        self.table_game = Some(id);
    }

    /// Whether the client, its game or its table shows player `id`.
    fn shows(&self, id: u32) -> bool {
        let own = self.own_game.as_ref();
        self.me == Some(id)
            || own.is_some_and(|g| g.players.contains(&id) || g.spectators.contains(&id))
            || (self.tables.values()).any(|t| t.seats.iter().any(|s| s.player == id))
    }

    /// Applies one message; returns what changed (`None` for messages that
    /// leave the state as it was).
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<String> {
        let b = m.body();
        let u = |f: &str| u32_of(b, f);
        let e = |f: &str| enum_text(b, f).unwrap_or_else(|| "?".into());
        if is_table_message(m.name) {
            let game = u("gameId").or(self.table_game)?;
            if !self.tables.contains_key(&game) {
                // A game begun before the capture: its table, from now on.
                self.start_table(Table::unseen(game));
            }
            self.table_game = Some(game);
            let table = self.tables.get_mut(&game)?;
            return table.message(r, m, self.me, &self.players);
        }
        if is_game_message(m.name) {
            return self.game_message(r, m);
        }
        let game = u("gameId");
        let player = u("playerId");
        Some(match m.name {
            "Announce" => {
                let v = |f| {
                    message_of(b, f).map_or("?".into(), |v| {
                        let n = |x| u32_of(&v, x).unwrap_or(0);
                        format!("{}.{}", n("majorVersion"), n("minorVersion"))
                    })
                };
                let s = Server {
                    protocol: v("protocolVersion"),
                    latest_release: v("latestGameVersion"),
                    server_type: e("serverType"),
                    players_on_server: u("numPlayersOnServer"),
                };
                let t = format!(
                    "server speaks protocol {} ({}), {} player(s) online",
                    s.protocol,
                    s.server_type,
                    s.players_on_server.map_or("?".into(), |n| n.to_string())
                );
                self.server = Some(s);
                t
            }
            "Init" => {
                let nick = string_of(b, "nickName")?;
                self.my_name = Some(nick.clone());
                format!("client logs in as {nick}")
            }
            "InitAck" => {
                let id = u("yourPlayerId")?;
                self.me = Some(id);
                let me = self.players.entry(id).or_default();
                if me.name.is_none() {
                    me.name = self.my_name.clone();
                }
                format!("client is player {id}")
            }
            "PlayerList" => {
                let p = player?;
                if enum_of(b, "playerListNotification") == Some(1) {
                    self.online.remove(&p);
                    let t = format!("{} goes offline", self.name(p));
                    if !self.shows(p) {
                        self.players.remove(&p);
                    }
                    t
                } else {
                    self.online.insert(p);
                    format!("{} is online", self.name(p))
                }
            }
            "GameListNew" => {
                let id = game?;
                let info = message_of(b, "gameInfo");
                let g = LobbyGame {
                    game_id: id,
                    name: info.as_ref().and_then(|i| string_of(i, "gameName")),
                    mode: mode_of(b),
                    private: bool_of(b, "isPrivate"),
                    admin: u("adminPlayerId"),
                    players: ids(b, "playerIds"),
                    spectators: ids(b, "spectatorIds"),
                    settings: info.as_ref().map(Settings::of).unwrap_or_default(),
                };
                let t = format!(
                    "game {id} {:?} listed ({}, {} player(s))",
                    g.name.as_deref().unwrap_or("?"),
                    g.mode,
                    g.players.len()
                );
                self.games.insert(id, Box::new(g));
                t
            }
            "GameListUpdate" => {
                let id = game?;
                let mode = mode_of(b);
                if mode == "closed" {
                    // A closed game is gone from the server's list.
                    self.games.remove(&id);
                } else if let Some(g) = self.games.get_mut(&id) {
                    g.mode = mode.clone();
                }
                format!("game {id} is now {mode}")
            }
            "GameListPlayerJoined"
            | "GameListPlayerLeft"
            | "GameListSpectatorJoined"
            | "GameListSpectatorLeft" => {
                let (id, p) = (game?, player?);
                let who = self.name(p);
                let g = self.games.get_mut(&id);
                let (list, role) = match m.name {
                    "GameListPlayerJoined" | "GameListPlayerLeft" => {
                        (g.map(|g| &mut g.players), "")
                    }
                    _ => (g.map(|g| &mut g.spectators), " as spectator"),
                };
                let joined = m.name.ends_with("Joined");
                if let Some(l) = list {
                    match joined {
                        true => push_new(l, p),
                        false => l.retain(|&x| x != p),
                    }
                }
                match joined {
                    true => format!("{who} joins game {id}{role}"),
                    false => format!("{who} leaves game {id}{role}"),
                }
            }
            "GameListAdminChanged" => {
                let (id, a) = (game?, u("newAdminPlayerId")?);
                if let Some(g) = self.games.get_mut(&id) {
                    g.admin = Some(a);
                }
                format!("game {id}: {} is admin", self.name(a))
            }
            "PlayerInfoReply" => {
                let p = player?;
                let e = self.players.entry(p).or_default();
                let Some(info) = message_of(b, "playerInfoData") else {
                    e.unknown_to_server = true;
                    return Some(format!("player {p} is unknown to the server"));
                };
                e.name = string_of(&info, "playerName");
                e.human = bool_of(&info, "isHuman");
                e.rights = enum_text(&info, "playerRights");
                e.country = string_of(&info, "countryCode");
                e.unknown_to_server = false;
                let computer = if e.human == Some(false) {
                    " (computer)"
                } else {
                    ""
                };
                format!(
                    "player {p} is {}{computer}",
                    e.name.as_deref().unwrap_or("?")
                )
            }
            "SubscriptionRequest" => {
                self.unsubscribed = enum_of(b, "subscriptionAction") == Some(1);
                match self.unsubscribed {
                    true => "client unsubscribes from the game list".into(),
                    false => "client resubscribes to the game list".into(),
                }
            }
            "PlayerIdChanged" => {
                let (old, new) = (u("oldPlayerId")?, u("newPlayerId")?);
                if let Some(p) = self.players.remove(&old) {
                    self.players.insert(new, p);
                }
                if self.online.remove(&old) {
                    self.online.insert(new);
                }
                if self.me == Some(old) {
                    self.me = Some(new);
                }
                format!("player {old} is now player {new}")
            }
            "Statistics" => {
                let mut said = Vec::new();
                for s in list_of(b, "statisticsData") {
                    let Some(s) = s.as_message() else { continue };
                    let name = enum_text(s, "statisticsType").unwrap_or_else(|| "?".into());
                    let v = u32_of(s, "statisticsValue").unwrap_or(0);
                    said.push(format!("{name} {v}"));
                    self.statistics.insert(name, v);
                }
                format!("statistics: {}", said.join(", "))
            }
            "Chat" | "Dialog" => {
                let (kind, text) = match m.name {
                    "Chat" => (
                        e("chatType").trim_start_matches("chat_type_").to_owned(),
                        string_of(b, "chatText")?,
                    ),
                    _ => ("dialog".into(), string_of(b, "notificationText")?),
                };
                let who = player.map_or("server".into(), |p| self.name(p));
                let t = format!("{kind} chat, {who}: {text}");
                self.chat.push(ChatLine {
                    frame: r.frame,
                    kind,
                    game_id: game,
                    player,
                    text,
                });
                t
            }
            "ChatReject" => {
                let t = format!("chat rejected: {}", string_of(b, "chatText")?);
                Event::add(&mut self.errors, r, t)
            }
            "Error" => {
                let t = format!("error: {}", e("errorReason"));
                Event::add(&mut self.errors, r, t)
            }
            "TimeoutWarning" => {
                let t = format!(
                    "timeout warning ({}): {} s left",
                    e("timeoutReason"),
                    u("remainingSeconds").unwrap_or(0)
                );
                Event::add(&mut self.notices, r, t)
            }
            "ReportAvatarAck" | "ReportGameAck" | "AdminRemoveGameAck" | "AdminBanPlayerAck" => {
                let (what, id, res) = match m.name {
                    "ReportAvatarAck" => {
                        ("avatar report", "reportedPlayerId", "reportAvatarResult")
                    }
                    "ReportGameAck" => ("game report", "reportedGameId", "reportGameResult"),
                    "AdminRemoveGameAck" => ("removing game", "removeGameId", "removeGameResult"),
                    _ => ("banning player", "banPlayerId", "banPlayerResult"),
                };
                let t = format!("{what} {}: {}", u(id).unwrap_or(0), e(res));
                Event::add(&mut self.notices, r, t)
            }
            _ => return None,
        })
    }
}
