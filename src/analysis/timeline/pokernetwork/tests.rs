//! A poker-network stream's table: what the timeline hands it is what it
//! holds and draws.

use super::*;
use crate::analysis::hands::model::Street;
use crate::decode::record::test_record;
use crate::protocols::Fields;

/// A table at `step` of hand `3:1`, seats aside.
fn table_at(step: usize) -> TableState {
    TableState {
        step,
        hand: "3:1".into(),
        frame: Some(10),
        street: Street::Flop,
        event: "flop".into(),
        seats: Vec::new(),
        pot: Some(40),
        pots: Vec::new(),
        uncalled: Vec::new(),
        board: Vec::new(),
        to_act: None,
        over: false,
        complete: true,
    }
}

#[test]
fn holds_the_table_it_is_handed_and_draws_it() {
    let mut t = PokerTable::default();
    assert_eq!(t.name(), "pokernetwork");
    assert_eq!(t.draw(), "  no hand yet\n");
    assert_eq!(GameState::table(&t), None);
    // Its messages change nothing: the table does.
    let fields = Fields::Gls(crate::protocols::gls::messages::Message::Say1(
        crate::protocols::gls::messages::Say1 {
            message: "hi".into(),
        },
    ));
    assert_eq!(GameState::message(&mut t, &test_record(1), &fields), None);
    t.set_table(Some(&table_at(1)));
    t.set_table(Some(&table_at(2)));
    // A record that leaves no table keeps the one held.
    t.set_table(None);
    assert_eq!(GameState::table(&t).map(|s| s.step), Some(2));
    assert_eq!(t.draw(), "  hand 3:1 · flop\n  pot 40  board []\n");
    t.set_incomplete();
    assert!(t.draw().ends_with("  (incomplete: bytes missing)\n"));
    let v = serde_json::to_value(&t).unwrap();
    assert_eq!(v["table"]["step"], 2);
    assert_eq!(v["incomplete"], true);
}
