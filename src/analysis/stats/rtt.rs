//! Response times: the requests of one stream waiting for their answers
//! ([`StreamRtt`]), and what they add up to ([`Rtt`]), per pair of
//! [`PAIRS`] and per pair and player.

use super::pairs::{Bind, By, Pair, PAIRS};
use super::samples::{Samples, Summary};
use crate::capture::Timestamp;
use crate::protocols::{Dialect, ProtocolId};
use crate::reassembly::Direction;
use serde_json::Value;
use std::collections::{BTreeMap, VecDeque};

/// Requests of one kind waiting on one stream at most; past it the oldest
/// is given up as unanswered (a client flooding requests the server
/// ignores must not grow memory).
pub const MAX_WAITING: usize = 256;

/// The figures of one pair (on a stream, or added up).
#[derive(Debug, Clone, Default)]
pub struct Times {
    /// Answered requests: the time to their answer.
    pub samples: Samples,
    /// Requests that got no answer.
    pub unanswered: u64,
}

impl Times {
    /// Adds `other`'s figures.
    pub fn merge(&mut self, other: Times) {
        self.samples.merge(other.samples);
        self.unanswered += other.unanswered;
    }

    /// Requests seen, answered or not.
    pub fn requests(&self) -> u64 {
        self.samples.count() + self.unanswered
    }
}

/// The message at hand, as the pairing needs it.
pub struct Msg<'a> {
    /// Its protocol.
    pub protocol: ProtocolId,
    /// The stream's dialect, when known.
    pub dialect: Option<Dialect>,
    /// Its type.
    pub ty: &'a str,
    /// Its direction.
    pub dir: Direction,
    /// When it was complete.
    pub ts: Timestamp,
}

/// The direction a request of `pair` goes in.
fn request_dir(pair: &Pair) -> Direction {
    match pair.by {
        By::Server => Direction::C2S,
        By::Client => Direction::S2C,
    }
}

/// False when the stream's dialect has no such pair.
fn applies(pair: &Pair, m: &Msg<'_>) -> bool {
    pair.not_in.is_none() || m.dialect != pair.not_in
}

/// Microseconds from `a` to `b` (0 when `b` is not later).
fn micros(a: Timestamp, b: Timestamp) -> u64 {
    let ns = (i128::from(b.secs) - i128::from(a.secs)) * 1_000_000_000 + i128::from(b.nanos)
        - i128::from(a.nanos);
    u64::try_from(ns.max(0) / 1000).unwrap_or(u64::MAX)
}

/// A request waiting: when it was sent and the value it binds, if any.
type Waiting = (Timestamp, Option<Value>);

/// The requests of one stream waiting for their answers, and the times
/// of those answered so far, by pair.
#[derive(Debug, Default)]
pub struct StreamRtt {
    /// The stream's own player id, once a message told it.
    pub own: Option<Value>,
    waiting: BTreeMap<usize, VecDeque<Waiting>>,
    times: BTreeMap<usize, Times>,
}

impl StreamRtt {
    /// Takes one message: it answers waiting requests, then may ask.
    /// `field` reads one of its fields (by JSON name).
    pub fn message(&mut self, m: &Msg<'_>, field: &mut dyn FnMut(&str) -> Option<Value>) {
        let Some(roles) = super::pairs::roles(m.protocol, m.ty) else {
            return;
        };
        for &i in &roles.answers {
            let p = &PAIRS[i];
            if request_dir(p) == m.dir || !applies(p, m) {
                continue;
            }
            let Some(queue) = self.waiting.get_mut(&i) else {
                continue;
            };
            let front = (!queue.is_empty()).then_some(0);
            let at = match p.bind {
                Bind::None => front,
                Bind::Field(_, f) => match field(f) {
                    Some(v) => queue
                        .iter()
                        .position(|(_, k)| k.as_ref().is_none_or(|k| *k == v)),
                    None => front,
                },
                // An answer naming another player (or any player, while
                // the stream's own is not known) is not ours.
                Bind::Own(f) => match field(f) {
                    Some(v) if self.own.as_ref() != Some(&v) => None,
                    _ => front,
                },
            };
            if let Some((sent, _)) = at.and_then(|at| queue.remove(at)) {
                let t = self.times.entry(i).or_default();
                t.samples.add(micros(sent, m.ts));
            }
        }
        for &i in &roles.requests {
            let p = &PAIRS[i];
            if request_dir(p) != m.dir || !applies(p, m) {
                continue;
            }
            // Until the stream shows who its client is, a prompt to it
            // cannot be told apart, nor an answer that must name it.
            if self.own.is_none() && (p.own.is_some() || matches!(p.bind, Bind::Own(_))) {
                continue;
            }
            if p.own.is_some_and(|f| field(f) != self.own) {
                continue;
            }
            if let Some((f, values)) = p.when {
                let v = field(f);
                if !values
                    .iter()
                    .any(|w| v.as_ref().and_then(Value::as_str) == Some(*w))
                {
                    continue;
                }
            }
            let key = match p.bind {
                Bind::Field(f, _) => field(f).map(first),
                _ => None,
            };
            let queue = self.waiting.entry(i).or_default();
            // A prompt the player answers waits alone; a server's queue
            // has a bound.
            let room = if p.by == By::Client { 1 } else { MAX_WAITING };
            while queue.len() >= room {
                queue.pop_front();
                self.times.entry(i).or_default().unanswered += 1;
            }
            queue.push_back((m.ts, key));
        }
    }

    /// The stream ended: requests still waiting are unanswered. Returns
    /// the times by pair.
    pub fn end(mut self) -> BTreeMap<usize, Times> {
        for (i, q) in self.waiting {
            if !q.is_empty() {
                self.times.entry(i).or_default().unanswered += q.len() as u64;
            }
        }
        self.times
    }
}

