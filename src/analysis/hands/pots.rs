//! How a hand's chips divide: what each player put in, the chips nobody
//! called, the pots (main and side), who won what from which, and the
//! rake's share of each.

use super::model::*;

impl Hand {
    /// The chips nobody called: on the last street where chips went into
    /// the bets, the highest street total less the next highest (a folded
    /// player's bet counts: it was called before the fold). `(player,
    /// amount)`, or `None` when the two highest are equal. Antes and dead
    /// blinds are in no street total: they are never returned.
    pub fn uncalled(&self) -> Option<(u64, u64)> {
        let last = (self.actions.iter())
            .filter(|a| a.total > 0)
            .map(|a| a.street)
            .max()?;
        let mut totals: Vec<(u64, u64)> = Vec::new();
        for a in self.actions.iter().filter(|a| a.street == last) {
            match totals.iter_mut().find(|t| t.0 == a.player) {
                Some(t) => t.1 = t.1.max(a.total),
                None => totals.push((a.player, a.total)),
            }
        }
        totals.sort_by_key(|t| std::cmp::Reverse(t.1));
        let (player, top) = totals[0];
        let second = totals.get(1).map_or(0, |t| t.1);
        (top > second).then_some((player, top - second))
    }

    /// Chips each player put in during the hand, in seat order (a lower
    /// bound unless [`Hand::amounts_known`]).
    pub fn contributions(&self) -> Vec<(u64, u64)> {
        let mut v: Vec<(u64, u64)> = self.seats.iter().map(|s| (s.player, 0)).collect();
        for a in &self.actions {
            match v.iter_mut().find(|(p, _)| *p == a.player) {
                Some((_, c)) => *c += a.added,
                None => v.push((a.player, a.added)),
            }
        }
        v
    }

    /// The pot at the end: everything put in less what was returned
    /// (meaningless unless [`Hand::amounts_known`]).
    pub fn total_pot(&self) -> u64 {
        let put: u64 = self.actions.iter().map(|a| a.added).sum();
        put.saturating_sub(self.returned.iter().map(|w| w.amount).sum())
    }

    /// The pot to show: for a complete hand [`Hand::total_pot`]; for an
    /// incomplete one never less than what the server says was won and
    /// raked (the actions that made it up may be missing), so that a pot
    /// is never smaller than what was collected from it.
    pub fn pot(&self) -> u64 {
        let put = self.total_pot();
        if self.complete {
            return put;
        }
        put.max(self.total_won() + self.rake.unwrap_or(0))
    }

    /// The pots with who won what from each: [`Hand::pots`] (or, for a
    /// hand without computed pots, one pot of what was won and raked, when
    /// the server said). The servers report one amount per winner (or per
    /// winner and pot): a winner's chips go to the pots they may win, the
    /// lowest first, and winners who may win fewer pots are placed first
    /// (a short all-in winner takes the main pot, the player who covered
    /// him a side pot). The rake is shared over the pots in proportion to
    /// their chips, as pokerengine rakes (largest remainders get the odd
    /// chips), and comes off each pot before the winnings.
    pub fn pot_wins(&self) -> Vec<PotWins> {
        let pots: Vec<(u64, Vec<u64>)> = if self.pots.is_empty() {
            if self.winners.is_empty() {
                return Vec::new();
            }
            let amount = self.total_won() + self.rake.unwrap_or(0);
            vec![(amount, self.winners.iter().map(|w| w.player).collect())]
        } else {
            (self.pots.iter())
                .map(|p| (p.amount, p.eligible.clone()))
                .collect()
        };
        let deepest = |w: &Win| {
            w.pot
                .or_else(|| pots.iter().rposition(|p| p.1.contains(&w.player)))
                .unwrap_or(usize::MAX)
        };
        let mut order: Vec<&Win> = self.winners.iter().collect();
        order.sort_by_key(|w| deepest(w));
        let rakes = share(
            self.rake.unwrap_or(0),
            &pots.iter().map(|p| p.0).collect::<Vec<_>>(),
        );
        let mut room: Vec<u64> = (pots.iter().zip(&rakes))
            .map(|(p, r)| p.0.saturating_sub(*r))
            .collect();
        let mut wins: Vec<Vec<(u64, u64)>> = vec![Vec::new(); pots.len()];
        for w in order {
            let mut rest = w.amount;
            for (i, (_, eligible)) in pots.iter().enumerate() {
                let fits = w.pot.map_or(eligible.contains(&w.player), |p| p == i);
                if !fits || rest == 0 || room[i] == 0 {
                    continue;
                }
                let take = rest.min(room[i]);
                rest -= take;
                room[i] -= take;
                match wins[i].iter_mut().find(|x| x.0 == w.player) {
                    Some(x) => x.1 += take,
                    None => wins[i].push((w.player, take)),
                }
            }
        }
        (pots.iter().zip(wins).zip(rakes))
            .map(|(((amount, _), wins), rake)| PotWins {
                amount: *amount,
                wins,
                rake,
            })
            .collect()
    }

