//! The WebSocket wire layer on real traffic: testdata/websocket holds
//! PokerTH 1.x games of Debian's unmodified server with clients connected
//! over WebSocket, and each client's log of every message (hex) as it
//! sent or received it. Each direction's reassembled bytes (taken out with
//! `follow --format raw`) must give, after the upgrade, exactly those
//! messages as binary WebSocket messages, in order.

use crate::common;

use cardshark::transport::websocket::frame::{header, Read};
use cardshark::transport::websocket::handshake::{parse_head, upgrade, Parsed};
use cardshark::transport::websocket::message::{Assembler, Event, Side};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

#[test]
fn real_websocket_connections_unwrap_to_the_clients_messages() {
    let mut total = 0;
    for name in ["solo-ws", "duo-ws"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/websocket");
        let pcap = dir.join(format!("{name}.pcap"));
        let mut want: HashMap<(u64, String), Vec<String>> = HashMap::new();
        for line in std::fs::read_to_string(dir.join(format!("{name}.messages.jsonl")))
            .unwrap()
            .lines()
        {
            let t: Value = serde_json::from_str(line).unwrap();
            want.entry((
                t["client_port"].as_u64().unwrap(),
                t["dir"].as_str().unwrap().to_owned(),
            ))
            .or_default()
            .push(t["hex"].as_str().unwrap().to_owned());
        }
        let inspect = common::inspect(&pcap);
        for s in inspect["streams"].as_array().unwrap() {
            let stream = s["stream"].as_u64().unwrap();
            let port: u64 = (s["client"].as_str().unwrap().rsplit(':'))
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let c2s = common::follow_raw(&pcap, stream, "c2s");
            let s2c = common::follow_raw(&pcap, stream, "s2c");
            let (Parsed::Head(req), Parsed::Head(resp)) = (parse_head(&c2s), parse_head(&s2c))
            else {
                panic!("{name} stream {stream}: no HTTP heads");
            };
            let up = upgrade(&req, &resp).expect("101 Switching Protocols");
            assert_eq!(up.resource, "/pokerthwebsocket");
            assert!(up.notes.is_empty(), "{:?}", up.notes);
            assert_eq!(up.deflate, None);
            for (dir, bytes, side, skip) in [
                ("c2s", &c2s, Side::Client, req.len),
                ("s2c", &s2c, Side::Server, resp.len),
            ] {
                let mut a = Assembler::new(side, up.deflate);
                let mut rest = &bytes[skip..];
                let mut got = Vec::new();
                let mut closes = 0;
                while !rest.is_empty() {
                    let Read::Header(h) = header(rest) else {
                        panic!("{name} {stream} {dir}: {:?}", header(rest));
                    };
                    let end = h.total() as usize;
                    match a.frame(&h, &rest[h.header_len..end]) {
                        Some(Event::Message { payload, notes, .. }) => {
                            assert!(notes.is_empty(), "{notes:?}");
                            got.push(
                                payload
                                    .iter()
                                    .map(|b| format!("{b:02x}"))
                                    .collect::<String>(),
                            );
                        }
                        Some(Event::Control {
                            close: Some(_),
                            notes,
                            ..
                        }) => {
                            assert!(notes.is_empty(), "{notes:?}");
                            closes += 1;
                        }
                        Some(Event::Error(e)) => panic!("{name} {stream} {dir}: {e}"),
                        _ => {}
                    }
                    rest = &rest[end..];
                }
                assert_eq!(got, want[&(port, dir.to_owned())], "{name} {stream} {dir}");
                assert!(closes >= 1, "{name} {stream} {dir}: a close frame");
                total += got.len();
            }
        }
    }
    assert!(total > 500, "{total}");
    eprintln!("{total} WebSocket messages equal to the clients' logs");
}

/// A capture that starts after the upgrade, anywhere: from any cut of a
/// real connection's bytes, the search finds the next frame boundary, for
/// the client's masked frames and the server's plain ones.
#[test]
fn frames_are_found_from_any_cut() {
    use cardshark::transport::websocket::probe::{find_frames, Found};
    let pcap = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/websocket/duo-ws.pcap");
    let mut cuts = 0;
    for (stream, dir, side) in [
        (0, "c2s", Side::Client),
        (0, "s2c", Side::Server),
        (1, "c2s", Side::Client),
        (1, "s2c", Side::Server),
    ] {
        let bytes = common::follow_raw(&pcap, stream, dir);
        let Parsed::Head(head) = parse_head(&bytes) else {
            panic!("no head")
        };
        let frames = &bytes[head.len..];
        // The true boundaries.
        let mut bounds = vec![0usize];
        let mut pos = 0;
        while let Read::Header(h) = header(&frames[pos..]) {
            pos += h.total() as usize;
            bounds.push(pos);
            if pos == frames.len() {
                break;
            }
        }
        assert_eq!(pos, frames.len());
        for cut in 0..frames.len() {
            let want = *bounds.iter().find(|&&b| b >= cut).unwrap();
            if want == frames.len() {
                continue;
            }
            // Mid-way through a capture more bytes follow; at its end none.
            let got = find_frames(&frames[cut..], side, true);
            assert_eq!(
                got,
                Found::At(want - cut),
                "stream {stream} {dir} cut at {cut}"
            );
            cuts += 1;
        }
    }
    assert!(cuts > 1000, "{cuts}");
}

