//! The hand in play on a poker-network stream: the actions as they come,
//! the server's chip reports after them (which decide how raise amounts
//! read, [`super::bets`], and win over what the rules give), the cards,
//! the board and the end. [`super::Builder`] opens and closes it.

use super::bets::{RaiseSeen, Reading, Verdict};
use crate::analysis::hands::model::*;
use crate::analysis::hands::HashMap;
use crate::protocols::cards::Card;
use crate::protocols::pokernetwork::{Cards, Message};

/// A hand being built: the hand in play on a poker-network stream.
pub(super) struct Open {
    pub(super) hand: Hand,
    /// The street, `None` until a state change tells it in a hand whose
    /// start the capture does not show.
    pub(super) street: Option<Street>,
    /// The capture does not show the hand's start.
    pub(super) unseen_start: bool,
    /// Actions left out because their street was not known.
    pub(super) unplaced: usize,
    /// Street totals by player.
    pub(super) bets: HashMap<u64, u64>,
    /// Money left by player, and the frame that told it.
    pub(super) money: HashMap<u64, (u64, u64)>,
    pub(super) highest: u64,
    pub(super) expected: Option<u64>,
    /// The action waiting for the client packet of the chips it moves.
    pub(super) pending: Option<usize>,
    /// The raise waiting for the server's chip report.
    pub(super) raise: Option<RaiseSeen>,
    /// Money after the hand by player, and the frame of the report.
    pub(super) finals: HashMap<u64, (u64, u64)>,
    /// Packet Poker Win's serials and frame.
    pub(super) winners: Vec<u64>,
    pub(super) win_frame: u64,
    /// The client packets of what each winner receives were seen.
    pub(super) paid: bool,
    pub(super) ended: bool,
    /// Seats and names the stream told before the hand, for players seen
    /// in a hand whose start the capture does not show.
    pub(super) known: HashMap<u64, (Option<u32>, Option<String>)>,
}

impl Open {
    /// A hand just started, preflop: the players' money as the stream
    /// last told it.
    pub(super) fn new(hand: Hand, money: HashMap<u64, (u64, u64)>) -> Open {
        let win_frame = hand.first_frame;
        Open {
            hand,
            street: Some(Street::Preflop),
            unseen_start: false,
            unplaced: 0,
            bets: HashMap::default(),
            money,
            highest: 0,
            expected: None,
            pending: None,
            raise: None,
            finals: HashMap::default(),
            winners: Vec::new(),
            win_frame,
            paid: false,
            ended: false,
            known: HashMap::default(),
        }
    }
}

/// Two known cards, or none.
fn two(c: &Cards) -> Option<[Card; 2]> {
    match c.0.as_slice() {
        [a, b] => Some([a.card()?, b.card()?]),
        _ => None,
    }
}

impl Open {
    /// Seats `player`, seen in a hand whose start the capture does not
    /// show: seat and name as far as the stream told them, stack unknown.
    pub(super) fn seat_unseen(&mut self, player: u64) {
        let (seat, name) = self.known.get(&player).cloned().unwrap_or((None, None));
        let seat = seat.unwrap_or_else(|| {
            let next = self.hand.next_seat();
            self.hand.note(
                self.hand.last_frame,
                format!("seat of player {player} not known: numbered {next}"),
            );
            next
        });
        self.hand.seats.push(Seat::new(seat, player, name));
        self.hand.seats.sort_by_key(|s| s.seat);
    }

    /// `player`'s street total.
    fn mine(&self, player: u64) -> u64 {
        self.bets.get(&player).copied().unwrap_or(0)
    }

    /// `player`'s money left, when known.
    fn left(&self, player: u64) -> Option<u64> {
        self.money.get(&player).map(|m| m.0)
    }

    /// Records an action putting `added` chips in, `to_bet` of them into
    /// the player's street bet.
    pub(super) fn act(
        &mut self,
        frame: u64,
        player: u64,
        kind: ActionKind,
        added: u64,
        to_bet: u64,
    ) {
        let Some(street) = self.street else {
            self.unplaced += 1;
            return;
        };
        if self.hand.seat(player).is_none() {
            if self.unseen_start {
                self.seat_unseen(player);
            } else {
                self.hand
                    .note(frame, format!("player {player} acts but is not dealt in"));
            }
        }
        let before = self.mine(player);
        let forced = matches!(
            kind,
            ActionKind::SmallBlind | ActionKind::BigBlind | ActionKind::Ante
        );
        let expected = if forced { None } else { self.expected.take() };
        let left = self.left(player).map(|m| m.saturating_sub(added));
        if let (Some(l), true) = (left, added > 0) {
            self.money.insert(player, (l, frame));
        }
        self.hand.actions.push(Action {
            frame,
            street,
            player,
            kind,
            added,
            total: before + to_bet,
            all_in: left == Some(0) && added > 0,
            reported_stack: None,
            reported_at: None,
            expected,
            amount_known: true,
        });
        self.bets.insert(player, before + to_bet);
        self.highest = self.highest.max(before + to_bet);
        self.pending = (added > 0 || forced).then_some(self.hand.actions.len() - 1);
    }

