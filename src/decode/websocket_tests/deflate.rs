//! permessage-deflate (a corrupt stream, a decompression bomb, a capture
//! picked up after the handshake), losses (a gap inside a fragmented
//! message) and fragments with control frames between them.

use super::*;
use flate2::{Compress, Compression, FlushCompress};

/// Both sides keep their compression context from message to message.
const TAKEOVER: &str = "permessage-deflate";

/// Both sides start afresh for each message.
const NO_TAKEOVER: &str =
    "permessage-deflate; server_no_context_takeover; client_no_context_takeover";

/// A sender's compressor (raw deflate).
fn compressor() -> Compress {
    Compress::new(Compression::default(), false)
}

/// One message as permessage-deflate compresses it (RFC 7692, 7.2.1):
/// raw deflate ended by a sync flush, its `00 00 ff ff` tail taken off.
fn deflate(c: &mut Compress, data: &[u8]) -> Vec<u8> {
    let start = c.total_in();
    let mut out = Vec::with_capacity(data.len() / 2 + 64);
    loop {
        let used = (c.total_in() - start) as usize;
        c.compress_vec(&data[used..], &mut out, FlushCompress::Sync)
            .expect("deflate");
        if (c.total_in() - start) as usize == data.len() && out.len() < out.capacity() {
            break;
        }
        out.reserve(out.capacity());
    }
    assert!(out.ends_with(&[0, 0, 0xff, 0xff]));
    out.truncate(out.len() - 4);
    out
}

/// What a compressed message of one frame whose deflate history is
/// missing says, and why it is.
fn no_history(why: &str) -> String {
    format!(
        "a compressed WebSocket message (1 frame(s)) whose deflate history is missing \
         ({why}): not inflated"
    )
}

/// A window carried over past a message that could not be inflated.
const CUT: &str = "a message that could not be inflated cut it, and the sender keeps its context";

#[test]
fn a_corrupt_deflate_stream_is_an_error_and_the_history_after_it_is_lost() {
    let mut ws = Ws::upgraded(Some(TAKEOVER));
    let (mut cs, mut cc) = (compressor(), compressor());
    let f_ann = ws.send(S2C, &server(0xc2, &deflate(&mut cs, &announce())));
    let at = ws.next[1];
    let bad = ws.send(S2C, &server(0xc2, &[0xff; 8]));
    // The server's next message refers back to the first one.
    let again = ws.send(S2C, &server(0xc2, &deflate(&mut cs, &announce())));
    let plain = ws.send(S2C, &server(0x82, &player_list()));
    let f_init = ws.send(C2S, &client(0xc2, &deflate(&mut cc, &init())));
    let r = ws.end();
    assert_eq!(
        summary(&r)[1..],
        [
            (f_ann, "Announce".into()),
            (bad, "websocket_error".into()),
            (again, "unknown_data".into()),
            (plain, "PlayerList".into()),
            (f_init, "Init".into()),
        ]
    );
    assert_eq!(r[1]["websocket"]["compressed"], true);
    let e = &r[2];
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("a corrupt deflate stream: "),
        "{e}"
    );
    assert_eq!(
        (&e["len"], &e["tcp_offset"], &e["offset"]),
        (&10.into(), &at.into(), &22.into())
    );
    assert_eq!(r[3]["reason"], no_history(CUT));
    assert_eq!(r[3]["websocket"]["compressed"], true);
    assert_eq!(r[5]["websocket"]["compressed"], true);
}

#[test]
fn without_context_takeover_the_message_after_a_corrupt_one_inflates() {
    let mut ws = Ws::upgraded(Some(NO_TAKEOVER));
    let bad = ws.send(S2C, &server(0xc2, &[0xff; 8]));
    let next = ws.send(S2C, &server(0xc2, &deflate(&mut compressor(), &announce())));
    let r = ws.end();
    assert_eq!(
        summary(&r)[1..],
        [(bad, "websocket_error".into()), (next, "Announce".into())]
    );
}

/// 17 MiB of zeros in 17 KB: inflation stops at the 16 MiB cap, the
/// message is an error, and what follows is decoded (or, when the
/// sender's context carries over, said to be lost).
#[test]
fn a_decompression_bomb_stops_at_the_cap() {
    let bomb = deflate(&mut compressor(), &vec![0; 17 << 20]);
    assert!(bomb.len() < 64 << 10, "{}", bomb.len());
    for (ext, after) in [(NO_TAKEOVER, "Announce"), (TAKEOVER, "unknown_data")] {
        let mut ws = Ws::upgraded(Some(ext));
        let at = ws.next[1];
        let f_bomb = ws.send(S2C, &server(0xc2, &bomb));
        let next = ws.send(S2C, &server(0xc2, &deflate(&mut compressor(), &announce())));
        let r = ws.end();
        assert_eq!(
            summary(&r)[1..],
            [(f_bomb, "websocket_error".into()), (next, after.into())],
            "{ext}"
        );
        let e = &r[1];
        assert_eq!(
            e["error"],
            "the message inflates past 16 MiB (a decompression bomb?)"
        );
        assert_eq!(e["len"], 4 + bomb.len() as u64);
        assert_eq!((&e["tcp_offset"], &e["offset"]), (&at.into(), &0.into()));
        assert_eq!(r[2]["tcp_offset"], at + 4 + bomb.len() as u64);
        if after == "unknown_data" {
            assert_eq!(r[2]["reason"], no_history(CUT));
        }
    }
}

