//! The card game's table as the recipient (the client) is shown it: where
//! each of the 96 cards is and which image it shows, the stacking order,
//! the stage, the dealer, both scores with the latest scorings (the last
//! [`KEPT`](super::recent::KEPT)) and the end-of-hand count-up.

use super::recent::Recent;
use crate::decode::Record;
use crate::protocols::cardgame::messages::{Image, Loc, Message, Place, Who, BACK};
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

/// A list of cards for people: the faces shown, `##` for the back, `?` for
/// an image not known.
fn cards(t: &Table, ids: &[u8]) -> String {
    let v: Vec<String> = (ids.iter())
        .map(|&id| match t.cards[usize::from(id)].image {
            Some(i) if i == BACK => "##".to_string(),
            Some(i) => i.to_string(),
            None => "?".to_string(),
        })
        .collect();
    v.join(" ")
}

/// The table for people: the opponent's side at the top, the trump, stock
/// and trick in the middle, the recipient's side below, then the stage and
/// scores.
pub fn draw(t: &Table) -> String {
    let p = &t.places;
    // A player's line: `who` padded to `recipient`'s width.
    let side = |who: &str, hand: &[u8], meld: &[u8], tricks: &[u8], score: Option<u16>| {
        let score = score.map_or("?".into(), |x| x.to_string());
        format!(
            "  {who:<9} hand [{}]  meld [{}]  tricks {}  score {score}\n",
            cards(t, hand),
            cards(t, meld),
            tricks.len(),
        )
    };
    let mut o = side(
        "opponent",
        &p.opponent_hand,
        &p.opponent_meld,
        &p.opponent_trick_pile,
        t.scores.opponent,
    );
    o.push_str(&format!(
        "  stock {}  trump [{}]  trick [{}]\n",
        p.stock.len(),
        cards(t, &p.trump),
        cards(t, &p.trick)
    ));
    o.push_str(&side(
        "recipient",
        &p.recipient_hand,
        &p.recipient_meld,
        &p.recipient_trick_pile,
        t.scores.recipient,
    ));
    o.push_str(&format!(
        "  stage: {}  dealer: {}\n",
        t.stage.as_deref().unwrap_or("?"),
        t.dealer.as_deref().unwrap_or("?")
    ));
    if !p.unknown.is_empty() {
        o.push_str(&format!("  {} card(s) not placed\n", p.unknown.len()));
    }
    if let Some(s) = t.score_history.last() {
        o.push_str(&format!(
            "  last score: {} +{} ({})\n",
            s.who, s.increase, s.what
        ));
    }
    if t.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::timeline::test_record;
    use crate::protocols::cardgame::messages::*;

    fn to(card: u8, place: u8, detail: u8) -> Message {
        Message::Move(CardLoc {
            card,
            loc: Loc {
                place: Place(place),
                detail,
            },
        })
    }

    fn score(who: u8, total: u16, increase: u16) -> Message {
        Message::Score(Score {
            who: Who(who),
            total,
            increase,
            what: "x".into(),
            other_total: None,
        })
    }

    #[test]
    fn places_hands_by_position_then_arrival() {
        let mut t = Table::new();
        let r = test_record(1);
        assert_eq!(t.places.unknown.len(), 96);
        t.message(&r, &Message::Reset(Reset { deal: Deal(0) }));
        assert_eq!(t.places.stock.len(), 96);
        assert_eq!(t.dealer.as_deref(), Some("opponent"));
        for m in [
            to(5, 2, 1),
            to(9, 2, 0),
            to(7, 2, 1),
            to(3, 4, 0),
            to(1, 4, 0),
            to(2, 9, 0),
        ] {
            t.message(&r, &m);
        }
        assert_eq!(t.places.recipient_hand, vec![9, 5, 7]);
        assert_eq!(t.places.trick, vec![3, 1]);
        assert_eq!(t.places.unknown, vec![2]);
        assert_eq!(t.places.stock.len(), 90);
        // A card that does not exist changes nothing.
        assert!(t
            .message(&r, &to(96, 2, 0))
            .unwrap()
            .contains("does not exist"));
        assert_eq!(t.places.recipient_hand, vec![9, 5, 7]);
        assert_eq!(
            t.message(&r, &Message::Delay(Delay { milliseconds: 5 })),
            None
        );
    }

    #[test]
    fn stacking_order_and_scores() {
        let mut t = Table::new();
        let r = test_record(2);
        for m in [
            Message::Raise(CardOnly { card: 1 }),
            Message::Raise(CardOnly { card: 2 }),
            Message::Lower(CardOnly { card: 3 }),
            Message::Lower(CardOnly { card: 1 }),
            Message::Raise(CardOnly { card: 3 }),
        ] {
            t.message(&r, &m);
        }
        assert_eq!(t.raised, vec![2, 3]);
        assert_eq!(t.lowered, vec![1]);
        t.message(&r, &score(0, 10, 10));
        t.message(&r, &Message::Stage(StageChange { stage: Stage(0x0b) }));
        t.message(&r, &score(0, 25, 10));
        assert_eq!(t.scores.recipient, Some(25));
        assert_eq!(t.scores.opponent, None);
        assert_eq!(t.score_history.len(), 2);
        assert_eq!(
            t.score_history[1].note.as_deref(),
            Some("10 + 10 is not 25")
        );
        assert_eq!(t.count_up.as_ref().map(|c| c.scores.len()), Some(1));
        // The same stage again is no change.
        assert_eq!(
            t.message(&r, &Message::Stage(StageChange { stage: Stage(0x0b) })),
            None
        );
    }

    #[test]
    fn the_score_history_keeps_the_last_scores() {
        use crate::analysis::timeline::recent::KEPT;
        let mut t = Table::new();
        t.message(
            &test_record(1),
            &Message::Stage(StageChange { stage: Stage(0x0b) }),
        );
        let n = KEPT as u16 + 20;
        for i in 1..=n {
            let said = t.message(&test_record(u64::from(i) + 1), &score(0, i * 10, 10));
            assert!(said.is_some_and(|s| s.ends_with(&format!(": {}", i * 10))));
        }
        assert_eq!(t.score_history.len(), KEPT);
        assert_eq!(t.score_history.let_go(), u64::from(n) - KEPT as u64);
        assert_eq!(t.score_history[0].total, (n - KEPT as u16 + 1) * 10);
        assert_eq!(t.score_history.last().map(|s| s.total), Some(n * 10));
        assert_eq!(t.scores.recipient, Some(n * 10));
        let count_up = t.count_up.as_ref().unwrap();
        assert_eq!(count_up.scores.len(), KEPT);
        assert_eq!(count_up.scores.total(), u64::from(n));
        let v = serde_json::to_value(&t).unwrap();
        assert_eq!(v["score_history"].as_array().unwrap().len(), KEPT);
        assert_eq!(v["count_up"]["scores"].as_array().unwrap().len(), KEPT);
    }
}
