//! The builder on server conversations written here packet by packet, as a
//! poker-network server sends them (chip reports after each action, the
//! winners and the final money at the end, no client-made packets). The
//! expected figures are worked out by hand in each test from the rules.

use super::*;
use crate::protocols::pokernetwork::messages::*;

const GAME: u32 = 7;

/// A server talking to the builder.
type Server = crate::analysis::hands::testkit::Server<Builder>;

impl Server {
    fn new() -> Server {
        Server::talking_to(Builder::new(0))
    }

    fn send(&mut self, m: Message) -> u64 {
        let mut r = self.next_record();
        r.protocol = Some(ProtocolId::PokerNetwork);
        let h = self.b.message(&r, &m);
        self.keep(h);
        self.frame
    }

    fn chips(&mut self, serial: u32, bet: u64, money: u64) -> u64 {
        self.send(Message::PacketPokerPlayerChips(PacketPokerPlayerChips {
            serial,
            game_id: GAME,
            bet,
            money,
        }))
    }

    fn start(&mut self, hand: u32, players: &[(u32, u64)]) {
        self.send(Message::PacketPokerTable(Box::new(PacketPokerTable {
            id: GAME,
            seats: 10,
            average_pot: 0,
            hands_per_hour: 0,
            percent_flop: 0,
            players: players.len() as u8,
            observers: 0,
            waiting: 0,
            player_timeout: 60,
            muck_timeout: 5,
            currency_serial: 1,
            name: "Test".into(),
            variant: "holdem".into(),
            betting_structure: "10-20_200-2000_no-limit".into(),
            skin: "default".into(),
            reason: "TableJoin".into(),
            tourney_serial: 0,
        })));
        for &(p, m) in players {
            self.chips(p, 0, m);
        }
        let players: Vec<u32> = players.iter().map(|p| p.0).collect();
        let mut seats = vec![0; 10];
        for &p in &players {
            seats[p as usize - 1] = p;
        }
        self.send(Message::PacketPokerSeats(PacketPokerSeats {
            seats,
            game_id: GAME,
        }));
        self.send(Message::PacketPokerInGame(PacketPokerInGame {
            serial: 0,
            game_id: GAME,
            players,
        }));
        self.send(Message::PacketPokerStart(PacketPokerStart {
            serial: 0,
            game_id: GAME,
            hands_count: 1,
            time: 0,
            hand_serial: hand,
            level: 0,
        }));
    }

    fn state(&mut self, s: &str) {
        self.send(Message::PacketPokerState(PacketPokerState {
            serial: 0,
            game_id: GAME,
            string: s.into(),
        }));
    }

    fn blind(&mut self, serial: u32, amount: u32, dead: u32) {
        self.send(Message::PacketPokerBlind(PacketPokerBlind {
            serial,
            game_id: GAME,
            amount,
            dead,
        }));
    }

    fn raise(&mut self, serial: u32, amount: u32) {
        self.send(Message::PacketPokerRaise(PacketPokerRaise {
            serial,
            game_id: GAME,
            amount,
        }));
    }

    fn call(&mut self, serial: u32) {
        self.send(Message::PacketPokerCall(PacketPokerCall {
            serial,
            game_id: GAME,
        }));
    }

    fn fold(&mut self, serial: u32) {
        self.send(Message::PacketPokerFold(PacketPokerFold {
            serial,
            game_id: GAME,
        }));
    }

    fn win(&mut self, serials: Vec<u32>) -> u64 {
        self.state("end");
        self.send(Message::PacketPokerWin(PacketPokerWin {
            serial: 0,
            game_id: GAME,
            serials,
        }))
    }

    /// Ends the stream and returns every hand.
    fn finish(mut self) -> Vec<Hand> {
        let h = self.b.end();
        self.keep(h);
        self.hands
    }
}

fn wins(v: &[Win]) -> Vec<(u64, u64)> {
    v.iter().map(|w| (w.player, w.amount)).collect()
}

fn moves(h: &Hand) -> Vec<(u64, ActionKind, u64, u64)> {
    (h.actions.iter())
        .map(|a| (a.player, a.kind, a.added, a.total))
        .collect()
}

