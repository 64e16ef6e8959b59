//! The card game's table as the recipient (the client) is shown it: where
//! each of the 96 cards is and which image it shows, the stacking order,
//! the stage, the dealer, both scores with the latest scorings (the last
//! [`KEPT`](super::recent::KEPT)) and the end-of-hand count-up.
//!
//! A game of the timeline ([`GameState`]): the table and how each message
//! changes it here, drawn for people in [`draw`](mod@draw).

pub mod draw;
#[cfg(test)]
mod tests;

use super::recent::Recent;
use super::state::GameState;
use crate::decode::Record;
use crate::protocols::cardgame::messages::{Image, Loc, Message, Place, Who, BACK};
use crate::protocols::Fields;
use serde::Serialize;

/// Cards on the table.
pub const CARDS: usize = 96;

/// One card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardState {
    /// The card id, 0..95.
    pub id: u8,
    /// Where it is; `None` until a Reset or a move shows it.
    pub loc: Option<Loc>,
    /// The image it shows; `None` until a Reset or SetImage shows it.
    pub image: Option<Image>,
    /// When it came to its place (a counter: the order cards arrived).
    #[serde(skip)]
    arrived: u64,
}

/// A line of the score history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreEntry {
    /// The frame.
    pub frame: u64,
    /// Who scored.
    pub who: Who,
    /// By how much.
    pub increase: u16,
    /// The new total.
    pub total: u16,
    /// The server's description.
    pub what: String,
    /// Set when the total is not the previous total plus the increase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The two players' totals.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Scores {
    /// The recipient's total, once a Score showed it.
    pub recipient: Option<u16>,
    /// The opponent's.
    pub opponent: Option<u16>,
}

/// The end-of-hand count-up: the scores given once the stage said so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountUp {
    /// The frame of the Stage message that began it.
    pub frame: u64,
    /// The scores of the count-up (the last 16).
    pub scores: Recent<ScoreEntry>,
}

/// The cards of each place, in order: the hands and meld areas by position
/// (then by arrival), the others in the order the cards arrived (the last
/// is the latest).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Places {
    /// The stock pile.
    pub stock: Vec<u8>,
    /// The turned-up trump.
    pub trump: Vec<u8>,
    /// The recipient's hand.
    pub recipient_hand: Vec<u8>,
    /// The opponent's hand.
    pub opponent_hand: Vec<u8>,
    /// The trick being played.
    pub trick: Vec<u8>,
    /// The recipient's trick pile.
    pub recipient_trick_pile: Vec<u8>,
    /// The opponent's trick pile.
    pub opponent_trick_pile: Vec<u8>,
    /// The recipient's meld area.
    pub recipient_meld: Vec<u8>,
    /// The opponent's meld area.
    pub opponent_meld: Vec<u8>,
    /// Places the spec does not name, and cards not yet placed.
    pub unknown: Vec<u8>,
}

/// The state of a card game stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table {
    /// Who deals ("recipient" or "opponent"), once a Reset said.
    pub dealer: Option<String>,
    /// The stage, as the spec words it.
    pub stage: Option<String>,
    /// Every card, by id.
    pub cards: Vec<CardState>,
    /// The cards of each place.
    pub places: Places,
    /// Cards raised to the top of the stacking order, bottom to top (the
    /// last is topmost).
    pub raised: Vec<u8>,
    /// Cards lowered to the bottom, bottom to top (the first is
    /// bottommost). Cards in neither list lie between, in an order the
    /// capture does not show.
    pub lowered: Vec<u8>,
    /// The totals.
    pub scores: Scores,
    /// The last 16 scores, oldest first.
    pub score_history: Recent<ScoreEntry>,
    /// The end-of-hand count-up, once the stage reached it.
    pub count_up: Option<CountUp>,
    /// The card the client last asked to play.
    pub last_played: Option<u8>,
    /// True once bytes were missing or could not be decoded.
    pub incomplete: bool,
    #[serde(skip)]
    clock: u64,
}

impl Default for Table {
    fn default() -> Table {
        Table::new()
    }
}

impl Table {
    /// A table about which nothing is known yet.
    pub fn new() -> Table {
        let cards = (0..CARDS as u8)
            .map(|id| CardState {
                id,
                loc: None,
                image: None,
                arrived: 0,
            })
            .collect();
        let mut t = Table {
            dealer: None,
            stage: None,
            cards,
            places: Places::default(),
            raised: Vec::new(),
            lowered: Vec::new(),
            scores: Scores::default(),
            score_history: Recent::new(),
            count_up: None,
            last_played: None,
            incomplete: false,
            clock: 0,
        };
        t.sort();
        t
    }

