//! The HTTP/1.1 upgrade that opens a WebSocket connection: the client's
//! `GET` with `Upgrade: websocket` and `Sec-WebSocket-Key`, the server's
//! `101 Switching Protocols` with `Sec-WebSocket-Accept` (the key's SHA-1
//! with the protocol's GUID, base64). The heads are parsed with nom; what
//! a debugger needs (resource, subprotocol, extensions, whether the accept
//! matches) is kept.

use crate::protocols::Note;
use base64::Engine;
use nom::bytes::complete::{tag, take_until};
use nom::IResult;
use sha1::{Digest, Sha1};

/// The GUID RFC 6455 appends to the key.
const GUID: &str = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/// The longest HTTP head accepted (request or response).
pub const MAX_HEAD: usize = 16 * 1024;

/// One HTTP head, borrowed from the bytes it was read from: its first
/// line's parts and its header fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head<'a> {
    /// `GET /pokerthwebsocket HTTP/1.1` → ["GET", "/pokerthwebsocket",
    /// "HTTP/1.1"]; `HTTP/1.1 101 Switching Protocols` → ["HTTP/1.1",
    /// "101", "Switching Protocols"].
    pub start: [&'a str; 3],
    /// Header fields, names as sent.
    pub fields: Vec<(&'a str, &'a str)>,
    /// Bytes the head took, the blank line included.
    pub len: usize,
}

impl<'a> Head<'a> {
    /// A header field's value (the first of that name, case ignored).
    pub fn field(&self, name: &str) -> Option<&'a str> {
        (self.fields.iter())
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    }

    /// Whether a comma-separated header field holds `token` (case ignored).
    pub fn has_token(&self, name: &str, token: &str) -> bool {
        (self.fields.iter())
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .flat_map(|(_, v)| v.split(','))
            .any(|t| t.trim().eq_ignore_ascii_case(token))
    }
}

/// What parsing a head found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed<'a> {
    /// A whole head.
    Head(Head<'a>),
    /// Not complete yet.
    NeedMore,
    /// Not an HTTP head: why.
    Invalid(String),
}

fn head_bytes(i: &[u8]) -> IResult<&[u8], &[u8]> {
    let (rest, head) = take_until(&b"\r\n\r\n"[..])(i)?;
    let (rest, _) = tag(&b"\r\n\r\n"[..])(rest)?;
    Ok((rest, head))
}

/// Parses the HTTP head at the start of `buf`.
pub fn parse_head(buf: &[u8]) -> Parsed<'_> {
    let Ok((rest, head)) = head_bytes(buf) else {
        return if buf.len() > MAX_HEAD {
            Parsed::Invalid(format!("no end of the HTTP head in {MAX_HEAD} bytes"))
        } else {
            Parsed::NeedMore
        };
    };
    let len = buf.len() - rest.len();
    let Ok(text) = std::str::from_utf8(head) else {
        return Parsed::Invalid("the HTTP head is not text".into());
    };
    let mut lines = text.split("\r\n");
    let first = lines.next().unwrap_or_default();
    let mut parts = first.splitn(3, ' ');
    let start = [(); 3].map(|()| parts.next().unwrap_or_default());
    if start[2].is_empty() {
        return Parsed::Invalid(format!("not an HTTP start line: {first:?}"));
    }
    let mut fields = Vec::new();
    for line in lines {
        let Some((n, v)) = line.split_once(':') else {
            return Parsed::Invalid(format!("not an HTTP header line: {line:?}"));
        };
        fields.push((n.trim(), v.trim()));
    }
    Parsed::Head(Head { start, fields, len })
}

/// The `Sec-WebSocket-Accept` a server must answer to `key`.
pub fn accept_for(key: &str) -> String {
    let mut h = Sha1::new();
    h.update(key.trim().as_bytes());
    h.update(GUID.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(h.finalize())
}

/// The permessage-deflate parameters a response negotiated (RFC 7692).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Deflate {
    /// The server resets its compression context after each message.
    pub server_no_context_takeover: bool,
    /// The client does.
    pub client_no_context_takeover: bool,
    /// The server's LZ77 window (8..15), when limited.
    pub server_max_window_bits: Option<u8>,
    /// The client's.
    pub client_max_window_bits: Option<u8>,
}

/// What the upgrade says, request and response together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upgrade {
    /// The request's resource (`/pokerthwebsocket`).
    pub resource: String,
    /// The subprotocol the server chose, if any.
    pub subprotocol: Option<String>,
    /// Extensions the server accepted, as sent.
    pub extensions: Option<String>,
    /// permessage-deflate, when accepted.
    pub deflate: Option<Deflate>,
    /// Notes: a missing or wrong accept, a missing upgrade field.
    pub notes: Vec<Note>,
}

/// Whether `req` asks for a WebSocket upgrade.
pub fn is_upgrade_request(req: &Head<'_>) -> bool {
    req.start[0] == "GET" && req.has_token("Upgrade", "websocket")
}

/// Checks a request and its response; `None` when the response does not
/// switch protocols (the connection stays HTTP).
pub fn upgrade(req: &Head<'_>, resp: &Head<'_>) -> Option<Upgrade> {
    if resp.start[1] != "101" {
        return None;
    }
    let mut notes = Vec::new();
    match (
        req.field("Sec-WebSocket-Key"),
        resp.field("Sec-WebSocket-Accept"),
    ) {
        (Some(key), Some(acc)) if accept_for(key) != acc.trim() => {
            notes.push(Note::WebSocketAcceptMismatch {
                got: acc.to_owned(),
                expected: accept_for(key),
            })
        }
        (None, _) => notes.push(Note::WebSocketMissingKey),
        (_, None) => notes.push(Note::WebSocketMissingAccept),
        _ => {}
    }
    if !resp.has_token("Upgrade", "websocket") {
        notes.push(Note::WebSocketMissingUpgrade);
    }
    let extensions = resp.field("Sec-WebSocket-Extensions").map(str::to_owned);
    let deflate = extensions.as_deref().and_then(deflate_params);
    Some(Upgrade {
        resource: req.start[1].to_owned(),
        subprotocol: resp.field("Sec-WebSocket-Protocol").map(str::to_owned),
        extensions,
        deflate,
        notes,
    })
}

/// The permessage-deflate offer accepted in an extensions header.
fn deflate_params(ext: &str) -> Option<Deflate> {
    for offer in ext.split(',') {
        let mut params = offer.split(';').map(str::trim);
        if params.next() != Some("permessage-deflate") {
            continue;
        }
        let mut d = Deflate::default();
        for p in params {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            let bits = v.trim().trim_matches('"').parse().ok();
            match k.trim() {
                "server_no_context_takeover" => d.server_no_context_takeover = true,
                "client_no_context_takeover" => d.client_no_context_takeover = true,
                "server_max_window_bits" => d.server_max_window_bits = bits,
                "client_max_window_bits" => d.client_max_window_bits = bits,
                _ => {}
            }
        }
        return Some(d);
    }
    None
}
