//! The realcap captures of testdata/pokerth (see its README): the bytes each
//! side sent, from each capture's truth (`NAME.pcap.json`), framed and
//! decoded completely; the message names each way must be those that
//! `make_sessions.py` wrote (`NAME.expect.json`).

use super::*;

fn testdata(name: &str) -> Value {
    let path = format!("{}/testdata/pokerth/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_owned())
        .collect()
}

/// Frames and decodes all of `bytes` (one direction), feeding it in chunks
/// of `chunk` bytes as a reassembler would; returns the decoded messages.
fn decode_stream(dec: &mut Decoder, dir: Direction, bytes: &[u8], chunk: usize) -> Vec<Decoded> {
    let mut out = Vec::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut fed = 0;
    loop {
        match dec.frame(dir, &buf) {
            Framing::Message(n) => {
                out.push(dec.decode(dir, &buf[..n]));
                buf.drain(..n);
            }
            Framing::NeedMore(need) => {
                assert!(
                    need > buf.len(),
                    "NeedMore({need}) with {} buffered",
                    buf.len()
                );
                if fed == bytes.len() {
                    assert!(buf.is_empty(), "{} bytes left over", buf.len());
                    return out;
                }
                let end = (fed + chunk).min(bytes.len());
                buf.extend_from_slice(&bytes[fed..end]);
                fed = end;
            }
            Framing::Invalid(why) => panic!("invalid framing at {fed}: {why}"),
        }
    }
}

fn check_direction(
    capture: &str,
    conn: usize,
    dir: Direction,
    decoded: &[Decoded],
    want: &[String],
    lengths: &[usize],
) {
    let got: Vec<&str> = decoded.iter().map(|d| d.type_name.as_ref()).collect();
    assert_eq!(got, want, "{capture} connection {conn} {dir:?}");
    assert_eq!(decoded.len(), lengths.len());
    for (i, d) in decoded.iter().enumerate() {
        let at = format!(
            "{capture} connection {conn} {dir:?} message {i} ({})",
            d.type_name
        );
        assert_eq!(d.error, None, "{at}");
        assert!(d.notes.is_empty(), "{at}: {:?}", d.notes);
        assert!(matches!(d.fields, Fields::PokerTh(_)), "{at}");
        assert!(!d.fields.summary().is_empty(), "{at}");
        let _ = serde_json::to_string(d).unwrap();
    }
}

fn hex_of(v: &Value) -> Vec<u8> {
    unhex(v["hex"].as_str().unwrap())
}

fn lengths(v: &Value) -> Vec<usize> {
    v["lengths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .collect()
}

/// Decodes every connection of a capture's truth; returns the dialects and
/// the number of messages each way.
fn decode_capture(
    name: &str,
    chunk: usize,
) -> Vec<(Option<crate::protocols::Dialect>, usize, usize)> {
    let truth = testdata(&format!("{name}.pcap.json"));
    let expect = testdata(&format!("{name}.expect.json"));
    let conns = truth["connections"].as_array().unwrap();
    let want = expect["connections"].as_array().unwrap();
    assert_eq!(conns.len(), want.len(), "{name}");
    let mut result = Vec::new();
    for (i, (conn, want)) in conns.iter().zip(want).enumerate() {
        let (c2s, s2c) = (hex_of(&conn["c2s"]), hex_of(&conn["s2c"]));
        assert!(matches!(probe(C2S, &c2s), Probe::Mine(95)), "{name} {i}");
        assert!(matches!(probe(S2C, &s2c), Probe::Mine(_)), "{name} {i}");
        let mut dec = Decoder::new();
        let up = decode_stream(&mut dec, C2S, &c2s, chunk);
        let down = decode_stream(&mut dec, S2C, &s2c, chunk);
        let (want_up, want_down) = (names(&want["c2s"]), names(&want["s2c"]));
        check_direction(name, i, C2S, &up, &want_up, &lengths(&conn["c2s"]));
        check_direction(name, i, S2C, &down, &want_down, &lengths(&conn["s2c"]));
        result.push((dec.dialect(), up.len(), down.len()));
    }
    result
}

#[test]
fn session_capture_decodes_completely() {
    let r = decode_capture("session", 1460);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].0, Some(crate::protocols::Dialect::PokerTh));
    assert!(r[0].1 > 40 && r[0].2 > 200, "{r:?}");
    assert_eq!(r[1], (Some(crate::protocols::Dialect::PokerTh), 1, 1)); // Init, Error
}

