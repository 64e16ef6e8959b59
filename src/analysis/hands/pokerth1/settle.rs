//! A PokerTH 1.x hand handed on: who was in it, the stacks at its start
//! and end, the chips given back and the winnings.
//!
//! The server's `moneyWon` includes the chips nobody called; a winner's
//! winnings are that less what the hand gives back ([`Hand::uncalled`]).
//! A player the result does not list ends with the money of his last
//! action. A player's stack at the start is the one his first preflop
//! action reports (money left plus street total); failing that, his money
//! at the end of the last hand.

use crate::analysis::hands::model::*;
use crate::analysis::hands::reported::{self, Open};

/// The hand `o` holds, closed at `frame` (the end of the stream when
/// `None`): incomplete unless its result was seen and nothing went wrong.
pub(super) fn close(mut o: Open, frame: Option<u64>) -> Hand {
    let h = &mut o.hand;
    if h.button.is_none() {
        // The dealer was seated after Hand Start (seats made as players
        // appear): his seat now.
        h.button = o.dealer.and_then(|d| h.seat(d)).map(|s| s.seat);
    }
    h.close_reported(o.ended, o.troubled, frame, o.won.iter().map(|w| w.player));
    for seat in &mut h.seats {
        let p = seat.player;
        if seat.stack.is_none() && !h.actions.iter().any(|a| a.player == p) {
            // Never acted (the hand ended before his turn): his money did
            // not move but for what he won.
            seat.stack = o.prior.get(&p).copied();
        }
    }
    h.settle();
    reported::pay(h, o.won);
    o.hand
}
