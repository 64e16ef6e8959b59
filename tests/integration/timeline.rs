//! `cardshark timeline` and `cardshark replay -s N` on the game captures of
//! testdata/. The expected values are not read off the tracker: the GLS
//! board from the decoded messages (`cardshark decode
//! testdata/gls/session.pcap`, and testdata/gls/make_sessions.py's
//! `full_session`), the card table from an independent replay of the
//! bytes the server sent in testdata/cardgame/session.json (the realcap
//! script of make_sessions.py's `Game(96)`) following the seed's message
//! layout, the lobby from the decoded Game List New, Player Info and
//! Statistics Changed records.

use crate::common;

use serde_json::{json, Value};

use common::{json_lines as lines, run_ok as run, testdata};

/// The state of `stream` at the end of the capture (`--at` its last frame;
/// past it is an error).
fn final_state(file: &str, stream: u64) -> Value {
    let inspect: Value =
        serde_json::from_str(&run(&["inspect", "--format", "json"], file)).unwrap();
    let last = inspect["capture"]["frames"].to_string();
    let out = run(
        &[
            "timeline",
            "--format",
            "jsonl",
            "--at",
            &last,
            "-s",
            &stream.to_string(),
        ],
        file,
    );
    let l = lines(&out);
    assert_eq!(l.len(), 1);
    assert_eq!(l[0]["stream"], stream);
    l[0]["state"].clone()
}

/// A die: (number, color, who placed it).
type Die = (u64, String, String);
/// A square: (loc, plate, dice).
type Square = (String, String, Vec<Die>);

