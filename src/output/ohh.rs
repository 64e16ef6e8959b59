//! Hands as Open Hand History (OHH 1.4.6, <https://hh-specs.handhistory.org>)
//! objects, `{"ohh": {...}}`. `hands --format ohh` writes them in the
//! specification's storage format (an `.ohh` file: each object on a line,
//! one blank line between two), `--format jsonl`
//! one a line.
//!
//! The objects hold the specification's keys with its types, and nothing
//! else but one extension key, `cardshark`. Decimals are JSON numbers,
//! never `null`: an optional key with no value is left out. The choices:
//!
//! - `currency` is `XPM`: "\"XPM\" - Play Money; a currency with no
//!   monetary value" (both protocols play for chips; 1.4.6 replaced the
//!   older `PPC` with it).
//! - `bet_limit` is `{"bet_type", "bet_cap"}` and nothing more; `bet_cap`
//!   is 0: "If the game is not a CAP game then \"bet_cap\" can either be
//!   ommitted, set to null or set to 0."
//! - An action's `amount` is the chips the player put into the pot with
//!   that action (the call included in a raise), not the street total:
//!   "For a \"Raise\" the \"amount\" specified in the <action_obj> should
//!   be the amount the player put into the pot for this action. For
//!   example, if a player bet $2 and was raised then re-raised to a total
//!   of $20 the amount for the raise should be 18.00". Checks and folds
//!   have none; posts, calls, bets and raises always have one. A bet before
//!   the flop is written as a raise ("\"Bet\" is not a valid pre-flop
//!   action"); a call of nothing as a check.
//! - `game_number` is [`Hand::public_number`] ("uniquely identifies the
//!   hand"): the same for every captured client's view of the hand, and
//!   each time the hand is read. The server's own number is in the
//!   extension.
//! - `site_name` and `network_name` are the protocol's name (`PokerTH`,
//!   `poker-network`), or the site `hands --site` names.
//! - `dealer_seat`, `small_blind_amount`, `big_blind_amount`, `table_size`,
//!   `table_name` and a player's `starting_stack` and `name` are required
//!   ("All fields are required unless otherwise stated"). When the capture
//!   does not tell one, it holds a placeholder (0, the table's id or
//!   stream, `Player N`, the highest seat for `table_size`), and
//!   `cardshark.unknown` lists the JSON pointer of each placeholder.
//!   `dealer_seat` 0 is no seat (seats are numbered from 1).
//! - `ante_amount` is 0 when no ante was posted (the specification's
//!   examples write 0.00 for a game without antes); `hero_player_id` is
//!   left out when the capture does not say which player its client is, or
//!   when that player is not dealt in; then, when the client is known and
//!   not dealt in, `flags` is `["Observed"]` ("The hand was observed and
//!   the hero was not dealt into the hand"). No other flag of the
//!   specification applies (play money is the currency's business, not a
//!   flag); `tournament` is left out ("Omit for cash games").
//! - Rounds: `Preflop` always (round 0), then each street with cards or
//!   actions, then `Showdown` with the cards shown by players still in
//!   (`Shows Cards`). The hero's hole cards are a `Dealt Cards` action at
//!   the start of the preflop; so are those of the other captured clients
//!   of a hand several clients saw (each view's hero), after the hero's.
//! - Pots: the main pot (0) first, then the side pots, each with its
//!   `amount` including rake ("The total amount in the pot (including
//!   rake)"), its `rake` (the rake the server reported, put on the pots
//!   whose winnings fall short of their amount; 0 when none) and
//!   `player_wins`: a winner's amounts are spread over the pots they may
//!   win, in order (PokerTH reports one amount per winner). An incomplete
//!   hand has no computed pots: one pot of what the server says was won,
//!   or none when the capture shows no result.
//! - `cardshark` (outside the specification; readers ignore it): the hand
//!   `id` of the command line (`STREAM:HAND`, its first view's), `view`
//!   (the id of the view written, when one view of a hand several clients
//!   saw is written: a hero's file of a tracker's folder), its `number` on
//!   the stream,
//!   the `public_number` (= `game_number`), the `server_number`,
//!   `protocol`, `dialect` (when known), `stream`, `first_frame` and
//!   `last_frame` (the frames that started the hand and that ended it, or
//!   the last seen of it), `table` (the game or
//!   table id, when known), `complete` and `incomplete_reasons`,
//!   `returned` (uncalled chips given back), `final_stacks` (as the server
//!   reported them; `stack` left out when it did not), `rake` as reported
//!   (when it was), `bet_reading` (how poker-network raise amounts were
//!   read and why, when that was in doubt), `unknown` (above), `views`
//!   (each captured client's view of the hand: `id`, `stream`, `number`,
//!   `client`, `hero` when known, `first_frame`, `last_frame`, `complete`)
//!   and `notes` (`frame`, `kind`, `text`).

