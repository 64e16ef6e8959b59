//! The 2007 builder on records of hand-made `pokerth-2007` messages.

use super::*;
use crate::analysis::hands::{table as replay, HandCollector};
use crate::capture::Timestamp;
use crate::decode::{Body, RecordSink};
use crate::protocols::pokerth::messages::{
    ErrorReason2007, JoinGame2007, PlayerFlags2007, PlayerJoined2007, PlayerLeft2007, PtCard,
    RejectionReason2007,
};
use crate::protocols::{Decoded, Fields};
use crate::reassembly::{EndReason, GapReason};
use std::net::SocketAddr;

const C: Direction = Direction::C2S;
const S: Direction = Direction::S2C;

/// A stream's records, numbered from frame 1 in the order added.
struct Script {
    records: Vec<Record>,
}

impl Script {
    fn new() -> Script {
        Script {
            records: Vec::new(),
        }
    }

    fn record(&mut self, dir: Direction, body: Body) -> u64 {
        let frame = self.records.len() as u64 + 1;
        let addr = SocketAddr::from(([10, 0, 0, 1], 7234));
        self.records.push(Record {
            order: 0,
            frame,
            ts: Timestamp::default(),
            stream: 0,
            dir,
            src: addr,
            dst: addr,
            community_id: crate::reassembly::CommunityId::tcp(addr, addr),
            offset: 0,
            protocol: Some(ProtocolId::PokerTh),
            dialect: Some(crate::protocols::Dialect::PokerTh2007),
            transport: crate::transport::Transport::Tcp,
            carried: None,
            body,
        });
        frame
    }

    /// Adds a message; returns its frame.
    fn m(&mut self, dir: Direction, m: Message) -> u64 {
        let decoded = Decoded {
            type_name: m.type_name().into(),
            type_id: 0,
            fields: Fields::PokerTh(m),
            notes: Vec::new(),
            error: None,
        };
        let body = Body::Message {
            len: 8,
            decoded,
            bytes: None,
        };
        self.record(dir, body)
    }

    /// Alice (player 1, seat 1) joins a game of 3 (small blind 10,
    /// blinds up after 2 hands, 2000 each); Bob (2) and Computer 1 (3)
    /// join at numbers 1 and 2.
    fn join(&mut self) {
        self.m(
            C,
            Message::JoinGame2007(JoinGame2007 {
                requested_version_major: 1,
                requested_version_minor: 0,
                requested_version: "1.0".into(),
                password_length: 0,
                player_flags: PlayerFlags2007(1),
                name_length: 5,
                password: String::new(),
                name: "Alice".into(),
            }),
        );
        self.m(
            S,
            Message::JoinGameAck2007(JoinGameAck2007 {
                your_session_id: 7,
                your_player_id: 1,
                your_player_number: 0,
                number_of_players: 3,
                small_blind: 10,
                hands_before_raise: 2,
                proposed_gui_speed: 4,
                start_cash: 2000,
            }),
        );
        for (id, number, name) in [(2, 1, "Bob"), (3, 2, "Computer 1")] {
            self.m(
                S,
                Message::PlayerJoined2007(PlayerJoined2007 {
                    player_id: id,
                    player_number: number,
                    player_flags: PlayerFlags2007(u16::from(id == 2)),
                    name_length: name.len() as u16,
                    name: name.into(),
                }),
            );
        }
    }

    fn start(&mut self, c1: u16, c2: u16) -> u64 {
        self.m(
            S,
            Message::GameStart2007(GameStart2007 {
                your_1st_card: PtCard(c1),
                your_2nd_card: PtCard(c2),
            }),
        )
    }

    fn turn(&mut self, state: u16, player: u16) -> u64 {
        self.m(
            S,
            Message::PlayersTurn2007(PlayersTurn2007 {
                game_state: GameState2007(state),
                player_id: player,
            }),
        )
    }

    fn act(&mut self, state: u16, action: u16, cash: u32) -> u64 {
        self.m(
            C,
            Message::PlayersAction2007(PlayersAction2007 {
                game_state: GameState2007(state),
                player_action: PlayerAction2007(action),
                cash_value: cash,
            }),
        )
    }

    fn reject(&mut self, state: u16, action: u16, cash: u32, reason: u16) -> u64 {
        self.m(
            S,
            Message::PlayersActionRejected2007(PlayersActionRejected2007 {
                game_state: GameState2007(state),
                player_action: PlayerAction2007(action),
                cash_value: cash,
                rejection_reason: RejectionReason2007(reason),
            }),
        )
    }