    /// Computes the uncalled chips (when the server did not say) and the
    /// pots from the contributions: the main pot, then a side pot per
    /// all-in level. Only for a complete hand whose amounts are all known.
    pub fn settle(&mut self) {
        if !self.complete || !self.amounts_known() {
            return;
        }
        let contrib = self.contributions();
        if self.returned.is_empty() {
            if let Some((player, amount)) = self.uncalled() {
                self.returned.push(Win {
                    frame: self.last_frame,
                    player,
                    amount,
                    pot: None,
                });
            }
        }
        let left: Vec<(u64, u64)> = contrib
            .iter()
            .map(|&(p, c)| {
                let back: u64 = (self.returned.iter())
                    .filter(|w| w.player == p)
                    .map(|w| w.amount)
                    .sum();
                (p, c.saturating_sub(back))
            })
            .collect();
        // At the end every player still in is a level: the main pot, then
        // a side pot per all-in player covered.
        let pots = divide(&left, |p| self.folded(p), |_| true);
        self.pots = pots;
        self.pay_from_pots();
    }

    /// A winner is paid from the pots he may win ([`Hand::pot_wins`]): what
    /// the server gives him beyond what they hold (its reports at odds with
    /// the chips put in) is not winnings, and is a note naming the frame
    /// that gave it. So the winners are what the pots pay, in every view.
    fn pay_from_pots(&mut self) {
        let paid = self.pot_wins();
        let mut players: Vec<u64> = self.winners.iter().map(|w| w.player).collect();
        players.dedup();
        for p in players {
            let claimed: u64 = (self.winners.iter())
                .filter(|w| w.player == p)
                .map(|w| w.amount)
                .sum();
            let got: u64 = (paid.iter().flat_map(|x| &x.wins))
                .filter(|w| w.0 == p)
                .map(|w| w.1)
                .sum();
            if claimed <= got {
                continue;
            }
            let mut over = claimed - got;
            let mut frame = self.last_frame;
            for w in self.winners.iter_mut().rev().filter(|w| w.player == p) {
                let take = over.min(w.amount);
                if take > 0 {
                    frame = w.frame;
                }
                w.amount -= take;
                over -= take;
            }
            let name = self.name(p);
            self.flag(
                frame,
                format!(
                    "chips: {name} receives {claimed} (frame {frame}) but the pots hold {got} \
                     for {name}: {} more than was put in, not won",
                    claimed - got
                ),
            );
        }
        self.winners.retain(|w| w.amount > 0);
    }
}

/// The pots the chips `put` in make (`(player, chips)`, every chip in the
/// middle: bets of this street included): the main pot, then a side pot
/// above each level where a player still in can put no more (`capped`:
/// all in; at the hand's end, every player still in), each with the
/// players still in who reached it. Chips above the last level are one
/// more pot for those who put them in and are still in; a folded player's
/// chips there go to the last pot. What [`Hand::settle`] divides the
/// hand's chips with, and the table ([`super::table`]) the chips of the
/// hand in play.
pub fn divide(
    put: &[(u64, u64)],
    folded: impl Fn(u64) -> bool,
    capped: impl Fn(u64) -> bool,
) -> Vec<Pot> {
    let mut levels: Vec<u64> = (put.iter())
        .filter(|&&(p, c)| c > 0 && !folded(p) && capped(p))
        .map(|c| c.1)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::new();
    let mut below = 0;
    for level in levels.iter().copied().chain([u64::MAX]) {
        let amount: u64 = (put.iter())
            .map(|&(_, c)| c.min(level).saturating_sub(below))
            .sum();
        let eligible: Vec<u64> = (put.iter())
            .filter(|&&(p, c)| c > below && !folded(p))
            .map(|c| c.0)
            .collect();
        below = level;
        if amount == 0 {
            continue;
        }
        match pots.last_mut() {
            // Chips above the last level that nobody still in put in.
            Some(last) if eligible.is_empty() => last.amount += amount,
            _ => pots.push(Pot { amount, eligible }),
        }
    }
    pots
}

/// The chips the player who put in most put in beyond everyone else:
/// `(player, chips)`, or `None` when two put in the most. Nobody has
/// matched them; once nobody left can (the others folded or all in),
/// they go back to him.
pub fn unmatched(put: &[(u64, u64)]) -> Option<(u64, u64)> {
    let mut by: Vec<(u64, u64)> = put.to_vec();
    by.sort_by_key(|c| std::cmp::Reverse(c.1));
    let (player, top) = *by.first()?;
    let second = by.get(1).map_or(0, |c| c.1);
    (top > second).then_some((player, top - second))
}

/// `total` shared in proportion to `weights`, the odd units to the largest
/// remainders (the first on ties).
fn share(total: u64, weights: &[u64]) -> Vec<u64> {
    let sum: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    if sum == 0 {
        let mut v = vec![0; weights.len()];
        if let Some(first) = v.first_mut() {
            *first = total;
        }
        return v;
    }
    let exact: Vec<(u64, u128)> = (weights.iter())
        .map(|&w| {
            let x = u128::from(total) * u128::from(w);
            ((x / sum) as u64, x % sum)
        })
        .collect();
    let mut out: Vec<u64> = exact.iter().map(|e| e.0).collect();
    let mut left = total - out.iter().sum::<u64>();
    let mut by_rest: Vec<usize> = (0..exact.len()).collect();
    by_rest.sort_by_key(|&i| std::cmp::Reverse(exact[i].1));
    for i in by_rest {
        if left == 0 {
            break;
        }
        out[i] += 1;
        left -= 1;
    }
    out
}