/// No handshake in the capture: the compressed messages cannot be
/// inflated (whatever was negotiated, the window is unknown), and are
/// reported as such, never guessed at.
#[test]
fn compressed_messages_picked_up_mid_stream_are_not_guessed_at() {
    let mut ws = Ws::midstream();
    let (mut cs, mut cc) = (compressor(), compressor());
    // The tail of a frame before the capture started.
    let f_tail = ws.send(S2C, &[0x6a, 0x04, 0x08]);
    let mut sent = Vec::new();
    for (s2c, c2s) in [
        (announce(), init()),
        (init_ack(), init()),
        (player_list(), init()),
        (announce(), init()),
    ] {
        let (s, c) = (deflate(&mut cs, &s2c), deflate(&mut cc, &c2s));
        sent.push(("s2c", ws.next[1], s.len(), ws.send(S2C, &server(0xc2, &s))));
        sent.push(("c2s", ws.next[0], c.len(), ws.send(C2S, &client(0xc2, &c))));
    }
    let r = ws.end();
    assert!(r.iter().all(|r| what(r) == "unknown_data"), "{r:#?}");
    assert!(r.iter().all(|r| r.get("protocol").is_none()), "{r:#?}");
    let tail = &r[0];
    assert_eq!(
        (&tail["frame"], &tail["len"], &tail["tcp_offset"]),
        (&f_tail.into(), &3.into(), &0.into())
    );
    assert_eq!(
        tail["reason"],
        "not WebSocket frames: skipped while looking for a frame boundary"
    );
    assert_eq!(r.len(), 1 + sent.len());
    for (rec, (dir, at, len, frame)) in r[1..].iter().zip(&sent) {
        assert_eq!(rec["dir"], *dir);
        assert_eq!(
            (&rec["frame"], &rec["tcp_offset"]),
            (&(*frame).into(), &(*at).into())
        );
        assert_eq!(rec["len"], *len);
        assert_eq!(
            rec["reason"],
            no_history("the capture starts after the handshake")
        );
        assert_eq!(rec["websocket"]["compressed"], true);
    }
}

/// A gap takes the middle fragment of a message but its first 5 bytes:
/// the message is lost (its first fragment reported), so is the cut frame,
/// both as of the frame that made the gap certain; the fragment after the
/// gap is skipped, and the next whole message decodes.
#[test]
fn a_gap_inside_a_fragmented_message_loses_it_and_the_next_decodes() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let m = init();
    let at = ws.next[0];
    ws.send(C2S, &client(0x02, &m[..8]));
    let middle = client(0x00, &m[8..16]);
    let cut = ws.next[0];
    ws.send(C2S, &middle[..5]);
    // The other direction goes on meanwhile.
    ws.send(S2C, &server(0x82, &init_ack()));
    let hole = ws.next[0];
    let gap = ws.lose(C2S, middle.len() as u64 - 5);
    let after = ws.next[0];
    let last = ws.send(C2S, &client(0x80, &m[16..]));
    let whole = ws.next[0];
    let next = ws.send(C2S, &client(0x82, &m));
    let r = ws.end();
    let c2s: Vec<&Value> = r.iter().filter(|r| r["dir"] == "c2s").collect();
    let got: Vec<(u64, &str, u64, u64)> = (c2s.iter())
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap();
            (n("frame"), what(r), n("tcp_offset"), n("len"))
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (gap, "unknown_data", at, 8),
            (gap, "unknown_data", cut, 5),
            (gap, "gap", hole, 6 + 8 - 5),
            (last, "unknown_data", after, 6 + 5),
            (next, "Init", whole, 21),
        ]
    );
    let reasons: Vec<&str> = c2s.iter().filter_map(|r| r["reason"].as_str()).collect();
    assert_eq!(
        reasons,
        [
            "a fragmented message cut by a gap: 8 byte(s) of its first 1 frame(s)",
            "not WebSocket frames: a frame cut by a gap",
            "acked_unseen",
            "not WebSocket frames: skipped while looking for a frame boundary",
        ]
    );
    assert_eq!(c2s[0]["websocket"]["frames"], 1);
    assert_eq!(
        (&c2s[4]["offset"], &c2s[4]["websocket"]["frames"]),
        (&0.into(), &1.into())
    );
}