#[test]
fn lossy_capture_decodes_completely() {
    // mtu 300: the reassembler hands over pieces of at most 260 bytes.
    let r = decode_capture("lossy", 260);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, Some(crate::protocols::Dialect::PokerTh));
}

#[test]
fn showdowns_capture_decodes_completely() {
    let r = decode_capture("showdowns", 1460);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, Some(crate::protocols::Dialect::PokerTh));
    let expect = testdata("showdowns.expect.json");
    let s2c = names(&expect["connections"][0]["s2c"]);
    // Two hands end with a bet nobody called, four at a showdown (one of
    // them after All In Show Cards).
    let count = |n: &str| s2c.iter().filter(|x| *x == n).count();
    assert_eq!(count("EndOfHandHideCards"), 2);
    assert_eq!(count("EndOfHandShowCards"), 4);
    assert_eq!(count("AllInShowCards"), 1);
}

#[test]
fn port9999_capture_decodes_completely() {
    let r = decode_capture("port9999", 3);
    assert_eq!(r[0].0, Some(crate::protocols::Dialect::PokerTh));
    let expect = testdata("port9999.expect.json");
    let s2c = names(&expect["connections"][0]["s2c"]);
    assert!(s2c.iter().any(|n| n == "EndOfGame"));
    let c2s = names(&expect["connections"][0]["c2s"]);
    assert!(c2s.iter().any(|n| n == "CreateGame"));
}

#[test]
fn pokerth_2007_capture_decodes_completely() {
    let r = decode_capture("session-2007", 1460);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].0, Some(crate::protocols::Dialect::PokerTh2007));
    assert_eq!(r[1], (Some(crate::protocols::Dialect::PokerTh2007), 1, 1)); // Join Game, Error
                                                                            // The 2007 Join Game and Player Joined carry two extra bytes.
    let truth = testdata("session-2007.pcap.json");
    let c2s = lengths(&truth["connections"][0]["c2s"]);
    assert_eq!(c2s[0] % 4, 2);
}

#[test]
fn midstream_capture_decodes_from_where_it_starts() {
    let cut = testdata("midstream.cut.json");
    assert_eq!(cut["source"], "midstream-full.pcap");
    // The full session decodes.
    let r = decode_capture("midstream-full", 1460);
    assert_eq!(r[0].0, Some(crate::protocols::Dialect::PokerTh));
    // From the cut on, with a fresh decoder, as a capture without the Init.
    let truth = testdata("midstream-full.pcap.json");
    let expect = testdata("midstream-full.expect.json");
    let conn = &truth["connections"][0];
    let want = &expect["connections"][0];
    let mut dec = Decoder::new();
    let mut counts = Vec::new();
    for (key, dir) in [("s2c", S2C), ("c2s", C2S)] {
        let skip = cut[key]["messages"].as_u64().unwrap() as usize;
        let from = cut[key]["bytes"].as_u64().unwrap() as usize;
        let bytes = hex_of(&conn[key]);
        assert!(
            matches!(probe(dir, &bytes[from..]), Probe::Mine(_)),
            "{key}"
        );
        let decoded = decode_stream(&mut dec, dir, &bytes[from..], 1460);
        let all = names(&want[key]);
        assert_eq!(
            all[..skip].first().map(String::as_str),
            Some(if key == "c2s" {
                "Init"
            } else {
                "RetrieveAvatar"
            })
        );
        check_direction(
            "midstream",
            0,
            dir,
            &decoded,
            &all[skip..],
            &lengths(&conn[key])[skip..],
        );
        counts.push(decoded.len());
    }
    // The first server message left is Statistics Changed (a pokerth-only type).
    assert_eq!(dec.dialect(), Some(crate::protocols::Dialect::PokerTh));
    assert!(counts.iter().all(|&n| n > 40), "{counts:?}");
}
