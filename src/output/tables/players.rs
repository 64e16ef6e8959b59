//! The `players` table: a row per player dealt into a hand.

use super::columns::{col, opt, Column, Kind, Rows};
use super::ids::HandIds;
use crate::analysis::hands::{Hand, Seat};

use Kind::{Bool, Id, Int, Str, StrList};

/// The columns, in order.
pub const COLUMNS: &[Column] = &[
    col("capture", Int, "the capture's id"),
    col("stream_uid", Id, "the stream's id"),
    col("hand_uid", Id, "the hand's id"),
    col("seat", Int, "the seat, from 1"),
    col("player", Int, "the server's player id"),
    opt("name", Str, "the name"),
    opt("stack", Int, "chips at the start of the hand"),
    opt(
        "final_stack",
        Int,
        "chips at the end, as the server reported them",
    ),
    col(
        "won",
        Int,
        "chips won in the hand (0: none; chips given back are not won)",
    ),
    col(
        "cards",
        StrList,
        "the hole cards, when the capture shows them (empty when not)",
    ),
    col("shown", Bool, "the player showed them to the table"),
    col(
        "hero",
        Bool,
        "the player is a captured client (of any view of the hand)",
    ),
    col("folded", Bool, "the player folded"),
];

/// Appends the row of seat `s` of `h`.
pub fn append(rows: &mut Rows, ids: &HandIds, h: &Hand, s: &Seat) {
    let won: u64 = (h.winners.iter())
        .filter(|w| w.player == s.player)
        .map(|w| w.amount)
        .sum();
    ids.write(rows);
    rows.count(u64::from(s.seat))
        .count(s.player)
        .opt_str(s.name.as_deref())
        .opt_count(s.stack)
        .opt_count(s.final_stack)
        .count(won)
        .strs(s.cards.iter().flatten().map(|c| c.to_string()))
        .bool(h.shown.iter().any(|x| x.player == s.player))
        .bool(h.hero == Some(s.player) || h.views.iter().any(|v| v.hero == Some(s.player)))
        .bool(h.folded(s.player));
}
