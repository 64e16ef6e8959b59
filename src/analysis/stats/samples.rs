//! Response times of one kind: count, min, percentiles, max, in bounded
//! memory.
//!
//! Up to [`EXACT`] samples are kept as they are, and the percentiles are
//! exact (nearest rank: the p-th percentile is the smallest sample with at
//! least p % of the samples at or below it). Past that they go into an HDR
//! histogram (the `hdrhistogram` crate, 3 significant digits: a
//! percentile within 0.1 % of the exact one), whose size does not grow
//! with the count. Min and max are always exact.
//!
//! Whether a set is exact depends only on how many samples it holds, not
//! on how they were split before [`Samples::merge`]: a histogram records
//! the same counts whatever the order, so the figures are the same for
//! every number of worker threads.

use hdrhistogram::Histogram;
use serde::Serialize;

/// Samples kept exactly before a set turns into a histogram.
pub const EXACT: usize = 4096;

/// Significant digits of the histogram.
const DIGITS: u8 = 3;

/// A set of durations in microseconds; see the [module docs](self).
#[derive(Debug, Clone, Default)]
pub struct Samples {
    /// The samples while there are at most [`EXACT`].
    exact: Vec<u64>,
    /// The histogram, once there were more.
    hist: Option<Box<Histogram<u64>>>,
    count: u64,
    min: u64,
    max: u64,
}

/// What people read of a [`Samples`], in microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// How many samples.
    pub count: u64,
    /// The smallest.
    pub min_us: u64,
    /// The median.
    pub p50_us: u64,
    /// The 90th percentile.
    pub p90_us: u64,
    /// The 99th percentile.
    pub p99_us: u64,
    /// The largest.
    pub max_us: u64,
    /// True when the percentiles are exact (at most [`EXACT`] samples).
    pub exact: bool,
}

impl Samples {
    /// Adds one duration.
    pub fn add(&mut self, us: u64) {
        if self.count == 0 || us < self.min {
            self.min = us;
        }
        self.max = self.max.max(us);
        self.count += 1;
        match &mut self.hist {
            Some(h) => record(h, us),
            None => {
                self.exact.push(us);
                if self.exact.len() > EXACT {
                    self.make_histogram();
                }
            }
        }
    }

    /// How many samples.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Adds every sample of `other`.
    pub fn merge(&mut self, other: Samples) {
        if other.count == 0 {
            return;
        }
        if self.count == 0 || other.min < self.min {
            self.min = other.min;
        }
        self.max = self.max.max(other.max);
        self.count += other.count;
        if let Some(h) = other.hist {
            self.make_histogram();
            if let Some(mine) = &mut self.hist {
                // Both have the same (auto-resizing) layout: adding cannot
                // fail but for a value out of range, which resizing avoids.
                let _ = mine.add(&*h);
            }
        } else {
            for us in other.exact {
                match &mut self.hist {
                    Some(h) => record(h, us),
                    None => self.exact.push(us),
                }
            }
            if self.exact.len() > EXACT {
                self.make_histogram();
            }
        }
    }

    /// Moves the exact samples into a histogram.
    fn make_histogram(&mut self) {
        let h = self.hist.get_or_insert_with(|| {
            let mut h = Histogram::new(DIGITS).expect("3 significant digits are valid");
            h.auto(true);
            Box::new(h)
        });
        for us in self.exact.drain(..) {
            record(h, us);
        }
        self.exact = Vec::new();
    }

    /// Count, min, p50, p90, p99 and max; `None` when empty.
    pub fn summary(&self) -> Option<Summary> {
        if self.count == 0 {
            return None;
        }
        let (min, max) = (self.min, self.max);
        let at = |q: f64| -> u64 {
            match &self.hist {
                Some(h) => h.value_at_quantile(q).clamp(min, max),
                None => {
                    let mut sorted = self.exact.clone();
                    sorted.sort_unstable();
                    nearest_rank(&sorted, q)
                }
            }
        };
        Some(Summary {
            count: self.count,
            min_us: min,
            p50_us: at(0.50),
            p90_us: at(0.90),
            p99_us: at(0.99),
            max_us: max,
            exact: self.hist.is_none(),
        })
    }
}

/// Records `us` (the histogram grows to hold it; a value past what any
/// histogram holds is clamped).
fn record(h: &mut Histogram<u64>, us: u64) {
    if h.record(us).is_err() {
        h.saturating_record(us);
    }
}

/// The nearest-rank `q` quantile of sorted, non-empty `sorted`.
fn nearest_rank(sorted: &[u64], q: f64) -> u64 {
    let n = sorted.len();
    let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
    sorted[rank - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(values: impl IntoIterator<Item = u64>) -> Samples {
        let mut s = Samples::default();
        for v in values {
            s.add(v);
        }
        s
    }

    #[test]
    fn exact_percentiles_are_nearest_rank() {
        let s = of(1..=10);
        let m = s.summary().unwrap();
        assert_eq!(
            (m.count, m.min_us, m.p50_us, m.p90_us, m.p99_us, m.max_us),
            (10, 1, 5, 9, 10, 10)
        );
        assert!(m.exact);
        assert_eq!(of([7]).summary().unwrap().p50_us, 7);
        assert_eq!(Samples::default().summary(), None);
    }

    #[test]
    fn the_split_does_not_change_the_figures() {
        let values: Vec<u64> = (0..3 * EXACT as u64)
            .map(|i| (i * 7919) % 100_003)
            .collect();
        let whole = of(values.iter().copied());
        for parts in [2, 3, 5] {
            let mut merged = Samples::default();
            for p in 0..parts {
                merged.merge(of(values.iter().copied().skip(p).step_by(parts)));
            }
            assert_eq!(merged.summary(), whole.summary(), "{parts} parts");
        }
        let m = whole.summary().unwrap();
        assert!(!m.exact);
        let (lo, hi) = (values.iter().min(), values.iter().max());
        assert_eq!((Some(&m.min_us), Some(&m.max_us)), (lo, hi));
        // Within the histogram's precision of the exact median.
        let mut sorted = values.clone();
        sorted.sort_unstable();
        let exact = nearest_rank(&sorted, 0.5);
        assert!(
            m.p50_us.abs_diff(exact) <= exact / 1000 + 1,
            "{m:?} {exact}"
        );
    }

    #[test]
    fn small_parts_stay_exact_when_the_whole_is_small() {
        let mut merged = of([5, 1]);
        merged.merge(of([3]));
        merged.merge(Samples::default());
        let m = merged.summary().unwrap();
        assert!(m.exact);
        assert_eq!((m.count, m.min_us, m.p50_us, m.max_us), (3, 1, 3, 5));
    }
}
