//! Poker hands rebuilt from the records of a capture.
//!
//! [`HandCollector`] is a [`RecordSink`]: it takes the decode stage's
//! records, gives each poker stream a builder of its protocol
//! ([`pokerth::Builder`], [`pokernetwork::Builder`]; a PokerTH stream
//! whose first message is of the `pokerth-2007` dialect
//! [`pokerth2007::Builder`], whose hands are partial; a PokerTH 1.x stream,
//! dialect `pokerth-1`, [`pokerth1::Builder`]) and hands the
//! [`Hand`]s they finish to a [`HandSink`], in the order they end: a
//! `Vec<Hand>` to keep them all, or a closure to write each one out as
//! soon as it is finished (`cardshark hands` does, so that memory does not
//! grow with the capture). A gap, bytes no decoder
//! could place, or a message that could not be decoded on a stream while a
//! hand is in play marks that hand incomplete ([`Hand::complete`]); what
//! the capture does not show is left out, never made up.
//!
//! A hand is named on the command line by its [`HandId`], `STREAM:HAND`:
//! the TCP stream (as `decode` numbers them) and the hand number
//! ([`Hand::number`]).
//!
//! Beside the hands, the collector keeps a small tally of what it saw
//! ([`Seen`]: streams by protocol and dialect, poker streams with game
//! traffic or a hand's start, stream bytes the snapshot length cut), so
//! that a capture that gives no hand can be told why.

pub mod checks;
pub mod join;
pub mod made;
pub mod merge;
pub mod model;
pub mod pokernetwork;
pub mod pokerth;
pub mod pokerth1;
pub mod pokerth2007;
pub mod pots;
mod reported;
mod showdown;
pub mod table;
#[cfg(test)]
mod testkit;
pub mod views;
mod waiting;

pub use model::*;

/// The hash map of the hand builders: keyed by stream, player or table,
/// looked up at every record, so hashed with foldhash, seeded at random per
/// process as SipHash is, but several times faster on integer keys.
pub type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

use crate::capture::Timestamp;
use crate::decode::label::Label;
use crate::decode::Render;
use crate::decode::{Body, Record, RecordSink};
use crate::pipeline::Items;
use crate::protocols::pokernetwork::Message as PnMessage;
use crate::protocols::pokerth::messages::Message as PtMessage;
use crate::protocols::{Dialect, Fields, ProtocolId};
use crate::reassembly::GapReason;
use crate::transport::Transport;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A hand's name on the command line: `STREAM:HAND`, e.g. `0:3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandId {
    /// The TCP stream.
    pub stream: u64,
    /// The hand number ([`Hand::number`]).
    pub number: u64,
}

impl FromStr for HandId {
    type Err = String;
    fn from_str(s: &str) -> Result<HandId, String> {
        let bad = || format!("'{s}' is not a hand id: STREAM:HAND, e.g. 0:3");
        let (a, b) = s.split_once(':').ok_or_else(bad)?;
        Ok(HandId {
            stream: a.trim().parse().map_err(|_| bad())?,
            number: b.trim().parse().map_err(|_| bad())?,
        })
    }
}

impl fmt::Display for HandId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.stream, self.number)
    }
}

impl HandId {
    /// True when `hand` is the one named: by its id or any of its
    /// views' ([`Hand::views`]).
    pub fn matches(&self, hand: &Hand) -> bool {
        hand.is_named(self.stream, self.number)
    }
}

/// The hand builder of one poker stream: the adapter of its protocol and
/// dialect, which reads its messages into the [`Hand`] in play. The hand
/// views ([`HandCollector`]) and the poker tables of the timelines
/// (`analysis::timeline`, through [`table::Table`]) both read a stream
/// through one of these, so that they tell the same hand.
pub enum StreamBuilder {
    /// PokerTH 0.7 (`pokerth`).
    PokerTh(Box<pokerth::Builder>),
    /// PokerTH's 2007 development snapshot (`pokerth-2007`).
    PokerTh2007(Box<pokerth2007::Builder>),
    /// PokerTH 1.x (`pokerth-1`).
    PokerTh1(Box<pokerth1::Builder>),
    /// poker-network.
    PokerNetwork(Box<pokernetwork::Builder>),
}

