//! The one table of the protocols cardshark knows: one entry per protocol
//! (or per dialect family that detects and decodes on its own, such as
//! PokerTH 1.x), in the order probes run.
//!
//! [`ProtocolId`]'s names and ports, [`super::probe`],
//! [`super::probe_unframed`], [`super::new_decoder`] and
//! [`super::field_spans`] read this table;
//! nothing else in the crate lists the protocols to dispatch on them.

use super::{cardgame, gls, pokernetwork, pokerth, pokerth1};
use super::{Dialect, Probe, ProtocolId, Span, StreamDecoder};
use crate::reassembly::Direction;

/// A protocol's `probe::probe`: the first bytes of direction `dir`.
pub type ProbeFn = fn(dir: Direction, buf: &[u8]) -> Probe;

/// A protocol's `probe::probe_unframed`: the first whole messages of
/// direction `dir` of a message-oriented transport; `done`: no more will
/// come.
pub type ProbeUnframedFn = fn(dir: Direction, msgs: &[&[u8]], done: bool) -> Probe;

/// A protocol's `spans::spans`: where each key of the record of message
/// `msg` (of `dialect`, going `dir`; `unframed`: delivered by a
/// message-oriented transport without the protocol's framing) lies in its
/// bytes, for the detail view.
pub type SpansFn =
    fn(dialect: Option<Dialect>, dir: Direction, msg: &[u8], unframed: bool) -> Vec<Span>;

/// What the crate needs to know of one protocol to detect and decode it.
/// Everything else is in the protocol's folder.
#[derive(Clone, Copy)]
pub struct Registration {
    /// The protocol. Entries are in [`ProtocolId`]'s order (checked at
    /// compile time).
    pub id: ProtocolId,
    /// The name records carry (both PokerTH generations are `pokerth`; the
    /// dialect tells them apart).
    pub name: &'static str,
    /// The name on the command line (`--decode-as`, `-p`): unique.
    pub cli_name: &'static str,
    /// The dialect every stream of it speaks, for a protocol that is one
    /// dialect of a family (PokerTH 1.x): its streams are shown by it
    /// before a message names it (`decode::label::Label`). `None`: the
    /// stream's messages tell, if the protocol has dialects.
    pub dialect: Option<Dialect>,
    /// The TCP ports the protocol is usually served on (hints that break
    /// ties between equally confident probes).
    pub default_ports: &'static [u16],
    /// The protocol's `probe::probe`: the first bytes of one direction.
    pub probe: ProbeFn,
    /// The protocol's `probe::probe_unframed`, for a protocol that a
    /// message-oriented transport (WebSocket) carries one message per
    /// transport message, without its TCP framing; its decoder then also
    /// answers [`StreamDecoder::decode_unframed`]. `None`: the protocol
    /// keeps its own framing inside such a transport.
    pub probe_unframed: Option<ProbeUnframedFn>,
    /// A fresh `Decoder` for one stream.
    pub new_decoder: fn() -> Box<dyn StreamDecoder>,
    /// Every message name its records may carry as `type` (for the
    /// command line: `--type` is checked against them, and completions
    /// offer them).
    pub type_names: fn() -> Vec<&'static str>,
    /// The protocol's `spans::spans`: each field's bytes, for the detail
    /// view (`decode -V`).
    pub spans: SpansFn,
}

/// A boxed fresh decoder of type `D`, as [`Registration::new_decoder`]
/// wants it.
fn boxed<D: StreamDecoder + Default + 'static>() -> Box<dyn StreamDecoder> {
    Box::new(D::default())
}

