//! The protocol modules and the interface they all implement.
//!
//! Every protocol lives in its own folder with the same parts, each with
//! the same entry point and signature (ARCHITECTURE.md at the top of the
//! repository, "The shape of a protocol", says what each holds and what
//! adding a protocol or a dialect takes):
//!
//! - `probe::probe(dir, buf) -> `[`Probe`]: the first bytes of one
//!   direction of a stream: not mine, need more, or mine with a confidence;
//! - `framing::frame(dialect, dir, buf) -> `[`Framing`]: where the next
//!   message ends;
//! - `messages::Message`: the typed messages (a [`ProtocolMessage`]: their
//!   names, and their [`Fields`] in a record), their enumerations, and the
//!   one-line summary a person reads;
//! - `parsing::parse(dialect, dir, msg) -> `[`ParseResult`]`<Message>`: nom
//!   parsers from the bytes of one message to its type ([`Parsed`]), or
//!   why not ([`ParseError`]);
//! - `spans::spans(dialect, dir, msg, unframed) -> Vec<`[`Span`]`>`: where
//!   each key of the message's record lies in its bytes, for the detail
//!   view (the parsers run again with their [`span::Spans`] recorder on);
//!
//! and a `mod.rs` whose `Decoder` (`Decoder::new()`) ties them together as
//! a [`StreamDecoder`] (the state a stream needs: dialect, length
//! convention, client state) and makes every [`Decoded`] with
//! [`Decoded::from_parse`].
//!
//! The protocols are listed once, in the [`REGISTRY`] (one
//! [`Registration`] per protocol: names, ports, probes, decoder, spans);
//! the methods of [`ProtocolId`] and the dispatch functions [`probe()`],
//! [`probe_unframed`], [`new_decoder`] and [`field_spans`] read it.
//!
//! The poker protocols word their summaries with one shared set of
//! phrases ([`poker_words`]), naming players by the names the stream told
//! ([`names`]).
//!
//! The detector ([`crate::detect`]) and the decode stage
//! ([`crate::decode`]) drive these: they probe, frame, decode, and wrap
//! each [`Decoded`] message in a record envelope. What every protocol
//! shares is here too: the [`Dialect`]s a stream may speak and the
//! [`Note`]s a decoder (or the WebSocket transport) writes, each with a
//! stable code ([`note::CODES`]).

pub mod cardgame;
pub mod cards;
mod dialect;
pub mod enums;
pub mod gls;
pub mod names;
pub mod note;
pub mod poker_words;
pub mod pokernetwork;
pub mod pokerth;
pub mod pokerth1;
mod registry;
pub mod run;
pub mod span;
#[cfg(test)]
pub(crate) mod testkit;

pub use dialect::Dialect;
pub use note::Note;
pub use registry::{ProbeFn, ProbeUnframedFn, Registration, SpansFn, REGISTRY};
pub use span::Span;

use crate::reassembly::Direction;
use serde::Serialize;
use std::borrow::Cow;

/// The protocols cardshark knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProtocolId {
    PokerTh,
    /// PokerTH 1.x (Protocol Buffers): records say protocol `pokerth`,
    /// dialect `pokerth-1`; on the command line it is `pokerth-1`.
    PokerTh1,
    PokerNetwork,
    Gls,
    CardGame,
}

impl ProtocolId {
    /// Every protocol, in the order probes run (the [`REGISTRY`]'s order).
    pub const ALL: [ProtocolId; REGISTRY.len()] = registry::IDS;