    fn error(&mut self, reason: u16) -> u64 {
        self.m(
            S,
            Message::Error2007(Error2007 {
                error_reason: ErrorReason2007(reason),
            }),
        )
    }

    fn left(&mut self, player: u16) -> u64 {
        self.m(
            S,
            Message::PlayerLeft2007(PlayerLeft2007 { player_id: player }),
        )
    }

    fn gap(&mut self) -> u64 {
        self.record(
            S,
            Body::Gap {
                len: 8,
                reason: GapReason::AckedUnseen,
            },
        )
    }

    fn end(&mut self) -> u64 {
        self.record(
            C,
            Body::StreamEnd {
                reason: EndReason::Fin,
            },
        )
    }

    /// The hands, through the collector (which must pick this builder).
    fn hands(&self) -> Vec<Hand> {
        let mut c = HandCollector::new();
        for r in &self.records {
            c.record(r.clone());
        }
        c.finish()
    }
}

/// (frame, street, player, kind, added, total, amount known, all in).
type Act = (u64, Street, u64, ActionKind, u64, u64, bool, bool);

fn acts(h: &Hand) -> Vec<Act> {
    (h.actions.iter())
        .map(|a| {
            (
                a.frame,
                a.street,
                a.player,
                a.kind,
                a.added,
                a.total,
                a.amount_known,
                a.all_in,
            )
        })
        .collect()
}

fn notes(h: &Hand, kind: NoteKind) -> Vec<(u64, &str)> {
    (h.notes.iter())
        .filter(|n| n.kind == kind)
        .map(|n| (n.frame, n.text.as_str()))
        .collect()
}

use ActionKind::{Bet, Call, Check, Fold, Raise};
use Street::{Flop, Preflop, River, Turn as TurnStreet};

