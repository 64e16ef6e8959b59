//! The request → answer pairs whose response times `stats -z rtt`
//! measures, as data: one line of [`PAIRS`] per request type, with the
//! messages that answer it, as the protocols' specifications (the seeds in
//! `shared/seeds/`) define them.
//!
//! A request waits on its stream for the first later message of one of its
//! answer types going the other way; requests of one kind are answered in
//! the order they were sent. When the pair *binds* a field (a player, a
//! card, a board location, a petition), an answer goes to the oldest
//! request with the same value, when both carry one. A request the
//! other side answers itself (the server prompting a player: PokerTH's
//! Players Turn, poker-network's Position, the card game's Stage) waits
//! for one answer at a time: a new prompt drops the one before as
//! unanswered. Requests still waiting when their stream ends are counted
//! unanswered.

use crate::protocols::{Dialect, ProtocolId};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Which side answers a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The client asks (client to server), the server answers.
    Server,
    /// The server asks (a prompt to the player), the client answers.
    Client,
}

impl By {
    /// `server` or `client`.
    pub fn as_str(self) -> &'static str {
        match self {
            By::Server => "server",
            By::Client => "client",
        }
    }
}

/// What an answer must share with its request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bind {
    /// Nothing: the oldest request waiting is answered.
    None,
    /// The request's field `.0` equals the answer's field `.1`.
    Field(&'static str, &'static str),
    /// The answer's field names the stream's own player.
    Own(&'static str),
}

/// One request type and what answers it; see the [module docs](self).
#[derive(Debug, Clone, Copy)]
pub struct Pair {
    /// The protocol (its registry id).
    pub protocol: ProtocolId,
    /// The request's message type, as records name it.
    pub request: &'static str,
    /// The message types that answer it.
    pub answers: &'static [&'static str],
    /// Who answers.
    pub by: By,
    /// What an answer shares with its request.
    pub bind: Bind,
    /// The request counts only when this field names the stream's own
    /// player (a prompt to that player).
    pub own: Option<&'static str>,
    /// The request counts only when this field has one of these values.
    pub when: Option<(&'static str, &'static [&'static str])>,
    /// A dialect of the protocol that has no such answer.
    pub not_in: Option<Dialect>,
}

impl Pair {
    /// `Request → Answer|Answer`, as tables show it.
    pub fn label(&self) -> String {
        format!("{} → {}", self.request, self.answers.join("|"))
    }
}

/// A pair with no binding and no condition, answered by the server.
const fn ask(
    protocol: ProtocolId,
    request: &'static str,
    answers: &'static [&'static str],
) -> Pair {
    Pair {
        protocol,
        request,
        answers,
        by: By::Server,
        bind: Bind::None,
        own: None,
        when: None,
        not_in: None,
    }
}