    /// The protocol's entry in the [`REGISTRY`].
    pub fn registration(self) -> &'static Registration {
        &REGISTRY[self as usize]
    }

    /// The name used in records (both PokerTH generations are `pokerth`;
    /// the dialect tells them apart).
    pub fn name(self) -> &'static str {
        self.registration().name
    }

    /// The name on the command line (`--decode-as`, `-p`): unique per
    /// protocol.
    pub fn cli_name(self) -> &'static str {
        self.registration().cli_name
    }

    /// The protocol with this command-line name (as
    /// [`ProtocolId::cli_name`] gives it).
    pub fn from_name(name: &str) -> Option<ProtocolId> {
        REGISTRY.iter().find(|r| r.cli_name == name).map(|r| r.id)
    }

    /// The dialect every stream of the protocol speaks, for one that is a
    /// dialect of a family (PokerTH 1.x: `pokerth-1`); `None` for the
    /// others, whose streams tell theirs.
    pub fn dialect(self) -> Option<Dialect> {
        self.registration().dialect
    }

    /// The TCP ports the protocol is usually served on (hints only).
    pub fn default_ports(self) -> &'static [u16] {
        self.registration().default_ports
    }

    /// Every message name its records may carry as `type`.
    pub fn type_names(self) -> Vec<&'static str> {
        (self.registration().type_names)()
    }

    /// Whether a message-oriented transport carries the protocol one
    /// message per transport message ([`StreamDecoder::decode_unframed`]).
    pub fn carries_unframed(self) -> bool {
        self.registration().probe_unframed.is_some()
    }
}

impl std::fmt::Display for ProtocolId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a probe thinks of the first bytes of one direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probe {
    /// These bytes cannot start this protocol.
    NotMine,
    /// Too few bytes to tell.
    NeedMore,
    /// This protocol, with a confidence from 1 (barely) to 100 (a signature
    /// such as a handshake line or a magic number).
    Mine(u8),
}

/// Where the next message ends, for bytes that start at a message boundary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Framing {
    /// A whole message of this many bytes starts the buffer.
    Message(usize),
    /// The message is not complete; at least this many bytes in all are
    /// needed before asking again (a lower bound).
    NeedMore(usize),
    /// The bytes cannot start a message of this protocol: why.
    Invalid(Invalid),
}

/// Why bytes cannot start a message: a fixed description and, where it
/// helps, the offending number. Nothing is formatted (or allocated) until it
/// is shown: probes reject many positions while detecting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Invalid {
    /// What is wrong (`unknown event type`).
    pub what: &'static str,
    /// The offending value, if any.
    pub value: Option<u64>,
    /// Show the value in hex (`0x0b`) rather than decimal.
    pub hex: bool,
}

impl Invalid {
    /// A reason without a value.
    pub const fn new(what: &'static str) -> Self {
        Invalid {
            what,
            value: None,
            hex: false,
        }
    }
    /// A reason with a value shown in decimal: `what 1234`.
    pub const fn num(what: &'static str, value: u64) -> Self {
        Invalid {
            what,
            value: Some(value),
            hex: false,
        }
    }
    /// A reason with a value shown in hex: `what 0x0b`.
    pub const fn hex(what: &'static str, value: u64) -> Self {
        Invalid {
            what,
            value: Some(value),
            hex: true,
        }
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.value, self.hex) {
            (None, _) => f.write_str(self.what),
            (Some(v), false) => write!(f, "{} {v}", self.what),
            (Some(v), true) => write!(f, "{} {v:#04x}", self.what),
        }
    }
}

/// One decoded message, before the decode stage wraps it in a record.
#[derive(Debug, Clone, Serialize)]
pub struct Decoded {
    /// The message name (`PlayersActionDone`, `PacketPokerRaise`, ...).
    pub type_name: Cow<'static, str>,
    /// The numeric type on the wire.
    pub type_id: u32,
    /// The decoded fields.
    pub fields: Fields,
    /// Annotations a reader needs (spec violations, leftovers, odd values).
    pub notes: Vec<Note>,
    /// Set when the message framed but could not be decoded: why.
    pub error: Option<String>,
}

/// What a protocol's `parsing::parse` makes of one whole message.
#[derive(Debug, Clone)]
pub struct Parsed<M> {
    /// The numeric type on the wire.
    pub type_id: u32,
    /// The typed message.
    pub message: M,
    /// What is odd about it (spec violations, leftovers, odd values).
    pub notes: Vec<Note>,
    /// The dialect the message teaches the stream's decoder, when it
    /// teaches one it did not know (a handshake line, a type only one
    /// dialect has).
    pub dialect: Option<Dialect>,
}

