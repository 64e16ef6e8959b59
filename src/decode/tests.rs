//! The per-direction decoding logic, with a toy protocol: a message is
//! `0xAA, n, n bytes` with n <= 16.

use super::direction::{Ctx, DirDecoder, VIOLATION_BUDGET};
use super::record::{Body, Record};
use crate::capture::Timestamp;
use crate::protocols::{Decoded, Fields, Framing, Invalid, ProtocolId, StreamDecoder};
use crate::reassembly::{Direction, GapReason};
use std::borrow::Cow;

struct Toy;

impl StreamDecoder for Toy {
    fn protocol(&self) -> ProtocolId {
        ProtocolId::CardGame
    }
    fn dialect(&self) -> Option<crate::protocols::Dialect> {
        None
    }
    fn frame(&self, _dir: Direction, buf: &[u8]) -> Framing {
        match buf {
            [] | [0xAA] => Framing::NeedMore(2),
            [0xAA, n, ..] if *n <= 16 => {
                let len = 2 + usize::from(*n);
                if buf.len() >= len {
                    Framing::Message(len)
                } else {
                    Framing::NeedMore(len)
                }
            }
            _ => Framing::Invalid(Invalid::hex("bad byte", u64::from(buf[0]))),
        }
    }
    fn decode(&mut self, _dir: Direction, msg: &[u8]) -> Decoded {
        Decoded {
            type_name: Cow::Borrowed("Toy"),
            type_id: u32::from(msg[1]),
            fields: Fields::raw(&msg[2..]),
            notes: vec![],
            error: None,
        }
    }
}

fn dir() -> DirDecoder {
    let ctx = Ctx {
        protocol: ProtocolId::CardGame,
        transport: crate::transport::Transport::Tcp,
        stream: 0,
        dir: Direction::C2S,
        src: "10.0.0.1:1".parse().unwrap(),
        dst: "10.0.0.2:2".parse().unwrap(),
        community_id: crate::reassembly::CommunityId::tcp(
            "10.0.0.1:1".parse().unwrap(),
            "10.0.0.2:2".parse().unwrap(),
        ),
        messages: true,
        bytes: true,
    };
    DirDecoder::new(ctx, 0, false)
}

fn ts(n: u64) -> Timestamp {
    Timestamp::new(n as i64, 0)
}

/// (offset, what, frame) per record: "msg:N" with N the payload length,
/// "unknown:LEN", "gap:LEN".
fn summary(out: &[Record]) -> Vec<(u64, String, u64)> {
    out.iter()
        .map(|r| {
            let what = match &r.body {
                Body::Message { decoded, .. } => format!("msg:{}", decoded.type_id),
                Body::UnknownData { len, .. } => format!("unknown:{len}"),
                Body::Gap { len, .. } => format!("gap:{len}"),
                _ => "other".into(),
            };
            (r.offset, what, r.frame)
        })
        .collect()
}

fn msg(n: u8) -> Vec<u8> {
    let mut m = vec![0xAA, n];
    m.extend(std::iter::repeat_n(n, usize::from(n)));
    m
}

#[test]
fn several_messages_in_one_chunk_all_decode() {
    let (mut d, mut out) = (dir(), Vec::new());
    let bytes = [msg(1), msg(2), msg(0)].concat();
    d.data(&mut Toy, 0, &bytes, 7, ts(7), &mut out);
    d.finish(&mut Toy, &mut out);
    assert_eq!(
        summary(&out),
        vec![
            (0, "msg:1".into(), 7),
            (3, "msg:2".into(), 7),
            (7, "msg:0".into(), 7)
        ]
    );
}

#[test]
fn a_message_split_over_many_segments_is_dated_by_its_last() {
    let (mut d, mut out) = (dir(), Vec::new());
    let m = msg(10);
    for (i, b) in m.iter().enumerate() {
        d.data(&mut Toy, i as u64, &[*b], 100 + i as u64, ts(1), &mut out);
    }
    assert_eq!(summary(&out), vec![(0, "msg:10".into(), 111)]);
}