/// Every protocol, in the order probes run (and in [`ProtocolId`]'s order).
#[rustfmt::skip]
pub const REGISTRY: [Registration; 5] = [
    Registration { id: ProtocolId::PokerTh, name: "pokerth", cli_name: "pokerth", dialect: None, default_ports: &[7234], probe: pokerth::probe::probe, probe_unframed: None, new_decoder: boxed::<pokerth::Decoder>, type_names: pokerth::messages::type_names, spans: pokerth::spans::spans },
    Registration { id: ProtocolId::PokerTh1, name: "pokerth", cli_name: "pokerth-1", dialect: Some(Dialect::PokerTh1), default_ports: &[7234], probe: pokerth1::probe::probe, probe_unframed: Some(pokerth1::probe::probe_unframed), new_decoder: boxed::<pokerth1::Decoder>, type_names: pokerth1::messages::type_names, spans: pokerth1::spans::spans },
    Registration { id: ProtocolId::PokerNetwork, name: "pokernetwork", cli_name: "pokernetwork", dialect: None, default_ports: &[19380], probe: pokernetwork::probe::probe, probe_unframed: None, new_decoder: boxed::<pokernetwork::Decoder>, type_names: pokernetwork::parsing::type_names, spans: pokernetwork::spans::spans },
    Registration { id: ProtocolId::Gls, name: "gls", cli_name: "gls", dialect: None, default_ports: &[13500], probe: gls::probe::probe, probe_unframed: None, new_decoder: boxed::<gls::Decoder>, type_names: gls::messages::type_names, spans: gls::spans::spans },
    Registration { id: ProtocolId::CardGame, name: "cardgame", cli_name: "cardgame", dialect: None, default_ports: &[], probe: cardgame::probe::probe, probe_unframed: None, new_decoder: boxed::<cardgame::Decoder>, type_names: cardgame::messages::type_names, spans: cardgame::spans::spans },
];

/// [`REGISTRY`]'s ids, in order: [`ProtocolId::ALL`].
pub(super) const IDS: [ProtocolId; REGISTRY.len()] = {
    let mut ids = [ProtocolId::PokerTh; REGISTRY.len()];
    let mut i = 0;
    while i < REGISTRY.len() {
        // An entry out of ProtocolId's order would make
        // `ProtocolId::registration` answer for the wrong protocol.
        assert!(
            REGISTRY[i].id as usize == i,
            "REGISTRY is not in ProtocolId's order"
        );
        ids[i] = REGISTRY[i].id;
        i += 1;
    }
    ids
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocols::{Dialect, Framing, ParseResult, ProtocolMessage};

    #[test]
    fn names_are_unique_on_the_command_line() {
        for (i, a) in REGISTRY.iter().enumerate() {
            for b in &REGISTRY[i + 1..] {
                assert_ne!(a.cli_name, b.cli_name);
            }
            assert_eq!(ProtocolId::from_name(a.cli_name), Some(a.id));
        }
    }

    #[test]
    fn every_protocol_names_its_message_types() {
        for r in &REGISTRY {
            let names = (r.type_names)();
            assert!(names.len() >= 10, "{}: {names:?}", r.cli_name);
            assert!(names.iter().all(|n| !n.is_empty() && n.is_ascii()));
        }
        let pokerth = ProtocolId::PokerTh.type_names();
        assert!(pokerth.contains(&"PlayersActionDone"));
        assert!(ProtocolId::PokerTh1.type_names().contains(&"HandStart"));
        assert!(ProtocolId::PokerNetwork
            .type_names()
            .contains(&"PacketPokerRaise"));
        assert!(ProtocolId::Gls.type_names().contains(&"DiePlaceTry"));
        assert!(ProtocolId::CardGame.type_names().contains(&"PlayCard"));
    }

    /// Every protocol module has the same entry points with the same
    /// signatures (ARCHITECTURE.md, "The shape of a protocol"): this fails
    /// to compile when one drifts.
    #[test]
    fn every_protocol_has_the_same_shape() {
        fn is_message<M: ProtocolMessage>() {}
        macro_rules! shape {
            ($($p:ident),*) => {$(
                let _: ProbeFn = $p::probe::probe;
                let _: fn(Option<Dialect>, Direction, &[u8]) -> Framing = $p::framing::frame;
                let _: fn(Option<Dialect>, Direction, &[u8]) -> ParseResult<$p::Message> =
                    $p::parsing::parse;
                is_message::<$p::Message>();
                let _: fn() -> $p::Decoder = $p::Decoder::new;
                let _: &dyn StreamDecoder = &$p::Decoder::new();
                let _: SpansFn = $p::spans::spans;
            )*};
        }
        shape!(pokerth, pokerth1, pokernetwork, gls, cardgame);
    }
}
