//! A stream whose bytes a WebSocket carries: the transport between
//! reassembly and the game decoders.
//!
//! Each direction's TCP bytes go through an [`Unwrapper`] (frames,
//! fragments, control frames, inflation); what comes out is then detected
//! and decoded as a TCP stream's bytes would be, in one of two ways:
//!
//! - **unframed**: a protocol that a message-oriented transport carries one
//!   message per WebSocket message, without its TCP framing (PokerTH 1.x:
//!   no length prefix), is probed on the first messages
//!   ([`protocols::probe_unframed`]) and decodes each message whole
//!   ([`StreamDecoder::decode_unframed`]);
//! - **framed**: any other protocol keeps its own framing across the
//!   messages: their payloads, concatenated, are detected and decoded by
//!   the same [`Detector`] and [`DirDecoder`] as a TCP stream.
//!
//! Records of such a stream have `offset` in the unwrapped stream and a
//! [`Carried`] with the TCP offset and the frame facts. Ping, pong, close,
//! the upgrade and unusable frames are [`WsEvent`] records; bytes that are
//! not frames, and compressed messages whose history the capture lacks,
//! are `unknown_data`.

use super::direction::{Ctx, DirCounts, DirDecoder};
use super::record::{Body, Carried, Record, WsEvent};
use crate::capture::Timestamp;
use crate::detect::{Detector, Verdict, DETECT_LIMIT};
use crate::protocols::{self, Decoded, Dialect, Note, Probe, ProtocolId, StreamDecoder};
use crate::reassembly::{CommunityId, Direction, GapReason};
use crate::transport::websocket::handshake::Upgrade;
use crate::transport::websocket::message::Side;
use crate::transport::websocket::unwrap::{At, Facts, Out, Unwrapper};
use crate::transport::Transport;
use std::borrow::Cow;
use std::net::SocketAddr;

/// Data messages per direction kept for probing unframed protocols.
const PROBE_MESSAGES: usize = 6;

/// The most of one message kept for probing unframed protocols (PokerTH
/// 1.x's largest message; a longer one is not one of its messages anyway).
const PROBE_MESSAGE_MAX: usize = 256 * 1024;

/// Items, and payload bytes, a stream may queue while what its messages
/// are is worked out; past either (a flood of pings, a few huge messages)
/// it decides with what it has.
const QUEUE_LIMIT: usize = 1024;
const QUEUE_BYTES: usize = 8 << 20;

/// Who the stream's records are about.
#[derive(Debug, Clone, Copy)]
pub(super) struct Env {
    pub stream: u64,
    pub client: SocketAddr,
    pub server: SocketAddr,
    /// The stream's Community ID.
    pub community_id: CommunityId,
    pub messages: bool,
    /// Keep each data message's payload in its record's [`Carried`].
    pub payloads: bool,
    /// Keep each message's bytes in its record ([`super::DecodeConfig::bytes`]).
    pub bytes: bool,
    /// The server's port (breaks ties between protocols).
    pub port: u16,
    /// The protocol inside, when `--decode-as` chose it.
    pub forced: Option<ProtocolId>,
}

/// Something a direction's unwrapper gave, or a gap; queued (owned)
/// while detecting.
enum Item<'a> {
    Out(Out<'a>),
    Gap { at: At, len: u64, reason: GapReason },
}

impl Item<'_> {
    fn into_owned(self) -> Item<'static> {
        match self {
            Item::Out(o) => Item::Out(o.into_owned()),
            Item::Gap { at, len, reason } => Item::Gap { at, len, reason },
        }
    }
}

/// What the unwrapped messages are. A stream spends its life in
/// `Unframed` (a pointer); the other states are boxed, so that the state
/// touched for every message stays small.
enum Inner {
    Detecting(Box<Detecting>),
    Unframed(Box<dyn StreamDecoder>),
    Framed(Box<Framed>),
    Unknown,
}

