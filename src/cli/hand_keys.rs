//! The names `hands -Y` knows, in one table: each with its kind, its help
//! line, and how a hand gives its value. The help, the names the filter
//! resolves and the JSON a hand is filtered on are all made from it, so a
//! name cannot be in one and not in the others.

use cardshark::analysis::hands::Hand;
use cardshark::decode::label;
use cardshark::filter::json::{JsonName, JsonScope};
use cardshark::filter::Kind;
use cardshark::protocols::cards::Card;
use serde_json::{json, Map, Value as J};
use std::sync::OnceLock;

/// A name of a hand.
pub struct HandKey {
    /// The name, as `-Y` writes it.
    pub name: &'static str,
    /// What values it takes (checked when the filter is compiled).
    pub kind: Kind,
    /// What it is, for the help.
    pub help: &'static str,
    /// Its value in a hand (a list: one value per element).
    pub value: fn(&Hand) -> J,
}

/// A [`HandKey`], as a line of [`HAND_KEYS`].
const fn key(name: &'static str, kind: Kind, help: &'static str, value: fn(&Hand) -> J) -> HandKey {
    HandKey {
        name,
        kind,
        help,
        value,
    }
}

/// The poker protocols' names and their dialects' (of
/// [`label::NAMES`]).
pub const POKER: [&str; 5] = [
    "pokerth",
    "pokerth-2007",
    "pokerth-1",
    "pokernetwork",
    "pokernetwork-2",
];

const PROTOCOL: Kind = Kind::OneOf {
    what: "a poker protocol or dialect",
    values: &POKER,
};

const ANY: Kind = Kind::Any;

/// Every name of a hand, in the order the help lists them.
#[rustfmt::skip]
pub const HAND_KEYS: &[HandKey] = &[
    key("id", ANY, "the hand's id, \"STREAM:HAND\" (its first view's)", |h| json!(h.id())),
    key("view", ANY, "each view's id (\"STREAM:HAND\"): the same hand as each captured client saw it", |h| each(views(h).map(|v| v.0))),
    key("views", ANY, "how many captured clients saw it", |h| json!(h.views.len().max(1))),
    key("stream", ANY, "each view's TCP stream", |h| each(views(h).map(|v| v.1))),
    key("hand", ANY, "its number on the stream", |h| json!(h.number)),
    key("server_number", ANY, "the server's hand number", |h| json!(h.server_number)),
    key("protocol", PROTOCOL, "the protocol and its dialect, as the Protocol column names them (pokerth takes every PokerTH hand, pokerth-2007 only that dialect's)", |h| each(label::names_of(h.protocol, h.dialect))),
    key("dialect", ANY, "the protocol's dialect (pokerth-2007, ...)", |h| json!(h.dialect.map(|d| d.as_str()))),
    key("table", ANY, "the table's name, when the capture tells it", |h| json!(h.table_name)),
    key("table_id", ANY, "the game (PokerTH) or table (poker-network) id", |h| json!(h.table)),
    key("ts", Kind::Time, "when it started", |h| json!(h.ts.to_string())),
    key("frame", ANY, "the frame that started it", |h| json!(h.first_frame)),
    key("last_frame", ANY, "its last frame", |h| json!(h.last_frame)),
    key("limit", ANY, "no_limit, pot_limit or fixed_limit", |h| to_json(&h.limit)),
    key("button", ANY, "the button's seat", |h| json!(h.button)),
    key("small_blind", ANY, "the small blind", |h| json!(h.small_blind)),
    key("big_blind", ANY, "the big blind", |h| json!(h.big_blind)),
    key("ante", ANY, "the ante", |h| json!(h.ante)),
    key("player_count", ANY, "how many players were dealt in", |h| json!(h.seats.len())),
    key("players", ANY, "each player's name (\"Player N\" when not told), as the Players column lists them", |h| each(h.seats.iter().map(|s| s.display_name()))),
    key("player_id", ANY, "each player's id", |h| each(h.seats.iter().map(|s| s.player))),
    key("seat", ANY, "each seat dealt in", |h| each(h.seats.iter().map(|s| s.seat))),
    key("stack", ANY, "each starting stack known", |h| each(h.seats.iter().filter_map(|s| s.stack))),
    key("hero", ANY, "the name of each player a captured client is", |h| each(heroes(h).map(|p| h.name(p)))),
    key("board", ANY, "each board card (\"Ah\")", |h| each(h.board.iter().map(|c| c.to_string()))),
    key("cards", ANY, "each hole card the capture shows", |h| each(hole_cards(h).map(|c| c.to_string()))),
    key("action", ANY, "each action: ante, small_blind, big_blind, fold, check, call, bet, raise", |h| each(h.actions.iter().map(|a| to_json(&a.kind)))),
    key("amount", ANY, "each action's chips into the pot", |h| each(h.actions.iter().map(|a| a.added))),
    key("all_in", ANY, "true when some action put a player all in", |h| json!(h.actions.iter().any(|a| a.all_in))),
    key("pot", ANY, "the total pot (complete hands)", |h| json!(h.complete.then(|| h.total_pot()))),
    key("winners", ANY, "each winner's name, as the Winners column lists them", |h| each(h.winners.iter().map(|w| h.name(w.player)))),
    key("won", ANY, "each amount won", |h| each(h.winners.iter().map(|w| w.amount))),
    key("rake", ANY, "the rake, when the server told it", |h| json!(h.rake)),
    key("complete", ANY, "true when the capture holds the whole hand", |h| json!(h.complete)),
    key("notes", ANY, "each note's text", |h| each(h.notes.iter().map(|n| n.text.as_str()))),
    key("note_kind", ANY, "each note's kind: incomplete, check, info", |h| each(h.notes.iter().map(|n| to_json(&n.kind)))),
];