impl StreamBuilder {
    /// The builder for `r`'s stream, made at its first message of a poker
    /// protocol (a PokerTH stream's first message tells its dialect; the
    /// events before it concern no hand); `None` for other records.
    pub fn for_record(r: &Record) -> Option<StreamBuilder> {
        Some(match (r.protocol?, &r.body) {
            (ProtocolId::PokerTh, Body::Message { .. })
                if r.dialect == Some(Dialect::PokerTh2007) =>
            {
                StreamBuilder::PokerTh2007(Box::new(pokerth2007::Builder::new(r.stream)))
            }
            (ProtocolId::PokerTh, Body::Message { .. }) => {
                StreamBuilder::PokerTh(Box::new(pokerth::Builder::new(r.stream)))
            }
            (ProtocolId::PokerTh1, Body::Message { .. }) => {
                StreamBuilder::PokerTh1(Box::new(pokerth1::Builder::new(r.stream)))
            }
            (ProtocolId::PokerNetwork, _) => {
                StreamBuilder::PokerNetwork(Box::new(pokernetwork::Builder::new(r.stream)))
            }
            _ => return None,
        })
    }

    /// Takes one record of the stream; returns a hand when it ends one
    /// (not settled yet: [`settle_and_check`]). Gaps, bytes no decoder
    /// could place and messages that could not be decoded mark the hand
    /// in play incomplete.
    pub fn record(&mut self, r: &Record) -> Option<Hand> {
        if let Some(why) = trouble(r) {
            match self {
                StreamBuilder::PokerTh(b) => b.trouble(r.frame, r.dir, why),
                StreamBuilder::PokerTh2007(b) => b.trouble(r.frame, r.dir, why),
                StreamBuilder::PokerTh1(b) => b.trouble(r.frame, r.dir, why),
                StreamBuilder::PokerNetwork(b) => b.trouble(r.frame, r.dir, why),
            }
            return None;
        }
        match (&r.body, self) {
            (Body::Message { decoded, .. }, b) => match (&decoded.fields, b) {
                (Fields::PokerTh(m), StreamBuilder::PokerTh(b)) => b.message(r, m),
                (Fields::PokerTh(m), StreamBuilder::PokerTh2007(b)) => b.message(r, m),
                (Fields::PokerTh1(m), StreamBuilder::PokerTh1(b)) => b.message(r, m),
                (Fields::PokerNetwork(m), StreamBuilder::PokerNetwork(b)) => b.message(r, m),
                _ => None,
            },
            (Body::StreamEnd { .. }, b) => b.end(),
            _ => None,
        }
    }

    /// The stream ended: the hand in play, if any, ends.
    pub fn end(&mut self) -> Option<Hand> {
        match self {
            StreamBuilder::PokerTh(b) => b.end(),
            StreamBuilder::PokerTh2007(b) => b.end(),
            StreamBuilder::PokerTh1(b) => b.end(),
            StreamBuilder::PokerNetwork(b) => b.end(),
        }
    }

    /// The hand in play as it will be handed on (not settled yet), once
    /// the stream showed its result but the builder keeps it open for what
    /// may follow (PokerTH: cards shown after the hand); `None` otherwise.
    pub fn ended(&self) -> Option<Hand> {
        match self {
            StreamBuilder::PokerTh(b) => b.ended(),
            StreamBuilder::PokerTh1(b) => b.ended(),
            StreamBuilder::PokerTh2007(_) | StreamBuilder::PokerNetwork(_) => None,
        }
    }

    /// Whether the hand in play showed its result and is kept open for
    /// what may still join it (PokerTH 1.x: cards shown after the hand;
    /// the other builders hand a hand on at its result).
    pub fn result_seen(&self) -> bool {
        match self {
            StreamBuilder::PokerTh1(b) => b.result_seen(),
            _ => false,
        }
    }

