//! `cardshark stats`: statistics over a capture, like tshark's `-z`, in
//! sections chosen with `-z NAME` (default: all): `proto` (messages and
//! bytes per protocol and type; per stream and direction), `hands` (hands
//! per table), `players` (actions per player), `rtt` (response times of
//! requests and their answers, with percentiles). The figures are
//! gathered by [`cardshark::analysis::stats`]; this writes them as tables
//! or as one JSON document.
//!
//! Each stream's rows go to a [`Store`] as the stream ends (spilled to a
//! temporary file past a few MB), so memory does not grow with the
//! number of streams.

use super::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::stats::hands::{HandStats, KINDS};
use cardshark::analysis::stats::pairs::{protocol_label, PAIRS};
use cardshark::analysis::stats::proto::{StreamRows, Types};
use cardshark::analysis::stats::rtt::{figures, Rtt, Times};
use cardshark::analysis::stats::samples::Summary;
use cardshark::analysis::stats::{Item, StatsCollector, Wanted};
use cardshark::decode::DecodeStage;
use cardshark::output::spill::{KeyedBytes, Sorted, Store};
use cardshark::output::table::Table;
use cardshark::output::Format;
use cardshark::reassembly::Direction;
use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

/// A section of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub enum Section {
    /// Messages and bytes per protocol, type and direction; per stream
    /// and direction (with undecodable messages, unknown and missing bytes).
    Proto,
    /// Hands per table: hands, complete, incomplete (a hand several
    /// captured clients saw counts once).
    Hands,
    /// Actions per player: hands dealt in, folds, checks, calls, bets,
    /// raises, all-ins, blinds and antes.
    Players,
    /// Response times per request type and per player: requests,
    /// unanswered, min, p50, p90, p99, max (ms).
    Rtt,
}

/// What `cardshark stats --help` (and its man page) says after the options.
pub const AFTER_HELP: &str = "\
Response times (rtt) pair each request with the first later message of one of its answer \
types going the other way on the same stream (in order for requests of one kind; by player, \
card, location or petition where the pair binds one). Answered by the server: PokerTH Init, \
RetrievePlayerInfo, JoinGame, PlayersAction (to the client's own PlayersActionDone or \
PlayersActionRejected), kick votes...; PokerTH 1.x the same requests and MyActionRequest; \
poker-network PacketLogin, table select/join, seat, sit, the client's own \
fold/check/call/raise (echoed for its serial), chat...; GLS Protover, NickReq, Say1, \
DiePlaceTry; the card game's PlayCard (the server moving that card). Answered by the client \
(the player's time to act): PokerTH PlayersTurn for the client's own player to its \
PlayersAction (1.x: MyActionRequest); poker-network PacketPokerPosition for the client's \
serial to its action, blind and ante requests; the card game's Stage telling the recipient \
to play, to its PlayCard. The README lists every pair. Past 4096 samples a figure comes from \
a histogram with 3 significant digits (within 0.1 %); min and max stay exact.

Exit status: 0, also when the capture holds no game traffic; 1 when the input cannot be read; \
2 on bad usage.";

/// Arguments of `cardshark stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// A section to write (repeatable, or several separated by commas;
    /// default: all of them; written in this order).
    #[arg(short = 'z', value_enum, value_name = "NAME", value_delimiter = ',')]
    pub sections: Vec<Section>,
    /// Output format: tables, or one JSON object with a member per section.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// Bytes of stream rows kept in memory before they spill to a temporary file.
const ROWS_IN_MEMORY: usize = 4 << 20;

/// What went wrong with the temporary file the stream rows spill to.
fn spill_error(e: io::Error) -> CliError {
    super::spill_error("the stream rows", e)
}

/// Everything gathered over the capture.
struct Gathered {
    types: Types,
    streams: Sorted<KeyedBytes<1>>,
    hands: HandStats,
    rtt: Rtt,
}

