//! The Glass Plate Game board drawn for people.

use super::Board;

/// The board for people: an 8×8 grid (rows 8 to 1, columns A to H), each
/// square its plate's abbreviation and dice count (`···` unknown, `---`
/// empty), then the dice, players, chat and refusals.
pub fn draw(b: &Board) -> String {
    let mut o = String::from("       A      B      C      D      E      F      G      H\n");
    for row in (0..8).rev() {
        o.push_str(&format!("  {} ", row + 1));
        for col in 0..8 {
            let sq = &b.board[col * 8 + row];
            let cell = match (&sq.plate, sq.empty) {
                (Some(p), _) => format!("{:<3.3}", p.abbrev),
                (None, true) => "---".into(),
                (None, false) => "···".into(),
            };
            let dice = if sq.dice.is_empty() {
                "   ".into()
            } else {
                format!("•{:<2}", sq.dice.len())
            };
            o.push_str(&format!(" {cell}{dice}"));
        }
        o.push('\n');
    }
    for sq in b.board.iter().filter(|s| !s.dice.is_empty()) {
        let dice: Vec<String> = (sq.dice.iter())
            .map(|d| format!("die {} {} by {}", d.die, d.color, d.nick))
            .collect();
        o.push_str(&format!("  {}: {}\n", sq.loc, dice.join(", ")));
    }
    let players: Vec<String> = (b.players.iter())
        .map(|p| {
            let mut s = p.nick.clone();
            if p.me {
                s.push_str(" (me)");
            }
            s
        })
        .collect();
    o.push_str(&format!(
        "  state {}  players: {}\n",
        b.client_state.unwrap_or("?"),
        players.join(", ")
    ));
    for c in b.chat.iter().rev().take(3).rev() {
        o.push_str(&format!("  <{}> {}\n", c.nick, c.message));
    }
    if let Some(j) = b.rejected.last() {
        o.push_str(&format!("  last refusal: {}: {}\n", j.what, j.reason));
    }
    if b.incomplete {
        o.push_str("  (incomplete: bytes missing)\n");
    }
    o
}
