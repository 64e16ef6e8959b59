//! The tables' ids that stay unique across captures: `capture` (the
//! capture file's identity), `stream_uid` (a TCP connection of it) and
//! `hand_uid` (a hand on it). Each is XXH3-64 with seed 0 (a specified
//! hash, the same on every machine and in every release of the crate) of a
//! tag naming what is hashed and the values below, numbers as 8 bytes
//! little-endian, with the top bit cleared: a positive `BIGINT`.
//!
//! - capture: `cardshark capture v1`, the file's size and its first and
//!   last [`EDGE`] bytes as stored (for a file of up to twice that, all of
//!   it); the same file gives the same id under any name, on any machine.
//!   Several inputs read as one capture: `cardshark captures v1` and their
//!   ids, sorted (the order they are named in does not change the output,
//!   nor the id); one input's id is its own. Standard input, whose size is
//!   not known before its end: `cardshark stdin v1` and its first [`EDGE`]
//!   bytes.
//! - stream: `cardshark stream v1`, the capture id, the frame the stream
//!   was first seen in, the client's address (16 bytes, IPv4 mapped into
//!   IPv6) and port (2 bytes, little-endian), the server's. Not the stream
//!   number: a run over a shard of the capture numbers its streams anew,
//!   but frames and endpoints stay.
//! - hand: `cardshark hand v1`, the stream's id and the hand's number on
//!   its stream (of its first view, for a hand several captured clients
//!   saw: `analysis::hands::join`).

use super::columns::Rows;
use crate::analysis::hands::join::ViewItem;
use crate::analysis::hands::{Hand, HandCollector};
use crate::decode::Render;
use crate::decode::{Body, Record, RecordSink, StreamReport};
use crate::pipeline::Items;
use crate::reassembly::CommunityId;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::hash::Hasher;
use std::io::{self, Read, Seek, SeekFrom};
use std::net::SocketAddr;
use std::path::Path;
use twox_hash::XxHash3_64;

/// Bytes hashed at each end of a capture file (the first and the last
/// MiB), and at the start of standard input.
pub const EDGE: u64 = 1 << 20;

/// XXH3-64 (seed 0) of `tag` and `parts`, top bit cleared.
fn id(tag: &str, parts: &[&[u8]]) -> i64 {
    let mut h = XxHash3_64::with_seed(0);
    h.write(tag.as_bytes());
    for p in parts {
        h.write(p);
    }
    (h.finish() & (u64::MAX >> 1)) as i64
}

/// The capture id of the bytes `head` and `tail` of a file of `size` bytes
/// (`tail` empty when `head` holds the whole file).
pub fn capture_of_bytes(size: u64, head: &[u8], tail: &[u8]) -> i64 {
    id("cardshark capture v1", &[&size.to_le_bytes(), head, tail])
}

/// The capture id of the file at `path`: its size, first and last [`EDGE`]
/// bytes.
pub fn capture_of_file(path: &Path) -> io::Result<i64> {
    let mut file = File::open(path)?;
    let size = file.metadata()?.len();
    let mut head = Vec::new();
    (&mut file).take(EDGE).read_to_end(&mut head)?;
    let mut tail = Vec::new();
    if size > 2 * EDGE {
        file.seek(SeekFrom::Start(size - EDGE))?;
        file.take(EDGE).read_to_end(&mut tail)?;
    } else {
        file.read_to_end(&mut tail)?;
    }
    Ok(capture_of_bytes(size, &head, &tail))
}

/// The capture id of standard input, from its first bytes (`head`, up to
/// [`EDGE`]).
pub fn capture_of_stdin(head: &[u8]) -> i64 {
    id("cardshark stdin v1", &[head])
}

/// The capture id of several inputs read as one capture (one input: its
/// own id).
pub fn capture_of_inputs(ids: &[i64]) -> i64 {
    if let [one] = ids {
        return *one;
    }
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    let bytes: Vec<u8> = sorted.iter().flat_map(|i| i.to_le_bytes()).collect();
    id("cardshark captures v1", &[&bytes])
}