    /// Hands on the hand in play when [`StreamBuilder::result_seen`].
    pub fn close_after_result(&mut self) -> Option<Hand> {
        match self {
            StreamBuilder::PokerTh1(b) => b.close_after_result(),
            _ => None,
        }
    }

    /// The hand in play so far, if any.
    pub fn current(&self) -> Option<&Hand> {
        match self {
            StreamBuilder::PokerTh(b) => b.current(),
            StreamBuilder::PokerTh2007(b) => b.current(),
            StreamBuilder::PokerTh1(b) => b.current(),
            StreamBuilder::PokerNetwork(b) => b.current(),
        }
    }

    /// Whether the hand in play grows in the order things happened. The
    /// `pokerth-2007` builder places the client's action only once the
    /// server answered it (after the next turn): its hands are followed
    /// whole, when they end.
    pub fn grows_in_order(&self) -> bool {
        !matches!(self, StreamBuilder::PokerTh2007(_))
    }

    /// The protocol the builder reads.
    pub fn protocol(&self) -> ProtocolId {
        match self {
            StreamBuilder::PokerTh(_) | StreamBuilder::PokerTh2007(_) => ProtocolId::PokerTh,
            StreamBuilder::PokerTh1(_) => ProtocolId::PokerTh1,
            StreamBuilder::PokerNetwork(_) => ProtocolId::PokerNetwork,
        }
    }
}

/// Where a [`HandCollector`] puts the hands it finishes.
pub trait HandSink {
    /// Whether the sink keeps the hands until they are taken (then what
    /// they weigh is the collector's [`RecordSink::pending`]).
    const KEEPS: bool = false;
    /// A finished hand (settled and checked); hands come in the order they
    /// end.
    fn hand(&mut self, h: Hand);
}

/// Keeps every hand.
impl HandSink for Vec<Hand> {
    const KEEPS: bool = true;
    fn hand(&mut self, h: Hand) {
        self.push(h);
    }
}

/// Calls the closure with each hand.
impl<F: FnMut(Hand)> HandSink for F {
    fn hand(&mut self, h: Hand) {
        self(h);
    }
}

/// What a [`HandCollector`] saw besides the hands: enough to say why a
/// capture gave none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    /// Streams by protocol, as tables name it ([`crate::decode::label::Label`]:
    /// `pokerth-2007`, `websocket/pokerth-1`, `?` for a stream no protocol
    /// claimed).
    pub streams: BTreeMap<String, u64>,
    /// Poker streams (PokerTH, poker-network).
    pub poker_streams: u64,
    /// Poker streams with game traffic (a game or hand starting, actions,
    /// cards dealt, results), not only the lobby's.
    pub games: u64,
    /// Poker streams on which a hand started.
    pub hand_starts: u64,
    /// Bytes of stream data the capture holds, decoded or not.
    pub bytes: u64,
    /// Bytes of stream data the capture's snapshot length cut off.
    pub cut: u64,
    /// Hands finished (complete or not).
    pub hands: u64,
}

impl Seen {
    /// Adds what another part of the same pass saw (another worker's).
    pub fn add(&mut self, other: &Seen) {
        for (k, v) in &other.streams {
            *self.streams.entry(k.clone()).or_default() += v;
        }
        self.poker_streams += other.poker_streams;
        self.games += other.games;
        self.hand_starts += other.hand_starts;
        self.bytes += other.bytes;
        self.cut += other.cut;
        self.hands += other.hands;
    }
}

/// What is known of a poker stream while it lasts.
#[derive(Debug, Clone, Copy, Default)]
struct PokerStream {
    dialect: Option<Dialect>,
    transport: Transport,
    /// The connection's client and server, from its first record.
    endpoints: Option<(std::net::SocketAddr, std::net::SocketAddr)>,
    game: bool,
    hand: bool,
    /// The number of the last hand announced as opened
    /// ([`HandCollector::announce`]).
    announced: Option<u64>,
}

