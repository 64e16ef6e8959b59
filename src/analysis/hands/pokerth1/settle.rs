//! A PokerTH 1.x hand handed on: who was in it, the stacks at its start
//! and end, the chips given back and the winnings.
//!
//! The server's `moneyWon` includes the chips nobody called; a winner's
//! winnings are that less what the hand gives back ([`Hand::uncalled`]).
//! A player the result does not list ends with the money of his last
//! action. A player's stack at the start is the one his first preflop
//! action reports (money left plus street total); failing that, his money
//! at the end of the last hand.

use super::hand::Open;
use crate::analysis::hands::model::*;

/// The hand `o` holds, closed at `frame` (the end of the stream when
/// `None`): incomplete unless its result was seen and nothing went wrong.
pub(super) fn close(mut o: Open, frame: Option<u64>) -> Hand {
    let h = &mut o.hand;
    if !o.ended {
        let at = frame.unwrap_or(h.last_frame);
        h.incomplete(
            at,
            "the capture does not show the hand's end: it is incomplete",
        );
    }
    h.complete = o.ended && !o.troubled;
    // Players who never showed up in the hand were not dealt in.
    let seen: Vec<u64> = (h.actions.iter().map(|a| a.player))
        .chain(o.won.iter().map(|w| w.player))
        .chain(h.shown.iter().map(|s| s.player))
        .collect();
    h.seats
        .retain(|s| seen.contains(&s.player) || s.final_stack.is_some());
    for i in 0..h.seats.len() {
        let p = h.seats[i].player;
        if h.seats[i].final_stack.is_none() {
            let last = h.actions.iter().rev().find(|a| a.player == p);
            h.seats[i].final_stack = last.and_then(|a| a.reported_stack);
        }
        if h.seats[i].stack.is_none() && !h.actions.iter().any(|a| a.player == p) {
            // Never acted (the hand ended before his turn): his money did
            // not move but for what he won.
            h.seats[i].stack = o.prior.get(&p).copied();
        }
    }
    h.settle();
    for w in o.won {
        let back: u64 = (h.returned.iter())
            .filter(|r| r.player == w.player)
            .map(|r| r.amount)
            .sum();
        let amount = if h.complete {
            w.amount.saturating_sub(back)
        } else {
            w.amount
        };
        if amount > 0 {
            h.winners.push(Win { amount, ..w });
        }
    }
    o.hand
}
