//! The showdown of a settled hand: the hand each player's cards shown
//! make ([`super::made`]), and whether the hand went to a showdown at all
//! (a hand won by everyone else folding did not, whatever its winner
//! showed).

use super::made::made;
use super::model::Hand;

impl Hand {
    /// Names the hand each player's cards shown make with the board
    /// ([`made`]): the [`Shown::made`](super::model::Shown::made) every view
    /// writes.
    pub fn describe_shown(&mut self) {
        for s in &mut self.shown {
            s.made = made(&s.cards, &self.board);
        }
    }

    /// True when the hand went to a showdown: two players or more were
    /// still in at its end (not folded). A hand won by everyone else
    /// folding has none, whatever its winner showed.
    pub fn has_showdown(&self) -> bool {
        (self.seats.iter())
            .filter(|s| !self.folded(s.player))
            .count()
            > 1
    }

    /// The name of the hand `player` showed at the showdown (`a pair of
    /// Aces`), if he did.
    pub fn showdown_hand(&self, player: u64) -> Option<&str> {
        if !self.has_showdown() || self.folded(player) {
            return None;
        }
        (self.shown.iter())
            .find(|s| s.player == player)
            .and_then(|s| s.made.as_ref())
            .map(|m| m.description.as_str())
    }
}