#[test]
fn a_game_gives_partial_hands_with_what_the_dialect_carries() {
    let mut s = Script::new();
    s.join();
    // Hand 1: Alice has Ah Kd (25 = Ah, 11 = Kd).
    let start1 = s.start(25, 11);
    let t1 = s.turn(0, 2);
    let t2 = s.turn(0, 3);
    let t3 = s.turn(0, 1);
    let call = s.act(0, 3, 0);
    let t4 = s.turn(1, 2);
    let t5 = s.turn(1, 1);
    let small = s.act(1, 4, 5);
    let refused = s.reject(1, 4, 5, 9);
    let bet = s.act(1, 4, 40);
    let t6 = s.turn(1, 3);
    let t7 = s.turn(1, 2);
    let t8 = s.turn(1, 1);
    let raise = s.act(1, 5, 100);
    let t9 = s.turn(2, 1);
    let check = s.act(2, 2, 0);
    let t10 = s.turn(3, 2);
    let t11 = s.turn(3, 1);
    let fold = s.act(3, 1, 0);
    // Hand 2: Computer 1 leaves during it; Alice folds preflop.
    let start2 = s.start(0, 1);
    s.turn(0, 1);
    let fold2 = s.act(0, 1, 0);
    let left = s.left(3);
    // Hand 3: the blinds have gone up; Computer 1 is gone.
    s.start(2, 3);
    let last = s.turn(0, 2);
    s.end();

    let hands = s.hands();
    assert_eq!(hands.len(), 3);
    let h = &hands[0];
    assert_eq!(
        (h.number, h.server_number, h.id()),
        (1, Some(1), "0:1".into())
    );
    assert_eq!((h.first_frame, h.last_frame), (start1, fold));
    assert_eq!((h.table, &h.table_name), (None, &None));
    assert_eq!(h.limit, Limit::NoLimit);
    assert_eq!(h.table_size, Some(3));
    assert_eq!(h.hero, Some(1));
    assert_eq!((h.small_blind, h.big_blind), (Some(10), Some(20)));
    let seats: Vec<_> = (h.seats.iter())
        .map(|s| (s.seat, s.player, s.display_name(), s.stack, s.final_stack))
        .collect();
    assert_eq!(
        seats,
        [
            (1, 1, "Alice".into(), Some(2000), None),
            (2, 2, "Bob".into(), Some(2000), None),
            (3, 3, "Computer 1".into(), Some(2000), None),
        ]
    );
    let ah_kd = [PtCard(25).card().unwrap(), PtCard(11).card().unwrap()];
    assert_eq!(h.seat(1).unwrap().cards, Some(ah_kd));
    assert_eq!(ah_kd.map(|c| c.to_string()), ["Ah", "Kd"]);
    assert!(h.seats[1..].iter().all(|s| s.cards.is_none()));
    assert!(h.board.is_empty() && h.winners.is_empty() && h.pots.is_empty());
    let turns: Vec<_> = h
        .turns
        .iter()
        .map(|t| (t.frame, t.street, t.player))
        .collect();
    assert_eq!(
        turns,
        [
            (t1, Preflop, 2),
            (t2, Preflop, 3),
            (t3, Preflop, 1),
            (t4, Flop, 2),
            (t5, Flop, 1),
            (t6, Flop, 3),
            (t7, Flop, 2),
            (t8, Flop, 1),
            (t9, TurnStreet, 1),
            (t10, River, 2),
            (t11, River, 1),
        ]
    );
    // The call's amount is not sent; the flop bet opens the street
    // (Alice's bet there was 0), the raise adds 100 to her 40; the
    // rejected bet of 5 is left out.
    assert_eq!(
        acts(h),
        [
            (call, Preflop, 1, Call, 0, 0, false, false),
            (bet, Flop, 1, Bet, 40, 40, true, false),
            (raise, Flop, 1, Raise, 100, 140, true, false),
            (check, TurnStreet, 1, Check, 0, 0, true, false),
            (fold, River, 1, Fold, 0, 0, true, false),
        ]
    );
    assert!(h.actions.iter().all(|a| a.expected == Some(1)));
    assert!(!h.complete);
    assert!(!h.amounts_known());
    assert_eq!(notes(h, NoteKind::Incomplete), [(start1, PARTIAL)]);
    assert_eq!(
        notes(h, NoteKind::Info),
        [(
            refused,
            "the server rejects Alice's bet 5 (flop): cash value too small; left out"
        )]
    );
    assert!(h.actions.iter().all(|a| a.frame != small));
    assert_eq!(h.incomplete_reasons().count(), 1);

    // Hand 2: stacks no longer known; Computer 1 was dealt in and left.
    let h = &hands[1];
    assert_eq!(
        (h.number, h.server_number, h.first_frame),
        (2, Some(2), start2)
    );
    assert!(h.seats.iter().all(|s| s.stack.is_none()));
    assert_eq!(h.seats.len(), 3);
    assert_eq!((h.small_blind, h.big_blind), (Some(10), Some(20)));
    // A fold before the flop: Alice's bet there (a blind?) is unknown.
    assert_eq!(acts(h), [(fold2, Preflop, 1, Fold, 0, 0, false, false)]);
    assert_eq!(
        notes(h, NoteKind::Info),
        [(left, "Computer 1 left the game")]
    );

    // Hand 3: two players; the blinds rose after 2 hands: not known.
    let h = &hands[2];
    let names: Vec<_> = h.seats.iter().map(|s| s.display_name()).collect();
    assert_eq!(names, ["Alice", "Bob"]);
    assert_eq!((h.small_blind, h.big_blind), (None, None));
    assert!(h.actions.is_empty());
    assert_eq!(h.last_frame, last);
    assert_eq!(
        notes(h, NoteKind::Incomplete),
        [
            (h.first_frame, PARTIAL),
            (
                last,
                "the capture ends before another Game Start: where the hand ended is not known"
            )
        ]
    );
}

#[test]
fn an_error_ends_the_hand_and_cancels_the_action_it_answers() {
    let mut s = Script::new();
    s.join();
    s.start(0, 1);
    s.turn(0, 2);
    s.turn(0, 1);
    let raise = s.act(0, 5, 60);
    s.turn(1, 1);
    let all_in = s.act(1, 6, 0);
    s.act(1, 2, 0);
    let error = s.error(0xFF02);
    let next = s.start(2, 3);
    s.turn(0, 1);
    s.end();
    let hands = s.hands();
    assert_eq!(hands.len(), 2);
    let h = &hands[0];
    assert_eq!(h.last_frame, error);
    // The raise adds 60 to a preflop bet that is not known; the all in
    // is Alice's first action on the flop with nobody before her: a bet.
    assert_eq!(
        acts(h),
        [
            (raise, Preflop, 1, Raise, 60, 0, false, false),
            (all_in, Flop, 1, Bet, 0, 0, false, true),
        ]
    );
    assert_eq!(
        notes(h, NoteKind::Info),
        [(
            error,
            "the server answers Alice's check (flop) with Error invalid state; left out"
        )]
    );
    assert_eq!(
        notes(h, NoteKind::Incomplete),
        [
            (h.first_frame, PARTIAL),
            (
                error,
                "the server sends Error invalid state: the hand ends here"
            )
        ]
    );
    // The game goes on: the next hand is its second.
    assert_eq!((hands[1].number, hands[1].first_frame), (2, next));
    assert_eq!(hands[1].seats.len(), 3);
}

