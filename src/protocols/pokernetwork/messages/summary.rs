//! One-line summaries: what a person following a table reads for each
//! packet (seats, arrivals, blinds, cards, actions, chips, pots, winners,
//! chat), the game's events in the words every poker dialect shares
//! ([`crate::protocols::poker_words`]), players named as the stream told
//! them ([`Names`]); other packets get their class and main ids.

use super::*;
use crate::protocols::names::{self, Names};
use crate::protocols::poker_words::{self as words, Act, Action, Amount, Pot};

/// The occupied seats: `[seat 0 bob (2002), seat 5 3003]`.
fn seats(list: &[u32], names: &Names) -> String {
    let taken: Vec<(usize, u32)> = (list.iter().enumerate())
        .filter(|(_, &s)| s != 0)
        .map(|(i, &s)| (i, s))
        .collect();
    if taken.is_empty() {
        "all empty".to_owned()
    } else {
        words::list(
            (taken.into_iter()).map(|(i, s)| format!("seat {i} {}", names.who(s).in_list())),
        )
    }
}

/// Cards as `[Kd 7s]`, and which of them were dealt face down:
/// `[Kd 7s] (7s face down)`.
fn shown(cards: &Cards) -> String {
    let mut s = words::cards(&cards.0);
    let down: Vec<String> = (cards.0.iter())
        .filter(|c| matches!(c, PnCard::Down(_)))
        .map(ToString::to_string)
        .collect();
    if !down.is_empty() {
        s.push_str(&format!(" ({} face down)", down.join(" ")));
    }
    s
}

/// A raise's or a bet's `amount`: its meaning depends on the engine's
/// release (PROTOCOL-NOTES.md, "Bet amounts"), so it is said as it is.
fn open(amount: u32) -> Amount {
    Amount::Open(u64::from(amount))
}

/// What a player does, without a stack or a round (the packets say
/// neither).
fn action(names: &Names, serial: u32, act: Act, amount: Amount) -> String {
    Action {
        who: names.who(serial),
        act,
        amount,
        stack: None,
        street: None,
    }
    .to_string()
}

impl Message {
    /// Learns the names the packet tells: `PacketPokerPlayerArrive`,
    /// `PacketPokerPlayerInfo`, `PacketPokerUserInfo`, the client's own from
    /// `PacketLogin` and the serial `PacketSerial` gives, and those of the
    /// packets a `PacketList` carries.
    pub fn learn_names(&self, names: &mut Names) {
        match self {
            Message::PacketPokerPlayerArrive(p) => names.tell(p.serial, &p.name),
            Message::PacketPokerPlayerInfo(p) => names.tell(p.serial, &p.name),
            Message::PacketPokerUserInfo(p) => names.tell(p.serial, &p.name),
            Message::PacketLogin(p) => names.my_name(&p.name),
            Message::PacketSerial(p) => names.my_id(p.serial),
            Message::PacketList(p) => {
                for r in &p.packets {
                    r.fields.learn_names(names);
                }
            }
            _ => {}
        }
    }
}

/// A seat ("-1 encoded as 255").
fn seat(s: i16) -> String {
    if s < 0 {
        "no seat".to_owned()
    } else {
        format!("seat {s}")
    }
}

/// A pot index ("-1 encoded as 255"): pot 0 is the main pot, the side
/// pots are numbered from 1 as they are made.
fn pot(p: i16) -> Pot {
    u32::try_from(p).map_or(Pot::Whole, Pot::Index)
}

/// A pot for people: `the main pot`, `side pot 2`, `the pot`.
fn pot_name(p: i16) -> String {
    pot(p).to_string().trim_start_matches(" from ").to_owned()
}

impl Message {
    /// The one-line summary of the message, players by serial only.
    pub fn summary(&self) -> String {
        self.summary_with(&crate::protocols::names::NONE)
    }

