//! The Glass Plate Game board as one client's stream shows it: the players
//! in the game and their nicknames, the plate at each square A1..H8 and the
//! dice placed on it, the latest chat, the client's protocol state and the
//! latest requests the server refused (the last
//! [`KEPT`](super::recent::KEPT) of each history).
//!
//! A player leaves the list when the server says they parted. The dice stay
//! on the board: no message takes one off.
//!
//! A game of the timeline ([`GameState`]): the board and how each message
//! changes it here, drawn for people in [`draw`](mod@draw).

pub mod draw;
#[cfg(test)]
mod tests;

use super::recent::Recent;
use super::state::GameState;
use crate::decode::Record;
use crate::protocols::gls::messages::{Color, Message};
use crate::protocols::gls::ClientState;
use crate::protocols::Fields;
use serde::Serialize;

/// A plate on a square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Plate {
    /// The three-letter abbreviation.
    pub abbrev: String,
    /// The plate's name.
    pub name: String,
    /// The plate's concept.
    pub description: String,
}

/// A die on a plate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Die {
    /// The die number.
    pub die: u32,
    /// Its color.
    pub color: Color,
    /// Who placed it.
    pub nick: String,
    /// The frame of the DiePlace.
    pub frame: u64,
}

/// One square of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Square {
    /// "A1" .. "H8".
    pub loc: String,
    /// The plate, once a PlatePlace named it.
    pub plate: Option<Plate>,
    /// True when the server said no plate is here (`GLS_PLATE_FLAG_EMPTY`);
    /// with no plate and not empty, the capture does not say.
    pub empty: bool,
    /// The dice placed here, in the order they were placed.
    pub dice: Vec<Die>,
}

/// A player in the game (joined and not parted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The current nickname.
    pub nick: String,
    /// True for the capture's own client.
    pub me: bool,
    /// The last 16 earlier nicknames, oldest first.
    pub former_nicks: Recent<String>,
}

/// A line of chat (Say2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Chat {
    /// The frame.
    pub frame: u64,
    /// Who said it.
    pub nick: String,
    /// When, as the server says (RFC 3339), if it can be written.
    pub time: Option<String>,
    /// The text.
    pub message: String,
}

/// A request the server refused: a die placement or a nickname.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejection {
    /// The frame of the refusal.
    pub frame: u64,
    /// What was refused: "die at H8 (any color)", "nick Frostsnow".
    pub what: String,
    /// The server's reason.
    pub reason: String,
}

