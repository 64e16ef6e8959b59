//! nom parsers from the bytes of one whole PokerTH message (header
//! included) to its [`Message`], with the notes a reader needs.
//!
//! What is an error and what is a note:
//!
//! - errors (the message is not decoded): a fixed-size message of the wrong
//!   length; a message shorter than its type's minimum; a string, blob or
//!   record count that runs past the end of the message; bytes after the last
//!   field of a message whose counts give its exact length;
//! - notes: padding or reserved bytes that are not zero; bytes after the last
//!   field of Init, Create Game, Join Game and Join Game Ack (the code only
//!   checks a minimum for them); invalid UTF-8 (shown lossily); values
//!   outside the documented ones (enumerations, cards above 51, limits such
//!   as 64-byte names or 10 players).
//!
//! Every count is checked against the bytes left before anything is
//! allocated from it.

use super::framing::{header, HEADER_LEN};
use super::messages::*;
use crate::protocols::span::Spans;
use crate::protocols::{Note, ParseError, ParseResult, Parsed};
use crate::reassembly::Direction;
use nom::bytes::complete::take;
use nom::number::complete::{be_u16, be_u32};
use nom::IResult;

/// Notes collected while parsing.
pub type Notes = Vec<Note>;

/// What a parse collects beside the message: its notes, and where each
/// field lies when the detail view asks ([`super::spans`]).
#[derive(Debug, Default)]
pub struct Cx {
    /// Notes for the record.
    pub notes: Notes,
    /// Each field's bytes (off while decoding).
    pub spans: Spans,
}

impl Cx {
    /// Adds a note.
    fn push(&mut self, note: Note) {
        self.notes.push(note);
    }
}

/// Why a message could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fail(pub String);

impl<I> nom::error::ParseError<I> for Fail {
    fn from_error_kind(_: I, kind: nom::error::ErrorKind) -> Self {
        Fail(format!("parse error ({kind:?})"))
    }
    fn append(_: I, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a [u8], T, Fail>;

fn fail<T>(msg: String) -> Result<T, nom::Err<Fail>> {
    Err(nom::Err::Failure(Fail(msg)))
}

fn ends_inside(field: &str) -> nom::Err<Fail> {
    nom::Err::Failure(Fail(format!("the message ends inside {field}")))
}

/// A u16 field `field`.
fn u16f<'a>(i: &'a [u8], field: &str, n: &mut Cx) -> Res<'a, u16> {
    let (rest, v) = be_u16::<_, Fail>(i).map_err(|_| ends_inside(field))?;
    n.spans.read(field, i, rest);
    Ok((rest, v))
}

/// A u32 field `field`.
fn u32f<'a>(i: &'a [u8], field: &str, n: &mut Cx) -> Res<'a, u32> {
    let (rest, v) = be_u32::<_, Fail>(i).map_err(|_| ends_inside(field))?;
    n.spans.read(field, i, rest);
    Ok((rest, v))
}

/// A reserved field: no key of its own.
fn reserved16<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, ()> {
    let (i, v) = be_u16::<_, Fail>(i).map_err(|_| ends_inside("a reserved field"))?;
    if v != 0 {
        n.push(Note::PokerThReserved {
            value: v.into(),
            bits: 16,
        });
    }
    Ok((i, ()))
}

fn reserved32<'a>(i: &'a [u8], n: &mut Cx) -> Res<'a, ()> {
    let (i, v) = be_u32::<_, Fail>(i).map_err(|_| ends_inside("a reserved field"))?;
    if v != 0 {
        n.push(Note::PokerThReserved { value: v, bits: 32 });
    }
    Ok((i, ()))
}

/// `len` bytes of `field`, then its zero padding to a multiple of 4. The
/// padding may be cut short by the end of the message (the length not being
/// a multiple of 4 is noted once, for the whole message). The field's
/// bytes are the `len` bytes, not the padding.
fn padded<'a>(i: &'a [u8], len: usize, field: &'static str, n: &mut Cx) -> Res<'a, &'a [u8]> {
    if i.len() < len {
        return fail(format!(
            "{field} ({len} bytes) runs past the end of the message ({} bytes left)",
            i.len()
        ));
    }
    let (i, data) = take::<_, _, Fail>(len)(i)?;
    n.spans.bytes(field, data);
    let pad = ((4 - len % 4) % 4).min(i.len());
    let (i, padding) = take::<_, _, Fail>(pad)(i)?;
    if padding.iter().any(|&b| b != 0) {
        n.push(Note::PokerThPadding { field });
    }
    Ok((i, data))
}

