//! A PokerTH 1.x stream as one client sees it: the lobby (the server, the
//! players online and known by name, the game list with each game's
//! settings, players, spectators and admin, the game the client is in,
//! statistics, chat, kicks and votes, invitations, errors) and the tables
//! of the games it played ([`super::pokerth1_table`]).
//!
//! Messages are read by their wire names (`playerId`) through the
//! decoder's accessors; enumerations are shown by their record names
//! (`kicked_from_game`), an unknown value as its number.

use super::pokerth1_table::{self, is_table_message, Table};
use crate::decode::Record;
use crate::protocols::pokerth1::messages::{
    bool_of, enum_of, list_of, message_of, schema, string_of, u32_of, Message,
};
use crate::reassembly::Direction;
use prost_reflect::{DynamicMessage, Kind, ReflectMessage};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

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
    fn of(g: &DynamicMessage) -> Settings {
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

/// A kick petition.
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
    /// `kicked` or `not_kicked`, once over.
    pub result: Option<String>,
    /// Why it ended.
    pub end_reason: Option<String>,
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

/// A dated line: a kick, an error, a notice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    /// The frame.
    pub frame: u64,
    /// What happened.
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
    /// Players by id.
    pub players: BTreeMap<u32, KnownPlayer>,
    /// The game list, by game id.
    pub games: BTreeMap<u32, LobbyGame>,
    /// The game the client is in.
    pub own_game: Option<OwnGame>,
    /// The tables of the games the client played or watched, by game id.
    pub tables: BTreeMap<u32, Table>,
    /// Server statistics by name.
    pub statistics: BTreeMap<String, u32>,
    /// Kick petitions by id.
    pub petitions: BTreeMap<u32, Petition>,
    /// Kicks asked for, votes and their answers, players kicked.
    pub kicks: Vec<Event>,
    /// Invitations.
    pub invitations: Vec<Invitation>,
    /// Chat and the server's dialogs.
    pub chat: Vec<ChatLine>,
    /// Errors and refusals from the server.
    pub errors: Vec<Event>,
    /// Timeout warnings, answers to reports and admin requests.
    pub notices: Vec<Event>,
    /// True when the client unsubscribed from the game list.
    pub unsubscribed: bool,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
    /// The game of the last table message (the table drawn).
    #[serde(skip)]
    table_game: Option<u32>,
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
fn ids(m: &DynamicMessage, f: &str) -> Vec<u32> {
    list_of(m, f).iter().filter_map(|v| v.as_u32()).collect()
}

/// `name (id)`, or the id alone while the name is unknown.
pub(super) fn name_in(players: &BTreeMap<u32, KnownPlayer>, id: u32) -> String {
    match players.get(&id).and_then(|p| p.name.as_deref()) {
        Some(n) => format!("{n} ({id})"),
        None => id.to_string(),
    }
}

fn push_new(v: &mut Vec<u32>, id: u32) {
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

    fn name(&self, id: u32) -> String {
        name_in(&self.players, id)
    }

    fn event(list: &mut Vec<Event>, r: &Record, text: String) -> String {
        list.push(Event {
            frame: r.frame,
            text: text.clone(),
        });
        text
    }

    /// The own game, when it is game `id` (or the message names none).
    fn own(&mut self, id: Option<u32>) -> Option<&mut OwnGame> {
        self.own_game
            .as_mut()
            .filter(|g| id.is_none_or(|id| id == g.game_id))
    }

    /// Applies one message; returns what changed (`None` for messages that
    /// leave the state as it was).
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<String> {
        let b = &m.body;
        let u = |f: &str| u32_of(b, f);
        let e = |f: &str| enum_text(b, f).unwrap_or_else(|| "?".into());
        if is_table_message(m.name) {
            let game = u("gameId").or(self.table_game)?;
            self.table_game = Some(game);
            let table = (self.tables)
                .entry(game)
                .or_insert_with(|| Table::unseen(game));
            return table.message(r, m, self.me, &self.players);
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
                    format!("{} goes offline", self.name(p))
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
                self.games.insert(id, g);
                t
            }
            "GameListUpdate" => {
                let id = game?;
                let mode = mode_of(b);
                if let Some(g) = self.games.get_mut(&id) {
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
            "JoinGameAck" => {
                let id = game?;
                let spectating = bool_of(b, "spectateOnly") == Some(true);
                let admin = bool_of(b, "areYouGameAdmin") == Some(true);
                self.own_game = Some(OwnGame {
                    game_id: id,
                    players: self.me.filter(|_| !spectating).into_iter().collect(),
                    spectators: self.me.filter(|_| spectating).into_iter().collect(),
                    admin: self.me.filter(|_| admin),
                    spectating,
                    started: false,
                    settings: message_of(b, "gameInfo")
                        .as_ref()
                        .map(Settings::of)
                        .unwrap_or_default(),
                });
                match spectating {
                    true => format!("client watches game {id}"),
                    false => format!("client joins game {id}"),
                }
            }
            "JoinGameFailed" => Self::event(
                &mut self.errors,
                r,
                format!(
                    "joining game {} failed: {}",
                    game.map_or("?".into(), |g| g.to_string()),
                    e("joinGameFailureReason")
                ),
            ),
            "GamePlayerJoined" | "GameSpectatorJoined" => {
                let p = player?;
                let who = self.name(p);
                let g = self.own(game)?;
                if m.name == "GameSpectatorJoined" {
                    push_new(&mut g.spectators, p);
                    format!("{who} watches the game")
                } else if bool_of(b, "isGameAdmin") == Some(true) {
                    push_new(&mut g.players, p);
                    g.admin = Some(p);
                    format!("{who} joins the game (admin)")
                } else {
                    push_new(&mut g.players, p);
                    format!("{who} joins the game")
                }
            }
            "GamePlayerLeft" | "GameSpectatorLeft" => {
                let p = player?;
                let who = self.name(p);
                let (reason, role) = match m.name {
                    "GamePlayerLeft" => (e("gamePlayerLeftReason"), ""),
                    _ => (e("gameSpectatorLeftReason"), " (spectator)"),
                };
                if let Some(g) = self.own(game) {
                    g.players.retain(|&x| x != p);
                    g.spectators.retain(|&x| x != p);
                }
                let t = format!("{who}{role} leaves the game ({reason})");
                match reason.as_str() {
                    "left_kicked" => Self::event(&mut self.kicks, r, t),
                    _ => t,
                }
            }
            "GameAdminChanged" => {
                let a = u("newAdminPlayerId")?;
                let who = self.name(a);
                self.own(game)?.admin = Some(a);
                format!("{who} is the game's admin")
            }
            "RemovedFromGame" => {
                self.own_game = None;
                let reason = e("removedFromGameReason");
                let t = format!(
                    "client removed from game {} ({reason})",
                    game.map_or("?".into(), |g| g.to_string())
                );
                match reason.as_str() {
                    "kicked_from_game" => Self::event(&mut self.kicks, r, t),
                    _ => t,
                }
            }
            "KickPlayerRequest" => {
                let t = format!("client kicks {}", self.name(player?));
                Self::event(&mut self.kicks, r, t)
            }
            "LeaveGameRequest" => format!(
                "client leaves game {}",
                game.map_or("?".into(), |g| g.to_string())
            ),
            "InvitePlayerToGame" | "InviteNotify" => {
                let (who, by) = match m.name {
                    "InvitePlayerToGame" => (player?, None),
                    _ => (u("playerIdWho")?, u("playerIdByWhom")),
                };
                self.invitations.push(Invitation {
                    frame: r.frame,
                    game_id: game?,
                    who,
                    by,
                    rejected: None,
                });
                let by = by.map_or("the client".into(), |p| self.name(p));
                format!("{by} invites {} to game {}", self.name(who), game?)
            }
            "RejectGameInvitation" | "RejectInvNotify" => {
                let (who, reason) = match m.name {
                    "RejectGameInvitation" => (self.me, e("myRejectReason")),
                    _ => (player, e("playerRejectReason")),
                };
                let inv = (self.invitations.iter_mut().rev())
                    .find(|i| Some(i.game_id) == game && (who.is_none() || Some(i.who) == who));
                if let Some(i) = inv {
                    i.rejected = Some(reason.clone());
                }
                let who = who.map_or("the client".into(), |p| self.name(p));
                format!("{who} declines game {}: {reason}", game?)
            }
            "StartEvent" if r.dir == Direction::S2C => {
                format!("game {} is starting", game?)
            }
            "GameStartInitial" | "GameStartRejoin" => {
                let id = game?;
                let dealer = u("startDealerPlayerId");
                let start = (self.own(Some(id)).map(|g| g.settings.start_money))
                    .or_else(|| self.games.get(&id).map(|g| g.settings.start_money))
                    .flatten();
                let seats: Vec<(u32, Option<u32>)> = if m.name == "GameStartInitial" {
                    ids(b, "playerSeats")
                        .into_iter()
                        .map(|p| (p, start))
                        .collect()
                } else {
                    (list_of(b, "rejoinPlayerData").iter())
                        .filter_map(|v| v.as_message())
                        .filter_map(|d| Some((u32_of(d, "playerId")?, u32_of(d, "playerMoney"))))
                        .collect()
                };
                let mut table = Table::new(id, &seats, dealer);
                if let Some(n) = u("handNum") {
                    table.hand = Some(n);
                }
                let names: Vec<String> = seats.iter().map(|s| self.name(s.0)).collect();
                if let Some(g) = self.own(Some(id)) {
                    g.started = true;
                }
                self.tables.insert(id, table);
                self.table_game = Some(id);
                format!(
                    "game {id} {}: seats {}; dealer {}",
                    if m.name == "GameStartInitial" {
                        "starts"
                    } else {
                        "rejoined"
                    },
                    names.join(", "),
                    dealer.map_or("?".into(), |d| self.name(d))
                )
            }
            "YourActionRejected" => {
                let t = format!(
                    "client's {} {} rejected: {}",
                    e("yourAction"),
                    u("yourRelativeBet").unwrap_or(0),
                    e("rejectionReason")
                );
                Self::event(&mut self.errors, r, t)
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
            "AskKickPlayer" => {
                let t = format!("client asks to kick {}", self.name(player?));
                Self::event(&mut self.kicks, r, t)
            }
            "AskKickDenied" => {
                let t = format!(
                    "kicking {} denied: {}",
                    self.name(player?),
                    e("kickDeniedReason")
                );
                Self::event(&mut self.kicks, r, t)
            }
            "StartKickPetition" => {
                let (id, prop, target) = (
                    u("petitionId")?,
                    u("proposingPlayerId")?,
                    u("kickPlayerId")?,
                );
                self.petitions.insert(
                    id,
                    Petition {
                        game_id: game.unwrap_or(0),
                        proposer: prop,
                        target,
                        votes_needed: u("numVotesNeededToKick").unwrap_or(0),
                        against: 0,
                        in_favour: 0,
                        timeout_sec: u("kickTimeoutSec"),
                        result: None,
                        end_reason: None,
                    },
                );
                let t = format!(
                    "petition {id}: {} asks to kick {}",
                    self.name(prop),
                    self.name(target)
                );
                Self::event(&mut self.kicks, r, t)
            }
            "VoteKickRequest" => {
                let vote = match bool_of(b, "voteKick") {
                    Some(true) => "to kick",
                    _ => "not to kick",
                };
                let t = format!("client votes {vote} on petition {}", u("petitionId")?);
                Self::event(&mut self.kicks, r, t)
            }
            "VoteKickReply" => {
                let t = format!(
                    "vote on petition {}: {}",
                    u("petitionId")?,
                    e("voteKickReplyType")
                );
                Self::event(&mut self.kicks, r, t)
            }
            "KickPetitionUpdate" | "EndKickPetition" => {
                let id = u("petitionId")?;
                let (against, favour) = (
                    u("numVotesAgainstKicking").unwrap_or(0),
                    u("numVotesInFavourOfKicking").unwrap_or(0),
                );
                let end = m.name == "EndKickPetition";
                let result = match u("resultPlayerKicked") {
                    Some(0) => "not_kicked",
                    _ => "kicked",
                };
                let reason = e("petitionEndReason");
                if let Some(p) = self.petitions.get_mut(&id) {
                    p.against = against;
                    p.in_favour = favour;
                    if let Some(n) = u("numVotesNeededToKick") {
                        p.votes_needed = n;
                    }
                    if end {
                        p.result = Some(result.into());
                        p.end_reason = Some(reason.clone());
                    }
                }
                if end {
                    let t = format!("petition {id} ends: {result} ({reason})");
                    Self::event(&mut self.kicks, r, t)
                } else {
                    format!("petition {id}: {favour} in favour, {against} against")
                }
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
                Self::event(&mut self.errors, r, t)
            }
            "Error" => {
                let t = format!("error: {}", e("errorReason"));
                Self::event(&mut self.errors, r, t)
            }
            "TimeoutWarning" => {
                let t = format!(
                    "timeout warning ({}): {} s left",
                    e("timeoutReason"),
                    u("remainingSeconds").unwrap_or(0)
                );
                Self::event(&mut self.notices, r, t)
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
                Self::event(&mut self.notices, r, t)
            }
            _ => return None,
        })
    }
}

/// The stream for people: the client, the game list, the client's game,
/// statistics, the latest kick event and chat line, then the table.
pub fn draw(l: &Lobby) -> String {
    let me = match (l.me, &l.my_name) {
        (Some(id), _) => l.name(id),
        (None, Some(n)) => n.clone(),
        (None, None) => "?".into(),
    };
    let mut o = format!("  client {me}, {} player(s) online\n", l.online.len());
    let names = |ids: &[u32]| {
        ids.iter()
            .map(|&p| l.name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for g in l.games.values() {
        let s = &g.settings;
        o.push_str(&format!(
            "  game {:>4} {:<20} {:<8} admin {:<14} {}{}{}\n",
            g.game_id,
            format!("{:?}", g.name.as_deref().unwrap_or("?")),
            g.mode,
            g.admin.map_or("?".into(), |a| l.name(a)),
            names(&g.players),
            if g.spectators.is_empty() {
                String::new()
            } else {
                format!("; watching {}", names(&g.spectators))
            },
            if g.private == Some(true) {
                "  [private]"
            } else {
                ""
            }
        ));
        o.push_str(&format!(
            "             max {} players, start money {}, small blind {}, {}\n",
            s.max_num_players.map_or("?".into(), |x| x.to_string()),
            s.start_money.map_or("?".into(), |x| x.to_string()),
            s.first_small_blind.map_or("?".into(), |x| x.to_string()),
            s.net_game_type.as_deref().unwrap_or("?")
        ));
    }
    if let Some(g) = &l.own_game {
        o.push_str(&format!(
            "  {} game {}{}: {}\n",
            if g.spectating { "watching" } else { "in" },
            g.game_id,
            if g.started { " (started)" } else { "" },
            names(&g.players)
        ));
    }
    if !l.statistics.is_empty() {
        let s: Vec<String> = (l.statistics.iter())
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        o.push_str(&format!("  statistics: {}\n", s.join(", ")));
    }
    for (what, e) in [("kicks", l.kicks.last()), ("error", l.errors.last())] {
        if let Some(e) = e {
            o.push_str(&format!("  {what}: {}\n", e.text));
        }
    }
    if let Some(c) = l.chat.last() {
        let who = c.player.map_or("server".into(), |p| l.name(p));
        o.push_str(&format!("  chat: {who}: {}\n", c.text));
    }
    if let Some(t) = l.table_game.and_then(|g| l.tables.get(&g)) {
        o.push_str(&pokerth1_table::draw(t, &l.players));
    }
    if l.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}