/// Working out what the messages are.
struct Detecting {
    /// Each direction's unwrapped bytes from its first message up to its
    /// first loss (then `sealed`), for framed protocols.
    prefix: [Vec<u8>; 2],
    sealed: [bool; 2],
    /// Each direction's first data messages, for unframed protocols.
    msgs: [Vec<Vec<u8>>; 2],
    queue: Vec<(Direction, Item<'static>)>,
    /// Payload bytes in `queue`.
    queued: usize,
    detector: Detector,
}

/// A protocol framed across the messages.
struct Framed {
    dec: Box<dyn StreamDecoder>,
    dirs: [DirDecoder; 2],
}

/// The WebSocket state of a stream; see the [module docs](self).
pub(super) struct WsStream {
    unwrap: [Unwrapper; 2],
    /// The upgrade's record, made when the response's last byte arrives
    /// (boxed: once).
    upgrade: Option<Box<(WsEvent, u64)>>,
    core: Core,
}

/// What a stream does with what its unwrappers give: apart from them, so
/// that they can lend it messages.
struct Core {
    env: Env,
    inner: Inner,
    /// Per direction: messages, errors and bytes not placed, for `inspect`
    /// (a framed protocol's own counts are added at the end).
    counts: [DirCounts; 2],
}

impl WsStream {
    /// A WebSocket opened by `upgrade` in the capture; frames start at
    /// TCP offsets `start`.
    pub fn upgraded(env: Env, upgrade: Upgrade, start: [u64; 2]) -> WsStream {
        let unwrap = [
            Unwrapper::new(Side::Client, upgrade.deflate, start[0]),
            Unwrapper::new(Side::Server, upgrade.deflate, start[1]),
        ];
        let event = WsEvent::Upgrade {
            resource: upgrade.resource,
            subprotocol: upgrade.subprotocol,
            extensions: upgrade.extensions,
            len: start[0] + start[1],
            notes: upgrade.notes,
        };
        WsStream::with(env, unwrap, Some(Box::new((event, start[1]))))
    }

    /// A WebSocket picked up after its upgrade: each direction looks for
    /// its first frame boundary (the bytes before it are reported).
    pub fn midstream(env: Env) -> WsStream {
        let unwrap = [
            Unwrapper::midstream(Side::Client, 0),
            Unwrapper::midstream(Side::Server, 0),
        ];
        WsStream::with(env, unwrap, None)
    }

    fn with(env: Env, unwrap: [Unwrapper; 2], upgrade: Option<Box<(WsEvent, u64)>>) -> WsStream {
        WsStream {
            unwrap,
            upgrade,
            core: Core {
                env,
                inner: Inner::Detecting(Box::new(Detecting {
                    prefix: [Vec::new(), Vec::new()],
                    sealed: [false; 2],
                    msgs: [Vec::new(), Vec::new()],
                    queue: Vec::new(),
                    queued: 0,
                    detector: Detector::new(true),
                })),
                counts: [DirCounts::default(); 2],
            },
        }
    }

    /// The protocol inside, once known.
    pub fn protocol(&self) -> Option<ProtocolId> {
        self.core.protocol()
    }

    /// The dialect inside, once known.
    pub fn dialect(&self) -> Option<Dialect> {
        self.core.dialect()
    }

    /// Whether what the messages are is still being worked out (records
    /// are then held back).
    pub fn detecting(&self) -> bool {
        matches!(self.core.inner, Inner::Detecting(_))
    }

    /// Still working out what the messages are, and no data message has
    /// come either way: there is nothing to decide on yet.
    pub fn awaiting_messages(&self) -> bool {
        match &self.core.inner {
            Inner::Detecting(d) => {
                let Detecting { prefix, msgs, .. } = &**d;
                prefix.iter().all(Vec::is_empty) && msgs.iter().all(Vec::is_empty)
            }
            _ => false,
        }
    }

