//! A hand's result from the server's final chip reports, or from the
//! chips it says it pays.
//!
//! A poker-network server does not usually send who receives how much: the
//! packets that move chips to winners (`PacketPokerChipsPot2Player` and the
//! like) are made up by the client library. What goes over the wire is
//! `PacketPokerWin` (the winners' serials), then a `PacketPokerPlayerChips`
//! per player with the money they have after the hand, and
//! `PacketPokerRake` when the house took some. So a player received the
//! final money less the money left after his last action; of that, the
//! chips nobody called are given back ([`Hand::uncalled`]) and the rest is
//! won ([`from_finals`]).
//!
//! A server that explains the game to its client (the client sent
//! `PacketPokerExplain`) sends the client library's packets itself:
//! pokernetwork's `PokerExplain.packetsPot2Player` makes a
//! `PacketPokerChipsPot2Player` per frame of pokerengine's showdown stack.
//! Their chips are not always winnings ([`from_payments`]).

use crate::analysis::hands::HashMap;
use crate::analysis::hands::{Hand, Win};

/// The facts a result is worked out from.
pub struct Finals<'a> {
    /// Each player's money after his last action, and the frame that told
    /// it (a chip report or the action).
    pub after: &'a HashMap<u64, (u64, u64)>,
    /// Each player's money after the hand, and the frame of the report.
    pub finals: &'a HashMap<u64, (u64, u64)>,
    /// The serials `PacketPokerWin` named.
    pub winners: &'a [u64],
    /// The frame of `PacketPokerWin`.
    pub win_frame: u64,
}

/// Fills `h.returned` and `h.winners` from the final chip reports, with a
/// note for every report that contradicts another.
pub fn from_finals(h: &mut Hand, f: &Finals<'_>) {
    if h.returned.is_empty() {
        if let Some((player, amount)) = h.uncalled() {
            h.returned.push(Win {
                frame: f.finals.get(&player).map_or(f.win_frame, |x| x.1),
                player,
                amount,
                pot: None,
            });
        }
    }
    let players: Vec<u64> = h.seats.iter().map(|s| s.player).collect();
    for p in players {
        let (Some(&(fin, fin_frame)), Some(&(after, after_frame))) =
            (f.finals.get(&p), f.after.get(&p))
        else {
            if f.winners.contains(&p) {
                let name = h.name(p);
                h.incomplete(
                    f.win_frame,
                    format!("the capture shows no chip report for {name} after the hand: what they won is not known"),
                );
            }
            continue;
        };
        let name = h.name(p);
        if fin < after {
            h.flag(
                fin_frame,
                format!(
                    "chip reports contradict each other: {name} has {after} after the last action \
                     (frame {after_frame}) but {fin} after the hand (frame {fin_frame}), and nobody \
                     loses chips after the betting"
                ),
            );
            continue;
        }
        let received = fin - after;
        let back: u64 = (h.returned.iter())
            .filter(|w| w.player == p)
            .map(|w| w.amount)
            .sum();
        if received < back {
            h.flag(
                fin_frame,
                format!(
                    "chip reports contradict each other: {back} uncalled chips go back to {name}, \
                     but the report at frame {fin_frame} gives {received} more than after the last \
                     action (frame {after_frame})"
                ),
            );
            continue;
        }
        let won = received - back;
        if won > 0 {
            if !f.winners.contains(&p) {
                h.flag(
                    fin_frame,
                    format!(
                        "{name} receives {won} (frame {fin_frame}) but is not among the winners \
                         of Packet Poker Win (frame {})",
                        f.win_frame
                    ),
                );
            }
            h.winners.push(Win {
                frame: fin_frame,
                player: p,
                amount: won,
                pot: None,
            });
        }
    }
}