#[test]
fn each_record_keeps_its_message_bytes_when_asked() {
    let (mut d, mut out) = (dir(), Vec::new());
    let (a, b) = (msg(3), msg(1));
    let all = [a.clone(), b.clone()].concat();
    // Split inside the first message: it is decoded from the buffer.
    d.data(&mut Toy, 0, &all[..2], 1, ts(1), &mut out);
    d.data(&mut Toy, 2, &all[2..], 2, ts(2), &mut out);
    let kept: Vec<Option<&[u8]>> = (out.iter())
        .map(|r| match &r.body {
            Body::Message { bytes, .. } => bytes.as_deref(),
            _ => None,
        })
        .collect();
    assert_eq!(kept, [Some(&a[..]), Some(&b[..])]);
}

/// Reassembly delivers bytes held out of order with the earlier frames
/// that carried them, right after the later frame that filled the hole:
/// the messages in them were completed by that later frame, and a
/// direction's records never go back in frame order (ordering records by
/// frame must not swap two messages of one direction).
#[test]
fn bytes_held_out_of_order_are_dated_by_the_frame_that_filled_the_hole() {
    let (mut d, mut out) = (dir(), Vec::new());
    // Frame 12 fills the hole at offset 0; the message at offset 3 came in
    // frame 11, before it, and was held; a gap then, from frame 9.
    d.data(&mut Toy, 0, &msg(1), 12, ts(12), &mut out);
    d.data(&mut Toy, 3, &msg(2), 11, ts(11), &mut out);
    d.gap(&mut Toy, 7, 4, GapReason::AckedUnseen, 9, ts(9), &mut out);
    assert_eq!(
        summary(&out),
        vec![
            (0, "msg:1".into(), 12),
            (3, "msg:2".into(), 12),
            (7, "gap:4".into(), 12),
        ]
    );
    assert_eq!(out[1].ts, ts(12));
}

#[test]
fn garbage_is_skipped_and_reported_then_decoding_resumes() {
    let (mut d, mut out) = (dir(), Vec::new());
    let bytes = [msg(1), vec![1, 2, 3, 4, 5], msg(2), msg(3), msg(4)].concat();
    d.data(&mut Toy, 0, &bytes, 1, ts(1), &mut out);
    d.finish(&mut Toy, &mut out);
    assert_eq!(
        summary(&out),
        vec![
            (0, "msg:1".into(), 1),
            (3, "unknown:5".into(), 1),
            (8, "msg:2".into(), 1),
            (12, "msg:3".into(), 1),
            (17, "msg:4".into(), 1),
        ]
    );
    assert_eq!(d.counts.unknown_bytes, 5);
    assert_eq!(d.counts.violations, 1);
}

#[test]
fn after_a_gap_decoding_resynchronises_on_a_clean_run() {
    let (mut d, mut out) = (dir(), Vec::new());
    let first = msg(5);
    d.data(&mut Toy, 0, &first[..4], 1, ts(1), &mut out);
    d.gap(&mut Toy, 4, 100, GapReason::AckedUnseen, 2, ts(2), &mut out);
    // After the gap: the tail of some message, then whole ones.
    let after = [vec![9, 9, 9], msg(1), msg(1), msg(1)].concat();
    d.data(&mut Toy, 104, &after, 3, ts(3), &mut out);
    d.finish(&mut Toy, &mut out);
    assert_eq!(
        summary(&out),
        vec![
            (0, "unknown:4".into(), 1),
            (4, "gap:100".into(), 2),
            (104, "unknown:3".into(), 3),
            (107, "msg:1".into(), 3),
            (110, "msg:1".into(), 3),
            (113, "msg:1".into(), 3),
        ]
    );
}

#[test]
fn a_partial_message_at_the_end_is_unknown_data() {
    let (mut d, mut out) = (dir(), Vec::new());
    let bytes = [msg(1), msg(8)[..5].to_vec()].concat();
    d.data(&mut Toy, 0, &bytes, 4, ts(4), &mut out);
    d.finish(&mut Toy, &mut out);
    assert_eq!(
        summary(&out),
        vec![(0, "msg:1".into(), 4), (3, "unknown:5".into(), 4)]
    );
}