impl Pair {
    /// The same pair, answered by the client.
    const fn by_client(mut self) -> Pair {
        self.by = By::Client;
        self
    }
    /// The same pair, binding `bind`.
    const fn bind(mut self, bind: Bind) -> Pair {
        self.bind = bind;
        self
    }
    /// The same pair, counting only prompts to the stream's own player.
    const fn own(mut self, field: &'static str) -> Pair {
        self.own = Some(field);
        self
    }
    /// The same pair, counting only requests whose `field` is one of `values`.
    const fn when(mut self, field: &'static str, values: &'static [&'static str]) -> Pair {
        self.when = Some((field, values));
        self
    }
    /// The same pair, not in `dialect`.
    const fn not_in(mut self, dialect: Dialect) -> Pair {
        self.not_in = Some(dialect);
        self
    }
}

use Bind::{Field, Own};
use ProtocolId::{CardGame, Gls, PokerNetwork as Pn, PokerTh as Pt, PokerTh1 as Pt1};

/// A player's own bet actions in poker-network (client to server), each
/// echoed by the server for that player.
const PN_ACTIONS: &[&str] = &[
    "PacketPokerFold",
    "PacketPokerCheck",
    "PacketPokerCall",
    "PacketPokerRaise",
];

/// Every pair measured; see the [module docs](self) and docs/statistics.md.
pub const PAIRS: &[Pair] = &[
    // PokerTH 0.6/0.7 and the 2007 dialect: the spec's "Server Reply" and
    // "Client Reply" headings.
    ask(Pt, "Init", &["InitAck", "Error"]),
    ask(Pt, "RetrievePlayerInfo", &["PlayerInfo", "UnknownPlayerId"])
        .bind(Field("player_id", "player_id")),
    ask(Pt, "RetrieveAvatar", &["AvatarHeader", "UnknownAvatar"])
        .bind(Field("request_id", "request_id")),
    ask(Pt, "CreateGame", &["JoinGameAck", "JoinGameFailed"]),
    ask(Pt, "JoinGame", &["JoinGameAck", "JoinGameFailed", "Error"]),
    ask(Pt, "LeaveCurrentGame", &["RemovedFromGame"]),
    ask(Pt, "StartEvent", &["StartEvent"]),
    ask(
        Pt,
        "PlayersAction",
        &["PlayersActionDone", "PlayersActionRejected"],
    )
    .bind(Own("player_id"))
    .not_in(Dialect::PokerTh2007),
    ask(
        Pt,
        "AskKickPlayer",
        &["StartKickPlayerPetition", "AskKickPlayerDenied"],
    ),
    ask(
        Pt,
        "VoteKickPlayer",
        &["VoteKickPlayerAck", "VoteKickPlayerDenied"],
    )
    .bind(Field("petition_id", "petition_id")),
    ask(Pt, "PlayersTurn", &["PlayersAction"])
        .by_client()
        .own("player_id"),
    ask(Pt, "StartEvent", &["StartEventAck"]).by_client(),
    ask(Pt, "TimeoutWarning", &["ResetTimeout"]).by_client(),
    ask(Pt, "RetrieveAvatar", &["AvatarHeader", "UnknownAvatar"])
        .by_client()
        .bind(Field("request_id", "request_id")),
    // PokerTH 1.x: the protocol's request and reply messages.
    ask(Pt1, "Init", &["InitAck", "AuthServerChallenge", "Error"]),
    ask(
        Pt1,
        "AuthClientResponse",
        &["AuthServerVerification", "InitAck", "Error"],
    ),
    ask(Pt1, "PlayerInfoRequest", &["PlayerInfoReply"]).bind(Field("player_id", "player_id")),
    ask(Pt1, "AvatarRequest", &["AvatarHeader", "UnknownAvatar"])
        .bind(Field("request_id", "request_id")),
    ask(Pt1, "JoinNewGame", &["JoinGameAck", "JoinGameFailed"]),
    ask(Pt1, "JoinExistingGame", &["JoinGameAck", "JoinGameFailed"]),
    ask(
        Pt1,
        "RejoinExistingGame",
        &["JoinGameAck", "JoinGameFailed"],
    ),
    ask(Pt1, "LeaveGameRequest", &["RemovedFromGame"]),
    ask(Pt1, "StartEvent", &["StartEvent"]),
    ask(
        Pt1,
        "MyActionRequest",
        &["PlayersActionDone", "YourActionRejected"],
    )
    .bind(Own("player_id")),
    ask(
        Pt1,
        "AskKickPlayer",
        &["StartKickPetition", "AskKickDenied"],
    ),
    ask(Pt1, "VoteKickRequest", &["VoteKickReply"]).bind(Field("petition_id", "petition_id")),
    ask(Pt1, "ChatRequest", &["Chat", "ChatReject"]).bind(Own("player_id")),
    ask(Pt1, "ShowMyCardsRequest", &["AfterHandShowCards"]),
    ask(Pt1, "ReportAvatar", &["ReportAvatarAck"]),
    ask(Pt1, "ReportGame", &["ReportGameAck"]),
    ask(Pt1, "AdminRemoveGame", &["AdminRemoveGameAck"]),
    ask(Pt1, "AdminBanPlayer", &["AdminBanPlayerAck"]),
    ask(Pt1, "PlayersTurn", &["MyActionRequest"])
        .by_client()
        .own("player_id"),
    ask(Pt1, "StartEvent", &["StartEventAck"]).by_client(),
    ask(Pt1, "TimeoutWarning", &["ResetTimeout"]).by_client(),
    ask(Pt1, "AuthServerChallenge", &["AuthClientResponse"]).by_client(),
    // poker-network: the answers pokerpackets documents for each request.
    ask(
        Pn,
        "PacketLogin",
        &["PacketAuthOk", "PacketAuthRefused", "PacketError"],
    ),
    ask(
        Pn,
        "PacketPokerSetRole",
        &["PacketPokerRoles", "PacketError"],
    ),
    ask(Pn, "PacketPokerTableSelect", &["PacketPokerTableList"]),
    ask(
        Pn,
        "PacketPokerTableJoin",
        &["PacketPokerTable", "PacketPokerError"],
    ),
    ask(
        Pn,
        "PacketPokerTable",
        &["PacketPokerTable", "PacketPokerError"],
    ),
    ask(Pn, "PacketPokerSeat", &["PacketPokerSeat"]).bind(Field("serial", "serial")),
    ask(Pn, "PacketPokerSit", &["PacketPokerSit"]).bind(Field("serial", "serial")),
    ask(Pn, "PacketPokerSitOut", &["PacketPokerSitOut"]).bind(Field("serial", "serial")),
    ask(Pn, "PacketPokerPlayerLeave", &["PacketPokerPlayerLeave"]).bind(Field("serial", "serial")),
    ask(
        Pn,
        "PacketPokerAutoBlindAnte",
        &["PacketPokerAutoBlindAnte", "PacketPokerNoautoBlindAnte"],
    ),
    ask(
        Pn,
        "PacketPokerNoautoBlindAnte",
        &["PacketPokerNoautoBlindAnte", "PacketPokerAutoBlindAnte"],
    ),
    ask(
        Pn,
        "PacketPokerGetUserInfo",
        &["PacketPokerUserInfo", "PacketError"],
    ),
    ask(
        Pn,
        "PacketPokerGetPersonalInfo",
        &["PacketPokerPersonalInfo", "PacketError"],
    ),
    ask(Pn, "PacketPokerTourneySelect", &["PacketPokerTourneyList"]),
    ask(Pn, "PacketPokerHandSelect", &["PacketPokerHandList"]),
    ask(Pn, "PacketPokerHandSelectAll", &["PacketPokerHandList"]),
    ask(
        Pn,
        "PacketPokerFold",
        &["PacketPokerFold", "PacketPokerError"],
    )
    .bind(Field("serial", "serial")),
    ask(
        Pn,
        "PacketPokerCheck",
        &["PacketPokerCheck", "PacketPokerError"],
    )
    .bind(Field("serial", "serial")),
    ask(
        Pn,
        "PacketPokerCall",
        &["PacketPokerCall", "PacketPokerError"],
    )
    .bind(Field("serial", "serial")),
    ask(
        Pn,
        "PacketPokerRaise",
        &["PacketPokerRaise", "PacketPokerError"],
    )
    .bind(Field("serial", "serial")),
    ask(Pn, "PacketPokerChat", &["PacketPokerChat"]).bind(Field("serial", "serial")),
    ask(Pn, "PacketPokerPosition", PN_ACTIONS)
        .by_client()
        .own("serial"),
    ask(
        Pn,
        "PacketPokerBlindRequest",
        &[
            "PacketPokerBlind",
            "PacketPokerWaitBigBlind",
            "PacketPokerSitOut",
        ],
    )
    .by_client()
    .own("serial"),
    ask(
        Pn,
        "PacketPokerAnteRequest",
        &["PacketPokerAnte", "PacketPokerSitOut"],
    )
    .by_client()
    .own("serial"),
    ask(
        Pn,
        "PacketPokerMuckRequest",
        &["PacketPokerMuckAccept", "PacketPokerMuckDeny"],
    )
    .by_client(),
    // Glass Plate Game: what the server MUST reply (section 3.5).
    ask(Gls, "Protover", &["Protoverack"]),
    ask(Gls, "NickReq", &["NickSet"]),
    ask(Gls, "Say1", &["Say2"]).bind(Field("message", "message")),
    ask(Gls, "DiePlaceTry", &["DiePlace", "DiePlaceReject"]).bind(Field("loc", "loc")),
    // The card game: a card played is moved by the server; the server's
    // stage tells the client to play one.
    ask(CardGame, "PlayCard", &["Move", "Teleport"]).bind(Field("card", "card")),
    ask(CardGame, "Stage", &["PlayCard"]).by_client().when(
        "stage",
        &[
            "phase1_recipient_to_lead",
            "phase1_recipient_to_play_second",
            "phase2_recipient_to_lead",
            "phase2_recipient_to_play_second",
        ],
    ),
];

/// The start of the pair's row in docs/statistics.md's table of pairs: protocol,
/// request, answers, who answers.
#[cfg(test)]
fn doc_row(p: &Pair) -> String {
    format!(
        "| {} | `{}` | {} | {} |",
        p.protocol.cli_name(),
        p.request,
        p.answers
            .iter()
            .map(|a| format!("`{a}`"))
            .collect::<Vec<_>>()
            .join(", "),
        p.by.as_str()
    )
}

/// Where a message type takes part in [`PAIRS`].
#[derive(Debug, Default)]
pub struct Roles {
    /// Pairs it asks (their index), with the direction it then goes in.
    pub requests: Vec<usize>,
    /// Pairs it answers.
    pub answers: Vec<usize>,
}

/// The pairs each (protocol, message type) takes part in.
pub fn roles(protocol: ProtocolId, ty: &str) -> Option<&'static Roles> {
    type Index = HashMap<ProtocolId, HashMap<&'static str, Roles>>;
    static INDEX: OnceLock<Index> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = Index::new();
        for (i, p) in PAIRS.iter().enumerate() {
            let of = index.entry(p.protocol).or_default();
            of.entry(p.request).or_default().requests.push(i);
            for a in p.answers {
                of.entry(a).or_default().answers.push(i);
            }
        }
        index
    });
    index.get(&protocol)?.get(ty)
}

