//! Game timelines: the state of each game stream after every message that
//! changed it.
//!
//! [`TimelineCollector`] is a [`RecordSink`]: it gives each stream of a game
//! protocol a tracker ([`gls::Board`], [`cardgame::Table`],
//! [`pokerth_lobby::Lobby`], [`pokerth1::Lobby`]), and reports every
//! [`Change`] with the state it left to a callback, in capture order, so
//! that a long capture needs no more memory than its current states. Gaps, bytes no decoder could place
//! and messages that could not be decoded are changes too (the state is
//! marked `incomplete` from there on): what the capture does not show is
//! never made up.
//!
//! A state holds what is true of its stream now, not the stream's past, so
//! that its size follows what is open rather than how long the stream ran:
//! its histories (chat, kicks and votes, errors, notices, invitations,
//! refusals, former nicknames, scores) are each a [`Recent`], the last
//! [`recent::KEPT`] (16) entries, and serialise as the list of those. Every
//! event is still reported, in full, by the [`Change`] that made it. Entries
//! of a list or map go when the protocol says they ended: a GLS player who
//! parts, a PokerTH game the list says is closed, a kick petition once it
//! ends or the client leaves its game (the end is in the kicks), a PokerTH
//! 1.x player gone offline, a 1.x table once the client's next one starts.
//! What no message ever ends stays (GLS dice, PokerTH 0.7's known players,
//! statistics by kind).

pub mod cardgame;
pub mod gls;
pub mod poker;
pub mod pokerth1;
pub mod pokerth_lobby;
pub mod recent;

use crate::analysis::hands::table::{self, TableState};
use crate::capture::Timestamp;
use crate::decode::{Body, Record, RecordSink};
use crate::protocols::{Fields, ProtocolId};
pub use recent::Recent;
use serde::Serialize;
use std::collections::BTreeMap;

/// One change of a game's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The frame that completed the message (or caused the event).
    pub frame: u64,
    /// That frame's time (serialised as RFC 3339, UTC, microseconds).
    #[serde(serialize_with = "rfc3339")]
    pub ts: Timestamp,
    /// The TCP stream.
    pub stream: u64,
    /// What changed, for people.
    pub what: String,
}

/// A dated line of a lobby: a kick, a vote, an error, a notice, a chat
/// line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    /// The frame.
    pub frame: u64,
    /// What happened (its own allocation, exactly its length: a state
    /// keeps thousands of these, one list of each per stream open).
    pub text: Box<str>,
}

impl Event {
    /// Adds `text` at `r`'s frame to `list`; returns it.
    pub fn add(list: &mut Recent<Event>, r: &Record, text: String) -> String {
        list.push(Event {
            frame: r.frame,
            text: text.as_str().into(),
        });
        text
    }
}

/// A timestamp as RFC 3339 text.
fn rfc3339<S: serde::Serializer>(ts: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(ts)
}

/// The state of one game stream. Serialises with a `game` key naming the
/// game (`gls`, `cardgame`, `pokerth_lobby`, `pokerth1`) beside the state's fields.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Game {
    /// A Glass Plate Game board.
    Gls(gls::Board),
    /// The card game's table.
    Cardgame(cardgame::Table),
    /// The PokerTH lobby.
    PokerthLobby(pokerth_lobby::Lobby),
    /// A PokerTH 1.x stream: the lobby and the table of its game (boxed:
    /// by far the largest state).
    Pokerth1(Box<pokerth1::Lobby>),
    /// A poker-network stream: the table of its hand in play.
    Pokernetwork(PokerTable),
}

/// A poker stream's table, for a protocol whose timeline is its hands
/// (poker-network).
#[derive(Debug, Clone, Default, Serialize)]
pub struct PokerTable {
    /// The table of the hand in play, or of the last hand.
    pub table: Option<TableState>,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
}

impl Game {
    /// A new state for a stream of `protocol`, when it is a game with a
    /// timeline.
    pub fn for_protocol(protocol: ProtocolId) -> Option<Game> {
        Some(match protocol {
            ProtocolId::Gls => Game::Gls(gls::Board::new()),
            ProtocolId::CardGame => Game::Cardgame(cardgame::Table::new()),
            ProtocolId::PokerTh => Game::PokerthLobby(pokerth_lobby::Lobby::new()),
            ProtocolId::PokerTh1 => Game::Pokerth1(Box::default()),
            ProtocolId::PokerNetwork => Game::Pokernetwork(PokerTable::default()),
        })
    }

    /// Applies a decoded message; returns what changed, or `None` when the
    /// message changed nothing.
    pub fn message(&mut self, r: &Record, fields: &Fields) -> Option<String> {
        match (self, fields) {
            (Game::Gls(b), Fields::Gls(m)) => b.message(r, m),
            (Game::Cardgame(t), Fields::CardGame(m)) => t.message(r, m),
            (Game::PokerthLobby(l), Fields::PokerTh(m)) => l.message(r, m),
            (Game::Pokerth1(l), Fields::PokerTh1(m)) => l.message(r, m),
            _ => None,
        }
    }

