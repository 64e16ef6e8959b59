//! poker-network hands with real betting agree with the rules to the chip.
//!
//! The captures (`testdata/pokernetwork/betting-*.pcap`) were made through
//! the kernel by `make_betting.py`; each `.expect.json` holds what the rules
//! give for every hand, worked out by the generator's own engine and
//! checked against pokerkit playing the same actions (never by cardshark).
//! For every hand: starting and final stacks, what each player won and got
//! back uncalled, the pots and their winners, the rake, the reading of
//! `PacketPokerRaise.amount` the stream's chip reports decide, and every
//! `PacketPokerPlayerChips` the server sent during the hand equal to the
//! stack rebuilt from the actions.

use crate::common;
use crate::support;

use serde_json::Value;
use std::collections::HashMap;
use support::testdata;

/// The OHH objects of every hand of `file`, incomplete ones too.
fn ohh(file: &str) -> Vec<Value> {
    common::hands_ohh(&testdata(file), &["--incomplete"])
}

fn expect(name: &str) -> Value {
    let path = testdata(&format!("pokernetwork/{name}.expect.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Net winnings by player over all pots.
fn won(h: &Value) -> HashMap<u64, u64> {
    let mut m = HashMap::new();
    for p in h["pots"].as_array().unwrap() {
        for w in p["player_wins"].as_array().unwrap() {
            *m.entry(u(&w["player_id"])).or_default() += u(&w["win_amount"]);
        }
    }
    m
}

/// The stacks after every chip-moving action, by player, in order,
/// rebuilt from the starting stacks and the actions' amounts.
fn rebuilt(h: &Value) -> HashMap<u64, Vec<u64>> {
    let mut stack: HashMap<u64, u64> = (h["players"].as_array().unwrap().iter())
        .map(|p| (u(&p["id"]), u(&p["starting_stack"])))
        .collect();
    let mut after: HashMap<u64, Vec<u64>> = HashMap::new();
    for round in h["rounds"].as_array().unwrap() {
        for a in round["actions"].as_array().unwrap() {
            let Some(amount) = a.get("amount") else {
                continue;
            };
            let p = u(&a["player_id"]);
            let s = stack.get_mut(&p).unwrap();
            *s = s.checked_sub(u(amount)).expect("a stack below zero");
            after.entry(p).or_default().push(*s);
        }
    }
    after
}

/// Checks every hand of capture `name` against its expect file; returns
/// the number of hands checked.
fn check(name: &str) -> usize {
    let want = expect(name);
    let hands = ohh(&format!("pokernetwork/{name}.pcap"));
    let expected = want["hands"].as_object().unwrap();
    assert_eq!(hands.len(), expected.len(), "{name}: hands");
    let reading = match want["raise_convention"].as_str().unwrap() {
        "chips-moved" => "chips_moved",
        "raise-to" => "raise_to",
        other => panic!("{other}"),
    };
    let bad: Vec<&str> = (want["contradiction_hands"].as_array().unwrap().iter())
        .map(|v| v.as_str().unwrap())
        .collect();
    // The stream's reading of the raise amounts is decided by the first
    // raise of a player with chips already in on the street (the two
    // readings differ only there); before it, chips moved is used.
    let mut decided = false;
    let mut serials: Vec<&String> = expected.keys().collect();
    serials.sort_by_key(|s| s.parse::<u64>().unwrap());
    for serial in serials {
        let e = &expected[serial];
        let h = (hands.iter())
            .find(|h| h["cardshark"]["server_number"].as_u64() == serial.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no hand {serial}"));
        let what = format!("{name} hand {serial} ({})", e["label"]);
        // Stream 0: the hand's id is the serial on it.
        assert_eq!(h["cardshark"]["id"], format!("0:{serial}"), "{what}");
        let x = &h["cardshark"];
        assert_eq!(x["complete"], true, "{what}");
        decided |= (e["actions"].as_array().unwrap().iter())
            .any(|a| a["action"] == "raise" && a["to"] != a["moved"]);
        let reading = if decided { reading } else { "chips_moved" };
        assert_eq!(x["bet_reading"]["raise_amount"], reading, "{what}");
        if bad.contains(&serial.as_str()) {
            continue;
        }
        let odd: Vec<&Value> = (x["notes"].as_array().unwrap().iter())
            .filter(|n| n["kind"] != "info")
            .collect();
        assert_eq!(odd, Vec::<&Value>::new(), "{what}: no contradiction");
        let finals: HashMap<u64, u64> = (x["final_stacks"].as_array().unwrap().iter())
            .map(|f| (u(&f["player_id"]), u(&f["stack"])))
            .collect();
        let returned: HashMap<u64, u64> = (x["returned"].as_array().unwrap().iter())
            .map(|r| (u(&r["player_id"]), u(&r["amount"])))
            .collect();
        let won = won(h);
        let players = h["players"].as_array().unwrap();
        assert_eq!(
            players.len(),
            e["players"].as_array().unwrap().len(),
            "{what}"
        );
        for p in e["players"].as_array().unwrap() {
            let id = u(&p["serial"]);
            let who = format!("{what}, player {id}");
            let ours = players.iter().find(|q| u(&q["id"]) == id).unwrap();
            assert_eq!(ours["seat"], p["seat"], "{who}: seat");
            assert_eq!(ours["starting_stack"], p["start"], "{who}: start");
            assert_eq!(finals[&id], u(&p["final"]), "{who}: final");
            assert_eq!(
                won.get(&id).copied().unwrap_or(0),
                u(&p["won"]),
                "{who}: won"
            );
            let back = returned.get(&id).copied().unwrap_or(0);
            assert_eq!(back, u(&p["uncalled"]), "{who}: uncalled");
        }
        // The pots: their chips and who won each.
        let pots: Vec<(u64, Vec<u64>)> = (h["pots"].as_array().unwrap().iter())
            .map(|p| {
                let mut w: Vec<u64> = (p["player_wins"].as_array().unwrap().iter())
                    .map(|w| u(&w["player_id"]))
                    .collect();
                w.sort_unstable();
                (u(&p["amount"]), w)
            })
            .collect();
        let want_pots: Vec<(u64, Vec<u64>)> = (e["pots"].as_array().unwrap().iter())
            .map(|p| {
                let mut w: Vec<u64> = (p["winners"].as_array().unwrap().iter())
                    .map(|w| u(&w["serial"]))
                    .collect();
                w.sort_unstable();
                (u(&p["amount"]), w)
            })
            .collect();
        assert_eq!(pots, want_pots, "{what}: pots");
        let rake: u64 = h["pots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| u(&p["rake"]))
            .sum();
        assert_eq!(rake, u(&e["rake"]), "{what}: rake");
        // Every chip report the server sent after a blind, ante, call or
        // raise equals the stack rebuilt from the actions.
        let rebuilt = rebuilt(h);
        let mut seen: HashMap<u64, usize> = HashMap::new();
        for c in e["player_chips"].as_array().unwrap() {
            if !["blind", "ante", "call", "raise"].contains(&c["when"].as_str().unwrap()) {
                continue;
            }
            let p = u(&c["serial"]);
            let k = seen.entry(p).or_default();
            let ours = rebuilt.get(&p).and_then(|v| v.get(*k));
            assert_eq!(
                ours,
                Some(&u(&c["money"])),
                "{what}: chip report {k} of {p}"
            );
            *k += 1;
        }
        for (p, n) in seen {
            assert_eq!(rebuilt[&p].len(), n, "{what}: chip-moving actions of {p}");
        }
    }
    hands.len()
}

#[test]
fn protocol_2_chips_moved() {
    assert_eq!(check("betting-v2-moved"), 10);
}

#[test]
fn protocol_2_raise_to_with_nagle() {
    assert_eq!(check("betting-v2-raiseto"), 10);
}

#[test]
fn protocol_3_chips_moved() {
    assert_eq!(check("betting-v3-moved"), 10);
}

#[test]
fn protocol_3_raise_to_lossy() {
    assert_eq!(check("betting-v3-raiseto"), 10);
}

#[test]
fn fixed_limit_to_the_cap_and_a_short_all_in() {
    assert_eq!(check("betting-limit"), 2);
}

/// The hands of issue 34 (`betting-showdowns.pcap`, a server that explains
/// the end of each hand with Chips Pot2Player): bets nobody calls, a split
/// pot with an odd chip, side pots, an uncalled excess over an all-in
/// call, rake.
#[test]
fn bets_nobody_calls_split_and_side_pots_and_rake() {
    assert_eq!(check("betting-showdowns"), 7);
}

/// One hand's figures as the views must tell them: (serial, pot, rake,
/// returned, won, final stacks, lines the text must hold).
type Figures = (
    &'static str,
    u64,
    u64,
    &'static [(&'static str, u64)],
    &'static [(&'static str, u64)],
    &'static [(&'static str, u64)],
    &'static [&'static str],
);