/// True for a message that starts a hand.
fn starts_hand(f: &Fields) -> bool {
    match f {
        Fields::PokerTh(m) => matches!(m, PtMessage::HandStart(_) | PtMessage::GameStart2007(_)),
        Fields::PokerTh1(m) => m.name == "HandStart",
        Fields::PokerNetwork(m) => matches!(m, PnMessage::PacketPokerStart(_)),
        _ => false,
    }
}

/// True for a message of a game in play (not of the lobby).
fn in_game(f: &Fields) -> bool {
    starts_hand(f)
        || match f {
            Fields::PokerTh(m) => matches!(
                m,
                PtMessage::GameStart(_)
                    | PtMessage::PlayersTurn(_)
                    | PtMessage::PlayersAction(_)
                    | PtMessage::PlayersActionDone(_)
                    | PtMessage::DealFlopCards(_)
                    | PtMessage::DealTurnCard(_)
                    | PtMessage::DealRiverCard(_)
                    | PtMessage::AllInShowCards(_)
                    | PtMessage::EndOfHandShowCards(_)
                    | PtMessage::EndOfHandHideCards(_)
                    | PtMessage::PlayersTurn2007(_)
                    | PtMessage::PlayersAction2007(_)
            ),
            Fields::PokerTh1(m) => {
                matches!(m.name, "GameStartInitial" | "GameStartRejoin")
                    || crate::protocols::pokerth1::messages::is_hand_message(m.name)
            }
            Fields::PokerNetwork(m) => matches!(
                m,
                PnMessage::PacketPokerInGame(_)
                    | PnMessage::PacketPokerDealer(_)
                    | PnMessage::PacketPokerBlind(_)
                    | PnMessage::PacketPokerAnte(_)
                    | PnMessage::PacketPokerPlayerCards(_)
                    | PnMessage::PacketPokerBoardCards(_)
                    | PnMessage::PacketPokerFold(_)
                    | PnMessage::PacketPokerCheck(_)
                    | PnMessage::PacketPokerCall(_)
                    | PnMessage::PacketPokerRaise(_)
                    | PnMessage::PacketPokerWin(_)
            ),
            _ => false,
        }
}

/// Collects the hands of every poker stream into a [`HandSink`] (by
/// default a `Vec<Hand>`); see the [module docs](self).
pub struct HandCollector<S: HandSink = Vec<Hand>> {
    /// The poker streams not yet ended: their builder, their dialect and
    /// whether a game started (one map, one lookup a record).
    streams: HashMap<u64, (StreamBuilder, PokerStream)>,
    seen: Seen,
    sink: S,
    /// The key of the last record ([`Record::order`]).
    key: u64,
    /// What the hands given to the sink and not taken yet weigh
    /// ([`Hand::heap_bytes`] and the hand).
    made: usize,
    /// With [`HandCollector::after_result`]: how long (capture time) a
    /// hand whose result was seen stays open for what may still join it.
    after_result: Option<f64>,
    /// Those hands: stream, the key of the result's record, its time.
    waiting: waiting::Waiting,
    /// With [`HandCollector::announce`]: the views opened and not taken
    /// yet, with the key of the record that opened each.
    opened: Option<Vec<(u64, join::Opened)>>,
}

/// In a pipeline worker, the hands finished so far, keyed by the last
/// record taken (a hand's place among the workers' output; commands order
/// hands by stream and first frame).
impl Render for HandCollector<Vec<Hand>> {
    type Item = Hand;
    fn take(&mut self, into: &mut Items<Hand>) {
        for h in self.sink.drain(..) {
            let heap = h.heap_bytes();
            into.push_owning(self.key, h, heap);
        }
        self.made = 0;
    }
}

impl HandCollector {
    /// A collector keeping every hand, for [`HandCollector::finish`].
    pub fn new() -> HandCollector {
        HandCollector::with_sink(Vec::new())
    }