/// What names a TCP connection beyond one run: the frame it was first
/// seen in and its endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamKey {
    /// The frame the stream was first seen in.
    pub first_frame: u64,
    /// The client's address and port.
    pub client: SocketAddr,
    /// The server's.
    pub server: SocketAddr,
    /// The stream's Community ID (not part of its `stream_uid`).
    pub community_id: CommunityId,
}

impl StreamKey {
    /// The key of a stream, from its `stream_start` record (which comes
    /// first, from the client, at the stream's first frame).
    pub fn of_start(r: &Record) -> Option<StreamKey> {
        matches!(r.body, Body::StreamStart).then_some(StreamKey {
            first_frame: r.frame,
            client: r.src,
            server: r.dst,
            community_id: r.community_id,
        })
    }

    /// What stands for the key of stream number `stream` when its start
    /// was not seen (which the decode stage never does: a stream's records
    /// begin with its `stream_start`): the number as its first frame, no
    /// endpoints (address 0.0.0.0, port 0, and their Community ID, which
    /// no table writes: [`HandIds::new`] leaves it out).
    pub fn unknown(stream: u64) -> StreamKey {
        let nowhere = SocketAddr::from(([0, 0, 0, 0], 0));
        StreamKey {
            first_frame: stream,
            client: nowhere,
            server: nowhere,
            community_id: CommunityId::tcp(nowhere, nowhere),
        }
    }

    /// The stream's id in capture `capture`.
    pub fn uid(&self, capture: i64) -> i64 {
        let end = |a: SocketAddr| {
            let ip = match a.ip() {
                std::net::IpAddr::V4(v4) => v4.to_ipv6_mapped(),
                std::net::IpAddr::V6(v6) => v6,
            };
            let mut b = [0u8; 18];
            b[..16].copy_from_slice(&ip.octets());
            b[16..].copy_from_slice(&a.port().to_le_bytes());
            b
        };
        id(
            "cardshark stream v1",
            &[
                &capture.to_le_bytes(),
                &self.first_frame.to_le_bytes(),
                &end(self.client),
                &end(self.server),
            ],
        )
    }
}

/// The id of hand `number` (its number on its stream) of stream
/// `stream_uid`.
pub fn hand_uid(stream_uid: i64, number: u64) -> i64 {
    id(
        "cardshark hand v1",
        &[&stream_uid.to_le_bytes(), &number.to_le_bytes()],
    )
}

/// The keys of the streams not yet ended, from their `stream_start`
/// records (in a worker: a stream's records all go to one).
#[derive(Debug, Default)]
pub struct StreamKeys {
    live: HashMap<u64, StreamKey, foldhash::fast::RandomState>,
}

impl StreamKeys {
    /// Notes the key of a stream starting with `r`.
    pub fn see(&mut self, r: &Record) {
        if let Some(key) = StreamKey::of_start(r) {
            self.live.insert(r.stream, key);
        }
    }

    /// The key of `stream`, if it started and has not been forgotten.
    pub fn get(&self, stream: u64) -> Option<StreamKey> {
        self.live.get(&stream).copied()
    }

    /// Forgets `stream` (it ended).
    pub fn forget(&mut self, stream: u64) {
        self.live.remove(&stream);
    }
}

/// What the hand pass hands on: a view of a hand opened, or one ended
/// with the key of its stream (`None` only if the stream's start was
/// never seen, which the decode stage does not do).
pub type KeyedView = ViewItem<Option<StreamKey>>;