#[test]
fn past_the_violation_budget_the_rest_is_unknown() {
    let (mut d, mut out) = (dir(), Vec::new());
    // Each chunk: one bad byte then one good message, many times over.
    let mut offset = 0;
    for i in 0..(VIOLATION_BUDGET as u64 + 10) {
        let chunk = [vec![0x55], msg(0), msg(0), msg(0)].concat();
        d.data(&mut Toy, offset, &chunk, i, ts(i), &mut out);
        offset += chunk.len() as u64;
    }
    d.finish(&mut Toy, &mut out);
    let s = summary(&out);
    let last = s.last().unwrap();
    assert!(last.1.starts_with("unknown:"), "{last:?}");
    assert_eq!(d.counts.violations, VIOLATION_BUDGET + 1);
    // Every byte is accounted for: messages plus unknown data.
    let covered: u64 = out
        .iter()
        .map(|r| match &r.body {
            Body::Message { len, .. } => *len,
            Body::UnknownData { len, .. } => *len,
            _ => 0,
        })
        .sum();
    assert_eq!(covered, offset);
}

mod stage {
    use crate::capture::Timestamp;
    use crate::decode::{DecodeConfig, DecodeStage, Record, RecordSink};
    use crate::reassembly::{Direction, Event, Sink, StreamInfo};
    use Direction::{C2S, S2C};

    /// Hands `ev` to the stage as the flow table's step of its frame (its
    /// stream's number for a start), as the pipeline would.
    fn feed(stage: &mut DecodeStage<Collect>, ev: Event<'_>) {
        let seq = match &ev {
            Event::Start(info) => info.id,
            Event::Data { frame, .. } | Event::End { frame, .. } => *frame,
            _ => 0,
        };
        // Each stream in the slot of its number.
        let slot = match &ev {
            Event::Start(info) | Event::End { info, .. } | Event::Closed(info) => info.id,
            Event::Data { stream, .. }
            | Event::Gap { stream, .. }
            | Event::Conflict { stream, .. } => *stream,
        };
        stage.step(seq, slot as u32);
        stage.event(ev);
    }

    #[derive(Default)]
    struct Collect(Vec<Record>);
    impl RecordSink for Collect {
        fn record(&mut self, r: Record) {
            self.0.push(r);
        }
    }

    fn info(id: u64, port: u16) -> StreamInfo {
        let client = format!("10.0.0.1:{}", 40000 + id).parse().unwrap();
        let server = format!("10.0.0.2:{port}").parse().unwrap();
        StreamInfo {
            id,
            client,
            server,
            community_id: crate::reassembly::CommunityId::tcp(client, server),
            roles_from_handshake: true,
            first_frame: id + 1,
            start: Timestamp::new(0, 0),
            last_frame: id + 1,
            last: Timestamp::new(0, 0),
            dirs: Default::default(),
            evicted: false,
        }
    }

    /// A GLS DiePlaceTry: type 13, location "C4", die 3, colour 2.
    fn die_place_try() -> Vec<u8> {
        let mut m = 13u32.to_be_bytes().to_vec();
        m.extend_from_slice(b"C4\0");
        m.extend_from_slice(&[3, 0, 0, 2]);
        m
    }

    #[test]
    fn a_stream_that_cannot_decide_does_not_hold_everything_back() {
        let mut config = DecodeConfig::default();
        config.overrides.add("13500=gls").unwrap();
        let mut stage = DecodeStage::new(config, Collect::default());
        let (a, b) = (info(0, 9), info(1, 13500));
        feed(&mut stage, Event::Start(&a));
        feed(&mut stage, Event::Start(&b));
        // Stream 0 sends one byte: no probe can tell from it, so it waits.
        let ts = Timestamp::new(1, 0);
        feed(
            &mut stage,
            Event::Data {
                stream: 0,
                dir: Direction::C2S,
                offset: 0,
                bytes: &[0],
                frame: 3,
                ts,
            },
        );
        // Stream 1 (forced GLS) goes on and on.
        let msg = die_place_try();
        let n = crate::decode::order::HOLD_STEPS * 2;
        for i in 0..n {
            let (offset, frame) = (i * msg.len() as u64, 4 + i);
            feed(
                &mut stage,
                Event::Data {
                    stream: 1,
                    dir: Direction::C2S,
                    offset,
                    bytes: &msg,
                    frame,
                    ts,
                },
            );
        }
        let released = stage.sink_mut().0.len();
        assert!(
            released as u64 >= n,
            "records flow although stream 0 never decided: {released}"
        );
        let frames: Vec<u64> = stage.sink_mut().0.iter().map(|r| r.frame).collect();
        assert!(
            frames.windows(2).all(|w| w[0] <= w[1]),
            "still in capture order"
        );
    }

