//! The checks a server developer wants, run on every complete hand. Each
//! violation becomes a [`Note`] with the frame of the message
//! that showed it:
//!
//! - chips conserved: what was put in equals what was won, given back and
//!   raked, and the stacks at the start add up to those at the end and the
//!   rake;
//! - stacks equal to what the server reports: after each action (the stack
//!   at the start less what the actions put in) and at the end (plus what
//!   the player received);
//! - actions out of turn: a player acts while the server had said another
//!   was to act;
//! - a raise below the minimum: a bet or raise, not all in, that raises by
//!   less than the big blind or than the street's last raise;
//! - a winner who folded.
//!
//! An incomplete hand is not checked: what is missing would show as
//! violations that are not there.

use super::model::*;
use crate::analysis::hands::HashMap;

/// Runs every check on `h`, adding a note per violation.
pub fn run(h: &mut Hand) {
    if !h.complete {
        return;
    }
    let mut notes = Vec::new();
    stacks(h, &mut notes);
    conservation(h, &mut notes);
    turns(h, &mut notes);
    raises(h, &mut notes);
    folded_winners(h, &mut notes);
    notes.sort_by_key(|n: &Note| n.frame);
    h.notes.extend(notes);
}

fn note(notes: &mut Vec<Note>, frame: u64, text: String) {
    notes.push(Note {
        frame,
        kind: NoteKind::Check,
        text,
    });
}

fn received(h: &Hand, player: u64) -> u64 {
    (h.winners.iter().chain(&h.returned))
        .filter(|w| w.player == player)
        .map(|w| w.amount)
        .sum()
}

fn stacks(h: &Hand, notes: &mut Vec<Note>) {
    let mut stack: HashMap<u64, u64> = (h.seats.iter())
        .filter_map(|s| Some((s.player, s.stack?)))
        .collect();
    for a in &h.actions {
        let Some(s) = stack.get_mut(&a.player) else {
            continue;
        };
        if a.added > *s {
            let text = format!(
                "stack: {} puts in {} with {} left",
                h.name(a.player),
                a.added,
                *s
            );
            note(notes, a.frame, text);
        }
        *s = s.saturating_sub(a.added);
        if let Some(rep) = a.reported_stack {
            if rep != *s {
                let at = match a.reported_at {
                    Some(f) if f != a.frame => format!(" at frame {f}"),
                    _ => String::new(),
                };
                let text = format!(
                    "stack: the server reports {rep} for {}{at} after the action at frame {}, \
                     the actions give {}",
                    h.name(a.player),
                    a.frame,
                    *s
                );
                note(notes, a.frame, text);
                *s = rep;
            }
        }
    }
    for seat in &h.seats {
        let (Some(&left), Some(fin)) = (stack.get(&seat.player), seat.final_stack) else {
            continue;
        };
        let want = left + received(h, seat.player);
        if want != fin {
            let frame = (h.winners.iter().chain(&h.returned))
                .filter(|w| w.player == seat.player)
                .map(|w| w.frame)
                .max()
                .unwrap_or(h.last_frame);
            let text = format!(
                "stack: the server reports {fin} for {} at the end, the hand gives {want}",
                seat.display_name()
            );
            note(notes, frame, text);
        }
    }
}

fn conservation(h: &Hand, notes: &mut Vec<Note>) {
    let put: u64 = h.actions.iter().map(|a| a.added).sum();
    let out: u64 = (h.winners.iter().chain(&h.returned))
        .map(|w| w.amount)
        .sum();
    let rake = h.rake.unwrap_or(0);
    if put != out + rake {
        let raked = if rake > 0 {
            format!(" and {rake} raked")
        } else {
            String::new()
        };
        let mut frames: Vec<u64> = (h.winners.iter().chain(&h.returned))
            .map(|w| w.frame)
            .collect();
        frames.sort_unstable();
        frames.dedup();
        let frames: Vec<String> = frames.iter().map(u64::to_string).collect();
        let text = format!(
            "chips: {put} put in the pot but {out} won or given back{raked} (frames {})",
            frames.join(", ")
        );
        note(notes, h.last_frame, text);
    }
    let start: Option<u64> = h.seats.iter().map(|s| s.stack).sum();
    let end: Option<u64> = h.seats.iter().map(|s| s.final_stack).sum();
    if let (Some(start), Some(end)) = (start, end) {
        if start != end + rake {
            let text = format!("chips: the stacks held {start} at the start and {end} at the end");
            note(notes, h.last_frame, text);
        }
    }
}

