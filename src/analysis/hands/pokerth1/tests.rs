//! Tests of the PokerTH 1.x hand builder.
