//! Each approach's own 64-bit counter, as the registry's
//! [`count`](crate::Approach::count) field holds it: the approach's count
//! put in [`Counts`], every sum checked.

use crate::interface::{CountError, Counts, Options};
use n_queens_ii::symmetry::Classes;

/// [`n_queens_ii::mirror`]'s 64-bit counter.
pub(crate) fn mirror(n: u32, _: &Options) -> Result<Counts, CountError> {
    let total = n_queens_ii::mirror::Solution::count(n).ok_or(CountError::Overflow { n })?;
    Ok(Counts { total, unique: None })
}

/// [`n_queens_ii::symmetry`]'s 64-bit counter.
pub(crate) fn symmetry(n: u32, _: &Options) -> Result<Counts, CountError> {
    classes_counts(n, Classes::count(n))
}

/// [`crate::parallel`]'s 64-bit counter.
pub(crate) fn parallel(n: u32, options: &Options) -> Result<Counts, CountError> {
    let classes = crate::parallel::count(n, options).ok_or(CountError::Overflow { n })?;
    classes_counts(n, classes)
}

/// [`crate::quarters`]'s 64-bit counter (total only).
pub(crate) fn quarters(n: u32, options: &Options) -> Result<Counts, CountError> {
    let total = crate::quarters::count(n, options)?;
    Ok(Counts { total, unique: None })
}

fn classes_counts(n: u32, classes: Classes) -> Result<Counts, CountError> {
    let total = classes.total().ok_or(CountError::Overflow { n })?;
    let unique = classes.unique().ok_or(CountError::Overflow { n })?;
    Ok(Counts { total, unique: Some(unique) })
}