    /// The one-line summary of the message, players named as `names` knows
    /// them.
    pub fn summary_with(&self, names: &Names) -> String {
        use Message as M;
        let who = |serial: u32| names.who(serial);
        match self {
            M::Handshake(h) => format!(
                "handshake CGI {:03}.{}{:02} (protocol {})",
                h.major, h.minor, h.micro, h.version
            ),
            M::Unknown(u) => format!(
                "unknown packet type {}, {} bytes",
                u.type_id,
                u.raw.len() / 2
            ),
            M::PacketLogin(p) => format!("login as {}", p.name),
            M::PacketAuth(_) => "login with an auth token".to_owned(),
            M::PacketAuthOk(_) => "authentication accepted".to_owned(),
            M::PacketAuthRefused(p) => {
                format!("authentication refused ({}): {}", p.code, p.message)
            }
            M::PacketSerial(p) => format!("logged in as {}", who(p.serial)),
            M::PacketError(p) => format!(
                "error {} on packet type {}: {}",
                p.code, p.other_type, p.message
            ),
            M::PacketProtocolError(p) => format!("protocol error {}: {}", p.code, p.message),
            M::PacketPokerError(p) => format!(
                "game {}: error {} on packet type {}: {}",
                p.game_id, p.code, p.other_type, p.message
            ),
            M::PacketList(p) => format!("list of {} packets", p.packets.len()),
            M::PacketPokerTableList(p) => format!(
                "{} tables ({} players, {} tables in all)",
                p.packets.len(),
                p.players,
                p.tables
            ),
            M::PacketPokerTourneyList(p) => format!("{} tourneys", p.packets.len()),
            M::PacketPokerTable(p) => format!(
                "table {} \"{}\": {} {}, {}/{} players",
                p.id, p.name, p.variant, p.betting_structure, p.players, p.seats
            ),
            M::PacketPokerTableJoin(p) => format!("{} joins game {}", who(p.serial), p.game_id),
            M::PacketPokerTableQuit(p) => format!("{} quits game {}", who(p.serial), p.game_id),
            M::PacketPokerSeats(p) => {
                format!("game {} seats: {}", p.game_id, seats(&p.seats, names))
            }
            M::PacketPokerSeat(p) => format!(
                "{} takes {} in game {}",
                who(p.serial),
                seat(p.seat),
                p.game_id
            ),
            M::PacketPokerPlayerArrive(p) => format!(
                "{} arrives at {} in game {}",
                names::named(p.serial, &p.name),
                p.seat.map_or("no seat".to_owned(), |s| format!("seat {s}")),
                p.game_id
            ),
            M::PacketPokerPlayerLeave(p) => format!(
                "{} leaves {} in game {}",
                who(p.serial),
                seat(p.seat),
                p.game_id
            ),
            M::PacketPokerBuyIn(p) => format!("{} buys in for {}", who(p.serial), p.amount),
            M::PacketPokerRebuy(p) => format!("{} rebuys for {}", who(p.serial), p.amount),
            M::PacketPokerSit(p) => format!("{} sits in", who(p.serial)),
            M::PacketPokerSitOut(p) => format!("{} sits out", who(p.serial)),
            M::PacketPokerInGame(p) => format!(
                "game {}: players in the hand: {}",
                p.game_id,
                words::players(names, p.players.iter().copied())
            ),
            M::PacketPokerStart(p) => {
                let mut details = vec![
                    format!("game {}", p.game_id),
                    format!("hand #{} of the table", p.hands_count),
                ];
                if p.level > 0 {
                    details.push(format!("level {}", p.level));
                }
                words::hand_starts(Some(u64::from(p.hand_serial)), &details)
            }
            M::PacketPokerDealer(p) => format!(
                "game {}: button at {} (was {})",
                p.game_id,
                seat(p.dealer),
                seat(p.previous_dealer)
            ),
            M::PacketPokerState(p) => format!("game {}: state {}", p.game_id, p.string),
            M::PacketPokerPosition(p) => format!(
                "{} (position {})",
                words::to_act(who(p.serial), None),
                p.position
            ),
            M::PacketPokerSelfInPosition(p) => {
                format!("game {}: you are in position {}", p.game_id, p.position)
            }
            M::PacketPokerSelfLostPosition(p) => {
                format!("game {}: you lost position {}", p.game_id, p.position)
            }
            M::PacketPokerBlindRequest(p) => {
                let mut s = format!(
                    "{} must post the {} blind {}",
                    who(p.serial),
                    p.state,
                    p.amount
                );
                if p.dead > 0 {
                    s.push_str(&format!(" and {} dead", p.dead));
                }
                s
            }
            M::PacketPokerAnteRequest(p) => {
                format!("{} must post the ante {}", who(p.serial), p.amount)
            }
            // What the player pays for the blind (and the dead).
            M::PacketPokerBlind(p) => {
                let mut s = action(
                    names,
                    p.serial,
                    Act::Blind,
                    Amount::Adds(u64::from(p.amount)),
                );
                if p.dead > 0 {
                    s.push_str(&format!(" and {} dead", p.dead));
                }
                s
            }
            M::PacketPokerAnte(p) => action(
                names,
                p.serial,
                Act::Ante,
                Amount::Adds(u64::from(p.amount)),
            ),
            M::PacketPokerWaitBigBlind(p) => format!("{} waits for the big blind", who(p.serial)),
            M::PacketPokerDealCards(p) => format!(
                "deals {} cards each to {}",
                p.number_of_cards,
                words::players(names, p.serials.iter().copied())
            ),
            M::PacketPokerPlayerCards(p) => format!("{} holds {}", who(p.serial), shown(&p.cards)),
            M::PacketPokerCards(p) => format!("{} holds {}", who(p.serial), shown(&p.cards)),
            M::PacketPokerBoardCards(p) => words::dealt("board", shown(&p.cards)),
            M::PacketPokerBestCards(p) => format!(
                "{}'s best hand ({}): {} {}",
                who(p.serial),
                p.side,
                p.hand,
                words::cards(&p.bestcards.0)
            ),
            M::PacketPokerPlayerHandStrength(p) => format!("{} holds {}", who(p.serial), p.hand),
            M::PacketPokerFold(p) => action(names, p.serial, Act::Fold, Amount::Unsaid),
            M::PacketPokerCheck(p) => action(names, p.serial, Act::Check, Amount::Unsaid),
            // A call carries no amount: the caller moves what he lacks.
            M::PacketPokerCall(p) => action(names, p.serial, Act::Call, Amount::Unsaid),
            M::PacketPokerRaise(p) => action(names, p.serial, Act::Raise, open(p.amount)),
            M::PacketPokerBet(p) => action(names, p.serial, Act::Bet, open(p.amount)),
            M::PacketPokerTimeoutWarning(p) => {
                format!("{} must act within {} s", who(p.serial), p.timeout)
            }
            M::PacketPokerTimeoutNotice(p) => format!("{} timed out", who(p.serial)),
            M::PacketPokerBetLimit(p) => format!(
                "{}: call {}, raise {}..{} step {}, all in {}, pot {}",
                who(p.serial),
                p.call,
                p.min,
                p.max,
                p.step,
                p.allin,
                p.pot
            ),
            // The bet where it stands now, and the money behind it.
            M::PacketPokerPlayerChips(p) => {
                format!("{}: bet now {}, stack {}", who(p.serial), p.bet, p.money)
            }
            M::PacketPokerClientPlayerChips(p) => {
                format!("{}: bet now {}, stack {}", who(p.serial), p.bet, p.money)
            }
            M::PacketPokerChips(p) => format!("{}: bet now {}", who(p.serial), p.bet),
            M::PacketPokerPotChips(p) => format!(
                "game {}: {} holds {}",
                p.game_id,
                pot_name(i16::from(p.index)),
                p.bet
            ),
            M::PacketPokerChipsPlayer2Bet(p) => {
                format!(
                    "{} moves {} from the stack to the bet",
                    who(p.serial),
                    p.chips
                )
            }
            M::PacketPokerChipsBet2Pot(p) => format!(
                "{}'s bet {} goes to {}",
                who(p.serial),
                p.chips,
                pot_name(p.pot)
            ),
            M::PacketPokerChipsPot2Player(p) => {
                let chips = u64::from(p.chips);
                match p.reason.as_str() {
                    "win" => words::wins(who(p.serial), chips, pot(p.pot), None, None),
                    "uncalled" => format!(
                        "{} takes back {chips} uncalled{}",
                        who(p.serial),
                        pot(p.pot)
                    ),
                    "left-over" => format!(
                        "{} gets the odd chips, {chips}{}",
                        who(p.serial),
                        pot(p.pot)
                    ),
                    other => format!("{} gets {chips}{} ({other})", who(p.serial), pot(p.pot)),
                }
            }
            M::PacketPokerChipsBet2player(p) => {
                format!("{} takes back a bet of {}", who(p.serial), p.chips)
            }
            M::PacketPokerChipsPotMerge(p) => format!(
                "pots {} merge into {}",
                words::list(&p.sources),
                pot_name(i16::from(p.destination))
            ),
            M::PacketPokerChipsPotReset(p) => format!("game {}: pots reset", p.game_id),
            M::PacketPokerBeginRound(p) => format!("game {}: betting round begins", p.game_id),
            M::PacketPokerEndRound(p) => format!("game {}: betting round ends", p.game_id),
            M::PacketPokerEndRoundLast(p) => format!("game {}: last betting round ends", p.game_id),
            M::PacketPokerCanceled(p) => format!(
                "game {}: hand canceled, {} back to {}",
                p.game_id,
                p.amount,
                who(p.serial)
            ),
            // Who won the hand; the amounts follow in
            // PacketPokerChipsPot2Player.
            M::PacketPokerWin(p) => format!(
                "game {}: won by {}",
                p.game_id,
                words::players(names, p.serials.iter().copied())
            ),
            M::PacketPokerPlayerWin(p) => format!("{} wins", who(p.serial)),
            M::PacketPokerShowdown(p) => format!("game {}: showdown", p.game_id),
            M::PacketPokerAllinShowdown(p) => {
                format!("game {}: all in, straight to showdown", p.game_id)
            }
            M::PacketPokerMuckRequest(p) => format!(
                "game {}: may muck: {}",
                p.game_id,
                words::players(names, p.muckable_serials.iter().copied())
            ),
            M::PacketPokerChat(p) => format!("chat from {}: {}", who(p.serial), p.message),
            M::PacketPokerMessage(p) => format!("message: {}", p.string),
            M::PacketPokerGameMessage(p) => format!("game {}: {}", p.game_id, p.string),
            M::PacketMessage(p) => format!("message: {}", p.string),
            M::PacketString(p) => format!("string: {}", p.string),
            M::PacketPokerPlayerInfo(p) => words::is_named(p.serial, Some(&p.name), None),
            M::PacketPokerPlayersList(p) => format!(
                "game {} players: {}",
                p.game_id,
                words::list(p.players.iter().map(|e| format!("{} {}", e.name, e.chips)))
            ),
            M::PacketPokerUpdateMoney(p) => format!(
                "game {}: money of {} updated",
                p.game_id,
                words::players(names, p.serials.iter().copied())
            ),
            other => generic(other, names),
        }
    }
}

/// The class and its first few numbers and strings, in wire order; a
/// player's `serial` with the name the stream told (`serial alice (1001)`).
fn generic(m: &Message, names: &Names) -> String {
    let mut parts = vec![m.type_name().to_owned()];
    let spec = crate::protocols::pokernetwork::parsing::spec(m.type_id());
    if let (Some(spec), Ok(serde_json::Value::Object(fields))) = (spec, serde_json::to_value(m)) {
        let shown: Vec<String> = (spec.attrs.iter())
            .filter_map(|(k, _)| Some((k, fields.get(*k)?)))
            .filter(|(_, v)| v.is_number() || v.is_string())
            .take(3)
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k} {s:?}"),
                serde_json::Value::Number(n) if *k == "serial" => {
                    match n.as_u64().and_then(|n| u32::try_from(n).ok()) {
                        Some(serial) => format!("{k} {}", names.who(serial).in_list()),
                        None => format!("{k} {v}"),
                    }
                }
                _ => format!("{k} {v}"),
            })
            .collect();
        if !shown.is_empty() {
            parts.push(shown.join(", "));
        }
    }
    parts.join(": ")
}