    /// Ends every stream (a hand still open is incomplete) and returns all
    /// the hands, ordered by stream, then by first frame (hands starting at
    /// the same frame in the order they ended).
    pub fn finish(self) -> Vec<Hand> {
        let mut hands = self.end();
        hands.sort_by_key(|h| (h.stream, h.first_frame));
        hands
    }
}

impl Default for HandCollector {
    fn default() -> Self {
        HandCollector::new()
    }
}

impl<S: HandSink> HandCollector<S> {
    /// A collector giving each hand to `sink` as soon as it is finished.
    pub fn with_sink(sink: S) -> HandCollector<S> {
        HandCollector {
            streams: HashMap::default(),
            seen: Seen::default(),
            sink,
            key: 0,
            made: 0,
            after_result: None,
            waiting: waiting::Waiting::default(),
            opened: None,
        }
    }

    /// Announces each hand as it opens on its stream, once its game is
    /// known ([`join::Opened`], taken with [`HandCollector::take_opened`]):
    /// what the join of views into hands needs (`join.rs`).
    pub fn announce(mut self) -> Self {
        self.opened = Some(Vec::new());
        self
    }

    /// The hands opened since the last call, with the key of the record
    /// that opened each (with [`HandCollector::announce`]; none without).
    pub fn take_opened(&mut self) -> Vec<(u64, join::Opened)> {
        self.opened.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Hands a hand on at most `seconds` of capture time after its result
    /// (PokerTH 1.x keeps it open for cards shown after the hand, until
    /// the next hand starts otherwise), keyed by the result's record: so a
    /// hand is written within about `seconds` of its result, also while
    /// the server pauses between hands, and in the same place whatever
    /// closed it. Cards shown later are left out of the hand.
    pub fn after_result(mut self, seconds: f64) -> Self {
        self.after_result = Some(seconds);
        self
    }

    /// Hands on the hands kept open past their result whose time is up at
    /// `now`.
    fn close_due(&mut self, now: Timestamp) {
        let Some(wait) = self.after_result else {
            return;
        };
        for (stream, key) in self.waiting.due(now, wait) {
            let Some((b, p)) = self.streams.get_mut(&stream) else {
                continue;
            };
            let p = *p;
            if let Some(mut h) = b.close_after_result() {
                h.ended_at = key;
                self.emit(h, p);
            }
        }
    }

    /// The key a hand ended by `r` takes: its result's, when it was kept
    /// open past it (then no longer waiting).
    fn ended_key(&mut self, stream: u64, r: &Record) -> u64 {
        self.waiting.take(stream).unwrap_or(r.order)
    }

    /// The sink, with the hands finished so far.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Ends every stream, in stream order: a hand still open is finished
    /// as incomplete and goes to the sink. Returns the sink.
    pub fn end(self) -> S {
        self.end_seen().0
    }

    /// Like [`HandCollector::end`], with the tally of what was seen.
    pub fn end_seen(mut self) -> (S, Seen) {
        let mut open: Vec<(u64, (StreamBuilder, PokerStream))> = self.streams.drain().collect();
        open.sort_by_key(|(s, _)| *s);
        for (stream, (mut b, p)) in open {
            let protocol = b.protocol();
            if let Some(mut h) = b.end() {
                if let Some(key) = self.waiting.key_of(stream) {
                    h.ended_at = key;
                }
                self.emit(h, p);
            }
            self.stream_ended(Label::new(Some(protocol), p.dialect, p.transport), Some(p));
        }
        (self.sink, self.seen)
    }

    /// Settles and checks a finished hand, names its dialect, and hands it
    /// to the sink.
    fn emit(&mut self, mut h: Hand, p: PokerStream) {
        h.dialect = p.dialect;
        h.transport = p.transport;
        h.endpoints = p.endpoints;
        self.seen.hands += 1;
        let h = settle_and_check(h);
        if S::KEEPS {
            self.made += std::mem::size_of::<Hand>() + h.heap_bytes();
        }
        self.sink.hand(h);
    }

    /// Counts the stream bytes a record shows, and those the snapshot
    /// length cut.
    fn tally(&mut self, r: &Record) {
        match &r.body {
            Body::Message { len, .. } | Body::UnknownData { len, .. } => self.seen.bytes += len,
            Body::Gap {
                len,
                reason: GapReason::Truncated,
            } => self.seen.cut += len,
            _ => {}
        }
    }

    /// Counts a stream that ended (`label`: what was detected on it; `p`:
    /// what was seen of it, for a poker stream with a builder).
    fn stream_ended(&mut self, label: Label, p: Option<PokerStream>) {
        let poker = matches!(
            label.protocol,
            Some(ProtocolId::PokerTh | ProtocolId::PokerTh1 | ProtocolId::PokerNetwork)
        );
        if poker || p.is_some() {
            self.seen.poker_streams += 1;
            self.seen.games += u64::from(p.is_some_and(|p| p.game));
            self.seen.hand_starts += u64::from(p.is_some_and(|p| p.hand));
        }
        *self.seen.streams.entry(label.to_string()).or_default() += 1;
    }

    /// The stream's builder and tally, made at its first message of a
    /// poker protocol; `None` for other streams.
    fn builder(&mut self, r: &Record) -> Option<&mut (StreamBuilder, PokerStream)> {
        let b = match self.streams.entry(r.stream) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert((StreamBuilder::for_record(r)?, PokerStream::default()))
            }
        };
        Some(b)
    }
}

