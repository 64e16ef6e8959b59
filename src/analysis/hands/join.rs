//! One hand, however many captured clients saw it: the views of a hand
//! (each connection's rebuilding of it, one stream's builder each) joined
//! into one hand ([`Joiner`]), as the views come, in capture order.
//!
//! Two views are of the same hand when they are of the same protocol,
//! server (address and port) and game (PokerTH's game id, poker-network's
//! table: [`Game`]), are on different streams, are in play at the same
//! time (their frames, from the one that started the hand to the last of
//! it, overlap), and, where both know it, have the same server hand number
//! (poker-network's serial, PokerTH's hand number in its game). A game has
//! one hand in play at a time, so the overlap is the anchor: two hands of
//! one game never overlap (a server that restarts numbers its games and
//! hands anew, and its old and new hands never join), and views join also
//! when the game's start, and so PokerTH's hand number, is not in the
//! capture. A view whose game is not known (PokerTH 0.7 without its Join
//! Game Ack, `pokerth-2007`) is a hand of its own.
//!
//! The views of one hand are on different streams, which may be on
//! different pipeline workers, so the join runs where the items of every
//! worker come back in capture order (a command's sink): it is given each
//! view as it opens ([`Opened`]: a builder started a hand of a known game)
//! and as it ends ([`Joiner::ended`]). A joined hand is ready
//! ([`Joiner::pop`]) as soon as no view that may still join it is open:
//! one opened before its last view ended, after the game's hand before it
//! ended. Views held for that are bounded ([`MAX_HELD_VIEWS`],
//! [`MAX_HELD_BYTES`]): past the bound the oldest hand held is made ready
//! as it is, with a note, and a view of it that ends later is a hand of
//! its own. The join's order is the items' order, so its output is the
//! same for every number of workers.
//!
//! The views become one hand in `merge.rs` ([`Joined`]).

use super::merge::{merge, Joined};
use super::model::{Hand, NoteKind};
use crate::protocols::ProtocolId;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;

/// Views held at most, waiting for views of their hands still open.
pub const MAX_HELD_VIEWS: usize = 4096;

/// Bytes of views held at most ([`Hand::heap_bytes`] and the hand).
pub const MAX_HELD_BYTES: usize = 16 << 20;

/// Games whose last hand's end is remembered, at most (the oldest are
/// forgotten first).
const MAX_GAMES: usize = 1 << 16;

/// A game on a server: one hand of it is in play at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    /// The protocol.
    pub protocol: ProtocolId,
    /// The server's address and port.
    pub server: SocketAddr,
    /// The game (PokerTH) or table (poker-network) id.
    pub table: u64,
}

impl Game {
    /// The game of `h` played on `server`, when its table is known.
    pub fn of(h: &Hand, server: Option<SocketAddr>) -> Option<Game> {
        Some(Game {
            protocol: h.protocol,
            server: server?,
            table: h.table?,
        })
    }
}

/// A view opened: a stream's builder started a hand of a known game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// The game.
    pub game: Game,
    /// The stream.
    pub stream: u64,
    /// The hand's number on the stream.
    pub number: u64,
    /// The frame that started the hand on the stream.
    pub first_frame: u64,
    /// The server's hand number, when known.
    pub server_number: Option<u64>,
}

impl Opened {
    /// The view `h` (the hand in play of its stream's builder), played
    /// on `server`, if its game is known.
    pub fn of(h: &Hand, server: Option<SocketAddr>) -> Option<Opened> {
        Some(Opened {
            game: Game::of(h, server)?,
            stream: h.stream,
            number: h.number,
            first_frame: h.first_frame,
            server_number: h.server_number,
        })
    }
}

/// What a pass hands on about views, in capture order: a view opened, or
/// one ended (the hand as its stream's builder finished it, settled, with
/// what the pass gives with it).
#[derive(Debug)]
pub enum ViewItem<X> {
    /// A view opened.
    Opened(Opened),
    /// A view ended.
    Ended(Box<Hand>, X),
}

