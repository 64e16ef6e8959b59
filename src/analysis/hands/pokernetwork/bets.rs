//! What `PacketPokerRaise.amount` means on a stream, decided from the
//! server's chip reports.
//!
//! pokerengine, the game engine behind poker-network servers, gave the
//! amount two meanings over its releases (PROTOCOL-NOTES, "Bet amounts"):
//! the chips the action moves into the player's bet, the call included
//! ([`RaiseAmount::ChipsMoved`], up to the 1.x/2.x line), and the player's
//! street total after the raise ([`RaiseAmount::RaiseTo`], later). Both
//! read the same when the raiser had nothing in on the street; otherwise
//! the `PacketPokerPlayerChips` the server sends right after the action
//! (`bet`: the player's street total) says which one the server speaks.
//! A stream speaks one: the first raise that tells them apart decides, and
//! a later report that contradicts the decision is a note naming both
//! frames. Until something decides, amounts are read as chips moved (the
//! older engines' meaning), and the hand says so.

use crate::analysis::hands::{BetReading, RaiseAmount};

/// A raise whose chip report is awaited.
#[derive(Debug, Clone, Copy)]
pub struct RaiseSeen {
    /// The action's index in the hand.
    pub action: usize,
    /// The raiser's street total before the raise.
    pub before: u64,
    /// `PacketPokerRaise.amount`.
    pub amount: u64,
    /// The frame of the raise.
    pub frame: u64,
}

impl RaiseSeen {
    /// The street total after the raise under `reading`.
    pub fn total(&self, reading: RaiseAmount) -> u64 {
        match reading {
            RaiseAmount::ChipsMoved => self.before.saturating_add(self.amount),
            RaiseAmount::RaiseTo => self.amount,
        }
    }

    /// The reading that gives `bet`, when exactly one does.
    fn reading_of(&self, bet: u64) -> Option<RaiseAmount> {
        let moved = self.total(RaiseAmount::ChipsMoved) == bet;
        let to = self.total(RaiseAmount::RaiseTo) == bet;
        match (moved, to) {
            (true, false) => Some(RaiseAmount::ChipsMoved),
            (false, true) => Some(RaiseAmount::RaiseTo),
            _ => None,
        }
    }

    /// True when the two readings give different totals.
    fn ambiguous(&self) -> bool {
        self.total(RaiseAmount::ChipsMoved) != self.total(RaiseAmount::RaiseTo)
    }
}

/// What a chip report said about a raise.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing to say: the readings agree, or the report agrees with the
    /// stream's reading.
    Agrees,
    /// The report decided the stream's reading.
    Decided,
    /// The report contradicts the stream's reading, decided at `frame`.
    Contradicts { decided_at: u64 },
    /// Neither reading gives the reported bet.
    Neither,
}

/// The stream's reading of raise amounts.
#[derive(Debug, Default)]
pub struct Reading {
    /// The reading and the frame of the report that decided it.
    decided: Option<(RaiseAmount, u64, String)>,
}

impl Reading {
    /// The reading to use now: the decided one, else chips moved.
    pub fn current(&self) -> RaiseAmount {
        self.decided
            .as_ref()
            .map_or(RaiseAmount::ChipsMoved, |d| d.0)
    }

    /// Takes the server's report of `bet` (the raiser's street total) at
    /// `frame`, after the raise `r`.
    pub fn report(&mut self, r: &RaiseSeen, bet: u64, frame: u64) -> Verdict {
        if !r.ambiguous() {
            return if r.total(RaiseAmount::ChipsMoved) == bet {
                Verdict::Agrees
            } else {
                Verdict::Neither
            };
        }
        let Some(seen) = r.reading_of(bet) else {
            return Verdict::Neither;
        };
        match &self.decided {
            None => {
                let why = format!(
                    "decided by the server's chip report at frame {frame}: after a raise of \
                     amount {} with {} already in (frame {}), the player's bet is {bet}",
                    r.amount, r.before, r.frame
                );
                self.decided = Some((seen, frame, why));
                Verdict::Decided
            }
            Some((d, _, _)) if *d == seen => Verdict::Agrees,
            Some((_, at, _)) => Verdict::Contradicts { decided_at: *at },
        }
    }

    /// What a hand says about the reading it was built with.
    pub fn describe(&self) -> BetReading {
        match &self.decided {
            Some((r, _, why)) => BetReading {
                raise_amount: *r,
                why: why.clone(),
            },
            None => BetReading {
                raise_amount: RaiseAmount::ChipsMoved,
                why: "no chip report on the stream so far tells the two readings apart (no raise \
                      by a player with chips already in was followed by the server's report): \
                      read as chips moved, the older engines' meaning"
                    .into(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raise(before: u64, amount: u64) -> RaiseSeen {
        RaiseSeen {
            action: 0,
            before,
            amount,
            frame: 10,
        }
    }

    #[test]
    fn an_opening_bet_decides_nothing() {
        let mut r = Reading::default();
        assert_eq!(r.report(&raise(0, 40), 40, 11), Verdict::Agrees);
        assert_eq!(r.current(), RaiseAmount::ChipsMoved);
        assert!(r.describe().why.contains("no chip report"));
    }

    #[test]
    fn the_first_telling_report_decides_and_later_ones_must_agree() {
        // Big blind 20 in, raises: chips moved 60 makes 80; raise-to 60 makes 60.
        let mut r = Reading::default();
        assert_eq!(r.report(&raise(20, 60), 60, 11), Verdict::Decided);
        assert_eq!(r.current(), RaiseAmount::RaiseTo);
        assert!(r.describe().why.contains("frame 11"), "{:?}", r.describe());
        assert_eq!(r.report(&raise(10, 100), 100, 20), Verdict::Agrees);
        assert_eq!(
            r.report(&raise(10, 100), 110, 30),
            Verdict::Contradicts { decided_at: 11 }
        );
        assert_eq!(r.report(&raise(10, 100), 75, 31), Verdict::Neither);
    }

    #[test]
    fn chips_moved_is_decided_the_same_way() {
        let mut r = Reading::default();
        assert_eq!(r.report(&raise(100, 350), 450, 5), Verdict::Decided);
        assert_eq!(r.current(), RaiseAmount::ChipsMoved);
        assert_eq!(raise(100, 350).total(r.current()), 450);
    }
}
