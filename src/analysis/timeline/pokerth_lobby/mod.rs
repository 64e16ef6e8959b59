//! The PokerTH lobby as one client's stream shows it: the game list (each
//! game's settings, players, admin and mode), the game the client is in,
//! the players it knows by name, the server's statistics, the open kick
//! petitions, and the latest chat, kicks and votes and errors (the last
//! [`KEPT`](super::recent::KEPT) of each). The hands themselves are `analysis::hands`' business.
//!
//! A game leaves the list when the list says it is closed, a petition when
//! it ends. The players known by name stay: this protocol never says that
//! one left the server.
//!
//! A game of the timeline ([`GameState`]): the lobby and how each message
//! changes it here (and the table of its hand, which the timeline hands
//! it), drawn for people in [`draw`](mod@draw).

pub mod draw;
#[cfg(test)]
mod tests;

use super::recent::Recent;
pub use super::state::Event;
use super::state::{hold_table, GameState};
use crate::analysis::hands::table::TableState;
use crate::decode::Record;
use crate::protocols::pokerth::messages::*;
use crate::protocols::Fields;
use serde::Serialize;
use std::collections::BTreeMap;

/// A game of the game list.
#[derive(Debug, Clone, Serialize)]
pub struct LobbyGame {
    /// Game ID.
    pub game_id: u32,
    /// Its name.
    pub name: String,
    /// `created`, `started` or `closed`.
    pub mode: GameMode,
    /// The admin's player id.
    pub admin: u32,
    /// Password protected.
    pub password: bool,
    /// The players' ids, in the order they came.
    pub players: Vec<u32>,
    /// The settings.
    pub settings: GameInfoBlock,
}

/// The game the client is in.
#[derive(Debug, Clone, Serialize)]
pub struct OwnGame {
    /// Game ID.
    pub game_id: u32,
    /// The players in it (ids, in the order they came; the client first).
    pub players: Vec<u32>,
    /// The admin, when known.
    pub admin: Option<u32>,
    /// True once the game started (Game Start).
    pub started: bool,
    /// The settings (Join Game Ack), when shown.
    pub settings: Option<GameInfoBlock>,
}

/// A player the stream named.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KnownPlayer {
    /// The name, once Player Info (or the client's Init) gave it.
    pub name: Option<String>,
    /// Human (false: a computer player), when known.
    pub human: Option<bool>,
    /// True when the server said it does not know this id.
    pub unknown_to_server: bool,
}

/// An open kick petition (its end, with the result, is in the kicks).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Petition {
    /// Who asked.
    pub proposer: u32,
    /// Whom to kick.
    pub target: u32,
    /// Votes needed to kick.
    pub votes_needed: u16,
    /// Votes against so far.
    pub against: u16,
    /// Votes in favour so far.
    pub in_favour: u16,
}

/// The state of a PokerTH stream's lobby.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Lobby {
    /// The client's player id (Init Ack).
    pub me: Option<u32>,
    /// The client's name (Init).
    pub my_name: Option<String>,
    /// The game list, by game id (a game leaves it once closed). Each
    /// game is boxed: a map's node has room for eleven entries, and a
    /// lobby that lists one game would otherwise hold eleven games' room
    /// (measured: 2 KB of every PokerTH stream open at once).
    pub games: BTreeMap<u32, Box<LobbyGame>>,
    /// The game the client is in.
    pub own_game: Option<OwnGame>,
    /// Players by id.
    pub players: BTreeMap<u32, KnownPlayer>,
    /// Server statistics by name.
    pub statistics: BTreeMap<String, u32>,
    /// The open kick petitions by id (in the client's game; one leaves
    /// when it ends, all when the client is removed from its game).
    pub petitions: BTreeMap<u32, Petition>,
    /// The last 16 kicks asked for, votes and their answers, players kicked
    /// and petitions' ends.
    pub kicks: Recent<Event>,
    /// The last 16 chat lines and message boxes.
    pub chat: Recent<Event>,
    /// The last 16 errors and refusals from the server.
    pub errors: Recent<Event>,
    /// True when the client unsubscribed from game list messages.
    pub unsubscribed: bool,
    /// The table of the hand in play, or of the last hand (as the hand
    /// views tell it: [`super::poker`]).
    pub table: Option<TableState>,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
}

