//! The records of a representative PokerTH session, checked as a snapshot:
//! any change to the record contract or to a decoded value shows up here as
//! a diff to review (`cargo insta review`, or INSTA_UPDATE=always).

use crate::common;
use crate::support;

fn decode_jsonl(rel: &str) -> String {
    let out = common::cardshark()
        .args(["decode", "--format", "jsonl", "-s", "0"])
        .arg(support::testdata(rel))
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn pokerth_session_records() {
    insta::assert_snapshot!("pokerth_session", decode_jsonl("pokerth/session.pcap"));
}

#[test]
fn pokerth_2007_session_records() {
    insta::assert_snapshot!(
        "pokerth_2007_session",
        decode_jsonl("pokerth/session-2007.pcap")
    );
}
