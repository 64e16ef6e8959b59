//! The bets and raises of a hand that nobody left can answer, which the
//! PokerStars text writes as the calls they amount to (see the module
//! above).

use crate::analysis::hands::{ActionKind, Hand, Street};

/// The bets and raises nobody can answer, with what calling would have
/// put in: (action index, call amount).
pub(super) fn dead_raises(h: &Hand) -> Vec<(usize, u64)> {
    let mut out = Vec::new();
    if !h.amounts_known() {
        return out;
    }
    let mut highest = 0;
    let mut street = Street::Preflop;
    for (i, a) in h.actions.iter().enumerate() {
        if a.street != street {
            street = a.street;
            highest = 0;
        }
        let raise = matches!(a.kind, ActionKind::Bet | ActionKind::Raise) && a.total > highest;
        let later = h.actions[i + 1..].iter().any(|b| b.player != a.player);
        let others_all_in = (h.seats.iter())
            .filter(|s| s.player != a.player && !h.folded(s.player))
            .all(|s| {
                h.actions[..i]
                    .iter()
                    .any(|b| b.player == s.player && b.all_in)
            });
        if raise && ((!later && others_all_in) || unanswerable(h, i, highest)) {
            let before = a.total - a.added;
            out.push((i, highest.saturating_sub(before)));
        }
        highest = highest.max(a.total);
    }
    out
}

/// True when no other player still in at action `i` can put in more than
/// `highest`, the street's highest bet before it: each has folded, or his
/// chips (his street total and what is left of his stack) reach no
/// further (a raise over short stacks, PokerTH 1.x lets a player make it;
/// it is a call and chips given back).
fn unanswerable(h: &Hand, i: usize, highest: u64) -> bool {
    let a = &h.actions[i];
    let before = &h.actions[..i];
    h.seats.iter().filter(|s| s.player != a.player).all(|s| {
        let mine = || before.iter().filter(|b| b.player == s.player);
        if mine().any(|b| b.kind == ActionKind::Fold) {
            return true;
        }
        let Some(stack) = s.stack else {
            return false;
        };
        let put: u64 = mine().map(|b| b.added).sum();
        let bet = (before.iter().rev())
            .find(|b| b.player == s.player && b.street == a.street)
            .map_or(0, |b| b.total);
        stack.saturating_sub(put) + bet <= highest
    })
}
