//! The pass over a capture's hands: a [`HandCollector`] per worker, every
//! hand handed to the caller as it ends (`hands` writes them; the tests
//! of `-Y`'s hand names read them).

use crate::cli::strict::{self, Problem, Watch};
use crate::cli::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::hands::model::NoteKind;
use cardshark::analysis::hands::{Hand, HandCollector, Seen};
use cardshark::decode::DecodeStage;
use cardshark::output::tables::ids::{Keyed, KeyedHand, StreamKey};
use std::ops::ControlFlow;

/// Seconds of capture time a hand stays open after its result for cards
/// shown after the hand (PokerTH 1.x), before it is written: short, so a
/// hand is written within a second of its result also while the server
/// pauses between hands.
pub const AFTER_RESULT: f64 = 0.5;

/// Runs the pipeline over `input` and hands `f` every hand as it ends
/// (the hands of a stream in the order they end, streams in capture
/// order), and returns what was seen. The problems of every stream and
/// the contradictions of every hand are noted for `--strict`.
pub fn collect_seen(
    input: &InputArgs,
    decode: &DecodeOpts,
    mut f: impl FnMut(Hand) -> ControlFlow<()>,
) -> Result<Seen, CliError> {
    collect_keyed(input, decode, |h, _| f(h))
}

/// [`collect_seen`], each hand given with the key of its stream (what
/// its `stream_uid` is made of).
pub fn collect_keyed(
    input: &InputArgs,
    decode: &DecodeOpts,
    mut f: impl FnMut(Hand, Option<StreamKey>) -> ControlFlow<()>,
) -> Result<Seen, CliError> {
    let config = decode.config()?;
    let make = || {
        let collector = Keyed::new(HandCollector::new().after_result(AFTER_RESULT));
        DecodeStage::new(config.clone(), Watch::new(collector, None))
    };
    let mut f = |h: Hand, key| {
        for n in h.notes.iter().filter(|n| n.kind == NoteKind::Check) {
            strict::note(Problem::Contradiction, n.frame);
        }
        f(h, key)
    };
    let done = input.run(make, &mut |(h, key): KeyedHand, _: &[u8]| f(h, key))?;
    warn_all(&done.summary);
    decode.check_streams(input.name(), done.summary.reassembly.streams)?;
    let mut seen = Seen::default();
    // The hands still open (none, once every stream has ended), in
    // stream order whatever worker held them.
    let mut left = Vec::new();
    for w in done.workers {
        let (collector, keys) = w.into_sink().inner.into_parts();
        let (hands, s) = collector.end_seen();
        seen.add(&s);
        left.extend(hands.into_iter().map(|h| {
            let key = keys.get(h.stream);
            (h, key)
        }));
    }
    left.sort_by_key(|(h, _)| (h.stream, h.first_frame));
    for (h, key) in left {
        if f(h, key).is_break() {
            break;
        }
    }
    Ok(seen)
}
