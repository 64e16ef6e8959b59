//! Statistics over a capture, like tshark's `-z`: messages and bytes per
//! protocol and type and per stream and direction ([`proto`]), hands per
//! table and actions per player ([`hands`]), and response times of
//! requests and their answers ([`rtt`], over the pairs of [`pairs`]).
//!
//! [`StatsCollector`] is a record sink of the decode stage, one per
//! pipeline worker. What only adds up (counts per type, response times)
//! stays in the worker and is merged at the end ([`StatsCollector::merge`]:
//! sums, and [`samples::Samples`] whose figures do not depend on how they
//! were split). What must be seen in capture order or kept out of memory
//! goes to the calling thread as items ([`Item`]): each view of a hand as
//! it opens and as it ends, which the calling thread joins into hands
//! (`analysis::hands::join`: a hand two clients saw is counted once), and
//! each stream's rows, when the stream ends. So the figures are the same
//! for every number of worker threads.

pub mod hands;
pub mod pairs;
pub mod proto;
pub mod rtt;
pub mod samples;

use crate::analysis::hands::join::ViewItem;
use crate::analysis::hands::HandCollector;
use crate::decode::label::Label;
use crate::decode::Render;
use crate::decode::{Body, Record, RecordSink};
use crate::pipeline::Items;
use crate::transport::Transport;
use proto::{StreamRows, Types};
use rtt::{Msg, Rtt, StreamRtt};
use serde_json::Value;
use std::collections::HashMap;

/// Which statistics to gather.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wanted {
    /// Per protocol and type, per stream and direction.
    pub proto: bool,
    /// Hands (for hands per table or actions per player).
    pub hands: bool,
    /// Response times.
    pub rtt: bool,
    /// Every counted record as an item of its own ([`Item::Counted`]),
    /// for figures per interval of capture time.
    pub each: bool,
}

/// What a worker hands the calling thread, in capture order.
#[derive(Debug)]
pub enum Item {
    /// A view of a hand opened or ended (one client's view of it), for
    /// the join.
    View(ViewItem<()>),
    /// A stream ended: its rows (a direction each).
    Stream(Box<StreamRows>),
    /// A record counted (with [`Wanted::each`]).
    Counted(Box<Counted>),
}

/// A record as [`Types`] counts it, with its time.
#[derive(Debug)]
pub struct Counted {
    /// The record's time.
    pub ts: crate::capture::Timestamp,
    /// Its stream's protocol label.
    pub protocol: String,
    /// Its type or event.
    pub type_name: String,
    /// Its direction.
    pub dir: crate::reassembly::Direction,
    /// One message and its bytes.
    pub counts: proto::Counts,
}

/// What is known of a stream while it lasts.
#[derive(Debug)]
struct Stream {
    client: String,
    server: String,
    /// Its protocol as far as known.
    known: Label,
    /// The text of `known`, kept: every record is counted under it.
    label: String,
    rows: StreamRows,
    rtt: StreamRtt,
    own_name: Option<String>,
}

impl Stream {
    /// The client's player for people: `name (id)`, either, or the
    /// client's address.
    fn player(&self) -> String {
        let id = self.rtt.own.as_ref().map(|v| match v {
            Value::String(s) => s.clone(),
            v => v.to_string(),
        });
        match (&self.own_name, id) {
            (Some(n), Some(id)) => format!("{n} ({id})"),
            (Some(n), None) => n.clone(),
            (None, Some(id)) => format!("player {id}"),
            (None, None) => format!("client {}", self.client),
        }
    }
}

/// A worker's statistics; see the [module docs](self).
pub struct StatsCollector {
    wanted: Wanted,
    streams: HashMap<u64, Stream>,
    hands: Option<HandCollector>,
    /// Messages and bytes per protocol, type and direction.
    pub types: Types,
    /// Response times.
    pub rtt: Rtt,
    items: Items<Item>,
}

impl StatsCollector {
    /// A collector of the `wanted` statistics.
    pub fn new(wanted: Wanted) -> StatsCollector {
        StatsCollector {
            wanted,
            streams: HashMap::new(),
            hands: wanted.hands.then(|| HandCollector::new().announce()),
            types: Types::default(),
            rtt: Rtt::default(),
            items: Items::default(),
        }
    }

    /// Adds another worker's counts and times (its items went to the
    /// calling thread already).
    pub fn merge(&mut self, other: StatsCollector) {
        self.types.merge(other.types);
        self.rtt.merge(other.rtt);
    }

    /// Ends the streams still open (none once the capture has been read
    /// to its end) and the hands still open; what they give is handed to
    /// `f`, in stream order.
    pub fn finish(&mut self, mut f: impl FnMut(Item)) {
        let mut open: Vec<u64> = self.streams.keys().copied().collect();
        open.sort_unstable();
        if let Some(hands) = self.hands.take() {
            for h in hands.finish() {
                f(Item::View(ViewItem::Ended(Box::new(h), ())));
            }
        }
        for id in open {
            if let Some(rows) = self.end_stream(id) {
                f(Item::Stream(Box::new(rows)));
            }
        }
    }