/// Blinds 10/20 by 1 and 2; 3 raises to 60; 1 re-raises to 200 (amount
/// 200 on a raise-to server: chips moved would have made it 210); 2
/// folds; 3 calls 140. Flop: 1 bets 100, 3 calls. 1 wins the pot of
/// 20 + 200 + 200 + 100 + 100 = 620.
#[test]
fn a_raise_to_server_is_recognised_from_its_chip_reports() {
    let mut s = Server::new();
    s.start(1, &[(1, 1000), (2, 1000), (3, 1000)]);
    s.state("blindAnte");
    s.blind(1, 10, 0);
    s.chips(1, 10, 990);
    s.blind(2, 20, 0);
    s.chips(2, 20, 980);
    s.state("pre-flop");
    s.raise(3, 60);
    s.chips(3, 60, 940);
    s.raise(1, 200);
    let decided = s.chips(1, 200, 800);
    s.fold(2);
    s.call(3);
    s.chips(3, 200, 800);
    s.state("flop");
    s.raise(1, 100);
    s.chips(1, 100, 700);
    s.call(3);
    s.chips(3, 100, 700);
    s.win(vec![1]);
    s.chips(1, 0, 1320);
    s.chips(2, 0, 980);
    s.chips(3, 0, 700);
    let hands = s.finish();
    assert_eq!(hands.len(), 1);
    let h = &hands[0];
    assert!(h.complete, "{:?}", h.notes);
    assert_eq!(h.notes, vec![]);
    use ActionKind::*;
    assert_eq!(
        moves(h),
        vec![
            (1, SmallBlind, 10, 10),
            (2, BigBlind, 20, 20),
            (3, Raise, 60, 60),
            (1, Raise, 190, 200),
            (2, Fold, 0, 20),
            (3, Call, 140, 200),
            (1, Bet, 100, 100),
            (3, Call, 100, 100),
        ]
    );
    assert_eq!(wins(&h.winners), vec![(1, 620)]);
    assert_eq!(h.returned, vec![]);
    assert_eq!(h.total_pot(), 620);
    let reading = h.bet_reading.as_ref().unwrap();
    assert_eq!(reading.raise_amount, RaiseAmount::RaiseTo);
    assert!(
        reading.why.contains(&format!("frame {decided}")),
        "{reading:?}"
    );
}

/// Chips moved: 1 (small blind 10) raises with amount 490, making 500; 2
/// (big blind 20, 300 in all) calls all in for 280 more, 300 in; 1 gets
/// the 200 nobody called back; 2 wins 600.
#[test]
fn an_all_in_call_for_less_and_the_uncalled_chips_returned() {
    let mut s = Server::new();
    s.start(9, &[(1, 1000), (2, 300)]);
    s.blind(1, 10, 0);
    s.chips(1, 10, 990);
    s.blind(2, 20, 0);
    s.chips(2, 20, 280);
    s.state("pre-flop");
    s.raise(1, 490);
    s.chips(1, 500, 500);
    s.call(2);
    s.chips(2, 300, 0);
    s.win(vec![2]);
    s.chips(1, 0, 700);
    s.chips(2, 0, 600);
    let h = &s.finish()[0];
    assert_eq!(h.notes, vec![]);
    assert_eq!(
        h.bet_reading.as_ref().unwrap().raise_amount,
        RaiseAmount::ChipsMoved
    );
    let call = &h.actions[3];
    assert_eq!(
        (call.kind, call.added, call.all_in),
        (ActionKind::Call, 280, true)
    );
    assert_eq!(wins(&h.winners), vec![(2, 600)]);
    assert_eq!(wins(&h.returned), vec![(1, 200)]);
    assert_eq!(
        h.pots,
        vec![Pot {
            amount: 600,
            eligible: vec![1, 2]
        }]
    );
}

/// 3 comes back and posts the big blind 20 and a dead small blind 10 (to
/// the pot, not to the bet); 1 calls 20, 2 (small blind 10) folds; 1 and 3
/// split 10 + 30 + 20 = 60 less a rake of 4: 28 each.
#[test]
fn a_dead_blind_goes_to_the_pot_and_a_raked_split_pot_adds_up() {
    let mut s = Server::new();
    s.start(3, &[(1, 500), (2, 500), (3, 500)]);
    s.blind(2, 10, 0);
    s.chips(2, 10, 490);
    s.blind(3, 20, 10);
    s.chips(3, 20, 470);
    s.state("pre-flop");
    s.call(1);
    s.chips(1, 20, 480);
    s.fold(2);
    s.send(Message::PacketPokerRake(PacketPokerRake {
        value: 4,
        game_id: GAME,
    }));
    s.win(vec![1, 3]);
    s.chips(1, 0, 508);
    s.chips(2, 0, 490);
    s.chips(3, 0, 498);
    let h = &s.finish()[0];
    let texts: Vec<&str> = h.notes.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(texts, vec!["Player 3 posts a dead blind of 10"]);
    assert_eq!((h.small_blind, h.big_blind), (Some(10), Some(20)));
    assert_eq!((h.actions[1].added, h.actions[1].total), (30, 20));
    assert_eq!(
        h.actions[2].added, 20,
        "the call matches the bet, not the dead chips"
    );
    assert_eq!(wins(&h.winners), vec![(1, 28), (3, 28)]);
    assert_eq!(h.rake, Some(4));
    assert_eq!(h.total_pot(), 60);
}

