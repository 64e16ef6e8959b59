//! The integration tests, one binary (one link, one build): each module
//! runs the cardshark binary, or the library, on captures in testdata/ or
//! written by [`support`]. Two tests live apart because each installs a
//! global allocator of its own: tests/no_alloc.rs and
//! tests/websocket_bomb.rs.
//!
//! Run one module with a filter: `cargo nextest run --test integration
//! hands_interop::` (see docs/testing.md).

#[path = "../common/mod.rs"]
mod common;
#[path = "../support/mod.rs"]
mod support;

mod analytics_interop;
mod bad_input;
mod cli_errors;
mod cli_terminal;
mod cli_time;
mod cli_ux;
mod community_id;
mod decode_captures;
mod detail_spans;
mod detail_view;
mod display_filter;
mod fields_interop;
mod hand_tables;
mod hand_views;
mod hands;
mod hands_betting;
mod hands_interop;
mod hands_joined;
mod hands_partial;
mod hands_pokerth;
mod hands_pokerth1;
mod hostile;
mod imports;
mod inputs;
mod inspect_spill;
mod json_types;
mod live_capture;
mod live_ring;
mod outputs;
mod pokerth1_truth;
mod protocol_names;
mod readme_examples;
mod realcap;
mod reassembly;
mod replay_keys;
mod rotated;
mod shard;
mod snapshots;
mod stats;
mod tables;
mod tables_interop;
mod threads;
mod timeline;
mod timeline_pokerth1;
mod tracker_folder;
mod watch;
mod websocket_decode;
mod websocket_wire;
mod write_pcap;
mod write_pcap_follow;
