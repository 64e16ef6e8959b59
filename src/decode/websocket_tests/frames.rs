//! Frames that cannot be used (lengths past the cap, control frames too
//! long or fragmented, unknown opcodes), and frames used with a note
//! (reserved bits, close codes, text that is not UTF-8, masking, a wrong
//! accept).

use super::*;

/// A client header with a 64-bit length (masked, no payload follows).
fn long_header(len: u64) -> Vec<u8> {
    let mut h = vec![0x82, 0xff];
    h.extend_from_slice(&len.to_be_bytes());
    h.extend_from_slice(&MASK);
    h
}

#[test]
fn a_length_past_the_cap_is_skipped_to_the_next_frame() {
    for (len, why) in [
        (
            1u64 << 63,
            "frame length 9223372036854775808 has its top bit set",
        ),
        (
            u64::MAX,
            "frame length 18446744073709551615 has its top bit set",
        ),
        (
            (16 << 20) + 1,
            "frame length 16777217 is past the 16 MiB a frame may hold here",
        ),
    ] {
        let mut ws = Ws::upgraded(None);
        ws.send(S2C, &server(0x82, &announce()));
        let at = ws.next[0];
        let bad = ws.send(C2S, &long_header(len));
        let next = ws.send(C2S, &client(0x82, &init()));
        let r = ws.end();
        assert_eq!(
            summary(&r),
            vec![
                (3, "websocket_upgrade".into()),
                (4, "Announce".into()),
                (bad, "unknown_data".into()),
                (next, "Init".into()),
            ],
            "{len}"
        );
        let skipped = one(&r, "unknown_data");
        assert_eq!(skipped["reason"], format!("not WebSocket frames: {why}"));
        assert_eq!(skipped["len"], 14);
        assert_eq!(skipped["tcp_offset"], at);
        assert_eq!(skipped["offset"], 0);
        assert_eq!(one(&r, "Init")["tcp_offset"], at + 14);
        assert_eq!(one(&r, "Init")["offset"], 0);
    }
}

#[test]
fn a_control_frame_over_125_bytes_is_skipped() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let at = ws.next[1];
    let bad = ws.send(S2C, &server(0x89, &[b'a'; 126]));
    let next = ws.send(S2C, &server(0x82, &init_ack()));
    let r = ws.end();
    assert_eq!(
        summary(&r)[2..],
        [(bad, "unknown_data".into()), (next, "InitAck".into())]
    );
    let skipped = one(&r, "unknown_data");
    assert_eq!(
        skipped["reason"],
        "not WebSocket frames: a ping frame must be whole and at most 125 bytes \
         (126 bytes, fin true)"
    );
    assert_eq!(skipped["len"], 4 + 126);
    assert_eq!(skipped["tcp_offset"], at);
    assert_eq!(skipped["offset"], 22);
    assert_eq!(one(&r, "InitAck")["tcp_offset"], at + 130);
    assert_eq!(one(&r, "InitAck")["offset"], 22);
}

#[test]
fn a_fragmented_ping_is_skipped() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let at = ws.next[1];
    let bad = ws.send(S2C, &server(0x09, b"hi"));
    let f_ack = ws.send(S2C, &server(0x82, &init_ack()));
    let f_list = ws.send(S2C, &server(0x82, &player_list()));
    let r = ws.end();
    assert_eq!(
        summary(&r)[2..],
        [
            (bad, "unknown_data".into()),
            (f_ack, "InitAck".into()),
            (f_list, "PlayerList".into()),
        ]
    );
    let skipped = one(&r, "unknown_data");
    assert_eq!(
        skipped["reason"],
        "not WebSocket frames: a ping frame must be whole and at most 125 bytes \
         (2 bytes, fin false)"
    );
    assert_eq!(
        (&skipped["len"], &skipped["tcp_offset"]),
        (&4.into(), &at.into())
    );
    assert_eq!(one(&r, "InitAck")["tcp_offset"], at + 4);
}

