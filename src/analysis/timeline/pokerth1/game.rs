//! The client's own game in a PokerTH 1.x stream: joining it (as a player
//! or a spectator), who joins and leaves it, its admin, its start (which
//! sets its table up), being removed from it (which drops its petitions),
//! invitations, and kicks and their petitions and votes.

use super::parts::{enum_text, ids, push_new, Invitation, OwnGame, Petition, Settings};
use super::table::Table;
use super::Lobby;
use crate::analysis::timeline::state::Event;
use crate::decode::Record;
use crate::protocols::pokerth1::messages::{bool_of, list_of, message_of, u32_of, Message};
use crate::reassembly::Direction;

/// Whether `Lobby::game_message` (the own game's reader) reads message
/// `name`.
pub fn is_game_message(name: &str) -> bool {
    matches!(
        name,
        "JoinGameAck"
            | "JoinGameFailed"
            | "GamePlayerJoined"
            | "GameSpectatorJoined"
            | "GamePlayerLeft"
            | "GameSpectatorLeft"
            | "GameAdminChanged"
            | "RemovedFromGame"
            | "KickPlayerRequest"
            | "LeaveGameRequest"
            | "InvitePlayerToGame"
            | "InviteNotify"
            | "RejectGameInvitation"
            | "RejectInvNotify"
            | "StartEvent"
            | "GameStartInitial"
            | "GameStartRejoin"
            | "YourActionRejected"
            | "AskKickPlayer"
            | "AskKickDenied"
            | "StartKickPetition"
            | "VoteKickRequest"
            | "VoteKickReply"
            | "KickPetitionUpdate"
            | "EndKickPetition"
    )
}

impl Lobby {
    /// The own game, when it is game `id` (or the message names none).
    fn own(&mut self, id: Option<u32>) -> Option<&mut OwnGame> {
        self.own_game
            .as_mut()
            .filter(|g| id.is_none_or(|id| id == g.game_id))
    }

    /// Applies one of the messages of [`is_game_message`]; returns what
    /// changed.
    pub(super) fn game_message(&mut self, r: &Record, m: &Message) -> Option<String> {
        let b = m.body();
        let u = |f: &str| u32_of(b, f);
        let e = |f: &str| enum_text(b, f).unwrap_or_else(|| "?".into());
        let game = u("gameId");
        let player = u("playerId");
        Some(match m.name {
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
            "JoinGameFailed" => Event::add(
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
                    "left_kicked" => Event::add(&mut self.kicks, r, t),
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
                let left = game.or(self.own_game.as_ref().map(|g| g.game_id));
                self.own_game = None;
                // Its petitions can have no more votes, nor an end. (Its
                // table stays, the last one drawn, until another starts.)
                if let Some(id) = left {
                    self.petitions.retain(|_, p| p.game_id != id);
                }
                let reason = e("removedFromGameReason");
                let t = format!(
                    "client removed from game {} ({reason})",
                    game.map_or("?".into(), |g| g.to_string())
                );
                match reason.as_str() {
                    "kicked_from_game" => Event::add(&mut self.kicks, r, t),
                    _ => t,
                }
            }
            "KickPlayerRequest" => {
                let t = format!("client kicks {}", self.name(player?));
                Event::add(&mut self.kicks, r, t)
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
                let button = u("startDealerPlayerId");
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
                let mut table = Table::new(id, &seats, button);
                if let Some(n) = u("handNum") {
                    table.hand = Some(n);
                }
                let names: Vec<String> = seats.iter().map(|s| self.name(s.0)).collect();
                if let Some(g) = self.own(Some(id)) {
                    g.started = true;
                }
                self.start_table(table);
                format!(
                    "game {id} {}: seats {}; button {}",
                    if m.name == "GameStartInitial" {
                        "starts"
                    } else {
                        "rejoined"
                    },
                    names.join(", "),
                    button.map_or("?".into(), |d| self.name(d))
                )
            }
            "YourActionRejected" => {
                let t = format!(
                    "client's {} {} rejected: {}",
                    e("yourAction"),
                    u("yourRelativeBet").unwrap_or(0),
                    e("rejectionReason")
                );
                Event::add(&mut self.errors, r, t)
            }
            "AskKickPlayer" => {
                let t = format!("client asks to kick {}", self.name(player?));
                Event::add(&mut self.kicks, r, t)
            }
            "AskKickDenied" => {
                let t = format!(
                    "kicking {} denied: {}",
                    self.name(player?),
                    e("kickDeniedReason")
                );
                Event::add(&mut self.kicks, r, t)
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
                    },
                );
                let t = format!(
                    "petition {id}: {} asks to kick {}",
                    self.name(prop),
                    self.name(target)
                );
                Event::add(&mut self.kicks, r, t)
            }
            "VoteKickRequest" => {
                let vote = match bool_of(b, "voteKick") {
                    Some(true) => "to kick",
                    _ => "not to kick",
                };
                let t = format!("client votes {vote} on petition {}", u("petitionId")?);
                Event::add(&mut self.kicks, r, t)
            }
            "VoteKickReply" => {
                let t = format!(
                    "vote on petition {}: {}",
                    u("petitionId")?,
                    e("voteKickReplyType")
                );
                Event::add(&mut self.kicks, r, t)
            }
            "KickPetitionUpdate" => {
                let id = u("petitionId")?;
                let (against, favour) = (
                    u("numVotesAgainstKicking").unwrap_or(0),
                    u("numVotesInFavourOfKicking").unwrap_or(0),
                );
                if let Some(p) = self.petitions.get_mut(&id) {
                    p.against = against;
                    p.in_favour = favour;
                    if let Some(n) = u("numVotesNeededToKick") {
                        p.votes_needed = n;
                    }
                }
                format!("petition {id}: {favour} in favour, {against} against")
            }
            "EndKickPetition" => {
                let id = u("petitionId")?;
                self.petitions.remove(&id);
                let result = match u("resultPlayerKicked") {
                    Some(0) => "not_kicked",
                    _ => "kicked",
                };
                let t = format!("petition {id} ends: {result} ({})", e("petitionEndReason"));
                Event::add(&mut self.kicks, r, t)
            }
            _ => return None,
        })
    }
}
