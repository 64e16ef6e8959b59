//! One-line summaries: what a person following a table reads for each
//! packet (seats, arrivals, blinds, cards, actions, chips, pots, winners,
//! chat); other packets get their class and main ids.

use super::*;

/// Seats as `seat:serial` for the occupied ones.
fn seats(list: &[u32]) -> String {
    let taken: Vec<String> = (list.iter().enumerate())
        .filter(|(_, &s)| s != 0)
        .map(|(i, s)| format!("{i}:{s}"))
        .collect();
    if taken.is_empty() {
        "all empty".to_owned()
    } else {
        taken.join(" ")
    }
}

/// Serials separated by commas.
fn serials(list: &[u32]) -> String {
    let v: Vec<String> = list.iter().map(u32::to_string).collect();
    v.join(", ")
}

/// A seat ("-1 encoded as 255").
fn seat(s: i16) -> String {
    if s < 0 {
        "no seat".to_owned()
    } else {
        format!("seat {s}")
    }
}

/// A pot index ("-1 encoded as 255").
fn pot(p: i16) -> String {
    if p < 0 {
        "the pot".to_owned()
    } else {
        format!("pot {p}")
    }
}

impl Message {
    /// The one-line summary of the message.
    pub fn summary(&self) -> String {
        use Message as M;
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
            M::PacketSerial(p) => format!("logged in as player {}", p.serial),
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
            M::PacketPokerTableJoin(p) => format!("player {} joins game {}", p.serial, p.game_id),
            M::PacketPokerTableQuit(p) => format!("player {} quits game {}", p.serial, p.game_id),
            M::PacketPokerSeats(p) => format!("game {} seats: {}", p.game_id, seats(&p.seats)),
            M::PacketPokerSeat(p) => format!(
                "player {} takes {} in game {}",
                p.serial,
                seat(p.seat),
                p.game_id
            ),
            M::PacketPokerPlayerArrive(p) => format!(
                "player {} ({}) arrives at {} in game {}",
                p.serial,
                p.name,
                p.seat.map_or("no seat".to_owned(), |s| format!("seat {s}")),
                p.game_id
            ),
            M::PacketPokerPlayerLeave(p) => format!(
                "player {} leaves {} in game {}",
                p.serial,
                seat(p.seat),
                p.game_id
            ),
            M::PacketPokerBuyIn(p) => format!("player {} buys in for {}", p.serial, p.amount),
            M::PacketPokerRebuy(p) => format!("player {} rebuys for {}", p.serial, p.amount),
            M::PacketPokerSit(p) => format!("player {} sits in", p.serial),
            M::PacketPokerSitOut(p) => format!("player {} sits out", p.serial),
            M::PacketPokerInGame(p) => format!(
                "game {}: players in the hand: {}",
                p.game_id,
                serials(&p.players)
            ),
            M::PacketPokerStart(p) => format!(
                "game {}: hand {} starts (hand #{} of the table{})",
                p.game_id,
                p.hand_serial,
                p.hands_count,
                if p.level > 0 {
                    format!(", level {}", p.level)
                } else {
                    String::new()
                }
            ),
            M::PacketPokerDealer(p) => format!(
                "game {}: dealer button at {} (was {})",
                p.game_id,
                seat(p.dealer),
                seat(p.previous_dealer)
            ),
            M::PacketPokerState(p) => format!("game {}: state {}", p.game_id, p.string),
            M::PacketPokerPosition(p) => format!(
                "game {}: position {}, player {} to act",
                p.game_id, p.position, p.serial
            ),
            M::PacketPokerSelfInPosition(p) => {
                format!("game {}: you are in position {}", p.game_id, p.position)
            }
            M::PacketPokerSelfLostPosition(p) => {
                format!("game {}: you lost position {}", p.game_id, p.position)
            }
            M::PacketPokerBlindRequest(p) => format!(
                "player {} must post the {} blind {} (dead {})",
                p.serial, p.state, p.amount, p.dead
            ),
            M::PacketPokerAnteRequest(p) => {
                format!("player {} must post the ante {}", p.serial, p.amount)
            }
            M::PacketPokerBlind(p) => format!(
                "player {} posts blind {} (dead {})",
                p.serial, p.amount, p.dead
            ),
            M::PacketPokerAnte(p) => format!("player {} posts ante {}", p.serial, p.amount),
            M::PacketPokerWaitBigBlind(p) => format!("player {} waits for the big blind", p.serial),
            M::PacketPokerDealCards(p) => format!(
                "deal {} cards each to {}",
                p.number_of_cards,
                serials(&p.serials)
            ),
            M::PacketPokerPlayerCards(p) => format!("player {} cards {}", p.serial, p.cards),
            M::PacketPokerCards(p) => format!("player {} cards {}", p.serial, p.cards),
            M::PacketPokerBoardCards(p) => format!("game {}: board {}", p.game_id, p.cards),
            M::PacketPokerBestCards(p) => format!(
                "player {} best hand ({}): {} [{}]",
                p.serial, p.side, p.hand, p.bestcards
            ),
            M::PacketPokerPlayerHandStrength(p) => format!("player {} holds {}", p.serial, p.hand),
            M::PacketPokerFold(p) => format!("player {} folds", p.serial),
            M::PacketPokerCheck(p) => format!("player {} checks", p.serial),
            M::PacketPokerCall(p) => format!("player {} calls", p.serial),
            M::PacketPokerRaise(p) => format!("player {} raises {}", p.serial, p.amount),
            M::PacketPokerBet(p) => format!("player {} bets {}", p.serial, p.amount),
            M::PacketPokerTimeoutWarning(p) => {
                format!("player {} must act within {} s", p.serial, p.timeout)
            }
            M::PacketPokerTimeoutNotice(p) => format!("player {} timed out", p.serial),
            M::PacketPokerBetLimit(p) => format!(
                "player {}: call {}, raise {}..{} step {}, all-in {}, pot {}",
                p.serial, p.call, p.min, p.max, p.step, p.allin, p.pot
            ),
            M::PacketPokerPlayerChips(p) => {
                format!("player {} bet {}, stack {}", p.serial, p.bet, p.money)
            }
            M::PacketPokerClientPlayerChips(p) => {
                format!("player {} bet {}, stack {}", p.serial, p.bet, p.money)
            }
            M::PacketPokerChips(p) => format!("player {} bet {}", p.serial, p.bet),
            M::PacketPokerPotChips(p) => {
                format!("game {}: pot {} holds {}", p.game_id, p.index, p.bet)
            }
            M::PacketPokerChipsPlayer2Bet(p) => {
                format!("player {} bets {} from the stack", p.serial, p.chips)
            }
            M::PacketPokerChipsBet2Pot(p) => format!(
                "player {}'s bet {} goes to {}",
                p.serial,
                p.chips,
                pot(p.pot)
            ),
            M::PacketPokerChipsPot2Player(p) => format!(
                "{} gives {} to player {} ({})",
                pot(p.pot),
                p.chips,
                p.serial,
                p.reason
            ),
            M::PacketPokerChipsBet2player(p) => {
                format!("player {} takes back a bet of {}", p.serial, p.chips)
            }
            M::PacketPokerChipsPotMerge(p) => {
                format!("pots {:?} merge into pot {}", p.sources, p.destination)
            }
            M::PacketPokerChipsPotReset(p) => format!("game {}: pots reset", p.game_id),
            M::PacketPokerBeginRound(p) => format!("game {}: betting round begins", p.game_id),
            M::PacketPokerEndRound(p) => format!("game {}: betting round ends", p.game_id),
            M::PacketPokerEndRoundLast(p) => format!("game {}: last betting round ends", p.game_id),
            M::PacketPokerCanceled(p) => format!(
                "game {}: hand canceled, {} back to player {}",
                p.game_id, p.amount, p.serial
            ),
            M::PacketPokerWin(p) => format!("game {}: winners {}", p.game_id, serials(&p.serials)),
            M::PacketPokerPlayerWin(p) => format!("player {} wins", p.serial),
            M::PacketPokerShowdown(p) => format!("game {}: showdown", p.game_id),
            M::PacketPokerAllinShowdown(p) => {
                format!("game {}: all-in, straight to showdown", p.game_id)
            }
            M::PacketPokerMuckRequest(p) => format!(
                "game {}: may muck: {}",
                p.game_id,
                serials(&p.muckable_serials)
            ),
            M::PacketPokerChat(p) => format!("chat from {}: {}", p.serial, p.message),
            M::PacketPokerMessage(p) => format!("message: {}", p.string),
            M::PacketPokerGameMessage(p) => format!("game {}: {}", p.game_id, p.string),
            M::PacketMessage(p) => format!("message: {}", p.string),
            M::PacketString(p) => format!("string: {}", p.string),
            M::PacketPokerPlayerInfo(p) => format!("player {} is {}", p.serial, p.name),
            M::PacketPokerPlayersList(p) => {
                format!("game {}: {} players", p.game_id, p.players.len())
            }
            M::PacketPokerUpdateMoney(p) => format!(
                "game {}: money of {} updated",
                p.game_id,
                serials(&p.serials)
            ),
            other => generic(other),
        }
    }
}

/// The class and its first few numbers and strings, in wire order.
fn generic(m: &Message) -> String {
    let mut parts = vec![m.type_name().to_owned()];
    let spec = crate::protocols::pokernetwork::parsing::spec(m.type_id());
    if let (Some(spec), Ok(serde_json::Value::Object(fields))) = (spec, serde_json::to_value(m)) {
        let shown: Vec<String> = (spec.attrs.iter())
            .filter_map(|(k, _)| Some((k, fields.get(*k)?)))
            .filter(|(_, v)| v.is_number() || v.is_string())
            .take(3)
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k} {s:?}"),
                _ => format!("{k} {v}"),
            })
            .collect();
        if !shown.is_empty() {
            parts.push(shown.join(", "));
        }
    }
    parts.join(": ")
}
