//! The PokerTH lobby on hand-made messages.

use super::draw::draw;
use super::*;
use crate::analysis::timeline::recent::KEPT;
use crate::decode::record::test_record;

/// Applies `m` at frame `frame`; the change it made.
fn apply(l: &mut Lobby, frame: u64, m: Message) -> Option<String> {
    l.message(&test_record(frame), &m)
}

#[test]
fn the_histories_keep_the_last_entries_and_every_change_is_reported() {
    let mut l = Lobby::new();
    let n = KEPT as u64 * 2 + 7;
    let mut said = Vec::new();
    for i in 0..n {
        let chat = Message::ChatText(ChatText {
            player_id: 5,
            text_length: 0,
            text: format!("line {i}"),
        });
        said.push(apply(&mut l, 3 * i + 1, chat));
        let kick = Message::AskKickPlayer(AskKickPlayer { player_id: 6 });
        said.push(apply(&mut l, 3 * i + 2, kick));
        let error = Message::Error(Error {
            error_reason: ErrorReason(u16::try_from(i).unwrap()),
        });
        said.push(apply(&mut l, 3 * i + 3, error));
    }
    // Every message made its change, the oldest as the newest.
    assert_eq!(said.len() as u64, 3 * n);
    assert!(said.iter().all(Option::is_some));
    assert_eq!(said[0].as_deref(), Some("chat 5: line 0"));
    assert_eq!(said[1].as_deref(), Some("client asks to kick 6"));
    // The state keeps the last KEPT of each, oldest first.
    let let_go = n - KEPT as u64;
    for list in [&l.chat, &l.kicks, &l.errors] {
        assert_eq!(list.len(), KEPT);
        assert_eq!(list.let_go(), let_go);
    }
    let chat: Vec<&str> = l.chat.iter().map(|e| &*e.text).collect();
    let want: Vec<String> = (let_go..n).map(|i| format!("5: line {i}")).collect();
    assert_eq!(chat, want);
    assert_eq!(l.chat[0].frame, 3 * let_go + 1);
    assert_eq!(l.errors.last().unwrap().frame, 3 * n);
    assert!(draw(&l).contains(&format!("  chat: 5: line {}\n", n - 1)));
    // As JSON, each is the list of those kept.
    let v = serde_json::to_value(&l).unwrap();
    assert_eq!(v["chat"].as_array().unwrap().len(), KEPT);
    assert_eq!(v["chat"][KEPT - 1]["text"], format!("5: line {}", n - 1));
    assert_eq!(v["kicks"].as_array().unwrap().len(), KEPT);
}

#[test]
fn a_petition_leaves_when_it_ends_or_the_client_leaves_its_game() {
    let mut l = Lobby::new();
    let start = |id| {
        Message::StartKickPlayerPetition(StartKickPlayerPetition {
            petition_id: id,
            proposing_player_id: 1,
            kick_player_id: 2,
            kick_timeout: 30,
            votes_needed_to_kick: 2,
        })
    };
    apply(&mut l, 1, start(1));
    apply(&mut l, 2, start(2));
    assert_eq!(l.petitions.keys().copied().collect::<Vec<_>>(), [1, 2]);
    let end = Message::EndKickPlayerPetition(EndKickPlayerPetition {
        petition_id: 1,
        votes_against_kicking: 1,
        votes_in_favour_of_kicking: 1,
        vote_result: VoteResult(0),
        end_reason: PetitionEndReason(0),
    });
    let said = apply(&mut l, 3, end).unwrap();
    assert!(said.starts_with("petition 1 ends: not_kicked"), "{said}");
    assert_eq!(l.petitions.keys().copied().collect::<Vec<_>>(), [2]);
    assert_eq!(l.kicks.last().unwrap().text, said.into());
    let removed = Message::RemovedFromGame(RemovedFromGame {
        remove_reason: RemoveReason(0),
    });
    apply(&mut l, 4, removed);
    assert!(l.petitions.is_empty());
    assert_eq!(l.kicks.len(), 3);
}
