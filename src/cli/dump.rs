//! Bytes for people: tshark's hex dump, text with dots for what is not
//! printable, and why bytes are missing. `follow` and the detail view
//! (`decode -x`) write them.

use cardshark::reassembly::GapReason;
use std::io::{self, Write};

pub const RULE: &str = "===================================================================";

pub fn gap_words(reason: GapReason) -> &'static str {
    match reason {
        GapReason::AckedUnseen => "acknowledged but not captured",
        GapReason::BufferFull => "never arrived; buffer cap reached",
        GapReason::Truncated => "cut off by the snapshot length",
        GapReason::Closed => "never arrived before the stream ended",
    }
}

/// tshark's hex layout: offset, 16 bytes in two groups of 8, then the text.
pub fn hex_dump(out: &mut impl Write, indent: &str, offset: u64, bytes: &[u8]) -> io::Result<()> {
    for (i, line) in bytes.chunks(16).enumerate() {
        let mut hex = String::with_capacity(50);
        for j in 0..16 {
            if j == 8 {
                hex.push(' ');
            }
            match line.get(j) {
                Some(b) => hex.push_str(&format!("{b:02x} ")),
                None => hex.push_str("   "),
            }
        }
        let text: String = line
            .iter()
            .enumerate()
            .flat_map(|(j, &b)| {
                let c = if b.is_ascii_graphic() || b == b' ' {
                    b as char
                } else {
                    '.'
                };
                (j == 8)
                    .then_some(' ')
                    .into_iter()
                    .chain(std::iter::once(c))
            })
            .collect();
        writeln!(out, "{indent}{:08x}  {hex} {text}", offset + 16 * i as u64)?;
    }
    Ok(())
}

/// Printable ASCII and line breaks as they are, every other byte as '.'.
pub fn text_dump(out: &mut impl Write, indent: &str, bytes: &[u8]) -> io::Result<()> {
    let text: String = bytes
        .iter()
        .map(|&b| match b {
            b'\n' | b'\t' => b as char,
            b if b.is_ascii_graphic() || b == b' ' => b as char,
            _ => '.',
        })
        .collect();
    for line in text.split_inclusive('\n') {
        write!(out, "{indent}{line}")?;
    }
    if !text.ends_with('\n') {
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_dump_matches_tshark_layout() {
        let mut out = Vec::new();
        hex_dump(&mut out, "\t", 16, b"\x00\x01player one!\xff\x10\x11ab").unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(
            s,
            "\t00000010  00 01 70 6c 61 79 65 72  20 6f 6e 65 21 ff 10 11  ..player  one!...\n\
             \t00000020  61 62                                             ab\n"
        );
    }

    #[test]
    fn text_dump_keeps_lines_and_dots_binary() {
        let mut out = Vec::new();
        text_dump(&mut out, "\t", b"CGI 003.000\n\x00\x01x").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "\tCGI 003.000\n\t..x\n");
    }
}
