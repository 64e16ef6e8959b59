//! Hands as text in the PokerStars layout that hand-history tools read
//! (pokerkit's `PokerStarsParser`, trackers).
//!
//! Hands are separated by two empty lines. Amounts are chips and the time
//! is UTC; the table line says `(Play Money)`, as PokerStars writes it at
//! tables played for chips. The header names the site, [`SITE`] unless
//! told otherwise ([`write_site`]): trackers and pokerkit know the layout
//! by it. The `Hand #` is
//! [`Hand::public_number`](crate::analysis::hands::Hand::public_number),
//! the same each time the hand is read, from this capture or another of
//! the same traffic; the line after the header, which hand-history
//! readers skip, gives cardshark's id (`STREAM:HAND`), the views of a
//! hand several clients saw (or, for one view of it, which), the server's
//! own hand number, the protocol and the stream. `Dealt to` lines give the
//! hole cards dealt to captured clients: the hero's, and those of the
//! other clients that saw a joined hand ([`dealt_to`]). An incomplete hand (written
//! only when asked for) has one more line, `cardshark INCOMPLETE hand:`
//! and why, and its figures are what the capture shows: the total pot is
//! never less than what was collected and raked. A raise is written as
//! PokerStars does, `raises BY to TOTAL` (BY over the street's highest
//! bet). A player whose name the capture does not tell is `Player ID`.
//! Cards shown at a showdown come with the hand they make, as the hand
//! model names it ([`Shown::made`]): `shows [Ah Kd] (a pair of Aces)`, and
//! in the summary `showed [Ah Kd] and won (320) with a pair of Aces`. A
//! hand won by everyone else folding has no showdown: after the winner
//! collects, his cards shown (`shows [..] (high card Queen)`) or `doesn't
//! show hand`, and `collected (N)` in the summary.
//!
//! One liberty: a bet or raise nobody left can answer (every other player
//! still in is all in, and nobody acts after it), which PokerTH allows and
//! then gives back, is written as the call it amounts to, without the
//! uncalled line for its excess: PokerStars does not allow such a raise and
//! its readers (pokerkit) reject it. The hand model and the JSON keep the
//! action as the server reported it.

mod raises;

use crate::analysis::hands::{ActionKind, Hand, Limit, Shown, Street};
use crate::protocols::cards::Card;
use raises::dead_raises;
use std::fmt::Write as _;

/// The site the header names unless told otherwise (`hands --site`): the
/// layout's own, which trackers and pokerkit look for.
pub const SITE: &str = "PokerStars";

fn cards(c: &[Card]) -> String {
    c.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `2026/11/21 06:04:47` from the hand's RFC 3339 time.
fn when(h: &Hand) -> String {
    let t = h.ts.rfc3339();
    let (date, time) = t.split_once('T').unwrap_or((&t, ""));
    format!("{} {}", date.replace('-', "/"), time.get(..8).unwrap_or(""))
}

fn street_title(s: Street) -> &'static str {
    match s {
        Street::Preflop => "Flop",
        Street::Flop => "Flop",
        Street::Turn => "Turn",
        Street::River => "River",
    }
}

/// The table's name as the table line (and OHH's `table_name`) gives it:
/// the one the capture tells, else `Game ID` (the game or table id), else
/// `Stream N`.
pub fn table_title(h: &Hand) -> String {
    (h.table_name.clone())
        .or_else(|| h.table.map(|t| format!("Game {t}")))
        .unwrap_or_else(|| format!("Stream {}", h.stream))
}

/// The hand as PokerStars text (ending with a newline).
pub fn write(h: &Hand) -> String {
    write_site(h, SITE)
}