use crate::analysis::hands::{Action, ActionKind, Hand, Limit, Street};
use crate::protocols::ProtocolId;
use serde_json::{json, Map, Value};

/// The specification version the objects follow.
pub const SPEC_VERSION: &str = "1.4.6";

/// The specification's name of a round's street (capitalised, unlike the
/// names people read elsewhere).
fn street_name(s: Street) -> &'static str {
    match s {
        Street::Preflop => "Preflop",
        Street::Flop => "Flop",
        Street::Turn => "Turn",
        Street::River => "River",
    }
}

/// The specification's name of an action (one of its list).
fn action_name(a: &Action) -> &'static str {
    match a.kind {
        ActionKind::Ante => "Post Ante",
        ActionKind::SmallBlind => "Post SB",
        ActionKind::BigBlind => "Post BB",
        ActionKind::Fold => "Fold",
        ActionKind::Check => "Check",
        ActionKind::Call if a.added == 0 && a.amount_known => "Check",
        ActionKind::Call => "Call",
        ActionKind::Bet if a.street == Street::Preflop => "Raise",
        ActionKind::Bet => "Bet",
        ActionKind::Raise => "Raise",
    }
}

/// An action's `amount`: the chips the player put into the pot with it,
/// for the actions that put chips in. `None` leaves the key out (as for an
/// action whose amount the capture does not tell).
fn amount(a: &Action) -> Option<u64> {
    match action_name(a) {
        "Fold" | "Check" => None,
        // Not in the capture (PokerTH 2007): the specification requires
        // it, so 0, its path listed under `cardshark.unknown`.
        _ if !a.amount_known => Some(0),
        _ => Some(a.added),
    }
}

/// The hand as an OHH object (`{"ohh": {...}}`).
pub fn hand(h: &Hand) -> Value {
    hand_site(h, None)
}