/// A list's first value (PokerTH 1.x asks for several players at once),
/// or the value itself.
fn first(v: Value) -> Value {
    match v {
        Value::Array(mut a) if !a.is_empty() => a.swap_remove(0),
        v => v,
    }
}

/// Response times added up: by the streams' protocol (as tables name it,
/// [`crate::decode::label::Label`]) and pair, and by protocol, pair, server and
/// player.
#[derive(Debug, Default)]
pub struct Rtt {
    /// By protocol and pair (index in [`PAIRS`]).
    pub pairs: BTreeMap<(String, usize), Times>,
    /// By protocol, pair, server address and player.
    pub players: BTreeMap<(String, usize, String, String), Times>,
}

impl Rtt {
    /// Adds the times of a stream of `protocol` (its label) that ended,
    /// whose client was `player` on `server`.
    pub fn add_stream(
        &mut self,
        times: BTreeMap<usize, Times>,
        protocol: &str,
        server: &str,
        player: &str,
    ) {
        for (i, t) in times {
            let key = (
                protocol.to_string(),
                i,
                server.to_string(),
                player.to_string(),
            );
            self.players.entry(key).or_default().merge(t.clone());
            self.pairs
                .entry((protocol.to_string(), i))
                .or_default()
                .merge(t);
        }
    }

    /// Adds another worker's.
    pub fn merge(&mut self, other: Rtt) {
        for (k, t) in other.pairs {
            self.pairs.entry(k).or_default().merge(t);
        }
        for (k, t) in other.players {
            self.players.entry(k).or_default().merge(t);
        }
    }
}

/// A row of the figures: requests, unanswered, and the summary of the
/// answered ones.
pub fn figures(t: &Times) -> (u64, u64, Option<Summary>) {
    (t.requests(), t.unanswered, t.samples.summary())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn at(ms: i64) -> Timestamp {
        Timestamp::new(ms / 1000, (ms % 1000) as u32 * 1_000_000)
    }

    fn send(s: &mut StreamRtt, protocol: ProtocolId, ty: &str, dir: Direction, ms: i64, f: Value) {
        let m = Msg {
            protocol,
            dialect: None,
            ty,
            dir,
            ts: at(ms),
        };
        s.message(&m, &mut |name| f.get(name).cloned());
    }

    #[test]
    fn answers_go_to_their_requests() {
        use Direction::{C2S, S2C};
        let pt = ProtocolId::PokerTh;
        let mut s = StreamRtt {
            own: Some(json!(7)),
            ..StreamRtt::default()
        };
        // Two player infos asked, answered out of order by player id.
        send(
            &mut s,
            pt,
            "RetrievePlayerInfo",
            C2S,
            0,
            json!({"player_id": 1}),
        );
        send(
            &mut s,
            pt,
            "RetrievePlayerInfo",
            C2S,
            1,
            json!({"player_id": 2}),
        );
        send(&mut s, pt, "PlayerInfo", S2C, 5, json!({"player_id": 2}));
        send(
            &mut s,
            pt,
            "UnknownPlayerId",
            S2C,
            11,
            json!({"player_id": 1}),
        );
        // A turn for someone else asks nothing; one for us waits for our action.
        send(&mut s, pt, "PlayersTurn", S2C, 20, json!({"player_id": 3}));
        send(&mut s, pt, "PlayersTurn", S2C, 30, json!({"player_id": 7}));
        send(&mut s, pt, "PlayersAction", C2S, 130, json!({}));
        // Another player's action done does not answer ours.
        send(
            &mut s,
            pt,
            "PlayersActionDone",
            S2C,
            131,
            json!({"player_id": 3}),
        );
        send(
            &mut s,
            pt,
            "PlayersActionDone",
            S2C,
            140,
            json!({"player_id": 7}),
        );
        // A turn that times out is dropped by the next one.
        send(&mut s, pt, "PlayersTurn", S2C, 200, json!({"player_id": 7}));
        send(&mut s, pt, "PlayersTurn", S2C, 300, json!({"player_id": 7}));
        let times = s.end();
        let by = |req: &str, by: By| {
            let i = PAIRS
                .iter()
                .position(|p| p.protocol == pt && p.request == req && p.by == by)
                .unwrap();
            let t = &times[&i];
            let m = t.samples.summary();
            (t.requests(), t.unanswered, m.map(|m| (m.min_us, m.max_us)))
        };
        assert_eq!(
            by("RetrievePlayerInfo", By::Server),
            (2, 0, Some((4000, 11000)))
        );
        assert_eq!(
            by("PlayersTurn", By::Client),
            (3, 2, Some((100_000, 100_000)))
        );
        assert_eq!(
            by("PlayersAction", By::Server),
            (1, 0, Some((10_000, 10_000)))
        );
    }

    #[test]
    fn nothing_that_needs_the_client_is_counted_before_it_is_known() {
        use Direction::{C2S, S2C};
        let pt = ProtocolId::PokerTh;
        let mut s = StreamRtt::default();
        send(&mut s, pt, "PlayersTurn", S2C, 0, json!({"player_id": 7}));
        send(&mut s, pt, "PlayersAction", C2S, 10, json!({}));
        send(
            &mut s,
            pt,
            "PlayersActionDone",
            S2C,
            20,
            json!({"player_id": 7}),
        );
        send(&mut s, pt, "LeaveCurrentGame", C2S, 30, json!({}));
        send(&mut s, pt, "RemovedFromGame", S2C, 42, json!({}));
        let times = s.end();
        assert_eq!(times.len(), 1, "{times:?}");
        let t = times.values().next().unwrap();
        assert_eq!(
            (t.requests(), t.samples.summary().unwrap().p50_us),
            (1, 12_000)
        );
    }
}
