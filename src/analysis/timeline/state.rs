//! The one shape of a game's timeline: [`GameState`], what every game's
//! state answers (messages in, the change and the state out), and what
//! the games share ([`Event`], [`hold_table`]).
//!
//! This file imports no game and nothing of the timeline's collector: the
//! games import it, and the collector ([`super::TimelineCollector`]) and
//! the commands reach every game through it.

use super::recent::Recent;
use crate::analysis::hands::table::TableState;
use crate::decode::Record;
use crate::protocols::Fields;

/// The state of one game stream, as its messages leave it: what the
/// collector and the commands ask of every game, whichever it is.
///
/// A game is a folder of `timeline/` of one layout: `mod.rs` its state,
/// which implements this trait, and how each message changes it;
/// `draw.rs` the state drawn for people; `tests.rs` its unit tests.
pub trait GameState {
    /// The game's name: the `game` key of its state's JSON and of the
    /// changes' `-Y` (`gls`, `cardgame`, `pokerth_lobby`, `pokerth1`,
    /// `pokernetwork`).
    fn name(&self) -> &'static str;

    /// Applies a decoded message of the stream (its record and its
    /// `fields`); returns what changed, for people, or `None` when the
    /// message changed nothing (and for the fields of another protocol).
    fn message(&mut self, r: &Record, fields: &Fields) -> Option<String>;

    /// Marks the state incomplete: bytes of the stream were missing or
    /// could not be decoded, so what follows may lack what they said.
    fn set_incomplete(&mut self);

    /// The stream ended. Nothing by default.
    fn end(&mut self) {}

    /// The state drawn for people (a board, a table, a game list), lines
    /// each ending with a newline.
    fn draw(&self) -> String;

    /// A poker game's table of the hand in play, or of its last hand;
    /// `None` for the other games (the default).
    fn table(&self) -> Option<&TableState> {
        None
    }

    /// A poker game takes its hand's table, as the stream's
    /// [`super::poker::Play`] has it after a record that changed it
    /// (`None`: no hand yet). Nothing by default: a game without hands
    /// ignores it.
    fn set_table(&mut self, _table: Option<&TableState>) {}
}

/// Keeps `table` in `slot` (a poker game's [`GameState::set_table`]):
/// the table now, its room reused; a `None` keeps the table held.
pub fn hold_table(slot: &mut Option<TableState>, table: Option<&TableState>) {
    match (slot.as_mut(), table) {
        (Some(s), Some(t)) => s.clone_from(t),
        (None, Some(t)) => *slot = Some(t.clone()),
        _ => {}
    }
}

/// A dated line of a lobby: a kick, a vote, an error, a notice, a chat
/// line.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
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