/// A record sink around a hand collector (`inner`, announcing the hands
/// it opens: [`HandCollector::announce`]) that hands on each hand opened
/// and each hand ended, this one with its stream's key, keyed by the
/// record that opened or finished it ([`Record::order`]): so they come
/// out of the pipeline in one order for every number of workers (a
/// collector's own items carry the key of the last record before they
/// are taken, which depends on when that is).
pub struct Keyed {
    /// The collector.
    pub inner: HandCollector,
    keys: StreamKeys,
    /// Hands taken from the collector, not yet handed on.
    hands: Items<Hand>,
    /// Items not yet handed on.
    keyed: Items<KeyedView>,
    /// Items waiting for the hands the collector still holds open with a
    /// smaller key ([`RecordSink::hold`]): by key, then by arrival (a
    /// number counted up), so that taking the first ones is cheap however
    /// many wait (a hand held open half a second holds back every hand
    /// that ends meanwhile, thousands on a busy capture).
    ready: BTreeMap<(u64, u64), KeyedView>,
    /// Items put in `ready` so far.
    arrived: u64,
}

impl Keyed {
    /// Keys the hands of `inner`, and announces those it opens.
    pub fn new(inner: HandCollector) -> Self {
        Keyed {
            inner: inner.announce(),
            keys: StreamKeys::default(),
            hands: Items::default(),
            keyed: Items::default(),
            ready: BTreeMap::new(),
            arrived: 0,
        }
    }

    /// The collector, and the keys of the streams not yet ended (to key
    /// the hands it still holds).
    pub fn into_parts(self) -> (HandCollector, StreamKeys) {
        (self.inner, self.keys)
    }

    /// Keys the hands the collector finished (by the record that
    /// completed each, `order` when it does not say) and the hands it
    /// opened, and hands on, in key order, those no hand it still holds
    /// open comes before.
    fn key_hands(&mut self, order: u64) {
        self.inner.take(&mut self.hands);
        for (_, h) in self.hands.keyed.drain(..) {
            let key = self.keys.get(h.stream);
            let at = if h.ended_at > 0 { h.ended_at } else { order };
            let item = ViewItem::Ended(Box::new(h), key);
            self.ready.insert((at, self.arrived), item);
            self.arrived += 1;
        }
        self.hands.clear();
        for (at, o) in self.inner.take_opened() {
            self.ready.insert((at, self.arrived), ViewItem::Opened(o));
            self.arrived += 1;
        }
        if self.ready.is_empty() {
            return;
        }
        let hold = self.inner.hold().unwrap_or(u64::MAX);
        while let Some(entry) = self.ready.first_entry() {
            if entry.key().0 >= hold {
                break;
            }
            let ((at, _), item) = entry.remove_entry();
            let heap = match &item {
                ViewItem::Ended(h, _) => std::mem::size_of::<Hand>() + h.heap_bytes(),
                ViewItem::Opened(_) => 0,
            };
            self.keyed.push_owning(at, item, heap);
        }
    }
}

impl RecordSink for Keyed {
    fn record(&mut self, r: Record) {
        self.keys.see(&r);
        let (stream, end) = (r.stream, matches!(r.body, Body::StreamEnd { .. }));
        let order = r.order;
        self.inner.record(r);
        self.key_hands(order);
        if end {
            self.keys.forget(stream);
        }
    }

    fn tick(&mut self, ts: crate::capture::Timestamp) {
        self.inner.tick(ts);
        self.key_hands(0);
    }

    fn hold(&self) -> Option<u64> {
        let ready = self.ready.first_key_value().map(|r| r.0 .0);
        match (self.inner.hold(), ready) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn stream_done(&mut self, report: &StreamReport) {
        self.inner.stream_done(report);
    }

    fn pending(&self) -> usize {
        self.keyed.weight()
    }
}

impl Render for Keyed {
    type Item = KeyedView;
    fn take(&mut self, into: &mut Items<KeyedView>) {
        into.append(&mut self.keyed);
    }
}

/// The ids every row of a hand carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandIds {
    /// The capture's id.
    pub capture: i64,
    /// The stream's.
    pub stream_uid: i64,
    /// The hand's.
    pub hand_uid: i64,
    /// Its stream's Community ID (none if the stream's start was not
    /// seen).
    pub community_id: Option<CommunityId>,
}

