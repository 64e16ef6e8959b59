//! The Glass Plate Game board as one client's stream shows it: the players
//! in the game and their nicknames, the plate at each square A1..H8 and the
//! dice placed on it, the latest chat, the client's protocol state and the
//! latest requests the server refused (the last
//! [`KEPT`](super::recent::KEPT) of each history).
//!
//! A player leaves the list when the server says they parted. The dice stay
//! on the board: no message takes one off.

use super::recent::Recent;
use super::square_index;
use crate::decode::Record;
use crate::protocols::gls::messages::{Color, Message};
use crate::protocols::gls::ClientState;
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

/// The board for people: an 8×8 grid (rows 8 to 1, columns A to H), each
/// square its plate's abbreviation and dice count (`···` unknown, `---`
/// empty), then the dice, players, chat and refusals.
pub fn draw(b: &Board) -> String {
    let mut o = String::from("       A      B      C      D      E      F      G      H\n");
    for row in (0..8).rev() {
        o.push_str(&format!("  {} ", row + 1));
        for col in 0..8 {
            let sq = &b.board[col * 8 + row];
            let cell = match (&sq.plate, sq.empty) {
                (Some(p), _) => format!("{:<3.3}", p.abbrev),
                (None, true) => "---".into(),
                (None, false) => "···".into(),
            };
            let dice = if sq.dice.is_empty() {
                "   ".into()
            } else {
                format!("•{:<2}", sq.dice.len())
            };
            o.push_str(&format!(" {cell}{dice}"));
        }
        o.push('\n');
    }
    for sq in b.board.iter().filter(|s| !s.dice.is_empty()) {
        let dice: Vec<String> = (sq.dice.iter())
            .map(|d| format!("die {} {} by {}", d.die, d.color, d.nick))
            .collect();
        o.push_str(&format!("  {}: {}\n", sq.loc, dice.join(", ")));
    }
    let players: Vec<String> = (b.players.iter())
        .map(|p| {
            let mut s = p.nick.clone();
            if p.me {
                s.push_str(" (me)");
            }
            s
        })
        .collect();
    o.push_str(&format!(
        "  state {}  players: {}\n",
        b.client_state.unwrap_or("?"),
        players.join(", ")
    ));
    for c in b.chat.iter().rev().take(3).rev() {
        o.push_str(&format!("  <{}> {}\n", c.nick, c.message));
    }
    if let Some(j) = b.rejected.last() {
        o.push_str(&format!("  last refusal: {}: {}\n", j.what, j.reason));
    }
    if b.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::timeline::test_record;
    use crate::protocols::gls::messages::*;

    #[test]
    fn dice_players_and_bad_locations() {
        let mut b = Board::new();
        let r = test_record(3);
        let die = |loc: &str| {
            Message::DiePlace(DiePlace {
                loc: loc.into(),
                color: Color(6),
                nick: "Ann".into(),
                die: 24,
            })
        };
        b.message(&r, &die("B2"));
        b.message(&r, &die("B2"));
        assert!(b
            .message(&r, &die("Z9"))
            .unwrap()
            .contains("invalid location"));
        assert_eq!(b.square("B2").unwrap().dice.len(), 2);
        assert_eq!(b.board.iter().map(|s| s.dice.len()).sum::<usize>(), 2);
        // A DiePlace alone does not show the client's state.
        assert_eq!(b.client_state, None);
        // A rename of a player never seen adds them.
        b.message(
            &r,
            &Message::NickChange(NickChange {
                old_nick: "x".into(),
                new_nick: "y".into(),
            }),
        );
        assert_eq!(b.players[0].nick, "y");
        assert_eq!(b.players[0].former_nicks.iter().collect::<Vec<_>>(), ["x"]);
        // Say2 implies an authenticated client.
        b.message(
            &r,
            &Message::Say2(Say2 {
                nick: "y".into(),
                time: 0,
                time_utc: None,
                message: "hi".into(),
            }),
        );
        assert_eq!(b.client_state, Some("authenticated"));
        b.end();
        assert_eq!(b.client_state, Some("disconnected"));
    }

    #[test]
    fn histories_keep_the_last_entries_and_a_player_who_parts_goes() {
        use crate::analysis::timeline::recent::KEPT;
        use crate::protocols::gls::messages::Player as Nick;
        let mut b = Board::new();
        let n = KEPT + 10;
        let mut said = Vec::new();
        for i in 0..n {
            let r = test_record(i as u64 + 1);
            let say = Message::Say2(Say2 {
                nick: "Ann".into(),
                time: 0,
                time_utc: None,
                message: format!("line {i}"),
            });
            said.push(b.message(&r, &say));
            let reject = Message::DiePlaceReject(DiePlaceReject {
                loc: "H8".into(),
                color: Color(0),
                reason: format!("no {i}"),
            });
            said.push(b.message(&r, &reject));
            let rename = Message::NickChange(NickChange {
                old_nick: format!("Bo{i}"),
                new_nick: format!("Bo{}", i + 1),
            });
            said.push(b.message(&r, &rename));
        }
        // Every message made its change.
        assert!(said.iter().all(Option::is_some), "{said:?}");
        assert_eq!(
            said[0].as_deref(),
            Some("Ann: line 0 [client state: authenticated]")
        );
        // The state keeps the last KEPT of each, oldest first.
        let let_go = (n - KEPT) as u64;
        assert_eq!((b.chat.len(), b.chat.let_go()), (KEPT, let_go));
        assert_eq!(b.chat[0].message, format!("line {}", n - KEPT));
        assert_eq!(b.chat[0].frame, let_go + 1);
        assert_eq!(b.rejected.last().unwrap().reason, format!("no {}", n - 1));
        assert_eq!((b.rejected.len(), b.rejected.let_go()), (KEPT, let_go));
        assert_eq!(b.players.len(), 1);
        let bo = &b.players[0];
        assert_eq!(bo.nick, format!("Bo{n}"));
        assert_eq!(bo.former_nicks.len(), KEPT);
        assert_eq!(bo.former_nicks.total(), n as u64);
        assert_eq!(bo.former_nicks[0], format!("Bo{}", n - KEPT));
        let v = serde_json::to_value(&b).unwrap();
        assert_eq!(v["chat"].as_array().unwrap().len(), KEPT);
        assert_eq!(
            v["players"][0]["former_nicks"].as_array().unwrap().len(),
            KEPT
        );
        // A player who parts leaves the list; joining again adds them anew.
        let r = test_record(1000);
        let part = Message::PlayerPart(Nick {
            nick: format!("Bo{n}"),
        });
        assert_eq!(b.message(&r, &part), Some(format!("Bo{n} leaves")));
        assert!(b.players.is_empty());
        b.message(&r, &Message::PlayerJoin(Nick { nick: "Bo".into() }));
        assert_eq!(b.players[0].nick, "Bo");
        assert!(b.players[0].former_nicks.is_empty());
    }
}
