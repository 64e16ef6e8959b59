//! The typed PokerTH messages of both dialects, their enumerations and flags,
//! and the one-line summaries a person follows a game by.
//!
//! Field names are the specification's, in snake_case and in wire order
//! (the keys of `vectors/pokerth.jsonl`): reserved fields and padding are left
//! out, length and count fields are kept. Enumerations serialise as their
//! lower_snake_case names (an undocumented value as its number, in a
//! string), flags as
//! objects of booleans, cards as `"Kd"`, MD5s and avatar data as hex.
//!
//! Two values are rendered for people and keep their wire number beside
//! them: Init's requested version (`requested_version: "5.2"` beside the
//! major and minor numbers) and Init Ack's latest game version. The latter is
//! `major << 8 | minor` of the PokerTH release, where the minor number holds
//! the release's minor and patch digits (0x0046 = 70 = 0.7, 0x0047 = 71 =
//! 0.7.1, 0x003D = 61 = 0.6.1): it is shown as the release is named
//! (`latest_game_version: "0.7.1"`, a trailing `.0` dropped) and the raw
//! number is kept as `latest_game_version_raw`.
//!
//! Layout: [`lobby`] (types 1..67), [`game`] (80..112), [`server`]
//! (113..1024) and [`v2007`] hold the message structs, [`values`] the cards,
//! flags and enumerations, `summary` the one-line summaries; this module the
//! dialects, the type tables and [`Message`].

pub mod game;
pub mod lobby;
pub mod server;
mod summary;
pub mod v2007;
pub mod values;

pub use game::*;
pub use lobby::*;
pub use server::*;
pub use v2007::*;
pub use values::*;

use serde::Serialize;

/// The two dialects of the PokerTH binary protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// PokerTH 0.6 .. 0.7.1 (2007-10 .. 2009): seed 000, `pokerth`.
    PokerTh,
    /// The 2007-05 development snapshot: seed 002, `pokerth-2007`.
    PokerTh2007,
}

impl Dialect {
    /// The name used in records (`pokerth`, `pokerth-2007`).
    pub fn name(self) -> &'static str {
        crate::protocols::Dialect::from(self).as_str()
    }

    /// The largest message the dialect's code sends (a note above it).
    pub fn max_len(self) -> usize {
        match self {
            Dialect::PokerTh => 268,
            Dialect::PokerTh2007 => 256,
        }
    }
}

impl Dialect {
    /// The PokerTH binary dialect `d` is, if it is one of them.
    pub fn of(d: crate::protocols::Dialect) -> Option<Dialect> {
        match d {
            crate::protocols::Dialect::PokerTh => Some(Dialect::PokerTh),
            crate::protocols::Dialect::PokerTh2007 => Some(Dialect::PokerTh2007),
            _ => None,
        }
    }
}

impl From<Dialect> for crate::protocols::Dialect {
    fn from(d: Dialect) -> Self {
        match d {
            Dialect::PokerTh => crate::protocols::Dialect::PokerTh,
            Dialect::PokerTh2007 => crate::protocols::Dialect::PokerTh2007,
        }
    }
}

/// How a message type's length is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// Exactly this many bytes.
    Fixed(usize),
    /// At least this many; the code checks only a minimum, so bytes after
    /// the last field are legal (a note).
    Min(usize),
    /// At least this many, and exactly what the counts and lengths inside
    /// give (bytes after the last field are an error).
    Exact(usize),
}

/// One message type of a dialect.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The type id on the wire.
    pub id: u16,
    /// The message name (the record's `type`).
    pub name: &'static str,
    /// How its length is checked.
    pub size: Size,
}

const fn spec(id: u16, name: &'static str, size: Size) -> Spec {
    Spec { id, name, size }
}

use Size::{Exact, Fixed, Min};

