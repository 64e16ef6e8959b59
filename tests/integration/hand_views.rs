//! Every view of a hand tells the same story (issue 34). For every capture
//! of testdata/ with poker hands (found by walking testdata/, so that a new
//! capture is checked as soon as it is committed: poker-network, PokerTH
//! 0.7 and 2007, PokerTH 1.x over TCP and WebSocket), `hands` is run as
//! JSON lines, OHH, PokerStars text and the table, and for every hand:
//!
//! - the JSON lines and the OHH file hold the same objects;
//! - the table's Pot is the OHH pots' chips, its Winners what each player
//!   won from them;
//! - the text's seats, stacks, button and board are the OHH object's; each
//!   summary line's `collected (N)` or `won (N)` is what the body says the
//!   player collected, and what he won in OHH; `Total pot` is what was
//!   collected plus the rake, and the OHH pots' chips (an incomplete hand's
//!   pot is at least what was collected: its result may not be in the
//!   capture); each `Uncalled bet (N) returned to X` is the chips OHH says
//!   went back to X, but for the text's one liberty (a raise nobody left
//!   can answer is written as the call it amounts to, without the uncalled
//!   line for its excess): what each player put in less what came back is
//!   the same in both;
//! - a complete hand's final stacks are its starting stacks less what the
//!   actions put in, plus what came back and what was won, unless the
//!   hand carries a check note (the server's reports at odds with each
//!   other: the final stacks are its reports), which only the captures
//!   damaged on purpose have.
//!
//! And `hands --strict` exits 0 on every capture but those damaged on
//! purpose.

