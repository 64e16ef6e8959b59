//! Poker hands rebuilt from the records of a capture.
//!
//! [`HandCollector`] is a [`RecordSink`]: it takes the decode stage's
//! records, gives each poker stream a builder of its protocol
//! ([`pokerth::Builder`], [`pokernetwork::Builder`]) and collects the
//! [`Hand`]s they finish, in the order they end. A gap, bytes no decoder
//! could place, or a message that could not be decoded on a stream while a
//! hand is in play marks that hand incomplete ([`Hand::complete`]); what
//! the capture does not show is left out, never made up.
//!
//! A hand is named on the command line by its [`HandId`], `STREAM:HAND`:
//! the TCP stream (as `decode` numbers them) and the hand number
//! ([`Hand::number`]).

pub mod checks;
pub mod model;
pub mod pokernetwork;
pub mod pokerth;
pub mod replay;

pub use model::*;

use crate::decode::{Body, Record, RecordSink};
use crate::protocols::{Fields, ProtocolId};
use std::collections::HashMap;
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
    /// True when `hand` is the one named.
    pub fn matches(&self, hand: &Hand) -> bool {
        hand.stream == self.stream && hand.number == self.number
    }
}

/// The builder of one stream.
enum StreamBuilder {
    PokerTh(Box<pokerth::Builder>),
    PokerNetwork(Box<pokernetwork::Builder>),
}

/// Collects the hands of every poker stream; see the [module docs](self).
#[derive(Default)]
pub struct HandCollector {
    streams: HashMap<u64, StreamBuilder>,
    /// The hands finished so far, in the order they ended.
    pub hands: Vec<Hand>,
}

impl HandCollector {
    /// A collector with no hands yet.
    pub fn new() -> HandCollector {
        HandCollector::default()
    }

    /// Ends every stream (a hand still open is incomplete) and returns the
    /// hands, ordered by stream, then by first frame.
    pub fn finish(mut self) -> Vec<Hand> {
        let mut open: Vec<(u64, StreamBuilder)> = self.streams.drain().collect();
        open.sort_by_key(|(s, _)| *s);
        for (_, b) in open {
            let last = match b {
                StreamBuilder::PokerTh(mut b) => b.end(),
                StreamBuilder::PokerNetwork(mut b) => b.end(),
            };
            self.hands.extend(last.map(finish_hand));
        }
        self.hands.sort_by_key(|h| (h.stream, h.first_frame));
        self.hands
    }

    fn builder(&mut self, r: &Record) -> Option<&mut StreamBuilder> {
        let protocol = r.protocol?;
        if !self.streams.contains_key(&r.stream) {
            let b = match protocol {
                ProtocolId::PokerTh => StreamBuilder::PokerTh(Box::new(pokerth::Builder::new(r.stream))),
                ProtocolId::PokerNetwork => {
                    StreamBuilder::PokerNetwork(Box::new(pokernetwork::Builder::new(r.stream)))
                }
                _ => return None,
            };
            self.streams.insert(r.stream, b);
        }
        self.streams.get_mut(&r.stream)
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

impl RecordSink for HandCollector {
    fn record(&mut self, r: Record) {
        let Some(b) = self.builder(&r) else {
            return;
        };
        let done = if let Some(why) = trouble(&r) {
            match b {
                StreamBuilder::PokerTh(b) => b.trouble(r.frame, why),
                StreamBuilder::PokerNetwork(b) => b.trouble(r.frame, why),
            }
            None
        } else {
            match (&r.body, b) {
                (Body::Message { decoded, .. }, StreamBuilder::PokerTh(b)) => match &decoded.fields {
                    Fields::PokerTh(m) => b.message(&r, m),
                    _ => None,
                },
                (Body::Message { decoded, .. }, StreamBuilder::PokerNetwork(b)) => {
                    match &decoded.fields {
                        Fields::PokerNetwork(m) => b.message(&r, m),
                        _ => None,
                    }
                }
                (Body::StreamEnd { .. }, StreamBuilder::PokerTh(b)) => b.end(),
                (Body::StreamEnd { .. }, StreamBuilder::PokerNetwork(b)) => b.end(),
                _ => None,
            }
        };
        if let Some(h) = done {
            self.hands.push(finish_hand(h));
        }
    }
}

/// Settles a hand that a builder finished (pots, returned chips) and runs
/// the checks on it.
fn finish_hand(mut h: Hand) -> Hand {
    h.settle();
    checks::run(&mut h);
    h
}
