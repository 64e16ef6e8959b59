//! Every protocol's spans against its records, through the registry: each
//! message of the reference vectors and of the testdata captures' truth
//! files (each connection decoded in order by one decoder, as the decode
//! stage does), and, as a property, those messages with bytes changed or
//! cut off. A message that decodes gets the spans of exactly its record's
//! keys ([`check`]); any other bytes get spans inside them, or none.

use super::check::{check, check_layout};
use crate::protocols::testkit::{shared_file, unhex, vectors};
use crate::protocols::{cardgame, gls, pokernetwork, pokerth, pokerth1};
use crate::protocols::{field_spans, new_decoder, ProtocolId};
use crate::reassembly::Direction::{self, C2S, S2C};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;
use std::sync::OnceLock;

/// The messages of one connection, in the order a decoder sees them;
/// `unframed`: without the protocol's framing (PokerTH 1.x over
/// WebSocket).
struct Conn {
    id: ProtocolId,
    what: String,
    msgs: Vec<(Direction, Vec<u8>)>,
    unframed: bool,
}

/// Whether key path `path` of protocol `id` is derived (each protocol's
/// `spans::derived`).
fn derived(id: ProtocolId) -> fn(&str) -> bool {
    match id {
        ProtocolId::PokerTh => pokerth::spans::derived,
        ProtocolId::PokerTh1 => pokerth1::spans::derived,
        ProtocolId::PokerNetwork => pokernetwork::spans::derived,
        ProtocolId::Gls => gls::spans::derived,
        ProtocolId::CardGame => cardgame::spans::derived,
    }
}

/// The files of testdata folder `dir` whose names end in `suffix`.
fn files(dir: &str, suffix: &str) -> Vec<String> {
    let root = format!("{}/testdata/{dir}", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{root}: {e}"))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(suffix))
        .collect();
    names.sort();
    names.into_iter().map(|n| format!("{dir}/{n}")).collect()
}

/// The connections of a capture's truth file: each direction's bytes cut
/// at the lengths the sender wrote, client first.
fn truth(id: ProtocolId, file: &str) -> Vec<Conn> {
    let t: Value = serde_json::from_str(&shared_file(file)).unwrap();
    let conns = t["connections"].as_array().unwrap();
    (conns.iter().enumerate())
        .map(|(i, c)| {
            let mut msgs = Vec::new();
            for (dir, key) in [(C2S, "c2s"), (S2C, "s2c")] {
                let bytes = unhex(c[key]["hex"].as_str().unwrap());
                let mut at = 0;
                for n in c[key]["lengths"].as_array().unwrap() {
                    let n = n.as_u64().unwrap() as usize;
                    msgs.push((dir, bytes[at..at + n].to_vec()));
                    at += n;
                }
            }
            Conn {
                id,
                what: format!("{file} connection {i}"),
                msgs,
                unframed: false,
            }
        })
        .collect()
}

/// Every message the tests know, by connection.
fn corpus() -> &'static [Conn] {
    static CORPUS: OnceLock<Vec<Conn>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut all = Vec::new();
        for (id, name) in [
            (ProtocolId::PokerTh, "pokerth.jsonl"),
            (ProtocolId::PokerNetwork, "pokernetwork.jsonl"),
            (ProtocolId::Gls, "gls.jsonl"),
        ] {
            for (i, v) in vectors(name).iter().enumerate() {
                all.push(Conn {
                    id,
                    what: format!("{name} line {}", i + 1),
                    msgs: vec![(C2S, unhex(v["hex"].as_str().unwrap()))],
                    unframed: false,
                });
            }
        }
        for (id, dir) in [
            (ProtocolId::PokerTh, "pokerth"),
            (ProtocolId::PokerTh1, "pokerth1"),
            (ProtocolId::PokerNetwork, "pokernetwork"),
            (ProtocolId::Gls, "gls"),
            (ProtocolId::CardGame, "cardgame"),
        ] {
            for file in files(dir, ".pcap.json") {
                all.extend(truth(id, &file));
            }
        }
        // PokerTH 1.x as its servers logged it: over WebSocket (no length
        // prefix), and over TCP (with one).
        for file in files("pokerth1", ".messages.jsonl") {
            let mut msgs = Vec::new();
            for line in shared_file(&file).lines().filter(|l| !l.is_empty()) {
                let v: Value = serde_json::from_str(line).unwrap();
                let dir = if v["dir"] == "c2s" { C2S } else { S2C };
                msgs.push((dir, unhex(v["hex"].as_str().unwrap())));
            }
            let framed = (msgs.iter())
                .map(|(d, m)| {
                    let mut f = (m.len() as u32).to_be_bytes().to_vec();
                    f.extend_from_slice(m);
                    (*d, f)
                })
                .collect();
            for (msgs, unframed) in [(msgs, true), (framed, false)] {
                all.push(Conn {
                    id: ProtocolId::PokerTh1,
                    what: format!("{file} (unframed: {unframed})"),
                    msgs,
                    unframed,
                });
            }
        }
        all
    })
}

/// Decodes `msg` with `dec` as the decode stage would and checks its
/// spans; whether it decoded.
fn check_one(
    dec: &mut Box<dyn crate::protocols::StreamDecoder>,
    id: ProtocolId,
    what: &str,
    (dir, msg): (Direction, &[u8]),
    unframed: bool,
) -> bool {
    let decoded = match unframed {
        true => dec.decode_unframed(dir, msg).expect("decodes unframed"),
        false => dec.decode(dir, msg),
    };
    let spans = field_spans(id, dec.dialect(), dir, msg, unframed);
    if decoded.error.is_some() {
        check_layout(what, msg.len(), &spans);
        return false;
    }
    let fields = serde_json::to_value(&decoded.fields).unwrap();
    let what = format!("{what} {}", decoded.type_name);
    check(&what, msg.len(), &spans, &fields, &derived(id));
    assert!(spans.iter().any(|s| s.path != "len"), "{what}: {spans:?}");
    true
}

#[test]
fn every_message_gets_the_spans_of_its_record_keys() {
    let mut decoded = [0usize; ProtocolId::ALL.len()];
    for conn in corpus() {
        let mut dec = new_decoder(conn.id);
        for (k, (dir, msg)) in conn.msgs.iter().enumerate() {
            let what = format!("{} message {k}", conn.what);
            if check_one(&mut dec, conn.id, &what, (*dir, msg), conn.unframed) {
                decoded[conn.id as usize] += 1;
            }
        }
    }
    // Every protocol's messages were there, and nearly all decoded.
    for id in ProtocolId::ALL {
        assert!(decoded[id as usize] >= 30, "{id:?}: {decoded:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn changed_or_cut_messages_get_spans_inside_them(
        pick in any::<Index>(),
        message in any::<Index>(),
        changes in prop::collection::vec((any::<Index>(), any::<u8>()), 0..4),
        cut in prop::option::of(any::<Index>()),
    ) {
        let conn = pick.get(corpus());
        let (dir, msg) = message.get(&conn.msgs);
        let mut bytes = msg.clone();
        for (at, value) in changes {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = value;
            }
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        let mut dec = new_decoder(conn.id);
        check_one(&mut dec, conn.id, &conn.what, (*dir, &bytes), conn.unframed);
    }
}