fn turns(h: &Hand, notes: &mut Vec<Note>) {
    for a in &h.actions {
        if let Some(e) = a.expected.filter(|&e| e != a.player) {
            let text = format!(
                "out of turn: {} acts while the server said {} was to act",
                h.name(a.player),
                h.name(e)
            );
            note(notes, a.frame, text);
        }
    }
}

fn raises(h: &Hand, notes: &mut Vec<Note>) {
    let bb = h.big_blind.unwrap_or(0);
    let mut street = None;
    let (mut highest, mut last_raise) = (0, bb);
    for a in &h.actions {
        if street != Some(a.street) {
            street = Some(a.street);
            highest = 0;
            last_raise = bb;
        }
        match a.kind {
            ActionKind::SmallBlind | ActionKind::BigBlind => highest = highest.max(a.total),
            ActionKind::Bet | ActionKind::Raise if a.total > highest => {
                let by = a.total - highest;
                if by < last_raise && !a.all_in {
                    let text = format!(
                        "raise below the minimum: {} raises by {by} to {}, the minimum is {last_raise}",
                        h.name(a.player),
                        a.total
                    );
                    note(notes, a.frame, text);
                }
                last_raise = last_raise.max(by);
                highest = a.total;
            }
            _ => {}
        }
    }
}

fn folded_winners(h: &Hand, notes: &mut Vec<Note>) {
    for w in &h.winners {
        if h.folded(w.player) {
            let text = format!("{} folded but wins {}", h.name(w.player), w.amount);
            note(notes, w.frame, text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::Timestamp;
    use crate::protocols::ProtocolId;

    fn act(frame: u64, player: u64, kind: ActionKind, added: u64, total: u64, rep: u64) -> Action {
        Action {
            total,
            reported_stack: Some(rep),
            reported_at: Some(frame),
            ..Action::sample(frame, player, kind, added)
        }
    }

    fn seat(seat: u32, player: u64, stack: u64, fin: u64) -> Seat {
        Seat {
            seat,
            player,
            name: None,
            stack: Some(stack),
            final_stack: Some(fin),
            cards: None,
        }
    }

    /// Heads up: 1 posts 10, 2 posts 20, 1 raises to 40, 2 folds; 1 wins 40
    /// and gets 20 back.
    fn hand() -> Hand {
        let mut h = Hand::new(ProtocolId::PokerTh, 0, 1, 1, Timestamp::default());
        h.complete = true;
        h.big_blind = Some(20);
        h.seats = vec![seat(1, 1, 100, 120), seat(2, 2, 100, 80)];
        h.actions = vec![
            act(2, 1, ActionKind::SmallBlind, 10, 10, 90),
            act(3, 2, ActionKind::BigBlind, 20, 20, 80),
            act(4, 1, ActionKind::Raise, 30, 40, 60),
            act(5, 2, ActionKind::Fold, 0, 20, 80),
        ];
        h.winners = vec![Win {
            frame: 6,
            player: 1,
            amount: 40,
            pot: None,
        }];
        h.returned = vec![Win {
            frame: 6,
            player: 1,
            amount: 20,
            pot: None,
        }];
        h.last_frame = 6;
        h
    }

    #[test]
    fn a_clean_hand_has_no_notes() {
        let mut h = hand();
        run(&mut h);
        assert_eq!(h.notes, vec![]);
    }

    #[test]
    fn each_violation_is_a_note_with_its_frame() {
        let mut h = hand();
        h.actions[2].total = 35; // raise by 15 < 20
        h.actions[2].added = 25; // then stack 65 != 60 reported
        h.actions[3].expected = Some(1);
        h.winners[0].player = 2; // a folded winner
        run(&mut h);
        let got: Vec<(u64, &str)> = h.notes.iter().map(|n| (n.frame, n.text.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (
                    4,
                    "stack: the server reports 60 for Player 1 after the action at frame 4, the \
                     actions give 65"
                ),
                (
                    4,
                    "raise below the minimum: Player 1 raises by 15 to 35, the minimum is 20"
                ),
                (
                    5,
                    "out of turn: Player 2 acts while the server said Player 1 was to act"
                ),
                (
                    6,
                    "stack: the server reports 120 for Player 1 at the end, the hand gives 80"
                ),
                (
                    6,
                    "stack: the server reports 80 for Player 2 at the end, the hand gives 120"
                ),
                (
                    6,
                    "chips: 55 put in the pot but 60 won or given back (frames 6)"
                ),
                (6, "Player 2 folded but wins 40"),
            ]
        );
    }

    #[test]
    fn incomplete_hands_are_not_checked() {
        let mut h = hand();
        h.complete = false;
        h.winners.clear();
        run(&mut h);
        assert!(h.notes.is_empty());
    }
}