use crate::common;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The captures damaged on purpose (see their folders' READMEs): a gap, or
/// chip reports edited to contradict each other. `--strict` fails them.
const DAMAGED: [&str; 4] = [
    "hands/gap.pcap",
    "pokerth1/gap.pcap",
    "websocket/duo-ws-gap.pcap",
    "pokernetwork/betting-contradiction.pcap",
];

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// `cardshark hands ARGS FILE`'s standard output; it must succeed.
fn hands(args: &[&str], file: &Path) -> String {
    let out = common::cardshark()
        .env("COLUMNS", "1000000")
        .arg("hands")
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?} {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Amounts by name, added up.
type ByName = BTreeMap<String, u64>;

fn add(m: &mut ByName, name: &str, amount: u64) {
    *m.entry(name.to_string()).or_default() += amount;
}

/// What the OHH object says of a hand, by player name.
struct Ohh<'a> {
    h: &'a Value,
    names: BTreeMap<u64, String>,
}

impl<'a> Ohh<'a> {
    fn new(h: &'a Value) -> Self {
        let names = (h["players"].as_array().unwrap().iter())
            .map(|p| (u(&p["id"]), p["name"].as_str().unwrap().to_string()))
            .collect();
        Ohh { h, names }
    }

    fn name(&self, id: &Value) -> &str {
        &self.names[&u(id)]
    }

    fn pots(&self) -> &Vec<Value> {
        self.h["pots"].as_array().unwrap()
    }

    fn pot(&self) -> u64 {
        self.pots().iter().map(|p| u(&p["amount"])).sum()
    }

    fn rake(&self) -> u64 {
        self.pots().iter().map(|p| u(&p["rake"])).sum()
    }

    fn won(&self) -> ByName {
        let mut m = ByName::new();
        for w in (self.pots().iter()).flat_map(|p| p["player_wins"].as_array().unwrap()) {
            add(&mut m, self.name(&w["player_id"]), u(&w["win_amount"]));
        }
        m
    }

    fn returned(&self) -> ByName {
        let mut m = ByName::new();
        for r in self.h["cardshark"]["returned"].as_array().unwrap() {
            add(&mut m, self.name(&r["player_id"]), u(&r["amount"]));
        }
        m
    }

    fn board(&self) -> Vec<String> {
        (self.h["rounds"].as_array().unwrap().iter())
            .filter_map(|r| r["cards"].as_array())
            .flatten()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    }

    /// What each player's actions put in.
    fn put(&self) -> ByName {
        let mut m = ByName::new();
        for a in (self.h["rounds"].as_array().unwrap().iter())
            .flat_map(|r| r["actions"].as_array().unwrap())
        {
            if let Some(n) = a.get("amount") {
                add(&mut m, self.name(&a["player_id"]), u(n));
            }
        }
        m
    }

    /// True when a check found the server at odds with the rules or itself.
    fn flagged(&self) -> bool {
        (self.h["cardshark"]["notes"].as_array().unwrap().iter()).any(|n| n["kind"] == "check")
    }

    fn complete(&self) -> bool {
        self.h["cardshark"]["complete"] == true
    }

    /// The value at JSON pointer `at`, unless the extension's `unknown`
    /// lists it (OHH requires a number where the capture tells none).
    fn known(&self, at: &str) -> Option<&Value> {
        let unknown = self.h["cardshark"]["unknown"].as_array();
        if unknown.is_some_and(|u| u.iter().any(|p| p == at)) {
            return None;
        }
        self.h.pointer(at)
    }
}

/// What the PokerStars text says of a hand.
#[derive(Default)]
struct Text {
    button: Option<u64>,
    /// (seat, name, stack) of the seat lines before the hole cards (None:
    /// `?`, not known).
    seats: Vec<(u64, String, Option<u64>)>,
    /// The body's `NAME collected N from POT`, by name.
    collected: ByName,
    /// `Uncalled bet (N) returned to NAME`, by name.
    uncalled: ByName,
    /// `Total pot N` (None: `Total pot ?`) and `Rake R`.
    total: Option<u64>,
    rake: u64,
    board: Vec<String>,
    /// The summary's `collected (N)` or `won (N)`, by seat.
    summary: BTreeMap<u64, u64>,
    /// What each player's actions put in (blinds, antes, calls, bets,
    /// raises), by name.
    put: ByName,
}

fn number(s: &str) -> u64 {
    s.parse().unwrap_or_else(|_| panic!("not a number: {s:?}"))
}

/// The number in `line` after `key` and before the next `)`.
fn after(line: &str, key: &str) -> Option<u64> {
    let rest = &line[line.find(key)? + key.len()..];
    Some(number(&rest[..rest.find(')')?]))
}

impl Text {
    fn parse(block: &str) -> Text {
        let mut t = Text::default();
        let mut summary = false;
        let mut hole = false;
        // The big blind (a dead blind's live part) and each player's total
        // on the street, which `raises X to TOTAL` counts from.
        let big = (block.lines().next().unwrap().split_once(") - "))
            .and_then(|(l, _)| l.rsplit_once('/'))
            .and_then(|(_, b)| b.parse::<u64>().ok());
        let mut street = ByName::new();
        for line in block.lines() {
            if ["*** FLOP", "*** TURN", "*** RIVER"]
                .iter()
                .any(|s| line.starts_with(s))
            {
                street.clear();
            }
            if let Some((name, act)) = (!summary).then(|| t.action(line)).flatten() {
                // An amount the capture does not tell (PokerTH 2007) is
                // left out: such a hand's pot is `?`, its chips unchecked.
                let n = |s: &str| s.parse::<u64>().ok();
                let act = act.trim_end_matches(" and is all-in");
                let on = street.get(&name).copied().unwrap_or(0);
                let moved = if let Some(x) = act.strip_prefix("posts the ante ") {
                    n(x).map(|x| (x, on))
                } else if let Some(x) = act.strip_prefix("posts small & big blinds ") {
                    n(x).map(|x| (x, on + big.map_or(x, |b| b.min(x))))
                } else if let Some(x) = (act.strip_prefix("posts small blind "))
                    .or_else(|| act.strip_prefix("posts big blind "))
                    .or_else(|| act.strip_prefix("calls "))
                    .or_else(|| act.strip_prefix("bets "))
                {
                    n(x).map(|x| (x, on + x))
                } else if let Some((_, to)) =
                    (act.strip_prefix("raises ")).and_then(|r| r.split_once(" to "))
                {
                    n(to).map(|to| (to - on, to))
                } else {
                    None
                };
                if let Some((put, now)) = moved {
                    add(&mut t.put, &name, put);
                    street.insert(name, now);
                }
                continue;
            }
            if let Some(rest) = line.strip_prefix("Table '") {
                if let Some(i) = rest.find("Seat #") {
                    let rest = &rest[i + "Seat #".len()..];
                    t.button = Some(number(&rest[..rest.find(' ').unwrap()]));
                }
            } else if line == "*** HOLE CARDS ***" {
                hole = true;
            } else if line == "*** SUMMARY ***" {
                summary = true;
            } else if let Some(rest) = line.strip_prefix("Seat ") {
                let (seat, rest) = rest.split_once(": ").unwrap();
                let seat = number(seat);
                if summary {
                    if let Some(n) = after(rest, "collected (").or_else(|| after(rest, "won (")) {
                        t.summary.insert(seat, n);
                    }
                } else if !hole {
                    let (name, stack) = rest.rsplit_once(" (").unwrap();
                    let stack = stack.strip_suffix(" in chips)").unwrap();
                    let stack = (stack != "?").then(|| number(stack));
                    t.seats.push((seat, name.to_string(), stack));
                }
            } else if let Some(rest) = line.strip_prefix("Uncalled bet (") {
                let (n, name) = rest.split_once(") returned to ").unwrap();
                add(&mut t.uncalled, name, number(n));
            } else if let Some(rest) = line.strip_prefix("Total pot ") {
                let (pot, rake) = rest.rsplit_once(" | Rake ").unwrap();
                let pot = pot.split(' ').next().unwrap();
                t.total = (pot != "?").then(|| number(pot));
                t.rake = number(rake);
            } else if let Some(rest) = line.strip_prefix("Board [") {
                let cards = rest.strip_suffix(']').unwrap();
                t.board = cards.split(' ').map(String::from).collect();
            } else if !summary && line.contains(" collected ") && line.contains(" from ") {
                let (left, _pot) = line.rsplit_once(" from ").unwrap();
                let (name, n) = left.rsplit_once(" collected ").unwrap();
                add(&mut t.collected, name, number(n));
            }
        }
        t
    }

    /// `NAME: ACTION` of a seated player: (NAME, ACTION).
    fn action<'l>(&self, line: &'l str) -> Option<(String, &'l str)> {
        let mut names: Vec<&str> = self.seats.iter().map(|s| s.1.as_str()).collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        (names.iter())
            .find_map(|n| Some((n.to_string(), line.strip_prefix(n)?.strip_prefix(": ")?)))
    }
}