    /// Recomputes [`Table::places`] from the cards.
    fn sort(&mut self) {
        let mut by: Vec<(u8, u8, u64, u8)> = (self.cards.iter())
            .map(|c| {
                let (place, detail) = c.loc.map_or((u8::MAX, 0), |l| (l.place.0, l.detail));
                let detail = if matches!(place, 2 | 3 | 7 | 8) {
                    detail
                } else {
                    0
                };
                (place, detail, c.arrived, c.id)
            })
            .collect();
        by.sort_unstable();
        let p = &mut self.places;
        *p = Places::default();
        for (place, _, _, id) in by {
            let list = match place {
                0 => &mut p.stock,
                1 => &mut p.trump,
                2 => &mut p.recipient_hand,
                3 => &mut p.opponent_hand,
                4 => &mut p.trick,
                5 => &mut p.recipient_trick_pile,
                6 => &mut p.opponent_trick_pile,
                7 => &mut p.recipient_meld,
                8 => &mut p.opponent_meld,
                _ => &mut p.unknown,
            };
            list.push(id);
        }
    }

    fn card(&mut self, id: u8) -> Option<&mut CardState> {
        self.cards.get_mut(usize::from(id))
    }

    /// Applies one message; returns what changed.
    pub fn message(&mut self, r: &Record, m: &Message) -> Option<String> {
        self.clock += 1;
        let clock = self.clock;
        let what = match m {
            Message::Reset(x) => {
                for c in &mut self.cards {
                    c.loc = Some(Loc {
                        place: Place(0),
                        detail: 0,
                    });
                    c.image = Some(BACK);
                    c.arrived = clock;
                }
                self.dealer = Some(x.deal.to_string());
                self.count_up = None;
                format!("reset: every card face down in the stock; {} deals", x.deal)
            }
            Message::Teleport(x) | Message::Move(x) => {
                let verb = if matches!(m, Message::Move(_)) {
                    "moves"
                } else {
                    "teleports"
                };
                let Some(c) = self.card(x.card) else {
                    return Some(format!("card {} does not exist: ignored", x.card));
                };
                c.loc = Some(x.loc);
                c.arrived = clock;
                format!("card {} {verb} to {}", x.card, x.loc)
            }
            Message::SetImage(x) => {
                let Some(c) = self.card(x.card) else {
                    return Some(format!("card {} does not exist: ignored", x.card));
                };
                c.image = Some(x.image);
                format!("card {} shows {}", x.card, x.image)
            }
            Message::Raise(x) | Message::Lower(x) => {
                if usize::from(x.card) >= CARDS {
                    return Some(format!("card {} does not exist: ignored", x.card));
                }
                self.raised.retain(|&c| c != x.card);
                self.lowered.retain(|&c| c != x.card);
                if matches!(m, Message::Raise(_)) {
                    self.raised.push(x.card);
                    format!("card {} raised to the top", x.card)
                } else {
                    self.lowered.insert(0, x.card);
                    format!("card {} lowered to the bottom", x.card)
                }
            }
            Message::Stage(s) => {
                let text = s.stage.describe();
                if self.stage.as_deref() == Some(&text) {
                    return None;
                }
                if s.stage.0 == 0x0b {
                    self.count_up = Some(CountUp {
                        frame: r.frame,
                        scores: Recent::new(),
                    });
                }
                self.stage = Some(text.clone());
                format!("stage: {text}")
            }
            Message::Score(s) => self.score(r, s),
            Message::PlayCard(x) => {
                self.last_played = Some(x.card);
                format!("client plays card {}", x.card)
            }
            Message::Delay(_) | Message::WaitAnimations(_) => return None,
        };
        self.sort();
        Some(what)
    }

    fn score(&mut self, r: &Record, s: &crate::protocols::cardgame::messages::Score) -> String {
        let total = if s.who.0 == 0 {
            &mut self.scores.recipient
        } else {
            &mut self.scores.opponent
        };
        let note = match *total {
            Some(before) if u32::from(before) + u32::from(s.increase) != u32::from(s.total) => {
                Some(format!("{before} + {} is not {}", s.increase, s.total))
            }
            _ => None,
        };
        *total = Some(s.total);
        let entry = ScoreEntry {
            frame: r.frame,
            who: s.who,
            increase: s.increase,
            total: s.total,
            what: s.what.clone(),
            note,
        };
        if let Some(c) = &mut self.count_up {
            c.scores.push(entry.clone());
        }
        self.score_history.push(entry);
        format!("{} scores {} ({}): {}", s.who, s.increase, s.what, s.total)
    }
}

impl GameState for Table {
    fn name(&self) -> &'static str {
        "cardgame"
    }

    fn message(&mut self, r: &Record, fields: &Fields) -> Option<String> {
        match fields {
            Fields::CardGame(m) => Table::message(self, r, m),
            _ => None,
        }
    }

    fn set_incomplete(&mut self) {
        self.incomplete = true;
    }

    fn draw(&self) -> String {
        draw::draw(self)
    }
}
