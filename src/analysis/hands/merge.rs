//! The views of one hand made one hand ([`merge`]): what `join.rs` does
//! with the views it found to be of the same hand.
//!
//! - The hand's id, stream and start are its first view's (the one that
//!   started first in the capture); its last frame the last any view saw.
//! - Actions, stacks, pots and the result are those of the most complete
//!   view (a complete one before an incomplete one, then the one with the
//!   most actions, board cards, cards shown and winners; the first to
//!   start among equals): the server sends every client the same figures.
//! - Every card any view saw is in it: each view's hole cards (its hero's,
//!   dealt to it alone), cards shown that another view missed, the longer
//!   board of an incomplete hand.
//! - Its hero is the first view's whose client is dealt in (else the first
//!   view's): OHH has one `hero_player_id`. Each view keeps its own.
//! - Where two views tell the same thing otherwise (a player's cards, an
//!   action, what a player won or kept), a note of kind
//!   [`NoteKind::Check`] names both views and their frames.

use super::model::{Hand, Note, NoteKind, View};

/// A hand and its views, joined.
#[derive(Debug, Clone)]
pub struct Joined<X> {
    /// The hand, once: its first view's id, every card a view saw, the
    /// figures of its most complete view ([`Hand::views`] lists them
    /// all).
    pub hand: Hand,
    /// Each view as its stream rebuilt it (its own hero, its own cards),
    /// with what the pass gave with it, in the order they started; each
    /// lists the others in its [`Hand::views`], so that it has the hand's
    /// id and number.
    pub views: Vec<(Hand, X)>,
}

impl<X> Joined<X> {
    /// A hand only one view saw.
    pub fn one(h: Hand, x: X) -> Joined<X> {
        merge(vec![(h, x)])
    }
}

/// How complete a view is, to pick the one whose figures the hand takes:
/// greater is more complete.
fn completeness(h: &Hand) -> (bool, bool, usize, usize, usize, usize) {
    (
        h.complete,
        h.amounts_known(),
        h.actions.len(),
        h.board.len(),
        h.shown.len(),
        h.winners.len(),
    )
}

/// The views of one hand (at least one) as one hand; see the [module
/// docs](self).
pub fn merge<X>(mut views: Vec<(Hand, X)>) -> Joined<X> {
    assert!(!views.is_empty(), "a hand has at least one view");
    views.sort_by_key(|(h, _)| (h.first_frame, h.stream));
    let list: Vec<View> = views.iter().map(|(h, _)| h.view()).collect();
    let mut base = 0;
    for (i, (h, _)) in views.iter().enumerate().skip(1) {
        if completeness(h) > completeness(&views[base].0) {
            base = i;
        }
    }
    let first = &views[0].0;
    let mut hand = views[base].0.clone();
    hand.stream = first.stream;
    hand.number = first.number;
    hand.endpoints = first.endpoints;
    hand.dialect = first.dialect.or(hand.dialect);
    hand.transport = first.transport;
    hand.ts = first.ts;
    hand.first_frame = first.first_frame;
    hand.last_frame = views.iter().map(|(h, _)| h.last_frame).max().unwrap_or(0);
    hand.ended_at = views.iter().map(|(h, _)| h.ended_at).max().unwrap_or(0);
    let any = |f: &dyn Fn(&Hand) -> Option<u64>| views.iter().find_map(|(h, _)| f(h));
    hand.server_number = hand.server_number.or(any(&|h| h.server_number));
    if hand.table_name.is_none() {
        hand.table_name = views.iter().find_map(|(h, _)| h.table_name.clone());
    }
    let dealt = |p: &Option<u64>| p.filter(|p| hand.seat(*p).is_some());
    hand.hero = (list.iter().find_map(|v| dealt(&v.hero))).or(first.hero);
    for (i, (v, _)) in views.iter().enumerate() {
        if i != base {
            add_cards(&mut hand, v, &list[base], &list[i]);
        }
    }
    for (i, (v, _)) in views.iter().enumerate() {
        if i != base && v.complete && hand.complete {
            compare(&mut hand, v, &list[base], &list[i]);
        }
    }
    hand.views = list.clone();
    hand.joined = true;
    for (v, _) in &mut views {
        v.views = list.clone();
    }
    Joined { hand, views }
}

/// A note of kind [`NoteKind::Check`] at `frame`.
fn check(hand: &mut Hand, frame: u64, text: String) {
    hand.notes.push(Note {
        frame,
        kind: NoteKind::Check,
        text,
    });
}