    /// Bytes held between packets: frames not yet complete, and while
    /// detecting, the first bytes and messages kept and the queue; while
    /// decoding a framed protocol, its messages not yet complete.
    pub fn held(&self) -> usize {
        let frames = self.unwrap[0].held() + self.unwrap[1].held();
        frames
            + match &self.core.inner {
                Inner::Detecting(d) => {
                    let msgs: usize = d.msgs.iter().flatten().map(Vec::len).sum();
                    d.prefix[0].len() + d.prefix[1].len() + msgs + d.queued
                }
                Inner::Framed(f) => f.dirs[0].held() + f.dirs[1].held(),
                _ => 0,
            }
    }

    /// Gives up the messages of a framed protocol not yet complete (see
    /// [`DirDecoder::give_up`]).
    pub fn give_up(&mut self, why: &str, out: &mut Vec<Record>) {
        if let Inner::Framed(f) = &mut self.core.inner {
            let Framed { dec, dirs } = &mut **f;
            for d in dirs.iter_mut() {
                d.give_up(dec.as_mut(), why, out);
            }
        }
    }

    /// Per direction: messages, errors and bytes not placed, for `inspect`.
    pub fn counts(&self) -> [DirCounts; 2] {
        self.core.counts
    }

    /// Delivered TCP bytes of direction `dir`.
    pub fn data(
        &mut self,
        dir: Direction,
        offset: u64,
        bytes: &[u8],
        frame: u64,
        ts: Timestamp,
        out: &mut Vec<Record>,
    ) {
        if dir == Direction::S2C {
            if let Some(u) = &self.upgrade {
                if offset + bytes.len() as u64 >= u.1 {
                    let (event, _) = *self.upgrade.take().expect("checked");
                    let body = Body::WebSocket(Box::new(event));
                    let mut r = self.core.record(dir, frame, ts, 0, body);
                    r.carried = Some(Box::new(Carried {
                        tcp_offset: 0,
                        facts: None,
                        payload: None,
                    }));
                    out.push(r);
                }
            }
        }
        let core = &mut self.core;
        let mut each = |o: Out<'_>| core.item(dir, Item::Out(o), out);
        self.unwrap[dir.index()].data(offset, bytes, frame, ts, &mut each);
    }

    /// `len` TCP bytes of direction `dir` are missing.
    #[allow(clippy::too_many_arguments)]
    pub fn gap(
        &mut self,
        dir: Direction,
        offset: u64,
        len: u64,
        reason: GapReason,
        frame: u64,
        ts: Timestamp,
        out: &mut Vec<Record>,
    ) {
        let u = &mut self.unwrap[dir.index()];
        let core = &mut self.core;
        u.gap(offset, len, frame, ts, &mut |o| {
            core.item(dir, Item::Out(o), out)
        });
        let at = At {
            tcp_offset: offset,
            offset: u.offset(),
            frame,
            ts,
        };
        core.item(dir, Item::Gap { at, len, reason }, out);
    }

    /// The stream ended: what the unwrappers and decoders still hold.
    pub fn finish(&mut self, out: &mut Vec<Record>) {
        let core = &mut self.core;
        for dir in [Direction::C2S, Direction::S2C] {
            let each = &mut |o: Out<'_>| core.item(dir, Item::Out(o), out);
            self.unwrap[dir.index()].finish(each);
        }
        core.decide(true, out);
        if let Inner::Framed(f) = &mut core.inner {
            let Framed { dec, dirs } = &mut **f;
            for (i, d) in dirs.iter_mut().enumerate() {
                let n = out.len();
                d.finish(dec.as_mut(), out);
                let c = d.counts;
                core.counts[i].messages += c.messages;
                core.counts[i].errors += c.errors;
                core.counts[i].unknown_bytes += c.unknown_bytes;
                core.counts[i].violations += c.violations;
                carry(&mut out[n..], None);
            }
        }
    }

    /// Works out what the messages are, when it can: an unframed protocol
    /// on the first messages, else a framed one on their concatenation.
    /// True once decided (the queue has then been decoded).
    pub fn decide(&mut self, done: bool, out: &mut Vec<Record>) -> bool {
        self.core.decide(done, out)
    }
}

impl Core {
    /// The dialect inside, once known.
    fn dialect(&self) -> Option<Dialect> {
        match &self.inner {
            Inner::Unframed(dec) => dec.dialect(),
            Inner::Framed(f) => f.dec.dialect(),
            _ => None,
        }
    }