/// Whether two server hand numbers may be of one hand: equal, or one not
/// known.
fn agree(a: Option<u64>, b: Option<u64>) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// Views of one hand found so far, waiting for others still open.
#[derive(Debug)]
struct Group<X> {
    game: Game,
    views: Vec<(Hand, X)>,
    /// The last frame of the game's hands ended before this one's first
    /// view: a view that started then or before is of an earlier hand.
    after: u64,
    /// The last frame of its views.
    last: u64,
    server_number: Option<u64>,
    bytes: usize,
}

impl<X> Group<X> {
    /// Whether a view of `stream` that started at `first` (and is still
    /// open, or ended at `last`) may be of this hand.
    fn may_hold(&self, stream: u64, first: u64, last: u64, number: Option<u64>) -> bool {
        first > self.after
            && agree(number, self.server_number)
            && !self.views.iter().any(|(h, _)| h.stream == stream)
            && (self.views.iter()).any(|(h, _)| h.first_frame <= last && first <= h.last_frame)
    }
}

/// What a hand weighs while held.
fn weight(h: &Hand) -> usize {
    std::mem::size_of::<Hand>() + h.heap_bytes()
}

/// Joins views into hands; see the [module docs](self). `X` is what a
/// pass gives with each view (its stream's key), handed back with it.
#[derive(Debug)]
pub struct Joiner<X> {
    /// The views open, by stream (a stream has one hand in play).
    open: HashMap<u64, Opened>,
    /// The streams of `open`, by game.
    open_in: HashMap<Game, Vec<u64>>,
    /// The groups waiting, by the order they were made.
    groups: BTreeMap<u64, Group<X>>,
    /// The keys of `groups`, by game.
    groups_in: HashMap<Game, Vec<u64>>,
    made: u64,
    /// Per game, the last frame of its views ended so far.
    ended_until: HashMap<Game, u64>,
    held_views: usize,
    held_bytes: usize,
    limits: (usize, usize),
    ready: VecDeque<Joined<X>>,
}

impl<X> Default for Joiner<X> {
    fn default() -> Self {
        Joiner::new()
    }
}

impl<X> Joiner<X> {
    /// A join holding at most [`MAX_HELD_VIEWS`] views of
    /// [`MAX_HELD_BYTES`].
    pub fn new() -> Joiner<X> {
        Joiner::with_limits(MAX_HELD_VIEWS, MAX_HELD_BYTES)
    }

    /// A join holding at most `views` views of `bytes`.
    pub fn with_limits(views: usize, bytes: usize) -> Joiner<X> {
        Joiner {
            open: HashMap::new(),
            open_in: HashMap::new(),
            groups: BTreeMap::new(),
            groups_in: HashMap::new(),
            made: 0,
            ended_until: HashMap::new(),
            held_views: 0,
            held_bytes: 0,
            limits: (views, bytes),
            ready: VecDeque::new(),
        }
    }

    /// Takes what a pass handed on.
    pub fn item(&mut self, item: ViewItem<X>) {
        match item {
            ViewItem::Opened(o) => self.opened(o),
            ViewItem::Ended(h, x) => self.ended(*h, x),
        }
    }

    /// A view opened (its stream's hand before it, if any, ended).
    pub fn opened(&mut self, o: Opened) {
        self.close(o.stream);
        self.open_in.entry(o.game).or_default().push(o.stream);
        self.open.insert(o.stream, o);
    }

    /// The view open on `stream`, if any, is no longer open.
    fn close(&mut self, stream: u64) {
        let Some(o) = self.open.remove(&stream) else {
            return;
        };
        if let Some(list) = self.open_in.get_mut(&o.game) {
            list.retain(|s| *s != stream);
            if list.is_empty() {
                self.open_in.remove(&o.game);
            }
        }
    }

