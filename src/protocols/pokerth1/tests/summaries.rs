//! The summaries' wording with the names a stream told: protobuf messages
//! built field by field, decoded, their names learnt in order.

use super::*;
use crate::protocols::names::Names;

/// A varint field.
fn num(number: u32, v: u64, out: &mut Vec<u8>) {
    key(number, 0, out);
    varint(v, out);
}

/// Decodes each message in order, learning names as a stream does, and
/// returns the summaries.
fn summaries(msgs: &[Vec<u8>]) -> Vec<String> {
    let mut names = Names::new();
    msgs.iter()
        .map(|m| {
            let d = decode(m);
            assert_eq!(d.error, None);
            d.fields.learn_names(&mut names);
            d.fields.summary_with(&names)
        })
        .collect()
}

/// Player Info Reply (19): `id` is `name`, a computer player.
fn player_info(id: u64, name: &str) -> Vec<u8> {
    let mut data = Vec::new();
    len_field(1, name.as_bytes(), &mut data);
    num(2, 0, &mut data); // isHuman false
    num(3, 1, &mut data); // playerRights
    let mut body = Vec::new();
    num(1, id, &mut body);
    len_field(2, &data, &mut body);
    envelope(19, &body)
}

#[test]
fn an_action_names_the_player_the_stream_told() {
    // Players Action Done (44): game 1, player 2, preflop, call (3), total
    // bet 40, money 960, highest 40, minimum raise 20.
    let mut done = Vec::new();
    for (n, v) in [
        (1, 1),
        (2, 2),
        (3, 0),
        (4, 3),
        (5, 40),
        (6, 960),
        (7, 40),
        (8, 20),
    ] {
        num(n, v, &mut done);
    }
    let s = summaries(&[
        envelope(44, &done),
        player_info(2, "bob"),
        envelope(44, &done),
    ]);
    assert_eq!(s[0], "player 2 calls, bet now 40, stack 960 (preflop)");
    assert_eq!(s[1], "player 2 is \"bob\" (computer)");
    assert_eq!(s[2], "bob (2) calls, bet now 40, stack 960 (preflop)");
}

#[test]
fn the_clients_request_names_the_client() {
    // Init (2) with nick "alice", Init Ack (6) giving id 7, then My Action
    // Request (42): game 1, hand 3, flop, raise (5), adding 120.
    let mut version = Vec::new();
    num(1, 5, &mut version);
    num(2, 1, &mut version);
    let mut init = Vec::new();
    len_field(1, &version, &mut init);
    num(2, 0, &mut init);
    num(5, 2, &mut init);
    len_field(6, b"alice", &mut init);
    let mut ack = Vec::new();
    len_field(1, &[1, 2, 3, 4], &mut ack);
    num(2, 7, &mut ack);
    let mut req = Vec::new();
    for (n, v) in [(1, 1), (2, 3), (3, 1), (4, 5), (5, 120)] {
        num(n, v, &mut req);
    }
    let s = summaries(&[envelope(2, &init), envelope(6, &ack), envelope(42, &req)]);
    assert_eq!(s[1], "init ack: you are alice (7)");
    assert_eq!(s[2], "alice (7) asks to raise, putting in 120 (flop)");
}

#[test]
fn lists_show_their_values_shortened() {
    // Player Info Request (18): twelve ids, packed; player 3 is named.
    let mut ids = Vec::new();
    for id in 1..=12 {
        varint(id, &mut ids);
    }
    let mut body = Vec::new();
    len_field(1, &ids, &mut body);
    let s = summaries(&[player_info(3, "carol"), envelope(18, &body)]);
    assert_eq!(
        s[1],
        "player_ids [1, 2, carol (3), 4, 5, 6, 7, 8, … 4 more]"
    );
    // One id is one value, not a count.
    let mut body = Vec::new();
    len_field(1, &[2], &mut body);
    assert_eq!(summaries(&[envelope(18, &body)])[0], "player_ids [2]");
}

#[test]
fn a_showdown_says_who_won_what() {
    // End Of Hand Show Cards (49): game 1; player 2 Ah Ad (25, 12) wins
    // 880, money 1880; player 3 Kc Ks (50, 37) wins nothing, money 0.
    let result = |id, c1, c2, won, money| {
        let mut r = Vec::new();
        for (n, v) in [(1, id), (2, c1), (3, c2), (5, won), (6, money)] {
            num(n, v, &mut r);
        }
        r
    };
    let mut body = Vec::new();
    num(1, 1, &mut body);
    len_field(2, &result(2, 25, 12, 880, 1880), &mut body);
    len_field(2, &result(3, 50, 37, 0, 0), &mut body);
    let s = summaries(&[player_info(2, "bob"), envelope(49, &body)]);
    assert_eq!(
        s[1],
        "showdown: bob (2) wins 880 with [Ah Ad], stack 1880; shown: 3 [Kc Ks]"
    );
}