/// With context takeover, a gap takes the deflate history with it: the
/// direction's compressed messages after it are reported, not inflated.
#[test]
fn a_gap_cuts_the_deflate_history() {
    let mut ws = Ws::upgraded(Some(TAKEOVER));
    let mut cs = compressor();
    let msgs: Vec<Vec<u8>> = (0..6)
        .map(|_| server(0xc2, &deflate(&mut cs, &announce())))
        .collect();
    let f_ann = ws.send(S2C, &msgs[0]);
    let gap = ws.lose(S2C, msgs[1].len() as u64);
    let mut after = Vec::new();
    for m in &msgs[2..] {
        after.push((ws.send(S2C, m), "unknown_data".to_owned()));
    }
    let r = ws.end();
    let mut want = vec![(f_ann, "Announce".to_owned()), (gap, "gap".into())];
    want.extend(after);
    assert_eq!(summary(&r)[1..], want);
    let why = no_history("a gap cut it, and the sender keeps its context");
    assert!(r[3..].iter().all(|r| r["reason"] == why), "{r:#?}");
}

#[test]
fn fragments_with_pings_between_them_make_one_message() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let m = init();
    let at = ws.next[0];
    ws.send(C2S, &client(0x02, &m[..7]));
    let ping_at = ws.next[0];
    let ping = ws.send(C2S, &client(0x89, b"are you there"));
    ws.send(C2S, &client(0x00, &m[7..14]));
    let pong = ws.send(C2S, &client(0x8a, b""));
    let last = ws.send(C2S, &client(0x80, &m[14..]));
    let f_list = ws.send(C2S, &client(0x82, &m));
    let r = ws.end();
    assert_eq!(
        summary(&r)[2..],
        [
            (ping, "websocket_ping".into()),
            (pong, "websocket_pong".into()),
            (last, "Init".into()),
            (f_list, "Init".into()),
        ]
    );
    assert_eq!(
        (&r[2]["tcp_offset"], &r[2]["payload"]),
        (&ping_at.into(), &"61726520796f75207468657265".into())
    );
    let init = &r[4];
    assert_eq!(
        (&init["tcp_offset"], &init["offset"]),
        (&at.into(), &0.into())
    );
    assert_eq!(init["websocket"]["frames"], 3);
    assert_eq!(init["websocket"]["fin"], false);
    assert_eq!(init["fields"]["nick_name"], "alice");
    assert_eq!(r[5]["offset"], 21);
}

/// A frame that cannot be read between the fragments of a message: the
/// message is lost (its first fragment reported), the bytes up to the
/// next message are skipped, and that message decodes.
#[test]
fn an_unreadable_frame_between_fragments_loses_the_message() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let m = init();
    let at = ws.next[0];
    ws.send(C2S, &client(0x02, &m[..9]));
    let bad_at = ws.next[0];
    let bad = ws.send(C2S, &client(0x09, b"hi"));
    let cont = ws.send(C2S, &client(0x80, &m[9..]));
    let whole = ws.next[0];
    let next = ws.send(C2S, &client(0x82, &m));
    let r = ws.end();
    let c2s: Vec<&Value> = r.iter().filter(|r| r["dir"] == "c2s").collect();
    let got: Vec<(u64, &str, u64)> = c2s
        .iter()
        .map(|r| {
            (
                r["frame"].as_u64().unwrap(),
                what(r),
                r["tcp_offset"].as_u64().unwrap(),
            )
        })
        .collect();
    // The skipped bytes are dated by the frame of their last byte.
    assert_eq!(
        got,
        vec![
            (bad, "unknown_data", at),
            (cont, "unknown_data", bad_at),
            (next, "Init", whole),
        ]
    );
    assert_eq!(
        c2s[0]["reason"],
        "a fragmented message cut by bytes that are not a frame: 9 byte(s) of its first \
         1 frame(s)"
    );
    assert_eq!(
        (&c2s[0]["len"], &c2s[0]["websocket"]["frames"]),
        (&9.into(), &1.into())
    );
    assert_eq!(
        c2s[1]["reason"],
        "not WebSocket frames: a ping frame must be whole and at most 125 bytes \
         (2 bytes, fin false)"
    );
    assert_eq!(c2s[1]["len"], whole - bad_at);
}

#[test]
fn a_message_without_its_last_fragment_at_the_end_is_reported() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let at = ws.next[0];
    let first = ws.send(C2S, &client(0x02, &init()[..10]));
    ws.send(C2S, &client(0x89, b""));
    let r = ws.end();
    let lost = one(&r, "unknown_data");
    assert_eq!(
        lost["reason"],
        "a fragmented message without its last frame at the end of the stream: 10 byte(s) \
         of its first 1 frame(s)"
    );
    assert_eq!(
        (&lost["frame"], &lost["tcp_offset"]),
        (&(first + 1).into(), &at.into())
    );
    assert_eq!(lost["websocket"]["opcode"], "binary");
    assert_eq!(summary(&r)[2], (first + 1, "websocket_ping".into()));
}
