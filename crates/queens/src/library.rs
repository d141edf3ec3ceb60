//! Everything the command asks of the two problem crates, in one place.
//!
//! The approaches always come from the crates' own lists,
//! `n_queens::APPROACHES` (LeetCode 51) and `n_queens_ii::APPROACHES`
//! (LeetCode 52), so a new approach shows up in every subcommand without a
//! change here. The checks of this module run before any library call: the
//! judge-signature functions panic past their range, and a user must get a
//! one-line message instead.

use n_queens_ii::counting::{self, CountError, Options};

/// What a count may report while it runs: (tasks done, tasks total).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// One approach to LeetCode 52, looked up by name, or a message listing the
/// valid names.
pub fn approach_52(name: &str) -> Result<&'static n_queens_ii::Approach, String> {
    n_queens_ii::approach(name).ok_or_else(|| {
        format!(
            "unknown LeetCode 52 approach {name:?}; the approaches are: {}",
            names(n_queens_ii::APPROACHES.iter().map(|approach| approach.name))
        )
    })
}

/// One approach to LeetCode 51, looked up by name, or a message listing the
/// valid names.
pub fn approach_51(name: &str) -> Result<&'static n_queens::Approach, String> {
    n_queens::approach(name).ok_or_else(|| {
        format!(
            "unknown LeetCode 51 approach {name:?}; the approaches are: {}",
            names(n_queens::APPROACHES.iter().map(|approach| approach.name))
        )
    })
}

/// `a, b, c`: a list of names for a message.
pub fn names<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names.into_iter().collect::<Vec<_>>().join(", ")
}

/// The largest n the 64-bit counter of a LeetCode 52 approach serves.
pub fn count_max_n(approach: &n_queens_ii::Approach) -> u32 {
    approach.max_n
}

/// Whether the approach can count unique boards (one per symmetry class).
pub fn counts_unique(approach: &n_queens_ii::Approach) -> bool {
    approach.counts_unique
}

/// Whether the approach uses more than one thread when asked.
pub fn uses_threads(approach: &n_queens_ii::Approach) -> bool {
    approach.threads
}

/// Counts the solutions for `n` (or the unique ones, one per class of boards
/// equal under rotations and reflections) with the approach called `name`,
/// or with the fastest counter (`counting::FASTEST`) when `name` is `None`.
///
/// The error is the library's one-line message: an unknown name (with the
/// valid ones), `n` out of the approach's range (with the range), `unique`
/// where the approach cannot count classes (with the ones that can), a count
/// past `u64`.
pub fn count(
    name: Option<&str>,
    n: u32,
    unique: bool,
    threads: usize,
    progress: Option<Progress>,
) -> Result<u64, String> {
    let options = Options { threads, progress };
    let name = name.unwrap_or(counting::FASTEST);
    let counted =
        if unique { counting::unique_with(name, n, &options) } else { counting::total_with(name, n, &options) };
    counted.map_err(|error| error.to_string())
}

/// Checks `n` and `unique` against the counter [`count`] would use, before
/// any time is spent on it, with the message the library would give.
pub fn check_count(name: Option<&str>, n: u32, unique: bool) -> Result<(), String> {
    let approach = approach_52(name.unwrap_or(counting::FASTEST))?;
    if unique && !counts_unique(approach) {
        return Err(CountError::UniqueUnsupported { approach: approach.name }.to_string());
    }
    if n > count_max_n(approach) {
        return Err(CountError::OutOfRange { approach: approach.name, n, max: count_max_n(approach) }.to_string());
    }
    Ok(())
}
