//! The card game's table on hand-made messages.

use super::*;
use crate::decode::record::test_record;
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