    /// A WebSocket upgrade: the client's request and the server's answer.
    fn upgrade() -> (String, String) {
        use crate::transport::websocket::handshake::accept_for;
        let key = "dGhlIHNhbXBsZSBub25jZQ==";
        let req = format!(
            "GET /pokerthwebsocket HTTP/1.1\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        );
        let resp = format!(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Accept: {}\r\n\r\n",
            accept_for(key)
        );
        (req, resp)
    }

    /// The GLS stream 1 (forced) sends `n` messages from frame `first`.
    fn flood(stage: &mut DecodeStage<Collect>, first: u64, n: u64) {
        let msg = die_place_try();
        let done = stage.sink_mut().0.iter().filter(|r| r.stream == 1).count() as u64;
        for i in 0..n {
            feed(
                stage,
                Event::Data {
                    stream: 1,
                    dir: Direction::C2S,
                    offset: (done - 1 + i) * msg.len() as u64,
                    bytes: &msg,
                    frame: first + i,
                    ts: Timestamp::new(1, 0),
                },
            );
        }
    }

    #[test]
    fn a_websocket_made_to_decide_before_its_first_message_waits_for_it() {
        use crate::protocols::ProtocolId;
        let mut config = DecodeConfig::default();
        config.overrides.add("13500=gls").unwrap();
        let mut stage = DecodeStage::new(config, Collect::default());
        let (a, b) = (info(0, 7233), info(1, 13500));
        feed(&mut stage, Event::Start(&a));
        feed(&mut stage, Event::Start(&b));
        let (req, resp) = upgrade();
        let n = crate::decode::order::HOLD_STEPS * 2;
        let data = |stage: &mut DecodeStage<Collect>, dir, offset, bytes: &[u8], frame| {
            feed(
                stage,
                Event::Data {
                    stream: 0,
                    dir,
                    offset,
                    bytes,
                    frame,
                    ts: Timestamp::new(1, 0),
                },
            )
        };
        // The upgrade's request, and a long wait for the response; then the
        // response, and a long wait for the first message.
        data(&mut stage, Direction::C2S, 0, req.as_bytes(), 3);
        flood(&mut stage, 4, n);
        data(&mut stage, Direction::S2C, 0, resp.as_bytes(), 4 + n);
        flood(&mut stage, 5 + n, n);
        // PokerTH 1.x's AnnounceMessage in a server frame.
        let announce = [
            0x82, 22, 0x08, 0x01, 0x12, 0x12, 0x0a, 0x04, 0x08, 0x05, 0x10, 0x01, 0x12, 0x04, 0x08,
            0x01, 0x10, 0x0b, 0x18, 0x00, 0x20, 0x01, 0x28, 0x00,
        ];
        let at = resp.len() as u64;
        data(&mut stage, Direction::S2C, at, &announce, 5 + 2 * n);
        let mine: Vec<&Record> = (stage.sink_mut().0.iter())
            .filter(|r| r.stream == 0)
            .collect();
        assert!(
            mine.iter()
                .any(|r| matches!(r.body, crate::decode::Body::Message { .. })
                    && r.protocol == Some(ProtocolId::PokerTh1)),
            "the message is decoded as PokerTH 1.x: {:?}",
            mine.iter().map(|r| r.event_name()).collect::<Vec<_>>()
        );
        let records = &stage.sink_mut().0;
        assert!(records.len() as u64 > 2 * n, "records flowed meanwhile");
        assert!(
            records.windows(2).all(|w| w[0].frame <= w[1].frame),
            "in capture order"
        );
    }

    /// A stream in the slot of one that left while holding records back
    /// is not taken for it: when the old hold falls due, the newcomer is
    /// not made to decide. Its records are those it gets in a slot of its
    /// own.
    #[test]
    fn a_stream_in_a_reused_slot_is_not_taken_for_the_one_that_left_it() {
        let fresh = reuse(5);
        let hello = fresh.iter().find(|r| r.0 == 2 && r.3 != "stream_start");
        assert_eq!(hello.map(|r| r.3.as_str()), Some("Protover"), "{fresh:?}");
        assert_eq!(reuse(0), fresh);
    }

    /// Stream 0 (slot 0) upgrades to a WebSocket and ends before its first
    /// message, holding; stream 2, in `slot`, sends a byte no probe can
    /// tell, then, once stream 0's hold is due (not its own), the rest of
    /// a GLS Protover; stream 1 (GLS, forced; slot 1) a message a step.
    /// Each event is the step of its frame. Returns every record: stream,
    /// frame, key, type.
    fn reuse(slot: u32) -> Vec<(u64, u64, u64, String)> {
        let mut config = DecodeConfig::default();
        config.overrides.add("13500=gls").unwrap();
        let mut stage = DecodeStage::new(config, Collect::default());
        let ts = Timestamp::new(1, 0);
        let at = |stage: &mut DecodeStage<Collect>, slot, frame, ev: Event<'_>| {
            stage.step(frame, slot);
            stage.event(ev);
        };
        let send = |stage: &mut DecodeStage<Collect>, slot, stream, dir, offset, bytes, frame| {
            let ev = Event::Data {
                stream,
                dir,
                offset,
                bytes,
                frame,
                ts,
            };
            at(stage, slot, frame, ev);
        };
        let msg = die_place_try();
        let mut sent = 0;
        let mut flood = |stage: &mut DecodeStage<Collect>, frames: std::ops::Range<u64>| {
            for frame in frames {
                send(stage, 1, 1, C2S, sent * msg.len() as u64, &msg, frame);
                sent += 1;
            }
        };
        let end = |info, frame| Event::End {
            info,
            reason: crate::reassembly::EndReason::Fin,
            frame,
            ts,
        };
        let (a, b) = (info(0, 7233), info(1, 13500));
        let c = StreamInfo {
            first_frame: 102,
            last_frame: 102,
            ..info(2, 9)
        };
        let (req, resp) = upgrade();
        // A GLS Protover (type 1, its magic).
        let hello = [&[0, 0, 0, 1][..], b"GLS\0", &[0; 48]].concat();
        at(&mut stage, 0, 1, Event::Start(&a));
        at(&mut stage, 1, 2, Event::Start(&b));
        send(&mut stage, 0, 0, C2S, 0, req.as_bytes(), 3);
        flood(&mut stage, 4..55);
        send(&mut stage, 0, 0, S2C, 0, resp.as_bytes(), 55);
        flood(&mut stage, 56..101);
        at(&mut stage, 0, 101, end(&a, 101));
        at(&mut stage, slot, 102, Event::Start(&c));
        send(&mut stage, slot, 2, C2S, 0, &hello[..1], 103);
        // Stream 0's hold (from step 3) is due after step 3 + HOLD_STEPS,
        // stream 2's (from step 103) a hundred steps later.
        let due = 3 + crate::decode::order::HOLD_STEPS;
        flood(&mut stage, 104..due + 20);
        send(&mut stage, slot, 2, C2S, 1, &hello[1..], due + 20);
        flood(&mut stage, due + 21..due + 200);
        at(&mut stage, slot, due + 200, end(&c, due + 200));
        at(&mut stage, 1, due + 201, end(&b, due + 201));
        let records = stage.into_sink().0;
        (records.iter())
            .map(|r| (r.stream, r.frame, r.order, r.type_name().to_string()))
            .collect()
    }

