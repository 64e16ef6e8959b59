//! Game timelines: the state of each game stream after every message that
//! changed it.
//!
//! **One shape for every game.** Each game's state is a [`GameState`]
//! (`state.rs`): it takes the stream's decoded messages (a record and its
//! fields) and returns what each changed, marks itself incomplete, hears
//! the stream's end, draws itself for people and, for a poker game, holds
//! its hand's table. Each game is a folder of the same layout: `mod.rs`
//! its state and how messages change it, `draw.rs` the state drawn for
//! people, `tests.rs` its unit tests: [`gls`] (the Glass Plate Game's
//! board), [`cardgame`] (the card game's table), [`pokerth_lobby`] (the
//! PokerTH 0.7 lobby), [`pokerth1`] (a PokerTH 1.x stream: its lobby and
//! tables) and [`pokernetwork`] (a poker-network stream's table). [`Game`]
//! holds one of them for a stream, and is what the changes carry and the
//! JSON names (its `game` key); the collector and the commands ask
//! everything else of [`Game::as_state`], never of a game by name.
//!
//! **Adding a game** takes its folder, of the layout above, implementing
//! [`GameState`] (`pub mod` it here), a variant of [`Game`] (its `game`
//! name) with its arm in [`Game::for_protocol`] and in
//! [`Game::as_state`]/[`Game::as_state_mut`]; no command changes.
//!
//! [`TimelineCollector`] is a [`RecordSink`]: it gives each stream of a game
//! protocol its [`Game`], and reports every [`Change`] with the state it
//! left to a callback, in capture order, so that a long capture needs no
//! more memory than its current states. Gaps, bytes no decoder could place
//! and messages that could not be decoded are changes too (the state is
//! marked `incomplete` from there on): what the capture does not show is
//! never made up. Beside the game, a poker stream's hands are read by its
//! [`poker::Play`] (the hand builder `hands` reads them with, and the one
//! hand table), whose table the collector hands the game after each record
//! that changed it ([`GameState::set_table`]).
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
//!
//! Imports go one way: the games import [`state`] and [`recent`] (and the
//! hands' table), never this file; this file imports the games, [`state`]
//! and [`poker`].

pub mod cardgame;
pub mod gls;
pub mod poker;
pub mod pokernetwork;
pub mod pokerth1;
pub mod pokerth_lobby;
pub mod recent;
pub mod state;

use crate::analysis::hands::table::TableState;
use crate::capture::Timestamp;
use crate::decode::{Body, Record, RecordSink};
use crate::protocols::ProtocolId;
pub use recent::Recent;
use serde::Serialize;
pub use state::{Event, GameState};
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

/// A timestamp as RFC 3339 text.
fn rfc3339<S: serde::Serializer>(ts: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(ts)
}

/// The state of one game stream: each game's state behind one holder, which
/// serialises with a `game` key naming the game (`gls`, `cardgame`,
/// `pokerth_lobby`, `pokerth1`, `pokernetwork`: [`GameState::name`]) beside
/// the state's fields. Everything else is asked of the game through
/// [`Game::as_state`].
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
    Pokernetwork(pokernetwork::PokerTable),
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
            ProtocolId::PokerNetwork => Game::Pokernetwork(pokernetwork::PokerTable::default()),
        })
    }

    /// The game's state, as every game answers.
    pub fn as_state(&self) -> &dyn GameState {
        match self {
            Game::Gls(b) => b,
            Game::Cardgame(t) => t,
            Game::PokerthLobby(l) => l,
            Game::Pokerth1(l) => l.as_ref(),
            Game::Pokernetwork(t) => t,
        }
    }

    /// The game's state, to change.
    pub fn as_state_mut(&mut self) -> &mut dyn GameState {
        match self {
            Game::Gls(b) => b,
            Game::Cardgame(t) => t,
            Game::PokerthLobby(l) => l,
            Game::Pokerth1(l) => l.as_mut(),
            Game::Pokernetwork(t) => t,
        }
    }

    /// The name of every game ([`GameState::name`]), once each, in the
    /// order of the protocols that have one (what `-Y 'game == …'` takes).
    pub fn names() -> &'static [&'static str] {
        static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
        NAMES.get_or_init(|| {
            let mut names = Vec::new();
            for g in ProtocolId::ALL.into_iter().filter_map(Game::for_protocol) {
                let name = g.as_state().name();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            names
        })
    }
}

/// What a non-message record (or a message that could not be decoded)
/// means for a game's state.
fn event(r: &Record, game: &mut dyn GameState) -> Option<String> {
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
        let mut what = event(&r, game.as_state_mut());
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
                game.as_state_mut().set_table(play.table());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_is_named_by_its_json_game_key() {
        let mut names = Vec::new();
        for p in ProtocolId::ALL {
            let Some(g) = Game::for_protocol(p) else {
                continue;
            };
            let v = serde_json::to_value(&g).unwrap();
            assert_eq!(v["game"], g.as_state().name(), "{p:?}");
            names.push(g.as_state().name());
        }
        assert_eq!(
            Game::names(),
            [
                "pokerth_lobby",
                "pokerth1",
                "pokernetwork",
                "gls",
                "cardgame"
            ]
        );
        assert_eq!(Game::names(), names);
    }
}