    /// The protocol inside, once known.
    fn protocol(&self) -> Option<ProtocolId> {
        match &self.inner {
            Inner::Unframed(dec) => Some(dec.protocol()),
            Inner::Framed(f) => Some(f.dec.protocol()),
            _ => None,
        }
    }

    fn decide(&mut self, done: bool, out: &mut Vec<Record>) -> bool {
        let port = self.env.port;
        let Inner::Detecting(d) = &mut self.inner else {
            return true;
        };
        let Detecting {
            prefix,
            sealed,
            msgs,
            detector,
            ..
        } = &mut **d;
        let done =
            done || (sealed[0] && sealed[1]) || prefix.iter().any(|p| p.len() >= DETECT_LIMIT);
        let forced = self.env.forced.map(|id| Verdict::Protocol {
            id,
            confidence: 100,
            start: [0, 0],
        });
        // Forced (`--decode-as`): unframed if the protocol is carried so,
        // else framed.
        let unframed = match (forced, self.env.forced) {
            (Some(v), Some(id)) if id.carries_unframed() => v,
            (Some(_), _) => Verdict::Unknown,
            _ => detect_unframed(msgs, done),
        };
        let next = match unframed {
            Verdict::Protocol { id, .. } => Inner::Unframed(protocols::new_decoder(id)),
            Verdict::Undecided => return false,
            Verdict::Unknown => match forced
                .unwrap_or_else(|| detector.detect(&prefix[0], &prefix[1], done, port))
            {
                Verdict::Undecided => return false,
                Verdict::Unknown => Inner::Unknown,
                Verdict::Protocol { id, start, .. } => {
                    let dirs = [Direction::C2S, Direction::S2C]
                        .map(|d| DirDecoder::new(self.ctx(id, d), 0, start[d.index()] > 0));
                    Inner::Framed(Box::new(Framed {
                        dec: protocols::new_decoder(id),
                        dirs,
                    }))
                }
            },
        };
        let Inner::Detecting(d) = std::mem::replace(&mut self.inner, next) else {
            unreachable!("checked above")
        };
        for (dir, item) in d.queue {
            self.item(dir, item, out);
        }
        true
    }

    fn ctx(&self, protocol: ProtocolId, dir: Direction) -> Ctx {
        let (src, dst) = self.ends(dir);
        Ctx {
            protocol,
            transport: Transport::WebSocket,
            stream: self.env.stream,
            dir,
            src,
            dst,
            community_id: self.env.community_id,
            messages: self.env.messages,
            bytes: self.env.bytes,
        }
    }

    fn ends(&self, dir: Direction) -> (SocketAddr, SocketAddr) {
        match dir {
            Direction::C2S => (self.env.client, self.env.server),
            Direction::S2C => (self.env.server, self.env.client),
        }
    }

    fn record(&self, dir: Direction, frame: u64, ts: Timestamp, offset: u64, body: Body) -> Record {
        let (src, dst) = self.ends(dir);
        Record {
            order: 0,
            frame,
            ts,
            stream: self.env.stream,
            dir,
            src,
            dst,
            community_id: self.env.community_id,
            offset,
            protocol: self.protocol(),
            dialect: self.dialect(),
            transport: Transport::WebSocket,
            carried: None,
            body,
        }
    }

    /// A record at `at`, carried by the WebSocket.
    fn at_record(&self, dir: Direction, at: &At, body: Body) -> Record {
        let mut r = self.record(dir, at.frame, at.ts, at.offset, body);
        r.carried = Some(Box::new(Carried {
            tcp_offset: at.tcp_offset,
            facts: None,
            payload: None,
        }));
        r
    }

