//! The steps `replay` shows, made once from a pass before the first is
//! shown: every hand's table after each event (`--hand`, from the game
//! pass's hand tables), or one game stream's states after each change
//! (`-s N`); each drawn for people or as its JSON line.

use super::args::ReplayArgs;
use super::nav::Step;
use crate::cli::passes::timelines;
use crate::cli::CliError;
use cardshark::analysis::hands::table::{self, TableState};
use cardshark::analysis::hands::HandId;
use cardshark::analysis::timeline::{Change, Game};
use serde::Serialize;

/// A step of a game stream's timeline, as `--format jsonl` writes it.
#[derive(Serialize)]
struct GameStep<'a> {
    /// From 1.
    step: usize,
    /// What changed, where and when.
    change: &'a Change,
    /// The state after it.
    state: &'a Game,
}

/// A hand's table at one step of `n`, for people: the same drawing as
/// the table of a poker stream's timeline (`-s`).
pub fn draw(t: &TableState, n: usize) -> String {
    format!(
        "── step {} of {n} · hand {} · {} · {}{}\n{}",
        t.step,
        t.hand,
        t.street.name(),
        t.event,
        t.frame.map_or(String::new(), |f| format!(" (frame {f})")),
        table::draw(t)
    )
}

/// The steps of every hand of the capture, a unit each, and where hand
/// `id` starts: each hand's table after every event, as the timeline of
/// its stream follows it (the same states, step for step).
pub(super) fn hand_steps(
    args: &ReplayArgs,
    id: HandId,
    text: bool,
) -> Result<(Vec<Step>, usize), CliError> {
    let tables = timelines::hand_tables(&args.input, &args.decode)?;
    // Each hand's steps together, hands in the order they started.
    let mut hands: Vec<(String, u64, Vec<TableState>)> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (stream, t) in tables {
        let i = *at.entry(t.hand.clone()).or_insert_with(|| {
            hands.push((t.hand.clone(), stream, Vec::new()));
            hands.len() - 1
        });
        hands[i].2.push(t);
    }
    let Some(unit) = hands.iter().position(|h| h.0 == id.to_string()) else {
        return Err(CliError::Usage(format!(
            "--hand {id}: {} has no hand {id} (`cardshark hands` lists them)",
            args.input.name()
        )));
    };
    let mut steps = Vec::new();
    let mut start = 0;
    for (u, (hand, stream, all)) in hands.iter().enumerate() {
        if u == unit {
            start = steps.len();
        }
        let n = all.len();
        let number = hand.rsplit(':').next().and_then(|n| n.parse().ok());
        for t in all {
            steps.push(Step {
                shown: shown(text, || draw(t, n), || serde_json::to_string(&t))?,
                what: t.event.clone(),
                frame: t.frame,
                stream: *stream,
                hand: number,
                street: Some(t.street.name()),
                unit: u,
            });
        }
    }
    Ok((steps, start))
}

/// The steps of stream `stream`'s timeline (one unit).
pub(super) fn stream_steps(
    args: &ReplayArgs,
    stream: u64,
    text: bool,
) -> Result<Vec<Step>, CliError> {
    let all = timelines::steps(&args.input, &args.decode, stream)?;
    if all.is_empty() {
        return Err(CliError::Usage(format!(
            "-s {stream}: {} shows no change of stream {stream}'s game to replay",
            args.input.name()
        )));
    }
    let n = all.len();
    let mut steps = Vec::with_capacity(n);
    for (i, (c, g)) in all.iter().enumerate() {
        let draw = || {
            let what = &c.what;
            format!(
                "── step {} of {n} · frame {} · {what}\n{}",
                i + 1,
                c.frame,
                g.as_state().draw()
            )
        };
        let json = || {
            serde_json::to_string(&GameStep {
                step: i + 1,
                change: c,
                state: g,
            })
        };
        let (hand, street) = table_position(g);
        steps.push(Step {
            shown: shown(text, draw, json)?,
            what: c.what.clone(),
            frame: Some(c.frame),
            stream,
            hand,
            street,
            unit: 0,
        });
    }
    Ok(steps)
}

/// What a step shows: its drawing, or its JSON line.
fn shown(
    text: bool,
    draw: impl FnOnce() -> String,
    json: impl FnOnce() -> serde_json::Result<String>,
) -> Result<String, CliError> {
    if text {
        return Ok(draw());
    }
    let mut line = json().map_err(|e| CliError::Other(format!("writing a step: {e}")))?;
    line.push('\n');
    Ok(line)
}

/// The hand and street of a poker stream's table, for `h` and
/// `f`/`t`/`r`; other games have none.
fn table_position(g: &Game) -> (Option<u64>, Option<&'static str>) {
    g.as_state().table().map_or((None, None), |t| {
        let hand = t.hand.rsplit(':').next().and_then(|n| n.parse().ok());
        (hand, Some(t.street.name()))
    })
}