/// Why a message that framed could not be parsed: what a record says of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The numeric type on the wire, as far as it could be read (0 if not).
    pub type_id: u32,
    /// The message name that type has, if the protocol knows it
    /// (`Unknown` in the record otherwise).
    pub type_name: Option<&'static str>,
    /// Why.
    pub reason: String,
    /// Notes written before it failed.
    pub notes: Vec<Note>,
    /// As [`Parsed::dialect`]: a message that does not parse may still
    /// teach the decoder its dialect (poker-network's length convention).
    pub dialect: Option<Dialect>,
}

impl ParseError {
    /// An error with no notes and nothing learned.
    pub fn new(type_id: u32, type_name: Option<&'static str>, reason: String) -> ParseError {
        ParseError {
            type_id,
            type_name,
            reason,
            notes: Vec::new(),
            dialect: None,
        }
    }
}

/// What every protocol's `parsing::parse` returns.
pub type ParseResult<M> = Result<Parsed<M>, ParseError>;

/// What every protocol's `messages::Message` answers.
pub trait ProtocolMessage {
    /// The message name, the record's `type` (`PlayersActionDone`).
    fn type_name(&self) -> &'static str;
    /// The message as a record's `fields`.
    fn into_fields(self) -> Fields;
}

impl Decoded {
    /// The one way a decoder makes a [`Decoded`]: from what its
    /// `parsing::parse` made of a message. `raw`: the bytes a record shows
    /// (as hex) when the message did not parse.
    pub fn from_parse<M: ProtocolMessage>(parsed: ParseResult<M>, raw: &[u8]) -> Decoded {
        match parsed {
            Ok(p) => Decoded {
                type_name: Cow::Borrowed(p.message.type_name()),
                type_id: p.type_id,
                fields: p.message.into_fields(),
                notes: p.notes,
                error: None,
            },
            Err(e) => Decoded {
                type_name: Cow::Borrowed(e.type_name.unwrap_or("Unknown")),
                type_id: e.type_id,
                fields: Fields::raw(raw),
                notes: e.notes,
                error: Some(e.reason),
            },
        }
    }
}

/// The fields of a message of one of the protocols. Serialises as the
/// protocol's message fields (an object).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Fields {
    /// Nothing decoded (see [`Decoded::error`]): the raw bytes, as hex.
    Raw {
        /// The message's bytes, lowercase hex.
        raw: String,
    },
    /// A Glass Plate Game event.
    Gls(gls::Message),
    /// A card game message.
    CardGame(cardgame::Message),
    /// A poker-network message.
    PokerNetwork(pokernetwork::Message),
    /// A PokerTH message (0.6/0.7 or the 2007 dialect).
    PokerTh(pokerth::Message),
    /// A PokerTH 1.x message.
    PokerTh1(pokerth1::Message),
}

impl Fields {
    /// The raw bytes of a message that could not be decoded.
    pub fn raw(bytes: &[u8]) -> Fields {
        Fields::Raw { raw: hex(bytes) }
    }

    /// A one-line summary for people ("player 3 raises to 400"), players
    /// by id only: [`Fields::summary_with`] with no names.
    pub fn summary(&self) -> String {
        self.summary_with(&names::NONE)
    }

    /// A one-line summary for people, naming the players whose names the
    /// stream told before this message (`alice (3) raises to 400`): what
    /// [`Fields::learn_names`] learnt from the stream's earlier records.
    pub fn summary_with(&self, names: &names::Names) -> String {
        match self {
            Fields::Raw { raw } => format!("{} bytes not decoded", raw.len() / 2),
            Fields::Gls(m) => m.summary(),
            Fields::CardGame(m) => m.summary(),
            Fields::PokerNetwork(m) => m.summary_with(names),
            Fields::PokerTh(m) => m.summary_with(names),
            Fields::PokerTh1(m) => m.summary_with(names),
        }
    }