/// Every message type of `pokerth` (seed 000), in type id order.
pub const TYPES: [Spec; 57] = [
    spec(1, "Init", Min(16)),
    spec(2, "InitAck", Fixed(16)),
    spec(3, "RetrieveAvatar", Fixed(24)),
    spec(4, "AvatarHeader", Fixed(16)),
    spec(5, "AvatarFile", Exact(12)),
    spec(6, "AvatarEnd", Fixed(8)),
    spec(7, "UnknownAvatar", Fixed(8)),
    spec(16, "GameListNew", Exact(44)),
    spec(17, "GameListUpdate", Fixed(12)),
    spec(18, "GameListPlayerJoined", Fixed(12)),
    spec(19, "GameListPlayerLeft", Fixed(12)),
    spec(20, "GameListAdminChanged", Fixed(12)),
    spec(32, "RetrievePlayerInfo", Fixed(8)),
    spec(33, "PlayerInfo", Exact(16)),
    spec(34, "UnknownPlayerId", Fixed(8)),
    spec(35, "UnsubscribeGameListMessages", Fixed(8)),
    spec(36, "ResubscribeGameListMessages", Fixed(8)),
    spec(48, "CreateGame", Min(36)),
    spec(49, "JoinGame", Min(12)),
    spec(50, "JoinGameAck", Min(40)),
    spec(51, "JoinGameFailed", Fixed(8)),
    spec(52, "PlayerJoined", Fixed(12)),
    spec(53, "PlayerLeft", Fixed(12)),
    spec(54, "GameAdminChanged", Fixed(8)),
    spec(64, "KickPlayer", Fixed(8)),
    spec(65, "LeaveCurrentGame", Fixed(8)),
    spec(66, "StartEvent", Fixed(8)),
    spec(67, "StartEventAck", Fixed(8)),
    spec(80, "GameStart", Exact(12)),
    spec(81, "HandStart", Fixed(12)),
    spec(82, "PlayersTurn", Fixed(12)),
    spec(83, "PlayersAction", Fixed(12)),
    spec(84, "PlayersActionDone", Fixed(28)),
    spec(85, "PlayersActionRejected", Fixed(16)),
    spec(96, "DealFlopCards", Fixed(12)),
    spec(97, "DealTurnCard", Fixed(8)),
    spec(98, "DealRiverCard", Fixed(8)),
    spec(99, "AllInShowCards", Exact(8)),
    spec(100, "EndOfHandShowCards", Exact(8)),
    spec(101, "EndOfHandHideCards", Fixed(16)),
    spec(112, "EndOfGame", Fixed(8)),
    spec(113, "AskKickPlayer", Fixed(8)),
    spec(114, "AskKickPlayerDenied", Fixed(12)),
    // Erratum: the spec says 16; its own diagram and the code say 20.
    spec(115, "StartKickPlayerPetition", Fixed(20)),
    spec(116, "VoteKickPlayer", Fixed(12)),
    spec(117, "VoteKickPlayerAck", Fixed(8)),
    spec(118, "VoteKickPlayerDenied", Fixed(12)),
    spec(119, "KickPlayerPetitionUpdate", Fixed(16)),
    spec(120, "EndKickPlayerPetition", Fixed(16)),
    spec(128, "StatisticsChanged", Exact(8)),
    spec(256, "RemovedFromGame", Fixed(8)),
    spec(257, "TimeoutWarning", Fixed(12)),
    spec(258, "ResetTimeout", Fixed(8)),
    spec(512, "SendChatText", Exact(8)),
    spec(513, "ChatText", Exact(12)),
    spec(514, "MessageBoxText", Exact(8)),
    spec(1024, "Error", Fixed(8)),
];

/// Every message type of `pokerth-2007` (seed 002), in type id order.
pub const TYPES_2007: [Spec; 9] = [
    // The 2007 code appends 2 zero bytes after Join Game and Player Joined.
    spec(1, "JoinGame", Min(16)),
    // Erratum: the spec says 12; its diagram and the code say 24.
    spec(2, "JoinGameAck", Fixed(24)),
    spec(3, "PlayerJoined", Min(12)),
    spec(4, "PlayerLeft", Fixed(8)),
    spec(5, "GameStart", Fixed(8)),
    spec(6, "PlayersTurn", Fixed(8)),
    spec(7, "PlayersAction", Fixed(12)),
    spec(8, "PlayersActionRejected", Fixed(16)),
    spec(1024, "Error", Fixed(8)),
];

/// Every message name of both dialects (a record's `type`).
pub fn type_names() -> Vec<&'static str> {
    TYPES.iter().chain(&TYPES_2007).map(|s| s.name).collect()
}

/// The type `id` of dialect `d`, if it has one.
pub fn lookup(d: Dialect, id: u16) -> Option<&'static Spec> {
    let table: &'static [Spec] = match d {
        Dialect::PokerTh => &TYPES,
        Dialect::PokerTh2007 => &TYPES_2007,
    };
    table
        .binary_search_by_key(&id, |s| s.id)
        .ok()
        .map(|i| &table[i])
}

/// True when either dialect has message type `id`.
pub fn known_in_any(id: u16) -> bool {
    lookup(Dialect::PokerTh, id).is_some() || lookup(Dialect::PokerTh2007, id).is_some()
}

// ---------------------------------------------------------------------------
// The message.