/// Every hand of `betting-showdowns.pcap` to the chip, worked out by hand
/// from its scenario (testdata/pokernetwork/README.md), in the OHH object
/// (pots, wins, rake, returned, final stacks), the table (Pot, Winners)
/// and the PokerStars text (the uncalled bet, what was collected, the
/// total pot and the summary). An uncalled bet is returned, never won.
#[test]
fn the_showdowns_capture_to_the_chip() {
    const HANDS: [Figures; 7] = [
        (
            "87001",
            3200,
            0,
            &[("Zoë", 2000)],
            &[("Zoë", 3200)],
            &[
                ("bob", 3500),
                ("alice", 4900),
                ("dave", 4900),
                ("Zoë", 7700),
            ],
            &[
                "Uncalled bet (2000) returned to Zoë",
                "Zoë collected 3200 from pot",
                "Total pot 3200 | Rake 0",
                "Seat 4: Zoë (button) collected (3200)",
            ],
        ),
        (
            "87002",
            1000,
            0,
            &[("alice", 700)],
            &[("alice", 1000)],
            &[
                ("bob", 3400),
                ("alice", 5600),
                ("dave", 4600),
                ("Zoë", 7400),
            ],
            &[
                "Uncalled bet (700) returned to alice",
                "alice collected 1000 from pot",
                "Total pot 1000 | Rake 0",
                "Seat 2: alice (small blind) collected (1000)",
            ],
        ),
        (
            "87003",
            775,
            0,
            &[],
            &[("dave", 388), ("Zoë", 387)],
            &[
                ("bob", 3175),
                ("alice", 5500),
                ("dave", 4763),
                ("Zoë", 7562),
            ],
            &[
                "dave collected 388 from pot",
                "Zoë collected 387 from pot",
                "Total pot 775 | Rake 0",
            ],
        ),
        (
            "87004",
            3450,
            0,
            &[],
            &[("bob", 1850), ("alice", 1600)],
            &[
                ("bob", 1850),
                ("alice", 5700),
                ("dave", 3363),
                ("Zoë", 7512),
            ],
            &[
                "bob collected 1850 from main pot",
                "alice collected 1600 from side pot-1",
                "Total pot 3450 Main pot 1850. Side pot 1600. | Rake 0",
            ],
        ),
        (
            "87005",
            3800,
            0,
            &[("dave", 1250)],
            &[("bob", 3800)],
            &[
                ("bob", 3800),
                ("alice", 5600),
                ("dave", 3150),
                ("Zoë", 7512),
            ],
            &[
                "Uncalled bet (1250) returned to dave",
                "bob collected 3800 from pot",
                "Total pot 3800 | Rake 0",
            ],
        ),
        (
            "87006",
            3950,
            197,
            &[],
            &[("frank", 3753)],
            &[
                ("alice", 3700),
                ("erin", 3950),
                ("Zoë", 2200),
                ("frank", 5953),
            ],
            &["frank collected 3753 from pot", "Total pot 3950 | Rake 197"],
        ),
        (
            "87007",
            1550,
            77,
            &[("Zoë", 1200)],
            &[("Zoë", 1473)],
            &[
                ("alice", 3050),
                ("erin", 3950),
                ("Zoë", 3023),
                ("frank", 5703),
            ],
            &[
                "Uncalled bet (1200) returned to Zoë",
                "Zoë collected 1473 from pot",
                "Total pot 1550 | Rake 77",
                "Seat 3: Zoë (small blind) collected (1473)",
            ],
        ),
    ];
    let file = "pokernetwork/betting-showdowns.pcap";
    let hands = ohh(file);
    let text = common::run_ok(&["hands", "--format", "text"], file);
    let table = common::boxed_ok(&["hands", "--format", "table"], file);
    assert_eq!(hands.len(), HANDS.len());
    for (serial, pot, rake, returned, won, finals, lines) in HANDS {
        let h = (hands.iter())
            .find(|h| h["cardshark"]["server_number"] == serial.parse::<u64>().unwrap())
            .unwrap_or_else(|| panic!("no hand {serial}"));
        let name = |id: &Value| -> String {
            let p = (h["players"].as_array().unwrap().iter()).find(|p| &p["id"] == id);
            p.unwrap()["name"].as_str().unwrap().to_string()
        };
        let named = |v: &[(&str, u64)]| -> Vec<(String, u64)> {
            v.iter().map(|(n, a)| (n.to_string(), *a)).collect()
        };
        let x = &h["cardshark"];
        assert_eq!(x["complete"], true, "{serial}");
        assert_eq!(x["notes"], serde_json::json!([]), "{serial}");
        let pots = h["pots"].as_array().unwrap();
        let amount: u64 = pots.iter().map(|p| u(&p["amount"])).sum();
        assert_eq!(amount, pot, "{serial}: pot");
        let raked: u64 = pots.iter().map(|p| u(&p["rake"])).sum();
        assert_eq!(raked, rake, "{serial}: rake");
        let mut wins: Vec<(String, u64)> = Vec::new();
        for w in pots
            .iter()
            .flat_map(|p| p["player_wins"].as_array().unwrap())
        {
            wins.push((name(&w["player_id"]), u(&w["win_amount"])));
        }
        assert_eq!(wins, named(won), "{serial}: won");
        assert_eq!(
            wins.iter().map(|w| w.1).sum::<u64>() + rake,
            pot,
            "{serial}: the pot is what was won and raked"
        );
        let back: Vec<(String, u64)> = (x["returned"].as_array().unwrap().iter())
            .map(|r| (name(&r["player_id"]), u(&r["amount"])))
            .collect();
        assert_eq!(back, named(returned), "{serial}: returned");
        let fin: Vec<(String, u64)> = (x["final_stacks"].as_array().unwrap().iter())
            .map(|f| (name(&f["player_id"]), u(&f["stack"])))
            .collect();
        assert_eq!(fin, named(finals), "{serial}: final stacks");
        // The table: Pot and Winners.
        let cells = row_cells(&table, &format!("0:{serial}"));
        assert_eq!(cells[7], pot.to_string(), "{serial}: table pot");
        let winners: Vec<String> = won.iter().map(|(n, a)| format!("{n} {a}")).collect();
        // Each winner of a showdown with his hand: `dave 388 (a pair of
        // Kings)`.
        let plain = cells[8]
            .split(" (")
            .map(|p| p.split_once(')').map_or(p, |x| x.1));
        assert_eq!(
            plain.collect::<String>(),
            winners.join(", "),
            "{serial}: table winners"
        );
        if serial == "87003" {
            assert_eq!(
                cells[8],
                "dave 388 (a pair of Kings), Zoë 387 (a pair of Kings)"
            );
        }
        // The text.
        let block = (text.split("\n\n\n"))
            .find(|b| b.contains(&format!("\ncardshark id 0:{serial},")))
            .unwrap_or_else(|| panic!("{serial}: no text"));
        for line in lines {
            assert!(
                block.lines().any(|l| l == *line),
                "{serial}: no line {line:?} in\n{block}"
            );
        }
        let uncalled = block
            .lines()
            .filter(|l| l.starts_with("Uncalled bet"))
            .count();
        assert_eq!(uncalled, returned.len(), "{serial}: uncalled lines");
    }
}

