//! Tests across the commands: what one command's table shows and another
//! command's filter names must agree on.

use super::*;
use cardshark::filter::record::RecordScope;
use cardshark::filter::Scope;

/// A column's `-Y` name: its header up to a parenthesis or the
/// directions, in lower case, words joined by `_`.
fn name_of(header: &str) -> String {
    let h = header.split([' ', '(']).collect::<Vec<_>>();
    let words: Vec<&str> = h
        .iter()
        .take_while(|w| !w.is_empty() && !w.contains('→'))
        .copied()
        .collect();
    words.join("_").to_lowercase()
}

#[test]
fn a_column_and_its_filter_name_are_one_word() {
    let hands: Vec<&str> = crate::cli::hand_keys::hand_names()
        .iter()
        .map(|n| n.0)
        .collect();
    for h in crate::cli::hands::HEADERS {
        assert!(hands.contains(&name_of(h).as_str()), "hands: {h}");
    }
    let streams: Vec<&str> = display_filter::stream_names().iter().map(|n| n.0).collect();
    for h in crate::cli::inspect::layout::HEADERS {
        assert!(
            streams.contains(&name_of(h).as_str()),
            "inspect: {h} ({})",
            name_of(h)
        );
    }
    let changes: Vec<&str> = display_filter::change_names().iter().map(|n| n.0).collect();
    for h in crate::cli::timeline::write::HEADERS
        .iter()
        .filter(|h| **h != "Time")
    {
        assert!(changes.contains(&name_of(h).as_str()), "timeline: {h}");
    }
    let mut records = RecordScope::new();
    for h in crate::cli::decode::table::HEADERS
        .iter()
        .filter(|h| !["Time", "Summary"].contains(h))
    {
        assert!(records.resolve(&name_of(h)).is_ok(), "decode: {h}");
    }
}
