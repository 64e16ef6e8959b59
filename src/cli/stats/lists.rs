//! The lists of `stats`' sections: what each section's rows hold, as
//! table cells and JSON objects (a list and how it is written: `list.rs`).

use super::list::{join, n, List, Row, Rows};
use cardshark::analysis::stats::hands::{HandStats, KINDS};
use cardshark::analysis::stats::pairs::PAIRS;
use cardshark::analysis::stats::proto::Types;
use cardshark::analysis::stats::rtt::{figures, Rtt, Times};
use cardshark::output::spill::{KeyedBytes, Sorted};
use serde_json::{json, Value};

/// Microseconds as milliseconds for people: `12.345`.
fn ms(us: u64) -> String {
    format!("{}.{:03}", us / 1000, us % 1000)
}

/// `proto`: per protocol and type, then per stream and direction.
pub fn proto<'a>(types: &'a Types, streams: &'a Sorted<KeyedBytes<1>>) -> Vec<List<'a>> {
    let types = types.each().map(|(p, t, d, c)| {
        let d = d.as_str();
        let cells = vec![
            p.to_string(),
            t.to_string(),
            d.to_string(),
            n(c.messages),
            n(c.bytes),
            n(c.errors),
        ];
        let v = json!({"protocol": p, "type": t, "dir": d, "messages": c.messages,
                       "bytes": c.bytes, "errors": c.errors});
        (cells, v)
    });
    vec![
        List {
            title: "proto: messages and bytes per protocol, type and direction",
            key: "types",
            headers: &["Protocol", "Type", "Dir", "Messages", "Bytes", "Errors"],
            rows: Rows::Kept(types.collect()),
            empty: "no TCP stream in the capture",
        },
        List {
            title: "proto: per stream and direction",
            key: "streams",
            headers: &[
                "Stream",
                "Dir",
                "From → To",
                "Protocol",
                "Messages",
                "Bytes",
                "Errors",
                "Unknown bytes",
                "Gap bytes",
            ],
            rows: Rows::Streams(streams),
            empty: "no TCP stream in the capture",
        },
    ]
}

/// `hands`: per table.
pub fn tables(h: &HandStats) -> Vec<List<'_>> {
    let rows = h.tables.iter().map(|((p, server, id), t)| {
        let table = match (id, &t.name) {
            (Some(id), Some(name)) => format!("{id} {name}"),
            (Some(id), None) => id.to_string(),
            (None, Some(name)) => name.clone(),
            (None, None) => "?".into(),
        };
        let cells = vec![
            p.clone(),
            server.clone(),
            table,
            n(t.hands),
            n(t.complete),
            n(t.incomplete),
            n(t.views),
        ];
        let v = json!({"protocol": p, "server": server, "table": id, "name": t.name,
                       "hands": t.hands, "complete": t.complete, "incomplete": t.incomplete,
                       "views": t.views});
        (cells, v)
    });
    vec![List {
        title: "hands: per table",
        key: "tables",
        headers: &[
            "Protocol",
            "Server",
            "Table",
            "Hands",
            "Complete",
            "Incomplete",
            "Views",
        ],
        rows: Rows::Kept(rows.collect()),
        empty: "no poker hands in the capture",
    }]
}

/// `players`: actions per player.
pub fn players(h: &HandStats) -> Vec<List<'_>> {
    let rows = h.players.iter().map(|((p, server, id), r)| {
        let player = match &r.name {
            Some(name) => format!("{name} ({id})"),
            None => format!("player {id}"),
        };
        let total: u64 = r
            .actions
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != 5)
            .map(|(_, c)| c)
            .sum();
        let mut cells = vec![p.clone(), server.clone(), player, n(r.hands)];
        cells.extend(r.actions.iter().map(|&c| n(c)));
        cells.push(n(total));
        let mut v = json!({"protocol": p, "server": server, "player": id, "name": r.name,
                           "hands": r.hands, "actions": total});
        if let Value::Object(o) = &mut v {
            for (k, c) in KINDS.iter().zip(r.actions) {
                o.insert((*k).to_string(), c.into());
            }
        }
        (cells, v)
    });
    vec![List {
        title: "players: actions per player (all-in: actions that put the player all in)",
        key: "players",
        headers: &[
            "Protocol", "Server", "Player", "Hands", "Fold", "Check", "Call", "Bet", "Raise",
            "All-in", "Blinds", "Actions",
        ],
        rows: Rows::Kept(rows.collect()),
        empty: "no poker hands in the capture",
    }]
}

