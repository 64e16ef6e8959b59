//! The `actions` table: a row per action of a hand, blinds and antes
//! first.

use super::columns::name;
use super::columns::{col, opt, Column, Kind, Rows};
use super::ids::HandIds;
use crate::analysis::hands::{Action, ActionKind, Hand};

use Kind::{Bool, Id, Int, Name, Str};

/// The columns, in order.
pub const COLUMNS: &[Column] = &[
    col("capture", Int, "the capture's id"),
    col("stream_uid", Id, "the stream's id"),
    col("hand_uid", Id, "the hand's id"),
    col("seq", Int, "the action's place in its hand, from 1"),
    col("frame", Int, "the frame of the message that showed it (join `records` on `capture`, `frame` for its time)"),
    col("street", Name, "`preflop`, `flop`, `turn` or `river`"),
    col("player", Int, "the server's player id"),
    opt("name", Str, "the player's name"),
    col("action", Name, "`ante`, `small_blind`, `big_blind`, `fold`, `check`, `call`, `bet` or `raise`"),
    opt("amount", Int, "chips the action put into the pot; null when the capture does not tell (see `amount_known`)"),
    opt("total", Int, "the player's total bet on the street after it; null when not known"),
    col("all_in", Bool, "it put the player all in"),
    opt("stack_after", Int, "the stack the server reported after it"),
    opt("expected_player", Int, "the player the server had said was to act"),
    col("amount_known", Bool, "the amounts are the server's (false for `pokerth-2007`, which carries only the client's own actions: `amount` is then the chips a bet or raise sent, else null)"),
];

/// Appends the row of `a`, the `n`th action (from 0) of `h`.
pub fn append(rows: &mut Rows, ids: &HandIds, h: &Hand, n: usize, a: &Action) {
    let sent = matches!(a.kind, ActionKind::Bet | ActionKind::Raise) && a.added > 0;
    let amount = (a.amount_known || sent).then_some(a.added);
    ids.write(rows);
    rows.count(n as u64 + 1)
        .count(a.frame)
        .str(&name(&a.street))
        .count(a.player)
        .opt_str(h.seat(a.player).and_then(|s| s.name.as_deref()))
        .str(&name(&a.kind))
        .opt_count(amount)
        .opt_count(a.amount_known.then_some(a.total))
        .bool(a.all_in)
        .opt_count(a.reported_stack)
        .opt_count(a.expected)
        .bool(a.amount_known);
}
