//! The players' names a stream has told so far, by player id: what lets a
//! summary say `alice (17)` where the message only carries 17.
//!
//! A stream tells names in its own messages (PokerTH's Player Info and the
//! 2007 Player Joined, PokerTH 1.x's Player Info Reply, poker-network's
//! `PacketPokerPlayerArrive`, `PacketPokerPlayerInfo` and
//! `PacketPokerUserInfo`), and the client's own in two halves: the name it
//! logs in with (Init, Join Game, `PacketLogin`), then the id the server
//! gives it (Init Ack, Join Game Ack, `PacketSerial`). Each protocol's
//! `messages::Message::learn_names` reads them; [`crate::protocols::Fields::learn_names`]
//! dispatches.
//!
//! The map is bounded, as every state a stream keeps: at most
//! [`MAX_NAMES`] names of at most [`MAX_NAME_BYTES`] bytes each (a longer
//! name is cut at a character boundary), the oldest learnt dropped first;
//! so at most 64 KiB of text and 24 KiB of ids and pointers per stream,
//! and nothing for a stream that told no name. Ids are looked up by a
//! scan of a packed list of ids: a stream knows a few dozen names, and a
//! scan of even the whole 1024 is a few hundred nanoseconds, less than the
//! summary's own formatting.

use std::collections::VecDeque;
use std::fmt;

/// The most names kept per stream; past it the oldest learnt is dropped.
pub const MAX_NAMES: usize = 1024;

/// The most bytes of a name kept (PokerTH 0.7 allows 64); a longer name
/// is cut at the last character boundary before.
pub const MAX_NAME_BYTES: usize = 64;

/// Player id → name, as a stream told them, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    /// The ids, in the order their names were learnt.
    ids: VecDeque<u32>,
    /// Their names, beside them.
    names: VecDeque<Box<str>>,
    /// The client's own player id, once the server told it.
    mine: Option<u32>,
    /// The name the client logged in with, until the server tells its id.
    pending: Option<Box<str>>,
}

/// A map that knows no name: summaries made without a stream's names.
pub static NONE: Names = Names::new();

impl Names {
    /// An empty map.
    pub const fn new() -> Names {
        Names {
            ids: VecDeque::new(),
            names: VecDeque::new(),
            mine: None,
            pending: None,
        }
    }

    /// How many names are known.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether nothing was learnt (no name, no own id, no pending name).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty() && self.mine.is_none() && self.pending.is_none()
    }

    /// The name of player `id`, if the stream told it.
    pub fn name(&self, id: u32) -> Option<&str> {
        let i = self.ids.iter().rposition(|&x| x == id)?;
        Some(&self.names[i])
    }

    /// Player `id` is called `name`: kept as the newest name (a name told
    /// again replaces the old one). An empty name teaches nothing.
    pub fn tell(&mut self, id: u32, name: &str) {
        let name = cut(name);
        if name.is_empty() {
            return;
        }
        if let Some(i) = self.ids.iter().position(|&x| x == id) {
            self.ids.remove(i);
            self.names.remove(i);
        }
        if self.ids.len() == MAX_NAMES {
            self.ids.pop_front();
            self.names.pop_front();
        }
        self.ids.push_back(id);
        self.names.push_back(name.into());
    }

    /// The client logs in as `name`; its id comes with the server's answer
    /// ([`Names::my_id`]).
    pub fn my_name(&mut self, name: &str) {
        let name = cut(name);
        self.pending = (!name.is_empty()).then(|| name.into());
    }

    /// The server tells the client its player id: the name it logged in
    /// with (if seen) is that player's.
    pub fn my_id(&mut self, id: u32) {
        self.mine = Some(id);
        if let Some(name) = self.pending.take() {
            self.tell(id, &name);
        }
    }

    /// The client's own player id, once told.
    pub fn me(&self) -> Option<u32> {
        self.mine
    }

    /// Player `old` is now player `new` (PokerTH 1.x's Player Id Changed):
    /// the name goes with the player.
    pub fn renamed(&mut self, old: u32, new: u32) {
        if let Some(name) = self.name(old).map(Box::<str>::from) {
            self.tell(new, &name);
        }
        if self.mine == Some(old) {
            self.mine = Some(new);
        }
    }

    /// Player `id` for people: `alice (17)`, or `player 17`.
    pub fn who(&self, id: u32) -> Who<'_> {
        Who::Player {
            id,
            name: self.name(id),
        }
    }

    /// The client's own player, for its requests: `alice (17)`,
    /// `player 17`, or `the client` when the server's answer with its id
    /// was not captured.
    pub fn client(&self) -> Who<'_> {
        match self.mine {
            Some(id) => self.who(id),
            None => Who::Client,
        }
    }
}

