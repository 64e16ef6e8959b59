//! On a terminal (a pseudo-terminal of a chosen width here): tables fit
//! its width, cut with an ellipsis (`--wide` keeps them whole), color
//! unless NO_COLOR, and `--pager` pipes the output through `$PAGER`. Into a
//! pipe none of it.

use crate::common;
use crate::support::testdata;
use unicode_width::UnicodeWidthStr;

use crate::common::on_terminal;

/// The widest line's display width.
fn widest(text: &str) -> usize {
    text.lines().map(UnicodeWidthStr::width).max().unwrap_or(0)
}

fn all_four() -> String {
    testdata("mixed/all-four.pcap")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn tables_fit_the_terminal_and_wide_keeps_them_whole() {
    let f = all_four();
    // inspect at 80 columns has a layout of its own (below); with -t ud
    // even that is cut.
    for args in [
        vec!["inspect", &f, "-t", "ud"],
        vec!["decode", &f, "-c", "40"],
        vec!["hands", &f],
        vec!["timeline", &f, "-s", "2"],
    ] {
        let (code, shown, err) = on_terminal(&args, 80, &[]);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        // inspect's summary lines after its table are not a table.
        let table: Vec<&str> = (shown.lines())
            .filter(|l| !l.starts_with(|c: char| c.is_ascii_alphabetic()))
            .collect();
        let table = table.join("\n");
        assert!(widest(&table) <= 80, "{args:?} fits 80 columns:\n{shown}");
        assert!(
            shown.contains('…'),
            "{args:?} cuts with an ellipsis:\n{shown}"
        );
        let mut wide = args.clone();
        wide.push("--wide");
        let (code, whole, _) = on_terminal(&wide, 80, &[]);
        assert_eq!(code, 0);
        assert!(widest(&whole) > 80, "{wide:?}");
        assert!(!whole.contains('…'), "{wide:?}");
        // Into a pipe: plain columns, nothing cut, a row a line.
        let piped = common::cardshark()
            .args(&args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let piped = String::from_utf8_lossy(&piped.stdout);
        assert!(!piped.contains(['│', '┆', '…']), "{args:?}: {piped}");
        // Boxed rows (a wrapped cell goes on below, its first cell empty).
        let first_cell = |l: &str| {
            let cell = l.strip_prefix('│').and_then(|l| l.split('┆').next());
            cell.is_some_and(|c| !c.trim().is_empty())
        };
        let rows = |t: &str| t.lines().filter(|l| first_cell(l)).count();
        let plain_rows = piped
            .lines()
            .take_while(|l| !l.starts_with("Capture:"))
            .count();
        assert_eq!(
            rows(&whole),
            plain_rows,
            "{args:?}: a line per row, header included"
        );
    }
    // COLUMNS says the width, on a terminal.
    let (_, shown, _) = on_terminal(&["decode", &f, "-c", "5"], 200, &[("COLUMNS", "60")]);
    assert!(widest(&shown) <= 60, "{shown}");
    // A cell is cut, its column narrowed, the row still whole.
    let (_, shown, _) = on_terminal(&["hands", &f, "--hand", "0:3"], 80, &[]);
    let row = shown.lines().nth(3).unwrap();
    assert!(
        row.starts_with("│ 0:3  ┆ ") && row.ends_with(" │"),
        "{shown}"
    );
    assert_eq!(row.width(), 80, "{shown}");
    assert!(row.contains("┆ Ali… ┆ 5970 ┆"), "{shown}");
}

/// `inspect`'s table on a terminal too narrow for its 14 columns: two
/// lines per stream (the client's, then the server's), nothing cut.
const INSPECT_NARROW: &str = "\
┌────────┬─────────────────┬─────────────────┬────────┬─────────┬──────────────┐
│ Stream ┆ Client / Server ┆ Protocol / End  ┆   Msgs ┆   Bytes ┆ Problems     │
╞════════╪═════════════════╪═════════════════╪════════╪═════════╪══════════════╡
│ 2      ┆ 10.77.1.2:51193 ┆ cardgame        ┆      8 ┆      16 ┆ -            │
│        ┆ 10.77.2.2:7000  ┆ fin 0.031209s   ┆    226 ┆    1021 ┆              │
│ 3      ┆ 10.77.1.2:39919 ┆ gls             ┆      6 ┆     410 ┆ 1 retrans    │
│        ┆ 10.77.2.2:13500 ┆ fin 0.237325s   ┆     20 ┆    3616 ┆              │
│ 0      ┆ 10.77.1.2:42843 ┆ pokerth         ┆     45 ┆     864 ┆ 2 retrans    │
│        ┆ 10.77.2.2:7234  ┆ fin 0.267852s   ┆    221 ┆    4692 ┆              │
│ 1      ┆ 10.77.1.2:39629 ┆ pokernetwork    ┆     24 ┆     294 ┆ 3 retrans    │
│        ┆ 10.77.2.2:19380 ┆ fin 1.580747s   ┆    307 ┆    5985 ┆              │
└────────┴─────────────────┴─────────────────┴────────┴─────────┴──────────────┘
";

#[test]
fn inspect_on_a_narrow_terminal_writes_two_lines_per_stream() {
    let f = all_four();
    let piped = common::cardshark()
        .args(["inspect", &f])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let piped = String::from_utf8_lossy(&piped.stdout).into_owned();
    let wide_width = widest(&piped);
    assert!(
        wide_width > 120,
        "the wide layout needs {wide_width} columns"
    );
    for columns in [80, 120] {
        let (code, shown, err) = on_terminal(&["inspect", &f], columns, &[]);
        assert_eq!((code, err.as_str()), (0, ""), "{columns}");
        if columns == 80 {
            assert!(shown.starts_with(INSPECT_NARROW), "{columns}:\n{shown}");
        }
        assert!(
            shown.lines().nth(1).unwrap().contains(" Client / Server "),
            "{shown}"
        );
        // The summary below it is the same.
        let summary = |t: &str| -> Vec<String> {
            let lines = t.lines().skip_while(|l| !l.starts_with("Capture:"));
            lines.map(str::to_string).collect()
        };
        assert_eq!(shown.lines().count(), INSPECT_NARROW.lines().count() + 6);
        assert_eq!(summary(&shown), summary(&piped));
        assert_eq!(summary(&piped).len(), 6);
        // Start, when -t asks for it, below the stream's number.
        let (_, shown, _) = on_terminal(&["inspect", &f, "-t", "r"], columns, &[]);
        let lines: Vec<&str> = shown.lines().collect();
        assert!(lines[1].starts_with("│ Stream / St"), "{shown}");
        // Stream 0's start, on the line below its number.
        let zero = lines.iter().position(|l| l.starts_with("│ 0 ")).unwrap();
        assert!(lines[zero + 1].starts_with("│ 0.000009 "), "{shown}");
        let table: Vec<&str> = lines.iter().copied().filter(|l| !l.is_ascii()).collect();
        assert!(widest(&table.join("\n")) <= columns.into(), "{shown}");
        // --wide: the 15 columns, whole.
        let (_, whole, _) = on_terminal(&["inspect", &f, "--wide"], columns, &[]);
        assert_eq!(
            whole.lines().nth(1).unwrap().matches('┆').count(),
            14,
            "{whole}"
        );
        assert!(!whole.contains('…'), "{whole}");
        assert_eq!(summary(&whole), summary(&piped));
    }
    // Problems in words, a line each.
    let gap = testdata("hands/gap.pcap");
    let (_, shown, _) = on_terminal(&["inspect", gap.to_str().unwrap()], 80, &[]);
    assert!(shown.contains("┆     468 ┆ 1 gap (28 B) │"), "{shown}");
    // A terminal wide enough for the 14 columns gets them, as --wide does.
    let (_, whole, _) = on_terminal(&["inspect", &f, "--wide"], 80, &[]);
    let boxed_width = widest(&whole) as u16;
    let (_, shown, _) = on_terminal(&["inspect", &f], boxed_width, &[]);
    assert_eq!(shown, whole);
}

#[test]
fn color_on_a_terminal_unless_no_color() {
    let f = all_four();
    let (_, shown, _) = on_terminal(&["decode", &f, "-c", "3"], 200, &[("NO_COLOR", "")]);
    assert!(shown.contains("\x1b["), "{shown}");
    let (_, shown, _) = on_terminal(&["decode", &f, "-c", "3"], 200, &[]);
    assert!(!shown.contains('\x1b'), "{shown}");
    // Cut cells and lines end their color.
    let (_, shown, _) = on_terminal(&["decode", &f, "-c", "3"], 50, &[("NO_COLOR", "")]);
    for line in shown
        .lines()
        .filter(|l| l.contains('…') && l.contains('\x1b'))
    {
        let (color, reset) = (line.rfind("\x1b[3"), line.rfind("\x1b[0m"));
        assert!(reset > color, "{line:?}");
    }
}

#[test]
fn pager_only_when_asked_and_on_a_terminal() {
    let f = all_four();
    let pager = [("PAGER", "sed 's/^/paged: /'")];
    let (code, shown, err) = on_terminal(&["--pager", "decode", &f, "-c", "3"], 200, &pager);
    assert_eq!((code, err.as_str()), (0, ""));
    // The top border, header and rule, three rows, the bottom border.
    assert_eq!(shown.lines().count(), 7, "{shown}");
    assert!(shown.lines().all(|l| l.starts_with("paged: ")), "{shown}");
    let (_, shown, _) = on_terminal(&["decode", &f, "-c", "3"], 200, &pager);
    assert!(!shown.contains("paged"), "not asked: {shown}");
    // Into a pipe, no pager.
    let piped = common::cardshark()
        .args(["--pager", "decode", &f, "-c", "3"])
        .env("PAGER", "sed 's/^/paged: /'")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&piped.stdout).contains("paged"));
    // A pager that cannot run is a warning.
    let (code, _, err) = on_terminal(
        &["--pager", "decode", &f, "-c", "3"],
        200,
        &[("PAGER", "no-such-pager-x")],
    );
    assert_eq!(code, 0);
    assert!(err.contains("cardshark: warning: --pager: "), "{err}");
}
