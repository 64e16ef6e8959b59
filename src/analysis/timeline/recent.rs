//! A bounded history: the last [`KEPT`] entries of a list that grows with
//! every message of a stream (chat lines, kicks, errors, refusals, scores).
//!
//! The timeline keeps one state per game stream open at once. Were its
//! histories plain `Vec`s, a long stream would make its state grow with
//! every message, and so the memory of `cardshark timeline` with the input
//! rather than with the streams open at once (and `--format jsonl` would
//! write the whole history again after every change). A [`Recent`] keeps
//! only the newest entries and counts those it let go; every event is still
//! reported, once, by the change that made it (its `what`).
//!
//! It serialises as a plain list of the entries it keeps, oldest first, as
//! the `Vec` it stands for did: the JSON shape of the states is the same.

use serde::{Serialize, Serializer};
use std::collections::vec_deque::{self, VecDeque};

/// How many entries a [`Recent`] keeps: enough for what a person reads
/// back in a state (the drawings show at most the last three), few enough
/// that a state's histories stay a few kilobytes however long its stream.
///
/// 16 rather than a rounder 64 because memory is paid per stream open at
/// once: on a synthetic capture of 3000 PokerTH 0.7 connections open
/// together, each with thousands of lobby messages, `timeline --threads 1`
/// peaked at 49 MB keeping one entry, 61 MB keeping 16, 66 MB keeping 32
/// and 74 MB keeping 64 (an entry, its text and the allocator's share,
/// is about 120 bytes, and a lobby has three such lists), against the
/// project's 64 MB for any command. (Fewer would cut what real sessions
/// show: a card game's scores, a lobby's nine kicks.)
pub const KEPT: usize = 16;

/// The last [`KEPT`] entries pushed, oldest first, and how many older ones
/// were let go. See the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recent<T> {
    kept: VecDeque<T>,
    let_go: u64,
}

impl<T> Default for Recent<T> {
    fn default() -> Recent<T> {
        Recent::new()
    }
}

impl<T> Recent<T> {
    /// An empty history (allocates nothing until the first push).
    pub fn new() -> Recent<T> {
        Recent {
            kept: VecDeque::new(),
            let_go: 0,
        }
    }

    /// Adds `entry` as the newest; when [`KEPT`] entries are already kept,
    /// the oldest is let go (and counted).
    pub fn push(&mut self, entry: T) {
        if self.kept.len() == KEPT {
            self.kept.pop_front();
            self.let_go += 1;
        }
        self.kept.push_back(entry);
    }

    /// The newest entry.
    pub fn last(&self) -> Option<&T> {
        self.kept.back()
    }

    /// The entry kept at `i` (0 is the oldest kept).
    pub fn get(&self, i: usize) -> Option<&T> {
        self.kept.get(i)
    }

    /// The entries kept, oldest first.
    pub fn iter(&self) -> vec_deque::Iter<'_, T> {
        self.kept.iter()
    }

    /// The entries kept, oldest first, to change in place.
    pub fn iter_mut(&mut self) -> vec_deque::IterMut<'_, T> {
        self.kept.iter_mut()
    }

    /// How many entries are kept (at most [`KEPT`]).
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// How many entries were pushed in all: those kept and those let go.
    pub fn total(&self) -> u64 {
        self.let_go + self.kept.len() as u64
    }

    /// How many of the oldest entries were let go.
    pub fn let_go(&self) -> u64 {
        self.let_go
    }
}

impl<T> std::ops::Index<usize> for Recent<T> {
    type Output = T;

    /// The entry kept at `i` (0 is the oldest kept); panics past the end.
    fn index(&self, i: usize) -> &T {
        &self.kept[i]
    }
}

impl<'a, T> IntoIterator for &'a Recent<T> {
    type Item = &'a T;
    type IntoIter = vec_deque::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.kept.iter()
    }
}

impl<T: Serialize> Serialize for Recent<T> {
    /// A list of the entries kept, oldest first.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_entries_in_order() {
        let mut r = Recent::new();
        assert!(r.is_empty());
        assert_eq!(r.last(), None);
        for i in 0..KEPT {
            r.push(i);
        }
        assert_eq!((r.len(), r.let_go(), r.total()), (KEPT, 0, KEPT as u64));
        let n = 3 * KEPT + 5;
        for i in KEPT..n {
            r.push(i);
        }
        assert_eq!(r.len(), KEPT);
        assert!(!r.is_empty());
        let kept: Vec<usize> = r.iter().copied().collect();
        assert_eq!(kept, (n - KEPT..n).collect::<Vec<_>>());
        assert_eq!(r.last(), Some(&(n - 1)));
        assert_eq!(
            (r[0], r.get(KEPT - 1), r.get(KEPT)),
            (n - KEPT, Some(&(n - 1)), None)
        );
        // The oldest ones were let go, and counted.
        assert_eq!(r.let_go(), (n - KEPT) as u64);
        assert_eq!(r.total(), n as u64);
        for x in r.iter_mut() {
            *x += 1;
        }
        assert_eq!((&r).into_iter().next(), Some(&(n - KEPT + 1)));
    }

    #[test]
    fn serialises_as_a_list_of_what_it_keeps() {
        let mut r: Recent<String> = Recent::default();
        assert_eq!(serde_json::to_string(&r).unwrap(), "[]");
        r.push("a".into());
        r.push("b".into());
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            serde_json::json!(["a", "b"])
        );
        for i in 0..KEPT {
            r.push(i.to_string());
        }
        let v = serde_json::to_value(&r).unwrap();
        let list = v.as_array().unwrap();
        assert_eq!(list.len(), KEPT);
        assert_eq!(list[0], "0");
        assert_eq!(list[KEPT - 1], (KEPT - 1).to_string());
    }
}
