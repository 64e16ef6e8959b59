//! CSV (RFC 4180 quoting: a cell holding a comma, a double quote or a
//! line break is quoted, its quotes doubled), a row a line ending in LF,
//! for spreadsheets, DuckDB and awk.

/// Appends `cell`, quoted when it must be.
pub fn cell(out: &mut Vec<u8>, cell: &str) {
    if cell.contains([',', '"', '\n', '\r']) {
        out.push(b'"');
        out.extend_from_slice(cell.replace('"', "\"\"").as_bytes());
        out.push(b'"');
    } else {
        out.extend_from_slice(cell.as_bytes());
    }
}

/// Appends a row of `cells` and its line end.
pub fn row<S: AsRef<str>>(out: &mut Vec<u8>, cells: impl IntoIterator<Item = S>) {
    for (n, c) in cells.into_iter().enumerate() {
        if n > 0 {
            out.push(b',');
        }
        cell(out, c.as_ref());
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    #[test]
    fn quotes_only_what_needs_it() {
        let mut out = Vec::new();
        super::row(&mut out, ["a", "b,c", "say \"hi\"", "two\nlines", ""]);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\n"
        );
    }
}
