//! The table's pots, uncalled bet and players out, step by step.

use super::*;
use crate::capture::Timestamp;
use crate::protocols::cards::Suit;
use crate::protocols::ProtocolId;

fn act(frame: u64, player: u64, kind: ActionKind, total: u64, money: u64) -> Action {
    Action::reported(frame, Street::Preflop, player, kind, 0, total, money, None)
}

/// Seats 1..: (player, name, stack); the button on seat 1.
fn hand(seats: &[(u64, &str, u64)]) -> Hand {
    let mut h = Hand::new(ProtocolId::PokerTh1, 0, 1, 1, Timestamp::default());
    for (i, &(player, name, stack)) in seats.iter().enumerate() {
        let mut s = Seat::new(i as u32 + 1, player, Some(name.into()));
        s.stack = Some(stack);
        h.seats.push(s);
    }
    h.button = Some(1);
    h.small_blind = Some(10);
    h.big_blind = Some(20);
    h.complete = true;
    h
}

/// `a` with the chips it adds: its total less the player's street total
/// before it.
fn added(h: &Hand, mut a: Action) -> Action {
    let before = (h.actions.iter().rev())
        .find(|b| b.player == a.player && b.street == a.street)
        .map_or(0, |b| b.total);
    a.added = a.total.saturating_sub(before);
    a
}

fn table_at<'a>(t: &'a [TableState], event: &str) -> &'a TableState {
    (t.iter())
        .find(|s| s.event.starts_with(event))
        .unwrap_or_else(|| {
            panic!(
                "no step {event:?} in {:?}",
                t.iter().map(|s| &s.event).collect::<Vec<_>>()
            )
        })
}

fn pots(t: &TableState) -> Vec<(u64, Vec<u64>)> {
    t.pots
        .iter()
        .map(|p| (p.amount, p.eligible.clone()))
        .collect()
}

#[test]
fn a_side_pot_above_a_player_all_in_and_the_bet_nobody_can_call_apart() {
    // ann (100 chips) on the button goes all in over the blinds; bob
    // raises to 300; cat, still to act, folds: nobody can call bob's 200
    // more, which go back to him.
    let mut h = hand(&[(1, "ann", 100), (2, "bob", 1000), (3, "cat", 1000)]);
    for a in [
        act(2, 2, ActionKind::SmallBlind, 10, 990),
        act(3, 3, ActionKind::BigBlind, 20, 980),
        act(4, 1, ActionKind::Raise, 100, 0),
        act(5, 2, ActionKind::Raise, 300, 700),
        act(6, 3, ActionKind::Fold, 20, 980),
    ] {
        let a = added(&h, a);
        h.actions.push(a);
    }
    h.board = ["2c", "7d", "9h", "Jc", "3s"]
        .iter()
        .map(|c| card(c))
        .collect();
    h.winners.push(Win {
        frame: 9,
        player: 2,
        amount: 220,
        pot: None,
    });
    for (p, f) in [(1, 0), (2, 920), (3, 980)] {
        h.seat_mut(p).unwrap().final_stack = Some(f);
    }
    let h = super::super::settle_and_check(h);
    let t = states(&h);
    // All in: the pot so far, nothing apart (bob and cat may call).
    let all_in = table_at(&t, "ann raises to 100 and is all in");
    assert_eq!(pots(all_in), [(130, vec![1, 2, 3])]);
    assert!(all_in.uncalled.is_empty());
    // bob's raise over her: a side pot only he is in yet, cat to act.
    let raise = table_at(&t, "bob raises to 300");
    assert_eq!(pots(raise), [(220, vec![1, 2, 3]), (200, vec![2])]);
    assert_eq!(raise.pot, Some(420));
    assert!(raise.uncalled.is_empty());
    assert!(draw(raise).contains("  main pot 220, side pot-1 200  board []"));
    // cat folds: nobody can call the 200, which stand apart.
    let fold = table_at(&t, "cat folds");
    assert_eq!(pots(fold), [(220, vec![1, 2])]);
    assert_eq!(
        fold.uncalled,
        [Uncalled {
            player: 2,
            amount: 200
        }]
    );
    assert!(draw(fold).contains("  pot 220  uncalled bet 200 (bob)  board []"));
    // The result: the hand's pots and its uncalled bet; ann is out.
    let last = t.last().unwrap();
    assert_eq!(pots(last), [(220, vec![1, 2])]);
    assert_eq!(last.uncalled, fold.uncalled);
    assert_eq!((last.pot, h.pot()), (Some(220), 220));
    let ann = &last.seats[0];
    assert!(ann.out && ann.stack == Some(0));
    assert!(draw(last).contains("  seat  1  ann                     out [button] all in"));
    assert!(!last.seats[1].out);
}

#[test]
fn a_player_without_chips_at_the_start_is_out_until_he_acts() {
    let mut h = hand(&[(1, "ann", 500), (2, "bob", 0), (3, "cat", 500)]);
    for a in [
        act(2, 3, ActionKind::SmallBlind, 10, 490),
        act(3, 1, ActionKind::BigBlind, 20, 480),
        act(4, 3, ActionKind::Fold, 10, 490),
    ] {
        let a = added(&h, a);
        h.actions.push(a);
    }
    h.winners.push(Win {
        frame: 5,
        player: 1,
        amount: 30,
        pot: None,
    });
    let t = states(&h);
    assert!(t.iter().all(|s| s.seats[1].out), "bob is never in");
    assert!(t.iter().all(|s| !s.seats[0].out && !s.seats[2].out));
    assert!(draw(&t[0]).contains("  seat  2  bob                     out\n"));
}

fn card(c: &str) -> Card {
    let b = c.as_bytes();
    let rank = b"23456789TJQKA".iter().position(|&r| r == b[0]).unwrap();
    let suit = match b[1] {
        b'c' => Suit::Clubs,
        b'd' => Suit::Diamonds,
        b'h' => Suit::Hearts,
        _ => Suit::Spades,
    };
    Card::new(rank as u8, suit).unwrap()
}
