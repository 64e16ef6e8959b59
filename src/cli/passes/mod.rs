//! The passes over a capture that more than one command runs. Each builds
//! the one pipeline with its workers and hands its caller what they make;
//! commands call them, they call no command, and a command's own output
//! (its writers, its options) stays in the command's folder.
//!
//! `hands.rs`: every hand as it ends (`hands`, and the tests of `-Y`'s
//! hand names); `timelines.rs`: each game stream's changes and states
//! (`timeline`, and `replay`'s steps), what a worker makes of a change in
//! `changes.rs`.

pub mod changes;
pub mod hands;
pub mod timelines;
