//! What the man pages say beyond the options: the protocol names, the exit
//! statuses, examples for each command, and the pages to see also
//! ([`super::man_page`] puts them in).

/// The EXIT STATUS section: each status and what it means.
pub const EXIT_STATUS: [(&str, &str); 4] = [
    (
        "0",
        "Success; also when a command finds nothing (hands says why on standard error), and \
         when standard output is closed early (cardshark ... | head).",
    ),
    (
        "1",
        "The input could not be read (no such file, not a pcap or pcapng capture, cut inside its \
         header), or it is damaged (cut short, a corrupt block: what came before is written, \
         then the error names the frame and byte offset; among several files or in a watched \
         directory, a warning names each damaged file and the others are still read), or the \
         output could not be written; or a live capture (-i) stopped on an error (the interface \
         disappeared, -w could not write: the output and summary so far are written first).",
    ),
    (
        "2",
        "Bad usage: an unknown option or a wrong value (an unknown protocol, message type, time \
         format or display filter field), or a stream, frame or hand the capture does not have \
         (-s, --decode-as stream:N, timeline --at, --hand), told when the capture has been read.",
    ),
    (
        "3",
        "With --strict, the traffic looked at had a gap, a record with an error, a hand \
         contradiction (a check's note), or a warning about the capture (malformed frames, \
         streams flushed under a cap); the output is the same as without it.",
    ),
];

/// The PROTOCOL NAMES section: how every table names a stream's
/// protocol, and the names `-p` and `-Y 'protocol == …'` take (each of
/// [`cardshark::decode::label::NAMES`] follows it).
pub const PROTOCOL_NAMES: &str = "Records keep the contract's split: protocol is the family \
     (pokerth, pokernetwork, gls, cardgame), dialect the finer name, transport \"websocket\" when a \
     WebSocket carried the record. Every table, summary and report names a stream's protocol one \
     way: the dialect's name when the stream's dialect is known, else the protocol's; websocket/ \
     before it when a WebSocket carries it (websocket/pokerth-1), websocket alone for a WebSocket \
     whose protocol is not known yet, ? for a stream no protocol was recognised on. decode -p NAME \
     and -Y 'protocol == \"NAME\"' take each name below and select the same records: to a filter a \
     record's protocol holds its protocol's name and its dialect's, so pokerth takes every PokerTH \
     generation and pokerth-1 only PokerTH 1.x. The names:";

/// The pages with a PROTOCOL NAMES section (`None`: the main page).
pub fn has_protocol_names(command: Option<&str>) -> bool {
    matches!(
        command,
        None | Some("decode" | "inspect" | "hands" | "stats")
    )
}

