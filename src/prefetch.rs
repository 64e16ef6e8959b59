//! A cache hint shared by the stages that look up per-connection state for
//! every segment or event (the flow table, the decode stage): looked up a
//! group ahead, the state of many connections is fetched from memory at
//! once instead of one miss after another.

/// Asks the processor to bring every cache line of `value` into the cache,
/// without waiting for them.
#[inline]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = (value as *const T).cast::<i8>();
        for offset in (0..std::mem::size_of::<T>()).step_by(64) {
            // SAFETY: a prefetch is only a hint: it reads nothing into the
            // program and never faults, whatever the address; this one is
            // inside `value` anyway. SSE, which it needs, is part of x86-64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
