//! The eleven card game messages as typed values, and the protocol's
//! types: LOC, IMAGE, DEAL, STAGE, WHO.

use crate::protocols::cards::{Card, Suit};
use serde::{Serialize, Serializer};
use std::fmt;

/// Card ids run from 0 to this (96 cards).
pub const MAX_CARD: u8 = 95;

crate::wire_enum! {
    /// DEAL: who deals this game (0: the recipient is not dealer, so the
    /// opponent deals; 1: the recipient deals).
    pub Deal(u8) {
        0 => "opponent",
        1 => "recipient",
    }
}

crate::wire_enum! {
    /// WHO: 0 is the receiving player, 1 the other one.
    pub Who(u8) {
        0 => "recipient",
        1 => "opponent",
    }
}

crate::wire_enum! {
    /// STAGE: the game phase.
    pub Stage(u8) {
        0x00 => "dealing",
        0x01 => "phase1_recipient_to_lead",
        0x02 => "phase1_opponent_to_lead",
        0x03 => "phase1_recipient_to_play_second",
        0x04 => "phase1_opponent_to_play_second",
        0x05 => "phase1_recipient_to_meld_or_draw",
        0x06 => "phase1_opponent_to_meld_or_draw",
        0x07 => "phase2_recipient_to_lead",
        0x08 => "phase2_opponent_to_lead",
        0x09 => "phase2_recipient_to_play_second",
        0x0a => "phase2_opponent_to_play_second",
        0x0b => "count_up",
    }
}

impl Stage {
    /// The spec's wording: "phase 1: recipient to lead".
    pub fn describe(self) -> String {
        let text = match self.0 {
            0x00 => "dealing",
            0x01 => "phase 1: recipient to lead",
            0x02 => "phase 1: opponent to lead",
            0x03 => "phase 1: recipient to play second",
            0x04 => "phase 1: opponent to play second",
            0x05 => "phase 1: recipient to meld or draw",
            0x06 => "phase 1: opponent to meld or draw",
            0x07 => "phase 2: recipient to lead",
            0x08 => "phase 2: opponent to lead",
            0x09 => "phase 2: recipient to play second",
            0x0a => "phase 2: opponent to play second",
            0x0b => "end-of-hand count-up",
            n => return format!("unknown stage {n}"),
        };
        text.to_owned()
    }
}

crate::wire_enum! {
    /// The first octet of a LOC: which kind of place.
    pub Place(u8) {
        0x00 => "stock",
        0x01 => "trump",
        0x02 => "recipient_hand",
        0x03 => "opponent_hand",
        0x04 => "trick",
        0x05 => "recipient_trick_pile",
        0x06 => "opponent_trick_pile",
        0x07 => "recipient_meld",
        0x08 => "opponent_meld",
    }
}

/// LOC: a place a card can be. Serialises as `{"place": .., "detail": n}`;
/// the detail is the card's position in a hand, a number for the meld areas
/// (whose detail the spec leaves "TBD"), and 0 elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Loc {
    /// What kind of place.
    pub place: Place,
    /// The second octet.
    pub detail: u8,
}

impl Loc {
    /// True when the place has a detail (hands and meld areas); the others
    /// must say 0.
    pub fn has_detail(self) -> bool {
        matches!(self.place.0, 2 | 3 | 7 | 8)
    }
}

impl fmt::Display for Loc {
    /// "opponent's hand, card 3", "stock pile", "recipient's meld area 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.detail;
        match self.place.0 {
            0x00 => f.write_str("stock pile"),
            0x01 => f.write_str("turned-up trump"),
            0x02 => write!(f, "recipient's hand, card {n}"),
            0x03 => write!(f, "opponent's hand, card {n}"),
            0x04 => f.write_str("the trick"),
            0x05 => f.write_str("recipient's trick pile"),
            0x06 => f.write_str("opponent's trick pile"),
            0x07 => write!(f, "recipient's meld area {n}"),
            0x08 => write!(f, "opponent's meld area {n}"),
            p => write!(f, "unknown place {p:#04x} {n}"),
        }
    }
}

/// IMAGE: a card face (0..23, in the spec's table: 9, J, Q, K, 10, A of
/// clubs, diamonds, hearts, spades) or the back (24). Serialises as the
/// card ("Qh", "Tc") or "back"; an unknown image as its number, as a string (`"30"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Image(pub u8);

/// `IMAGE` 24: the deck's back.
pub const BACK: Image = Image(24);

impl Image {
    /// The face shown, for images 0..23.
    pub fn face(self) -> Option<Card> {
        const RANKS: [u8; 6] = [7, 9, 10, 11, 8, 12]; // 9 J Q K 10 A
        const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
        let suit = *SUITS.get(usize::from(self.0 / 6))?;
        Card::new(RANKS[usize::from(self.0 % 6)], suit)
    }

    /// True for the known images (faces and the back).
    pub fn is_known(self) -> bool {
        self.0 <= BACK.0
    }
}

impl fmt::Display for Image {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.face() {
            Some(card) => write!(f, "{card}"),
            None if *self == BACK => f.write_str("back"),
            None => write!(f, "{}", self.0),
        }
    }
}

impl Serialize for Image {
    /// As [`Display`](fmt::Display) writes it, a face straight from its
    /// card: a timeline line holds every card of the table, and going
    /// through the formatter cost a tenth of `timeline --format jsonl`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.face() {
            Some(card) => card.serialize(s),
            None if *self == BACK => s.serialize_str("back"),
            None => s.collect_str(&self.0),
        }
    }
}