/// The final report gives 2 less money than after his last action, and
/// the report after 1's raise fits neither reading: notes naming the
/// frames; the hand is still there.
#[test]
fn contradicting_chip_reports_are_notes_with_their_frames() {
    let mut s = Server::new();
    s.start(4, &[(1, 1000), (2, 1000)]);
    s.blind(1, 10, 0);
    s.chips(1, 10, 990);
    s.blind(2, 20, 0);
    let after = s.chips(2, 20, 980);
    s.state("pre-flop");
    s.raise(1, 90);
    let odd = s.chips(1, 75, 925);
    s.fold(2);
    s.win(vec![1]);
    s.chips(1, 0, 1020);
    let fin = s.chips(2, 0, 900);
    let h = &s.finish()[0];
    assert!(h.complete);
    let find = |what: &str| {
        (h.notes.iter())
            .find(|n| n.text.contains(what))
            .unwrap_or_else(|| panic!("no note with {what}: {:?}", h.notes))
    };
    let n = find("neither reading");
    assert_eq!(n.frame, odd);
    let n = find("contradict");
    assert!(
        n.text.contains(&format!("frame {after}")) && n.text.contains(&format!("frame {fin}")),
        "{n:?}"
    );
    assert!(h.notes.iter().any(|n| n.kind == NoteKind::Check));
}

/// A stream that ends before the result: the hand is incomplete, says
/// why, and its figures need no result.
#[test]
fn a_hand_cut_by_the_end_of_the_capture_is_incomplete() {
    let mut s = Server::new();
    s.start(5, &[(1, 1000), (2, 1000)]);
    s.blind(1, 10, 0);
    s.blind(2, 20, 0);
    let h = &s.finish()[0];
    assert!(!h.complete);
    let why: Vec<&str> = h.incomplete_reasons().collect();
    assert_eq!(why.len(), 1);
    assert!(why[0].contains("ends before the hand's result"), "{why:?}");
    assert_eq!(h.pot(), 30);
}

/// The server's direction loses bytes after hand 1 (the winner's final
/// report among them, say): hand 2 must not start from the stacks told
/// before the loss. A player the server reports again before hand 2 has a
/// known stack; one it does not is unknown, and the hand is incomplete.
#[test]
fn stacks_known_before_a_loss_are_not_used_after_it() {
    let mut s = Server::new();
    s.start(1, &[(1, 1000), (2, 1000)]);
    s.win(vec![1]);
    s.b.trouble(s.frame, Direction::S2C, "gap".into());
    s.chips(1, 0, 1040);
    s.send(Message::PacketPokerInGame(PacketPokerInGame {
        serial: 0,
        game_id: GAME,
        players: vec![1, 2],
    }));
    s.send(Message::PacketPokerStart(PacketPokerStart {
        serial: 0,
        game_id: GAME,
        hands_count: 2,
        time: 0,
        hand_serial: 2,
        level: 0,
    }));
    let hands = s.finish();
    let h = hands.iter().find(|h| h.number == 2).unwrap();
    assert_eq!(h.seat(1).unwrap().stack, Some(1040));
    assert_eq!(h.seat(2).unwrap().stack, None);
    assert!(!h.complete);
}

mod arbitrary {
    //! Any sequence of server packets, however inconsistent (chips that
    //! contradict the actions, raises before any street, wins without a
    //! hand, hands cut anywhere): the builder never panics, and every hand
    //! it gives can be settled, checked and written in both formats.

    use super::*;
    use crate::output::{hand_text, ohh};
    use proptest::prelude::*;