/// Player `id` as a message that tells its name names it (`alice (17)`,
/// whatever the stream told before; `player 17` for an empty name).
pub fn named(id: u32, name: &str) -> Who<'_> {
    Who::Player {
        id,
        name: (!name.is_empty()).then_some(name),
    }
}

/// `name` cut to [`MAX_NAME_BYTES`] at a character boundary.
fn cut(name: &str) -> &str {
    if name.len() <= MAX_NAME_BYTES {
        return name;
    }
    let mut end = MAX_NAME_BYTES;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// A player as a summary names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who<'a> {
    /// A player by id, with the name the stream told, if it did.
    Player { id: u32, name: Option<&'a str> },
    /// The client of the stream, whose id was not seen.
    Client,
}

impl<'a> Who<'a> {
    /// The player as an item of a list: `alice (17)` or `17`.
    pub fn in_list(self) -> InList<'a> {
        InList(self)
    }
}

/// `alice (17)`, `player 17`, `the client`.
impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Player {
                id,
                name: Some(name),
            } => write!(f, "{name} ({id})"),
            Who::Player { id, name: None } => write!(f, "player {id}"),
            Who::Client => f.write_str("the client"),
        }
    }
}

/// A player in a list, where `player` before every bare id would only
/// repeat itself: `alice (17)` or `17`.
#[derive(Debug, Clone, Copy)]
pub struct InList<'a>(Who<'a>);

impl fmt::Display for InList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Who::Player { id, name: None } => write!(f, "{id}"),
            who => who.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_told_name_is_shown_beside_its_id() {
        let mut n = Names::new();
        assert_eq!(n.who(17).to_string(), "player 17");
        n.tell(17, "alice");
        assert_eq!(n.who(17).to_string(), "alice (17)");
        assert_eq!(n.who(18).to_string(), "player 18");
        // Told again: the new name.
        n.tell(17, "alicia");
        assert_eq!(n.name(17), Some("alicia"));
        assert_eq!(n.len(), 1);
        // An empty name teaches nothing.
        n.tell(19, "");
        assert_eq!(n.name(19), None);
    }

    #[test]
    fn the_clients_name_waits_for_its_id() {
        let mut n = Names::new();
        assert_eq!(n.client().to_string(), "the client");
        n.my_name("Bob1");
        assert_eq!(n.name(1002), None);
        n.my_id(1002);
        assert_eq!(n.client().to_string(), "Bob1 (1002)");
        assert_eq!(n.me(), Some(1002));
        // An id without a name seen before it.
        let mut m = Names::new();
        m.my_id(5);
        assert_eq!(m.client().to_string(), "player 5");
    }

    #[test]
    fn a_changed_id_keeps_its_name() {
        let mut n = Names::new();
        n.my_name("alice");
        n.my_id(1);
        n.renamed(1, 9);
        assert_eq!(n.client().to_string(), "alice (9)");
    }

    #[test]
    fn the_map_is_bounded_in_names_and_bytes() {
        let mut n = Names::new();
        for id in 0..(MAX_NAMES as u32 + 10) {
            n.tell(id, &format!("p{id}"));
        }
        // The oldest ten were dropped.
        assert_eq!(n.len(), MAX_NAMES);
        assert_eq!(n.name(9), None);
        assert_eq!(n.name(10), Some("p10"));
        assert_eq!(n.name(MAX_NAMES as u32 + 9), Some("p1033"));
        // A name told again counts as the newest: not dropped next.
        n.tell(10, "ten");
        n.tell(5000, "x");
        assert_eq!(n.name(10), Some("ten"));
        assert_eq!(n.name(11), None);
        // A long name is cut at a character boundary.
        let long = "é".repeat(40);
        n.tell(7, &long);
        let kept = n.name(7).unwrap();
        assert!(kept.len() <= MAX_NAME_BYTES && long.starts_with(kept));
        assert_eq!(kept.chars().count(), 32);
    }

    #[test]
    fn a_name_goes_beside_its_id() {
        let mut n = Names::new();
        n.tell(1, "alice");
        let items: Vec<String> = [1, 2].iter().map(|&id| n.who(id).to_string()).collect();
        assert_eq!(items, ["alice (1)", "player 2"]);
    }
}
