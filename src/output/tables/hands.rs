//! The `hands` table: a row per hand, its views joined (`join.rs`).
//! [`append_all`] also gives the hand's rows to the `actions`, `players`
//! and `views` tables.

use super::actions;
use super::columns::name;
use super::columns::{col, opt, Column, Kind, Rows};
use super::ids::{HandIds, StreamKey};
use super::players;
use super::views;
use crate::analysis::hands::merge::Joined;
use crate::analysis::hands::Hand;

use Kind::{Bool, Code, Id, Int, IntList, Name, Str, StrList, Time};

/// The columns, in order.
pub const COLUMNS: &[Column] = &[
    col("capture", Int, "the capture's id"),
    col("stream_uid", Id, "the stream's id"),
    col("hand_uid", Id, "the hand's id (above)"),
    col("stream", Int, "the stream's number in this run (the first view's: the hand's `STREAM:HAND` id)"),
    opt("community_id", Code, "the stream's Community ID (version 1, seed 0), as Zeek's and Suricata's logs of the same connection have it"),
    col("hand", Int, "the hand's number on its stream (`STREAM:HAND`)"),
    opt("server_number", Int, "the server's own hand number, when the capture tells it"),
    col("game_number", Int, "the hand's number for other tools (PokerStars' `Hand #`, OHH's `game_number`), the same for every view"),
    col("views", Int, "how many captured clients saw the hand (its rows of `views`)"),
    col("protocol", Name, "`pokerth` or `pokernetwork`"),
    opt("dialect", Name, "the stream's dialect, when known"),
    opt("table_id", Int, "the game (PokerTH) or table (poker-network) id"),
    opt("table_name", Str, "the table's name"),
    col("ts", Time, "when the hand started"),
    col("first_frame", Int, "the frame that started it"),
    col("last_frame", Int, "its last frame seen"),
    col("limit_type", Name, "`no_limit`, `pot_limit` or `fixed_limit`"),
    opt("table_size", Int, "seats at the table"),
    opt("button", Int, "the button's seat"),
    opt("small_blind", Int, "the small blind"),
    opt("big_blind", Int, "the big blind"),
    opt("ante", Int, "the ante"),
    col("players", Int, "players dealt in"),
    opt("hero", Int, "the player id of a captured client dealt in (the first view's that is), else of the first view's client"),
    col("board", StrList, "the board, flop first (`Kd`)"),
    opt("pot", Int, "chips in all pots, rake included (the total of OHH's `pots`); null when not known (an incomplete hand without its result)"),
    col("pots", IntList, "each pot, the main pot first"),
    opt("rake", Int, "the rake the server took, when it said"),
    col("won", Int, "chips won, all winners together"),
    col("complete", Bool, "the capture holds the whole hand"),
    col("notes", StrList, "why it is incomplete, what the checks found, what else to know"),
    col("note_kinds", StrList, "each note's kind: `incomplete`, `check` or `info`"),
    col("note_frames", IntList, "each note's frame"),
];

/// Appends the row of `h` to `rows`.
pub fn append(rows: &mut Rows, ids: &HandIds, h: &Hand) {
    let count = |v: Option<u32>| v.map(u64::from);
    ids.write(rows);
    rows.count(h.stream)
        .opt_str(ids.community_id.as_ref().map(|c| c.as_str()))
        .count(h.number)
        .opt_count(h.server_number)
        .count(h.public_number())
        .count(h.views.len().max(1) as u64)
        .str(h.protocol.name())
        .opt_str(h.dialect.map(|d| d.as_str()))
        .opt_count(h.table)
        .opt_str(h.table_name.as_deref())
        .time(h.ts)
        .count(h.first_frame)
        .count(h.last_frame)
        .str(&name(&h.limit))
        .opt_count(count(h.table_size))
        .opt_count(count(h.button))
        .opt_count(h.small_blind)
        .opt_count(h.big_blind)
        .opt_count(h.ante)
        .count(h.seats.len() as u64)
        .opt_count(h.hero)
        .strs(h.board.iter().map(|c| c.to_string()));
    let pots: Vec<i64> = h
        .pot_wins()
        .iter()
        .map(|p| super::columns::int(p.amount))
        .collect();
    let pot = (!pots.is_empty()).then(|| pots.iter().sum());
    rows.opt_int(pot)
        .ints(pots)
        .opt_count(h.rake)
        .count(h.total_won())
        .bool(h.complete)
        .strs(h.notes.iter().map(|n| n.text.as_str()))
        .strs(h.notes.iter().map(|n| name(&n.kind)))
        .ints(h.notes.iter().map(|n| super::columns::int(n.frame)));
}

/// The tables a hand goes to, in the order `hands` writes them.
pub const TABLES: [super::writer::Spec; 4] = [
    ("hands", COLUMNS),
    ("actions", actions::COLUMNS),
    ("players", players::COLUMNS),
    ("views", views::COLUMNS),
];

/// Appends the joined hand `j` to the four tables of [`TABLES`] (their
/// rows, in order): a row of `hands`, a row per action, a row per player,
/// a row per view (each with its stream's key).
pub fn append_all(
    tables: &mut super::writer::Tables,
    ids: &HandIds,
    j: &Joined<Option<StreamKey>>,
) -> Result<(), super::writer::Error> {
    let h = &j.hand;
    tables.table(0).append(|rows| append(rows, ids, h))?;
    for (n, a) in h.actions.iter().enumerate() {
        tables
            .table(1)
            .append(|rows| actions::append(rows, ids, h, n, a))?;
    }
    for s in &h.seats {
        tables
            .table(2)
            .append(|rows| players::append(rows, ids, h, s))?;
    }
    for (v, key) in &j.views {
        tables
            .table(3)
            .append(|rows| views::append(rows, ids, v, *key))?;
    }
    Ok(())
}