/// The hand as an OHH object whose `site_name` and `network_name` are
/// `site` (`hands --site`), or the protocol's (`PokerTH`,
/// `poker-network`) when `None`.
pub fn hand_site(h: &Hand, site: Option<&str>) -> Value {
    let mut unknown: Vec<String> = Vec::new();
    let mut unknown_if = |missing: bool, pointer: String| {
        if missing {
            unknown.push(pointer);
        }
    };
    let bet_type = match h.limit {
        Limit::NoLimit => "NL",
        Limit::PotLimit => "PL",
        Limit::FixedLimit => "FL",
    };
    let players: Vec<Value> = (h.seats.iter().enumerate())
        .map(|(i, s)| {
            unknown_if(s.name.is_none(), format!("/players/{i}/name"));
            unknown_if(s.stack.is_none(), format!("/players/{i}/starting_stack"));
            json!({
                "id": s.player,
                "seat": s.seat,
                "name": s.display_name(),
                "starting_stack": s.stack.unwrap_or(0),
            })
        })
        .collect();
    let top_seat = h.seats.iter().map(|s| s.seat).max().unwrap_or(0);
    let table_size = h.table_size.unwrap_or(0).max(top_seat);
    unknown_if(h.table_size.is_none(), "/table_size".into());
    unknown_if(h.button.is_none(), "/dealer_seat".into());
    unknown_if(h.small_blind.is_none(), "/small_blind_amount".into());
    unknown_if(h.big_blind.is_none(), "/big_blind_amount".into());
    unknown_if(h.table_name.is_none(), "/table_name".into());
    let hero = h.hero.and_then(|p| h.seat(p));

    let mut rounds = Vec::new();
    let mut n = 0;
    let mut next = || {
        n += 1;
        n
    };
    for street in [Street::Preflop, Street::Flop, Street::Turn, Street::River] {
        let mut actions = Vec::new();
        if street == Street::Preflop {
            let dealt = super::hand_text::dealt_to(h);
            for (s, c) in dealt
                .iter()
                .filter_map(|p| h.seat(*p)?.cards.map(|c| (*p, c)))
            {
                actions.push(json!({"action_number": next(), "player_id": s,
                    "action": "Dealt Cards", "cards": [c[0].to_string(), c[1].to_string()]}));
            }
        }
        for a in h.actions.iter().filter(|a| a.street == street) {
            let mut v =
                json!({"action_number": next(), "player_id": a.player, "action": action_name(a)});
            if let Some(chips) = amount(a) {
                v["amount"] = json!(chips);
                if !a.amount_known {
                    let at = format!("/rounds/{}/actions/{}/amount", rounds.len(), actions.len());
                    unknown.push(at);
                }
            }
            if a.all_in {
                v["is_allin"] = json!(true);
            }
            actions.push(v);
        }
        let cards = h.street_cards(street);
        if street != Street::Preflop && cards.is_empty() && actions.is_empty() {
            continue;
        }
        let mut r = json!({"id": rounds.len(), "street": street_name(street), "actions": actions});
        if !cards.is_empty() {
            r["cards"] = json!(cards.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        rounds.push(r);
    }
    let shows: Vec<Value> = (h.shown.iter())
        .filter(|s| !h.folded(s.player))
        .map(|s| {
            json!({"action_number": next(), "player_id": s.player, "action": "Shows Cards",
                "cards": [s.cards[0].to_string(), s.cards[1].to_string()]})
        })
        .collect();
    if !shows.is_empty() {
        rounds.push(json!({"id": rounds.len(), "street": "Showdown", "actions": shows}));
    }

    let site = site.unwrap_or(match h.protocol {
        ProtocolId::PokerTh | ProtocolId::PokerTh1 => "PokerTH",
        _ => "poker-network",
    });
    let mut o = Map::new();
    o.insert("spec_version".into(), json!(SPEC_VERSION));
    o.insert("site_name".into(), json!(site));
    o.insert("network_name".into(), json!(site));
    o.insert("internal_version".into(), json!(env!("CARGO_PKG_VERSION")));
    o.insert("game_number".into(), json!(h.public_number().to_string()));
    o.insert("start_date_utc".into(), json!(h.ts.rfc3339()));
    let table_name = super::hand_text::table_title(h);
    o.insert("table_name".into(), json!(table_name));
    o.insert("game_type".into(), json!("Holdem"));
    o.insert(
        "bet_limit".into(),
        json!({"bet_type": bet_type, "bet_cap": 0}),
    );
    o.insert("table_size".into(), json!(table_size));
    o.insert("currency".into(), json!("XPM"));
    o.insert("dealer_seat".into(), json!(h.button.unwrap_or(0)));
    o.insert(
        "small_blind_amount".into(),
        json!(h.small_blind.unwrap_or(0)),
    );
    o.insert("big_blind_amount".into(), json!(h.big_blind.unwrap_or(0)));
    o.insert("ante_amount".into(), json!(h.ante.unwrap_or(0)));
    if let Some(s) = hero {
        o.insert("hero_player_id".into(), json!(s.player));
    } else if h.hero.is_some() {
        o.insert("flags".into(), json!(["Observed"]));
    }
    o.insert("players".into(), Value::Array(players));
    o.insert("rounds".into(), Value::Array(rounds));
    o.insert("pots".into(), Value::Array(pots(h)));
    o.insert("cardshark".into(), extension(h, unknown));
    json!({ "ohh": o })
}

/// The `cardshark` extension: what is cardshark's own.
fn extension(h: &Hand, unknown: Vec<String>) -> Value {
    let mut x = Map::new();
    x.insert("id".into(), json!(h.id()));
    if !h.joined && h.views.len() > 1 {
        x.insert("view".into(), json!(h.view_id()));
    }
    x.insert("number".into(), json!(h.number));
    x.insert("public_number".into(), json!(h.public_number()));
    if let Some(n) = h.server_number {
        x.insert("server_number".into(), json!(n));
    }
    x.insert("protocol".into(), json!(h.protocol.name()));
    if let Some(d) = h.dialect {
        x.insert("dialect".into(), json!(d));
    }
    x.insert("stream".into(), json!(h.stream));
    x.insert("first_frame".into(), json!(h.first_frame));
    x.insert("last_frame".into(), json!(h.last_frame));
    if let Some(t) = h.table {
        x.insert("table".into(), json!(t));
    }
    x.insert("complete".into(), json!(h.complete));
    x.insert(
        "incomplete_reasons".into(),
        json!(h.incomplete_reasons().collect::<Vec<_>>()),
    );
    let returned: Vec<Value> = (h.returned.iter())
        .map(|r| json!({"player_id": r.player, "amount": r.amount}))
        .collect();
    x.insert("returned".into(), Value::Array(returned));
    let finals: Vec<Value> = (h.seats.iter())
        .map(|s| {
            let mut v = json!({"player_id": s.player});
            if let Some(stack) = s.final_stack {
                v["stack"] = json!(stack);
            }
            v
        })
        .collect();
    x.insert("final_stacks".into(), Value::Array(finals));
    if let Some(r) = h.rake {
        x.insert("rake".into(), json!(r));
    }
    if let Some(b) = &h.bet_reading {
        x.insert("bet_reading".into(), json!(b));
    }
    if !h.turns.is_empty() {
        // Whose turn the server said it was (PokerTH 2007, which tells a
        // client little else about the others).
        let turns: Vec<Value> = (h.turns.iter())
            .map(|t| json!({"frame": t.frame, "street": street_name(t.street), "player_id": t.player}))
            .collect();
        x.insert("turns".into(), json!(turns));
    }
    if !unknown.is_empty() {
        x.insert("unknown".into(), json!(unknown));
    }
    if !h.views.is_empty() {
        x.insert("views".into(), json!(h.views));
    }
    let notes: Vec<Value> = (h.notes.iter())
        .map(|n| json!({"frame": n.frame, "kind": n.kind, "text": n.text}))
        .collect();
    x.insert("notes".into(), Value::Array(notes));
    Value::Object(x)
}

/// The pots with their rake and winners.
fn pots(h: &Hand) -> Vec<Value> {
    (h.pot_wins().iter().enumerate())
        .map(|(i, p)| {
            let wins: Vec<Value> = (p.wins.iter())
                .map(|&(player, amount)| json!({"player_id": player, "win_amount": amount}))
                .collect();
            json!({"number": i, "amount": p.amount, "rake": p.rake, "player_wins": wins})
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::hands::{Seat, Win};
    use crate::capture::Timestamp;

    fn seat(seat: u32, player: u64) -> Seat {
        Seat {
            seat,
            player,
            name: None,
            stack: Some(100),
            final_stack: None,
            cards: None,
        }
    }

    #[test]
    fn only_the_specifications_keys_and_no_null() {
        let mut h = Hand::new(ProtocolId::PokerTh, 3, 7, 1, Timestamp::default());
        h.seats = vec![seat(1, 10), seat(4, 20)];
        h.winners.push(Win {
            frame: 9,
            player: 20,
            amount: 30,
            pot: None,
        });
        h.incomplete(5, "gap");
        let v = hand(&h);
        let o = v["ohh"].as_object().unwrap();
        assert_eq!(o["game_number"], h.public_number().to_string());
        assert_eq!(o["bet_limit"], json!({"bet_type": "NL", "bet_cap": 0}));
        assert_eq!(o["currency"], "XPM");
        assert_eq!(o["table_size"], 4);
        assert!(!v.to_string().contains("null"), "{v}");
        let x = &o["cardshark"];
        assert_eq!(x["complete"], false);
        assert_eq!(x["incomplete_reasons"], json!(["gap"]));
        assert_eq!(x["id"], "3:7");
        assert_eq!(
            x["final_stacks"],
            json!([{"player_id": 10}, {"player_id": 20}])
        );
        assert!(x["unknown"]
            .as_array()
            .unwrap()
            .contains(&json!("/dealer_seat")));
        assert_eq!(
            o["pots"],
            json!([{"number": 0, "amount": 30, "rake": 0, "player_wins": [{"player_id": 20, "win_amount": 30}]}])
        );
    }

    /// The rounds and the turns name their streets as the specification
    /// lists them (`Preflop`, `Flop`, ...), whatever the other views say:
    /// a validator refuses `preflop`.
    #[test]
    fn streets_are_named_as_the_specification_names_them() {
        let mut h = Hand::new(ProtocolId::PokerTh, 0, 1, 1, Timestamp::default());
        h.seats = vec![seat(1, 10), seat(2, 20)];
        use crate::protocols::cards::{Card, Suit};
        h.board = [(11, Suit::Diamonds), (11, Suit::Spades), (5, Suit::Clubs)]
            .map(|(rank, suit)| Card::new(rank, suit).unwrap())
            .to_vec();
        h.turns.push(crate::analysis::hands::Turn {
            frame: 2,
            street: Street::Flop,
            player: 10,
        });
        let v = hand(&h);
        let streets: Vec<&Value> = (v["ohh"]["rounds"].as_array().unwrap().iter())
            .map(|r| &r["street"])
            .collect();
        assert_eq!(streets, [&json!("Preflop"), &json!("Flop")]);
        assert_eq!(v["ohh"]["cardshark"]["turns"][0]["street"], "Flop");
    }

    #[test]
    fn a_client_not_dealt_in_observes() {
        let mut h = Hand::new(ProtocolId::PokerNetwork, 0, 1, 1, Timestamp::default());
        h.seats = vec![seat(1, 10), seat(2, 20)];
        h.hero = Some(99);
        let v = hand(&h);
        assert_eq!(v["ohh"]["flags"], json!(["Observed"]));
        assert!(v["ohh"].get("hero_player_id").is_none());
        assert_eq!(v["ohh"]["pots"], json!([]));
    }
}
