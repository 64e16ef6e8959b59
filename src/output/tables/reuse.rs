//! The records table's column buffers, filled again once the table writer
//! is done with them.
//!
//! A batch's columns go to the writer thread as Arrow buffers made from
//! the vectors they were appended to, without a copy, and the vectors
//! start again empty. Made anew for every batch, each of those buffers
//! (most of them 128 KiB or more) was a fresh mapping from the system,
//! whose every page faulted in as it filled: 530 000 page faults and a
//! second of system time for `decode --format parquet` on a 300 MB
//! capture. Here each buffer handed over is kept (a reference), and when
//! the batch after next is made, the writer has let it go (it takes a
//! batch only once done with the one before), so its memory becomes a
//! vector of that batch. A buffer the writer still holds is not taken: a new
//! vector is made, as before.
//!
//! One pool per thread: the batches of one table are made on one thread.

use arrow_buffer::{ArrowNativeType, Buffer};
use std::cell::RefCell;
use std::collections::VecDeque;

/// Batches whose buffers are kept, besides the one being made, before
/// they are taken again: the one the writer is writing (it let the one
/// before go when it took it). (Two cost 11 MB more on the 300 MB
/// capture, for nothing.)
const BATCHES_KEPT: usize = 1;

#[derive(Default)]
struct Pool {
    /// The buffers of the last batches, the newest last.
    batches: VecDeque<Vec<Buffer>>,
    /// Buffers of older batches, to be taken again.
    free: Vec<Buffer>,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// A new batch is being made: the buffers of the batch before the last
/// two may be taken again (those not taken since go).
pub(super) fn next_batch() {
    POOL.with_borrow_mut(|p| {
        p.batches.push_back(Vec::new());
        if p.batches.len() > BATCHES_KEPT + 1 {
            p.free = p.batches.pop_front().unwrap_or_default();
        }
    });
}

/// What `v` holds, as a buffer (kept, to be taken again); `v` is left
/// empty, with the memory of an older buffer or as much room as it had.
pub(super) fn again<T: ArrowNativeType>(v: &mut Vec<T>) -> Buffer {
    let room = v.len();
    let buffer = Buffer::from_vec(std::mem::take(v));
    POOL.with_borrow_mut(|p| {
        *v = take(&mut p.free).unwrap_or_else(|| Vec::with_capacity(room));
        if let Some(batch) = p.batches.back_mut() {
            batch.push(buffer.clone());
        }
    });
    buffer
}

/// A free buffer of `T`s that nothing else holds, as an empty vector;
/// the others stay free.
fn take<T: ArrowNativeType>(free: &mut Vec<Buffer>) -> Option<Vec<T>> {
    let mut found = None;
    for buffer in std::mem::take(free) {
        if found.is_some() {
            free.push(buffer);
            continue;
        }
        // Another type, or still held: it stays.
        match buffer.into_vec::<T>() {
            Ok(mut v) => {
                v.clear();
                found = Some(v);
            }
            Err(buffer) => free.push(buffer),
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_let_go_is_filled_again_two_batches_later() {
        let mut v: Vec<i64> = Vec::with_capacity(1000);
        v.extend(0..1000);
        next_batch();
        let first = again(&mut v);
        let at = first.as_ptr();
        assert_eq!(first.len(), 8000);
        drop(first); // The writer is done with it.
        v.extend(0..10);
        next_batch();
        let second = again(&mut v);
        v.extend(0..10);
        next_batch();
        // Two batches on, the first batch's memory comes back.
        let third = again(&mut v);
        assert_eq!(v.as_ptr() as *const u8, at);
        assert!(v.is_empty() && v.capacity() >= 1000);
        // One still held is not taken.
        drop(third);
        let mut w: Vec<i64> = vec![1; 10];
        next_batch();
        let _ = again(&mut w);
        assert_ne!(w.as_ptr() as *const u8, second.as_ptr());
    }
}
