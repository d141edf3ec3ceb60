//! Counting past the judge: the number of solutions (and of classes) in
//! `u64`, for every `n` the masks allow, by any approach. Every input it
//! cannot answer is a [`CountError`] that names the valid range or names;
//! never a wrong or wrapped number. Counts are only ever combined (doubled,
//! weighted by 2, 4 or 8, summed over threads) with checked arithmetic, so a
//! count past `u64` (A000170 passes it from about n = 29 on) is
//! [`CountError::Overflow`]; inside a search they grow by one per solution,
//! which cannot reach 2^64 in any feasible run time.
//!
//! It sits above the counters and only dispatches, through the registry
//! ([`crate::APPROACHES`]); what they share ([`Options`], [`CountError`],
//! ...) stands below them, in `interface.rs`, and is re-exported here.

use std::fmt;

pub use crate::interface::{CountError, CountFn, Counts, MAX_N, Options};
use crate::{APPROACHES, Approach};

/// The approach [`total`] uses: the fastest counter.
pub const FASTEST: &str = "quarters";

/// The approach [`unique`] uses: the fastest counter that sorts the boards
/// into classes ([`FASTEST`] counts them without).
pub const FASTEST_UNIQUE: &str = "parallel";

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::UnknownApproach { name } => {
                write!(f, "unknown approach `{name}`; the approaches are: {}", names(|_| true))
            }
            CountError::OutOfRange { approach, n, max } => {
                write!(f, "n = {n} is out of range for `{approach}`: it counts n = 0..={max}")
            }
            CountError::UniqueUnsupported { approach } => write!(
                f,
                "`{approach}` does not count unique solutions; the approaches that do: {}",
                names(|approach| approach.counts_unique)
            ),
            CountError::Overflow { n } => write!(f, "the count for n = {n} does not fit in u64"),
            CountError::MemoryLimit { approach, n, needed, limit } => write!(
                f,
                "n = {n} is too large for `{approach}`: by its estimate it would need {needed} bytes, \
                 more than its limit of {limit} bytes ({:.1} GiB)",
                *limit as f64 / f64::from(1u32 << 30)
            ),
        }
    }
}

impl std::error::Error for CountError {}

/// The names of the approaches `keep` accepts, comma-separated, in the
/// registry's order.
pub fn names(keep: impl Fn(&Approach) -> bool) -> String {
    APPROACHES.iter().filter(|approach| keep(approach)).map(|approach| approach.name).collect::<Vec<_>>().join(", ")
}

/// The number of solutions for `n` (OEIS A000170), by the fastest counter.
pub fn total(n: u32, options: &Options) -> Result<u64, CountError> {
    total_with(FASTEST, n, options)
}

/// The number of classes of solutions for `n` under the 8 symmetries of the
/// square (OEIS A002562), by the fastest counter that counts them
/// ([`FASTEST_UNIQUE`]).
pub fn unique(n: u32, options: &Options) -> Result<u64, CountError> {
    unique_with(FASTEST_UNIQUE, n, options)
}

/// The number of solutions for `n` by the approach called `approach`.
pub fn total_with(approach: &str, n: u32, options: &Options) -> Result<u64, CountError> {
    let found = check(approach, n, false)?;
    counts(found, n, options).map(|counts| counts.total)
}

/// The number of classes for `n` by the approach called `approach`, which
/// must be one that counts them ([`Approach::counts_unique`]).
pub fn unique_with(approach: &str, n: u32, options: &Options) -> Result<u64, CountError> {
    let found = check(approach, n, true)?;
    let counts = counts(found, n, options)?;
    Ok(counts.unique.expect("an approach with counts_unique returns unique counts"))
}

/// The approach called `approach`, if it can count `n` (and its classes when
/// `unique`): the checks [`total_with`] and [`unique_with`] make before they
/// count, for a caller that has work to do before the count (an estimate, a
/// progress bar) and wants the error first. Takes no time.
pub fn check(approach: &str, n: u32, unique: bool) -> Result<&'static Approach, CountError> {
    let found = crate::approach(approach).ok_or_else(|| CountError::UnknownApproach { name: approach.to_string() })?;
    if unique && !found.counts_unique {
        return Err(CountError::UniqueUnsupported { approach: found.name });
    }
    if n > found.max_n {
        return Err(CountError::OutOfRange { approach: found.name, n, max: found.max_n });
    }
    Ok(found)
}

/// Counts with `found`, checked by [`check`].
pub(crate) fn counts(found: &Approach, n: u32, options: &Options) -> Result<Counts, CountError> {
    match found.count {
        Some(count) => count(n, options),
        None => {
            // The judge's signature: exact for n <= max_n <= 18.
            let n = i32::try_from(n).expect("max_n fits in i32");
            let total = u64::try_from((found.solve)(n)).expect("a count is never negative");
            Ok(Counts { total, unique: None })
        }
    }
}
