//! Stage 6: analysis, state machines over the decoded records.
//!
//! [`hands`] rebuilds every poker hand of a capture, from either poker
//! protocol, into one hand model ([`hands::Hand`]), checks it the way a
//! server developer would ([`hands::checks`]) and steps through it state by
//! state ([`hands::table`]). [`timeline`] follows each game stream (the
//! GLS board, the card game's table, the PokerTH lobbies, a poker stream's
//! table) message by message, every game behind one interface
//! ([`timeline::GameState`]).
//! [`stats`] adds up what `cardshark stats` reports, like tshark's `-z`.

pub mod hands;
pub mod stats;
pub mod timeline;
