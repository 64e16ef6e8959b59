//! How people read a protocol: one name per stream, the same in every
//! command, column and table, and the names `-p` and `-Y 'protocol == …'`
//! take.
//!
//! Records keep the contract's split (`protocol` the family, `dialect`
//! the finer name, `transport` what carried them). Everything people read
//! shows a stream's protocol by [`Label`]: the dialect's name when the
//! stream's dialect is known (`pokerth-1`, `pokerth-2007`,
//! `pokernetwork-2`, `pokerth`, `pokernetwork`), else the protocol's name,
//! `websocket/` before it when a WebSocket carries it (`websocket/pokerth-1`),
//! `websocket` alone for a WebSocket whose protocol is not known yet, and `?`
//! for a stream no protocol was recognised on.
//!
//! A filter by name ([`names_of`]) sees both: a record of PokerTH 1.x is
//! `pokerth` and `pokerth-1`, so `pokerth` takes every PokerTH generation
//! and `pokerth-1` only 1.x.

use super::{Dialect, ProtocolId};
use crate::transport::Transport;
use std::fmt;

/// Every name a protocol or a dialect goes by, with what it is: those
/// records carry as `protocol` and `dialect`, and those tables show (after
/// `websocket/` when a WebSocket carries it). `-p NAME` and
/// `-Y 'protocol == "NAME"'` take each of them.
pub const NAMES: [(&str, &str); 7] = [
    (
        "pokerth",
        "PokerTH: as a protocol every generation; as a dialect the binary protocol of 0.6 .. 0.7.1",
    ),
    (
        "pokerth-2007",
        "the 2007-05 development snapshot of PokerTH's binary protocol (a dialect of pokerth)",
    ),
    (
        "pokerth-1",
        "PokerTH 1.x, Protocol Buffers (a dialect of pokerth, detected and decoded on its own)",
    ),
    (
        "pokernetwork",
        "poker-network: as a protocol every server release; as a dialect protocol 3.x",
    ),
    (
        "pokernetwork-2",
        "older poker-network servers, protocol 2 (a dialect of pokernetwork)",
    ),
    ("gls", "the Glass Plate Game"),
    ("cardgame", "the two-player card game"),
];

/// The names of [`NAMES`] alone.
pub const NAME_LIST: [&str; NAMES.len()] = {
    let mut names = [""; NAMES.len()];
    let mut i = 0;
    while i < NAMES.len() {
        names[i] = NAMES[i].0;
        i += 1;
    }
    names
};

/// Whether `name` is one of [`NAMES`].
pub fn is_name(name: &str) -> bool {
    NAME_LIST.contains(&name)
}

/// The names a record, stream or hand of `protocol` answers to, as a
/// filter sees them (its `protocol` key's occurrences): the protocol's
/// name records carry, then its dialect's when that says more (the one
/// the stream showed, or the one the protocol always speaks: PokerTH
/// 1.x). `pokerth`, `pokerth-2007` for a stream of the 2007 dialect;
/// `gls` alone.
pub fn names_of(
    protocol: ProtocolId,
    dialect: Option<Dialect>,
) -> impl Iterator<Item = &'static str> {
    let name = protocol.name();
    let finer = dialect
        .or(protocol.dialect())
        .map(Dialect::as_str)
        .filter(|d| *d != name);
    std::iter::once(name).chain(finer)
}

/// Whether a record, stream or hand of `protocol` (in `dialect`, when
/// known) answers to `name` (see [`names_of`]).
pub fn answers_to(protocol: ProtocolId, dialect: Option<Dialect>, name: &str) -> bool {
    names_of(protocol, dialect).any(|n| n == name)
}

/// A stream's protocol as people read it (see the [module docs](self)):
/// what is known of it when the row, record or hand is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Label {
    /// The protocol, once detected.
    pub protocol: Option<ProtocolId>,
    /// Its dialect, once the stream showed it.
    pub dialect: Option<Dialect>,
    /// What carries the protocol's messages.
    pub transport: Transport,
}

impl Label {
    /// The label of a stream of `protocol` in `dialect` over `transport`.
    pub fn new(
        protocol: Option<ProtocolId>,
        dialect: Option<Dialect>,
        transport: Transport,
    ) -> Label {
        Label {
            protocol,
            dialect,
            transport,
        }
    }