/// Runs the pipeline and gathers the `wanted` figures.
fn gather(args: &StatsArgs, wanted: Wanted) -> Result<Gathered, CliError> {
    let config = args.decode.config()?;
    let make = || DecodeStage::new(config.clone(), StatsCollector::new(wanted));
    let mut hands = HandStats::default();
    let mut store: Store<KeyedBytes<1>> = Store::new(ROWS_IN_MEMORY);
    let mut failed: Option<io::Error> = None;
    let mut take = |item: Item| match item {
        Item::Hand(v) => hands.add(*v),
        Item::Stream(rows) if wanted.proto => {
            let pushed = serde_json::to_vec(&*rows)
                .map_err(io::Error::other)
                .and_then(|b| store.push(KeyedBytes::new([rows.stream], b)));
            if let Err(e) = pushed {
                failed.get_or_insert(e);
            }
        }
        Item::Stream(_) => {}
    };
    let done = args.input.run(make, &mut |item, _: &[u8]| {
        take(item);
        ControlFlow::Continue(())
    })?;
    warn_all(&done.summary.warnings());
    let mut total = StatsCollector::new(wanted);
    for w in done.workers {
        let mut c = w.into_sink();
        c.finish(&mut take);
        total.merge(c);
    }
    if let Some(e) = failed {
        return Err(spill_error(e));
    }
    Ok(Gathered {
        types: total.types,
        streams: store.finish().map_err(spill_error)?,
        hands,
        rtt: total.rtt,
    })
}

/// Runs `cardshark stats`.
pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let mut sections = args.sections.clone();
    if sections.is_empty() {
        sections = Section::value_variants().to_vec();
    }
    sections.sort();
    sections.dedup();
    let has = |s| sections.contains(&s);
    let wanted = Wanted {
        proto: has(Section::Proto),
        hands: has(Section::Hands) || has(Section::Players),
        rtt: has(Section::Rtt),
    };
    let g = gather(args, wanted)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let json = args.format == Format::Json;
    if json {
        out.write_all(b"{")?;
    }
    for (n, s) in sections.iter().enumerate() {
        let lists = match s {
            Section::Proto => proto(&g)?,
            Section::Hands => tables(&g.hands),
            Section::Players => players(&g.hands),
            Section::Rtt => rtt(&g.rtt),
        };
        if json {
            let name = s.to_possible_value().map(|v| v.get_name().to_string());
            let sep = if n == 0 { "\n" } else { ",\n" };
            write!(out, "{sep}  {}: {{", json!(name.unwrap_or_default()))?;
            for (k, list) in lists.iter().enumerate() {
                list.write_json(&mut out, k == 0)?;
            }
            out.write_all(b"\n  }")?;
        } else {
            for list in &lists {
                list.write_table(&mut out)?;
            }
        }
    }
    if json {
        out.write_all(b"\n}\n")?;
    }
    out.flush()?;
    Ok(())
}

/// One list of a section: a table for people, an array of objects in JSON.
struct List {
    /// The table's title, and the JSON member's name.
    title: &'static str,
    key: &'static str,
    headers: &'static [&'static str],
    /// The rows: the table's cells, and the JSON object.
    rows: Vec<(Vec<String>, Value)>,
    /// What an empty list says instead of a table.
    empty: &'static str,
}

impl List {
    fn write_table(&self, out: &mut impl Write) -> Result<(), CliError> {
        writeln!(out, "== {}", self.title)?;
        if self.rows.is_empty() {
            writeln!(out, "({})", self.empty)?;
            return Ok(());
        }
        let mut table = Table::boxed(self.headers);
        for (cells, _) in &self.rows {
            table.measure(cells);
        }
        let rows = self.rows.iter().map(|(c, _)| Ok::<_, CliError>(c.clone()));
        table.write(out, rows)
    }

    fn write_json(&self, out: &mut impl Write, first: bool) -> io::Result<()> {
        let sep = if first { "\n" } else { ",\n" };
        write!(out, "{sep}    {}: [", json!(self.key))?;
        for (n, (_, v)) in self.rows.iter().enumerate() {
            out.write_all(if n == 0 { b"\n      " } else { b",\n      " })?;
            serde_json::to_writer(&mut *out, v)?;
        }
        out.write_all(if self.rows.is_empty() {
            b"]"
        } else {
            b"\n    ]"
        })
    }
}

/// Microseconds as milliseconds for people: `12.345`.
fn ms(us: u64) -> String {
    format!("{}.{:03}", us / 1000, us % 1000)
}