/// Settles a hand whose server paid it with `PacketPokerChipsPot2Player`
/// (and `PacketPokerChipsBet2player`): `h.winners` and `h.returned` hold
/// what those packets moved. A single `win` that holds every chip put in
/// the hand is pokerengine's whole pot, not winnings: pokerengine's
/// `distributeMoney` gives a fold-win one frame of the whole pot, the
/// uncalled bet included (it writes no `uncalled` frame then), and
/// `packetsPot2Player` pays a single winner of a single frame the
/// `game_state`'s pot, the pot before the rake. So of that packet's
/// chips, the uncalled bet is given back ([`Hand::uncalled`]: it is
/// returned, never won), the rake is the house's (`PacketPokerRake`), and
/// the rest is won. Anything else is taken as paid; the hand's checks then
/// compare it with the chips put in and the final chip reports.
pub fn from_payments(h: &mut Hand) {
    let put: u64 = h.actions.iter().map(|a| a.added).sum();
    let whole = match h.winners.as_slice() {
        [w] if h.returned.is_empty() && put > 0 && w.amount == put => w.clone(),
        _ => return,
    };
    let rake = h.rake.unwrap_or(0);
    let back = h.uncalled().filter(|&(p, _)| p == whole.player);
    let returned = back.map_or(0, |b| b.1);
    if returned + rake > whole.amount {
        return;
    }
    h.winners[0].amount = whole.amount - returned - rake;
    if h.winners[0].amount == 0 {
        h.winners.clear();
    }
    if let Some((player, amount)) = back {
        h.returned.push(Win {
            frame: whole.frame,
            player,
            amount,
            pot: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::hands::{Action, ActionKind, Seat};
    use crate::capture::Timestamp;
    use crate::protocols::ProtocolId;

    fn hand(contrib: &[(u64, u64)]) -> Hand {
        let mut h = Hand::new(ProtocolId::PokerNetwork, 0, 1, 1, Timestamp::default());
        for (i, &(p, c)) in contrib.iter().enumerate() {
            h.seats.push(Seat {
                stack: Some(1000),
                ..Seat::new(i as u32 + 1, p, None)
            });
            h.actions.push(Action::sample(2, p, ActionKind::Call, c));
        }
        h
    }

    /// Settles `h` from the money `after` each player's last action and
    /// `finals` (player, (money, frame)), player 1 the winner at frame 8.
    fn settle(h: &mut Hand, after: &[(u64, (u64, u64))], finals: &[(u64, (u64, u64))]) {
        let after: HashMap<_, _> = after.iter().copied().collect();
        let finals: HashMap<_, _> = finals.iter().copied().collect();
        from_finals(
            h,
            &Finals {
                after: &after,
                finals: &finals,
                winners: &[1],
                win_frame: 8,
            },
        );
    }

    #[test]
    fn uncalled_is_the_top_street_total_less_the_second() {
        assert_eq!(
            hand(&[(1, 100), (2, 300), (3, 50)]).uncalled(),
            Some((2, 200))
        );
        assert_eq!(hand(&[(1, 100), (2, 100)]).uncalled(), None);
        assert_eq!(hand(&[]).uncalled(), None);
    }

    #[test]
    fn winnings_are_final_money_less_money_after_less_returned() {
        // 1 bets 300, 2 calls 100 all in, 3 folds after 50: 1 gets 200 back
        // and wins 250 (100 + 100 + 50).
        let mut h = hand(&[(1, 300), (2, 100), (3, 50)]);
        settle(
            &mut h,
            &[(1, (700, 5)), (2, (0, 6)), (3, (950, 7))],
            &[(1, (1150, 9)), (2, (0, 9)), (3, (950, 9))],
        );
        assert_eq!(
            h.returned,
            vec![Win {
                frame: 9,
                player: 1,
                amount: 200,
                pot: None
            }]
        );
        assert_eq!(
            h.winners,
            vec![Win {
                frame: 9,
                player: 1,
                amount: 250,
                pot: None
            }]
        );
        assert!(h.notes.is_empty(), "{:?}", h.notes);
    }

    #[test]
    fn contradicting_reports_are_notes_naming_both_frames() {
        let mut h = hand(&[(1, 100), (2, 100)]);
        settle(
            &mut h,
            &[(1, (900, 5)), (2, (900, 6))],
            &[(1, (1100, 9)), (2, (850, 10))],
        );
        assert_eq!(h.winners.len(), 1);
        assert_eq!(h.notes.len(), 1);
        let text = &h.notes[0].text;
        assert!(
            text.contains("frame 6") && text.contains("frame 10"),
            "{text}"
        );
    }
}
