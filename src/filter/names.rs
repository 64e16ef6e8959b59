//! The catalogue of the names under a record's `fields`: every key path
//! any protocol's messages write, so that a filter or a `-e` column naming
//! one that none writes is an error, not an empty result.
//!
//! One place, derived from the protocols' own tables where they have
//! them: poker-network's packet classes ([`pokernetwork::parsing::specs`]:
//! each attribute by its wire kind), PokerTH 1.x's wire facts
//! ([`pokerth1::messages::definitions`]: each message's fields, nested
//! messages followed); the protocols whose messages are plain structs
//! (PokerTH's binary protocol, GLS, the card game) are listed here. Lists
//! are walked through (a path names each element's key), and values that
//! carry JSON of their own (poker-network's `json` attributes and the hand
//! history's literals) accept any path below them. Tests decode every
//! reference vector and every capture of testdata/ and check that each
//! key path seen is known here.

use crate::protocols::pokernetwork::parsing::{specs, WireKind};
use crate::protocols::pokerth1::messages::definitions::MESSAGES;
use crate::protocols::pokerth1::messages::schema::{Ty, ENVELOPE};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The key paths of the message structs of PokerTH's binary protocol
/// (both dialects), in dotted form.
const POKERTH: &str = "
    admin_player_id avatar_block_size avatar_file_data avatar_file_size avatar_file_type
    avatar_md5 avatar_type cash_value current_number_of_players deny_reason end_reason
    error_reason failure_reason flop_1st_card flop_2nd_card flop_3rd_card game_id
    game_info_block.end_raise_mode game_info_block.end_raise_small_blind_value
    game_info_block.first_small_blind game_info_block.manual_blind_slots
    game_info_block.max_number_of_players game_info_block.number_of_manual_blinds
    game_info_block.player_action_timeout game_info_block.proposed_gui_speed
    game_info_block.raise_interval_mode game_info_block.raise_mode
    game_info_block.raise_small_blind_interval game_info_block.start_money game_mode
    game_name game_name_length game_state hands_before_raise highest_set kick_player_id
    kick_timeout latest_beta_revision latest_game_version latest_game_version_raw
    leave_reason minimum_raise money_won name name_length new_admin_player_id
    number_of_player_cards_records number_of_player_result_records number_of_players
    number_of_statistics password password_length petition_id player_action player_bet
    player_cards_records.1st_card player_cards_records.2nd_card
    player_cards_records.player_id player_flags.has_avatar player_flags.human player_id
    player_id_slots player_money player_name player_name_length player_number
    player_result_records.1st_card player_result_records.2nd_card
    player_result_records.best_hand_position_1 player_result_records.best_hand_position_2
    player_result_records.best_hand_position_3 player_result_records.best_hand_position_4
    player_result_records.best_hand_position_5 player_result_records.money_won
    player_result_records.player_id player_result_records.player_money
    player_result_records.value_of_cards player_rights.admin privacy_flags.password_protected
    privacy_flags.show_avatar proposed_gui_speed proposing_player_id rejection_reason
    remaining_seconds remove_reason request_id requested_version requested_version_major
    requested_version_minor river_card small_blind start_cash start_dealer_player_id
    start_flags.fill_with_computer_players statistics.statistics_type
    statistics.statistics_value text text_length timeout_reason total_player_bet turn_card
    vote vote_result votes_against_kicking votes_in_favour_of_kicking votes_needed_to_kick
    winner_player_id your_1st_card your_2nd_card your_player_id your_player_number
    your_session_id
";

/// The key paths of the Glass Plate Game's events.
const GLS: &str = "
    abbrev ack color description die flags loc magic message motd name new_nick nick
    old_nick reason software time time_utc version
";

/// The key paths of the card game's messages.
const CARDGAME: &str =
    "card deal image increase loc.detail loc.place milliseconds stage total what who";

/// The fields of a message that could not be decoded.
const RAW: &str = "raw";

/// A node of the catalogue: a key and what may follow it.
#[derive(Debug, Default, Clone)]
pub struct Node {
    /// The keys below it.
    children: BTreeMap<String, Node>,
    /// Any path below it is known (JSON the message carries).
    open: bool,
    /// What follows is a poker-network packet's fields again (a packet
    /// list's `fields`).
    packet: bool,
}

impl Node {
    fn child(&mut self, key: &str) -> &mut Node {
        self.children.entry(key.to_string()).or_default()
    }

    /// Adds a dotted path.
    fn add(&mut self, path: &str) -> &mut Node {
        path.split('.').fold(self, |n, k| n.child(k))
    }

    /// Adds each of the whitespace-separated dotted paths of `list`.
    fn add_all(&mut self, list: &str) {
        for p in list.split_whitespace() {
            self.add(p);
        }
    }

    /// Merges `other` into this node.
    fn merge(&mut self, other: Node) {
        self.open |= other.open;
        self.packet |= other.packet;
        for (k, v) in other.children {
            self.child(&k).merge(v);
        }
    }
}

/// Every key path under `fields`.
#[derive(Debug)]
pub struct Catalogue {
    /// The union of every protocol's fields.
    root: Node,
    /// A poker-network packet's fields (for packet lists, which nest).
    packet: Node,
}

impl Catalogue {
    /// Whether `path` (the keys after `fields`) is a key path some
    /// message writes; an empty path is `fields` itself.
    pub fn knows(&self, path: &[&str]) -> bool {
        let mut node = &self.root;
        for key in path {
            if node.open {
                return true;
            }
            let base = if node.packet { &self.packet } else { node };
            match base.children.get(*key) {
                Some(n) => node = n,
                None => return false,
            }
        }
        true
    }