/// `proto`: per protocol and type, then per stream and direction.
fn proto(g: &Gathered) -> Result<Vec<List>, CliError> {
    let types = g.types.0.iter().map(|((p, t, d), c)| {
        let cells = vec![
            p.clone(),
            t.clone(),
            d.to_string(),
            n(c.messages),
            n(c.bytes),
            n(c.errors),
        ];
        let v = json!({"protocol": p, "type": t, "dir": d, "messages": c.messages,
                       "bytes": c.bytes, "errors": c.errors});
        (cells, v)
    });
    let mut streams = Vec::new();
    for item in g.streams.merge().map_err(spill_error)? {
        let item = item.map_err(spill_error)?;
        let r: StreamRows =
            serde_json::from_slice(&item.bytes).map_err(|e| spill_error(io::Error::other(e)))?;
        for d in [Direction::C2S, Direction::S2C] {
            let x = r.dir(d);
            let (from, to) = match d {
                Direction::C2S => (&r.client, &r.server),
                Direction::S2C => (&r.server, &r.client),
            };
            let cells = vec![
                n(r.stream),
                d.as_str().into(),
                format!("{from} → {to}"),
                r.protocol.clone(),
                n(x.messages),
                n(x.bytes),
                n(x.errors),
                n(x.unknown_bytes),
                n(x.gap_bytes),
            ];
            let mut v = json!({"stream": r.stream, "dir": d.as_str(), "src": from, "dst": to,
                               "protocol": r.protocol});
            if let (Value::Object(o), Ok(Value::Object(c))) = (&mut v, serde_json::to_value(x)) {
                o.extend(c);
            }
            streams.push((cells, v));
        }
    }
    Ok(vec![
        List {
            title: "proto: messages and bytes per protocol, type and direction",
            key: "types",
            headers: &["Protocol", "Type", "Dir", "Messages", "Bytes", "Errors"],
            rows: types.collect(),
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
            rows: streams,
            empty: "no TCP stream in the capture",
        },
    ])
}

/// A count as a cell.
fn n(v: u64) -> String {
    v.to_string()
}

/// `hands`: per table.
fn tables(h: &HandStats) -> Vec<List> {
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
        rows: rows.collect(),
        empty: "no poker hands in the capture",
    }]
}

/// `players`: actions per player.
fn players(h: &HandStats) -> Vec<List> {
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
        rows: rows.collect(),
        empty: "no poker hands in the capture",
    }]
}

/// The cells and JSON members of a pair's figures.
fn timing(t: &Times) -> (Vec<String>, Value) {
    let (requests, unanswered, m) = figures(t);
    let mut cells = vec![n(requests), n(unanswered)];
    let dash = || "-".to_string();
    let m: Option<Summary> = m;
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

/// The identity of a pair: cells and JSON members.
fn pair_cells(i: usize) -> (Vec<String>, Value) {
    let p = &PAIRS[i];
    let cells = vec![
        protocol_label(p.protocol).to_string(),
        p.label(),
        p.by.as_str().into(),
    ];
    let v = json!({"protocol": protocol_label(p.protocol), "request": p.request,
                   "answers": p.answers, "by": p.by.as_str()});
    (cells, v)
}

/// Joins two JSON objects.
fn join(mut a: Value, b: Value) -> Value {
    if let (Value::Object(a), Value::Object(b)) = (&mut a, b) {
        a.extend(b);
    }
    a
}

/// `rtt`: per request type, then per player.
fn rtt(r: &Rtt) -> Vec<List> {
    let by_pair = r.pairs.iter().map(|(&i, t)| {
        let (mut cells, v) = pair_cells(i);
        let (c, w) = timing(t);
        cells.extend(c);
        (cells, join(v, w))
    });
    let by_player = r.players.iter().map(|((i, server, player), t)| {
        let (pc, v) = pair_cells(*i);
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
    const TIMES: [&str; 7] = [
        "Requests",
        "Unanswered",
        "Min ms",
        "P50 ms",
        "P90 ms",
        "P99 ms",
        "Max ms",
    ];
    vec![
        List {
            title: "rtt: response time per request type (by: who answers)",
            key: "requests",
            headers: &[
                "Protocol",
                "Request → answer",
                "By",
                TIMES[0],
                TIMES[1],
                TIMES[2],
                TIMES[3],
                TIMES[4],
                TIMES[5],
                TIMES[6],
            ],
            rows: by_pair.collect(),
            empty: "no request of a known pair in the capture",
        },
        List {
            title: "rtt: response time per player (the client of the stream)",
            key: "players",
            headers: &[
                "Protocol",
                "Server",
                "Player",
                "Request → answer",
                "By",
                TIMES[0],
                TIMES[1],
                TIMES[2],
                TIMES[3],
                TIMES[4],
                TIMES[5],
                TIMES[6],
            ],
            rows: by_player.collect(),
            empty: "no request of a known pair in the capture",
        },
    ]
}