/// The board as (loc, plate abbrev or "-" for empty, dice as
/// (die, color, nick)) for every square the capture says something about.
fn board(state: &Value) -> Vec<Square> {
    let squares = state["board"].as_array().unwrap();
    assert_eq!(squares.len(), 64);
    let mut out = Vec::new();
    for (i, sq) in squares.iter().enumerate() {
        let loc = format!("{}{}", (b'A' + (i / 8) as u8) as char, i % 8 + 1);
        assert_eq!(sq["loc"], loc.as_str());
        let plate = match (&sq["plate"], sq["empty"].as_bool().unwrap()) {
            (Value::Null, true) => "-".to_string(),
            (Value::Null, false) => "?".to_string(),
            (p, false) => p["abbrev"].as_str().unwrap().to_string(),
            (_, true) => panic!("{loc}: a plate on an empty square"),
        };
        let dice: Vec<_> = (sq["dice"].as_array().unwrap().iter())
            .map(|d| {
                (
                    d["die"].as_u64().unwrap(),
                    d["color"].as_str().unwrap().to_string(),
                    d["nick"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        if plate != "?" || !dice.is_empty() {
            out.push((loc, plate, dice));
        }
    }
    out
}

fn die(n: u64, color: &str, nick: &str) -> Die {
    (n, color.into(), nick.into())
}

fn sq(loc: &str, plate: &str, dice: Vec<Die>) -> Square {
    (loc.into(), plate.into(), dice)
}

#[test]
fn gls_session_final_board_players_chat_and_refusals() {
    let s = final_state("gls/session.pcap", 0);
    assert_eq!(s["game"], "gls");
    assert_eq!(
        board(&s),
        vec![
            sq("A1", "SCI", vec![die(4, "blue", "Dave100")]),
            sq("C5", "MTH", vec![die(1, "orange", "Carol")]),
            sq("D4", "ART", vec![die(3, "red", "Frostsnow2")]),
            sq("F2", "MUS", vec![]),
            sq("H7", "PHL", vec![]),
            sq("H8", "-", vec![]),
        ]
    );
    assert_eq!(s["board"][0]["plate"]["name"], "Science");
    assert_eq!(
        s["board"][0]["plate"]["description"],
        "The systematic study of the world through observation and experiment."
    );
    // Dave100 parted (frame 27): the players are those still in the game.
    assert_eq!(
        s["players"],
        json!([{"nick": "Frostsnow2", "me": true, "former_nicks": []}])
    );
    assert_eq!(
        final_state_at("gls/session.pcap", 26)["players"],
        json!([
            {"nick": "Frostsnow2", "me": true, "former_nicks": []},
            {"nick": "Dave100", "me": false, "former_nicks": ["Dave99"]},
        ])
    );
    assert_eq!(s["client_state"], "disconnected");
    assert_eq!(s["shutdown"], "Server received SIGTERM");
    assert_eq!(s["motd"], "Welcome to the Glass Plate Game test server!");
    assert_eq!(
        s["chat"],
        json!([
            {"frame": 21, "nick": "Frostsnow2", "time": "2010-01-01T00:01:01.000000Z", "message": "hello, plates"},
            {"frame": 22, "nick": "Dave99", "time": "2010-01-01T00:01:05.000000Z", "message": "hi Frostsnow2"},
        ])
    );
    assert_eq!(
        s["rejected"],
        json!([
            {"frame": 11, "what": "nick Frostsnow", "reason": "Already in use"},
            {"frame": 19, "what": "die at H8 (any color)", "reason": "No plate at H8"},
        ])
    );
    assert_eq!(s["incomplete"], false);

    let refused = final_state("gls/session.pcap", 1);
    assert_eq!(refused["client_state"], "disconnected");
    assert_eq!(refused["client_version"], "9.1 (gls-dev)");
    assert_eq!(
        refused["rejected"],
        json!([{"frame": 38, "what": "protocol version",
                "reason": "Invalid protocol version '9.1' (expected '0.0')"}])
    );
    assert!(board(&refused).is_empty());
}

#[test]
fn gls_state_at_a_frame() {
    // Frame 13 completes the NickSet and the first four PlatePlace.
    let at13 = final_state_at("gls/session.pcap", 13);
    assert_eq!(at13["client_state"], "synchronizing");
    assert_eq!(
        board(&at13),
        vec![
            sq("A1", "SCI", vec![]),
            sq("C5", "MTH", vec![]),
            sq("D4", "ART", vec![]),
            sq("F2", "MUS", vec![]),
        ]
    );
    // Frame 14: the rest of the synchronisation and Dave99's arrival.
    let at14 = final_state_at("gls/session.pcap", 14);
    assert_eq!(at14["client_state"], "authenticated");
    assert_eq!(
        board(&at14),
        vec![
            sq("A1", "SCI", vec![]),
            sq("C5", "MTH", vec![die(1, "orange", "Carol")]),
            sq("D4", "ART", vec![]),
            sq("F2", "MUS", vec![]),
            sq("H7", "PHL", vec![]),
            sq("H8", "-", vec![]),
        ]
    );
    let nicks: Vec<&str> = (at14["players"].as_array().unwrap().iter())
        .map(|p| p["nick"].as_str().unwrap())
        .collect();
    assert_eq!(nicks, ["Frostsnow2", "Dave99"]);
    // The table form draws the board.
    let text = run(&["timeline", "--at", "14", "-s", "0"], "gls/session.pcap");
    assert!(text.starts_with("── stream 0 at frame 14\n"), "{text}");
    assert!(text.contains("\n  5  ···    ···    MTH•1  ···"), "{text}");
    assert!(
        text.contains("\n  8  ···    ···    ···    ···    ···    ···    ···    ---"),
        "{text}"
    );
}

fn final_state_at(file: &str, frame: u64) -> Value {
    let out = run(
        &[
            "timeline",
            "--format",
            "jsonl",
            "--at",
            &frame.to_string(),
            "-s",
            "0",
        ],
        file,
    );
    let l = lines(&out);
    assert_eq!(l.len(), 1);
    assert_eq!(l[0]["frame"], frame);
    l[0]["state"].clone()
}

/// Every card's final (place, detail, image), from an independent replay
/// of the server's bytes in testdata/cardgame/session.json.
const CARDS: &str = "\
0:stock:0:back 1:recipient_trick_pile:0:back 2:recipient_trick_pile:0:back 3:recipient_meld:4:Kc \
4:opponent_hand:11:back 5:opponent_hand:3:back 6:stock:0:back 7:recipient_trick_pile:0:back \
8:stock:0:back 9:stock:0:back 10:stock:0:back 11:opponent_hand:6:back 12:opponent_hand:2:back \
13:recipient_trick_pile:0:back 14:stock:0:back 15:stock:0:back 16:recipient_hand:9:Th \
17:stock:0:back 18:stock:0:back 19:stock:0:back 20:stock:0:back 21:opponent_hand:4:back \
22:stock:0:back 23:recipient_hand:8:As 24:stock:0:back 25:stock:0:back \
26:recipient_trick_pile:0:back 27:stock:0:back 28:recipient_hand:9:Tc 29:stock:0:back \
30:stock:0:back 31:recipient_hand:10:Jd 32:recipient_hand:7:Qd 33:stock:0:back 34:stock:0:back \
35:opponent_hand:8:back 36:stock:0:back 37:stock:0:back 38:stock:0:back 39:stock:0:back \
40:opponent_hand:0:back 41:recipient_trick_pile:0:back 42:stock:0:back \
43:recipient_trick_pile:0:back 44:recipient_trick_pile:0:back 45:recipient_trick_pile:0:back \
46:stock:0:back 47:recipient_trick_pile:0:back 48:stock:0:back 49:stock:0:back \
50:opponent_hand:1:back 51:stock:0:back 52:recipient_trick_pile:0:back 53:stock:0:back \
54:stock:0:back 55:stock:0:back 56:recipient_meld:1:Qd 57:stock:0:back 58:stock:0:back \
59:stock:0:back 60:stock:0:back 61:recipient_hand:11:Jh 62:stock:0:back 63:stock:0:back \
64:opponent_hand:9:back 65:recipient_hand:10:Ah 66:stock:0:back 67:stock:0:back 68:stock:0:back \
69:recipient_trick_pile:0:back 70:stock:0:back 71:stock:0:back 72:stock:0:back \
73:opponent_hand:10:back 74:trump:0:Qc 75:stock:0:back 76:recipient_hand:9:Tc 77:stock:0:back \
78:stock:0:back 79:stock:0:back 80:stock:0:back 81:recipient_trick_pile:0:back \
82:opponent_hand:5:back 83:recipient_trick_pile:0:back 84:stock:0:back 85:recipient_meld:7:Jh \
86:recipient_hand:1:Qh 87:stock:0:back 88:stock:0:back 89:opponent_hand:7:back 90:stock:0:back \
91:stock:0:back 92:stock:0:back 93:recipient_trick_pile:0:back 94:recipient_trick_pile:0:back \
95:stock:0:back";

#[test]
fn cardgame_session_final_table() {
    let s = final_state("cardgame/session.pcap", 0);
    assert_eq!(s["game"], "cardgame");
    let cards = s["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 96);
    let expected: Vec<&str> = CARDS.split(' ').collect();
    assert_eq!(expected.len(), 96);
    for (c, want) in cards.iter().zip(expected) {
        let got = format!(
            "{}:{}:{}:{}",
            c["id"],
            c["loc"]["place"].as_str().unwrap(),
            c["loc"]["detail"],
            c["image"].as_str().unwrap()
        );
        assert_eq!(got, want);
    }
    // Hands by position, then by arrival (three cards share position 9:
    // 16 was dealt, 76 and then 28 were drawn into it).
    assert_eq!(
        s["places"]["recipient_hand"],
        json!([86, 32, 23, 16, 76, 28, 31, 65, 61])
    );
    assert_eq!(
        s["places"]["opponent_hand"],
        json!([40, 50, 12, 5, 21, 82, 11, 89, 35, 64, 73, 4])
    );
    assert_eq!(s["places"]["recipient_meld"], json!([56, 3, 85]));
    assert_eq!(
        s["places"]["recipient_trick_pile"],
        json!([69, 45, 83, 2, 44, 43, 41, 26, 93, 52, 7, 47, 81, 94, 13, 1])
    );
    assert_eq!(s["places"]["trump"], json!([74]));
    assert_eq!(s["places"]["stock"].as_array().unwrap().len(), 55);
    for empty in ["trick", "opponent_trick_pile", "opponent_meld", "unknown"] {
        assert_eq!(s["places"][empty], json!([]), "{empty}");
    }
    assert_eq!(
        s["raised"],
        json!([69, 45, 83, 2, 56, 44, 43, 41, 26, 93, 52, 3, 7, 47, 81, 94, 13, 1, 85])
    );
    assert_eq!(s["lowered"], json!([74]));
    assert_eq!(s["scores"], json!({"recipient": 250, "opponent": 40}));
    let history: Vec<(String, u64, u64)> = (s["score_history"].as_array().unwrap().iter())
        .map(|e| {
            assert!(e.get("note").is_none(), "{e}");
            (
                e["who"].as_str().unwrap().to_string(),
                e["increase"].as_u64().unwrap(),
                e["total"].as_u64().unwrap(),
            )
        })
        .collect();
    let r = |i, t| ("recipient".to_string(), i, t);
    let o = |i, t| ("opponent".to_string(), i, t);
    assert_eq!(
        history,
        vec![
            r(10, 10),
            r(10, 20),
            r(40, 60),
            r(10, 70),
            r(10, 80),
            o(20, 20),
            r(10, 90),
            r(40, 130),
            r(10, 140),
            r(10, 150),
            r(10, 160),
            r(40, 200),
            o(20, 40),
            r(50, 250),
            o(0, 40),
        ]
    );
    assert_eq!(s["dealer"], "recipient");
    assert_eq!(s["stage"], "end-of-hand count-up");
    let count_up = s["count_up"]["scores"].as_array().unwrap();
    assert_eq!(count_up.len(), 2);
    assert_eq!(count_up[0]["total"], 250);
    assert_eq!(count_up[0]["what"].as_str().unwrap().len(), 200);
    assert_eq!(count_up[1]["what"], "no tricks");
}

#[test]
fn pokerth_lobby_games_and_players() {
    let s = final_state("pokerth/session.pcap", 0);
    assert_eq!(s["game"], "pokerth_lobby");
    assert_eq!(s["me"], 1002);
    assert_eq!(s["my_name"], "Bob1");
    // Game 7 closed at frame 368: it left the list.
    let games = s["games"].as_object().unwrap();
    assert_eq!(games.keys().collect::<Vec<_>>(), ["8"]);
    let before_closing = final_state_at("pokerth/session.pcap", 367);
    let g7 = &before_closing["games"]["7"];
    assert_eq!(
        (
            &g7["name"],
            &g7["mode"],
            &g7["admin"],
            &g7["password"],
            &g7["players"]
        ),
        (
            &json!("Friday"),
            &json!("started"),
            &json!(1002),
            &json!(true),
            &json!([])
        )
    );
    assert_eq!(g7["settings"]["start_money"], 3000);
    assert_eq!(g7["settings"]["max_number_of_players"], 5);
    let g8 = &games["8"];
    assert_eq!(
        (
            &g8["name"],
            &g8["mode"],
            &g8["admin"],
            &g8["password"],
            &g8["players"]
        ),
        (
            &json!("Open table"),
            &json!("started"),
            &json!(2001),
            &json!(false),
            &json!([2001, 2002])
        )
    );
    assert_eq!(g8["settings"]["start_money"], 5000);
    let names: Vec<(String, Value)> = (s["players"].as_object().unwrap().iter())
        .map(|(id, p)| (id.clone(), p["name"].clone()))
        .collect();
    assert_eq!(
        names,
        [
            ("1001", json!("Alice")),
            ("1002", json!("Bob1")),
            ("1003", json!("Carol")),
            ("1004", json!("Computer 1")),
            ("2001", json!("Dave")),
            ("2002", json!("Eve")),
            ("2003", Value::Null),
        ]
        .map(|(a, b)| (a.to_string(), b))
    );
    assert_eq!(s["players"]["2003"]["unknown_to_server"], true);
    assert_eq!(s["players"]["1004"]["human"], false);
    assert_eq!(s["statistics"], json!({"players_on_server": 15}));
    // Petition 1 is open until it ends (frame 152); its end is in the kicks.
    assert_eq!(
        final_state_at("pokerth/session.pcap", 151)["petitions"],
        json!({"1": {"proposer": 1002, "target": 1003, "votes_needed": 2, "against": 1,
                     "in_favour": 1}})
    );
    assert_eq!(s["petitions"], json!({}));
    let kicks = s["kicks"].as_array().unwrap();
    assert_eq!(kicks.len(), 9);
    assert!(
        kicks.contains(&json!({"frame": 152, "text": "petition 1 ends: not_kicked (timed_out)"}))
    );
    assert_eq!(s["own_game"], Value::Null);

    // Mid-game: the client's game 7 started with four players, Alice admin.
    let mid = final_state_at("pokerth/session.pcap", 61);
    assert_eq!(
        mid["own_game"],
        json!({"game_id": 7, "players": [1001, 1002, 1003, 1004], "admin": 1001,
               "started": true, "settings": mid["own_game"]["settings"].clone()})
    );
    assert_eq!(mid["games"]["7"]["players"], json!([1001, 1003, 1002]));
    assert_eq!(mid["games"]["7"]["mode"], "started");
    assert_eq!(mid["statistics"], json!({"players_on_server": 17}));

    let refused = final_state("pokerth/session.pcap", 1);
    assert_eq!(refused["my_name"], "Alice");
    assert_eq!(
        refused["errors"],
        json!([{"frame": 383, "text": "error: init_player_name_in_use"}])
    );
}

#[test]
fn jsonl_has_the_full_state_at_every_step() {
    let l = lines(&run(&["timeline", "--format", "jsonl"], "gls/session.pcap"));
    // 27 changes on stream 0 (26 messages and the end), 3 on stream 1.
    assert_eq!(l.len(), 30);
    let steps: Vec<(u64, u64, u64)> = (l.iter())
        .map(|x| {
            (
                x["stream"].as_u64().unwrap(),
                x["step"].as_u64().unwrap(),
                x["frame"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(steps[0], (0, 1, 6));
    assert_eq!(steps[26], (0, 27, 31));
    assert_eq!(steps[27], (1, 1, 36));
    assert_eq!(steps[29], (1, 3, 41));
    assert_eq!(l[0]["ts"], "2026-11-21T06:04:47.777911Z");
    assert_eq!(
        l[0]["what"],
        "client speaks version 0.0 (gls) [client state: connected]"
    );
    for x in &l {
        assert_eq!(x["state"]["board"].as_array().unwrap().len(), 64);
    }
    // The step of frame 17 shows the new die at D4, the step before not.
    let i = l.iter().position(|x| x["frame"] == 17).unwrap();
    assert_eq!(l[i]["what"], "Frostsnow2 places die 3 (red) at D4");
    assert_eq!(
        l[i]["state"]["board"][3 * 8 + 3]["dice"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(l[i - 1]["state"]["board"][3 * 8 + 3]["dice"], json!([]));
    // The table has the same changes, a row each.
    let table = run(&["timeline"], "gls/session.pcap");
    // Plain columns into a pipe: the header, then a line per change
    // (Frame, Time, Stream, What).
    let rows = table.lines().skip(1).count();
    assert_eq!(rows, 30);
    assert!(
        table.lines().any(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w[0] == "19"
                && w[2] == "0"
                && l.ends_with(" die at H8 (any color) rejected: No plate at H8")
        }),
        "{table}"
    );
}

#[test]
fn replay_a_game_stream_without_a_terminal() {
    let text = run(&["replay", "-s", "0"], "gls/session.pcap");
    let heads: Vec<&str> = text.lines().filter(|l| l.starts_with("── step")).collect();
    assert_eq!(heads.len(), 27);
    assert_eq!(
        heads[0],
        "── step 1 of 27 · frame 6 · client speaks version 0.0 (gls) [client state: connected]"
    );
    assert_eq!(
        heads[26],
        "── step 27 of 27 · frame 31 · the stream ends (fin)"
    );
    assert!(!text.contains("[Enter"), "waited without a terminal");
    let last = &text[text.rfind("── step 27").unwrap()..];
    assert!(last.contains("\n  1  SCI•1  ···"), "{last}");
    assert!(last.contains("\n  A1: die 4 blue by Dave100\n"), "{last}");
    assert!(last.contains("players: Frostsnow2 (me)\n"), "{last}");
    let parting = &text[text.find("── step 25").unwrap()..text.find("── step 26").unwrap()];
    assert!(parting.contains("· Dave100 leaves\n"), "{parting}");
    let before = &text[text.find("── step 24").unwrap()..text.find("── step 25").unwrap()];
    assert!(
        before.contains("players: Frostsnow2 (me), Dave100\n"),
        "{before}"
    );

    let cards = run(
        &["replay", "-s", "0", "--auto", "1"],
        "cardgame/session.pcap",
    );
    let last = &cards[cards.rfind("── step").unwrap()..];
    assert!(
        last.contains("  recipient hand [Qh Qd As Th Tc Tc Jd Ah Jh]  meld [Qd Kc Jh]  tricks 16  score 250\n"),
        "{last}"
    );
    assert!(
        last.contains("  stock 55  trump [Qc]  trick []\n"),
        "{last}"
    );

    let json = lines(&run(
        &["replay", "-s", "0", "--format", "jsonl"],
        "cardgame/session.pcap",
    ));
    assert_eq!(
        json.last().unwrap()["state"]["scores"],
        json!({"recipient": 250, "opponent": 40})
    );
    assert_eq!(json.last().unwrap()["step"], json.len());
}

#[test]
fn bad_usage() {
    // Neither --hand nor -s; both; a stream that is no game.
    for args in [
        vec!["replay"],
        vec!["replay", "-s", "0", "--hand", "0:1"],
        vec!["replay", "-s", "7"],
        vec!["timeline", "-s", "0"],
    ] {
        let file = if args[0] == "timeline" {
            // Its one stream speaks no protocol cardshark knows.
            "realcap/ipv6.pcap"
        } else {
            "gls/session.pcap"
        };
        let out = common::cardshark()
            .args(&args)
            .arg(testdata(file))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn every_capture_of_testdata_without_a_panic() {
    let mut n = 0;
    let mut dirs = vec![testdata("")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            let name = p.to_string_lossy().to_string();
            if !(name.ends_with(".pcap") || name.ends_with(".pcapng")) {
                continue;
            }
            n += 1;
            for args in [
                vec!["timeline"],
                vec!["timeline", "--format", "jsonl"],
                vec!["timeline", "--at", "5"],
            ] {
                let out = common::cardshark().args(&args).arg(&p).output().unwrap();
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{args:?} {name}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
        }
    }
    assert!(n >= 18, "{n} captures");
}

#[test]
fn a_gap_is_a_change_and_marks_the_state_incomplete() {
    let l = lines(&run(&["timeline", "--format", "jsonl"], "hands/gap.pcap"));
    let i = l.iter().position(|x| x["frame"] == 57).unwrap();
    assert_eq!(
        l[i]["what"],
        "gap: 28 byte(s) of the s2c direction missing: the state may be incomplete from here"
    );
    assert_eq!(l[i - 1]["state"]["incomplete"], false);
    assert_eq!(l[i]["state"]["incomplete"], true);
    assert_eq!(l.last().unwrap()["state"]["incomplete"], true);
}
