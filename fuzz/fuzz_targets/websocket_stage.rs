//! A WebSocket stream through the decode stage: the input is both
//! directions of one connection after its upgrade, fed as reassembly
//! events (chunked, interleaved, with gaps) to a `DecodeStage`, every
//! record written as JSON and as a table summary.
//!
//! Input: `mode (u8), chunking (u8), c2s length (u32 BE), c2s bytes, s2c
//! bytes`. `mode & 3`: 0 an upgrade (a valid request and `101` are sent
//! first, so the fuzzer starts at the frames), 1 the same negotiating
//! permessage-deflate with context takeover, 2 without, 3 no handshake
//! (a connection picked up mid-stream, roles guessed); `mode & 4`: keep
//! each message's payload in its record (as `follow --websocket` does);
//! `mode & 8`: keep each message's bytes (as `decode -x` does).
//! `chunking`: bits 0..3 pick the chunk size (each chunk one capture
//! frame, the directions taking turns), bit 4 puts a gap in c2s after its
//! first chunk, bit 5 one in s2c, bits 6..7 the gap's length.
//!
//! Never a panic, no record dated after the frame being handled, no
//! message past the 16 MiB cap.
#![no_main]

use cardshark::capture::Timestamp;
use cardshark::decode::{Body, DecodeConfig, DecodeStage, Record, RecordSink, StreamReport};
use cardshark::output::records::{JsonWriter, Summaries};
use cardshark::reassembly::{
    CommunityId, Direction, EndReason, Event, GapReason, Sink, StreamInfo,
};
use cardshark::transport::websocket::handshake::accept_for;
use cardshark::transport::websocket::message::MAX_MESSAGE;
use libfuzzer_sys::fuzz_target;

const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";

const CHUNKS: [usize; 16] = [
    1, 2, 3, 5, 7, 11, 16, 31, 64, 127, 256, 600, 1460, 4096, 16384, 1_048_576,
];

const GAPS: [u64; 4] = [1, 9, 300, 70_000];

/// Writes every record, as `decode --format jsonl` and the table do.
struct Writer {
    json: JsonWriter,
    out: Vec<u8>,
    /// The players' names each stream told, for the summaries.
    summaries: Summaries,
    last: u64,
}

impl RecordSink for Writer {
    fn record(&mut self, r: Record) {
        self.out.clear();
        self.json
            .append(&mut self.out, &r)
            .expect("writing to memory");
        self.summaries.see(&r);
        let _ = self.summaries.summary(&r);
        if let Body::Message { len, bytes, .. } = &r.body {
            assert!(*len <= MAX_MESSAGE as u64, "a message of {len} bytes");
            if let Some(b) = bytes {
                assert_eq!(b.len() as u64, *len, "kept bytes of a message");
            }
        }
        assert!(
            r.frame <= self.last,
            "record of frame {} after {}",
            r.frame,
            self.last
        );
    }
    fn stream_done(&mut self, report: &StreamReport) {
        let _ = format!("{report:?}");
    }
}

/// One direction: its bytes, what is sent, its next offset, whether a gap
/// comes after its first chunk.
struct Dir<'a> {
    dir: Direction,
    rest: &'a [u8],
    offset: u64,
    gap: bool,
    chunks: u32,
}

/// `bytes` of direction `d` in capture frame `frame`.
fn send(stage: &mut DecodeStage<Writer>, d: &mut Dir, bytes: &[u8], frame: u64) {
    stage.sink_mut().last = frame;
    stage.event(Event::Data {
        stream: 0,
        dir: d.dir,
        offset: d.offset,
        bytes,
        frame,
        ts: Timestamp::new(1, frame as u32),
    });
    d.offset += bytes.len() as u64;
}

fuzz_target!(|data: &[u8]| {
    let [mode, chunking, a, b, c, d, rest @ ..] = data else {
        return;
    };
    let split = (u32::from_be_bytes([*a, *b, *c, *d]) as usize).min(rest.len());
    let (c2s, s2c) = rest.split_at(split);
    let handshake = mode & 3 != 3;
    let (client, server) = (
        "10.0.0.1:40000".parse().unwrap(),
        "10.0.0.2:7233".parse().unwrap(),
    );
    let info = StreamInfo {
        id: 0,
        client,
        server,
        community_id: CommunityId::tcp(client, server),
        roles_from_handshake: handshake,
        first_frame: 1,
        start: Timestamp::new(1, 0),
        last_frame: 1,
        last: Timestamp::new(1, 0),
        dirs: Default::default(),
        evicted: false,
    };
    let mut stage = DecodeStage::new(
        DecodeConfig {
            payloads: mode & 4 != 0,
            bytes: mode & 8 != 0,
            ..DecodeConfig::default()
        },
        Writer {
            json: JsonWriter::new(),
            out: Vec::new(),
            summaries: Summaries::new(),
            last: 1,
        },
    );
    stage.event(Event::Start(&info));
    let mut frame = 1u64;
    let mut dirs = [
        Dir {
            dir: Direction::C2S,
            rest: c2s,
            offset: 0,
            gap: chunking & 0x10 != 0,
            chunks: 0,
        },
        Dir {
            dir: Direction::S2C,
            rest: s2c,
            offset: 0,
            gap: chunking & 0x20 != 0,
            chunks: 0,
        },
    ];
    if handshake {
        let ext = match mode & 3 {
            1 => "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=12\r\n",
            2 => {
                "Sec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover; \
                 client_no_context_takeover\r\n"
            }
            _ => "",
        };
        let req = format!(
            "GET /pokerthwebsocket HTTP/1.1\r\nHost: 10.0.0.2:7233\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: {KEY}\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        );
        let resp = format!(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Accept: {}\r\n{ext}\r\n",
            accept_for(KEY)
        );
        frame += 1;
        send(&mut stage, &mut dirs[0], req.as_bytes(), frame);
        frame += 1;
        send(&mut stage, &mut dirs[1], resp.as_bytes(), frame);
    }
    let size = CHUNKS[usize::from(chunking & 15)];
    let gap = GAPS[usize::from(chunking >> 6)];
    while dirs.iter().any(|d| !d.rest.is_empty()) {
        for d in &mut dirs {
            if d.rest.is_empty() {
                continue;
            }
            let (chunk, rest) = d.rest.split_at(size.min(d.rest.len()));
            d.rest = rest;
            frame += 1;
            send(&mut stage, d, chunk, frame);
            d.chunks += 1;
            if d.gap && d.chunks == 1 {
                frame += 1;
                stage.sink_mut().last = frame;
                stage.event(Event::Gap {
                    stream: 0,
                    dir: d.dir,
                    offset: d.offset,
                    len: gap,
                    reason: GapReason::AckedUnseen,
                    frame,
                    ts: Timestamp::new(1, frame as u32),
                });
                d.offset += gap;
            }
        }
    }
    frame += 1;
    stage.sink_mut().last = frame;
    stage.event(Event::End {
        info: &info,
        reason: EndReason::Fin,
        frame,
        ts: Timestamp::new(1, frame as u32),
    });
    let _ = stage.into_sink();
});
