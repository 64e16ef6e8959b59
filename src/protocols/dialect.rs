//! The dialects a protocol's streams may speak, as one enumeration: what
//! records, reports and hands carry instead of the dialect's name.

use serde::{Serialize, Serializer};

/// A dialect of one of the protocols, once a stream has shown it. Records
/// (`"dialect"`), `inspect` and hands write its name ([`Dialect::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// PokerTH 0.6 .. 0.7.1's binary protocol (seed 000): `pokerth`.
    PokerTh,
    /// The 2007-05 development snapshot of it (seed 002): `pokerth-2007`.
    PokerTh2007,
    /// PokerTH 1.x, Protocol Buffers (protocol 5.1): `pokerth-1`.
    PokerTh1,
    /// poker-network protocol 3.x, lengths count the payload only:
    /// `pokernetwork`.
    PokerNetwork,
    /// Older poker-network servers (protocol 2), lengths count the header
    /// too: `pokernetwork-2`.
    PokerNetwork2,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 5] = [
        Dialect::PokerTh,
        Dialect::PokerTh2007,
        Dialect::PokerTh1,
        Dialect::PokerNetwork,
        Dialect::PokerNetwork2,
    ];

    /// The name in records (`pokerth-2007`, `pokernetwork-2`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::PokerTh => "pokerth",
            Dialect::PokerTh2007 => "pokerth-2007",
            Dialect::PokerTh1 => "pokerth-1",
            Dialect::PokerNetwork => "pokernetwork",
            Dialect::PokerNetwork2 => "pokernetwork-2",
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Serialises as its name, as the records always wrote it.
impl Serialize for Dialect {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_serialise_as_themselves() {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.as_str()).collect();
        assert_eq!(
            names,
            [
                "pokerth",
                "pokerth-2007",
                "pokerth-1",
                "pokernetwork",
                "pokernetwork-2"
            ]
        );
        for d in Dialect::ALL {
            assert_eq!(serde_json::to_string(&d).unwrap(), format!("\"{d}\""));
        }
    }
}