    /// Every dotted path known (what is open or nested again not
    /// followed), for suggestions and documentation.
    pub fn paths(&self) -> Vec<String> {
        fn walk(node: &Node, prefix: &str, out: &mut Vec<String>) {
            for (k, n) in &node.children {
                let path = format!("{prefix}{k}");
                out.push(path.clone());
                walk(n, &format!("{path}."), out);
            }
        }
        let mut out = Vec::new();
        walk(&self.root, "", &mut out);
        out
    }
}

/// The catalogue, made once.
pub fn fields() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let packet = pokernetwork();
        let mut root = pokerth1();
        root.merge(packet.clone());
        for list in [POKERTH, GLS, CARDGAME, RAW] {
            root.add_all(list);
        }
        Catalogue { root, packet }
    })
}

/// A poker-network packet's fields, from the packet classes' attributes;
/// the handshake line's and an unknown packet's besides.
fn pokernetwork() -> Node {
    let mut node = Node::default();
    node.add_all("version major minor micro raw");
    for spec in specs() {
        // The record's key, which is the attribute's name but for the few
        // renamed so that every key keeps one JSON type.
        for (&(_, kind), &name) in spec.attrs.iter().zip(spec.keys) {
            let n = node.child(name);
            match kind {
                WireKind::Cards => {
                    node.add(&format!("{name}_face_down"));
                }
                WireKind::Money => n.add_all("currency_serial money in_game points"),
                WireKind::Players => n.add_all("name chips flags"),
                WireKind::Packets => {
                    n.add_all("type type_id");
                    n.child("fields").packet = true;
                }
                WireKind::Json | WireKind::PyLit => n.open = true,
                _ => {}
            }
        }
    }
    node
}

/// A PokerTH 1.x message's fields: those of each message type the
/// envelope carries, nested messages followed; fields the protocol does
/// not define under `unknown_fields`.
fn pokerth1() -> Node {
    fn add_message(node: &mut Node, name: &str, depth: usize) {
        node.add_all("unknown_fields.number unknown_fields.wire_type unknown_fields.value unknown_fields.hex");
        let Some(def) = MESSAGES.iter().find(|m| m.name == name) else {
            return;
        };
        for f in def.fields {
            let child = node.child(f.json);
            if let (Ty::Message(inner), true) = (f.ty, depth < 8) {
                add_message(child, inner, depth + 1);
            }
        }
    }
    let mut node = Node::default();
    let envelope = MESSAGES.iter().find(|m| m.name == ENVELOPE);
    for f in envelope.map_or(&[][..], |e| e.fields) {
        if let Ty::Message(inner) = f.ty {
            add_message(&mut node, inner, 0);
        }
    }
    node
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocols::testkit::{unhex, vectors};
    use crate::protocols::{self, ProtocolId};
    use crate::reassembly::Direction;

    /// Every key path of a JSON value (lists walked through).
    pub(crate) fn key_paths(v: &serde_json::Value, prefix: &str, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    let path = format!("{prefix}{k}");
                    out.push(path.clone());
                    key_paths(x, &format!("{path}."), out);
                }
            }
            serde_json::Value::Array(items) => {
                for x in items {
                    key_paths(x, prefix, out);
                }
            }
            _ => {}
        }
    }

    fn unknown_paths(fields: &serde_json::Value) -> Vec<String> {
        let mut paths = Vec::new();
        key_paths(fields, "", &mut paths);
        paths.retain(|p| !fields_knows(p));
        paths
    }

    fn fields_knows(path: &str) -> bool {
        fields().knows(&path.split('.').collect::<Vec<_>>())
    }

    /// Every vector of every protocol that has them, decoded by our
    /// parser both ways: each key path of its fields is in the catalogue.
    #[test]
    fn every_reference_vector_writes_only_known_names() {
        let mut missing = Vec::new();
        for (file, protocol) in [
            ("gls.jsonl", ProtocolId::Gls),
            ("pokerth.jsonl", ProtocolId::PokerTh),
            ("pokernetwork.jsonl", ProtocolId::PokerNetwork),
        ] {
            let all = vectors(file);
            let mut decoded_ok = 0;
            for v in &all {
                let bytes = unhex(v["hex"].as_str().unwrap());
                for dir in [Direction::C2S, Direction::S2C] {
                    let mut dec = protocols::new_decoder(protocol);
                    let decoded = dec.decode(dir, &bytes);
                    decoded_ok += usize::from(decoded.error.is_none());
                    let fields = serde_json::to_value(&decoded.fields).unwrap();
                    for p in unknown_paths(&fields) {
                        missing.push(format!("{file} {}: {p}", decoded.type_name));
                    }
                }
            }
            // The check means something only if the vectors decode.
            assert!(
                decoded_ok >= all.len(),
                "{file}: {decoded_ok} of {}",
                all.len()
            );
        }
        missing.sort();
        missing.dedup();
        assert!(missing.is_empty(), "not in the catalogue: {missing:#?}");
    }

    #[test]
    fn open_and_nested_names() {
        for known in [
            "player_id",
            "showdown_stack.serial2money.1001",
            "packets.fields.packets.fields.seats",
            "packets.type",
            "cards_face_down",
            "game_info.start_money",
            "unknown_fields.number",
        ] {
            assert!(fields_knows(known), "{known}");
        }
        for unknown in [
            "playerid",
            "packets.fields.nope",
            "game_info.nope",
            "player_id.x",
        ] {
            assert!(!fields_knows(unknown), "{unknown}");
        }
        assert!(fields().knows(&[]));
        assert!(fields().paths().contains(&"loc.place".to_string()));
    }
}
