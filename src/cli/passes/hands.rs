//! The pass over a capture's hands: a [`HandCollector`] per worker, the
//! views of each hand joined into one hand where the workers' items come
//! back in capture order ([`Joiner`]), every hand handed to the caller as
//! soon as it is final (`hands` writes them; the tests of `-Y`'s hand
//! names read them).

use crate::cli::strict::{self, Problem, Watch};
use crate::cli::{warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::analysis::hands::join::Joiner;
use cardshark::analysis::hands::merge::Joined;
use cardshark::analysis::hands::model::NoteKind;
use cardshark::analysis::hands::{HandCollector, Seen};
use cardshark::decode::DecodeStage;
use cardshark::output::tables::ids::{Keyed, KeyedView, StreamKey};
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// Seconds of capture time a hand stays open after its result for cards
/// shown after the hand (PokerTH 1.x), before it is written: short, so a
/// hand is written within a second of its result also while the server
/// pauses between hands.
pub const AFTER_RESULT: f64 = 0.5;

/// A hand and its views, each view with the key of its stream (what its
/// `stream_uid` is made of).
pub type JoinedHand = Joined<Option<StreamKey>>;

/// Runs the pipeline over `input` and hands `f` every hand as soon as it
/// is final: its views joined, once every view of it that the capture
/// holds has ended (in the order they are final, the same at any thread
/// count), and returns what was seen. The problems of every stream and
/// the contradictions of every hand (and of its views) are noted for
/// `--strict`.
pub fn collect_hands(
    input: &InputArgs,
    decode: &DecodeOpts,
    mut f: impl FnMut(JoinedHand) -> ControlFlow<()>,
) -> Result<Seen, CliError> {
    let config = decode.config()?;
    let make = || {
        let collector = Keyed::new(HandCollector::new().after_result(AFTER_RESULT));
        DecodeStage::new(config.clone(), Watch::new(collector, None))
    };
    let mut joiner: Joiner<Option<StreamKey>> = Joiner::new();
    let mut stopped = false;
    let mut give = |joiner: &mut Joiner<Option<StreamKey>>| {
        while let Some(j) = joiner.pop() {
            if stopped {
                continue;
            }
            note_contradictions(&j);
            stopped = f(j).is_break();
        }
        if stopped {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let done = input.run(make, &mut |item: KeyedView, _: &[u8]| {
        joiner.item(item);
        give(&mut joiner)
    })?;
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
        joiner.ended(h, key);
    }
    joiner.finish();
    let _ = give(&mut joiner);
    Ok(seen)
}

/// Notes for `--strict` the contradictions of a hand and of its views,
/// each once.
fn note_contradictions(j: &JoinedHand) {
    let notes = (j.views.iter().map(|(h, _)| h))
        .chain([&j.hand])
        .flat_map(|h| &h.notes)
        .filter(|n| n.kind == NoteKind::Check);
    let mut told = BTreeSet::new();
    for n in notes {
        if told.insert((n.frame, n.text.as_str())) {
            strict::note(Problem::Contradiction, n.frame);
        }
    }
}
