//! A row of `inspect`'s table as cells, in the layout chosen
//! (`layout.rs`): the wide layout's a cell per count, the narrow one's
//! two lines per cell (the client's, then the server's) and the problems
//! in words.

use super::rows::Row;
use super::stream::{counts, end_label, protocol_label};
use cardshark::output::{human_bytes, human_bytes_as, seconds};
use cardshark::reassembly::Direction;

/// A row's cells in the narrow layout: two lines each, the client's and
/// the server's (the problems excepted, a line each); `start`, the Start
/// cell, below the stream's number when `-t` asks for it.
pub(super) fn narrow_cells(r: &Row, start: Option<String>) -> Vec<String> {
    let i = &r.info;
    let (c, s) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
    let [mc, ms] = counts(r);
    let two = |a: String, b: &str| a + "\n" + b;
    let mut client = address(i.client);
    if !i.roles_from_handshake {
        client.push('?');
    }
    let end = format!("{} {}s", end_label(r), seconds(i.duration()));
    let id = match start {
        Some(start) => two(i.id.to_string(), &start),
        None => i.id.to_string(),
    };
    vec![
        id,
        two(client, &address(i.server)),
        two(protocol_label(r), &end),
        two(mc.messages.to_string(), &ms.messages.to_string()),
        two(
            human_bytes_as(c.delivered, c.delivered.max(s.delivered)),
            &human_bytes_as(s.delivered, c.delivered.max(s.delivered)),
        ),
        problems(r),
    ]
}

/// What went wrong on a stream, both directions, a line each; `-` when
/// nothing did.
fn problems(r: &Row) -> String {
    let i = &r.info;
    let (c, s) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
    let [mc, ms] = counts(r);
    let gap_bytes = c.gap_bytes.saturating_add(s.gap_bytes);
    let counted = [
        (c.gaps.saturating_add(s.gaps), "gap", "gaps"),
        (
            c.retransmissions.saturating_add(s.retransmissions),
            "retrans",
            "retrans",
        ),
        (
            c.conflicts.saturating_add(s.conflicts),
            "conflict",
            "conflicts",
        ),
        (mc.errors.saturating_add(ms.errors), "error", "errors"),
    ];
    let mut lines = Vec::new();
    for (n, one, many) in counted.into_iter().filter(|c| c.0 > 0) {
        let mut line = format!("{n} {}", if n == 1 { one } else { many });
        if one == "gap" {
            let missing = match human_bytes(gap_bytes) {
                b if b.ends_with('B') => b,
                b => b + " B",
            };
            line.push_str(&format!(" ({missing})"));
        }
        lines.push(line);
    }
    if lines.is_empty() {
        return "-".into();
    }
    lines.join("\n")
}

/// `addr` as displayed; IPv4 addresses without the formatting machinery
/// (this runs for every row of the table).
fn address(addr: std::net::SocketAddr) -> String {
    match addr {
        std::net::SocketAddr::V4(a) => {
            let mut num = itoa::Buffer::new();
            let mut s = String::with_capacity(21);
            for (k, octet) in a.ip().octets().into_iter().enumerate() {
                if k > 0 {
                    s.push('.');
                }
                s.push_str(num.format(octet));
            }
            s.push(':');
            s.push_str(num.format(a.port()));
            s
        }
        std::net::SocketAddr::V6(_) => addr.to_string(),
    }
}

/// `a`, `sep`, `b` and `end` as one text, in one allocation.
fn pair(a: &str, sep: &str, b: &str, end: &str) -> String {
    let mut s = String::with_capacity(a.len() + sep.len() + b.len() + end.len());
    for part in [a, sep, b, end] {
        s.push_str(part);
    }
    s
}

/// Counts `a` and `b` as [`pair`] writes them.
fn count_pair(a: u64, sep: &str, b: u64, end: &str) -> String {
    let (mut x, mut y) = (itoa::Buffer::new(), itoa::Buffer::new());
    pair(x.format(a), sep, y.format(b), end)
}

/// A row's cells in the wide layout; `start`, its Start cell, is written
/// by the caller (in the `-t` format).
pub(super) fn cells(r: &Row, start: String) -> Vec<String> {
    let i = &r.info;
    let (c, s) = (i.dir(Direction::C2S), i.dir(Direction::S2C));
    let mut client = address(i.client);
    if !i.roles_from_handshake {
        client.push('?');
    }
    let [mc, ms] = counts(r);
    // Numbers through itoa, each cell made in one allocation: this runs
    // twice per stream (as it ends, for the column widths; then for the
    // table), and the formatting machinery was most of it.
    let mut num = itoa::Buffer::new();
    let mut int = |n: u64| num.format(n).to_string();
    vec![
        int(i.id),
        client,
        address(i.server),
        i.community_id.to_string(),
        protocol_label(r),
        start,
        seconds(i.duration()),
        count_pair(c.packets, " / ", s.packets, ""),
        pair(
            &human_bytes_as(c.delivered, c.delivered.max(s.delivered)),
            " / ",
            &human_bytes_as(s.delivered, c.delivered.max(s.delivered)),
            "",
        ),
        count_pair(mc.messages, " / ", ms.messages, ""),
        count_pair(
            c.gaps.saturating_add(s.gaps),
            " (",
            c.gap_bytes.saturating_add(s.gap_bytes),
            ")",
        ),
        int(c.retransmissions.saturating_add(s.retransmissions)),
        int(c.conflicts.saturating_add(s.conflicts)),
        int(mc.errors.saturating_add(ms.errors)),
        end_label(r),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_displayed_as_std_displays_them() {
        for a in [
            "0.0.0.0:0",
            "10.1.2.3:40000",
            "255.255.255.255:65535",
            "192.168.0.1:7234",
            "[2001:db8::1]:5",
            "[::1]:19380",
        ] {
            let addr: std::net::SocketAddr = a.parse().unwrap();
            assert_eq!(address(addr), a);
        }
    }
}