/// UTF-8 text; invalid sequences are replaced, with a note.
fn text(bytes: &[u8], field: &'static str, n: &mut Cx) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => {
            n.push(Note::PokerThInvalidUtf8 { field });
            String::from_utf8_lossy(bytes).into_owned()
        }
    }
}

/// A padded UTF-8 string of `len` bytes, noted when above `limit`.
fn string<'a>(
    i: &'a [u8],
    len: u16,
    field: &'static str,
    limit: usize,
    n: &mut Cx,
) -> Res<'a, String> {
    let (i, bytes) = padded(i, usize::from(len), field, n)?;
    if usize::from(len) > limit {
        n.push(Note::PokerThStringTooLong { field, len, limit });
    }
    Ok((i, text(bytes, field, n)))
}

/// 16 bytes of MD5, as hex.
fn md5<'a>(i: &'a [u8], field: &str, n: &mut Cx) -> Res<'a, String> {
    let (i, b) = take::<_, _, Fail>(16usize)(i).map_err(|_| ends_inside(field))?;
    n.spans.bytes(field, b);
    Ok((i, crate::protocols::hex(b)))
}

/// A u16 card, noted when it is not 0..51.
fn card<'a>(i: &'a [u8], field: &'static str, n: &mut Cx) -> Res<'a, PtCard> {
    let (i, v) = u16f(i, field, n)?;
    if v > 51 {
        n.push(Note::PokerThNotACard { field, value: v });
    }
    Ok((i, PtCard(v)))
}

fn limit(n: &mut Cx, field: &'static str, value: u32, max: u32) {
    if value > max {
        n.push(Note::PokerThAboveLimit {
            field,
            value,
            limit: max,
        });
    }
}

/// `count` u32 values (player ids, blinds) of list `field`, checked
/// against what is left.
fn u32_list<'a>(i: &'a [u8], count: u16, field: &str, n: &mut Cx) -> Res<'a, Vec<u32>> {
    let need = usize::from(count) * 4;
    if i.len() < need {
        return fail(format!(
            "{field} ({count} × 4 bytes) run past the end of the message ({} bytes left)",
            i.len()
        ));
    }
    let (rest, b) = take::<_, _, Fail>(need)(i)?;
    if n.spans.is_on() {
        n.spans.open(field, b);
        for (k, item) in b.chunks_exact(4).enumerate() {
            n.spans.bytes(&format!("[{k}]"), item);
        }
        n.spans.close(rest);
    }
    let list = b
        .chunks_exact(4)
        .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok((rest, list))
}

/// `key`, the value `p` reads from `i`, whose keys are inside it (a Game
/// Info Block).
fn nest<'a, T>(
    i: &'a [u8],
    n: &mut Cx,
    key: &str,
    p: fn(&'a [u8], &mut Cx) -> Res<'a, T>,
) -> Res<'a, T> {
    n.spans.open(key, i);
    let (rest, v) = p(i, n)?;
    n.spans.close(rest);
    Ok((rest, v))
}

/// The list `key` of `count` records, each read by `p` from what the one
/// before left (the caller checked they fit).
fn records<'a, T>(
    i: &'a [u8],
    n: &mut Cx,
    key: &str,
    count: u16,
    p: fn(&'a [u8], &mut Cx) -> Res<'a, T>,
) -> Res<'a, Vec<T>> {
    n.spans.open(key, i);
    let mut i = i;
    let mut list = Vec::with_capacity(count.into());
    for k in 0..usize::from(count) {
        n.spans.open_item(k, i);
        let (rest, v) = p(i, n)?;
        n.spans.close(rest);
        list.push(v);
        i = rest;
    }
    n.spans.close(i);
    Ok((i, list))
}

/// Checks that `count` records of `size` bytes fit in `i`.
fn records_fit(i: &[u8], count: u16, size: usize, field: &str) -> Result<(), nom::Err<Fail>> {
    let need = usize::from(count) * size;
    if i.len() < need {
        return fail(format!(
            "{field} ({count} × {size} bytes) run past the end of the message ({} bytes left)",
            i.len()
        ));
    }
    Ok(())
}

