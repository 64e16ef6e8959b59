//! The client states: a whole session, events out of state, the wrong
//! direction, and captures that start mid-stream.

use super::*;
use ClientState::*;
use Direction::{C2S, S2C};

fn protover() -> Vec<u8> {
    event(1, &[b"GLS\0", &cstr("0.0", 16), &cstr("gls", 32)])
}

fn ack(ok: bool) -> Vec<u8> {
    let reason = if ok { "" } else { "wrong version" };
    event(
        2,
        &[
            &[0, u8::from(ok)],
            &cstr(reason, 64),
            b"GLS\0",
            &cstr("0.0", 16),
            &cstr("glsd", 32),
        ],
    )
}

fn nick_req(n: &str) -> Vec<u8> {
    event(3, &[&cstr(n, 32)])
}

fn nick_set(n: &str, reason: &str) -> Vec<u8> {
    event(4, &[&cstr(n, 32), &cstr(reason, 64)])
}

fn plate() -> Vec<u8> {
    event(
        12,
        &[
            b"SCI\0",
            &cstr("Science", 256),
            &cstr("Science", 64),
            b"C5\0",
            &[0; 4],
        ],
    )
}

fn sync_end() -> Vec<u8> {
    event(11, &[&cstr("hi", 256)])
}

fn try_die() -> Vec<u8> {
    event(13, &[b"C5\0", &[0, 0, 0, 1]])
}

fn die() -> Vec<u8> {
    event(
        15,
        &[b"C5\0", &[0, 0, 0, 1], &cstr("alice", 32), &[0, 0, 0, 3]],
    )
}

fn shutdown() -> Vec<u8> {
    event(8, &[&cstr("bye", 64)])
}

/// Feeds the events and returns each one's notes and the state after it.
fn run(
    dec: &mut Decoder,
    events: &[(Direction, Vec<u8>)],
) -> Vec<(Vec<String>, Option<ClientState>)> {
    events
        .iter()
        .map(|(dir, bytes)| {
            let d = dec.decode(*dir, bytes);
            assert_eq!(d.error, None);
            (texts(&d.notes), dec.state())
        })
        .collect()
}

#[test]
fn a_whole_session_moves_through_every_state() {
    let mut dec = Decoder::new();
    assert_eq!(dec.state(), None);
    let out = run(
        &mut dec,
        &[
            (C2S, protover()),
            (S2C, ack(true)),
            (C2S, nick_req("alice")),
            (S2C, nick_set("", "Already in use")),
            (C2S, nick_req("alice2")),
            (S2C, nick_set("alice2", "")),
            (S2C, plate()),
            (S2C, die()),
            (S2C, sync_end()),
            (C2S, try_die()),
            (S2C, die()),
            (C2S, nick_req("bob")),
            (S2C, nick_set("bob", "")),
            (S2C, shutdown()),
        ],
    );
    let states: Vec<_> = out.iter().map(|(_, s)| s.unwrap()).collect();
    assert_eq!(
        states,
        [
            Connected,
            ProtoverOkay,
            ProtoverOkay,
            ProtoverOkay,
            ProtoverOkay,
            Synchronizing,
            Synchronizing,
            Synchronizing,
            Authenticated,
            Authenticated,
            Authenticated,
            Authenticated,
            Authenticated,
            Disconnected,
        ]
    );
    for (notes, _) in &out {
        assert_eq!(notes, &Vec::<String>::new());
    }
}

#[test]
fn a_rejected_version_disconnects() {
    let mut dec = Decoder::new();
    let out = run(
        &mut dec,
        &[
            (C2S, protover()),
            (S2C, ack(false)),
            (C2S, nick_req("alice")),
        ],
    );
    assert_eq!(out[1].1, Some(Disconnected));
    assert_eq!(
        out[2].0,
        vec!["NickReq is not expected in state disconnected".to_owned()]
    );
}

#[test]
fn events_out_of_state_are_noted() {
    let mut dec = Decoder::new();
    let out = run(
        &mut dec,
        &[
            (C2S, protover()),
            (C2S, try_die()),
            (S2C, ack(true)),
            (C2S, nick_req("alice")),
            (S2C, nick_set("alice", "")),
            (C2S, try_die()),
            (S2C, sync_end()),
            (S2C, plate()),
        ],
    );
    let notes: Vec<_> = out.into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        notes,
        [
            vec![],
            vec!["DiePlaceTry is not expected in state connected".to_owned()],
            vec![],
            vec![],
            vec![],
            vec!["DiePlaceTry is not expected in state synchronizing".to_owned()],
            vec![],
            vec!["PlatePlace is not expected in state authenticated".to_owned()],
        ]
    );
}

#[test]
fn the_wrong_direction_is_noted() {
    let mut dec = Decoder::new();
    let d = dec.decode(S2C, &protover());
    assert_eq!(
        texts(&d.notes),
        ["Protover is sent by the client, but this came from the server"]
    );
    assert_eq!(codes(&d.notes), ["gls.wrong_direction"]);
    let d = dec.decode(C2S, &die());
    assert_eq!(
        texts(&d.notes),
        ["DiePlace is sent by the server, but this came from the client"]
    );
    assert_eq!(dec.state(), None);
}

#[test]
fn a_capture_started_mid_stream_is_placed_by_its_events() {
    // NickReq and DiePlace fit several states: still unknown.
    let mut dec = Decoder::new();
    let out = run(
        &mut dec,
        &[(C2S, nick_req("bob")), (S2C, die()), (C2S, try_die())],
    );
    assert_eq!(
        out.iter().map(|(_, s)| *s).collect::<Vec<_>>(),
        [None, None, Some(Authenticated)]
    );
    assert!(out.iter().all(|(n, _)| n.is_empty()));
    // A PlatePlace means synchronizing.
    let mut dec = Decoder::new();
    let out = run(&mut dec, &[(S2C, plate()), (S2C, sync_end())]);
    assert_eq!(out[0].1, Some(Synchronizing));
    assert_eq!(out[1].1, Some(Authenticated));
    assert!(out.iter().all(|(n, _)| n.is_empty()));
}

#[test]
fn state_names_are_the_specs() {
    let names: Vec<_> = [
        Disconnected,
        Connected,
        ProtoverOkay,
        Synchronizing,
        Authenticated,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(
        names,
        [
            "disconnected",
            "connected",
            "protoverokay",
            "synchronizing",
            "authenticated"
        ]
    );
}