/// The cells and JSON members of a pair's figures.
fn timing(t: &Times) -> (Vec<String>, Value) {
    let (requests, unanswered, m) = figures(t);
    let mut cells = vec![n(requests), n(unanswered)];
    let dash = || "-".to_string();
    match m {
        Some(m) => cells.extend([m.min_us, m.p50_us, m.p90_us, m.p99_us, m.max_us].map(ms)),
        None => cells.extend(std::iter::repeat_with(dash).take(5)),
    }
    let v = json!({"requests": requests, "unanswered": unanswered, "answered": m.map_or(0, |m| m.count),
                   "min_us": m.map(|m| m.min_us), "p50_us": m.map(|m| m.p50_us),
                   "p90_us": m.map(|m| m.p90_us), "p99_us": m.map(|m| m.p99_us),
                   "max_us": m.map(|m| m.max_us), "exact": m.is_none_or(|m| m.exact)});
    (cells, v)
}

/// The identity of a pair on streams of `protocol` (their label): cells
/// and JSON members.
fn pair_cells(protocol: &str, i: usize) -> (Vec<String>, Value) {
    let p = &PAIRS[i];
    let cells = vec![protocol.to_string(), p.label(), p.by.as_str().into()];
    let v = json!({"protocol": protocol, "request": p.request,
                   "answers": p.answers, "by": p.by.as_str()});
    (cells, v)
}

/// The columns of a list's response times, after what they are the times
/// of.
const TIMES: [&str; 7] = [
    "Requests",
    "Unanswered",
    "Min ms",
    "P50 ms",
    "P90 ms",
    "P99 ms",
    "Max ms",
];

/// The columns `first`, then [`TIMES`].
const fn with_times<const N: usize, const M: usize>(first: [&'static str; N]) -> [&'static str; M] {
    assert!(M == N + TIMES.len(), "room for the times");
    let mut all = [""; M];
    let mut i = 0;
    while i < M {
        all[i] = if i < N { first[i] } else { TIMES[i - N] };
        i += 1;
    }
    all
}

/// The columns of the response times per request type.
const BY_PAIR: [&str; 10] = with_times(["Protocol", "Request → answer", "By"]);

/// The columns of the response times per player.
const BY_PLAYER: [&str; 12] =
    with_times(["Protocol", "Server", "Player", "Request → answer", "By"]);

/// `rtt`: per request type, then per player.
pub fn rtt(r: &Rtt) -> Vec<List<'_>> {
    let by_pair = r.pairs.iter().map(|((protocol, i), t)| {
        let (mut cells, v) = pair_cells(protocol, *i);
        let (c, w) = timing(t);
        cells.extend(c);
        (cells, join(v, w))
    });
    let by_player = r.players.iter().map(|((protocol, i, server, player), t)| {
        let (pc, v) = pair_cells(protocol, *i);
        let mut cells = vec![
            pc[0].clone(),
            server.clone(),
            player.clone(),
            pc[1].clone(),
            pc[2].clone(),
        ];
        let (c, w) = timing(t);
        cells.extend(c);
        (
            cells,
            join(join(v, json!({"server": server, "player": player})), w),
        )
    });
    let list = |title, key, headers, rows: Vec<Row>| List {
        title,
        key,
        headers,
        rows: Rows::Kept(rows),
        empty: "no request of a known pair in the capture",
    };
    vec![
        list(
            "rtt: response time per request type (by: who answers)",
            "requests",
            &BY_PAIR,
            by_pair.collect(),
        ),
        list(
            "rtt: response time per player (the client of the stream)",
            "players",
            &BY_PLAYER,
            by_player.collect(),
        ),
    ]
}
