//! The `views` table: a row per view of a hand, each captured client's
//! connection that saw it (a hand two clients saw is one row of `hands`
//! and two of `views`).

use super::columns::{col, opt, Column, Kind, Rows};
use super::ids::{HandIds, StreamKey};
use crate::analysis::hands::Hand;

use Kind::{Bool, Code, Id, Int, Str};

/// The columns, in order.
pub const COLUMNS: &[Column] = &[
    col("capture", Int, "the capture's id"),
    col("stream_uid", Id, "the view's stream's id"),
    col("hand_uid", Id, "the hand's id (the row of `hands`)"),
    col("stream", Int, "the view's stream's number in this run"),
    opt("community_id", Code, "the view's stream's Community ID"),
    col("hand", Int, "the hand's number on that stream (`STREAM:HAND`: the view's id, which `--hand` also takes)"),
    col("view", Str, "the view's id, `STREAM:HAND`"),
    opt("client", Str, "the client's address and port"),
    opt("hero", Int, "the player id of the view's client, when the capture tells it"),
    col("first_frame", Int, "the frame that started the hand on the stream"),
    col("last_frame", Int, "the hand's last frame on the stream"),
    col("complete", Bool, "the stream holds the whole hand"),
];

/// Appends the row of view `v` (its stream's key `key`) of the hand whose
/// ids are `ids`.
pub fn append(rows: &mut Rows, ids: &HandIds, v: &Hand, key: Option<StreamKey>) {
    let stream_uid = key
        .unwrap_or_else(|| StreamKey::unknown(v.stream))
        .uid(ids.capture);
    let community_id = key.map(|k| k.community_id);
    rows.int(ids.capture)
        .int(stream_uid)
        .int(ids.hand_uid)
        .count(v.stream)
        .opt_str(community_id.as_ref().map(|c| c.as_str()))
        .count(v.number)
        .str(&v.view_id())
        .opt_str(v.endpoints.map(|e| e.0.to_string()).as_deref())
        .opt_count(v.hero)
        .count(v.first_frame)
        .count(v.last_frame)
        .bool(v.complete);
}
