//! The join of views into hands, with views made by hand: which views
//! join, when a hand is ready, and what the joined hand holds.

use super::*;
use crate::analysis::hands::model::{Seat, Shown};
use crate::capture::Timestamp;
use crate::protocols::cards::{Card, Suit};

const SERVER: &str = "10.0.0.9:7234";

/// A complete view of hand `server_number` of game 1 on `stream`, frames
/// `first` to `last`, whose client is player `hero` dealt `cards`.
fn view(stream: u64, number: u64, first: u64, last: u64, hero: u64, cards: [Card; 2]) -> Hand {
    let mut h = Hand::new(ProtocolId::PokerTh1, stream, number, first, ts(first));
    h.server_number = Some(number);
    h.last_frame = last;
    h.table = Some(1);
    h.complete = true;
    let client: SocketAddr = format!("10.0.0.{}:4000", stream + 1).parse().unwrap();
    h.endpoints = Some((client, SERVER.parse().unwrap()));
    h.hero = Some(hero);
    h.seats = vec![Seat::new(1, 10, Some("ann".into())), Seat::new(2, 20, None)];
    if let Some(s) = h.seat_mut(hero) {
        s.cards = Some(cards);
    }
    h
}

fn ts(frame: u64) -> Timestamp {
    Timestamp::new(1_000 + frame as i64, 0)
}

fn card(rank: u8, suit: Suit) -> Card {
    Card::new(rank, suit).unwrap()
}

fn ak() -> [Card; 2] {
    [card(12, Suit::Hearts), card(11, Suit::Diamonds)]
}

fn q2() -> [Card; 2] {
    [card(10, Suit::Spades), card(0, Suit::Clubs)]
}

fn opened(h: &Hand) -> Opened {
    Opened::of(h, h.endpoints.map(|e| e.1)).unwrap()
}

fn ready(j: &mut Joiner<()>) -> Vec<Joined<()>> {
    std::iter::from_fn(|| j.pop()).collect()
}

fn ids(joined: &[Joined<()>]) -> Vec<Vec<String>> {
    (joined.iter())
        .map(|j| j.hand.views.iter().map(|v| v.id.clone()).collect())
        .collect()
}

/// Two clients' views of one hand are one hand, ready when the second
/// ends, with the first view's id, both players' cards, one number.
#[test]
fn two_views_of_a_hand_are_one_hand_once_both_ended() {
    let mut j = Joiner::new();
    let (a, b) = (view(0, 1, 10, 50, 10, ak()), view(1, 1, 11, 51, 20, q2()));
    j.opened(opened(&a));
    j.opened(opened(&b));
    j.ended(a, ());
    assert!(ready(&mut j).is_empty(), "1:1 is still open");
    j.ended(b, ());
    let out = ready(&mut j);
    assert_eq!(ids(&out), [["0:1", "1:1"]]);
    let h = &out[0].hand;
    assert_eq!(
        (h.id(), h.first_frame, h.last_frame),
        ("0:1".into(), 10, 51)
    );
    assert_eq!(h.seat(10).unwrap().cards, Some(ak()));
    assert_eq!(h.seat(20).unwrap().cards, Some(q2()));
    assert_eq!(h.hero, Some(10));
    // Each view keeps its own hero and cards, under the hand's number.
    let v = &out[0].views;
    assert_eq!(v[1].0.seat(10).unwrap().cards, None);
    assert_eq!(v[1].0.seat(20).unwrap().cards, Some(q2()));
    assert_eq!(v[1].0.id(), "0:1");
    assert_eq!(v[1].0.view_id(), "1:1");
    assert_eq!(v[0].0.public_number(), h.public_number());
    assert_eq!(v[1].0.public_number(), h.public_number());
    assert!(h.notes.is_empty(), "{:?}", h.notes);
}