/// The table's rows by hand id: (Pot, winners by name). A cell too long
/// for its column goes on in the lines below, whose Id cell is empty.
fn table(out: &str) -> BTreeMap<String, (String, ByName)> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    for line in out.lines().filter(|l| l.starts_with('│')) {
        let cells: Vec<String> = line
            .trim_matches(|c| c == '│' || c == ' ')
            .split('┆')
            .map(|c| c.trim().to_string())
            .collect();
        match lines.last_mut() {
            Some(row) if cells[0].is_empty() => {
                for (cell, more) in row.iter_mut().zip(cells).filter(|c| !c.1.is_empty()) {
                    cell.push(' ');
                    cell.push_str(&more);
                }
            }
            _ => lines.push(cells),
        }
    }
    let mut rows = BTreeMap::new();
    for cells in lines.into_iter().filter(|c| c[0] != "Id") {
        let mut winners = ByName::new();
        // The hand a winner showed down with, after him, is no amount:
        // `bob 320 (two pair, Aces and Kings)`.
        let plain: String = (cells[8].split(" ("))
            .map(|p| p.split_once(')').map_or(p, |x| x.1))
            .collect();
        for w in plain.split(", ").filter(|w| !w.is_empty()) {
            let (name, n) = w.rsplit_once(' ').unwrap();
            add(&mut winners, name, number(n));
        }
        let prev = rows.insert(cells[0].clone(), (cells[7].clone(), winners));
        assert!(prev.is_none(), "two rows for {}", cells[0]);
    }
    rows
}

