//! The Glass Plate Game board on hand-made messages.

use super::*;
use crate::decode::record::test_record;
use crate::protocols::gls::messages::*;

#[test]
fn squares() {
    assert_eq!(square_index("A1"), Some(0));
    assert_eq!(square_index("A8"), Some(7));
    assert_eq!(square_index("B1"), Some(8));
    assert_eq!(square_index("H8"), Some(63));
    for bad in ["", "A", "I1", "A9", "A0", "a1", "A10", "H8 "] {
        assert_eq!(square_index(bad), None, "{bad}");
    }
}

#[test]
fn dice_players_and_bad_locations() {
    let mut b = Board::new();
    let r = test_record(3);
    let die = |loc: &str| {
        Message::DiePlace(DiePlace {
            loc: loc.into(),
            color: Color(6),
            nick: "Ann".into(),
            die: 24,
        })
    };
    b.message(&r, &die("B2"));
    b.message(&r, &die("B2"));
    assert!(b
        .message(&r, &die("Z9"))
        .unwrap()
        .contains("invalid location"));
    assert_eq!(b.square("B2").unwrap().dice.len(), 2);
    assert_eq!(b.board.iter().map(|s| s.dice.len()).sum::<usize>(), 2);
    // A DiePlace alone does not show the client's state.
    assert_eq!(b.client_state, None);
    // A rename of a player never seen adds them.
    b.message(
        &r,
        &Message::NickChange(NickChange {
            old_nick: "x".into(),
            new_nick: "y".into(),
        }),
    );
    assert_eq!(b.players[0].nick, "y");
    assert_eq!(b.players[0].former_nicks.iter().collect::<Vec<_>>(), ["x"]);
    // Say2 implies an authenticated client.
    b.message(
        &r,
        &Message::Say2(Say2 {
            nick: "y".into(),
            time: 0,
            time_utc: None,
            message: "hi".into(),
        }),
    );
    assert_eq!(b.client_state, Some("authenticated"));
    b.end();
    assert_eq!(b.client_state, Some("disconnected"));
}

#[test]
fn histories_keep_the_last_entries_and_a_player_who_parts_goes() {
    use crate::analysis::timeline::recent::KEPT;
    use crate::protocols::gls::messages::Player as Nick;
    let mut b = Board::new();
    let n = KEPT + 10;
    let mut said = Vec::new();
    for i in 0..n {
        let r = test_record(i as u64 + 1);
        let say = Message::Say2(Say2 {
            nick: "Ann".into(),
            time: 0,
            time_utc: None,
            message: format!("line {i}"),
        });
        said.push(b.message(&r, &say));
        let reject = Message::DiePlaceReject(DiePlaceReject {
            loc: "H8".into(),
            color: Color(0),
            reason: format!("no {i}"),
        });
        said.push(b.message(&r, &reject));
        let rename = Message::NickChange(NickChange {
            old_nick: format!("Bo{i}"),
            new_nick: format!("Bo{}", i + 1),
        });
        said.push(b.message(&r, &rename));
    }
    // Every message made its change.
    assert!(said.iter().all(Option::is_some), "{said:?}");
    assert_eq!(
        said[0].as_deref(),
        Some("Ann: line 0 [client state: authenticated]")
    );
    // The state keeps the last KEPT of each, oldest first.
    let let_go = (n - KEPT) as u64;
    assert_eq!((b.chat.len(), b.chat.let_go()), (KEPT, let_go));
    assert_eq!(b.chat[0].message, format!("line {}", n - KEPT));
    assert_eq!(b.chat[0].frame, let_go + 1);
    assert_eq!(b.rejected.last().unwrap().reason, format!("no {}", n - 1));
    assert_eq!((b.rejected.len(), b.rejected.let_go()), (KEPT, let_go));
    assert_eq!(b.players.len(), 1);
    let bo = &b.players[0];
    assert_eq!(bo.nick, format!("Bo{n}"));
    assert_eq!(bo.former_nicks.len(), KEPT);
    assert_eq!(bo.former_nicks.total(), n as u64);
    assert_eq!(bo.former_nicks[0], format!("Bo{}", n - KEPT));
    let v = serde_json::to_value(&b).unwrap();
    assert_eq!(v["chat"].as_array().unwrap().len(), KEPT);
    assert_eq!(
        v["players"][0]["former_nicks"].as_array().unwrap().len(),
        KEPT
    );
    // A player who parts leaves the list; joining again adds them anew.
    let r = test_record(1000);
    let part = Message::PlayerPart(Nick {
        nick: format!("Bo{n}"),
    });
    assert_eq!(b.message(&r, &part), Some(format!("Bo{n} leaves")));
    assert!(b.players.is_empty());
    b.message(&r, &Message::PlayerJoin(Nick { nick: "Bo".into() }));
    assert_eq!(b.players[0].nick, "Bo");
    assert!(b.players[0].former_nicks.is_empty());
}