/// The hand as PokerStars text whose header names `site` (`SITE Hand
/// #N: ...`).
pub fn write_site(h: &Hand, site: &str) -> String {
    let mut o = String::new();
    let game = match h.limit {
        Limit::NoLimit => "Hold'em No Limit",
        Limit::PotLimit => "Hold'em Pot Limit",
        Limit::FixedLimit => "Hold'em Limit",
    };
    let known = |x: Option<u64>| x.map_or("?".to_string(), |x| x.to_string());
    let (sb, bb) = (known(h.small_blind), known(h.big_blind));
    let _ = writeln!(
        o,
        "{site} Hand #{}: {game} ({sb}/{bb}) - {} UTC",
        h.public_number(),
        when(h)
    );
    let server = h
        .server_number
        .map_or("not known".to_string(), |n| n.to_string());
    let _ = writeln!(
        o,
        "cardshark id {}{}, server hand number {server}, {} stream {}",
        h.id(),
        views_said(h),
        h.label(),
        h.stream
    );
    if !h.complete {
        let why: Vec<&str> = h.incomplete_reasons().collect();
        let _ = writeln!(o, "cardshark INCOMPLETE hand: {}", why.join("; "));
    }
    let table = table_title(h);
    let size = h.table_size.unwrap_or(h.seats.len() as u32);
    let button = h
        .button
        .map_or(String::new(), |b| format!(" Seat #{b} is the button"));
    // Chips of no money's worth: PokerStars' play money tables say so.
    let table = table.replace('\'', "`");
    let _ = writeln!(o, "Table '{table}' {size}-max (Play Money){button}");
    for s in &h.seats {
        let stack = s.stack.map_or("?".to_string(), |x| x.to_string());
        let _ = writeln!(
            o,
            "Seat {}: {} ({stack} in chips)",
            s.seat,
            s.display_name()
        );
    }
    let mut highest = 0;
    let mut street = Street::Preflop;
    let mut hole_done = false;
    let hole = |o: &mut String| {
        o.push_str("*** HOLE CARDS ***\n");
        for p in dealt_to(h) {
            if let Some(c) = h.seat(p).and_then(|s| s.cards.map(|c| (s, c))) {
                let _ = writeln!(o, "Dealt to {} [{}]", c.0.display_name(), cards(&c.1));
            }
        }
    };
    let board = |o: &mut String, s: Street| {
        let before = &h.board[..(s.board_len() - h.street_cards(s).len()).min(h.board.len())];
        let now = h.street_cards(s);
        if before.is_empty() {
            let _ = writeln!(
                o,
                "*** {} *** [{}]",
                street_title(s).to_uppercase(),
                cards(now)
            );
        } else {
            let _ = writeln!(
                o,
                "*** {} *** [{}] [{}]",
                street_title(s).to_uppercase(),
                cards(before),
                cards(now)
            );
        }
    };
    let advance = |o: &mut String, dealt: &mut Street, to: Street| {
        while *dealt < to {
            let next = match dealt {
                Street::Preflop => Street::Flop,
                Street::Flop => Street::Turn,
                _ => Street::River,
            };
            if h.board.len() < next.board_len() {
                // A street the hand reached whose cards the capture does
                // not show (an incomplete hand): its title alone.
                let reached = (h.actions.iter().map(|a| a.street))
                    .chain(h.turns.iter().map(|t| t.street))
                    .any(|s| s >= next);
                if h.complete || !reached {
                    break;
                }
                *dealt = next;
                let title = street_title(next).to_uppercase();
                let _ = writeln!(o, "*** {title} *** (cards not in the capture)");
                continue;
            }
            *dealt = next;
            board(o, next);
        }
    };
    let dead = dead_raises(h);
    for (i, a) in h.actions.iter().enumerate() {
        if let Some(&(_, call)) = dead.iter().find(|d| d.0 == i) {
            if !hole_done {
                hole(&mut o);
                hole_done = true;
            }
            advance(&mut o, &mut street, a.street);
            let who = h.name(a.player);
            let _ = match call {
                0 => writeln!(o, "{who}: checks"),
                c => writeln!(o, "{who}: calls {c}"),
            };
            continue;
        }
        let blind = matches!(
            a.kind,
            ActionKind::Ante | ActionKind::SmallBlind | ActionKind::BigBlind
        );
        if !blind && !hole_done {
            hole(&mut o);
            hole_done = true;
        }
        if street < a.street {
            advance(&mut o, &mut street, a.street);
            highest = 0;
        }
        let who = h.name(a.player);
        let all_in = if a.all_in { " and is all-in" } else { "" };
        if !a.amount_known {
            // PokerTH 2007: the capture does not tell how much.
            let _ = match a.kind {
                ActionKind::Call => writeln!(o, "{who}: calls (amount not known){all_in}"),
                ActionKind::Bet | ActionKind::Raise if a.added > 0 => {
                    let verb = if a.kind == ActionKind::Bet {
                        "bets"
                    } else {
                        "raises"
                    };
                    writeln!(o, "{who}: {verb} {} (total not known){all_in}", a.added)
                }
                ActionKind::Bet => writeln!(o, "{who}: bets (amount not known){all_in}"),
                ActionKind::Raise => writeln!(o, "{who}: raises (amount not known){all_in}"),
                _ => writeln!(o, "{who}: {:?} (amount not known)", a.kind),
            };
            continue;
        }
        let _ = match a.kind {
            ActionKind::Ante => writeln!(o, "{who}: posts the ante {}", a.added),
            // A blind with dead chips (a returning player's big blind and
            // the small blind he missed): PokerStars' "small & big blinds".
            ActionKind::SmallBlind | ActionKind::BigBlind if a.added > a.total => {
                writeln!(o, "{who}: posts small & big blinds {}", a.added)
            }
            ActionKind::SmallBlind => writeln!(o, "{who}: posts small blind {}{all_in}", a.added),
            ActionKind::BigBlind => writeln!(o, "{who}: posts big blind {}{all_in}", a.added),
            ActionKind::Fold => writeln!(o, "{who}: folds"),
            ActionKind::Check => writeln!(o, "{who}: checks"),
            ActionKind::Call if a.added == 0 => writeln!(o, "{who}: checks"),
            ActionKind::Call => writeln!(o, "{who}: calls {}{all_in}", a.added),
            ActionKind::Bet => writeln!(o, "{who}: bets {}{all_in}", a.added),
            ActionKind::Raise => writeln!(
                o,
                "{who}: raises {} to {}{all_in}",
                a.total.saturating_sub(highest),
                a.total
            ),
        };
        highest = highest.max(a.total);
    }
    if !hole_done {
        hole(&mut o);
    }
    for r in &h.returned {
        let excess: u64 = (dead.iter())
            .filter(|d| h.actions[d.0].player == r.player)
            .map(|d| h.actions[d.0].added - d.1)
            .sum();
        if r.amount > excess {
            let _ = writeln!(
                o,
                "Uncalled bet ({}) returned to {}",
                r.amount - excess,
                h.name(r.player)
            );
        }
    }
    advance(&mut o, &mut street, Street::River);
    // Cards shown at the showdown (two players or more still in): each
    // with the hand it makes, before the pots are collected. A winner who
    // everyone else folded to shows his cards (or not) after collecting,
    // with no showdown, as PokerStars writes it.
    let showdown: Vec<_> = (h.shown.iter())
        .filter(|s| h.has_showdown() && !h.folded(s.player))
        .collect();
    let shows = |o: &mut String, s: &Shown| {
        let made = s.made.as_ref().map(|m| m.description.as_str());
        let _ = writeln!(
            o,
            "{}: shows [{}] ({})",
            h.name(s.player),
            cards(&s.cards),
            made.unwrap_or("cards shown")
        );
    };
    if !showdown.is_empty() {
        o.push_str("*** SHOW DOWN ***\n");
        for s in &showdown {
            shows(&mut o, s);
        }
    }
    // Who collected which pot, as PokerStars writes it ("from side
    // pot-1"); one pot is just "pot".
    let pots = h.pot_wins();
    for (i, p) in pots.iter().enumerate() {
        let name = match (pots.len(), i) {
            (1, _) => "pot".to_string(),
            (_, 0) => "main pot".to_string(),
            (_, i) => format!("side pot-{i}"),
        };
        for &(player, amount) in &p.wins {
            let _ = writeln!(o, "{} collected {amount} from {name}", h.name(player));
        }
    }
    if !h.has_showdown() {
        let mut winners: Vec<u64> = h.winners.iter().map(|w| w.player).collect();
        winners.dedup();
        for p in winners {
            match h.shown.iter().find(|s| s.player == p) {
                Some(s) => shows(&mut o, s),
                None => {
                    let _ = writeln!(o, "{}: doesn't show hand", h.name(p));
                }
            }
        }
    }
    o.push_str("*** SUMMARY ***\n");
    let mut total = if h.amounts_known() {
        format!("Total pot {}", h.pot())
    } else {
        "Total pot ? (amounts not in the capture)".to_string()
    };
    if h.pots.len() > 1 {
        let _ = write!(total, " Main pot {}.", h.pots[0].amount);
        for p in &h.pots[1..] {
            let _ = write!(total, " Side pot {}.", p.amount);
        }
    }
    let _ = writeln!(o, "{total} | Rake {}", h.rake.unwrap_or(0));
    if !h.board.is_empty() {
        let _ = writeln!(o, "Board [{}]", cards(&h.board));
    }
    for s in &h.seats {
        let mut role = String::new();
        if h.button == Some(s.seat) {
            role.push_str(" (button)");
        }
        let posted = |k| {
            h.actions
                .iter()
                .any(|a| a.player == s.player && a.kind == k)
        };
        if posted(ActionKind::SmallBlind) {
            role.push_str(" (small blind)");
        } else if posted(ActionKind::BigBlind) {
            role.push_str(" (big blind)");
        }
        let won: u64 = h
            .winners
            .iter()
            .filter(|w| w.player == s.player)
            .map(|w| w.amount)
            .sum();
        let shown = showdown.iter().find(|x| x.player == s.player);
        let with = |x: &Shown| {
            (x.made.as_ref()).map_or(String::new(), |m| format!(" with {}", m.description))
        };
        let fold = h
            .actions
            .iter()
            .find(|a| a.player == s.player && a.kind == ActionKind::Fold);
        let what = match (fold, shown) {
            (Some(f), _) if f.street == Street::Preflop => "folded before Flop".to_string(),
            (Some(f), _) => format!("folded on the {}", street_title(f.street)),
            (None, Some(x)) if won > 0 => {
                format!("showed [{}] and won ({won}){}", cards(&x.cards), with(x))
            }
            (None, Some(x)) => format!("showed [{}] and lost{}", cards(&x.cards), with(x)),
            (None, None) if won > 0 => format!("collected ({won})"),
            (None, None) if h.complete => "mucked".to_string(),
            (None, None) => "(the capture does not show the result)".to_string(),
        };
        let _ = writeln!(o, "Seat {}: {}{role} {what}", s.seat, s.display_name());
    }
    o
}