    fn packet() -> impl Strategy<Value = Message> {
        let p = 1u32..5;
        let chips = 0u64..3000;
        prop_oneof![
            (p.clone(), chips.clone(), chips.clone()).prop_map(|(serial, bet, money)| {
                Message::PacketPokerPlayerChips(PacketPokerPlayerChips {
                    serial,
                    game_id: GAME,
                    bet,
                    money,
                })
            }),
            proptest::collection::vec(1u32..5, 0..5).prop_map(|players| {
                Message::PacketPokerInGame(PacketPokerInGame {
                    serial: 0,
                    game_id: GAME,
                    players,
                })
            }),
            (1u32..4).prop_map(|hand_serial| Message::PacketPokerStart(PacketPokerStart {
                serial: 0,
                game_id: GAME,
                hands_count: 0,
                time: 0,
                hand_serial,
                level: 0,
            })),
            prop::sample::select(vec![
                "blindAnte",
                "pre-flop",
                "flop",
                "turn",
                "river",
                "end"
            ])
            .prop_map(|s| Message::PacketPokerState(PacketPokerState {
                serial: 0,
                game_id: GAME,
                string: s.into(),
            })),
            (p.clone(), 0u32..100, 0u32..50).prop_map(|(serial, amount, dead)| {
                Message::PacketPokerBlind(PacketPokerBlind {
                    serial,
                    game_id: GAME,
                    amount,
                    dead,
                })
            }),
            (p.clone(), 0u32..20).prop_map(|(serial, amount)| Message::PacketPokerAnte(
                PacketPokerAnte {
                    serial,
                    game_id: GAME,
                    amount,
                }
            )),
            (p.clone(), 0u32..4000).prop_map(|(serial, amount)| Message::PacketPokerRaise(
                PacketPokerRaise {
                    serial,
                    game_id: GAME,
                    amount,
                }
            )),
            p.clone()
                .prop_map(|serial| Message::PacketPokerCall(PacketPokerCall {
                    serial,
                    game_id: GAME,
                })),
            p.clone()
                .prop_map(|serial| Message::PacketPokerFold(PacketPokerFold {
                    serial,
                    game_id: GAME,
                })),
            p.clone()
                .prop_map(|serial| Message::PacketPokerCheck(PacketPokerCheck {
                    serial,
                    game_id: GAME,
                })),
            proptest::collection::vec(1u32..5, 0..3).prop_map(|serials| {
                Message::PacketPokerWin(PacketPokerWin {
                    serial: 0,
                    game_id: GAME,
                    serials,
                })
            }),
            (0u32..200).prop_map(|value| Message::PacketPokerRake(PacketPokerRake {
                value,
                game_id: GAME,
            })),
            (p.clone(), 0u32..500).prop_map(|(serial, chips)| {
                Message::PacketPokerChipsPlayer2Bet(PacketPokerChipsPlayer2Bet {
                    serial,
                    game_id: GAME,
                    chips,
                })
            }),
            (p, 0u32..100).prop_map(|(serial, amount)| Message::PacketPokerCanceled(
                PacketPokerCanceled {
                    serial,
                    game_id: GAME,
                    amount,
                }
            )),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn any_packets_give_hands_that_settle_and_print(
            packets in proptest::collection::vec(packet(), 0..80),
            troubles in proptest::collection::vec(0usize..80, 0..3),
        ) {
            let mut s = Server::new();
            for (i, m) in packets.into_iter().enumerate() {
                if troubles.contains(&i) {
                    s.b.trouble(s.frame, Direction::S2C, "gap".into());
                }
                s.send(m);
            }
            for h in s.finish() {
                let _ = h.pot_wins();
                let _ = h.pot();
                let text = hand_text::write(&h);
                prop_assert!(text.starts_with("PokerStars Hand #"));
                let v = ohh::hand(&h);
                prop_assert!(v["ohh"]["game_number"].is_string());
            }
        }
    }
}

impl Server {
    /// Chips Pot2Player, as a server that explains the hand sends it.
    fn pay(&mut self, serial: u32, chips: u32, pot: i16, reason: &str) -> u64 {
        self.send(Message::PacketPokerChipsPot2Player(Box::new(
            PacketPokerChipsPot2Player {
                serial,
                game_id: GAME,
                chips,
                pot,
                reason: reason.into(),
            },
        )))
    }