    /// A stream ended: its response times are added up, its rows given back.
    fn end_stream(&mut self, id: u64) -> Option<StreamRows> {
        let s = self.streams.remove(&id)?;
        let player = s.player();
        let mut rows = s.rows.clone();
        rows.protocol = s.label.clone();
        self.rtt
            .add_stream(s.rtt.end(), &s.label, &s.server, &player);
        Some(rows)
    }

    /// The stream of `r` in `streams`, made at its first record.
    fn stream<'a>(streams: &'a mut HashMap<u64, Stream>, r: &Record) -> &'a mut Stream {
        streams.entry(r.stream).or_insert_with(|| {
            let (client, server) = match r.dir {
                crate::reassembly::Direction::C2S => (r.src, r.dst),
                crate::reassembly::Direction::S2C => (r.dst, r.src),
            };
            Stream {
                client: client.to_string(),
                server: server.to_string(),
                known: Label::default(),
                label: Label::default().to_string(),
                rows: StreamRows::new(r.stream, client.to_string(), server.to_string()),
                rtt: StreamRtt::default(),
                own_name: None,
            }
        })
    }

    /// Counts a record, and pairs its message with requests.
    fn count(&mut self, r: &Record) {
        let wanted = self.wanted;
        let s = Self::stream(&mut self.streams, r);
        let known = Label::new(
            r.protocol.or(s.known.protocol),
            r.dialect.or(s.known.dialect),
            if r.transport == Transport::WebSocket {
                r.transport
            } else {
                s.known.transport
            },
        );
        if known != s.known {
            s.known = known;
            s.label = known.to_string();
        }
        let (protocol, dialect) = (known.protocol, known.dialect);
        s.rows.count(r);
        if wanted.proto {
            self.types.count(r, &s.label);
        }
        let decoded = match &r.body {
            Body::Message { decoded, .. } => Some(decoded),
            _ => None,
        };
        let Some(decoded) = decoded.filter(|d| wanted.rtt && d.error.is_none()) else {
            return;
        };
        let Some(protocol) = protocol else {
            return;
        };
        let ty: &str = &decoded.type_name;
        let id_field = pairs::own_id_field(protocol, ty);
        let name_field = pairs::own_name_field(protocol, ty);
        let paired = pairs::roles(protocol, ty).is_some();
        if !paired && id_field.is_none() && name_field.is_none() {
            return;
        }
        // Fields are read from the message's JSON form, made only for
        // the few types that pair or tell who the client is.
        let fields = serde_json::to_value(&decoded.fields).unwrap_or(Value::Null);
        let Some(s) = self.streams.get_mut(&r.stream) else {
            return;
        };
        let mut field = |name: &str| fields.get(name).filter(|v| !v.is_null()).cloned();
        if let Some(f) = id_field {
            if let Some(v) = field(f) {
                s.rtt.own = Some(v);
            }
        }
        if let Some(Value::String(n)) = name_field.and_then(&mut field) {
            if !n.is_empty() {
                s.own_name = Some(n);
            }
        }
        if paired {
            let m = Msg {
                protocol,
                dialect,
                ty,
                dir: r.dir,
                ts: r.ts,
            };
            s.rtt.message(&m, &mut field);
        }
    }
}

impl RecordSink for StatsCollector {
    fn record(&mut self, r: Record) {
        let key = r.order;
        let stream = r.stream;
        let end = matches!(r.body, Body::StreamEnd { .. });
        self.count(&r);
        if self.wanted.each {
            if let (Some(counts), Some(s)) = (proto::counts_of(&r), self.streams.get(&stream)) {
                let c = Counted {
                    ts: r.ts,
                    protocol: s.label.clone(),
                    type_name: r.type_name().to_string(),
                    dir: r.dir,
                    counts,
                };
                let heap = c.protocol.len() + c.type_name.len();
                self.items
                    .push_owning(key, Item::Counted(Box::new(c)), heap);
            }
        }
        if let Some(hands) = &mut self.hands {
            hands.record(r);
            for h in hands.sink_mut().drain(..) {
                let heap = std::mem::size_of_val(&h) + h.heap_bytes();
                let item = Item::View(ViewItem::Ended(Box::new(h), ()));
                self.items.push_owning(key, item, heap);
            }
            for (_, o) in hands.take_opened() {
                self.items
                    .push_owning(key, Item::View(ViewItem::Opened(o)), 0);
            }
        }
        if end {
            if let Some(rows) = self.end_stream(stream) {
                let heap = std::mem::size_of_val(&rows);
                self.items
                    .push_owning(key, Item::Stream(Box::new(rows)), heap);
            }
        }
    }

    fn pending(&self) -> usize {
        self.items.weight()
    }
}

impl Render for StatsCollector {
    type Item = Item;
    fn take(&mut self, into: &mut Items<Item>) {
        into.append(&mut self.items);
    }
}
