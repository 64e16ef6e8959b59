//! Is a TCP connection a WebSocket? Recognised from its first bytes: an
//! HTTP/1.1 upgrade answered by `101 Switching Protocols` ([`handshake`]),
//! or, for a connection the capture picked up after its upgrade, frames
//! lined up as each side sends them ([`midstream`]).

use super::handshake::{is_upgrade_request, parse_head, upgrade, Parsed, Upgrade};
use super::message::Side;
use super::probe::{find_frames, Found};

/// What the first bytes say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recognised {
    /// A WebSocket opened by this upgrade; frames start after the heads
    /// (`start`: the request's and the response's length).
    Upgrade { upgrade: Upgrade, start: [u64; 2] },
    /// A WebSocket picked up after its upgrade: the first frame boundary of
    /// each direction (client to server, then server to client).
    Midstream { start: [u64; 2] },
    /// More bytes are needed to tell.
    Undecided,
    /// Not a WebSocket (or not one that can be followed).
    No,
}

/// Looks for an upgrade at the start of both directions (client's first).
/// `done`: no more bytes will come.
pub fn handshake(c2s: &[u8], s2c: &[u8], done: bool) -> Recognised {
    // The client speaks first: until it has, this is no WebSocket (so
    // protocols whose server speaks first are not kept waiting).
    if c2s.is_empty() || !b"GET ".starts_with(&c2s[..c2s.len().min(4)]) {
        return Recognised::No;
    }
    let wait = if done {
        Recognised::No
    } else {
        Recognised::Undecided
    };
    let req = match parse_head(c2s) {
        Parsed::Head(h) if is_upgrade_request(&h) => h,
        Parsed::NeedMore => return wait,
        _ => return Recognised::No,
    };
    let resp = match parse_head(s2c) {
        Parsed::Head(h) => h,
        Parsed::NeedMore => return wait,
        Parsed::Invalid(_) => return Recognised::No,
    };
    match upgrade(&req, &resp) {
        Some(upgrade) => Recognised::Upgrade {
            upgrade,
            start: [req.len as u64, resp.len as u64],
        },
        None => Recognised::No,
    }
}

/// Whether the client has sent a whole upgrade request and the server's
/// answer has not come yet (more bytes will tell).
pub fn awaiting_response(c2s: &[u8], s2c: &[u8]) -> bool {
    matches!(parse_head(c2s), Parsed::Head(h) if is_upgrade_request(&h))
        && handshake(c2s, s2c, false) == Recognised::Undecided
}

/// Looks for frames in a connection seen without its start: client frames
/// masked, server frames not, plausible lengths, runs of them back to back
/// ([`find_frames`]). Every direction that has bytes must show them.
pub fn midstream(c2s: &[u8], s2c: &[u8], done: bool) -> Recognised {
    let mut start = [0u64; 2];
    let mut any = false;
    for (i, (buf, side)) in [(c2s, Side::Client), (s2c, Side::Server)]
        .into_iter()
        .enumerate()
    {
        if buf.is_empty() {
            continue;
        }
        match find_frames(buf, side, done) {
            Found::At(p) => {
                start[i] = p as u64;
                any = true;
            }
            Found::NeedMore if !done => return Recognised::Undecided,
            _ => return Recognised::No,
        }
    }
    if any {
        Recognised::Midstream { start }
    } else if done {
        Recognised::No
    } else {
        Recognised::Undecided
    }
}