    /// Marks the state incomplete (a gap, undecodable bytes).
    fn set_incomplete(&mut self) {
        match self {
            Game::Gls(b) => b.incomplete = true,
            Game::Cardgame(t) => t.incomplete = true,
            Game::PokerthLobby(l) => l.incomplete = true,
            Game::Pokerth1(l) => l.incomplete = true,
            Game::Pokernetwork(t) => t.incomplete = true,
        }
    }

    /// The state drawn for people (a board, a table, a game list).
    pub fn draw(&self) -> String {
        match self {
            Game::Gls(b) => gls::draw(b),
            Game::Cardgame(t) => cardgame::draw(t),
            Game::PokerthLobby(l) => pokerth_lobby::draw(l),
            Game::Pokerth1(l) => pokerth1::draw(l),
            Game::Pokernetwork(t) => match &t.table {
                Some(s) => format!(
                    "  hand {} · {}\n{}{}",
                    s.hand,
                    s.street.name(),
                    table::draw(s),
                    if t.incomplete {
                        "  (incomplete: bytes missing)\n"
                    } else {
                        ""
                    }
                ),
                None => "  no hand yet\n".to_string(),
            },
        }
    }

    /// The table of a poker stream's hand in play (or its last hand).
    pub fn table(&self) -> Option<&TableState> {
        match self {
            Game::PokerthLobby(l) => l.table.as_ref(),
            Game::Pokerth1(l) => l.table.as_ref(),
            Game::Pokernetwork(p) => p.table.as_ref(),
            Game::Gls(_) | Game::Cardgame(_) => None,
        }
    }

    /// The table of a poker stream's hand, as its [`poker::Play`] has it.
    fn set_table(&mut self, t: Option<&TableState>) {
        let slot = match self {
            Game::PokerthLobby(l) => &mut l.table,
            Game::Pokerth1(l) => &mut l.table,
            Game::Pokernetwork(p) => &mut p.table,
            _ => return,
        };
        match (slot.as_mut(), t) {
            (Some(s), Some(t)) => s.clone_from(t),
            (None, Some(t)) => *slot = Some(t.clone()),
            _ => {}
        }
    }

    /// The stream ended.
    fn end(&mut self) {
        if let Game::Gls(b) = self {
            b.end();
        }
    }
}

/// What a non-message record (or a message that could not be decoded)
/// means for a game's state.
fn event(r: &Record, game: &mut Game) -> Option<String> {
    match &r.body {
        Body::Gap { len, .. } => {
            game.set_incomplete();
            Some(format!(
                "gap: {len} byte(s) of the {} direction missing: the state may be incomplete from here",
                r.dir.as_str()
            ))
        }
        Body::UnknownData { len, .. } => {
            game.set_incomplete();
            Some(format!(
                "{len} byte(s) of the {} direction could not be decoded: the state may be incomplete from here",
                r.dir.as_str()
            ))
        }
        Body::Message { decoded, .. } if decoded.error.is_some() => {
            game.set_incomplete();
            Some(format!(
                "a {} message could not be decoded: the state may be incomplete from here",
                decoded.type_name
            ))
        }
        Body::Message { decoded, .. } => game.message(r, &decoded.fields),
        Body::StreamEnd { reason } => {
            game.end();
            Some(format!("the stream ends ({})", reason.as_str()))
        }
        Body::StreamStart | Body::WebSocket(_) => None,
    }
}

/// Where a [`TimelineCollector`] sends each change and the state after
/// it, with the key of the record that made it ([`Record::order`]). Any
/// `FnMut(&Change, &Game)` is one.
pub trait ChangeSink {
    fn change(&mut self, key: u64, change: &Change, state: &Game);
    /// What the output made of the changes and not taken yet weighs, in
    /// bytes (the collector's [`RecordSink::pending`]); 0 by default.
    fn pending(&self) -> usize {
        0
    }
    /// `stream` ended, at the record of key `key`, and its state, `state`
    /// (its last), is being dropped
    /// ([`TimelineCollector::forgetting_ended`]): what was kept for it
    /// may go too. Nothing by default.
    fn ended(&mut self, _key: u64, _stream: u64, _state: &Game) {}
    /// A step of a poker hand's table on `stream` (several may come from
    /// one record, before its change): what `replay --hand` steps
    /// through. Nothing by default.
    fn table_step(&mut self, _key: u64, _stream: u64, _table: &TableState) {}
}

impl<F: FnMut(&Change, &Game)> ChangeSink for F {
    fn change(&mut self, _key: u64, change: &Change, state: &Game) {
        self(change, state)
    }
}