/// The field of a message that tells the stream's own player id, by
/// (protocol, type): PokerTH's Init Ack (and the 2007 dialect's Join Game
/// Ack), poker-network's Serial.
pub fn own_id_field(protocol: ProtocolId, ty: &str) -> Option<&'static str> {
    match (protocol, ty) {
        (Pt | Pt1, "InitAck") | (Pt, "JoinGameAck") => Some("your_player_id"),
        (Pn, "PacketSerial") => Some("serial"),
        _ => None,
    }
}

/// The field of a message that tells the stream's own player name:
/// PokerTH's Init (the 2007 dialect's Join Game), PokerTH 1.x's Init,
/// poker-network's Login, GLS's Nick Set.
pub fn own_name_field(protocol: ProtocolId, ty: &str) -> Option<&'static str> {
    match (protocol, ty) {
        (Pt, "Init") => Some("player_name"),
        (Pt, "JoinGame") => Some("name"),
        (Pt1, "Init") => Some("nick_name"),
        (Pn, "PacketLogin") => Some("name"),
        (Gls, "NickSet") => Some("nick"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_is_indexed_both_ways() {
        for (i, p) in PAIRS.iter().enumerate() {
            assert!(roles(p.protocol, p.request).unwrap().requests.contains(&i));
            for a in p.answers {
                assert!(roles(p.protocol, a).unwrap().answers.contains(&i), "{a}");
            }
        }
        assert!(roles(Gls, "PlatePlace").is_none());
        assert_eq!(PAIRS[0].label(), "Init → InitAck|Error");
    }

    /// Whether `protocol` has a message type named `ty`.
    fn known(protocol: ProtocolId, ty: &str) -> bool {
        use crate::protocols::{pokernetwork, pokerth, pokerth1};
        // The other protocols name their types as literals in their
        // `type_name`.
        let quoted = format!("\"{ty}\"");
        match protocol {
            Pn => (0..=255).any(|id| pokernetwork::parsing::type_name(id) == ty),
            Pt1 => (0..128).any(|k| pokerth1::messages::type_name(k) == Some(ty)),
            Pt => pokerth::messages::type_names().contains(&ty),
            Gls => include_str!("../../protocols/gls/messages.rs").contains(&quoted),
            CardGame => include_str!("../../protocols/cardgame/messages.rs").contains(&quoted),
        }
    }

    #[test]
    fn every_type_named_is_one_the_protocol_has() {
        for p in PAIRS {
            for ty in std::iter::once(&p.request).chain(p.answers) {
                assert!(known(p.protocol, ty), "{}: no type {ty}", p.protocol.name());
            }
        }
        assert!(!known(Pn, "PacketPokerNoSuch") && !known(Gls, "Nope"));
    }

    #[test]
    fn the_docs_list_every_pair() {
        let doc = include_str!("../../../docs/statistics.md");
        for p in PAIRS {
            let row = doc_row(p);
            assert!(doc.contains(&row), "docs/statistics.md lacks {row}");
        }
    }
}
