//! The card game's table drawn for people.

use super::Table;
use crate::protocols::cardgame::messages::BACK;

/// A list of cards for people: the faces shown, `##` for the back, `?` for
/// an image not known.
fn cards(t: &Table, ids: &[u8]) -> String {
    let v: Vec<String> = (ids.iter())
        .map(|&id| match t.cards[usize::from(id)].image {
            Some(i) if i == BACK => "##".to_string(),
            Some(i) => i.to_string(),
            None => "?".to_string(),
        })
        .collect();
    v.join(" ")
}

/// The table for people: the opponent's side at the top, the trump, stock
/// and trick in the middle, the recipient's side below, then the stage and
/// scores.
pub fn draw(t: &Table) -> String {
    let p = &t.places;
    // A player's line: `who` padded to `recipient`'s width.
    let side = |who: &str, hand: &[u8], meld: &[u8], tricks: &[u8], score: Option<u16>| {
        let score = score.map_or("?".into(), |x| x.to_string());
        format!(
            "  {who:<9} hand [{}]  meld [{}]  tricks {}  score {score}\n",
            cards(t, hand),
            cards(t, meld),
            tricks.len(),
        )
    };
    let mut o = side(
        "opponent",
        &p.opponent_hand,
        &p.opponent_meld,
        &p.opponent_trick_pile,
        t.scores.opponent,
    );
    o.push_str(&format!(
        "  stock {}  trump [{}]  trick [{}]\n",
        p.stock.len(),
        cards(t, &p.trump),
        cards(t, &p.trick)
    ));
    o.push_str(&side(
        "recipient",
        &p.recipient_hand,
        &p.recipient_meld,
        &p.recipient_trick_pile,
        t.scores.recipient,
    ));
    o.push_str(&format!(
        "  stage: {}  dealer: {}\n",
        t.stage.as_deref().unwrap_or("?"),
        t.dealer.as_deref().unwrap_or("?")
    ));
    if !p.unknown.is_empty() {
        o.push_str(&format!("  {} card(s) not placed\n", p.unknown.len()));
    }
    if let Some(s) = t.score_history.last() {
        o.push_str(&format!(
            "  last score: {} +{} ({})\n",
            s.who, s.increase, s.what
        ));
    }
    if t.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}
