//! Notes: what a reader of a record should know about a message that
//! decoded (a value outside the documented ones, bytes left over, a frame
//! the specification forbids), as typed values.
//!
//! A [`Note`] has a stable code ([`Note::code`]: the protocol or stage,
//! then what, `pokernetwork.leftover_bytes`), its parameters (the variant's
//! fields) and its text ([`Note`]'s `Display`). Records write the texts as
//! `notes` and, when there are any, the codes as `note_codes` beside them,
//! so that scripts can filter on the code while people read the text.
//! [`CODES`] lists every code with its meaning (docs/notes.md's table of note
//! codes is checked against it).
//!
//! Nothing here is formatted until a note is shown: a note holds numbers
//! and `&'static str` field names, and owns text only where the bytes gave
//! it (a path into a message, a value read from the wire).

use super::gls::messages::{COLOR_MAX, DIE_MAX};
use super::gls::ClientState;
use super::hex;
use super::pokerth::messages::Dialect as PokerThDialect;
use serde::{Serialize, Serializer};
use std::fmt;

/// One note of a record. See the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    // PokerTH 0.6/0.7 and its 2007 dialect: `pokerth.*`.
    /// A reserved field of `bits` bits (16 or 32) is not zero.
    PokerThReserved { value: u32, bits: u8 },
    /// The zero padding after a field is not zero.
    PokerThPadding { field: &'static str },
    /// A string is not UTF-8 (shown lossily).
    PokerThInvalidUtf8 { field: &'static str },
    /// A string is longer than PokerTH allows.
    PokerThStringTooLong {
        field: &'static str,
        len: u16,
        limit: usize,
    },
    /// A card is not 0..51.
    PokerThNotACard { field: &'static str, value: u16 },
    /// A number is above PokerTH's limit for it.
    PokerThAboveLimit {
        field: &'static str,
        value: u32,
        limit: u32,
    },
    /// An enumeration's value is not a documented one.
    PokerThUnknownValue { field: &'static str, value: u32 },
    /// A flags word has undocumented bits.
    PokerThUnknownFlags { field: &'static str, bits: u16 },
    /// `proposed_gui_speed` is not 1..11.
    PokerThGuiSpeed { value: u16 },
    /// A requested protocol version no client of the dialect sent.
    PokerThVersion {
        dialect: PokerThDialect,
        major: u16,
        minor: u16,
    },
    /// `player_flags` says there is an avatar but gives no avatar type.
    PokerThAvatarWithoutType,
    /// Statistics Changed with no entry.
    PokerThNoStatistics,
    /// `your_player_number` is not below `number_of_players` (2007).
    PokerThPlayerNumber { number: u16, players: u16 },
    /// Bytes after the last field of a message only a minimum length is
    /// checked for.
    PokerThTrailingBytes { count: usize },
    /// A message longer than the dialect's code sends.
    PokerThAboveMaxLength { len: usize, dialect: PokerThDialect },
    /// A message whose length is not a multiple of 4 (0.6/0.7).
    PokerThLengthNotAligned { len: usize },

    // PokerTH 1.x: `pokerth1.*`.
    /// The envelope carries another message besides the one read.
    PokerTh1ExtraMessage { field: u32, name: &'static str },
    /// A message type newer than protocol 5.1, kept as unknown fields.
    PokerTh1UnknownType { kind: u32 },
    /// The envelope has no `messageType`.
    PokerTh1NoMessageType { field: u32 },
    /// `messageType` names another message than the one set.
    PokerTh1TypeMismatch {
        kind: u32,
        kind_name: &'static str,
        field: u32,
        field_name: &'static str,
    },
    /// A field of the envelope protocol 5.1 does not define.
    PokerTh1UnknownEnvelopeField { field: u32 },
    /// A field of a message (at `path`) protocol 5.1 does not define.
    PokerTh1UnknownField { path: String, field: u64 },
    /// A required field is missing.
    PokerTh1MissingField { path: String, field: &'static str },
    /// An enumeration's value outside the protocol's.
    PokerTh1UnknownValue {
        path: String,
        value: i32,
        enumeration: &'static str,
    },
    /// A card is not 0..51.
    PokerTh1NotACard { path: String, value: u32 },

    // poker-network: `pokernetwork.*`.
    /// A boolean byte other than 0 or 1 (taken as true).
    PokerNetworkBoolByte { field: &'static str, byte: u8 },
    /// A yes/no byte other than 0 or 1.
    PokerNetworkYesNoByte { field: &'static str, byte: u8 },
    /// A JSON attribute that does not parse (kept as text).
    PokerNetworkInvalidJson { field: &'static str, error: String },
    /// A Python-literal attribute that does not parse (kept as text).
    PokerNetworkInvalidLiteral { field: &'static str, error: String },
    /// A card byte that is no card.
    PokerNetworkNotACard { field: &'static str, byte: u8 },
    /// A trailing attribute not sent: the older layout of the packet.
    PokerNetworkOlderLayout { field: &'static str },
    /// A string is not UTF-8 (replaced).
    PokerNetworkInvalidUtf8 { field: &'static str },
    /// A packet type no poker-network version defines.
    PokerNetworkUnknownType { type_id: u8 },
    /// Bytes after the last attribute: how many, and the first of them
    /// (at most 32).
    PokerNetworkLeftover { count: usize, head: Box<[u8]> },
    /// A note about the `index`th packet (of class `name`) of the packet
    /// list `field`: it has the inner note's code.
    PokerNetworkInList {
        field: &'static str,
        index: usize,
        name: &'static str,
        note: Box<Note>,
    },

    // Glass Plate Game: `gls.*`.
    /// An event that travels the other way.
    GlsWrongDirection {
        message: &'static str,
        client_sends: bool,
    },
    /// An event the client's state does not allow.
    GlsUnexpected {
        message: &'static str,
        state: ClientState,
    },
    /// A string field without its NUL (the whole field is taken).
    GlsNoNul { field: &'static str, size: usize },
    /// Control characters in a string.
    GlsControlCharacters { field: &'static str },
    /// A string is not UTF-8.
    GlsInvalidUtf8 { field: &'static str },
    /// A string the spec wants printable ASCII is not.
    GlsNotPrintable { field: &'static str },
    /// An empty nickname where one is required.
    GlsEmptyNick { field: &'static str },
    /// A nickname that is not alphanumeric.
    GlsNickNotAlphanumeric { field: &'static str },
    /// A location outside A1..H8.
    GlsBadLocation { loc: String },
    /// A color past purple.
    GlsColorOutOfRange { value: u32 },
    /// A placed die without a color.
    GlsMissingColor,
    /// A die of 25 or more.
    GlsDieOutOfRange { value: u32 },
    /// Unused plate flags set.
    GlsUnusedFlags { value: u32 },
    /// A time past the year 9999.
    GlsTimeOutOfRange { secs: u64 },
    /// A refused version without a reason.
    GlsRejectionWithoutReason,
    /// A refused nickname without a reason.
    GlsNickRejectionWithoutReason,
    /// A reason beside an accepted nickname.
    GlsReasonWithNick,
    /// A magic other than `GLS`.
    GlsBadMagic { magic: String },

    // The card game: `cardgame.*`.
    /// A message that travels the other way.
    CardGameWrongDirection {
        message: &'static str,
        client_sends: bool,
    },
    /// A score total that is not the previous total plus the increase.
    CardGameScoreNotCumulative {
        total: u16,
        previous: u16,
        increase: u16,
    },
    /// The score's text is not UTF-8.
    CardGameInvalidUtf8,
    /// Control characters in the score's text.
    CardGameControlCharacters,
    /// A card id past the last card.
    CardGameCardOutOfRange { card: u8 },
    /// A deal byte other than 0 or 1.
    CardGameUnknownDeal { value: u8 },
    /// An unknown place.
    CardGameUnknownPlace { value: u8 },
    /// A detail where the place has none.
    CardGameUnexpectedDetail { detail: u8 },
    /// An image past the back.
    CardGameImageOutOfRange { value: u8 },
    /// An unknown stage.
    CardGameUnknownStage { value: u8 },
    /// A player byte other than 0 or 1.
    CardGameUnknownPlayer { value: u8 },
    /// A score total below its increase.
    CardGameTotalBelowIncrease { total: u16, increase: u16 },

    // WebSocket: `websocket.*`.
    /// `Sec-WebSocket-Accept` does not answer the key.
    WebSocketAcceptMismatch { got: String, expected: String },
    /// The request has no `Sec-WebSocket-Key`.
    WebSocketMissingKey,
    /// The response has no `Sec-WebSocket-Accept`.
    WebSocketMissingAccept,
    /// The response does not say `Upgrade: websocket`.
    WebSocketMissingUpgrade,
    /// A server frame is masked.
    WebSocketMaskedServerFrame,
    /// A client frame is not masked.
    WebSocketUnmaskedClientFrame,
    /// RSV1 set without permessage-deflate negotiated.
    WebSocketCompressedWithoutDeflate,
    /// Reserved bits set that no extension uses.
    WebSocketReservedBits { rsv: u8 },
    /// A new data message before the last one ended (that one is lost).
    WebSocketInterrupted { opcode: &'static str, frames: u32 },
    /// A text message that is not UTF-8.
    WebSocketTextNotUtf8,
    /// A close frame of one byte.
    WebSocketCloseOneByte,
    /// A close code no peer may send.
    WebSocketCloseCode { code: u16 },
    /// A close reason that is not UTF-8.
    WebSocketCloseReasonNotUtf8,
    /// A frame sent after its direction's close frame.
    WebSocketAfterClose,
}

/// Every note code, with what it means: the table of docs/notes.md.
pub const CODES: &[(&str, &str)] = &[
    ("pokerth.reserved_not_zero", "a reserved field is not zero"),
    ("pokerth.padding_not_zero", "the zero padding after a field is not zero"),
    ("pokerth.invalid_utf8", "a string is not valid UTF-8 (shown lossily)"),
    ("pokerth.string_too_long", "a string is longer than PokerTH's limit for it"),
    ("pokerth.not_a_card", "a card is not 0..51"),
    ("pokerth.above_limit", "a number (players, blinds) is above PokerTH's limit for it"),
    ("pokerth.unknown_value", "an enumeration's value is not a documented one"),
    ("pokerth.unknown_flags", "a flags word has undocumented bits set"),
    ("pokerth.gui_speed_out_of_range", "`proposed_gui_speed` is not 1..11"),
    ("pokerth.unexpected_version", "a requested version no client of the dialect sent"),
    ("pokerth.avatar_without_type", "`player_flags` has an avatar but no avatar type"),
    ("pokerth.no_statistics", "Statistics Changed with no entry (the 0.7 reader rejects it)"),
    ("pokerth.player_number_out_of_range", "`your_player_number` is not below `number_of_players` (2007)"),
    ("pokerth.trailing_bytes", "bytes after the last field of a message whose length is only checked against a minimum (legal)"),
    ("pokerth.above_max_length", "a message longer than the dialect's code sends (accepted)"),
    ("pokerth.length_not_aligned", "a message length that is not a multiple of 4"),
    ("pokerth1.extra_message", "the envelope carries another message besides the one read (ignored)"),
    ("pokerth1.unknown_message_type", "a message type newer than protocol 5.1 (its fields kept as unknown)"),
    ("pokerth1.missing_message_type", "the envelope has no `messageType`"),
    ("pokerth1.message_type_mismatch", "`messageType` does not name the message set"),
    ("pokerth1.unknown_envelope_field", "the envelope has a field protocol 5.1 does not define (kept)"),
    ("pokerth1.unknown_field", "a message has a field protocol 5.1 does not define (kept)"),
    ("pokerth1.missing_field", "a required field is missing"),
    ("pokerth1.unknown_value", "an enumeration's value is not one of the protocol's"),
    ("pokerth1.not_a_card", "a card is not 0..51"),
    ("pokernetwork.bool_byte", "a boolean byte other than 0 or 1 (taken as true)"),
    ("pokernetwork.yes_no_byte", "a yes/no byte other than 1 ('y') or 0 ('n')"),
    ("pokernetwork.invalid_json", "a JSON attribute that does not parse (kept as text)"),
    ("pokernetwork.invalid_literal", "a Python-literal attribute that does not parse (kept as text)"),
    ("pokernetwork.not_a_card", "a card byte that is no card"),
    ("pokernetwork.older_layout", "a trailing attribute not sent: the packet's older layout"),
    ("pokernetwork.invalid_utf8", "a string is not valid UTF-8 (replaced)"),
    ("pokernetwork.unknown_packet_type", "a packet type no poker-network version defines (kept as hex)"),
    ("pokernetwork.leftover_bytes", "bytes after the last attribute (the first 32 shown)"),
    ("gls.wrong_direction", "an event that the other side sends"),
    ("gls.unexpected_in_state", "an event the client's state does not allow"),
    ("gls.no_nul", "a string field without its NUL (the whole field taken)"),
    ("gls.control_characters", "a string with control characters"),
    ("gls.invalid_utf8", "a string that is not valid UTF-8"),
    ("gls.not_printable", "a string the spec wants printable ASCII is not"),
    ("gls.empty_nick", "an empty nickname where one is required"),
    ("gls.nick_not_alphanumeric", "a nickname that is not alphanumeric"),
    ("gls.bad_location", "a location outside A1..H8"),
    ("gls.color_out_of_range", "a color past purple"),
    ("gls.missing_color", "a placed die without a color"),
    ("gls.die_out_of_range", "a die of 25 or more"),
    ("gls.unused_flags", "plate flags with unused bits set"),
    ("gls.time_out_of_range", "a time past the year 9999"),
    ("gls.rejection_without_reason", "a refused protocol version without a reason"),
    ("gls.nick_rejection_without_reason", "a refused nickname without a reason"),
    ("gls.reason_with_nick", "a reason beside an accepted nickname"),
    ("gls.bad_magic", "a protocol magic other than `GLS`"),
    ("cardgame.wrong_direction", "a message that the other side sends"),
    ("cardgame.score_not_cumulative", "a score total that is not the previous total plus the increase"),
    ("cardgame.invalid_utf8", "the score's text is not valid UTF-8"),
    ("cardgame.control_characters", "the score's text has control characters"),
    ("cardgame.card_out_of_range", "a card id past the last card (95)"),
    ("cardgame.unknown_deal", "a deal byte other than 0 or 1"),
    ("cardgame.unknown_place", "an unknown place"),
    ("cardgame.unexpected_detail", "a place detail where the place has none"),
    ("cardgame.image_out_of_range", "an image past the back (24)"),
    ("cardgame.unknown_stage", "an unknown stage"),
    ("cardgame.unknown_player", "a player byte other than 0 or 1"),
    ("cardgame.total_below_increase", "a score total below its increase"),
    ("websocket.accept_mismatch", "`Sec-WebSocket-Accept` does not answer the key"),
    ("websocket.missing_key", "the upgrade request has no `Sec-WebSocket-Key`"),
    ("websocket.missing_accept", "the upgrade response has no `Sec-WebSocket-Accept`"),
    ("websocket.missing_upgrade", "the upgrade response does not say `Upgrade: websocket`"),
    ("websocket.masked_server_frame", "a server frame is masked"),
    ("websocket.unmasked_client_frame", "a client frame is not masked"),
    ("websocket.compressed_without_deflate", "RSV1 (compressed) without permessage-deflate in the handshake"),
    ("websocket.reserved_bits", "reserved bits set without an extension that uses them"),
    ("websocket.interrupted_message", "a new data message before the last one ended (that one is lost)"),
    ("websocket.text_not_utf8", "a text message that is not valid UTF-8"),
    ("websocket.close_one_byte", "a close frame of 1 byte"),
    ("websocket.close_code_not_allowed", "a close code no peer may send"),
    ("websocket.close_reason_not_utf8", "a close reason that is not valid UTF-8"),
    ("websocket.after_close", "a frame sent after its direction's close frame"),
];

impl Note {
    /// The stable code (one of [`CODES`]): what scripts filter on.
    pub fn code(&self) -> &'static str {
        use Note::*;
        match self {
            PokerThReserved { .. } => "pokerth.reserved_not_zero",
            PokerThPadding { .. } => "pokerth.padding_not_zero",
            PokerThInvalidUtf8 { .. } => "pokerth.invalid_utf8",
            PokerThStringTooLong { .. } => "pokerth.string_too_long",
            PokerThNotACard { .. } => "pokerth.not_a_card",
            PokerThAboveLimit { .. } => "pokerth.above_limit",
            PokerThUnknownValue { .. } => "pokerth.unknown_value",
            PokerThUnknownFlags { .. } => "pokerth.unknown_flags",
            PokerThGuiSpeed { .. } => "pokerth.gui_speed_out_of_range",
            PokerThVersion { .. } => "pokerth.unexpected_version",
            PokerThAvatarWithoutType => "pokerth.avatar_without_type",
            PokerThNoStatistics => "pokerth.no_statistics",
            PokerThPlayerNumber { .. } => "pokerth.player_number_out_of_range",
            PokerThTrailingBytes { .. } => "pokerth.trailing_bytes",
            PokerThAboveMaxLength { .. } => "pokerth.above_max_length",
            PokerThLengthNotAligned { .. } => "pokerth.length_not_aligned",
            PokerTh1ExtraMessage { .. } => "pokerth1.extra_message",
            PokerTh1UnknownType { .. } => "pokerth1.unknown_message_type",
            PokerTh1NoMessageType { .. } => "pokerth1.missing_message_type",
            PokerTh1TypeMismatch { .. } => "pokerth1.message_type_mismatch",
            PokerTh1UnknownEnvelopeField { .. } => "pokerth1.unknown_envelope_field",
            PokerTh1UnknownField { .. } => "pokerth1.unknown_field",
            PokerTh1MissingField { .. } => "pokerth1.missing_field",
            PokerTh1UnknownValue { .. } => "pokerth1.unknown_value",
            PokerTh1NotACard { .. } => "pokerth1.not_a_card",
            PokerNetworkBoolByte { .. } => "pokernetwork.bool_byte",
            PokerNetworkYesNoByte { .. } => "pokernetwork.yes_no_byte",
            PokerNetworkInvalidJson { .. } => "pokernetwork.invalid_json",
            PokerNetworkInvalidLiteral { .. } => "pokernetwork.invalid_literal",
            PokerNetworkNotACard { .. } => "pokernetwork.not_a_card",
            PokerNetworkOlderLayout { .. } => "pokernetwork.older_layout",
            PokerNetworkInvalidUtf8 { .. } => "pokernetwork.invalid_utf8",
            PokerNetworkUnknownType { .. } => "pokernetwork.unknown_packet_type",
            PokerNetworkLeftover { .. } => "pokernetwork.leftover_bytes",
            PokerNetworkInList { note, .. } => note.code(),
            GlsWrongDirection { .. } => "gls.wrong_direction",
            GlsUnexpected { .. } => "gls.unexpected_in_state",
            GlsNoNul { .. } => "gls.no_nul",
            GlsControlCharacters { .. } => "gls.control_characters",
            GlsInvalidUtf8 { .. } => "gls.invalid_utf8",
            GlsNotPrintable { .. } => "gls.not_printable",
            GlsEmptyNick { .. } => "gls.empty_nick",
            GlsNickNotAlphanumeric { .. } => "gls.nick_not_alphanumeric",
            GlsBadLocation { .. } => "gls.bad_location",
            GlsColorOutOfRange { .. } => "gls.color_out_of_range",
            GlsMissingColor => "gls.missing_color",
            GlsDieOutOfRange { .. } => "gls.die_out_of_range",
            GlsUnusedFlags { .. } => "gls.unused_flags",
            GlsTimeOutOfRange { .. } => "gls.time_out_of_range",
            GlsRejectionWithoutReason => "gls.rejection_without_reason",
            GlsNickRejectionWithoutReason => "gls.nick_rejection_without_reason",
            GlsReasonWithNick => "gls.reason_with_nick",
            GlsBadMagic { .. } => "gls.bad_magic",
            CardGameWrongDirection { .. } => "cardgame.wrong_direction",
            CardGameScoreNotCumulative { .. } => "cardgame.score_not_cumulative",
            CardGameInvalidUtf8 => "cardgame.invalid_utf8",
            CardGameControlCharacters => "cardgame.control_characters",
            CardGameCardOutOfRange { .. } => "cardgame.card_out_of_range",
            CardGameUnknownDeal { .. } => "cardgame.unknown_deal",
            CardGameUnknownPlace { .. } => "cardgame.unknown_place",
            CardGameUnexpectedDetail { .. } => "cardgame.unexpected_detail",
            CardGameImageOutOfRange { .. } => "cardgame.image_out_of_range",
            CardGameUnknownStage { .. } => "cardgame.unknown_stage",
            CardGameUnknownPlayer { .. } => "cardgame.unknown_player",
            CardGameTotalBelowIncrease { .. } => "cardgame.total_below_increase",
            WebSocketAcceptMismatch { .. } => "websocket.accept_mismatch",
            WebSocketMissingKey => "websocket.missing_key",
            WebSocketMissingAccept => "websocket.missing_accept",
            WebSocketMissingUpgrade => "websocket.missing_upgrade",
            WebSocketMaskedServerFrame => "websocket.masked_server_frame",
            WebSocketUnmaskedClientFrame => "websocket.unmasked_client_frame",
            WebSocketCompressedWithoutDeflate => "websocket.compressed_without_deflate",
            WebSocketReservedBits { .. } => "websocket.reserved_bits",
            WebSocketInterrupted { .. } => "websocket.interrupted_message",
            WebSocketTextNotUtf8 => "websocket.text_not_utf8",
            WebSocketCloseOneByte => "websocket.close_one_byte",
            WebSocketCloseCode { .. } => "websocket.close_code_not_allowed",
            WebSocketCloseReasonNotUtf8 => "websocket.close_reason_not_utf8",
            WebSocketAfterClose => "websocket.after_close",
        }
    }
}

/// "is sent by the client, but this came from the server" (or the other
/// way).
fn wrong_direction(f: &mut fmt::Formatter<'_>, message: &str, client_sends: bool) -> fmt::Result {
    let (by, from) = match client_sends {
        true => ("client", "server"),
        false => ("server", "client"),
    };
    write!(
        f,
        "{message} is sent by the {by}, but this came from the {from}"
    )
}

/// The text people read: what the records always wrote.
impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Note::*;
        match self {
            PokerThReserved { value, bits: 16 } => {
                write!(f, "reserved field is 0x{value:04x}, not zero")
            }
            PokerThReserved { value, .. } => write!(f, "reserved field is 0x{value:08x}, not zero"),
            PokerThPadding { field } => write!(f, "the padding after {field} is not zero"),
            PokerThInvalidUtf8 { field } => {
                write!(f, "{field} is not valid UTF-8 (shown lossily)")
            }
            PokerThStringTooLong { field, len, limit } => {
                write!(f, "{field} is {len} bytes long, above the limit of {limit}")
            }
            PokerThNotACard { field, value } => {
                write!(f, "{field} {value} is not a card (0..51)")
            }
            PokerThAboveLimit {
                field,
                value,
                limit,
            } => write!(f, "{field} {value} is above the limit of {limit}"),
            PokerThUnknownValue { field, value } => {
                write!(f, "{field} {value} is not a documented value")
            }
            PokerThUnknownFlags { field, bits } => {
                write!(f, "{field} has undocumented bits 0x{bits:04x}")
            }
            PokerThGuiSpeed { value } => {
                write!(f, "proposed_gui_speed {value} is outside 1..11")
            }
            PokerThVersion {
                dialect,
                major,
                minor,
            } => match dialect {
                PokerThDialect::PokerTh => write!(
                    f,
                    "requested version {major}.{minor} is not one PokerTH 0.6..0.7.1 sent \
                     (2.0..5.2)"
                ),
                PokerThDialect::PokerTh2007 => write!(
                    f,
                    "requested version {major}.{minor} is not the 2007 protocol's 1.x"
                ),
            },
            PokerThAvatarWithoutType => {
                f.write_str("player_flags: an avatar without an avatar type")
            }
            PokerThNoStatistics => {
                f.write_str("no statistics entries: the 0.7 reader rejects a count of 0")
            }
            PokerThPlayerNumber { number, players } => write!(
                f,
                "your_player_number {number} is not below number_of_players {players}"
            ),
            PokerThTrailingBytes { count } => write!(
                f,
                "{count} bytes after the last field (legal: only a minimum length is checked)"
            ),
            PokerThAboveMaxLength { len, dialect } => write!(
                f,
                "length {len} is above the {} maximum of {} (accepted)",
                dialect.name(),
                dialect.max_len()
            ),
            PokerThLengthNotAligned { len } => write!(f, "length {len} is not a multiple of 4"),

            PokerTh1ExtraMessage { field, name } => write!(
                f,
                "the envelope also carries field {field} ({name}), ignored"
            ),
            PokerTh1UnknownType { kind } => write!(
                f,
                "message type {kind} is not in PokerTH 1.x protocol 5.1: its fields are kept \
                 as unknown"
            ),
            PokerTh1NoMessageType { field } => write!(
                f,
                "the envelope has no messageType (required); field {field} is set"
            ),
            PokerTh1TypeMismatch {
                kind,
                kind_name,
                field,
                field_name,
            } => write!(
                f,
                "messageType {kind} ({kind_name}) does not name the message set (field \
                 {field}, {field_name})"
            ),
            PokerTh1UnknownEnvelopeField { field } => write!(
                f,
                "the envelope has field {field} that protocol 5.1 does not define (kept)"
            ),
            PokerTh1UnknownField { path, field } => {
                write!(f, "{path}: field {field} is not in protocol 5.1 (kept)")
            }
            PokerTh1MissingField { path, field } => {
                write!(f, "{path}: required field {field} is missing")
            }
            PokerTh1UnknownValue {
                path,
                value,
                enumeration,
            } => write!(f, "{path}: {value} is not a value of {enumeration}"),
            PokerTh1NotACard { path, value } => {
                write!(f, "{path}: {value} is not a card (0..51)")
            }

            PokerNetworkBoolByte { field, byte } => {
                write!(f, "`{field}`: boolean byte {byte}, taken as true")
            }
            PokerNetworkYesNoByte { field, byte } => {
                write!(f, "`{field}`: byte {byte} is neither 1 ('y') nor 0 ('n')")
            }
            PokerNetworkInvalidJson { field, error } => {
                write!(f, "`{field}`: not valid JSON ({error}), kept as text")
            }
            PokerNetworkInvalidLiteral { field, error } => {
                write!(f, "`{field}`: not a Python literal ({error}), kept as text")
            }
            PokerNetworkNotACard { field, byte } => write!(f, "`{field}`: byte {byte} is no card"),
            PokerNetworkOlderLayout { field } => {
                write!(f, "`{field}` not sent (the older layout)")
            }
            PokerNetworkInvalidUtf8 { field } => write!(f, "`{field}`: invalid UTF-8, replaced"),
            PokerNetworkUnknownType { type_id } => write!(f, "unknown packet type {type_id}"),
            PokerNetworkLeftover { count, head } => {
                let more = if *count > head.len() { "..." } else { "" };
                write!(
                    f,
                    "{count} leftover bytes after the last attribute: {}{more}",
                    hex(head)
                )
            }
            PokerNetworkInList {
                field,
                index,
                name,
                note,
            } => write!(f, "{field}[{index}] ({name}): {note}"),

            GlsWrongDirection {
                message,
                client_sends,
            } => wrong_direction(f, message, *client_sends),
            GlsUnexpected { message, state } => {
                write!(f, "{message} is not expected in state {state}")
            }
            GlsNoNul { field, size } => write!(
                f,
                "{field}: no NUL in the {size}-byte field; the whole field is taken"
            ),
            GlsControlCharacters { field } => write!(f, "{field}: contains control characters"),
            GlsInvalidUtf8 { field } => write!(f, "{field}: not valid UTF-8"),
            GlsNotPrintable { field } => {
                write!(f, "{field}: not printable ASCII, as the spec requires")
            }
            GlsEmptyNick { field } => write!(f, "{field}: empty, but the spec requires a name"),
            GlsNickNotAlphanumeric { field } => {
                write!(f, "{field}: not alphanumeric, as the spec requires")
            }
            GlsBadLocation { loc } => write!(f, "loc: \"{loc}\" is outside A1..H8"),
            GlsColorOutOfRange { value } => {
                write!(f, "color: {value} is past purple ({COLOR_MAX})")
            }
            GlsMissingColor => f.write_str("color: 0 (none), but a placed die must have a color"),
            GlsDieOutOfRange { value } if *value == DIE_MAX => write!(
                f,
                "die: {value} is not below {DIE_MAX} (the reference reader accepts it)"
            ),
            GlsDieOutOfRange { value } => write!(f, "die: {value} is not below {DIE_MAX}"),
            GlsUnusedFlags { value } => write!(f, "flags: unused bits set ({value:#010x})"),
            GlsTimeOutOfRange { secs } => write!(f, "time: {secs} is past the year 9999"),
            GlsRejectionWithoutReason => {
                f.write_str("reason: empty, but a rejection must give one")
            }
            GlsNickRejectionWithoutReason => {
                f.write_str("reason: empty, but a rejected nick (empty nick) must give one")
            }
            GlsReasonWithNick => f.write_str("reason: must be empty when a nick is set"),
            GlsBadMagic { magic } => write!(f, "magic: \"{magic}\", not \"GLS\""),

            CardGameWrongDirection {
                message,
                client_sends,
            } => wrong_direction(f, message, *client_sends),
            CardGameScoreNotCumulative {
                total,
                previous,
                increase,
            } => write!(
                f,
                "total {total} is not the previous total {previous} plus {increase}"
            ),
            CardGameInvalidUtf8 => f.write_str("what: not valid UTF-8"),
            CardGameControlCharacters => f.write_str("what: contains control characters"),
            CardGameCardOutOfRange { card } => write!(
                f,
                "card: {card} is past the last card id ({})",
                super::cardgame::messages::MAX_CARD
            ),
            CardGameUnknownDeal { value } => write!(f, "deal: {value} is neither 0 nor 1"),
            CardGameUnknownPlace { value } => write!(f, "loc: unknown place {value:#04x}"),
            CardGameUnexpectedDetail { detail } => {
                write!(f, "loc: detail {detail} where the place has none (0)")
            }
            CardGameImageOutOfRange { value } => {
                write!(f, "image: {value} is past the back (24)")
            }
            CardGameUnknownStage { value } => write!(f, "stage: unknown stage {value:#04x}"),
            CardGameUnknownPlayer { value } => write!(f, "who: {value} is neither 0 nor 1"),
            CardGameTotalBelowIncrease { total, increase } => {
                write!(f, "total {total} is less than the increase {increase}")
            }

            WebSocketAcceptMismatch { got, expected } => write!(
                f,
                "Sec-WebSocket-Accept {got:?} does not answer the key (expected {expected:?})"
            ),
            WebSocketMissingKey => f.write_str("the request has no Sec-WebSocket-Key"),
            WebSocketMissingAccept => f.write_str("the response has no Sec-WebSocket-Accept"),
            WebSocketMissingUpgrade => f.write_str("the response does not say Upgrade: websocket"),
            WebSocketMaskedServerFrame => f.write_str("a server frame is masked"),
            WebSocketUnmaskedClientFrame => f.write_str("a client frame is not masked"),
            WebSocketCompressedWithoutDeflate => {
                f.write_str("RSV1 (compressed) without permessage-deflate in the handshake")
            }
            WebSocketReservedBits { rsv } => write!(
                f,
                "reserved bits {rsv:#05b} set without an extension that uses them"
            ),
            WebSocketInterrupted { opcode, frames } => write!(
                f,
                "a new {opcode} message before the last one ({frames} frames) ended: that one \
                 is lost"
            ),
            WebSocketTextNotUtf8 => f.write_str("a text message that is not valid UTF-8"),
            WebSocketCloseOneByte => f.write_str("a close frame of 1 byte"),
            WebSocketCloseCode { code } => {
                write!(f, "close code {code} is not one a peer may send")
            }
            WebSocketCloseReasonNotUtf8 => f.write_str("the close reason is not valid UTF-8"),
            WebSocketAfterClose => f.write_str("sent after this direction's close frame"),
        }
    }
}

/// Serialises as its text, as `notes` always held (the codes are written
/// beside them by the record writer).
impl Serialize for Note {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The texts of `notes`, joined with `; ` (the tables' summaries).
pub fn joined(notes: &[Note]) -> String {
    let mut s = String::new();
    for (i, n) in notes.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        fmt::write(&mut s, format_args!("{n}")).expect("a String takes any text");
    }
    s
}

#[cfg(test)]
mod tests;