/// The text's hands by cardshark id.
fn texts(out: &str) -> BTreeMap<String, Text> {
    let mut m = BTreeMap::new();
    for block in out.split("\n\n\n").filter(|b| !b.trim().is_empty()) {
        let id = (block.lines())
            .find_map(|l| l.strip_prefix("cardshark id "))
            .and_then(|l| l.split(',').next())
            .unwrap_or_else(|| panic!("no id in\n{block}"));
        m.insert(id.to_string(), Text::parse(block));
    }
    m
}

/// Notes a disagreement in `fails` unless `a == b`.
macro_rules! agree {
    ($fails:expr, $a:expr, $b:expr, $($why:tt)+) => {
        if $a != $b {
            $fails.push(format!("{}: {:?} != {:?}", format!($($why)+), $a, $b));
        }
    };
}

/// Checks every hand of `file`, noting each disagreement in `fails`;
/// returns how many hands.
fn check(file: &Path, what: &str, fails: &mut Vec<String>) -> usize {
    let jsonl: Vec<Value> = (hands(&["--format", "jsonl", "--incomplete"], file).lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["ohh"].clone())
        .collect();
    let ohh: Vec<Value> = (hands(&["--format", "ohh", "--incomplete"], file).split("\n\n"))
        .filter(|c| !c.trim().is_empty())
        .map(|c| serde_json::from_str::<Value>(c).unwrap()["ohh"].clone())
        .collect();
    assert_eq!(jsonl, ohh, "{what}: JSON lines and OHH");
    let path = file.to_str().unwrap();
    let rows = table(&common::boxed(&["hands", "--format", "table", path]));
    let texts = texts(&hands(&["--format", "text", "--incomplete"], file));
    assert_eq!(rows.len(), ohh.len(), "{what}: table rows");
    assert_eq!(texts.len(), ohh.len(), "{what}: text hands");
    for h in &ohh {
        let o = Ohh::new(h);
        let id = h["cardshark"]["id"].as_str().unwrap();
        let at = format!("{what} hand {id}");
        let won = o.won();
        let (pot, winners) = &rows[id];
        let t = &texts[id];

        // The table.
        agree!(fails, winners, &won, "{at}: table Winners, OHH wins");
        if o.complete() {
            agree!(
                fails,
                pot,
                &o.pot().to_string(),
                "{at}: table Pot, OHH pots"
            );
        } else {
            agree!(fails, pot, "?", "{at}: table Pot of an incomplete hand");
        }

        // The text: seats, button, board.
        let seats: Vec<(u64, String, Option<u64>)> = (h["players"].as_array().unwrap().iter())
            .enumerate()
            .map(|(i, p)| {
                let name = p["name"].as_str().unwrap().to_string();
                let stack = o.known(&format!("/players/{i}/starting_stack"));
                (u(&p["seat"]), name, stack.map(u))
            })
            .collect();
        agree!(fails, t.seats, seats, "{at}: text seats, OHH players");
        agree!(
            fails,
            t.button,
            o.known("/dealer_seat").map(u),
            "{at}: button"
        );
        agree!(fails, t.board, o.board(), "{at}: board");

        // The text's money: the summary, the body, OHH.
        agree!(fails, t.collected, won, "{at}: text collected, OHH wins");
        let by_seat: BTreeMap<u64, u64> = (h["players"].as_array().unwrap().iter())
            .filter_map(|p| Some((u(&p["seat"]), *won.get(p["name"].as_str()?)?)))
            .filter(|(_, n)| *n > 0)
            .collect();
        agree!(fails, t.summary, by_seat, "{at}: text summary, the body");
        agree!(fails, t.rake, o.rake(), "{at}: text rake, OHH pots' rake");
        let collected: u64 = t.collected.values().sum();
        match t.total {
            Some(total) if o.complete() => {
                agree!(
                    fails,
                    total,
                    collected + t.rake,
                    "{at}: Total pot, collected + rake"
                );
                agree!(fails, total, o.pot(), "{at}: Total pot, OHH pots");
            }
            Some(total) if total < collected + t.rake => {
                fails.push(format!("{at}: Total pot {total} below what was collected"));
            }
            // The amounts are not in the capture (PokerTH 2007), or an
            // incomplete hand's pot holds what was collected.
            _ => {}
        }
        let returned = o.returned();
        if t.total.is_some() {
            // Every uncalled line is at most what OHH gives back, and what
            // each player put in less what came back is the same.
            for (name, back) in &t.uncalled {
                if returned.get(name).is_none_or(|r| r < back) {
                    fails.push(format!(
                        "{at}: text uncalled {back} for {name}, OHH {returned:?}"
                    ));
                }
            }
            let put = o.put();
            let names: std::collections::BTreeSet<&String> =
                put.keys().chain(t.put.keys()).collect();
            for name in names {
                let get = |m: &ByName| m.get(name).copied().unwrap_or(0) as i64;
                agree!(
                    fails,
                    get(&t.put) - get(&t.uncalled),
                    get(&put) - get(&returned),
                    "{at}: {name}'s chips in less uncalled, text and OHH"
                );
            }
        }

        // A complete hand's final stacks.
        if o.flagged() && !DAMAGED.contains(&what) {
            fails.push(format!("{at}: check notes on an undamaged capture"));
        }
        if o.complete() && t.total.is_some() && !o.flagged() {
            let mut stack: BTreeMap<u64, i64> = (h["players"].as_array().unwrap().iter())
                .map(|p| (u(&p["id"]), u(&p["starting_stack"]) as i64))
                .collect();
            for a in (h["rounds"].as_array().unwrap().iter())
                .flat_map(|r| r["actions"].as_array().unwrap())
            {
                if let Some(n) = a.get("amount") {
                    *stack.get_mut(&u(&a["player_id"])).unwrap() -= u(n) as i64;
                }
            }
            for f in h["cardshark"]["final_stacks"].as_array().unwrap() {
                let name = o.name(&f["player_id"]);
                let want = stack[&u(&f["player_id"])]
                    + returned.get(name).copied().unwrap_or(0) as i64
                    + won.get(name).copied().unwrap_or(0) as i64;
                agree!(
                    fails,
                    u(&f["stack"]) as i64,
                    want,
                    "{at}: final stack of {name}"
                );
            }
        }
    }
    ohh.len()
}