    /// Learns the player names (and the client's own id) the message
    /// tells, for the summaries of the stream's later records. The game
    /// protocols without player names (GLS, the card game) tell none.
    pub fn learn_names(&self, names: &mut names::Names) {
        match self {
            Fields::Raw { .. } | Fields::Gls(_) | Fields::CardGame(_) => {}
            Fields::PokerNetwork(m) => m.learn_names(names),
            Fields::PokerTh(m) => m.learn_names(names),
            Fields::PokerTh1(m) => m.learn_names(names),
        }
    }
}

/// What every protocol's per-stream decoder does. One is made per stream
/// once the stream's protocol is known; it sees both directions.
pub trait StreamDecoder: Send {
    /// Which protocol this decodes.
    fn protocol(&self) -> ProtocolId;

    /// The dialect, once known (`pokerth-2007`, `pokernetwork-2`, ...);
    /// `None` (the default) for a protocol of one dialect only: nothing
    /// finer to say than the protocol.
    fn dialect(&self) -> Option<Dialect> {
        None
    }

    /// Where the next message of direction `dir` ends; `buf` starts at a
    /// message boundary (or at a candidate boundary, when resynchronising).
    fn frame(&self, dir: Direction, buf: &[u8]) -> Framing;

    /// Decodes one whole message (exactly the bytes [`StreamDecoder::frame`]
    /// delimited), updating the stream's state.
    fn decode(&mut self, dir: Direction, msg: &[u8]) -> Decoded;

    /// Decodes one message that a message-oriented transport (WebSocket)
    /// delivered whole, without the protocol's TCP framing (PokerTH 1.x:
    /// no length prefix). `None` for protocols that keep their own framing
    /// inside such a transport: they are decoded from the concatenated
    /// messages with [`StreamDecoder::frame`], as over TCP.
    fn decode_unframed(&mut self, _dir: Direction, _msg: &[u8]) -> Option<Decoded> {
        None
    }

    /// Whether [`StreamDecoder::decode_unframed`] decodes (the protocol is
    /// carried one message per transport message): what its
    /// [`Registration::probe_unframed`] says.
    fn carries_unframed(&self) -> bool {
        self.protocol().carries_unframed()
    }
}

/// Probes `buf`, the first bytes of direction `dir`, for protocol `id`.
pub fn probe(id: ProtocolId, dir: Direction, buf: &[u8]) -> Probe {
    (id.registration().probe)(dir, buf)
}

/// Probes the first whole messages of direction `dir` of a
/// message-oriented transport for protocol `id` carried one message per
/// transport message (see [`StreamDecoder::decode_unframed`]); protocols
/// that keep their own framing inside a transport are never `Mine` here.
/// `done`: no more messages will come.
pub fn probe_unframed(id: ProtocolId, dir: Direction, msgs: &[&[u8]], done: bool) -> Probe {
    match id.registration().probe_unframed {
        Some(probe) => probe(dir, msgs, done),
        None => Probe::NotMine,
    }
}

/// Where each field of message `msg` of protocol `id` lies (the detail
/// view's `[bytes A..B]`): `msg` is a record's bytes, of `dialect` as the
/// record says, going `dir`; `unframed` when a message-oriented transport
/// delivered it without the protocol's own framing
/// ([`StreamDecoder::decode_unframed`]). Parses the message again: for the
/// one record shown, never while decoding.
pub fn field_spans(
    id: ProtocolId,
    dialect: Option<Dialect>,
    dir: Direction,
    msg: &[u8],
    unframed: bool,
) -> Vec<Span> {
    (id.registration().spans)(dialect, dir, msg, unframed)
}

/// A fresh decoder for a stream of protocol `id`.
pub fn new_decoder(id: ProtocolId) -> Box<dyn StreamDecoder> {
    (id.registration().new_decoder)()
}

/// Bytes as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}
