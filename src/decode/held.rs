//! What a decode stage's streams hold between packets, counted for all of
//! them together against one cap ([`HELD_LIMIT`]): the first bytes of
//! streams still being detected (and their queued events), messages not
//! yet complete, and a WebSocket's frames and messages of the same kinds.
//! Each stream's share is [`super::Stream::held`]; the stage counts the
//! difference each event makes to the stream it is about.

use super::{stream_at, DecodeStage, Phase, RecordSink};

/// The bytes a decode stage's streams (one stage per worker) hold at most
/// together between packets: the first bytes of streams still being
/// detected (each up to `detect::DETECT_LIMIT` a direction, and queued to
/// be replayed) and messages not yet complete (each up to its protocol's
/// largest). Past it, the stream whose bytes grow lets them go
/// (`DecodeStage::let_go`). Real traffic holds far less: the benchmark
/// captures, 3000 connections open at once, never reach it.
pub const HELD_LIMIT: usize = 2 << 20;

/// Why a stream's incomplete messages were given up.
const HELD_WHY: &str = "incomplete message given up: the streams' held bytes passed their cap";

impl<S: RecordSink> DecodeStage<S> {
    /// The bytes `stream` (in the current slot) holds.
    pub(super) fn held_by(&mut self, stream: u64) -> usize {
        stream_at(&mut self.streams, self.slot, stream).map_or(0, |s| s.held())
    }

    /// `stream` held `before` bytes before its last event: counts the
    /// difference, and when it grew (`grew`) past [`HELD_LIMIT`] of all
    /// the streams together, makes it let go ([`DecodeStage::let_go`]).
    pub(super) fn account(&mut self, stream: u64, before: usize, grew: bool) {
        let mut after = self.held_by(stream);
        if grew && after > before && self.held + after - before > HELD_LIMIT {
            self.let_go(stream);
            after = self.held_by(stream);
        }
        self.held = (self.held + after).saturating_sub(before);
    }

    /// The streams together hold more than [`HELD_LIMIT`] and `stream`'s
    /// bytes just grew: a stream still detecting decides with what it has;
    /// a stream decoding gives up the messages it has not completed (their
    /// bytes become unknown data, and the direction looks for the next
    /// message). As Suricata's memcaps: the one that asks for more pays.
    #[inline(never)]
    fn let_go(&mut self, stream: u64) {
        let slot = self.slot;
        let (detecting, ws) = match stream_at(&mut self.streams, slot, stream).map(|s| &s.phase) {
            Some(Phase::Detecting { .. }) => (true, false),
            Some(Phase::WebSocket(ws)) => (false, ws.detecting()),
            _ => (false, false),
        };
        if detecting {
            self.try_detect(slot, stream, true);
        }
        if ws {
            self.try_detect_inner(slot, stream, true);
        }
        if let Some(s) = stream_at(&mut self.streams, slot, stream) {
            match &mut s.phase {
                Phase::Decoding { dec, dirs } => {
                    for d in dirs.iter_mut() {
                        d.give_up(dec.as_mut(), HELD_WHY, &mut self.out);
                    }
                }
                Phase::WebSocket(ws) => ws.give_up(HELD_WHY, &mut self.out),
                _ => {}
            }
        }
    }
}