    #[test]
    fn an_unknown_gls_event_type_is_skipped_to_the_next_run_of_events() {
        let mut config = DecodeConfig::default();
        config.overrides.add("13500=gls").unwrap();
        let mut stage = DecodeStage::new(config, Collect::default());
        let s = info(0, 13500);
        feed(&mut stage, Event::Start(&s));
        let ev = die_place_try();
        // Two events, 12 bytes starting with an unknown event type (99),
        // then three events.
        let mut bytes = [ev.clone(), ev.clone()].concat();
        bytes.extend_from_slice(&99u32.to_be_bytes());
        bytes.extend_from_slice(&[7; 8]);
        bytes.extend([ev.clone(), ev.clone(), ev.clone()].concat());
        let ts = Timestamp::new(1, 0);
        feed(
            &mut stage,
            Event::Data {
                stream: 0,
                dir: Direction::C2S,
                offset: 0,
                bytes: &bytes,
                frame: 2,
                ts,
            },
        );
        feed(
            &mut stage,
            Event::End {
                info: &s,
                reason: crate::reassembly::EndReason::Fin,
                frame: 3,
                ts,
            },
        );
        let got: Vec<(u64, String)> = stage
            .into_sink()
            .0
            .iter()
            .map(|r| match &r.body {
                crate::decode::Body::UnknownData { len, reason } => {
                    (r.offset, format!("unknown {len}: {reason}"))
                }
                _ => (r.offset, r.type_name().to_string()),
            })
            .collect();
        let n = ev.len() as u64;
        assert_eq!(
            got,
            vec![
                (0, "stream_start".to_string()),
                (0, "DiePlaceTry".into()),
                (n, "DiePlaceTry".into()),
                (2 * n, "unknown 12: unknown GLS event type 99".into()),
                (2 * n + 12, "DiePlaceTry".into()),
                (3 * n + 12, "DiePlaceTry".into()),
                (4 * n + 12, "DiePlaceTry".into()),
                (0, "stream_end".into()),
            ]
        );
    }
}