    fn rake(&mut self, value: u32) {
        self.send(Message::PacketPokerRake(PacketPokerRake {
            value,
            game_id: GAME,
        }));
    }
}

/// Blinds 10/20 by 1 and 2; 3 raises to 60, 1 and 2 call (180). Flop: 3
/// bets 200, 1 folds, 2 calls (580). Turn: 3 bets 400, 2 folds. An
/// explaining server pays 3 the whole pot of 980 with one Chips Pot2Player
/// (pokerengine's fold-win: no uncalled frame): 400 of it is the bet
/// nobody called, given back; 3 wins 580. With a rake of 29 (5% of 580)
/// the packet is the same (the pot before the rake), 3 wins 551.
#[test]
fn a_fold_win_paid_as_one_pot_gives_the_uncalled_bet_back() {
    for rake in [0, 29] {
        let mut s = Server::new();
        s.start(4, &[(1, 1000), (2, 1000), (3, 1000)]);
        s.state("blindAnte");
        s.blind(1, 10, 0);
        s.chips(1, 10, 990);
        s.blind(2, 20, 0);
        s.chips(2, 20, 980);
        s.state("pre-flop");
        s.raise(3, 60);
        s.chips(3, 60, 940);
        s.call(1);
        s.chips(1, 60, 940);
        s.call(2);
        s.chips(2, 60, 940);
        s.state("flop");
        s.raise(3, 200);
        s.chips(3, 200, 740);
        s.fold(1);
        s.call(2);
        s.chips(2, 200, 740);
        s.state("turn");
        s.raise(3, 400);
        s.chips(3, 400, 340);
        s.fold(2);
        if rake > 0 {
            s.rake(rake);
        }
        s.win(vec![3]);
        let paid = s.pay(3, 980, 0, "win");
        s.chips(1, 0, 940);
        s.chips(2, 0, 740);
        s.chips(3, 0, 340 + 980 - u64::from(rake));
        let h = &s.finish()[0];
        assert!(h.complete, "{:?}", h.notes);
        assert_eq!(h.notes, vec![], "rake {rake}");
        assert_eq!(wins(&h.winners), vec![(3, 580 - u64::from(rake))]);
        assert_eq!(
            h.returned,
            vec![Win {
                frame: paid,
                player: 3,
                amount: 400,
                pot: None
            }]
        );
        assert_eq!(h.pot(), 580);
    }
}

/// The checks still see an explaining server at odds with itself: 3
/// raises to 100, both blinds fold; the server pays him the whole pot of
/// 130 (80 uncalled, 50 won), then reports 50 chips more than that.
#[test]
fn a_paid_fold_win_whose_final_report_disagrees_is_flagged() {
    let mut s = Server::new();
    s.start(5, &[(1, 1000), (2, 1000), (3, 1000)]);
    s.state("blindAnte");
    s.blind(1, 10, 0);
    s.chips(1, 10, 990);
    s.blind(2, 20, 0);
    s.chips(2, 20, 980);
    s.state("pre-flop");
    s.raise(3, 100);
    s.chips(3, 100, 900);
    s.fold(1);
    s.fold(2);
    s.win(vec![3]);
    s.pay(3, 130, 0, "win");
    s.chips(1, 0, 990);
    s.chips(2, 0, 980);
    s.chips(3, 0, 1080);
    let h = &s.finish()[0];
    assert_eq!(wins(&h.winners), vec![(3, 50)]);
    assert_eq!(wins(&h.returned), vec![(3, 80)]);
    let flagged: Vec<&Note> = (h.notes.iter())
        .filter(|n| n.kind == NoteKind::Check)
        .collect();
    assert!(
        (flagged.iter()).any(|n| n.text.contains("reports 1080") && n.text.contains("gives 1030")),
        "{:?}",
        h.notes
    );
}

/// A split pot's odd chip (pokerengine's `left_over`, paid on its own)
/// joins its winner's share of that pot: 1 posts 5 and folds, 3 raises to
/// 45, 2 calls; 2 and 3 share 95, 2 gets the odd chip.
#[test]
fn a_split_pots_odd_chip_joins_its_winners_share() {
    let mut s = Server::new();
    s.start(6, &[(1, 1000), (2, 1000), (3, 1000)]);
    s.state("blindAnte");
    s.blind(1, 5, 0);
    s.chips(1, 5, 995);
    s.blind(2, 20, 0);
    s.chips(2, 20, 980);
    s.state("pre-flop");
    s.raise(3, 45);
    s.chips(3, 45, 955);
    s.fold(1);
    s.call(2);
    s.chips(2, 45, 955);
    s.win(vec![2, 3]);
    s.pay(2, 1, 0, "left_over");
    s.pay(2, 47, 0, "win");
    s.pay(3, 47, 0, "win");
    s.chips(1, 0, 995);
    s.chips(2, 0, 1003);
    s.chips(3, 0, 1002);
    let h = &s.finish()[0];
    assert_eq!(h.notes, vec![]);
    assert_eq!(wins(&h.winners), vec![(2, 48), (3, 47)]);
    assert_eq!(h.returned, vec![]);
}