/// Examples of command `command` (`None`: the main page), each a command
/// line and what it does. The display filter (-Y), field output
/// (-T fields), -w and stats are shown as issue 21 specifies them.
pub fn examples(command: Option<&str>) -> Vec<(&'static str, &'static str)> {
    match command {
        None => vec![
            ("cardshark inspect capture.pcap", "One row per TCP stream, then a summary of the capture."),
            (
                "cardshark decode capture.pcap -Y 'type == \"PlayersActionDone\" && fields.player_id == 2'",
                "The actions of player 2, by a display filter over the records' keys and fields.",
            ),
            (
                "cardshark decode capture.pcap -T fields -e frame -e ts -e fields.player_id -E separator=,",
                "Chosen fields, one record a line, for awk, spreadsheets and DuckDB.",
            ),
            (
                "cardshark decode capture.pcap -Y 'stream in {1 3}' -w bug.pcap",
                "Every frame of streams 1 and 3, handshakes included, into a capture for a bug report.",
            ),
            ("cardshark stats capture.pcap", "Messages, bytes, hands, actions and server response times."),
            ("cardshark hands capture.pcap --format text > hands.txt", "Hand histories in PokerStars' layout."),
            ("cardshark --strict decode capture.pcap > /dev/null", "Exit status 3 if the capture has gaps, errors or contradictions (for CI)."),
        ],
        Some("decode") => vec![
            ("cardshark decode capture.pcap -s 3 -c 20", "The first 20 records of stream 3."),
            (
                "cardshark decode capture.pcap -Y 'protocol == \"pokernetwork\" && frame > 1000'",
                "A display filter: poker-network records after frame 1000.",
            ),
            (
                "cardshark decode capture.pcap -Y 'ts >= \"2026-11-21T06:10:00Z\"' -t ud",
                "Records from a point in time on, their times in UTC.",
            ),
            (
                "cardshark decode capture.pcap -T fields -e frame -e ts -e fields.player_id -E separator=,",
                "Chosen fields, one record a line.",
            ),
            ("cardshark decode capture.pcap --format csv > records.csv", "Every record as CSV, with a header."),
            (
                "cardshark decode capture.pcap --format parquet -o tables",
                "The records table, tables/records.parquet, for Spark or DuckDB.",
            ),
            (
                "cardshark decode capture.pcap -Y 'error' -w broken.pcap",
                "The streams of the records that did not decode, as a capture tshark reads.",
            ),
            ("cardshark decode capture.pcap --type PlayersActionDone --format jsonl", "One message type, as JSON Lines."),
            ("tcpdump -i any -U -w - 'tcp port 7234' | cardshark decode -", "Decode what tcpdump captures, as it comes."),
            (
                "cardshark decode -i eth0 -f 'tcp port 7234' -w day.pcapng -b filesize:100000 -b files:10",
                "Decode live, keeping the capture in files of 100 MB named as dumpcap names them \
                 (day_00001_20260301120000.pcapng, ...), the 10 newest.",
            ),
        ],
        Some("inspect") => vec![
            ("cardshark inspect capture.pcap", "The streams, their protocols, gaps and errors."),
            ("cardshark inspect capture.pcap -Y 'protocol == \"pokernetwork\"'", "Only poker-network streams."),
            ("cardshark inspect capture.pcap --format json | jq '.streams[].protocol'", "The same as JSON."),
            ("cardshark inspect capture.pcap -t r", "Stream starts in seconds since the first frame."),
        ],
        Some("hands") => vec![
            ("cardshark hands capture.pcap", "Every hand, a row each."),
            ("cardshark hands capture.pcap --hand 0:3 --format text", "One hand in PokerStars' layout."),
            ("cardshark hands capture.pcap --format ohh > hands.ohh", "Open Hand History 1.4.6."),
            ("cardshark hands capture.pcap -Y 'stream in {1 3}'", "The hands of streams 1 and 3."),
            (
                "cardshark hands capture.pcap --format parquet -o tables",
                "The hands, actions and players tables as Parquet files in tables/.",
            ),
            ("cardshark --strict hands capture.pcap > /dev/null", "Exit status 3 if a hand contradicts the server or the rules."),
        ],
        Some("timeline") => vec![
            ("cardshark timeline capture.pcap -s 2", "Every change of game stream 2."),
            ("cardshark timeline capture.pcap -s 3 --at 140", "The board of stream 3 at frame 140."),
            ("cardshark timeline capture.pcap --format jsonl", "Each change with the full state after it."),
            ("cardshark timeline capture.pcap -t ud", "Changes with their UTC times."),
            ("cardshark timeline capture.pcap -Y 'what contains \"Frostsnow\"' -w frost.pcap", "The frames of the game streams where Frostsnow shows."),
        ],
        Some("replay") => vec![
            ("cardshark replay capture.pcap --hand 0:3", "Hand 0:3 a step at a time."),
            ("cardshark replay capture.pcap -s 3 --auto 500", "Game stream 3, a step every half second."),
            ("cardshark replay capture.pcap --hand 0:3 --format jsonl", "The states as data."),
        ],
        Some("follow") => vec![
            ("cardshark follow capture.pcap -s 3 --format text", "Stream 3's bytes as text, gaps marked."),
            ("cardshark follow capture.pcap -s 3 --dir c2s --format raw > c2s.bin", "What the client sent, byte for byte."),
            ("cardshark follow capture.pcap -s 0 --websocket", "The messages a WebSocket carried."),
            ("cardshark follow capture.pcap -s 3 -w stream3.pcap", "Stream 3's bytes, and its frames kept for a bug report."),
        ],
        Some("stats") => vec![
            ("cardshark stats capture.pcap", "Messages and bytes per protocol and type, hands, actions, response times."),
            ("cardshark stats capture.pcap -Y 'stream in {1 3}'", "The same for streams 1 and 3."),
        ],
        Some("completions") => vec![
            ("cardshark completions bash > /etc/bash_completion.d/cardshark", "Completions for bash."),
            ("cardshark completions zsh > ~/.zfunc/_cardshark", "For zsh (a directory of $fpath)."),
            ("cardshark completions fish > ~/.config/fish/completions/cardshark.fish", "For fish."),
        ],
        Some(_) => Vec::new(),
    }
}

/// The SEE ALSO section of command `command`'s page (`None`: the main
/// page), given every subcommand: pages that exist, cardshark's generated
/// beside this one, and the tools it follows.
pub fn see_also(command: Option<&str>, subcommands: &[String]) -> Vec<String> {
    let mut pages = Vec::new();
    if command.is_some() {
        pages.push("cardshark(1)".to_string());
    }
    for sub in subcommands {
        if Some(sub.as_str()) != command && sub != "completions" {
            pages.push(format!("cardshark-{sub}(1)"));
        }
    }
    pages.extend(["tshark(1)", "tcpdump(8)", "editcap(1)"].map(String::from));
    pages
}
