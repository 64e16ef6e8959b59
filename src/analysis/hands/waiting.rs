//! The hands a collector keeps open after their result
//! ([`HandCollector::after_result`](super::HandCollector::after_result)):
//! their streams, the keys of their results' records and the results'
//! times, with the earliest time and the least key kept at hand. Every
//! record asks whether a hand is due and what the least key is; the
//! answers cost a comparison, and only a change (a hand joining or
//! leaving) looks over the list again.

use crate::capture::Timestamp;

/// See the [module docs](self).
#[derive(Debug, Default)]
pub(super) struct Waiting {
    /// Stream, the key of the result's record, its time.
    list: Vec<(u64, u64, Timestamp)>,
    /// The earliest time in `list`.
    earliest: Option<Timestamp>,
    /// The least key in `list`.
    least: Option<u64>,
}

impl Waiting {
    /// Keeps the hand of `stream` open from its result (key `key`, time
    /// `at`); a stream already waiting is left as it is.
    pub(super) fn push(&mut self, stream: u64, key: u64, at: Timestamp) {
        if self.list.iter().any(|w| w.0 == stream) {
            return;
        }
        self.list.push((stream, key, at));
        self.earliest = Some(self.earliest.map_or(at, |e| e.min(at)));
        self.least = Some(self.least.map_or(key, |l| l.min(key)));
    }

    /// The key of `stream`'s result, if its hand waits.
    pub(super) fn key_of(&self, stream: u64) -> Option<u64> {
        self.list.iter().find(|w| w.0 == stream).map(|w| w.1)
    }

    /// Takes `stream` out: the key of its result, if its hand waited.
    pub(super) fn take(&mut self, stream: u64) -> Option<u64> {
        let i = self.list.iter().position(|w| w.0 == stream)?;
        let key = self.list.swap_remove(i).1;
        self.settle();
        Some(key)
    }

    /// Takes out the hands whose time is up at `now` (more than `wait`
    /// seconds after their result): their streams and keys, in the
    /// order they came.
    pub(super) fn due(&mut self, now: Timestamp, wait: f64) -> Vec<(u64, u64)> {
        match self.earliest {
            Some(e) if now.seconds_since(e) > wait => {}
            _ => return Vec::new(),
        }
        let mut out = Vec::new();
        self.list.retain(|&(stream, key, at)| {
            let keep = now.seconds_since(at) <= wait;
            if !keep {
                out.push((stream, key));
            }
            keep
        });
        self.settle();
        out
    }

    /// The least key of a hand kept open (what the hands after it wait
    /// for).
    pub(super) fn least(&self) -> Option<u64> {
        self.least
    }

    /// The earliest time and least key, looked over again after a change.
    fn settle(&mut self) {
        self.earliest = self.list.iter().map(|w| w.2).min();
        self.least = self.list.iter().map(|w| w.1).min();
    }
}