/// The state of a GLS stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The client's protocol state (`connected`, `protoverokay`,
    /// `synchronizing`, `authenticated`, `disconnected`); `None` until a
    /// message shows it.
    pub client_state: Option<&'static str>,
    /// The client's protocol version and software (Protover).
    pub client_version: Option<String>,
    /// The server's protocol version and software (Protoverack).
    pub server_version: Option<String>,
    /// The message of the day (SyncEnd).
    pub motd: Option<String>,
    /// The players in the game, in the order the stream first showed them
    /// (one leaves the list when they part).
    pub players: Vec<Player>,
    /// The 64 squares, A1, A2, .., A8, B1, .., H8.
    pub board: Vec<Square>,
    /// The last 16 lines of chat.
    pub chat: Recent<Chat>,
    /// The last 16 requests the server refused.
    pub rejected: Recent<Rejection>,
    /// The server's shutdown reason, once it shut down.
    pub shutdown: Option<String>,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
    #[serde(skip)]
    state: Option<ClientState>,
    #[serde(skip)]
    last_nick_req: Option<String>,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// An empty board: nothing known yet.
    pub fn new() -> Board {
        let board = (0..64)
            .map(|i| Square {
                loc: format!("{}{}", char::from(b'A' + i / 8), i % 8 + 1),
                plate: None,
                empty: false,
                dice: Vec::new(),
            })
            .collect();
        Board {
            client_state: None,
            client_version: None,
            server_version: None,
            motd: None,
            players: Vec::new(),
            board,
            chat: Recent::new(),
            rejected: Recent::new(),
            shutdown: None,
            incomplete: false,
            state: None,
            last_nick_req: None,
        }
    }

    /// The square at `loc` ("A1".."H8").
    pub fn square(&self, loc: &str) -> Option<&Square> {
        square_index(loc).map(|i| &self.board[i])
    }

    /// The stream ended: the client is disconnected.
    pub fn end(&mut self) {
        self.set_state(ClientState::Disconnected);
    }

    fn set_state(&mut self, s: ClientState) {
        self.state = Some(s);
        self.client_state = Some(s.name());
    }

    /// Follows the client's state with the decoder's own rules.
    fn follow(&mut self, m: &Message) {
        if let Some(next) = ClientState::after(self.state, m) {
            self.set_state(next);
        }
    }

    fn player(&mut self, nick: &str) -> &mut Player {
        let i = match self.players.iter().position(|p| p.nick == nick) {
            Some(i) => i,
            None => {
                self.players.push(Player {
                    nick: nick.to_owned(),
                    me: false,
                    former_nicks: Recent::new(),
                });
                self.players.len() - 1
            }
        };
        &mut self.players[i]
    }

    /// Applies one message; returns what changed.
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<String> {
        let before = self.client_state;
        self.follow(m);
        let mut what = self.apply(r, m)?;
        if self.client_state != before {
            what.push_str(&format!(
                " [client state: {}]",
                self.client_state.unwrap_or("?")
            ));
        }
        Some(what)
    }

    fn apply(&mut self, r: &Record, m: &Message) -> Option<String> {
        Some(match m {
            Message::Protover(p) => {
                self.client_version = Some(format!("{} ({})", p.version, p.software));
                format!("client speaks version {} ({})", p.version, p.software)
            }
            Message::Protoverack(a) => {
                self.server_version = Some(format!("{} ({})", a.version, a.software));
                if a.ack != 0 {
                    format!("server accepts the protocol version (server {})", a.version)
                } else {
                    self.rejected.push(Rejection {
                        frame: r.frame,
                        what: "protocol version".into(),
                        reason: a.reason.clone(),
                    });
                    format!("server rejects the protocol version: {}", a.reason)
                }
            }
            Message::NickReq(n) => {
                self.last_nick_req = Some(n.nick.clone());
                format!("client asks for nick {}", n.nick)
            }
            Message::NickSet(n) if n.nick.is_empty() => {
                let asked = self.last_nick_req.clone().unwrap_or_default();
                self.rejected.push(Rejection {
                    frame: r.frame,
                    what: format!("nick {asked}"),
                    reason: n.reason.clone(),
                });
                format!("nick {asked} rejected: {}", n.reason)
            }
            Message::NickSet(n) => self.set_my_nick(&n.nick),
            Message::NickChange(c) => {
                if let Some(p) = self.players.iter_mut().find(|p| p.nick == c.old_nick) {
                    p.former_nicks.push(std::mem::take(&mut p.nick));
                    p.nick = c.new_nick.clone();
                } else {
                    self.player(&c.new_nick)
                        .former_nicks
                        .push(c.old_nick.clone());
                }
                format!("{} is now {}", c.old_nick, c.new_nick)
            }
            Message::PlayerJoin(p) => {
                self.player(&p.nick);
                format!("{} joins", p.nick)
            }
            Message::PlayerPart(p) => {
                self.players.retain(|x| x.nick != p.nick);
                format!("{} leaves", p.nick)
            }
            Message::Shutdown(s) => {
                self.shutdown = Some(s.reason.clone());
                format!("server shuts down: {}", s.reason)
            }
            Message::Say1(s) => format!("client says: {}", s.message),
            Message::Say2(s) => {
                self.chat.push(Chat {
                    frame: r.frame,
                    nick: s.nick.clone(),
                    time: s.time_utc.clone(),
                    message: s.message.clone(),
                });
                format!("{}: {}", s.nick, s.message)
            }
            Message::SyncEnd(s) => {
                self.motd = Some(s.motd.clone());
                "board synchronised".into()
            }
            Message::PlatePlace(p) => {
                let Some(i) = square_index(&p.loc) else {
                    return Some(format!("plate at invalid location {:?} ignored", p.loc));
                };
                let sq = &mut self.board[i];
                if p.flags.0 & 1 != 0 {
                    sq.plate = None;
                    sq.empty = true;
                    format!("no plate at {}", p.loc)
                } else {
                    sq.empty = false;
                    sq.plate = Some(Plate {
                        abbrev: p.abbrev.clone(),
                        name: p.name.clone(),
                        description: p.description.clone(),
                    });
                    format!("plate {} ({}) at {}", p.abbrev, p.name, p.loc)
                }
            }
            Message::DiePlaceTry(t) => {
                format!("client tries a die at {} ({})", t.loc, any(t.color))
            }
            Message::DiePlaceReject(j) => {
                let what = format!("die at {} ({})", j.loc, any(j.color));
                let s = format!("{what} rejected: {}", j.reason);
                self.rejected.push(Rejection {
                    frame: r.frame,
                    what,
                    reason: j.reason.clone(),
                });
                s
            }
            Message::DiePlace(d) => {
                let Some(i) = square_index(&d.loc) else {
                    return Some(format!("die at invalid location {:?} ignored", d.loc));
                };
                self.board[i].dice.push(Die {
                    die: d.die,
                    color: d.color,
                    nick: d.nick.clone(),
                    frame: r.frame,
                });
                format!("{} places die {} ({}) at {}", d.nick, d.die, d.color, d.loc)
            }
        })
    }

    fn set_my_nick(&mut self, nick: &str) -> String {
        if let Some(me) = self.players.iter_mut().find(|p| p.me) {
            if me.nick == nick {
                return format!("nick {nick} confirmed");
            }
            me.former_nicks
                .push(std::mem::replace(&mut me.nick, nick.to_owned()));
            return format!("client is now {nick}");
        }
        self.player(nick).me = true;
        format!("client is {nick}")
    }
}

/// A requested color, "any color" for 0.
fn any(c: Color) -> String {
    if c.0 == 0 {
        "any color".into()
    } else {
        c.to_string()
    }
}

impl GameState for Board {
    fn name(&self) -> &'static str {
        "gls"
    }

    fn message(&mut self, r: &Record, fields: &Fields) -> Option<String> {
        match fields {
            Fields::Gls(m) => Board::message(self, r, m),
            _ => None,
        }
    }

    fn set_incomplete(&mut self) {
        self.incomplete = true;
    }

    fn end(&mut self) {
        Board::end(self);
    }

    fn draw(&self) -> String {
        draw::draw(self)
    }
}

/// Board locations: "A1" .. "H8" as an index 0..63 (column major: A1, A2,
/// .., A8, B1, ..), `None` for anything else.
pub fn square_index(loc: &str) -> Option<usize> {
    let b = loc.as_bytes();
    match b {
        [c @ b'A'..=b'H', r @ b'1'..=b'8'] => {
            Some(usize::from(c - b'A') * 8 + usize::from(r - b'1'))
        }
        _ => None,
    }
}
