//! The checks a message table names between fields (`check ...`): notes
//! about values read so far that no single field's wire type can tell.
//! None of them fails a parse.

use super::wire::Cx;
use crate::protocols::pokerth::messages::values::PlayerFlags;
use crate::protocols::pokerth::messages::Dialect;
use crate::protocols::Note;
use std::ops::RangeInclusive;

/// `check field <= LIMIT`: notes `value` of `field` above `limit`.
pub fn at_most(cx: &mut Cx, field: &'static str, value: u32, limit: u32) {
    if value > limit {
        cx.push(Note::PokerThAboveLimit {
            field,
            value,
            limit,
        });
    }
}

/// A requested version `major.minor` whose major is not one `dialect`'s
/// clients sent.
pub fn version(cx: &mut Cx, dialect: Dialect, sent: RangeInclusive<u16>, major: u16, minor: u16) {
    if !sent.contains(&major) {
        cx.push(Note::PokerThVersion {
            dialect,
            major,
            minor,
        });
    }
}

/// A proposed GUI speed outside 1..11.
pub fn gui_speed(cx: &mut Cx, value: u16) {
    if !(1..=11).contains(&value) {
        cx.push(Note::PokerThGuiSpeed { value });
    }
}

/// Player flags that announce an avatar without its type.
pub fn avatar_typed(cx: &mut Cx, flags: PlayerFlags) {
    if flags.has_avatar() && flags.avatar_type().0 == 0 {
        cx.push(Note::PokerThAvatarWithoutType);
    }
}

/// Statistics Changed without an entry (the 0.7 reader rejects it).
pub fn some_statistics(cx: &mut Cx, count: u16) {
    if count == 0 {
        cx.push(Note::PokerThNoStatistics);
    }
}

/// A seat `number` not below the number of `players` (when given).
pub fn seat(cx: &mut Cx, number: u16, players: u16) {
    if players > 0 && number >= players {
        cx.push(Note::PokerThPlayerNumber { number, players });
    }
}