    /// Queues an item while detecting, else turns it into records.
    fn item(&mut self, dir: Direction, item: Item<'_>, out: &mut Vec<Record>) {
        let i = dir.index();
        if let Inner::Detecting(d) = &mut self.inner {
            let Detecting {
                prefix,
                sealed,
                msgs,
                queue,
                queued,
                ..
            } = &mut **d;
            match &item {
                Item::Out(Out::Message { payload, .. }) => {
                    if !sealed[i] {
                        let room = DETECT_LIMIT.saturating_sub(prefix[i].len());
                        prefix[i].extend_from_slice(&payload[..payload.len().min(room)]);
                    }
                    if msgs[i].len() < PROBE_MESSAGES {
                        let keep = payload.len().min(PROBE_MESSAGE_MAX);
                        msgs[i].push(payload[..keep].to_vec());
                    }
                    *queued += payload.len();
                }
                Item::Out(Out::Control { payload, .. }) => *queued += payload.len(),
                _ => sealed[i] = true,
            }
            queue.push((dir, item.into_owned()));
            if queue.len() >= QUEUE_LIMIT || *queued >= QUEUE_BYTES {
                self.decide(true, out);
            }
            return;
        }
        match item {
            Item::Out(Out::Message {
                at,
                payload,
                facts,
                notes,
            }) => self.message(dir, at, payload, facts, notes, out),
            Item::Out(Out::Control {
                at,
                opcode,
                masked,
                payload,
                close,
                notes,
            }) => {
                let event = WsEvent::Control {
                    opcode,
                    masked,
                    payload,
                    close,
                    notes,
                };
                out.push(self.at_record(dir, &at, Body::WebSocket(Box::new(event))));
            }
            Item::Out(Out::Error { at, len, why }) => {
                self.counts[i].errors += 1;
                let body = Body::WebSocket(Box::new(WsEvent::Error { len, why }));
                out.push(self.at_record(dir, &at, body));
            }
            Item::Out(Out::Uninflatable {
                at,
                len,
                facts,
                why,
            }) => {
                self.counts[i].unknown_bytes += len;
                let reason = format!(
                    "a compressed WebSocket message ({} frame(s)) whose deflate history \
                     is missing ({why}): not inflated",
                    facts.frames
                );
                self.lost(dir, at, len, facts, reason, out);
            }
            Item::Out(Out::Unfinished {
                at,
                len,
                facts,
                why,
            }) => {
                self.counts[i].unknown_bytes += len;
                self.lost(dir, at, len, facts, why, out);
            }
            Item::Out(Out::Skipped { at, len, why }) => {
                self.counts[i].unknown_bytes += len;
                let reason = format!("not WebSocket frames: {why}");
                out.push(self.at_record(dir, &at, Body::UnknownData { len, reason }));
            }
            Item::Gap { at, len, reason } => {
                if let Inner::Framed(f) = &mut self.inner {
                    let Framed { dec, dirs } = &mut **f;
                    let n = out.len();
                    let d = &mut dirs[i];
                    d.gap(dec.as_mut(), at.offset, len, reason, at.frame, at.ts, out);
                    carry(&mut out[n..], Some(at.tcp_offset));
                } else {
                    out.push(self.at_record(dir, &at, Body::Gap { len, reason }));
                }
            }
        }
    }

    /// Data message bytes that cannot be decoded: unknown data, with the
    /// frame facts.
    fn lost(
        &self,
        dir: Direction,
        at: At,
        len: u64,
        facts: Facts,
        reason: String,
        out: &mut Vec<Record>,
    ) {
        let mut r = self.at_record(dir, &at, Body::UnknownData { len, reason });
        if let Some(c) = r.carried.as_mut() {
            c.facts = Some(facts);
        }
        out.push(r);
    }