    /// The server's chip report for `player` during the hand: `bet` on the
    /// street, `money` left.
    pub(super) fn report(
        &mut self,
        reading: &mut Reading,
        frame: u64,
        player: u64,
        bet: u64,
        money: u64,
    ) {
        if let Some(r) = self
            .raise
            .take_if(|r| self.hand.actions[r.action].player == player)
        {
            let name = self.hand.name(player);
            match reading.report(&r, bet, frame) {
                Verdict::Agrees | Verdict::Decided => {}
                Verdict::Contradicts { decided_at } => self.hand.flag(
                    frame,
                    format!(
                        "chip reports contradict each other: the report at frame {decided_at} \
                         decided how the stream's raise amounts read, the report at frame {frame} \
                         after {name}'s raise (frame {}) reads them the other way",
                        r.frame
                    ),
                ),
                Verdict::Neither => self.hand.flag(
                    frame,
                    format!(
                        "the server reports a bet of {bet} for {name} (frame {frame}) after a \
                         raise of amount {} with {} already in (frame {}): neither reading of \
                         the amount gives it",
                        r.amount, r.before, r.frame
                    ),
                ),
            }
            // The server's report is the authority on what the raise moved.
            let a = &mut self.hand.actions[r.action];
            if bet >= r.before && bet != a.total {
                let was = a.added;
                a.total = bet;
                a.added = bet - r.before;
                self.bets.insert(player, bet);
                self.highest = self.bets.values().copied().max().unwrap_or(0);
                if let Some(m) = self.money.get_mut(&player) {
                    m.0 = (m.0 + was).saturating_sub(a.added);
                }
            }
        }
        if self.unseen_start {
            // What was bet before the capture is not known: the server's
            // street total says what a call moved.
            let last = self
                .hand
                .actions
                .iter_mut()
                .rev()
                .find(|a| a.player == player);
            if let Some(a) = last.filter(|a| a.kind == ActionKind::Call && a.total != bet) {
                let before = a.total - a.added;
                if bet >= before {
                    a.total = bet;
                    a.added = bet - before;
                    self.bets.insert(player, bet);
                    self.highest = self.highest.max(bet);
                }
            }
        }
        if let Some(a) = self
            .hand
            .actions
            .iter_mut()
            .rev()
            .find(|a| a.player == player)
        {
            a.reported_stack = Some(money);
            a.reported_at = Some(frame);
            a.all_in = money == 0 && a.kind != ActionKind::Fold && a.added > 0;
        }
        self.money.insert(player, (money, frame));
    }