/// The view that started first gives the id and the start, whichever
/// ended first; the hand's number is that of its start.
#[test]
fn the_first_view_to_start_names_the_hand() {
    let mut j = Joiner::new();
    let a = view(3, 7, 20, 50, 10, ak());
    let mut b = view(5, 2, 19, 49, 20, q2());
    b.server_number = a.server_number;
    j.opened(opened(&b));
    j.opened(opened(&a));
    let alone = b.public_number();
    j.ended(b, ());
    j.ended(a, ());
    let out = ready(&mut j);
    assert_eq!(ids(&out), [["5:2", "3:7"]]);
    assert_eq!(out[0].hand.id(), "5:2");
    assert_eq!(out[0].hand.public_number(), alone);
}

/// One view: ready as it ends, nothing waits.
#[test]
fn a_hand_one_client_saw_is_ready_when_it_ends() {
    let mut j = Joiner::new();
    let a = view(0, 1, 10, 50, 10, ak());
    let number = a.public_number();
    j.opened(opened(&a));
    j.ended(a, ());
    let out = ready(&mut j);
    assert_eq!(ids(&out), [["0:1"]]);
    assert_eq!(out[0].hand.public_number(), number);
    assert_eq!(out[0].views.len(), 1);
}

/// The same game and hand number, but not in play at the same time (a
/// server that restarted, or two conversations played one after the
/// other): two hands.
#[test]
fn hands_that_do_not_overlap_never_join() {
    let mut j = Joiner::new();
    let (a, b) = (view(0, 1, 10, 50, 10, ak()), view(1, 1, 60, 90, 20, q2()));
    j.opened(opened(&a));
    j.ended(a, ());
    j.opened(opened(&b));
    j.ended(b, ());
    assert_eq!(ids(&ready(&mut j)), [vec!["0:1"], vec!["1:1"]]);
}

/// Overlapping views with other server hand numbers, of other games or
/// of another server are other hands; views whose game is not known are
/// hands of their own.
#[test]
fn other_numbers_games_and_servers_are_other_hands() {
    let mut j = Joiner::new();
    let a = view(0, 1, 10, 50, 10, ak());
    let mut b = view(1, 2, 11, 51, 20, q2());
    let mut c = view(2, 1, 12, 52, 20, q2());
    c.table = Some(2);
    let mut d = view(3, 1, 13, 53, 20, q2());
    d.endpoints = Some((d.endpoints.unwrap().0, "10.0.0.9:7235".parse().unwrap()));
    let mut e = view(4, 1, 14, 54, 20, q2());
    e.table = None;
    for h in [&a, &b, &c, &d] {
        j.opened(opened(h));
    }
    assert!(Opened::of(&e, e.endpoints.map(|x| x.1)).is_none());
    b.server_number = Some(2);
    for h in [a, b, c, d, e] {
        j.ended(h, ());
    }
    assert_eq!(ids(&ready(&mut j)).len(), 5);
}

/// A hand number only one view knows (its client saw the game start)
/// does not keep views apart.
#[test]
fn a_number_one_view_does_not_know_joins() {
    let mut j = Joiner::new();
    let a = view(0, 1, 10, 50, 10, ak());
    let mut b = view(1, 1, 11, 51, 20, q2());
    b.server_number = None;
    j.opened(opened(&a));
    j.opened(opened(&b));
    j.ended(a, ());
    j.ended(b, ());
    let out = ready(&mut j);
    assert_eq!(ids(&out), [["0:1", "1:1"]]);
    assert_eq!(out[0].hand.server_number, Some(1));
}

/// A client that reconnects mid-hand: its old connection ends early, its
/// new one starts late (neither overlaps the other); both overlap the
/// view that saw the whole hand, and the three are one hand, the whole
/// view's figures its own.
#[test]
fn a_reconnecting_clients_two_views_join_through_a_third() {
    let mut j = Joiner::new();
    let whole = view(0, 2, 111, 176, 10, ak());
    let mut old = view(1, 2, 113, 118, 20, q2());
    old.complete = false;
    let mut new = view(2, 1, 155, 178, 50, q2());
    new.complete = false;
    new.server_number = None;
    j.opened(opened(&whole));
    j.opened(opened(&old));
    j.ended(old, ());
    j.opened(opened(&new));
    j.ended(whole, ());
    assert!(ready(&mut j).is_empty(), "2:1 is still open");
    j.ended(new, ());
    let out = ready(&mut j);
    assert_eq!(ids(&out), [["0:2", "1:2", "2:1"]]);
    let h = &out[0].hand;
    assert!(h.complete);
    assert_eq!(h.seat(20).unwrap().cards, Some(q2()));
    assert!(!h.views[1].complete);
}