/// Hand 85002: dave's chip report after a call is 50 short, alice's final
/// report 50 over. The hand is still written, with notes naming the
/// frames; the other hands are clean.
#[test]
fn contradicting_chip_reports_are_notes_naming_their_frames() {
    assert_eq!(check("betting-contradiction"), 10);
    let hands = ohh("pokernetwork/betting-contradiction.pcap");
    let h = (hands.iter())
        .find(|h| h["cardshark"]["server_number"] == 85002)
        .unwrap();
    let notes = h["cardshark"]["notes"].as_array().unwrap();
    let checks: Vec<&str> = (notes.iter())
        .filter(|n| n["kind"] == "check")
        .map(|n| n["text"].as_str().unwrap())
        .collect();
    assert!(
        checks
            .iter()
            .any(|t| t.contains("dave") && t.contains("frame")),
        "{checks:?}"
    );
    assert!(checks.iter().any(|t| t.starts_with("chips:")), "{checks:?}");
}

/// A capture merged with mergecap from PokerTH and poker-network captures
/// (several tables and games): no two hands share a PokerStars `Hand #` or
/// an OHH `game_number`, and the numbers are the same from run to run.
#[test]
fn a_merged_capture_has_unique_hand_numbers() {
    let first = ohh("hands/merged.pcap");
    assert!(first.len() >= 20, "{}", first.len());
    let mut numbers: Vec<&str> = first
        .iter()
        .map(|h| h["game_number"].as_str().unwrap())
        .collect();
    numbers.sort_unstable();
    let n = numbers.len();
    numbers.dedup();
    assert_eq!(numbers.len(), n, "duplicate game_number");
    let again = ohh("hands/merged.pcap");
    let a: Vec<&Value> = first.iter().map(|h| &h["game_number"]).collect();
    let b: Vec<&Value> = again.iter().map(|h| &h["game_number"]).collect();
    assert_eq!(a, b);
    let out = common::cardshark()
        .args(["hands", "--format", "text", "--incomplete"])
        .arg(testdata("hands/merged.pcap"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut ids: Vec<&str> = (text.lines())
        .filter_map(|l| l.strip_prefix("PokerStars Hand #"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(ids.len(), n);
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate Hand #");
}

/// The cells of the boxed table's row of hand `id`, each with the lines
/// it wraps onto below (whose first cell is empty) joined by a space.
fn row_cells(table: &str, id: &str) -> Vec<String> {
    let lines: Vec<&str> = table.lines().collect();
    let at = (lines.iter())
        .position(|l| l.contains(&format!(" {id} ")))
        .unwrap_or_else(|| panic!("{id}: no table row"));
    let split = |l: &str| -> Vec<String> {
        (l.trim_matches(|c| c == '│' || c == ' ').split('┆'))
            .map(|c| c.trim().to_string())
            .collect()
    };
    let mut cells = split(lines[at]);
    for l in &lines[at + 1..] {
        let more = split(l);
        if !l.starts_with('│') || !more[0].is_empty() {
            break;
        }
        for (c, m) in cells.iter_mut().zip(more).filter(|x| !x.1.is_empty()) {
            c.push(' ');
            c.push_str(&m);
        }
    }
    cells
}