impl Lobby {
    /// An empty lobby.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    fn name(&self, id: u32) -> String {
        match self.players.get(&id).and_then(|p| p.name.as_deref()) {
            Some(n) => format!("{n} ({id})"),
            None => id.to_string(),
        }
    }

    fn kick(&mut self, r: &Record, text: String) -> String {
        Event::add(&mut self.kicks, r, text)
    }

    fn error(&mut self, r: &Record, text: String) -> String {
        Event::add(&mut self.errors, r, text)
    }

    /// Applies one message; returns what changed (`None` for the hands'
    /// messages and others that leave the lobby as it was).
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<String> {
        Some(match m {
            Message::Init(i) => {
                self.my_name = Some(i.player_name.clone());
                format!("client logs in as {}", i.player_name)
            }
            Message::InitAck(a) => {
                self.me = Some(a.your_player_id);
                let me = self.players.entry(a.your_player_id).or_default();
                if me.name.is_none() {
                    me.name = self.my_name.clone();
                }
                format!("client is player {}", a.your_player_id)
            }
            Message::GameListNew(g) => {
                let game = LobbyGame {
                    game_id: g.game_id,
                    name: g.game_name.clone(),
                    mode: g.game_mode,
                    admin: g.admin_player_id,
                    password: g.privacy_flags.password_protected(),
                    players: g.player_id_slots.clone(),
                    settings: g.game_info_block.clone(),
                };
                self.games.insert(g.game_id, Box::new(game));
                format!(
                    "game {} \"{}\" listed ({}, {} player(s))",
                    g.game_id,
                    g.game_name,
                    g.game_mode,
                    g.player_id_slots.len()
                )
            }
            Message::GameListUpdate(u) => {
                if u.game_mode.name() == Some("closed") {
                    // A closed game is gone from the server's list.
                    self.games.remove(&u.game_id);
                } else if let Some(g) = self.games.get_mut(&u.game_id) {
                    g.mode = u.game_mode;
                }
                format!("game {} is {}", u.game_id, u.game_mode)
            }
            Message::GameListPlayerJoined(p) => {
                if let Some(g) = self.games.get_mut(&p.game_id) {
                    if !g.players.contains(&p.player_id) {
                        g.players.push(p.player_id);
                    }
                }
                format!("{} joins game {}", self.name(p.player_id), p.game_id)
            }
            Message::GameListPlayerLeft(p) => {
                if let Some(g) = self.games.get_mut(&p.game_id) {
                    g.players.retain(|&x| x != p.player_id);
                }
                format!("{} leaves game {}", self.name(p.player_id), p.game_id)
            }
            Message::GameListAdminChanged(a) => {
                if let Some(g) = self.games.get_mut(&a.game_id) {
                    g.admin = a.new_admin_player_id;
                }
                let who = self.name(a.new_admin_player_id);
                format!("game {}: {who} is admin", a.game_id)
            }
            Message::PlayerInfo(p) => {
                let e = self.players.entry(p.player_id).or_default();
                e.name = Some(p.player_name.clone());
                e.human = Some(p.player_flags.human());
                e.unknown_to_server = false;
                format!("player {} is {}", p.player_id, p.player_name)
            }
            Message::UnknownPlayerId(p) => {
                self.players
                    .entry(p.player_id)
                    .or_default()
                    .unknown_to_server = true;
                format!("player {} is unknown to the server", p.player_id)
            }
            Message::UnsubscribeGameListMessages(_) => {
                self.unsubscribed = true;
                "client unsubscribes from the game list".into()
            }
            Message::ResubscribeGameListMessages(_) => {
                self.unsubscribed = false;
                "client resubscribes to the game list".into()
            }
            Message::JoinGameAck(a) => {
                self.own_game = Some(OwnGame {
                    game_id: a.game_id,
                    players: self.me.into_iter().collect(),
                    admin: (a.player_rights.admin()).then_some(self.me).flatten(),
                    started: false,
                    settings: Some(a.game_info_block.clone()),
                });
                format!("client joins game {}", a.game_id)
            }
            Message::JoinGameFailed(f) => {
                self.error(r, format!("joining a game failed: {}", f.failure_reason))
            }
            Message::PlayerJoined(p) => {
                let who = self.name(p.player_id);
                let g = self.own_game.as_mut()?;
                if !g.players.contains(&p.player_id) {
                    g.players.push(p.player_id);
                }
                if p.player_rights.admin() {
                    g.admin = Some(p.player_id);
                    format!("{who} joins the game (admin)")
                } else {
                    format!("{who} joins the game")
                }
            }
            Message::PlayerLeft(p) => {
                let who = self.name(p.player_id);
                if let Some(g) = self.own_game.as_mut() {
                    g.players.retain(|&x| x != p.player_id);
                }
                let text = format!("{who} leaves the game ({})", p.leave_reason);
                if p.leave_reason.0 == 1 {
                    self.kick(r, text)
                } else {
                    text
                }
            }
            Message::GameAdminChanged(a) => {
                let who = self.name(a.new_admin_player_id);
                self.own_game.as_mut()?.admin = Some(a.new_admin_player_id);
                format!("{who} is the game's admin")
            }
            Message::KickPlayer(p) => {
                let text = format!("client kicks {}", self.name(p.player_id));
                self.kick(r, text)
            }
            Message::LeaveCurrentGame(_) => "client leaves its game".into(),
            Message::RemovedFromGame(x) => {
                self.own_game = None;
                // Its petitions can have no more votes, nor an end.
                self.petitions.clear();
                format!("client removed from its game ({})", x.remove_reason)
            }
            Message::GameStart(g) => {
                let own = self.own_game.as_mut()?;
                own.started = true;
                own.players = g.player_id_slots.clone();
                format!("the game starts, {} players", g.player_id_slots.len())
            }
            Message::EndOfGame(_) => "the game ends".into(),
            Message::AskKickPlayer(p) => {
                let text = format!("client asks to kick {}", self.name(p.player_id));
                self.kick(r, text)
            }
            Message::AskKickPlayerDenied(d) => {
                let text = format!(
                    "kicking {} denied: {}",
                    self.name(d.player_id),
                    d.deny_reason
                );
                self.kick(r, text)
            }
            Message::StartKickPlayerPetition(p) => {
                self.petitions.insert(
                    p.petition_id,
                    Petition {
                        proposer: p.proposing_player_id,
                        target: p.kick_player_id,
                        votes_needed: p.votes_needed_to_kick,
                        against: 0,
                        in_favour: 0,
                    },
                );
                let text = format!(
                    "petition {}: {} asks to kick {}",
                    p.petition_id,
                    self.name(p.proposing_player_id),
                    self.name(p.kick_player_id)
                );
                self.kick(r, text)
            }
            Message::VoteKickPlayer(v) => {
                let text = format!("client votes {} on petition {}", v.vote, v.petition_id);
                self.kick(r, text)
            }
            Message::VoteKickPlayerAck(v) => {
                self.kick(r, format!("vote on petition {} accepted", v.petition_id))
            }
            Message::VoteKickPlayerDenied(v) => self.kick(
                r,
                format!(
                    "vote on petition {} denied: {}",
                    v.petition_id, v.deny_reason
                ),
            ),
            Message::KickPlayerPetitionUpdate(u) => {
                if let Some(p) = self.petitions.get_mut(&u.petition_id) {
                    p.against = u.votes_against_kicking;
                    p.in_favour = u.votes_in_favour_of_kicking;
                    p.votes_needed = u.votes_needed_to_kick;
                }
                format!(
                    "petition {}: {} in favour, {} against, {} needed",
                    u.petition_id,
                    u.votes_in_favour_of_kicking,
                    u.votes_against_kicking,
                    u.votes_needed_to_kick
                )
            }
            Message::EndKickPlayerPetition(e) => {
                self.petitions.remove(&e.petition_id);
                let text = format!(
                    "petition {} ends: {} ({})",
                    e.petition_id, e.vote_result, e.end_reason
                );
                self.kick(r, text)
            }
            Message::StatisticsChanged(s) => {
                let mut said = Vec::new();
                for st in &s.statistics {
                    let name = st.statistics_type.to_string();
                    said.push(format!("{name} {}", st.statistics_value));
                    self.statistics.insert(name, st.statistics_value);
                }
                format!("statistics: {}", said.join(", "))
            }
            Message::ChatText(c) => {
                let text = format!("{}: {}", self.name(c.player_id), c.text);
                format!("chat {}", Event::add(&mut self.chat, r, text))
            }
            Message::MessageBoxText(t) => {
                let text = format!("message box: {}", t.text);
                Event::add(&mut self.chat, r, text)
            }
            Message::Error(e) => self.error(r, format!("error: {}", e.error_reason)),
            Message::Error2007(_) => self.error(r, "error".into()),
            Message::PlayerJoined2007(p) => {
                let e = self.players.entry(u32::from(p.player_id)).or_default();
                e.name = Some(p.name.clone());
                e.human = Some(p.player_flags.human());
                format!("{} ({}) joins the game", p.name, p.player_id)
            }
            Message::PlayerLeft2007(p) => format!("player {} leaves the game", p.player_id),
            _ => return None,
        })
    }
}

impl GameState for Lobby {
    fn name(&self) -> &'static str {
        "pokerth_lobby"
    }

    fn message(&mut self, r: &Record, fields: &Fields) -> Option<String> {
        match fields {
            Fields::PokerTh(m) => Lobby::message(self, r, m),
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
