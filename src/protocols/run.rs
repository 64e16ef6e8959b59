//! A probe's run of clean messages: how many messages from the start of a
//! direction's first bytes frame and decode cleanly, as the PokerTH
//! probes count them (a longer run, a higher confidence).

use super::Framing;

/// What a probe finds at the next message of the bytes (see [`clean_run`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// A whole message of this many bytes that decodes cleanly, and the
    /// confidence its signature gives on its own (asked of the first
    /// message only; 0 for none).
    Clean(usize, u8),
    /// A whole message that does not decode cleanly.
    Unclean,
    /// The bytes end inside the message.
    Cut,
    /// The bytes cannot start a message.
    Invalid,
}

impl Next {
    /// The length of the whole message `framing` found, or what the probe
    /// finds instead ([`Next::Cut`], [`Next::Invalid`]).
    pub fn whole(framing: Framing) -> Result<usize, Next> {
        match framing {
            Framing::Message(len) => Ok(len),
            Framing::NeedMore(_) => Err(Next::Cut),
            Framing::Invalid(_) => Err(Next::Invalid),
        }
    }
}

/// How the first messages went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Messages that decoded cleanly, one after the other from the start.
    pub clean: u32,
    /// The confidence the first message's signature gives.
    pub best: u8,
    /// The run ended at a message the bytes end inside.
    pub cut: bool,
}

/// The run of clean messages at the start of `buf`, `look` at most:
/// `next(rest, first)` judges the message that starts `rest` (`first`: the
/// first one). `None` when the first message cannot start the protocol or
/// does not decode cleanly: the bytes are not the protocol's.
pub fn clean_run(buf: &[u8], look: u32, mut next: impl FnMut(&[u8], bool) -> Next) -> Option<Run> {
    let mut run = Run {
        clean: 0,
        best: 0,
        cut: false,
    };
    let mut off = 0;
    while run.clean < look {
        let rest = &buf[off..];
        match next(rest, run.clean == 0) {
            Next::Cut => {
                run.cut = !rest.is_empty();
                break;
            }
            Next::Invalid | Next::Unclean if run.clean == 0 => return None,
            Next::Invalid | Next::Unclean => break,
            Next::Clean(len, signature) => {
                if run.clean == 0 {
                    run.best = signature;
                }
                run.clean += 1;
                off += len;
            }
        }
    }
    Some(run)
}