#[test]
fn an_all_in_after_others_acted_is_not_guessed_a_call() {
    let mut s = Script::new();
    s.join();
    s.start(0, 1);
    s.turn(1, 2);
    s.turn(1, 1);
    let all_in = s.act(1, 6, 0);
    // A rejection that matches nothing sent.
    let odd = s.reject(1, 5, 80, 5);
    s.end();
    let h = &s.hands()[0];
    assert_eq!(acts(h), [(all_in, Flop, 1, Raise, 0, 0, false, true)]);
    assert_eq!(
        notes(h, NoteKind::Info),
        [
            (
                all_in,
                "Alice goes all in on the flop: the dialect does not tell whether that \
                 calls or raises; it is listed as a raise"
            ),
            (
                odd,
                "the server rejects raise 80 (flop): raise not allowed, an action the \
                 capture does not show being sent"
            ),
        ]
    );
}

#[test]
fn gaps_mark_the_hand_and_a_capture_without_the_join_names_nobody() {
    let mut s = Script::new();
    // The capture starts after Join Game Ack.
    let start = s.start(12, 25);
    s.turn(0, 2);
    let gap = s.gap();
    s.turn(0, 1);
    let act = s.act(0, 3, 0);
    s.end();
    let hands = s.hands();
    assert_eq!(hands.len(), 1);
    let h = &hands[0];
    assert_eq!((h.hero, h.small_blind, h.table_size), (None, None, None));
    assert!(h.seats.is_empty() && h.actions.is_empty());
    assert_eq!(h.turns.len(), 2);
    assert_eq!(
        notes(h, NoteKind::Info),
        [
            (
                start,
                "no Join Game Ack in the capture: the players, the client's player id and \
                 the stakes are not known (the client's cards: Ad Ah)"
            ),
            (act, "the client sends call, but its player id is not known"),
        ]
    );
    let incomplete = notes(h, NoteKind::Incomplete);
    assert_eq!(incomplete[0], (start, PARTIAL));
    assert_eq!(
        incomplete[1],
        (
            gap,
            "gap: 8 byte(s) of the s2c direction missing: the hand is incomplete"
        )
    );
}

#[test]
fn unknown_amounts_are_never_summed_into_pots() {
    let mut s = Script::new();
    s.join();
    s.start(0, 1);
    s.turn(0, 1);
    s.act(0, 3, 0);
    s.turn(1, 1);
    s.act(1, 4, 40);
    s.end();
    let mut h = s.hands().remove(0);
    assert!(!h.amounts_known());
    // Even a hand wrongly called complete gets no pots or returned
    // chips from amounts that are not the server's.
    h.complete = true;
    h.settle();
    assert!(h.pots.is_empty() && h.returned.is_empty());
}

#[test]
fn replay_steps_through_turns_and_known_actions_only() {
    let mut s = Script::new();
    s.join();
    s.start(0, 1);
    s.turn(0, 2);
    s.turn(0, 1);
    s.act(0, 3, 0);
    s.turn(1, 2);
    s.turn(1, 1);
    s.act(1, 4, 40);
    s.end();
    let h = &s.hands()[0];
    let states = replay::states(h);
    let events: Vec<&str> = states.iter().map(|t| t.event.as_str()).collect();
    assert_eq!(
        events,
        [
            "hand 0:1 starts: blinds 10/20, Alice's cards 2d 3d",
            "Bob to act",
            "Alice to act",
            "Alice calls (the amount is not in the capture)",
            "flop (the capture does not show the board)",
            "Bob to act",
            "Alice to act",
            "Alice bets 40",
            "the hand ends (the capture shows no winner) [incomplete hand]",
        ]
    );
    // The start holds the start cash; the blinds, posted by players
    // the capture does not name, make every stack unknown.
    assert!(states[0].seats.iter().all(|s| s.stack == Some(2000)));
    assert!(states[1].seats.iter().all(|s| s.stack.is_none()));
    assert_eq!(states[1].to_act, Some(2));
    // The flop: nobody has bet yet; the preflop pot is not known.
    assert!(states[4].seats.iter().all(|s| s.bet == Some(0)));
    assert_eq!(states[4].pot, None);
    // Bob's turn passed unseen; Alice's bet is hers.
    let bets: Vec<_> = states[7].seats.iter().map(|s| s.bet).collect();
    assert_eq!(bets, [Some(40), None, Some(0)]);
}