/// The players whose hole cards were dealt to a captured client, hero
/// first: the hand's hero, then, for the hand joined from several views
/// ([`Hand::joined`]), each other view's hero, in seat order. A view as
/// its stream rebuilt it has its own hero only.
pub fn dealt_to(h: &Hand) -> Vec<u64> {
    let mut out: Vec<u64> = h.hero.into_iter().collect();
    if h.joined {
        let mut others: Vec<(u32, u64)> = (h.views.iter().filter_map(|v| v.hero))
            .filter(|p| !out.contains(p))
            .filter_map(|p| Some((h.seat(p)?.seat, p)))
            .collect();
        others.sort_unstable();
        others.dedup();
        out.extend(others.into_iter().map(|(_, p)| p));
    }
    out
}

/// What the id line says of the hand's views, when several clients saw
/// it: every view of the joined hand (`, views 0:3 1:3`), or which view
/// this is (`, view 1:3`); nothing for a hand one client saw.
fn views_said(h: &Hand) -> String {
    if h.views.len() < 2 {
        String::new()
    } else if h.joined {
        let ids: Vec<&str> = h.views.iter().map(|v| v.id.as_str()).collect();
        format!(", views {}", ids.join(" "))
    } else {
        format!(", view {}", h.view_id())
    }
}

/// What goes between two hands ([`write()`] ends each with a newline): two
/// empty lines.
pub const SEPARATOR: &str = "\n\n";

/// Several hands, [`SEPARATOR`] between them.
pub fn write_all<'a>(hands: impl IntoIterator<Item = &'a Hand>) -> String {
    hands
        .into_iter()
        .map(write)
        .collect::<Vec<_>>()
        .join(SEPARATOR)
}