const NAME_LIMIT: usize = 64;
const CHAT_LIMIT: usize = 128;
const AVATAR_BLOCK_LIMIT: u32 = 256;
const BLINDS_LIMIT: u32 = 30;
const PLAYERS_LIMIT: u32 = 10;

/// Reads a u16 (or, with `u32`, a u32) enumeration and notes an
/// undocumented value.
macro_rules! en {
    ($i:ident, $n:ident, $ty:ident, $field:literal) => {{
        let (i, v) = u16f($i, $field, $n)?;
        let e = $ty(v);
        if !e.is_known() {
            $n.push(Note::PokerThUnknownValue {
                field: $field,
                value: v.into(),
            });
        }
        (i, e)
    }};
    ($i:ident, $n:ident, $ty:ident, $field:literal, u32) => {{
        let (i, v) = u32f($i, $field, $n)?;
        let e = $ty(v);
        if !e.is_known() {
            $n.push(Note::PokerThUnknownValue {
                field: $field,
                value: v,
            });
        }
        (i, e)
    }};
}

/// Reads a u16 flags word and notes undocumented bits.
macro_rules! flags {
    ($i:ident, $n:ident, $ty:ident, $field:literal) => {{
        let (i, v) = u16f($i, $field, $n)?;
        let f = $ty(v);
        if $n.spans.is_on() {
            // Each bit is a key of its own, in the word's bytes.
            $n.spans.same_bytes(&f.keys());
        }
        if f.unknown_bits() != 0 {
            $n.push(Note::PokerThUnknownFlags {
                field: $field,
                bits: f.unknown_bits(),
            });
        }
        (i, f)
    }};
}

mod game;
mod lobby;
mod server;
mod v2007;

use game::*;
use lobby::*;
use server::*;
use v2007::*;

fn body_2009<'a>(id: u16, i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    use Message as M;
    match id {
        1 => init(i, n),
        2 => init_ack(i, n),
        3 => retrieve_avatar(i, n),
        4 => avatar_header(i, n),
        5 => avatar_file(i, n),
        6 => request_id(i, n).map(|(i, m)| (i, M::AvatarEnd(m))),
        7 => request_id(i, n).map(|(i, m)| (i, M::UnknownAvatar(m))),
        16 => game_list_new(i, n),
        17 => game_list_update(i, n),
        18 => game_player(i, n).map(|(i, m)| (i, M::GameListPlayerJoined(m))),
        19 => game_player(i, n).map(|(i, m)| (i, M::GameListPlayerLeft(m))),
        20 => game_list_admin_changed(i, n),
        32 => player_id(i, n).map(|(i, m)| (i, M::RetrievePlayerInfo(m))),
        33 => player_info(i, n),
        34 => player_id(i, n).map(|(i, m)| (i, M::UnknownPlayerId(m))),
        35 => empty(i, n).map(|(i, m)| (i, M::UnsubscribeGameListMessages(m))),
        36 => empty(i, n).map(|(i, m)| (i, M::ResubscribeGameListMessages(m))),
        48 => create_game(i, n),
        49 => join_game(i, n),
        50 => join_game_ack(i, n),
        51 => join_game_failed(i, n),
        52 => player_joined(i, n),
        53 => player_left(i, n),
        54 => game_admin_changed(i, n),
        64 => player_id(i, n).map(|(i, m)| (i, M::KickPlayer(m))),
        65 => empty(i, n).map(|(i, m)| (i, M::LeaveCurrentGame(m))),
        66 => start_event(i, n),
        67 => empty(i, n).map(|(i, m)| (i, M::StartEventAck(m))),
        80 => game_start(i, n),
        81 => hand_start(i, n),
        82 => players_turn(i, n),
        83 => players_action(i, n),
        84 => players_action_done(i, n),
        85 => players_action_rejected(i, n),
        96 => deal_flop_cards(i, n),
        97 => deal_turn_card(i, n),
        98 => deal_river_card(i, n),
        99 => all_in_show_cards(i, n),
        100 => end_of_hand_show_cards(i, n),
        101 => end_of_hand_hide_cards(i, n),
        112 => end_of_game(i, n),
        113 => player_id(i, n).map(|(i, m)| (i, M::AskKickPlayer(m))),
        114 => ask_kick_player_denied(i, n),
        115 => start_kick_player_petition(i, n),
        116 => vote_kick_player(i, n),
        117 => vote_kick_player_ack(i, n),
        118 => vote_kick_player_denied(i, n),
        119 => kick_player_petition_update(i, n),
        120 => end_kick_player_petition(i, n),
        128 => statistics_changed(i, n),
        256 => removed_from_game(i, n),
        257 => timeout_warning(i, n),
        258 => empty(i, n).map(|(i, m)| (i, M::ResetTimeout(m))),
        512 => text_body(i, n, CHAT_LIMIT).map(|(i, m)| (i, M::SendChatText(m))),
        513 => chat_text(i, n),
        514 => text_body(i, n, usize::MAX).map(|(i, m)| (i, M::MessageBoxText(m))),
        1024 => error(i, n),
        _ => fail(format!("unknown message type {id}")),
    }
}