    /// The name without the transport: the dialect's (the one shown, or
    /// the one the protocol always speaks), else the protocol's; `None`
    /// when no protocol is known.
    pub fn name(&self) -> Option<&'static str> {
        let p = self.protocol?;
        Some(
            self.dialect
                .or(p.dialect())
                .map_or(p.name(), Dialect::as_str),
        )
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.transport, self.name()) {
            (Transport::Tcp, Some(name)) => f.write_str(name),
            (Transport::Tcp, None) => f.write_str("?"),
            (Transport::WebSocket, Some(name)) => write!(f, "websocket/{name}"),
            (Transport::WebSocket, None) => f.write_str("websocket"),
        }
    }
}

/// The text of [`Label::new`]`(protocol, dialect, transport)`: how every
/// table, summary and report names a stream's protocol.
pub fn label(
    protocol: Option<ProtocolId>,
    dialect: Option<Dialect>,
    transport: Transport,
) -> String {
    Label::new(protocol, dialect, transport).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn names_are_those_of_the_protocols_and_dialects() {
        let mut known: BTreeSet<&str> = ProtocolId::ALL
            .iter()
            .flat_map(|p| [p.name(), p.cli_name()])
            .collect();
        known.extend(Dialect::ALL.map(Dialect::as_str));
        let names: BTreeSet<&str> = NAME_LIST.into_iter().collect();
        assert_eq!(names, known);
        assert_eq!(names.len(), NAMES.len(), "no name twice");
    }

    #[test]
    fn the_docs_list_every_name() {
        let doc = include_str!("../../docs/protocol-names.md");
        for (name, what) in NAMES {
            let row = format!("| `{name}` | {what} |");
            assert!(doc.contains(&row), "docs/protocol-names.md lacks {row}");
        }
    }

    #[test]
    fn a_stream_shows_its_dialect_else_its_protocol() {
        use Transport::{Tcp, WebSocket};
        let pt = Some(ProtocolId::PokerTh);
        let pt1 = Some(ProtocolId::PokerTh1);
        let pn = Some(ProtocolId::PokerNetwork);
        let cases = [
            (pt, None, Tcp, "pokerth"),
            (pt, Some(Dialect::PokerTh), Tcp, "pokerth"),
            (pt, Some(Dialect::PokerTh2007), Tcp, "pokerth-2007"),
            // PokerTH 1.x speaks one dialect: known before a message shows it.
            (pt1, None, Tcp, "pokerth-1"),
            (
                pt1,
                Some(Dialect::PokerTh1),
                WebSocket,
                "websocket/pokerth-1",
            ),
            (pn, Some(Dialect::PokerNetwork2), Tcp, "pokernetwork-2"),
            (Some(ProtocolId::Gls), None, WebSocket, "websocket/gls"),
            (None, None, WebSocket, "websocket"),
            (None, None, Tcp, "?"),
        ];
        for (p, d, t, want) in cases {
            assert_eq!(label(p, d, t), want, "{p:?} {d:?} {t:?}");
        }
    }

    #[test]
    fn a_filter_sees_the_protocol_and_the_dialect() {
        let of = |p, d| names_of(p, d).collect::<Vec<_>>();
        assert_eq!(of(ProtocolId::PokerTh, None), ["pokerth"]);
        assert_eq!(of(ProtocolId::PokerTh, Some(Dialect::PokerTh)), ["pokerth"]);
        assert_eq!(
            of(ProtocolId::PokerTh, Some(Dialect::PokerTh2007)),
            ["pokerth", "pokerth-2007"]
        );
        assert_eq!(of(ProtocolId::PokerTh1, None), ["pokerth", "pokerth-1"]);
        assert_eq!(
            of(ProtocolId::PokerNetwork, Some(Dialect::PokerNetwork2)),
            ["pokernetwork", "pokernetwork-2"]
        );
        assert_eq!(of(ProtocolId::CardGame, None), ["cardgame"]);
        // Every name a table shows is one a filter takes.
        for p in ProtocolId::ALL {
            for d in Dialect::ALL.map(Some).into_iter().chain([None]) {
                let shown = Label::new(Some(p), d, Transport::Tcp).name().unwrap();
                assert!(answers_to(p, d, shown), "{p:?} {d:?}");
                assert!(is_name(shown));
            }
        }
    }
}