/// Adds what view `v` saw and `hand` (from view `base`) lacks: names,
/// hole cards, cards shown, the board; a note where they differ.
fn add_cards(hand: &mut Hand, v: &Hand, base: &View, view: &View) {
    let mut notes = Vec::new();
    for s in &v.seats {
        let Some(m) = hand.seats.iter_mut().find(|m| m.player == s.player) else {
            continue;
        };
        if m.name.is_none() {
            m.name.clone_from(&s.name);
        }
        match (m.cards, s.cards) {
            (None, Some(c)) => m.cards = Some(c),
            (Some(a), Some(b)) if a != b => notes.push((
                base.first_frame,
                format!(
                    "views {} and {} disagree on {}'s cards: {} (frame {}), {} (frame {})",
                    base.id,
                    view.id,
                    m.display_name(),
                    cards(&a),
                    base.first_frame,
                    cards(&b),
                    view.first_frame
                ),
            )),
            _ => {}
        }
    }
    for s in &v.shown {
        match hand.shown.iter().find(|x| x.player == s.player) {
            None => hand.shown.push(s.clone()),
            Some(x) if x.cards != s.cards => notes.push((
                x.frame,
                format!(
                    "views {} and {} disagree on the cards {} shows: {} (frame {}), {} (frame {})",
                    base.id,
                    view.id,
                    hand.name(s.player),
                    cards(&x.cards),
                    x.frame,
                    cards(&s.cards),
                    s.frame
                ),
            )),
            _ => {}
        }
    }
    let common = hand.board.len().min(v.board.len());
    if hand.board[..common] != v.board[..common] {
        notes.push((
            hand.last_frame,
            format!(
                "views {} and {} disagree on the board: {} (frames {}-{}), {} (frames {}-{})",
                base.id,
                view.id,
                cards(&hand.board),
                base.first_frame,
                base.last_frame,
                cards(&v.board),
                view.first_frame,
                view.last_frame
            ),
        ));
    } else if v.board.len() > hand.board.len() && !hand.complete {
        hand.board.clone_from(&v.board);
    }
    for (frame, text) in notes {
        check(hand, frame, text);
    }
}

/// Compares the figures of the complete view `v` with the hand's (of the
/// complete view `base`): the first action that differs, and what each
/// player won and kept, each a note naming both frames.
fn compare(hand: &mut Hand, v: &Hand, base: &View, view: &View) {
    let key = |a: &super::model::Action| (a.player, a.kind, a.added, a.total, a.all_in);
    let n = hand.actions.len().max(v.actions.len());
    let mut notes = Vec::new();
    for i in 0..n {
        let (a, b) = (hand.actions.get(i), v.actions.get(i));
        if a.map(key) == b.map(key) {
            continue;
        }
        let say = |h: &Hand, a: Option<&super::model::Action>, at: &View| match a {
            Some(a) => format!(
                "{} {} {} (frame {})",
                h.name(a.player),
                kind_name(a.kind),
                a.added,
                a.frame
            ),
            None => format!("nothing more (frame {})", at.last_frame),
        };
        let frame = a.map_or(base.last_frame, |a| a.frame);
        let text = format!(
            "views {} and {} disagree on action {}: {}; {}",
            base.id,
            view.id,
            i + 1,
            say(hand, a, base),
            say(v, b, view)
        );
        notes.push((frame, text));
        break;
    }
    for s in &hand.seats {
        let won = |h: &Hand| -> u64 {
            (h.winners.iter())
                .filter(|w| w.player == s.player)
                .map(|w| w.amount)
                .sum()
        };
        let at = |h: &Hand, fallback: u64| {
            (h.winners.iter())
                .find(|w| w.player == s.player)
                .map_or(fallback, |w| w.frame)
        };
        let (mine, theirs) = (won(hand), won(v));
        if mine != theirs {
            notes.push((
                at(hand, base.last_frame),
                format!(
                    "views {} and {} disagree on what {} won: {mine} (frame {}), {theirs} (frame {})",
                    base.id,
                    view.id,
                    s.display_name(),
                    at(hand, base.last_frame),
                    at(v, view.last_frame)
                ),
            ));
        }
        let kept = v.seat(s.player).and_then(|o| o.final_stack);
        if let (Some(a), Some(b)) = (s.final_stack, kept) {
            if a != b {
                notes.push((
                    base.last_frame,
                    format!(
                        "views {} and {} disagree on {}'s stack after the hand: {a} (frame {}), \
                         {b} (frame {})",
                        base.id,
                        view.id,
                        s.display_name(),
                        base.last_frame,
                        view.last_frame
                    ),
                ));
            }
        }
    }
    for (frame, text) in notes {
        check(hand, frame, text);
    }
}

/// An action's kind as the JSON names it (`small_blind`, `call`).
fn kind_name(k: super::model::ActionKind) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Cards as people read them: `Ah Kd`.
fn cards(c: &[crate::protocols::cards::Card]) -> String {
    c.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