/// Captures of a real WebSocket library that compresses (Python
/// `websockets`, testdata/websocket/make_deflate.py) carrying PokerTH 1.x
/// messages: permessage-deflate with and without context takeover and with
/// limited windows, fragmented messages with pings between the fragments,
/// and both at once. Every data message unwraps (unmasked, put together,
/// inflated) to the truth's payload, in order, each direction.
#[test]
fn deflate_and_fragments_from_a_real_library() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/websocket");
    for (name, compressed, fragmented) in [
        ("deflate", true, false),
        ("deflate-no-takeover", true, false),
        ("fragmented", false, true),
        ("deflate-fragmented", true, true),
    ] {
        let pcap = dir.join(format!("{name}.pcap"));
        let mut want: HashMap<String, Vec<(String, u64)>> = HashMap::new();
        for line in std::fs::read_to_string(dir.join(format!("{name}.messages.jsonl")))
            .unwrap()
            .lines()
        {
            let t: Value = serde_json::from_str(line).unwrap();
            let frags = t.get("fragments").and_then(Value::as_u64).unwrap_or(1);
            want.entry(t["dir"].as_str().unwrap().to_owned())
                .or_default()
                .push((t["hex"].as_str().unwrap().to_owned(), frags));
        }
        let c2s = common::follow_raw(&pcap, 0, "c2s");
        let s2c = common::follow_raw(&pcap, 0, "s2c");
        let (Parsed::Head(req), Parsed::Head(resp)) = (parse_head(&c2s), parse_head(&s2c)) else {
            panic!("{name}: no HTTP heads");
        };
        let up = upgrade(&req, &resp).expect("101");
        assert!(up.notes.is_empty(), "{name}: {:?}", up.notes);
        assert_eq!(up.deflate.is_some(), compressed, "{name}");
        let (mut pings, mut closes, mut multi) = (0, 0, 0);
        for (d, bytes, side, skip) in [
            ("c2s", &c2s, Side::Client, req.len),
            ("s2c", &s2c, Side::Server, resp.len),
        ] {
            let mut a = Assembler::new(side, up.deflate);
            let mut rest = &bytes[skip..];
            let mut got = Vec::new();
            while !rest.is_empty() {
                let Read::Header(h) = header(rest) else {
                    panic!("{name} {d}: {:?}", header(rest));
                };
                let end = h.total() as usize;
                match a.frame(&h, &rest[h.header_len..end]) {
                    Some(Event::Message {
                        payload,
                        notes,
                        compressed: c,
                        frames,
                        ..
                    }) => {
                        assert!(notes.is_empty(), "{name} {d}: {notes:?}");
                        assert_eq!(c, compressed, "{name} {d}");
                        multi += usize::from(frames > 1);
                        let hex = payload
                            .iter()
                            .map(|b| format!("{b:02x}"))
                            .collect::<String>();
                        got.push((hex, u64::from(frames)));
                    }
                    Some(Event::Control { close, notes, .. }) => {
                        assert!(notes.is_empty(), "{name} {d}: {notes:?}");
                        match close {
                            Some((code, reason)) => {
                                assert_eq!(code, 1000);
                                assert_eq!(reason, "alice leaves the table");
                                closes += 1;
                            }
                            None => pings += 1,
                        }
                    }
                    Some(e @ (Event::Error(_) | Event::Uninflatable { .. })) => {
                        panic!("{name} {d}: {e:?}")
                    }
                    None => {}
                }
                rest = &rest[end..];
            }
            assert_eq!(got, want[d], "{name} {d}");
        }
        assert_eq!(closes, 2, "{name}: the close and its echo");
        assert!(pings >= 10, "{name}: {pings} pings and pongs");
        assert_eq!(multi > 0, fragmented, "{name}");
    }
}