/// One decoded PokerTH message of either dialect. Serialises as its fields.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Message {
    /// Init.
    Init(Init),
    /// Init Ack.
    InitAck(InitAck),
    /// Retrieve Avatar.
    RetrieveAvatar(RetrieveAvatar),
    /// Avatar Header.
    AvatarHeader(AvatarHeader),
    /// Avatar File.
    AvatarFile(AvatarFile),
    /// Avatar End.
    AvatarEnd(RequestId),
    /// Unknown Avatar.
    UnknownAvatar(RequestId),
    /// Game List New.
    GameListNew(Box<GameListNew>),
    /// Game List Update.
    GameListUpdate(GameListUpdate),
    /// Game List Player Joined.
    GameListPlayerJoined(GamePlayer),
    /// Game List Player Left.
    GameListPlayerLeft(GamePlayer),
    /// Game List Admin Changed.
    GameListAdminChanged(GameListAdminChanged),
    /// Retrieve Player Info.
    RetrievePlayerInfo(PlayerId),
    /// Player Info.
    PlayerInfo(PlayerInfo),
    /// Unknown Player Id.
    UnknownPlayerId(PlayerId),
    /// Unsubscribe Game List Messages.
    UnsubscribeGameListMessages(Empty),
    /// Resubscribe Game List Messages.
    ResubscribeGameListMessages(Empty),
    /// Create Game.
    CreateGame(Box<CreateGame>),
    /// Join Game.
    JoinGame(JoinGame),
    /// Join Game Ack.
    JoinGameAck(Box<JoinGameAck>),
    /// Join Game Failed.
    JoinGameFailed(JoinGameFailed),
    /// Player Joined.
    PlayerJoined(PlayerJoined),
    /// Player Left.
    PlayerLeft(PlayerLeft),
    /// Game Admin Changed.
    GameAdminChanged(GameAdminChanged),
    /// Kick Player.
    KickPlayer(PlayerId),
    /// Leave Current Game.
    LeaveCurrentGame(Empty),
    /// Start Event.
    StartEvent(StartEvent),
    /// Start Event Ack.
    StartEventAck(Empty),
    /// Game Start.
    GameStart(GameStart),
    /// Hand Start.
    HandStart(HandStart),
    /// Players Turn.
    PlayersTurn(PlayersTurn),
    /// Players Action.
    PlayersAction(PlayersAction),
    /// Players Action Done.
    PlayersActionDone(PlayersActionDone),
    /// Players Action Rejected.
    PlayersActionRejected(PlayersActionRejected),
    /// Deal Flop Cards.
    DealFlopCards(DealFlopCards),
    /// Deal Turn Card.
    DealTurnCard(DealTurnCard),
    /// Deal River Card.
    DealRiverCard(DealRiverCard),
    /// All In Show Cards.
    AllInShowCards(AllInShowCards),
    /// End Of Hand Show Cards.
    EndOfHandShowCards(EndOfHandShowCards),
    /// End Of Hand Hide Cards.
    EndOfHandHideCards(EndOfHandHideCards),
    /// End Of Game.
    EndOfGame(EndOfGame),
    /// Ask Kick Player.
    AskKickPlayer(PlayerId),
    /// Ask Kick Player Denied.
    AskKickPlayerDenied(AskKickPlayerDenied),
    /// Start Kick Player Petition.
    StartKickPlayerPetition(StartKickPlayerPetition),
    /// Vote Kick Player.
    VoteKickPlayer(VoteKickPlayer),
    /// Vote Kick Player Ack.
    VoteKickPlayerAck(PetitionId),
    /// Vote Kick Player Denied.
    VoteKickPlayerDenied(VoteKickPlayerDenied),
    /// Kick Player Petition Update.
    KickPlayerPetitionUpdate(KickPlayerPetitionUpdate),
    /// End Kick Player Petition.
    EndKickPlayerPetition(EndKickPlayerPetition),
    /// Statistics Changed.
    StatisticsChanged(StatisticsChanged),
    /// Removed From Game.
    RemovedFromGame(RemovedFromGame),
    /// Timeout Warning.
    TimeoutWarning(TimeoutWarning),
    /// Reset Timeout.
    ResetTimeout(Empty),
    /// Send Chat Text.
    SendChatText(Text),
    /// Chat Text.
    ChatText(ChatText),
    /// Message Box Text.
    MessageBoxText(Text),
    /// Error.
    Error(ErrorMessage),
    /// `pokerth-2007` Join Game.
    JoinGame2007(JoinGame2007),
    /// `pokerth-2007` Join Game Ack.
    JoinGameAck2007(JoinGameAck2007),
    /// `pokerth-2007` Player Joined.
    PlayerJoined2007(PlayerJoined2007),
    /// `pokerth-2007` Player Left.
    PlayerLeft2007(PlayerLeft2007),
    /// `pokerth-2007` Game Start.
    GameStart2007(GameStart2007),
    /// `pokerth-2007` Players Turn.
    PlayersTurn2007(PlayersTurn2007),
    /// `pokerth-2007` Players Action.
    PlayersAction2007(PlayersAction2007),
    /// `pokerth-2007` Players Action Rejected.
    PlayersActionRejected2007(PlayersActionRejected2007),
    /// `pokerth-2007` Error.
    Error2007(Error2007),
}