/// A concatenation of messages cut into chunks anywhere decodes to exactly
/// the records it gives when fed whole.
mod chunking {
    use super::{dir, msg, ts, Toy};
    use crate::decode::record::Record;
    use crate::protocols::pokerth::{Decoder, Dialect};
    use crate::protocols::testkit::{unhex, vectors};
    use crate::protocols::StreamDecoder;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// Feeds `bytes` cut at `cuts` (positions, any order, repeats allowed),
    /// every chunk from the same frame; the records, as text.
    fn feed(dec: &mut dyn StreamDecoder, bytes: &[u8], cuts: &[usize]) -> Vec<String> {
        let mut at: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
        at.push(0);
        at.push(bytes.len());
        at.sort_unstable();
        at.dedup();
        let (mut d, mut out) = (dir(), Vec::<Record>::new());
        for w in at.windows(2) {
            d.data(dec, w[0] as u64, &bytes[w[0]..w[1]], 9, ts(9), &mut out);
        }
        d.finish(dec, &mut out);
        out.iter().map(|r| format!("{r:?}")).collect()
    }

    /// The messages of a reference vector file, as bytes.
    fn messages(file: &str) -> Vec<Vec<u8>> {
        vectors(file)
            .iter()
            .map(|v| unhex(v["hex"].as_str().expect("hex")))
            .collect()
    }