    /// A data message: decoded whole, fed to a framed decoder, or reported
    /// when nothing inside was recognised.
    fn message(
        &mut self,
        dir: Direction,
        at: At,
        payload: Cow<'_, [u8]>,
        facts: Facts,
        notes: Vec<Note>,
        out: &mut Vec<Record>,
    ) {
        let i = dir.index();
        let carried = Carried {
            tcp_offset: at.tcp_offset,
            facts: Some(facts),
            payload: None,
        };
        let keep = self.env.payloads;
        let n = out.len();
        match &mut self.inner {
            Inner::Unframed(dec) => {
                let decoded = dec.decode_unframed(dir, &payload);
                self.counts[i].messages += 1;
                if decoded.as_ref().is_none_or(|d| d.error.is_some()) {
                    self.counts[i].errors += 1;
                }
                if !self.env.messages {
                    // Counted: dropped where it lies (not moved out first).
                    return;
                }
                let mut decoded = decoded.unwrap_or_else(|| undecodable(&payload));
                decoded.notes.extend(notes);
                let body = Body::Message {
                    len: payload.len() as u64,
                    decoded,
                    bytes: self.env.bytes.then(|| payload.as_ref().into()),
                };
                out.push(self.record(dir, at.frame, at.ts, at.offset, body));
            }
            Inner::Framed(f) => {
                let Framed { dec, dirs } = &mut **f;
                dirs[i].data(dec.as_mut(), at.offset, &payload, at.frame, at.ts, out);
                if let Some(Body::Message { decoded, .. }) = out.get_mut(n).map(|r| &mut r.body) {
                    decoded.notes.extend(notes);
                }
            }
            Inner::Unknown | Inner::Detecting(_) => {
                self.counts[i].unknown_bytes += payload.len() as u64;
                let mut reason = "no protocol recognised inside the WebSocket".to_owned();
                for n in notes {
                    reason.push_str("; ");
                    reason.push_str(&n.to_string());
                }
                let body = Body::UnknownData {
                    len: payload.len() as u64,
                    reason,
                };
                out.push(self.record(dir, at.frame, at.ts, at.offset, body));
            }
        }
        let mut payload = keep.then(|| payload.into_owned().into_boxed_slice());
        for r in &mut out[n..] {
            let mut c = carried.clone();
            // The payload goes with the message's first record.
            c.payload = payload.take();
            r.carried = Some(Box::new(c));
        }
    }
}

/// Marks records made by a framed decoder as carried, at `tcp_offset`
/// when known.
fn carry(records: &mut [Record], tcp_offset: Option<u64>) {
    for r in records {
        r.carried.get_or_insert_with(|| {
            Box::new(Carried {
                tcp_offset: tcp_offset.unwrap_or(0),
                facts: None,
                payload: None,
            })
        });
    }
}

/// A message a protocol without unframed decoding was handed (never, by
/// construction; said rather than hidden).
fn undecodable(payload: &[u8]) -> Decoded {
    Decoded {
        type_name: "Unknown".into(),
        type_id: 0,
        fields: protocols::Fields::raw(payload),
        notes: Vec::new(),
        error: Some("the protocol cannot decode a message without its framing".into()),
    }
}

/// Which unframed protocol the first messages of each direction speak:
/// every direction with messages must be claimed, none rejected.
fn detect_unframed(msgs: &[Vec<Vec<u8>>; 2], done: bool) -> Verdict {
    let mut best: Option<(u8, ProtocolId)> = None;
    let mut pending = false;
    for id in ProtocolId::ALL {
        let mut conf = 0u8;
        let mut ok = true;
        for dir in [Direction::C2S, Direction::S2C] {
            let m = &msgs[dir.index()];
            if m.is_empty() {
                continue;
            }
            let refs: Vec<&[u8]> = m.iter().map(Vec::as_slice).collect();
            match protocols::probe_unframed(id, dir, &refs, done) {
                Probe::Mine(c) => conf = conf.max(c),
                Probe::NeedMore => {
                    pending = true;
                    ok = false;
                }
                Probe::NotMine => {
                    ok = false;
                    conf = 0;
                }
            }
        }
        if ok && conf > 0 && best.is_none_or(|(c, _)| conf > c) {
            best = Some((conf, id));
        }
    }
    match best {
        Some((confidence, id)) => Verdict::Protocol {
            id,
            confidence,
            start: [0, 0],
        },
        None if pending && !done => Verdict::Undecided,
        None if msgs.iter().all(Vec::is_empty) && !done => Verdict::Undecided,
        None => Verdict::Unknown,
    }
}
