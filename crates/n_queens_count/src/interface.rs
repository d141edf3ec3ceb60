//! What every counter past the judge takes and gives: [`Options`] in,
//! [`Counts`] or a [`CountError`] out, the function types the registry
//! holds, and the judge's signature over a 64-bit count. It uses no other
//! module; [`crate::counting`] re-exports it and writes the errors' messages.

use std::fmt;

/// The largest `n` the counters past the judge serve: one bit per column in
/// a `u32` mask. (A count from about n = 29 on is past `u64`, an error, and
/// nothing past n = 27 has ever been counted.)
pub const MAX_N: u32 = 32;

/// How to count.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// The number of threads; 0 means one per core. Approaches that use one
    /// thread ([`crate::Approach::threads`] false) ignore it.
    pub threads: usize,
    /// Called with `(tasks done, tasks total)`, from any thread, by the
    /// approaches that split their work into tasks (`parallel`, `quarters`):
    /// once with 0 done before the first task, then after each task. The
    /// others never call it.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

impl fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("threads", &self.threads)
            .field("progress", &self.progress.map(|_| "Fn(done, total)"))
            .finish()
    }
}

/// Why a count has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// No approach has this name.
    UnknownApproach {
        /// The name asked for.
        name: String,
    },
    /// The approach does not count this far.
    OutOfRange {
        /// The approach asked.
        approach: &'static str,
        /// The `n` asked for.
        n: u32,
        /// The largest `n` it counts ([`crate::Approach::max_n`]).
        max: u32,
    },
    /// The approach counts solutions but not classes.
    UniqueUnsupported {
        /// The approach asked.
        approach: &'static str,
    },
    /// The count does not fit in `u64`.
    Overflow {
        /// The `n` asked for.
        n: u32,
    },
    /// The approach's tables for this `n` would need more memory than it
    /// allows itself; checked before they are allocated.
    MemoryLimit {
        /// The approach asked.
        approach: &'static str,
        /// The `n` asked for.
        n: u32,
        /// The bytes it would need, by its estimate (an upper bound on what
        /// it would allocate, more than `limit`).
        needed: u64,
        /// The bytes it allows itself.
        limit: u64,
    },
}

/// What an approach's 64-bit counter returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// The number of solutions, OEIS A000170.
    pub total: u64,
    /// The number of classes under the 8 symmetries, OEIS A002562, if the
    /// approach counts them.
    pub unique: Option<u64>,
}

/// An approach's 64-bit counter; called only with `n <= max_n`.
pub type CountFn = fn(u32, &Options<'_>) -> Result<Counts, CountError>;

/// The judge's signature of a counter past the judge ([`crate::parallel`],
/// [`crate::quarters`]), through its 64-bit `count`: as in every judge-ready
/// file, `n = 0` gives 1, `n < 0` gives 0 and `n > 18` panics, as the count
/// for n = 19 does not fit in `i32`.
pub(crate) fn judge_signature(n: i32, count: impl FnOnce(u32) -> u64) -> i32 {
    if n < 0 {
        return 0;
    }
    assert!(
        n <= 18,
        "total_n_queens: n = {n} is out of range; this approach supports n <= 18 \
         (the count for n = 19, 4968057848, does not fit in i32)"
    );
    i32::try_from(count(n as u32)).expect("n <= 18: the count is below 700 million")
}