/// Each view's id and stream (the hand's own, for a hand not joined).
fn views(h: &Hand) -> impl Iterator<Item = (String, u64)> + '_ {
    let own = h.views.is_empty().then(|| (h.id(), h.stream));
    (h.views.iter().map(|v| (v.id.clone(), v.stream))).chain(own)
}

/// The player each view's client is, each once, in the views' order.
fn heroes(h: &Hand) -> impl Iterator<Item = u64> + '_ {
    let mut all: Vec<u64> = (h.views.iter().filter_map(|v| v.hero))
        .chain(h.views.is_empty().then_some(h.hero).flatten())
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    all.retain(|p| seen.insert(*p));
    all.into_iter()
}

/// The hole cards a hand shows, seat by seat.
fn hole_cards(h: &Hand) -> impl Iterator<Item = &Card> + '_ {
    h.seats.iter().filter_map(|s| s.cards.as_ref()).flatten()
}

/// The values of `items` as a JSON list.
fn each<T: Into<J>>(items: impl Iterator<Item = T>) -> J {
    J::Array(items.map(Into::into).collect())
}

/// A value as JSON (an enumeration as its name).
fn to_json<T: serde::Serialize>(v: &T) -> J {
    serde_json::to_value(v).unwrap_or_default()
}

/// The names of a hand, for the help and the filter's scope.
pub fn hand_names() -> &'static [JsonName] {
    static NAMES: OnceLock<Vec<JsonName>> = OnceLock::new();
    NAMES.get_or_init(|| HAND_KEYS.iter().map(|k| (k.name, k.kind, k.help)).collect())
}

/// The scope of hands.
pub fn hand_scope() -> JsonScope {
    JsonScope {
        names: hand_names(),
        item: "hand",
        command: "hands",
    }
}

/// A hand as the JSON object its names are read from: every name of
/// [`HAND_KEYS`] and its value.
pub fn hand_json(h: &Hand) -> J {
    let keys = HAND_KEYS.iter().map(|k| (k.name.to_string(), (k.value)(h)));
    J::Object(keys.collect::<Map<String, J>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;
    use std::collections::BTreeSet;

    /// Every hand of `captures`.
    fn hands_of(captures: &[&str]) -> Vec<Hand> {
        let args = ["cardshark", "hands", "--threads", "1", "--incomplete"];
        let cli = Cli::try_parse_from(args.iter().chain(captures)).unwrap();
        let Some(Command::Hands(args)) = cli.command else {
            unreachable!("parsed as hands")
        };
        let mut hands = Vec::new();
        crate::cli::passes::hands::collect_hands(&args.input, &args.decode, |j| {
            hands.push(j.hand);
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
        hands
    }

    /// Whether `v` says something: not null, not an empty list.
    fn told(v: &J) -> bool {
        !(v.is_null() || v.as_array().is_some_and(Vec::is_empty))
    }

    #[test]
    fn every_name_has_a_value_in_a_real_hand() {
        let hands = hands_of(&[
            "testdata/hands/merged.pcap",
            "testdata/pokernetwork/betting-v3-raiseto.pcap",
        ]);
        assert!(hands.len() > 1);
        let values: Vec<J> = hands.iter().map(hand_json).collect();
        for k in HAND_KEYS {
            assert!(
                values.iter().all(|v| v.get(k.name).is_some()),
                "{} is in every hand's value",
                k.name
            );
            assert!(
                values.iter().any(|v| told(&v[k.name])),
                "{}: no hand of the captures has a value for it",
                k.name
            );
        }
        // And nothing else: the value holds the names the help lists.
        let names: BTreeSet<&str> = hand_names().iter().map(|(n, _, _)| *n).collect();
        for v in &values {
            let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, names);
        }
    }

    #[test]
    fn the_protocol_takes_every_name_a_hand_shows() {
        use cardshark::protocols::{Dialect, ProtocolId};
        for name in POKER {
            assert!(label::is_name(name), "{name}");
        }
        for p in [
            ProtocolId::PokerTh,
            ProtocolId::PokerTh1,
            ProtocolId::PokerNetwork,
        ] {
            for d in Dialect::ALL.map(Some).into_iter().chain([None]) {
                for n in label::names_of(p, d) {
                    assert!(POKER.contains(&n), "{p:?} {d:?}: {n}");
                }
            }
        }
        let hands = hands_of(&["testdata/pokerth/session-2007.pcap"]);
        assert!(!hands.is_empty());
        for h in &hands {
            assert_eq!(hand_json(h)["protocol"], json!(["pokerth", "pokerth-2007"]));
            assert_eq!(h.label().to_string(), "pokerth-2007");
        }
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = HAND_KEYS.iter().map(|k| k.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), HAND_KEYS.len());
    }
}
