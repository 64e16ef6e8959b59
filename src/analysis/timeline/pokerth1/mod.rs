//! A PokerTH 1.x stream as one client sees it: the lobby (the server, the
//! players online and known by name, the game list with each game's
//! settings, players, spectators and admin, the game the client is in,
//! statistics, open kick petitions, and the latest chat, kicks and votes,
//! invitations, errors and notices: the last
//! [`KEPT`](super::recent::KEPT) of each) and the table of the game
//! it plays, or last played ([`table`]).
//!
//! A game of the timeline ([`GameState`]): the lobby and how its messages
//! change it here; the client's own game, kicks and invitations are read
//! in [`game`], the parts of the state its files share are [`parts`], and
//! the state is drawn in [`draw`](mod@draw).
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
pub mod parts;
pub mod table;
#[cfg(test)]
mod tests;

use super::recent::Recent;
pub use super::state::Event;
use super::state::{hold_table, GameState};
use crate::analysis::hands::table::TableState;
use crate::decode::Record;
use crate::protocols::pokerth1::messages::{
    bool_of, enum_of, list_of, message_of, string_of, u32_of, Message,
};
use crate::protocols::Fields;
use parts::{enum_text, ids, name_in, push_new};
pub use parts::{
    ChatLine, Invitation, KnownPlayer, LobbyGame, OwnGame, Petition, Server, Settings,
};
use prost_reflect::DynamicMessage;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use table::{is_table_message, Table};

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
        if game::is_game_message(m.name) {
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

impl GameState for Lobby {
    fn name(&self) -> &'static str {
        "pokerth1"
    }

    fn message(&mut self, r: &Record, fields: &Fields) -> Option<String> {
        match fields {
            Fields::PokerTh1(m) => Lobby::message(self, r, m),
            _ => None,
        }
    }

    fn set_incomplete(&mut self) {
        self.incomplete = true;
    }

    fn draw(&self) -> String {
        draw::draw(self)
    }

    fn table(&self) -> Option<&TableState> {
        self.table.as_ref()
    }

    fn set_table(&mut self, table: Option<&TableState>) {
        hold_table(&mut self.table, table);
    }
}