    /// The PokerTH messages of the reference vectors, as bytes.
    fn pokerth_messages() -> &'static [Vec<u8>] {
        static MSGS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
        MSGS.get_or_init(|| messages("pokerth.jsonl"))
    }

    /// The poker-network packets of the reference vectors.
    fn pokernetwork_messages() -> &'static [Vec<u8>] {
        static MSGS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
        MSGS.get_or_init(|| messages("pokernetwork.jsonl"))
    }

    /// The GLS events of the reference vectors.
    fn gls_messages() -> &'static [Vec<u8>] {
        static MSGS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
        MSGS.get_or_init(|| messages("gls.jsonl"))
    }

    /// Card game messages: one of each opcode at its size (framing.rs),
    /// Score with a short STRING.
    const CARDGAME: &[&[u8]] = &[
        &[0x01, 0],
        &[0x02, 5, 1, 0],
        &[0x03, 7, 2, 1],
        &[0x04, 5, 0x2a],
        &[0x05, 0, 10],
        &[0x06, 2],
        &[0x07, 3],
        &[0x08],
        &[0x09, 1],
        &[0x81, 3],
        &[0x0a, 1, 0, 5, 0, 7, 2, b'o', b'k'],
    ];

    proptest! {
        #[test]
        fn toy_messages_cut_anywhere_decode_the_same(
            sizes in proptest::collection::vec(0u8..=16, 1..40),
            cuts in proptest::collection::vec(any::<usize>(), 0..60),
        ) {
            let bytes: Vec<u8> = sizes.iter().flat_map(|&n| msg(n)).collect();
            let whole = feed(&mut Toy, &bytes, &[]);
            prop_assert_eq!(whole.len(), sizes.len());
            prop_assert_eq!(feed(&mut Toy, &bytes, &cuts), whole);
        }

        #[test]
        fn pokerth_messages_cut_anywhere_decode_the_same(
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..30),
            cuts in proptest::collection::vec(any::<usize>(), 0..80),
        ) {
            let msgs = pokerth_messages();
            let bytes: Vec<u8> = picks.iter().flat_map(|i| i.get(msgs).clone()).collect();
            let new = || Decoder::with_dialect(Dialect::PokerTh);
            let whole = feed(&mut new(), &bytes, &[]);
            prop_assert!(whole.len() >= picks.len());
            prop_assert_eq!(feed(&mut new(), &bytes, &cuts), whole);
        }

        #[test]
        fn pokernetwork_packets_cut_anywhere_decode_the_same(
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..30),
            cuts in proptest::collection::vec(any::<usize>(), 0..80),
        ) {
            let msgs = pokernetwork_messages();
            let bytes: Vec<u8> = picks.iter().flat_map(|i| i.get(msgs).clone()).collect();
            let new = crate::protocols::pokernetwork::Decoder::new;
            let whole = feed(&mut new(), &bytes, &[]);
            prop_assert!(whole.len() >= picks.len());
            prop_assert_eq!(feed(&mut new(), &bytes, &cuts), whole);
        }

        #[test]
        fn gls_events_cut_anywhere_decode_the_same(
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..30),
            cuts in proptest::collection::vec(any::<usize>(), 0..80),
        ) {
            let msgs = gls_messages();
            let bytes: Vec<u8> = picks.iter().flat_map(|i| i.get(msgs).clone()).collect();
            let new = crate::protocols::gls::Decoder::new;
            let whole = feed(&mut new(), &bytes, &[]);
            prop_assert!(whole.len() >= picks.len());
            prop_assert_eq!(feed(&mut new(), &bytes, &cuts), whole);
        }

        #[test]
        fn cardgame_messages_cut_anywhere_decode_the_same(
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..60),
            cuts in proptest::collection::vec(any::<usize>(), 0..80),
        ) {
            let bytes: Vec<u8> = picks.iter().flat_map(|i| i.get(CARDGAME).to_vec()).collect();
            let new = crate::protocols::cardgame::Decoder::new;
            let whole = feed(&mut new(), &bytes, &[]);
            prop_assert!(whole.len() >= picks.len());
            prop_assert_eq!(feed(&mut new(), &bytes, &cuts), whole);
        }
    }
}

#[test]
fn an_incomplete_message_given_up_becomes_unknown_and_the_next_decodes() {
    let (mut d, mut out) = (dir(), Vec::new());
    let m = msg(10);
    // Half a message: held.
    d.data(&mut Toy, 0, &m[..6], 1, ts(1), &mut out);
    assert_eq!((out.len(), d.held()), (0, 6));
    // The streams' bytes passed their cap: the half message goes.
    d.give_up(&mut Toy, "cap", &mut out);
    assert_eq!(d.held(), 0);
    assert_eq!(summary(&out), vec![(0, "unknown:6".into(), 1)]);
    // The rest of it is skipped up to the next message, which decodes.
    let rest = [&m[6..], &msg(2)[..]].concat();
    d.data(&mut Toy, 6, &rest, 2, ts(2), &mut out);
    d.finish(&mut Toy, &mut out);
    assert_eq!(
        summary(&out)[1..],
        [(6, "unknown:6".into(), 2), (12, "msg:2".into(), 2)]
    );
}