/// What goes wrong on a stream while a hand is in play.
fn trouble(r: &Record) -> Option<String> {
    match &r.body {
        Body::Gap { len, .. } => Some(format!(
            "gap: {len} byte(s) of the {} direction missing: the hand is incomplete",
            r.dir.as_str()
        )),
        Body::UnknownData { len, .. } => Some(format!(
            "{len} byte(s) of the {} direction could not be decoded: the hand is incomplete",
            r.dir.as_str()
        )),
        Body::Message { decoded, .. } if decoded.error.is_some() => Some(format!(
            "a {} message could not be decoded: the hand is incomplete",
            decoded.type_name
        )),
        _ => None,
    }
}

impl<S: HandSink> RecordSink for HandCollector<S> {
    fn pending(&self) -> usize {
        if S::KEEPS {
            self.made
        } else {
            0
        }
    }

    fn tick(&mut self, ts: Timestamp) {
        self.close_due(ts);
    }

    fn hold(&self) -> Option<u64> {
        self.waiting.least()
    }

    fn record(&mut self, r: Record) {
        self.key = r.order;
        self.close_due(r.ts);
        self.tally(&r);
        if matches!(r.body, Body::StreamEnd { .. }) && !self.streams.contains_key(&r.stream) {
            // A stream with no builder (not poker, or no message): counted
            // here, as nothing below sees it.
            self.stream_ended(r.label(), None);
            return;
        }
        let keeps = self.after_result.is_some();
        let announce = self.opened.is_some();
        let Some((b, p)) = self.builder(&r) else {
            return;
        };
        p.dialect = r.dialect.or(p.dialect);
        p.endpoints.get_or_insert(match r.dir {
            crate::reassembly::Direction::C2S => (r.src, r.dst),
            crate::reassembly::Direction::S2C => (r.dst, r.src),
        });
        if r.transport == Transport::WebSocket {
            p.transport = Transport::WebSocket;
        }
        if let Body::Message { decoded, .. } = &r.body {
            p.game = p.game || in_game(&decoded.fields);
            p.hand = p.hand || starts_hand(&decoded.fields);
        }
        let seen = *p;
        let done = b.record(&r);
        let result_seen = keeps && b.result_seen();
        let opened = (b.current())
            .filter(|h| announce && p.announced != Some(h.number))
            .and_then(|h| join::Opened::of(h, p.endpoints.map(|e| e.1)));
        if let Some(o) = &opened {
            p.announced = Some(o.number);
        }
        if let Some(mut h) = done {
            h.ended_at = self.ended_key(r.stream, &r);
            self.emit(h, seen);
        }
        if let (Some(o), Some(list)) = (opened, &mut self.opened) {
            list.push((r.order, o));
        }
        if result_seen {
            self.waiting.push(r.stream, r.order, r.ts);
        }
        if matches!(r.body, Body::StreamEnd { .. }) {
            // Nothing follows a stream's end, and its builder has no hand
            // open any more: drop it, or the map grows with every stream
            // of the capture.
            let p = self.streams.remove(&r.stream).map(|e| e.1);
            let label = match p {
                Some(p) => Label::new(r.protocol, p.dialect, p.transport),
                None => r.label(),
            };
            self.stream_ended(label, p);
        }
    }
}

