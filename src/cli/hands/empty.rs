//! Why a capture gave no hand, from what the hand collector saw: told on
//! standard error (`hands` still exits 0); and the hand `--hand` names
//! not being there, a usage error.

use super::args::HandsArgs;
use crate::cli::CliError;
use cardshark::analysis::hands::Seen;

/// `count` things, with `what` in the singular or the plural.
fn plural(count: u64, what: &str) -> String {
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}

/// The streams of a tally by protocol, as tables name it: `gls: 2,
/// websocket/pokerth-1: 1, unknown: 1` (`?` in a table).
fn by_protocol(seen: &Seen, poker: bool) -> String {
    let is_poker = |l: &str| {
        let name = l.strip_prefix("websocket/").unwrap_or(l);
        name.starts_with("pokerth") || name.starts_with("pokernetwork")
    };
    let mut names: Vec<(&str, u64)> = (seen.streams.iter())
        .filter(|(l, _)| is_poker(l) == poker)
        .map(|(l, n)| (if l == "?" { "unknown" } else { l.as_str() }, *n))
        .collect();
    names.sort_unstable();
    (names.iter())
        .map(|(l, n)| format!("{l}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a capture gave no hand, from what the collector saw.
fn why_no_hands(seen: &Seen) -> String {
    let streams: u64 = seen.streams.values().sum();
    let cut = if seen.cut > 0 {
        format!(
            "; the snapshot length cut {} of stream data (capture with a larger one: tcpdump -s 0)",
            plural(seen.cut, "byte")
        )
    } else {
        String::new()
    };
    if streams == 0 {
        return "no hands: the capture holds no TCP stream".into();
    }
    if seen.poker_streams == 0 {
        if seen.bytes == 0 && seen.cut > 0 {
            return format!(
                "no hands: the snapshot length cut every frame's TCP payload ({} missing), \
                 so there is nothing to decode (capture with a larger snapshot length: tcpdump -s 0)",
                plural(seen.cut, "byte")
            );
        }
        return format!(
            "no hands: no poker stream (PokerTH or poker-network) in the capture's {}: {}{cut}",
            plural(streams, "stream"),
            by_protocol(seen, false)
        );
    }
    let poker = format!(
        "{} ({})",
        plural(seen.poker_streams, "poker stream"),
        by_protocol(seen, true)
    );
    if seen.games == 0 {
        return format!("no hands: only lobby traffic: no game played on the {poker}{cut}");
    }
    // `n` of the poker streams, or all of them.
    let of = |n: u64| {
        if n == seen.poker_streams {
            format!("the {poker}")
        } else {
            format!("{n} of the {poker}")
        }
    };
    if seen.hand_starts == 0 {
        return format!(
            "no hands: game traffic on {}, but no hand starts in the capture \
             (it begins after the last start or ends before the first){cut}",
            of(seen.games)
        );
    }
    format!(
        "no hands: hands start on {}, but their dialect's messages carry no hand \
         cardshark can rebuild{cut}",
        of(seen.hand_starts)
    )
}

/// After the pass, whether a hand was `found` (with `--hand`, it): why
/// there is no hand (a warning), or that the hand `--hand` names is not
/// there (a usage error).
pub(super) fn check_found(args: &HandsArgs, seen: &Seen, found: bool) -> Result<(), CliError> {
    if seen.hands == 0 {
        crate::cli::diag::warn(args.input.name(), &why_no_hands(seen));
    }
    match args.hand {
        Some(id) if !found => Err(CliError::Usage(format!(
            "{}: no hand {id} (`cardshark hands` lists them)",
            args.input.name()
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(streams: &[(&str, u64)], poker: u64, games: u64, starts: u64) -> Seen {
        Seen {
            streams: streams.iter().map(|(l, n)| (l.to_string(), *n)).collect(),
            poker_streams: poker,
            games,
            hand_starts: starts,
            bytes: 100,
            ..Seen::default()
        }
    }

    #[test]
    fn every_empty_result_says_why() {
        assert_eq!(
            why_no_hands(&Seen::default()),
            "no hands: the capture holds no TCP stream"
        );
        let cut = Seen {
            cut: 1200,
            bytes: 0,
            ..seen(&[("?", 1)], 0, 0, 0)
        };
        assert!(why_no_hands(&cut).starts_with(
            "no hands: the snapshot length cut every frame's TCP payload (1200 bytes missing)"
        ));
        assert_eq!(
            why_no_hands(&seen(&[("gls", 2), ("?", 1)], 0, 0, 0)),
            "no hands: no poker stream (PokerTH or poker-network) in the capture's 3 streams: \
             gls: 2, unknown: 1"
        );
        assert_eq!(
            why_no_hands(&seen(&[("gls", 1), ("pokerth", 2)], 2, 0, 0)),
            "no hands: only lobby traffic: no game played on the 2 poker streams (pokerth: 2)"
        );
        assert!(why_no_hands(&seen(&[("pokernetwork", 1)], 1, 1, 0)).starts_with(
            "no hands: game traffic on the 1 poker stream (pokernetwork: 1), but no hand starts"
        ));
        assert_eq!(
            why_no_hands(&seen(&[("pokerth-1", 1), ("?", 1)], 1, 0, 0)),
            "no hands: only lobby traffic: no game played on the 1 poker stream (pokerth-1: 1)"
        );
        assert_eq!(
            why_no_hands(&seen(
                &[("websocket/pokerth-1", 1), ("websocket", 1)],
                1,
                0,
                0
            )),
            "no hands: only lobby traffic: no game played on the 1 poker stream \
             (websocket/pokerth-1: 1)"
        );
        assert_eq!(
            why_no_hands(&seen(&[("pokerth-2007", 2)], 2, 1, 1)),
            "no hands: hands start on 1 of the 2 poker streams (pokerth-2007: 2), but their \
             dialect's messages carry no hand cardshark can rebuild"
        );
        let partly_cut = Seen {
            cut: 1,
            ..seen(&[("gls", 1)], 0, 0, 0)
        };
        assert!(why_no_hands(&partly_cut).ends_with(
            "; the snapshot length cut 1 byte of stream data (capture with a larger one: tcpdump -s 0)"
        ));
    }
}