    /// A view ended: it joins the views of its hand found so far, and
    /// the hands no open view may still join are ready.
    pub fn ended(&mut self, h: Hand, x: X) {
        let was = (self.open.get(&h.stream))
            .filter(|o| o.number == h.number)
            .map(|o| o.game);
        if was.is_some() {
            self.close(h.stream);
        }
        let game = Game::of(&h, h.endpoints.map(|e| e.1));
        if let Some(g) = was.filter(|g| Some(*g) != game) {
            // Opened as another game's (its table learnt meanwhile): what
            // it held of that game goes.
            self.release(g);
        }
        let Some(game) = game else {
            self.ready.push_back(Joined::one(h, x));
            return;
        };
        let bytes = weight(&h);
        let (first, last, number) = (h.first_frame, h.last_frame, h.server_number);
        let ids = self.groups_in.get(&game).map_or(&[][..], Vec::as_slice);
        let found = (ids.iter())
            .find(|id| self.groups[id].may_hold(h.stream, first, last, number))
            .copied();
        match found.and_then(|id| self.groups.get_mut(&id)) {
            Some(g) => {
                g.last = g.last.max(last);
                g.server_number = g.server_number.or(number);
                g.bytes += bytes;
                g.views.push((h, x));
            }
            None => {
                let after = self.ended_until.get(&game).copied().unwrap_or(0);
                self.made += 1;
                let g = Group {
                    game,
                    views: vec![(h, x)],
                    after,
                    last,
                    server_number: number,
                    bytes,
                };
                self.groups.insert(self.made, g);
                self.groups_in.entry(game).or_default().push(self.made);
            }
        }
        self.held_views += 1;
        self.held_bytes += bytes;
        let until = self.ended_until.entry(game).or_default();
        *until = (*until).max(last);
        self.forget_games();
        self.release(game);
        while self.held_views > self.limits.0 || self.held_bytes > self.limits.1 {
            let Some((&id, _)) = self.groups.first_key_value() else {
                break;
            };
            let held = self.held_views;
            self.let_go(id, Some(held));
        }
    }

    /// Makes ready the groups of `game` that no open view may still join,
    /// in the order they were made.
    fn release(&mut self, game: Game) {
        let open = self.open_in.get(&game).map_or(&[][..], Vec::as_slice);
        let ids: Vec<u64> = (self.groups_in.get(&game).into_iter().flatten())
            .filter(|id| {
                let g = &self.groups[id];
                !open.iter().any(|s| {
                    let o = &self.open[s];
                    g.may_hold(o.stream, o.first_frame, u64::MAX, o.server_number)
                })
            })
            .copied()
            .collect();
        for id in ids {
            self.let_go(id, None);
        }
    }

    /// Makes group `id` ready; `held` when the bound made it go (the
    /// views held then), for its note.
    fn let_go(&mut self, id: u64, held: Option<usize>) {
        let Some(g) = self.groups.remove(&id) else {
            return;
        };
        if let Some(list) = self.groups_in.get_mut(&g.game) {
            list.retain(|x| *x != id);
            if list.is_empty() {
                self.groups_in.remove(&g.game);
            }
        }
        self.held_views -= g.views.len();
        self.held_bytes -= g.bytes;
        let mut j = merge(g.views);
        if let Some(n) = held {
            let text = format!(
                "written before every view of it had ended ({n} views waited to be joined, \
                 more than cardshark holds): a view of it that ends later is a hand of its own"
            );
            j.hand.notes.push(super::model::Note {
                frame: j.hand.last_frame,
                kind: NoteKind::Info,
                text,
            });
        }
        self.ready.push_back(j);
    }

    /// Forgets the oldest half of the games remembered when they pass
    /// [`MAX_GAMES`].
    fn forget_games(&mut self) {
        if self.ended_until.len() <= MAX_GAMES {
            return;
        }
        let mut ends: Vec<u64> = self.ended_until.values().copied().collect();
        ends.sort_unstable();
        let cut = ends[ends.len() / 2];
        self.ended_until.retain(|_, e| *e > cut);
    }

    /// The next hand ready, if any.
    pub fn pop(&mut self) -> Option<Joined<X>> {
        self.ready.pop_front()
    }

    /// The input is over: every hand held is ready, in the order the
    /// groups were made.
    pub fn finish(&mut self) {
        self.open.clear();
        self.open_in.clear();
        let ids: Vec<u64> = self.groups.keys().copied().collect();
        for id in ids {
            self.let_go(id, None);
        }
    }
}

#[cfg(test)]
mod tests;
