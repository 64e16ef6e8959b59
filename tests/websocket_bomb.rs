//! A permessage-deflate decompression bomb through the decode stage costs
//! at most the 16 MiB a message may inflate to: 64 KB of deflate that
//! would inflate to 64 MiB is an error record, and the heap never holds
//! more than the cap and a little. Measured by a global allocator that
//! wraps the system's and keeps the peak of the bytes live (this test
//! binary holds this one test, so nothing else allocates meanwhile).

use cardshark::capture::Timestamp;
use cardshark::decode::{Body, DecodeConfig, DecodeStage, Record, RecordSink, WsEvent};
use cardshark::reassembly::{CommunityId, Direction, EndReason, Event, Sink, StreamInfo};
use cardshark::transport::websocket::handshake::accept_for;
use flate2::{Compress, Compression, FlushCompress};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    let live = LIVE.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is passed to the system allocator unchanged.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size >= layout.size() {
            grew(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

/// `mib` MiB of zeros as one permessage-deflate message: raw deflate, a
/// sync flush, the `00 00 ff ff` tail taken off (RFC 7692, 7.2.1).
fn bomb(mib: usize) -> Vec<u8> {
    let mut c = Compress::new(Compression::default(), false);
    let zeros = vec![0u8; 1 << 20];
    let mut out = Vec::with_capacity(mib << 10);
    for i in 0..mib {
        let flush = if i + 1 == mib {
            FlushCompress::Sync
        } else {
            FlushCompress::None
        };
        let start = c.total_in();
        while c.total_in() - start < zeros.len() as u64 || out.len() == out.capacity() {
            let used = (c.total_in() - start) as usize;
            if out.len() == out.capacity() {
                out.reserve(out.capacity());
            }
            c.compress_vec(&zeros[used..], &mut out, flush).unwrap();
        }
    }
    assert!(out.ends_with(&[0, 0, 0xff, 0xff]));
    out.truncate(out.len() - 4);
    out
}

#[derive(Default)]
struct Collect(Vec<Record>);

impl RecordSink for Collect {
    fn record(&mut self, r: Record) {
        self.0.push(r);
    }
}

#[test]
fn a_decompression_bomb_never_costs_more_than_the_cap() {
    let payload = bomb(64);
    assert!(payload.len() < 128 << 10, "{}", payload.len());
    // The server's frame: FIN, RSV1, binary, a 16- or 64-bit length.
    let mut frame = vec![0xc2, 127];
    frame.extend_from_slice(&(payload.len() as u64).to_be_bytes());
    frame.extend_from_slice(&payload);
    let key = "dGhlIHNhbXBsZSBub25jZQ==";
    let req = format!(
        "GET /pokerthwebsocket HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n\
         Sec-WebSocket-Extensions: permessage-deflate\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    let resp = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {}\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n",
        accept_for(key)
    );
    let (client, server) = (
        "10.0.0.1:40000".parse().unwrap(),
        "10.0.0.2:8080".parse().unwrap(),
    );
    let info = StreamInfo {
        id: 0,
        client,
        server,
        community_id: CommunityId::tcp(client, server),
        roles_from_handshake: true,
        first_frame: 1,
        start: Timestamp::new(1, 0),
        last_frame: 1,
        last: Timestamp::new(1, 0),
        dirs: Default::default(),
        evicted: false,
    };
    let ts = Timestamp::new(1, 0);
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut stage = DecodeStage::new(DecodeConfig::default(), Collect::default());
    stage.event(Event::Start(&info));
    let mut offsets = [0u64; 2];
    for (frame, (dir, bytes)) in [
        (Direction::C2S, req.as_bytes()),
        (Direction::S2C, resp.as_bytes()),
        (Direction::S2C, &frame[..]),
    ]
    .into_iter()
    .enumerate()
    {
        let offset = offsets[dir.index()];
        offsets[dir.index()] += bytes.len() as u64;
        stage.event(Event::Data {
            stream: 0,
            dir,
            offset,
            bytes,
            frame: 2 + frame as u64,
            ts,
        });
    }
    stage.event(Event::End {
        info: &info,
        reason: EndReason::Fin,
        frame: 5,
        ts,
    });
    let records = stage.into_sink().0;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    let errors: Vec<(u64, &str)> = (records.iter())
        .filter_map(|r| match &r.body {
            Body::WebSocket(e) => match &**e {
                WsEvent::Error { why, .. } => Some((r.frame, why.as_str())),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(
        errors,
        [(
            4,
            "the message inflates past 16 MiB (a decompression bomb?)"
        )]
    );
    let cap = 16 << 20;
    assert!(
        peak < cap + (2 << 20),
        "the heap grew by {peak} bytes for a 64 MiB bomb (cap {cap})"
    );
}