/// Collects the timelines of every game stream; see the [module docs](self).
pub struct TimelineCollector<F: ChangeSink> {
    games: BTreeMap<u64, Game>,
    /// The poker streams' hand builders and tables ([`poker::Play`]).
    plays: BTreeMap<u64, poker::Play>,
    stream: Option<u64>,
    until: Option<u64>,
    /// Drop a game's state once its stream ends ([`Self::forgetting_ended`]).
    forget_ended: bool,
    /// The game streams seen (only counted when following one stream).
    seen_stream: bool,
    on_change: F,
}

impl<F: ChangeSink> TimelineCollector<F> {
    /// A collector of every game stream (or only `stream`), calling
    /// `on_change` with each change and the state after it.
    pub fn new(stream: Option<u64>, on_change: F) -> TimelineCollector<F> {
        TimelineCollector {
            games: BTreeMap::new(),
            plays: BTreeMap::new(),
            stream,
            until: None,
            forget_ended: false,
            seen_stream: false,
            on_change,
        }
    }

    /// Ignores every record past frame `frame`: the states are then those
    /// at that moment.
    pub fn until(mut self, frame: u64) -> TimelineCollector<F> {
        self.until = Some(frame);
        self
    }

    /// Drops each game's state once its stream ended (after the change
    /// the end makes, and after [`ChangeSink::ended`] has seen it), so
    /// that memory follows the streams open at once. [`Self::finish`] then
    /// returns the streams still open.
    pub fn forgetting_ended(mut self) -> TimelineCollector<F> {
        self.forget_ended = true;
        self
    }

    /// Whether the one stream followed (see [`Self::new`]) was a game
    /// stream, ended or not.
    pub fn saw_stream(&self) -> bool {
        self.seen_stream
    }

    /// The states of the game streams, by stream.
    pub fn finish(self) -> BTreeMap<u64, Game> {
        self.games
    }

    /// The change sink.
    pub fn sink_mut(&mut self) -> &mut F {
        &mut self.on_change
    }
}

impl<F: ChangeSink> RecordSink for TimelineCollector<F> {
    fn pending(&self) -> usize {
        self.on_change.pending()
    }

    fn record(&mut self, r: Record) {
        if self.stream.is_some_and(|s| s != r.stream) || self.until.is_some_and(|u| r.frame > u) {
            return;
        }
        let Some(protocol) = r.protocol else {
            return;
        };
        let game = match self.games.entry(r.stream) {
            std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::btree_map::Entry::Vacant(e) => match Game::for_protocol(protocol) {
                Some(g) => e.insert(g),
                None => return,
            },
        };
        self.seen_stream |= self.stream.is_some();
        let mut what = event(&r, game);
        let play = match self.plays.entry(r.stream) {
            std::collections::btree_map::Entry::Occupied(e) => Some(e.into_mut()),
            std::collections::btree_map::Entry::Vacant(e) => {
                poker::Play::for_record(&r).map(|p| e.insert(p))
            }
        };
        if let Some(play) = play {
            let mut said = Vec::new();
            play.record(&r, |t| {
                said.push(t.event.clone());
                self.on_change.table_step(r.order, r.stream, t);
            });
            if !said.is_empty() {
                game.set_table(play.table());
                let table = said.join("; ");
                what = Some(match what {
                    Some(w) => format!("{w}; {table}"),
                    None => table,
                });
            }
        }
        if matches!(r.body, Body::StreamEnd { .. }) {
            self.plays.remove(&r.stream);
        }
        if let Some(what) = what {
            let change = Change {
                frame: r.frame,
                ts: r.ts,
                stream: r.stream,
                what,
            };
            self.on_change.change(r.order, &change, game);
        }
        if self.forget_ended && matches!(r.body, Body::StreamEnd { .. }) {
            if let Some(game) = self.games.remove(&r.stream) {
                self.on_change.ended(r.order, r.stream, &game);
            }
        }
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

/// A record of frame `frame` for the trackers' unit tests.
#[cfg(test)]
pub(crate) fn test_record(frame: u64) -> Record {
    let addr = std::net::SocketAddr::from(([10, 0, 0, 1], 1000));
    Record {
        order: 0,
        frame,
        ts: Timestamp::default(),
        stream: 0,
        dir: crate::reassembly::Direction::S2C,
        src: addr,
        dst: addr,
        offset: 0,
        protocol: None,
        dialect: None,
        transport: crate::transport::Transport::Tcp,
        carried: None,
        body: Body::StreamStart,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares() {
        assert_eq!(square_index("A1"), Some(0));
        assert_eq!(square_index("A8"), Some(7));
        assert_eq!(square_index("B1"), Some(8));
        assert_eq!(square_index("H8"), Some(63));
        for bad in ["", "A", "I1", "A9", "A0", "a1", "A10", "H8 "] {
            assert_eq!(square_index(bad), None, "{bad}");
        }
    }
}
