//! `cardshark stats`' arguments: the sections (`-z`), the format, and
//! `--interval`.

use crate::cli::{DecodeOpts, InputArgs};
use clap::{Args, ValueEnum};

/// A section of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub enum Section {
    /// Messages and bytes per protocol, type and direction; per stream
    /// and direction (with undecodable messages, unknown and missing bytes).
    Proto,
    /// Hands per table: hands, complete, incomplete (a hand several
    /// captured clients saw counts once).
    Hands,
    /// Actions per player: hands dealt in, folds, checks, calls, bets,
    /// raises, all-ins, blinds and antes.
    Players,
    /// Response times per request type and per player: requests,
    /// unanswered, min, p50, p90, p99, max (ms).
    Rtt,
}

/// What `cardshark stats --help` (and its man page) says after the options.
pub const AFTER_HELP: &str = "\
Response times (rtt) pair each request with the first later message of one of its answer \
types going the other way on the same stream (in order for requests of one kind; by player, \
card, location or petition where the pair binds one). Answered by the server: PokerTH Init, \
RetrievePlayerInfo, JoinGame, PlayersAction (to the client's own PlayersActionDone or \
PlayersActionRejected), kick votes...; PokerTH 1.x the same requests and MyActionRequest; \
poker-network PacketLogin, table select/join, seat, sit, the client's own \
fold/check/call/raise (echoed for its serial), chat...; GLS Protover, NickReq, Say1, \
DiePlaceTry; the card game's PlayCard (the server moving that card). Answered by the client \
(the player's time to act): PokerTH PlayersTurn for the client's own player to its \
PlayersAction (1.x: MyActionRequest); poker-network PacketPokerPosition for the client's \
serial to its action, blind and ante requests; the card game's Stage telling the recipient \
to play, to its PlayCard. docs/statistics.md lists every pair. Past 4096 samples a figure comes from \
a histogram with 3 significant digits (within 0.1 %); min and max stay exact.

Exit status: 0, also when the capture holds no game traffic; 1 when the input cannot be read; \
2 on bad usage.";

/// Arguments of `cardshark stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// A section to write (repeatable, or several separated by commas;
    /// default: all of them; written in this order).
    #[arg(short = 'z', value_enum, value_name = "NAME", value_delimiter = ',')]
    pub sections: Vec<Section>,
    /// Output format: tables, or one JSON object with a member per section.
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    pub format: StatsFormat,
    /// Also write messages and bytes per protocol, type and direction for
    /// each interval of SECONDS of capture time (from the first frame), as
    /// each interval ends, like tshark's -z io,stat,SECONDS: a table per
    /// interval (with --format json, a JSON object per line), before the
    /// sections of the whole capture.
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub interval: Option<f64>,
}

/// A number of seconds greater than 0.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() => Ok(v),
        _ => Err(format!(
            "{s}: a number of seconds greater than 0 (e.g. 10 or 0.5)"
        )),
    }
}

/// How `stats` writes its sections (CSV has no place for sections of
/// different columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    /// A table per section.
    Table,
    /// One JSON object, a member per section.
    Json,
}