#[test]
fn unknown_opcodes_are_errors_and_the_next_frame_decodes() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let (c, s) = (ws.next[0], ws.next[1]);
    let f3 = ws.send(C2S, &client(0x83, &init()));
    let fb = ws.send(S2C, &server(0x8b, b"x"));
    let f_init = ws.send(C2S, &client(0x82, &init()));
    let f_ack = ws.send(S2C, &server(0x82, &init_ack()));
    let r = ws.end();
    assert_eq!(
        summary(&r)[2..],
        [
            (f3, "websocket_error".into()),
            (fb, "websocket_error".into()),
            (f_init, "Init".into()),
            (f_ack, "InitAck".into()),
        ]
    );
    let (e3, eb) = (&r[2], &r[3]);
    assert_eq!(e3["error"], "unknown opcode 0x3");
    assert_eq!(
        (&e3["len"], &e3["tcp_offset"]),
        (&(6 + 21).into(), &c.into())
    );
    assert_eq!(eb["error"], "unknown opcode 0xb");
    assert_eq!((&eb["len"], &eb["tcp_offset"]), (&3.into(), &s.into()));
    assert_eq!(r[4]["tcp_offset"], c + 27);
    assert_eq!(r[5]["tcp_offset"], s + 3);
}

/// An unknown opcode between the fragments of a message: the frame is an
/// error, the message around it is still whole, placed at its first frame.
#[test]
fn an_unknown_opcode_between_fragments_leaves_the_message_whole() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let at = ws.next[0];
    let m = init();
    ws.send(C2S, &client(0x02, &m[..9]));
    let bad = ws.send(C2S, &client(0x84, b""));
    let last = ws.send(C2S, &client(0x80, &m[9..]));
    let r = ws.end();
    assert_eq!(
        summary(&r)[2..],
        [(bad, "websocket_error".into()), (last, "Init".into())]
    );
    assert_eq!(r[2]["error"], "unknown opcode 0x4");
    let init = one(&r, "Init");
    assert_eq!(init["tcp_offset"], at);
    assert_eq!(init["websocket"]["opcode"], "binary");
    assert_eq!(init["websocket"]["frames"], 2);
    assert_eq!(init["websocket"]["fin"], false);
}

#[test]
fn reserved_bits_without_an_extension_are_noted() {
    let mut ws = Ws::upgraded(None);
    let f_ann = ws.send(S2C, &server(0xa2, &announce()));
    let f_ping = ws.send(C2S, &client(0x99, b"p"));
    let f_init = ws.send(C2S, &client(0xc2, &init()));
    let r = ws.end();
    assert_eq!(
        summary(&r)[1..],
        [
            (f_ann, "Announce".into()),
            (f_ping, "websocket_ping".into()),
            (f_init, "Init".into()),
        ]
    );
    let note = "reserved bits 0b010 set without an extension that uses them";
    assert_eq!(notes(&r[1]), note);
    assert_eq!(
        notes(&r[2]),
        "reserved bits 0b001 set without an extension that uses them"
    );
    // RSV1 without permessage-deflate: the bytes are taken as they are.
    assert_eq!(
        notes(&r[3]),
        "RSV1 (compressed) without permessage-deflate in the handshake"
    );
    assert_eq!(r[3]["websocket"]["compressed"], false);
    assert!(r[3].get("error").is_none(), "{}", r[3]);
}