    /// A message of the hand in play (not a chip report).
    pub(super) fn in_hand(&mut self, reading: RaiseAmount, frame: u64, m: &Message) {
        match m {
            Message::PacketPokerState(s) => {
                let street = match s.string.as_str() {
                    "pre-flop" | "blindAnte" => Street::Preflop,
                    "flop" => Street::Flop,
                    "turn" => Street::Turn,
                    "river" => Street::River,
                    _ => return,
                };
                if self.street.is_none() && self.unplaced > 0 {
                    self.hand.note(
                        frame,
                        format!(
                            "{} action(s) before this state change left out: the capture does \
                             not tell their street",
                            self.unplaced
                        ),
                    );
                }
                if self.street != Some(street) {
                    self.street = Some(street);
                    self.bets.clear();
                    self.highest = 0;
                }
            }
            Message::PacketPokerPosition(p) => {
                self.expected = Some(u64::from(p.serial));
                self.hand.prompts.push(Turn {
                    frame,
                    street: self.street.unwrap_or(Street::Preflop),
                    player: u64::from(p.serial),
                });
            }
            Message::PacketPokerBlind(b) => {
                let (amount, dead) = (u64::from(b.amount), u64::from(b.dead));
                if dead > 0 {
                    let name = self.hand.name(u64::from(b.serial));
                    self.hand
                        .note(frame, format!("{name} posts a dead blind of {dead}"));
                }
                self.act(
                    frame,
                    b.serial.into(),
                    ActionKind::BigBlind,
                    amount + dead,
                    amount,
                )
            }
            Message::PacketPokerAnte(a) => {
                self.hand.ante = Some(u64::from(a.amount));
                self.act(frame, a.serial.into(), ActionKind::Ante, a.amount.into(), 0)
            }
            Message::PacketPokerFold(f) => self.act(frame, f.serial.into(), ActionKind::Fold, 0, 0),
            Message::PacketPokerCheck(c) => {
                self.act(frame, c.serial.into(), ActionKind::Check, 0, 0)
            }
            Message::PacketPokerCall(c) => {
                let p = u64::from(c.serial);
                let mut owe = self.highest.saturating_sub(self.mine(p));
                if let Some(left) = self.left(p) {
                    owe = owe.min(left);
                }
                self.act(frame, p, ActionKind::Call, owe, owe)
            }
            Message::PacketPokerRaise(r) => {
                let p = u64::from(r.serial);
                let kind = if self.highest == 0 {
                    ActionKind::Bet
                } else {
                    ActionKind::Raise
                };
                let seen = RaiseSeen {
                    action: self.hand.actions.len(),
                    before: self.mine(p),
                    amount: u64::from(r.amount),
                    frame,
                };
                let mut added = seen.total(reading).saturating_sub(seen.before);
                if let Some(left) = self.left(p) {
                    added = added.min(left);
                }
                self.act(frame, p, kind, added, added);
                if self.hand.actions.len() > seen.action {
                    // Not left out for want of a street: await its report.
                    self.raise = Some(seen);
                }
            }
            Message::PacketPokerChipsPlayer2Bet(c) => self.chips_to_bet(frame, c.serial, c.chips),
            Message::PacketPokerPlayerCards(c) => self.cards(frame, c.serial.into(), &c.cards),
            Message::PacketPokerBoardCards(b) => {
                let known: Vec<Card> = b.cards.0.iter().filter_map(|c| c.card()).collect();
                if known.len() != b.cards.0.len() {
                    self.hand.note(frame, "board cards not all known");
                }
                let street = Street::from_board_len(known.len());
                if known.len() > self.hand.board.len() && street > Street::Preflop {
                    self.hand.deals.push(Deal { frame, street });
                }
                self.hand.board = known;
            }
            Message::PacketPokerRake(r) => self.hand.rake = Some(u64::from(r.value)),
            Message::PacketPokerWin(w) => {
                self.ended = true;
                self.winners = w.serials.iter().map(|&s| u64::from(s)).collect();
                self.win_frame = frame;
            }
            Message::PacketPokerCanceled(c) => {
                self.ended = true;
                let name = self.hand.name(c.serial.into());
                self.hand.note(
                    frame,
                    format!("the hand is canceled: only {name} paid a blind"),
                );
            }
            Message::PacketPokerChipsPot2Player(c) => {
                self.ended = true;
                self.paid = true;
                let w = Win {
                    frame,
                    player: u64::from(c.serial),
                    amount: u64::from(c.chips),
                    pot: (c.pot >= 0).then_some(c.pot as usize),
                };
                let to = if c.reason.contains("uncalled") {
                    &mut self.hand.returned
                } else {
                    &mut self.hand.winners
                };
                // One amount per player and pot: a split pot's odd chip
                // (pokerengine's `left_over`) joins its winner's share.
                match to
                    .iter_mut()
                    .find(|x| x.player == w.player && x.pot == w.pot)
                {
                    Some(x) => x.amount += w.amount,
                    None => to.push(w),
                }
            }
            Message::PacketPokerChipsBet2player(c) => self.hand.returned.push(Win {
                frame,
                player: u64::from(c.serial),
                amount: u64::from(c.chips),
                pot: None,
            }),
            _ => {}
        }
    }

    /// Chips Player2Bet (a client packet): the chips the last action moved.
    fn chips_to_bet(&mut self, frame: u64, serial: u32, chips: u32) {
        let p = u64::from(serial);
        match (self.pending.take()).filter(|&i| self.hand.actions[i].player == p) {
            Some(i) => {
                let a = &mut self.hand.actions[i];
                let before = a.total - a.added.min(a.total);
                let was = a.added;
                a.added = u64::from(chips);
                a.total = before + a.added;
                let total = a.total;
                self.bets.insert(p, total);
                self.highest = self.bets.values().copied().max().unwrap_or(0);
                if let Some(m) = self.money.get_mut(&p) {
                    m.0 = (m.0 + was).saturating_sub(u64::from(chips));
                }
            }
            None if self.street.is_none() => {} // its action was left out
            None => {
                let name = self.hand.name(p);
                self.hand.note(
                    frame,
                    format!("{chips} chips of {name} move to the bet with no action"),
                )
            }
        }
    }

    /// Player Cards: the hero's hole cards, or cards shown.
    fn cards(&mut self, frame: u64, p: u64, c: &Cards) {
        let Some(cards) = two(c) else { return };
        if let Some(s) = self.hand.seat_mut(p) {
            s.cards = Some(cards);
        }
        let public = self.hand.hero != Some(p)
            || self.ended
            || self.hand.board.len() == 5
            || self.hand.folded(p);
        if public && !self.hand.shown.iter().any(|s| s.player == p) {
            self.hand.shown.push(Shown {
                frame,
                player: p,
                cards,
                made: None,
            });
        }
    }
}