impl HandIds {
    /// The ids of `h`, of the stream `key` names (see
    /// [`StreamKey::unknown`] for a stream whose start was not seen).
    pub fn new(capture: i64, h: &Hand, key: Option<StreamKey>) -> HandIds {
        let community_id = key.map(|k| k.community_id);
        let key = key.unwrap_or_else(|| StreamKey::unknown(h.stream));
        let stream_uid = key.uid(capture);
        HandIds {
            capture,
            stream_uid,
            hand_uid: hand_uid(stream_uid, h.number),
            community_id,
        }
    }

    /// The three id columns.
    pub fn write(&self, rows: &mut Rows) {
        rows.int(self.capture)
            .int(self.stream_uid)
            .int(self.hand_uid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids are a contract: the same inputs give these values on every
    /// machine and in every release (a change is a new `v2` tag). The
    /// values are Python's `xxhash.xxh3_64_intdigest(tag + parts, seed=0)
    /// & (2**63 - 1)`, an implementation apart from this one.
    #[test]
    fn fixed_inputs_give_fixed_ids() {
        assert_eq!(capture_of_bytes(3, b"abc", b""), 6173827648805432559);
        assert_eq!(capture_of_stdin(b"abc"), 5593725766211458406);
        let (client, server) = (
            "10.0.0.1:40000".parse().unwrap(),
            "10.0.0.2:7234".parse().unwrap(),
        );
        let key = StreamKey {
            first_frame: 1,
            client,
            server,
            community_id: CommunityId::tcp(client, server),
        };
        assert_eq!(key.uid(42), 7788197743334613426);
        assert_eq!(hand_uid(7, 3), 2544043448652705451);
        assert_eq!(capture_of_inputs(&[9, 5]), 2018079167821976817);
    }

    #[test]
    fn merged_inputs_get_one_id_whatever_their_order() {
        assert_eq!(capture_of_inputs(&[5, 9]), capture_of_inputs(&[9, 5]));
        assert_ne!(capture_of_inputs(&[5, 9]), capture_of_inputs(&[5, 10]));
        assert_eq!(capture_of_inputs(&[5]), 5);
    }

    #[test]
    fn ids_are_positive_and_tell_their_inputs_apart() {
        let ids = [
            capture_of_bytes(3, b"abc", b""),
            capture_of_bytes(4, b"abc", b""),
            capture_of_stdin(b"abc"),
            hand_uid(7, 3),
            hand_uid(7, 4),
            hand_uid(8, 3),
        ];
        for (i, a) in ids.iter().enumerate() {
            assert!(*a >= 0);
            for b in &ids[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn a_file_is_known_by_its_size_and_ends_not_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let big: Vec<u8> = (0..3 * EDGE).map(|i| (i % 251) as u8).collect();
        let (a, b) = (dir.path().join("a.pcap"), dir.path().join("b"));
        std::fs::write(&a, &big).unwrap();
        std::fs::write(&b, &big).unwrap();
        let id = capture_of_file(&a).unwrap();
        assert_eq!(id, capture_of_file(&b).unwrap());
        let edge = EDGE as usize;
        assert_eq!(
            id,
            capture_of_bytes(3 * EDGE, &big[..edge], &big[2 * edge..])
        );
        // A byte changed in the middle is not seen; at the end it is.
        let mut middle = big.clone();
        middle[edge + 7] ^= 1;
        std::fs::write(&b, &middle).unwrap();
        assert_eq!(id, capture_of_file(&b).unwrap());
        let mut end = big.clone();
        *end.last_mut().unwrap() ^= 1;
        std::fs::write(&b, &end).unwrap();
        assert_ne!(id, capture_of_file(&b).unwrap());
        // A small file: all of it.
        std::fs::write(&b, b"abc").unwrap();
        assert_eq!(
            capture_of_file(&b).unwrap(),
            capture_of_bytes(3, b"abc", b"")
        );
    }
}