/// 0x01 Reset: every card shows its back, in the stock pile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reset {
    /// Who deals.
    pub deal: Deal,
}

/// 0x02 Teleport and 0x03 Move: a card goes somewhere (instantly, or with
/// an animation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardLoc {
    /// Card id, 0..95.
    pub card: u8,
    /// Where to.
    pub loc: Loc,
}

/// 0x04 SetImage: what a card shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetImage {
    /// Card id.
    pub card: u8,
    /// The image.
    pub image: Image,
}

/// 0x05 Delay: wait before continuing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Delay {
    /// INT(n): milliseconds.
    pub milliseconds: u16,
}

/// 0x06 Raise, 0x07 Lower, 0x81 PlayCard: one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardOnly {
    /// Card id.
    pub card: u8,
}

/// 0x08 WaitAnimations: no fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WaitAnimations {}

/// 0x09 Stage: the game phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StageChange {
    /// The phase.
    pub stage: Stage,
}

/// 0x0a Score: someone's score increased by `increase` to `total`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Score {
    /// WHO scored.
    pub who: Who,
    /// INT(s): the new total.
    pub total: u16,
    /// INT(d): the increase.
    pub increase: u16,
    /// STRING(WHAT): the description for the score history.
    pub what: String,
    /// The other player's total, when the stream showed it (not on the
    /// wire: the [`super::Decoder`] fills it for the summary).
    #[serde(skip)]
    pub other_total: Option<u16>,
}

/// Any card game message. Serialises as its fields only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Message {
    /// 0x01.
    Reset(Reset),
    /// 0x02.
    Teleport(CardLoc),
    /// 0x03.
    Move(CardLoc),
    /// 0x04.
    SetImage(SetImage),
    /// 0x05.
    Delay(Delay),
    /// 0x06.
    Raise(CardOnly),
    /// 0x07.
    Lower(CardOnly),
    /// 0x08.
    WaitAnimations(WaitAnimations),
    /// 0x09.
    Stage(StageChange),
    /// 0x0a.
    Score(Score),
    /// 0x81 (the only client message).
    PlayCard(CardOnly),
}

/// Every message name (a record's `type`).
pub fn type_names() -> Vec<&'static str> {
    (0..=u8::MAX).filter_map(opcode_name).collect()
}

/// The message name of `opcode`.
pub fn opcode_name(opcode: u8) -> Option<&'static str> {
    Some(match opcode {
        0x01 => "Reset",
        0x02 => "Teleport",
        0x03 => "Move",
        0x04 => "SetImage",
        0x05 => "Delay",
        0x06 => "Raise",
        0x07 => "Lower",
        0x08 => "WaitAnimations",
        0x09 => "Stage",
        0x0a => "Score",
        0x81 => "PlayCard",
        _ => return None,
    })
}

/// True for the opcode the client sends (0x81); the server sends the rest.
pub fn is_client_opcode(opcode: u8) -> bool {
    opcode == 0x81
}

impl Message {
    /// The opcode on the wire.
    pub fn opcode(&self) -> u8 {
        match self {
            Message::Reset(_) => 0x01,
            Message::Teleport(_) => 0x02,
            Message::Move(_) => 0x03,
            Message::SetImage(_) => 0x04,
            Message::Delay(_) => 0x05,
            Message::Raise(_) => 0x06,
            Message::Lower(_) => 0x07,
            Message::WaitAnimations(_) => 0x08,
            Message::Stage(_) => 0x09,
            Message::Score(_) => 0x0a,
            Message::PlayCard(_) => 0x81,
        }
    }

    /// The message name (`Teleport`, `PlayCard`, ...).
    pub fn type_name(&self) -> &'static str {
        opcode_name(self.opcode()).unwrap_or("Unknown")
    }

    /// One line for people: "move card 17 to opponent's hand, card 3".
    pub fn summary(&self) -> String {
        match self {
            Message::Reset(m) => format!("reset: {} deals", m.deal),
            Message::Teleport(m) => format!("teleport card {} to {}", m.card, m.loc),
            Message::Move(m) => format!("move card {} to {}", m.card, m.loc),
            Message::SetImage(m) => format!("card {} shows {}", m.card, m.image),
            Message::Delay(m) => format!("delay {} ms", m.milliseconds),
            Message::Raise(m) => format!("raise card {}", m.card),
            Message::Lower(m) => format!("lower card {}", m.card),
            Message::WaitAnimations(_) => "wait for animations".to_owned(),
            Message::Stage(m) => format!("stage: {}", m.stage.describe()),
            Message::Score(m) => {
                let mut s = format!("score: {} {} (+{}", m.who, m.total, m.increase);
                if !m.what.is_empty() {
                    s.push_str(", ");
                    s.push_str(&m.what);
                }
                s.push(')');
                if let Some(other) = m.other_total {
                    let who = if m.who.0 == 0 {
                        "opponent"
                    } else {
                        "recipient"
                    };
                    s.push_str(&format!(", {who} {other}"));
                }
                s
            }
            Message::PlayCard(m) => format!("play card {}", m.card),
        }
    }
}

impl crate::protocols::ProtocolMessage for Message {
    fn type_name(&self) -> &'static str {
        Message::type_name(self)
    }

    fn into_fields(self) -> crate::protocols::Fields {
        crate::protocols::Fields::CardGame(self)
    }
}