#[test]
fn every_view_of_every_hand_tells_the_same_story() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut seen = Vec::new();
    let mut fails = Vec::new();
    for path in common::captures() {
        let file = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let n = check(&path, &file, &mut fails);
        if n > 0 {
            seen.push((file, n));
        }
    }
    // The poker captures: every protocol and transport is among them.
    for want in [
        "pokernetwork/betting-showdowns.pcap",
        "pokernetwork/session-old.pcap",
        "pokerth/session.pcap",
        "pokerth/showdowns.pcap",
        "pokerth/session-2007.pcap",
        "pokerth1/duo.pcap",
        "pokerth1/allin.pcap",
        "websocket/duo-ws.pcap",
        "mixed/all-four.pcap",
    ] {
        assert!(seen.iter().any(|s| s.0 == want), "{want}: no hands");
    }
    assert!(
        fails.is_empty(),
        "{} disagreements:\n{}",
        fails.len(),
        fails.join("\n")
    );
}

#[test]
fn strict_passes_every_undamaged_capture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    for path in common::captures() {
        let file = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let out = common::cardshark()
            .args(["hands", "--strict"])
            .arg(&path)
            .output()
            .unwrap();
        let want = if DAMAGED.contains(&file.as_str()) {
            3
        } else {
            0
        };
        assert_eq!(
            out.status.code(),
            Some(want),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
