//! Tests of the reassembler, driven through its public API with hand-made
//! segments (see `harness`), and properties checked with proptest.

mod basic;
mod gaps;
mod harness;
mod lifecycle;
mod props;
