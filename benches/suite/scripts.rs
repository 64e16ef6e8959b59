//! Conversation scripts taken from the test captures in testdata/: each
//! stream of a clean session, as the segments each side sent, in order.
//! cardshark's own reassembler reads them (the captures are real kernel
//! traffic), so the benchmark replays what the protocols really look like.

use cardshark::reassembly::{Direction, Event};
use std::collections::HashMap;
use std::path::Path;

/// One conversation: its server port and the payload segments, in order.
pub struct Script {
    pub name: String,
    pub port: u16,
    /// (from the client, bytes), one entry per segment of at most MSS bytes.
    pub segments: Vec<(bool, Vec<u8>)>,
}

/// Largest payload of one generated segment.
pub const MSS: usize = 1400;

/// The sessions replayed: every protocol, its clean and its lossy
/// capture (lossy ones were re-sent by the kernel, so their streams are
/// whole).
const SOURCES: &[&str] = &[
    "pokerth/port9999.pcap",
    "pokerth/session.pcap",
    "pokernetwork/port5555.pcap",
    "pokernetwork/session-lossy.pcap",
    "gls/session.pcap",
    "gls/lossy-port4000.pcap",
    "cardgame/session.pcap",
    "cardgame/lossy.pcap",
    "pokerth1/solo.pcap",
    "pokerth1/duo.pcap",
    "pokerth1/lossy-port9234.pcap",
];

/// The scripts of every stream (with data both ways and no gap) in
/// [`SOURCES`].
pub fn load(testdata: &Path) -> Vec<Script> {
    let mut scripts = Vec::new();
    for src in SOURCES {
        let path = testdata.join(src);
        let mut streams: HashMap<u64, Script> = HashMap::new();
        let mut broken: Vec<u64> = Vec::new();
        let mut sink = |ev: Event<'_>| match ev {
            Event::Start(info) => {
                streams.insert(
                    info.id,
                    Script {
                        name: format!("{src}#{}", info.id),
                        port: info.server.port(),
                        segments: Vec::new(),
                    },
                );
            }
            Event::Data {
                stream, dir, bytes, ..
            } => {
                if let Some(s) = streams.get_mut(&stream) {
                    let from_client = dir == Direction::C2S;
                    for chunk in bytes.chunks(MSS) {
                        s.segments.push((from_client, chunk.to_vec()));
                    }
                }
            }
            Event::Gap { stream, .. } => broken.push(stream),
            _ => {}
        };
        let path = path.to_string_lossy().into_owned();
        let pass = cardshark::pipeline::Pipeline::open(&path).and_then(|p| p.run_events(&mut sink));
        if pass.is_err() {
            continue;
        }
        let mut found: Vec<Script> = streams
            .into_iter()
            .filter(|(id, s)| {
                !broken.contains(id)
                    && s.segments.iter().any(|(c, _)| *c)
                    && s.segments.iter().any(|(c, _)| !*c)
            })
            .map(|(_, s)| s)
            .collect();
        found.sort_by(|a, b| a.name.cmp(&b.name));
        scripts.extend(found);
    }
    scripts
}
