//! The hand builders' test harness: a server talking to a builder.

use super::{settle_and_check, Hand};
use crate::decode::record::test_record;
use crate::decode::Record;

/// A server talking to a hand builder `B` (each protocol's tests add how
/// it sends): the frames sent, and the hands the builder finished, settled
/// and checked as `cardshark hands` does.
pub(super) struct Server<B> {
    /// The builder.
    pub b: B,
    /// The last frame sent.
    pub frame: u64,
    /// The hands finished so far.
    pub hands: Vec<Hand>,
}

impl<B> Server<B> {
    /// A server talking to `b`, nothing sent yet.
    pub fn talking_to(b: B) -> Self {
        Server {
            b,
            frame: 0,
            hands: Vec::new(),
        }
    }

    /// The record of the next frame.
    pub fn next_record(&mut self) -> Record {
        self.frame += 1;
        test_record(self.frame)
    }

    /// Keeps the hand the builder finished, if any.
    pub fn keep(&mut self, h: Option<Hand>) {
        if let Some(h) = h {
            self.hands.push(settle_and_check(h));
        }
    }
}