fn body_2007<'a>(id: u16, i: &'a [u8], n: &mut Cx) -> Res<'a, Message> {
    match id {
        1 => join_game_2007(i, n),
        2 => join_game_ack_2007(i, n),
        3 => player_joined_2007(i, n),
        4 => player_left_2007(i, n),
        5 => game_start_2007(i, n),
        6 => players_turn_2007(i, n),
        7 => players_action_2007(i, n),
        8 => players_action_rejected_2007(i, n),
        1024 => error_2007(i, n),
        _ => fail(format!("unknown message type {id}")),
    }
}

/// Parses one whole message (header included), as every protocol's
/// `parsing::parse` does, in a stream of `dialect` (`None`: not decided
/// yet). Both directions read alike: `dir` is not read.
///
/// While the dialect is not decided, type 1's requested major version names
/// the dialect to read (1: `pokerth-2007`, 2..5: `pokerth`); other messages
/// are read as `pokerth` first, then as `pokerth-2007`. The message teaches
/// the dialect ([`Parsed::dialect`]) when it tells: a type only one dialect
/// has, type 1's version, or a message only the 2007 reading parses cleanly.
pub fn parse(
    dialect: Option<crate::protocols::Dialect>,
    _dir: Direction,
    msg: &[u8],
) -> ParseResult<Message> {
    let known = dialect.and_then(Dialect::of);
    let Some((id, len)) = header(msg) else {
        let why = format!("{} bytes cannot hold a header", msg.len());
        return Err(ParseError::new(0, None, why));
    };
    if len != msg.len() {
        let why = format!(
            "the header gives {len} bytes, the message has {}",
            msg.len()
        );
        return Err(ParseError::new(u32::from(id), None, why));
    }
    let mut first_error: Option<(&'static str, String)> = None;
    for d in readings(known, msg) {
        let Some(spec) = lookup(d, id) else {
            continue;
        };
        let mut cx = Cx::default();
        match parse_in(d, msg, &mut cx) {
            Ok(message) => {
                let mut notes = cx.notes;
                let taught = match known {
                    // A fallback reading decides only when it is clean.
                    None => tells(d, id, &message, first_error.is_some() && notes.is_empty()),
                    Some(_) => None,
                };
                if len > d.max_len() {
                    notes.push(Note::PokerThAboveMaxLength { len, dialect: d });
                }
                if d == Dialect::PokerTh && len % 4 != 0 {
                    notes.push(Note::PokerThLengthNotAligned { len });
                }
                return Ok(Parsed {
                    type_id: u32::from(id),
                    message,
                    notes,
                    dialect: taught.map(Into::into),
                });
            }
            Err(e) => {
                if first_error.is_none() {
                    first_error = Some((spec.name, e));
                }
            }
        }
    }
    Err(match first_error {
        Some((name, e)) => ParseError::new(u32::from(id), Some(name), e),
        None => ParseError::new(u32::from(id), None, format!("unknown message type {id}")),
    })
}

/// The dialects to read message `msg` (its header read) as, in order, in
/// a stream of dialect `known` (`None`: not decided yet): that one; or the
/// one type 1's requested major version names; or `pokerth`, then
/// `pokerth-2007`.
pub(super) fn readings(known: Option<Dialect>, msg: &[u8]) -> impl Iterator<Item = Dialect> {
    let id = u16::from_be_bytes([msg[0], msg[1]]);
    let major = (id == 1 && msg.len() >= 6).then(|| u16::from_be_bytes([msg[4], msg[5]]));
    let order = match (known, major) {
        (Some(d), _) => [Some(d), None],
        (None, Some(1)) => [Some(Dialect::PokerTh2007), None],
        (None, Some(2..=5)) => [Some(Dialect::PokerTh), None],
        (None, _) => [Some(Dialect::PokerTh), Some(Dialect::PokerTh2007)],
    };
    order.into_iter().flatten()
}

/// Whether message `m` of type `id`, parsed as dialect `d`, decides the
/// stream's dialect. `other_failed`: an earlier dialect could not parse
/// it.
fn tells(d: Dialect, id: u16, m: &Message, other_failed: bool) -> Option<Dialect> {
    match m {
        Message::Init(i) if (2..=5).contains(&i.requested_version_major) => {
            return Some(Dialect::PokerTh)
        }
        Message::JoinGame2007(j) if j.requested_version_major == 1 => {
            return Some(Dialect::PokerTh2007)
        }
        _ => {}
    }
    let other = match d {
        Dialect::PokerTh => Dialect::PokerTh2007,
        Dialect::PokerTh2007 => Dialect::PokerTh,
    };
    if lookup(other, id).is_none() {
        return Some(d);
    }
    (d == Dialect::PokerTh2007 && other_failed).then_some(Dialect::PokerTh2007)
}

/// Parses one whole message (header included; `msg.len()` is the header's
/// length) as dialect `d`: the message (its notes go to `cx`, and its
/// spans when the recorder is on); or why it is not one. Notes about the
/// message as a whole (its length against the dialect's maximum, a length
/// that is not a multiple of 4) are [`parse`]'s.
pub(super) fn parse_in(d: Dialect, msg: &[u8], cx: &mut Cx) -> Result<Message, String> {
    if msg.len() < HEADER_LEN {
        return Err(format!("{} bytes cannot hold a header", msg.len()));
    }
    let id = u16::from_be_bytes([msg[0], msg[1]]);
    let Some(spec) = lookup(d, id) else {
        return Err(format!("unknown message type {id} in {}", d.name()));
    };
    let len = msg.len();
    match spec.size {
        Size::Fixed(want) if len != want => {
            let mut e = format!("{} must be {want} bytes long, not {len}", spec.name);
            if d == Dialect::PokerTh && id == 115 && len == 16 {
                e.push_str(" (the spec says 16, but its diagram and the code have 20)");
            }
            if d == Dialect::PokerTh2007 && id == 2 && len == 12 {
                e.push_str(" (the spec says 12, but its diagram and the code have 24)");
            }
            return Err(e);
        }
        Size::Min(min) | Size::Exact(min) if len < min => {
            return Err(format!(
                "{} must be at least {min} bytes long, not {len}",
                spec.name
            ));
        }
        _ => {}
    }
    let body = &msg[HEADER_LEN..];
    cx.spans.read("type_id", msg, &msg[2..]);
    cx.spans.read("len", &msg[2..], body);
    cx.spans.open("fields", body);
    let parsed = match d {
        Dialect::PokerTh => body_2009(id, body, cx),
        Dialect::PokerTh2007 => body_2007(id, body, cx),
    };
    let (rest, message) = parsed.map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => f.0,
        nom::Err::Incomplete(_) => "the message ends early".to_string(),
    })?;
    cx.spans.close(rest);
    if !rest.is_empty() {
        let used = len - rest.len();
        match spec.size {
            // The 2007 code appended two zero bytes to these two messages.
            Size::Min(_) if d == Dialect::PokerTh2007 && rest == [0, 0] => {}
            Size::Min(_) => cx.push(Note::PokerThTrailingBytes { count: rest.len() }),
            Size::Exact(_) | Size::Fixed(_) => {
                return Err(format!(
                    "{} bytes after the last field: the counts give {used} bytes, the header {len}",
                    rest.len()
                ));
            }
        }
    }
    Ok(message)
}
