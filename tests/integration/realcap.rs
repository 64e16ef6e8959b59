//! Real captures made by ../shared/tools/realcap through the Linux TCP stack
//! (loss, retransmissions, IPv6, pcapng with Linux cooked v2): `follow` must
//! give exactly the bytes each side sent, from the sidecar truth.

use crate::common;
use crate::support;

use common::{follow_raw, inspect, streams};
use serde_json::Value;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn check(capture: &str) -> usize {
    let path = support::testdata(&format!("realcap/{capture}"));
    let truth: Value =
        serde_json::from_slice(&std::fs::read(format!("{}.json", path.display())).unwrap())
            .unwrap();
    let doc = inspect(&path);
    let conns = truth["connections"].as_array().unwrap();
    assert_eq!(
        streams(&doc).len(),
        conns.len(),
        "{capture}: one stream per connection"
    );
    for conn in conns {
        let client = conn["client"].as_str().unwrap();
        let s = streams(&doc)
            .iter()
            .find(|s| s["client"] == client)
            .unwrap_or_else(|| panic!("{capture}: no stream with client {client}"));
        let id = s["stream"].as_u64().unwrap();
        assert_eq!(s["server"], conn["server"], "{capture} stream {id}");
        assert_eq!(s["roles_from_handshake"], true);
        let expected_end = if conn["end"].get("rst").is_some() {
            "rst"
        } else {
            "fin"
        };
        assert_eq!(s["end_reason"], expected_end, "{capture} stream {id}");
        for dir in ["c2s", "s2c"] {
            let want = unhex(conn[dir]["hex"].as_str().unwrap());
            let got = follow_raw(&path, id, dir);
            assert_eq!(got.len(), want.len(), "{capture} stream {id} {dir}: length");
            assert!(got == want, "{capture} stream {id} {dir}: bytes differ");
            assert_eq!(s[dir]["gaps"], 0, "{capture} stream {id} {dir}");
            assert_eq!(s[dir]["conflicts"], 0, "{capture} stream {id} {dir}");
        }
    }
    streams(&doc)
        .iter()
        .map(|s| {
            s["c2s"]["retransmissions"].as_u64().unwrap()
                + s["s2c"]["retransmissions"].as_u64().unwrap()
        })
        .sum::<u64>() as usize
}

#[test]
fn lossy_ipv4_with_small_mtu() {
    let retransmissions = check("lossy-v4.pcap");
    assert!(
        retransmissions > 0,
        "the lossy capture holds real retransmissions"
    );
}

#[test]
fn ipv6_with_nagle_and_a_reset() {
    check("ipv6.pcap");
}

#[test]
fn pcapng_linux_cooked_v2_with_vlan() {
    check("sll2-pcapng.pcapng");
    let doc = inspect(&support::testdata("realcap/sll2-pcapng.pcapng"));
    assert_eq!(doc["capture"]["link_types"][0]["link_type"], 276);
}