impl Message {
    /// The message name, the record's `type` (`PlayersActionDone`).
    pub fn type_name(&self) -> &'static str {
        use Message as M;
        match self {
            M::Init(_) => "Init",
            M::InitAck(_) => "InitAck",
            M::RetrieveAvatar(_) => "RetrieveAvatar",
            M::AvatarHeader(_) => "AvatarHeader",
            M::AvatarFile(_) => "AvatarFile",
            M::AvatarEnd(_) => "AvatarEnd",
            M::UnknownAvatar(_) => "UnknownAvatar",
            M::GameListNew(_) => "GameListNew",
            M::GameListUpdate(_) => "GameListUpdate",
            M::GameListPlayerJoined(_) => "GameListPlayerJoined",
            M::GameListPlayerLeft(_) => "GameListPlayerLeft",
            M::GameListAdminChanged(_) => "GameListAdminChanged",
            M::RetrievePlayerInfo(_) => "RetrievePlayerInfo",
            M::PlayerInfo(_) => "PlayerInfo",
            M::UnknownPlayerId(_) => "UnknownPlayerId",
            M::UnsubscribeGameListMessages(_) => "UnsubscribeGameListMessages",
            M::ResubscribeGameListMessages(_) => "ResubscribeGameListMessages",
            M::CreateGame(_) => "CreateGame",
            M::JoinGame(_) | M::JoinGame2007(_) => "JoinGame",
            M::JoinGameAck(_) | M::JoinGameAck2007(_) => "JoinGameAck",
            M::JoinGameFailed(_) => "JoinGameFailed",
            M::PlayerJoined(_) | M::PlayerJoined2007(_) => "PlayerJoined",
            M::PlayerLeft(_) | M::PlayerLeft2007(_) => "PlayerLeft",
            M::GameAdminChanged(_) => "GameAdminChanged",
            M::KickPlayer(_) => "KickPlayer",
            M::LeaveCurrentGame(_) => "LeaveCurrentGame",
            M::StartEvent(_) => "StartEvent",
            M::StartEventAck(_) => "StartEventAck",
            M::GameStart(_) | M::GameStart2007(_) => "GameStart",
            M::HandStart(_) => "HandStart",
            M::PlayersTurn(_) | M::PlayersTurn2007(_) => "PlayersTurn",
            M::PlayersAction(_) | M::PlayersAction2007(_) => "PlayersAction",
            M::PlayersActionDone(_) => "PlayersActionDone",
            M::PlayersActionRejected(_) | M::PlayersActionRejected2007(_) => {
                "PlayersActionRejected"
            }
            M::DealFlopCards(_) => "DealFlopCards",
            M::DealTurnCard(_) => "DealTurnCard",
            M::DealRiverCard(_) => "DealRiverCard",
            M::AllInShowCards(_) => "AllInShowCards",
            M::EndOfHandShowCards(_) => "EndOfHandShowCards",
            M::EndOfHandHideCards(_) => "EndOfHandHideCards",
            M::EndOfGame(_) => "EndOfGame",
            M::AskKickPlayer(_) => "AskKickPlayer",
            M::AskKickPlayerDenied(_) => "AskKickPlayerDenied",
            M::StartKickPlayerPetition(_) => "StartKickPlayerPetition",
            M::VoteKickPlayer(_) => "VoteKickPlayer",
            M::VoteKickPlayerAck(_) => "VoteKickPlayerAck",
            M::VoteKickPlayerDenied(_) => "VoteKickPlayerDenied",
            M::KickPlayerPetitionUpdate(_) => "KickPlayerPetitionUpdate",
            M::EndKickPlayerPetition(_) => "EndKickPlayerPetition",
            M::StatisticsChanged(_) => "StatisticsChanged",
            M::RemovedFromGame(_) => "RemovedFromGame",
            M::TimeoutWarning(_) => "TimeoutWarning",
            M::ResetTimeout(_) => "ResetTimeout",
            M::SendChatText(_) => "SendChatText",
            M::ChatText(_) => "ChatText",
            M::MessageBoxText(_) => "MessageBoxText",
            M::Error(_) | M::Error2007(_) => "Error",
        }
    }
}

impl crate::protocols::ProtocolMessage for Message {
    fn type_name(&self) -> &'static str {
        Message::type_name(self)
    }

    fn into_fields(self) -> crate::protocols::Fields {
        crate::protocols::Fields::PokerTh(self)
    }
}
