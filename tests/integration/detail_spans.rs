//! The bytes of each field in `decode -V --frame N -x`, for every
//! protocol: each `[bytes A..B]` the tree prints is checked against the
//! message's own hex dump below it (the same stream offsets): the bytes a
//! field's value takes on the wire, as its specification lays it out.

use crate::detail_view::{decode, dump_lines, dumped};

/// The tree of the first `type_name` record of `file` (found with
/// `--format jsonl --type`), as `decode -V --frame N -x` prints it among
/// the records of frame N.
struct Tree {
    lines: Vec<String>,
    /// The first offset of the hex dump, and its bytes.
    at: usize,
    bytes: Vec<u8>,
}

impl Tree {
    fn of(file: &str, type_name: &str) -> Tree {
        let run = |args: &[&str]| {
            let (stdout, stderr, code) = decode(args, file);
            assert_eq!(code, Some(0), "{args:?}");
            assert!(stderr.is_empty(), "{stderr}");
            stdout
        };
        let first = run(&["--format", "jsonl", "--type", type_name, "-c", "1"]);
        let record: serde_json::Value = serde_json::from_str(first.trim()).unwrap();
        let frame = record["frame"].to_string();
        let out = run(&["-V", "--frame", &frame, "-x"]);
        let block = (out.split("\n\n"))
            .find(|b| {
                b.lines()
                    .next()
                    .unwrap()
                    .contains(&format!(" {type_name}, bytes "))
            })
            .unwrap_or_else(|| panic!("{file} frame {frame}: no {type_name}\n{out}"));
        let (at, bytes) = dumped(&dump_lines(block));
        Tree {
            lines: block.lines().map(str::to_owned).collect(),
            at: at as usize,
            bytes,
        }
    }

    /// The bytes printed beside the first line that starts with `key`
    /// (after its indent), cut from the hex dump.
    fn bytes(&self, key: &str) -> &[u8] {
        let line = (self.lines.iter())
            .find(|l| l.trim_start().starts_with(key))
            .unwrap_or_else(|| panic!("no {key}: {:#?}", self.lines));
        let (_, span) = line
            .rsplit_once("[bytes ")
            .unwrap_or_else(|| panic!("{line}"));
        let (a, b) = span.trim_end_matches(']').split_once("..").unwrap();
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        &self.bytes[a - self.at..b - self.at]
    }

    /// Whether the first line starting with `key` shows no bytes.
    fn has_no_bytes(&self, key: &str) -> bool {
        let line = self.lines.iter().find(|l| l.trim_start().starts_with(key));
        !line
            .unwrap_or_else(|| panic!("no {key}"))
            .contains("[bytes ")
    }
}

#[test]
fn pokerth_header_and_each_field_of_players_action_done() {
    let t = Tree::of("pokerth/session.pcap", "PlayersActionDone");
    assert_eq!(t.bytes("type_id: 84"), [0, 84]);
    assert_eq!(t.bytes("len: 28"), [0, 28]);
    assert_eq!(t.bytes("fields:").len(), 24);
    let v = |key: &str| {
        let line = t
            .lines
            .iter()
            .find(|l| l.trim_start().starts_with(key))
            .unwrap();
        let n: u32 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        n
    };
    for key in [
        "player_id:",
        "total_player_bet:",
        "player_money:",
        "highest_set:",
    ] {
        assert_eq!(t.bytes(key), v(key).to_be_bytes(), "{key}");
    }
    assert_eq!(t.bytes("game_state:").len(), 2);
}

#[test]
fn pokerth_2007_strings_without_padding_flags_and_derived_version() {
    let t = Tree::of("pokerth/session-2007.pcap", "JoinGame");
    assert_eq!(t.bytes("type_id: 1"), [0, 1]);
    assert_eq!(t.bytes("name: \"Alice\""), b"Alice");
    assert_eq!(t.bytes("name_length: 5"), [0, 5]);
    assert_eq!(t.bytes("player_flags:"), [0, 1]);
    assert_eq!(t.bytes("human: true"), [0, 1]);
    assert_eq!(t.bytes("requested_version_major: 1"), [0, 1]);
    assert!(t.has_no_bytes("requested_version: \"1.0\""));
}

#[test]
fn pokernetwork_strings_bytes_and_a_packet_list() {
    let t = Tree::of("pokernetwork/session-old.pcap", "PacketPokerPlayerArrive");
    assert_eq!(t.bytes("type_id: 88"), [88]);
    // Protocol 2: the length field counts the header too.
    assert_eq!(t.bytes("len: 42"), [0, 42]);
    assert_eq!(t.bytes("name: \"bob\""), b"\0\x03bob");
    assert_eq!(t.bytes("blind: \"false\""), b"\0\x06_FALSE");
    assert_eq!(t.bytes("auto_blind_ante: true"), [1]);
    let t = Tree::of("pokernetwork/session-old.pcap", "PacketPokerTableList");
    assert_eq!(t.bytes("type_id: 74"), [74]);
    // The first nested packet: its header's type byte, its name string.
    let item = t.bytes("[0]:");
    assert_eq!(item[0], 73, "PacketPokerTable");
    assert_eq!(t.bytes("type_id: 73"), [73]);
    let name = t.bytes("name: \"Table Ägäis\"");
    assert_eq!(&name[2..], "Table Ägäis".as_bytes());
    assert!(t.has_no_bytes("type: \"PacketPokerTable\""));
}

#[test]
fn gls_fixed_size_fields() {
    let t = Tree::of("gls/session.pcap", "DiePlace");
    assert_eq!(t.bytes("type_id: 15"), [0, 0, 0, 15]);
    let nick = t.bytes("nick:");
    assert_eq!((nick.len(), &nick[..6]), (32, &b"Carol\0"[..]));
    assert_eq!(t.bytes("loc: \"C5\""), b"C5\0");
    assert_eq!(t.bytes("die: 1"), [0, 0, 0, 1]);
    assert_eq!(t.bytes("color:").len(), 4);
}

#[test]
fn cardgame_opcode_and_a_score_string_with_its_length() {
    let t = Tree::of("cardgame/session.pcap", "Score");
    assert_eq!(t.bytes("type_id: 10"), [10]);
    assert_eq!(t.bytes("total: 10"), [0, 10]);
    assert_eq!(t.bytes("what: \"trick\""), b"\x05trick");
    let t = Tree::of("cardgame/session.pcap", "Move");
    assert_eq!(t.bytes("type_id: 3"), [3]);
    assert_eq!(t.bytes("place: \"recipient_hand\""), [2]);
    assert_eq!(t.bytes("loc:").len(), 2);
}

#[test]
fn pokerth1_over_websocket_without_its_length_prefix() {
    let t = Tree::of("websocket/solo-ws.pcap", "HandStart");
    assert!(
        t.lines[0].contains("unwrapped from WebSocket"),
        "{}",
        t.lines[0]
    );
    assert!(t.has_no_bytes("len:"));
    assert_eq!(t.bytes("type_id: 40"), [0x08, 40]);
    assert_eq!(t.bytes("small_blind:")[0], 0x20, "field 4, varint");
    // Over TCP the same message has its 4-byte length prefix as `len`.
    let t = Tree::of("websocket/solo-tcp.pcap", "HandStart");
    let prefix = t.bytes("len:");
    assert_eq!(
        u32::from_be_bytes(prefix.try_into().unwrap()) as usize + 4,
        t.bytes.len()
    );
}
