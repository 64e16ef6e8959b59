//! What the protocol modules' tests share: the reference vectors and the
//! poker-network specification (copied into testdata/ so that the tests need
//! nothing beside the checkout), hex, and testdata JSON.

use serde_json::Value;

/// The text of a file of the shared documents kept in testdata/, e.g.
/// `vectors/gls.jsonl` (the shared folder beside the checkout is the
/// fallback).
pub fn shared_file(path: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let candidates = [
        format!("{root}/testdata/{path}"),
        format!("{root}/../shared/{path}"),
        format!("{root}/../../shared/{path}"),
    ];
    candidates
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_else(|| panic!("{path} not found: {candidates:?}"))
}

/// The messages of a vectors file (`vectors/NAME.jsonl`), parsed.
pub fn vectors(name: &str) -> Vec<Value> {
    shared_file(&format!("vectors/{name}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Bytes from hex; whitespace between digits is allowed.
pub fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// A JSON file of testdata/, e.g. `gls/session.pcap.json`.
pub fn testdata_json(rel: &str) -> Value {
    let path = format!("{}/testdata/{rel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("JSON")
}

/// A xorshift64 generator: pseudo-random numbers from a seed, the same on
/// every run.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// `n` bytes, each bits 24..32 of the next number.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next() >> 24) as u8).collect()
    }
}

/// Frames all of `bytes` (one direction, `dir`, from a message boundary)
/// and decodes every message with `dec`: no error, nothing left over.
pub fn decode_all(
    dec: &mut dyn crate::protocols::StreamDecoder,
    dir: crate::reassembly::Direction,
    bytes: &[u8],
) -> Vec<crate::protocols::Decoded> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let n = match dec.frame(dir, &bytes[pos..]) {
            crate::protocols::Framing::Message(n) => n,
            other => panic!("{dir:?} at {pos}: {other:?}"),
        };
        let d = dec.decode(dir, &bytes[pos..pos + n]);
        assert_eq!(d.error, None, "{dir:?} at {pos}");
        out.push(d);
        pos += n;
    }
    out
}

/// How many of each message type `decoded` holds.
pub fn counts(decoded: &[crate::protocols::Decoded]) -> std::collections::BTreeMap<String, usize> {
    let mut m = std::collections::BTreeMap::new();
    for d in decoded {
        *m.entry(d.type_name.to_string()).or_default() += 1;
    }
    m
}

/// `counts` as [`counts`] gives them, from a list.
pub fn owned_counts(counts: &[(&str, usize)]) -> std::collections::BTreeMap<String, usize> {
    counts.iter().map(|&(k, v)| (k.to_owned(), v)).collect()
}

/// Feeds the steps of connection `conn` of a script (testdata's
/// `*.json`: `{"from": "c"|"s", "hex": ...}`) in order through `dec`:
/// every message decodes without an error or a note. Returns the bytes
/// sent, by direction (`c2s`, `s2c`).
pub fn replay_steps(
    dec: &mut dyn crate::protocols::StreamDecoder,
    conn: &Value,
) -> std::collections::BTreeMap<&'static str, Vec<u8>> {
    use crate::reassembly::Direction;
    let mut sent = std::collections::BTreeMap::<&'static str, Vec<u8>>::new();
    for step in conn["steps"].as_array().unwrap() {
        let Some(hex) = step["hex"].as_str() else {
            continue;
        };
        let (dir, key) = match step["from"].as_str() {
            Some("c") => (Direction::C2S, "c2s"),
            _ => (Direction::S2C, "s2c"),
        };
        let bytes = unhex(hex);
        for d in decode_all(dec, dir, &bytes) {
            assert_eq!(d.notes, Vec::new(), "{}", d.type_name);
        }
        sent.entry(key).or_default().extend_from_slice(&bytes);
    }
    sent
}

/// The texts of `notes`, as records write them.
pub fn texts(notes: &[crate::protocols::Note]) -> Vec<String> {
    notes.iter().map(ToString::to_string).collect()
}

/// The codes of `notes`, as records write them.
pub fn codes(notes: &[crate::protocols::Note]) -> Vec<&'static str> {
    notes.iter().map(crate::protocols::Note::code).collect()
}