#[test]
fn close_codes_a_peer_may_not_send_are_noted() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x82, &announce()));
    let mut sent = Vec::new();
    for (code, reason) in [
        (Some(1005u16), &b""[..]),
        (Some(999), b"low"),
        (Some(5000), b"high"),
        (None, b"\x03"),
        (Some(1000), b"\xff\xfe"),
        (Some(4000), b"bye"),
    ] {
        let mut payload = code.map_or(Vec::new(), |c| c.to_be_bytes().to_vec());
        payload.extend_from_slice(reason);
        let at = ws.next[0];
        sent.push((ws.send(C2S, &client(0x88, &payload)), at));
    }
    let r = ws.end();
    let closes: Vec<&Value> = r.iter().filter(|r| what(r) == "websocket_close").collect();
    assert_eq!(closes.len(), 6);
    for (c, (frame, at)) in closes.iter().zip(&sent) {
        assert_eq!(
            (&c["frame"], &c["tcp_offset"]),
            (&(*frame).into(), &(*at).into())
        );
        assert_eq!(c["masked"], true);
    }
    // Every close after the first also says it came after one.
    const LATE: &str = "sent after this direction's close frame";
    for (i, c) in closes.iter().enumerate() {
        assert_eq!(notes(c).contains(LATE), i > 0, "{c}");
    }
    let got: Vec<(Value, Value, String)> = closes
        .iter()
        .map(|c| {
            let n = notes(c).replace(&format!("; {LATE}"), "").replace(LATE, "");
            (c["code"].clone(), c["reason"].clone(), n)
        })
        .collect();
    let none = Value::Null;
    assert_eq!(
        got,
        vec![
            (
                1005.into(),
                "".into(),
                "close code 1005 is not one a peer may send".into()
            ),
            (
                999.into(),
                "low".into(),
                "close code 999 is not one a peer may send".into()
            ),
            (
                5000.into(),
                "high".into(),
                "close code 5000 is not one a peer may send".into()
            ),
            (none.clone(), none, "a close frame of 1 byte".into()),
            (
                1000.into(),
                "\u{fffd}\u{fffd}".into(),
                "the close reason is not valid UTF-8".into()
            ),
            (4000.into(), "bye".into(), String::new()),
        ]
    );
    assert_eq!(closes[3]["payload"], "03");
}

#[test]
fn a_text_message_that_is_not_utf8_is_noted() {
    let mut ws = Ws::upgraded(None);
    ws.send(S2C, &server(0x81, &announce()));
    let f = ws.send(S2C, &server(0x81, &init_ack()));
    let r = ws.end();
    assert_eq!(notes(one(&r, "Announce")), "");
    let ack = one(&r, "InitAck");
    assert_eq!(ack["frame"], f);
    assert_eq!(ack["websocket"]["opcode"], "text");
    assert_eq!(notes(ack), "a text message that is not valid UTF-8");
    assert_eq!(
        ack["note_codes"],
        serde_json::json!(["websocket.text_not_utf8"])
    );
}

#[test]
fn masking_the_wrong_way_is_noted() {
    let mut ws = Ws::upgraded(None);
    let f_ann = ws.send(S2C, &frame(0x82, Some(MASK), &announce()));
    let f_init = ws.send(C2S, &frame(0x82, None, &init()));
    let r = ws.end();
    let ann = one(&r, "Announce");
    assert_eq!(
        (&ann["frame"], &ann["websocket"]["masked"]),
        (&f_ann.into(), &true.into())
    );
    assert_eq!(notes(ann), "a server frame is masked");
    assert_eq!(
        ann["note_codes"],
        serde_json::json!(["websocket.masked_server_frame"])
    );
    let init = one(&r, "Init");
    assert_eq!(
        (&init["frame"], &init["websocket"]["masked"]),
        (&f_init.into(), &false.into())
    );
    assert_eq!(notes(init), "a client frame is not masked");
}

#[test]
fn a_wrong_accept_is_noted_on_the_upgrade() {
    let mut ws = Ws::upgraded_with(None, "AAAAAAAAAAAAAAAAAAAAAAAAAAA=");
    ws.send(S2C, &server(0x82, &announce()));
    let r = ws.end();
    assert_eq!(
        summary(&r),
        vec![(3, "websocket_upgrade".into()), (4, "Announce".into())]
    );
    assert_eq!(
        notes(&r[0]),
        "Sec-WebSocket-Accept \"AAAAAAAAAAAAAAAAAAAAAAAAAAA=\" does not answer the key \
         (expected \"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\")"
    );
    assert_eq!(
        r[0]["note_codes"],
        serde_json::json!(["websocket.accept_mismatch"])
    );
}