/// A view of the game's next hand that opens while a hand waits does not
/// hold it; nor does a view that opened before the hand waiting started
/// and never ended (a stream the capture lost), once another view of the
/// earlier hand ended.
#[test]
fn only_views_that_may_be_of_the_hand_hold_it() {
    let mut j = Joiner::new();
    // Hand 1: ann's view ends; carol's (stream 2) never does.
    let a1 = view(0, 1, 10, 50, 10, ak());
    let c1 = view(2, 1, 12, 52, 20, q2());
    j.opened(opened(&a1));
    j.opened(opened(&c1));
    j.ended(a1, ());
    assert!(ready(&mut j).is_empty(), "carol's view may still end");
    // Hand 2: ann's and bob's views, while carol's hand 1 stays open.
    let mut a2 = view(0, 2, 60, 90, 10, ak());
    let mut b2 = view(1, 2, 61, 91, 20, q2());
    a2.server_number = None;
    b2.server_number = None;
    j.opened(opened(&a2));
    j.opened(opened(&b2));
    j.ended(a2, ());
    assert!(ready(&mut j).is_empty(), "bob's view of hand 2 is open");
    // Bob's next hand opens before his hand 2 ends: it holds nothing.
    let b3 = view(1, 3, 95, 120, 20, q2());
    j.ended(b2, ());
    j.opened(opened(&b3));
    assert_eq!(ids(&ready(&mut j)), [["0:2", "1:2"]]);
    j.finish();
    assert_eq!(ids(&ready(&mut j)), [["0:1"]]);
}

/// Past the bound the oldest hand held goes as it is, with a note; its
/// view that ends later is a hand of its own.
#[test]
fn held_views_are_bounded() {
    let mut j = Joiner::with_limits(1, usize::MAX);
    let (a, b, c) = (
        view(0, 1, 10, 50, 10, ak()),
        view(1, 1, 11, 51, 20, q2()),
        view(2, 1, 12, 52, 20, q2()),
    );
    for h in [&a, &b, &c] {
        j.opened(opened(h));
    }
    j.ended(a, ());
    assert!(ready(&mut j).is_empty());
    j.ended(b, ());
    let out = ready(&mut j);
    assert_eq!(ids(&out), [["0:1", "1:1"]]);
    let note = out[0].hand.notes.last().unwrap();
    assert_eq!(note.kind, NoteKind::Info);
    assert!(
        note.text.contains("before every view of it had ended"),
        "{}",
        note.text
    );
    j.ended(c, ());
    assert_eq!(ids(&ready(&mut j)), [["2:1"]]);
}

/// Views that tell the same thing otherwise: a note of kind check naming
/// both views and frames; cards shown that one view missed are the
/// hand's; the more complete view's figures are the hand's.
#[test]
fn views_that_disagree_are_a_note_and_cards_are_added() {
    let mut a = view(0, 1, 10, 50, 10, ak());
    let mut b = view(1, 1, 11, 51, 20, q2());
    b.seat_mut(10).unwrap().cards = Some(q2());
    b.shown.push(Shown {
        frame: 49,
        player: 20,
        cards: q2(),
        made: None,
    });
    a.complete = false;
    let j = merge(vec![(a, ()), (b, ())]);
    let h = &j.hand;
    assert!(h.complete, "the complete view's figures");
    assert_eq!(h.id(), "0:1");
    assert_eq!(h.shown.len(), 1);
    let checks: Vec<&str> = (h.notes.iter())
        .filter(|n| n.kind == NoteKind::Check)
        .map(|n| n.text.as_str())
        .collect();
    assert_eq!(
        checks,
        ["views 1:1 and 0:1 disagree on ann's cards: Qs 2c (frame 11), Ah Kd (frame 10)"]
    );
}