/// Settles a hand that a builder finished (pots, returned chips), names
/// the hands its players showed ([`Hand::describe_shown`]) and runs the
/// checks on it: what every view of the hand then reads.
pub fn settle_and_check(mut h: Hand) -> Hand {
    h.settle();
    h.describe_shown();
    checks::run(&mut h);
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::Timestamp;

    #[test]
    fn hand_ids_parse() {
        assert_eq!(
            "0:3".parse::<HandId>(),
            Ok(HandId {
                stream: 0,
                number: 3
            })
        );
        assert_eq!(
            " 12 : 501 ".parse::<HandId>().map(|h| h.to_string()),
            Ok("12:501".into())
        );
        for bad in ["", "3", "a:1", "1:", "1:2:3", "-1:2"] {
            assert!(bad.parse::<HandId>().is_err(), "{bad}");
        }
    }

    fn action(player: u64, kind: ActionKind, added: u64) -> Action {
        Action::sample(1, player, kind, added)
    }

    #[test]
    fn side_pots_and_uncalled_chips() {
        // 1 all in for 100, 2 for 300, 3 puts in 500, 4 folds after 50.
        let mut h = Hand::new(ProtocolId::PokerTh, 0, 1, 1, Timestamp::default());
        h.complete = true;
        h.actions = vec![
            action(4, ActionKind::Call, 50),
            action(1, ActionKind::Call, 100),
            action(2, ActionKind::Raise, 300),
            action(3, ActionKind::Raise, 500),
            action(4, ActionKind::Fold, 0),
        ];
        h.settle();
        assert_eq!(
            h.returned,
            vec![Win {
                frame: 1,
                player: 3,
                amount: 200,
                pot: None
            }]
        );
        assert_eq!(
            h.pots,
            vec![
                Pot {
                    amount: 350,
                    eligible: vec![1, 2, 3]
                },
                Pot {
                    amount: 400,
                    eligible: vec![2, 3]
                },
            ]
        );
        assert_eq!(h.total_pot(), 750);
        // An incomplete hand gets no computed pots.
        h.complete = false;
        h.pots.clear();
        h.settle();
        assert!(h.pots.is_empty());
    }

    #[test]
    fn a_winner_is_paid_what_the_pots_hold() {
        // 1 all in for 100, 2 calls 100 and bets 200 more nobody calls:
        // the server says 1 receives 250 (frame 7), 2 gets 200 back. The
        // pot holds 200: 1 won 200, and the 50 more are a note naming the
        // frame, in every view the same story.
        let mut h = Hand::new(ProtocolId::PokerTh, 0, 1, 1, Timestamp::default());
        h.complete = true;
        h.actions = vec![
            action(1, ActionKind::Call, 100),
            action(2, ActionKind::Raise, 300),
        ];
        h.winners = vec![Win {
            frame: 7,
            player: 1,
            amount: 250,
            pot: None,
        }];
        h.settle();
        assert_eq!(
            (h.winners
                .iter()
                .map(|w| (w.player, w.amount))
                .collect::<Vec<_>>()),
            vec![(1, 200)]
        );
        assert_eq!(h.returned.len(), 1);
        assert_eq!(h.notes.len(), 1, "{:?}", h.notes);
        let n = &h.notes[0];
        assert_eq!((n.frame, n.kind), (7, NoteKind::Check));
        assert!(
            n.text.starts_with("chips:") && n.text.contains("250"),
            "{n:?}"
        );
    }
}
