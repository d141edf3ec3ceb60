//! `n_queens_count::quarters`, the four-quarter join: its range and its
//! memory limit (its counts, threads and progress: `approaches.rs` and
//! `counting.rs`; n = 16..=18: `large_n.rs`).

use n_queens_cases::oeis::A000170;
use n_queens_count::counting::{CountError, Options};
use n_queens_count::quarters::{self, Job, MAX_N, MEMORY_LIMIT};
use pretty_assertions::assert_eq;
use rstest::rstest;

fn on_threads(n: u32, threads: usize) -> Result<u64, CountError> {
    quarters::count(n, &Options { threads, progress: None })
}

/// Past `MAX_N` the answer is an error naming the range.
#[rstest]
fn refuses_beyond_max_n(#[values(MAX_N + 1, 64, u32::MAX)] n: u32) {
    let error = CountError::OutOfRange { approach: "quarters", n, max: MAX_N };
    assert_eq!(on_threads(n, 1), Err(error));
}

/// An n whose cell sizes alone would not fit in the limit is refused before
/// they are allocated, with the bytes it would need at least: the cells'
/// (4 bytes for each of `4^(n/2)`), past the limit. At n = 32 that is 16
/// GiB, past `MEMORY_LIMIT`.
#[rstest]
fn refuses_what_would_not_fit(#[values(24, 25, 27, 32)] n: u32) {
    let cells = (1u64 << (2 * (n / 2))) * 4;
    let limit = if n == 32 { MEMORY_LIMIT } else { cells };
    let job = Job { options: Options { threads: 1, progress: None }, memory_limit: limit, ..Job::default() };
    match quarters::count_job(n, &job) {
        Err(CountError::MemoryLimit { approach: "quarters", n: refused, needed, limit: named }) => {
            assert_eq!((refused, named), (n, limit));
            assert!(needed > cells && needed > limit, "needs {needed}, limit {limit}");
            assert_eq!(
                quarters::memory_needed_within(n, 2, limit),
                Err(CountError::MemoryLimit { approach: "quarters", n, needed, limit })
            );
        }
        other => panic!("n = {n}: expected a memory error, got {other:?}"),
    }
}

/// The memory error says what the user needs to know.
#[test]
fn memory_error_names_the_bytes() {
    let error = CountError::MemoryLimit { approach: "quarters", n: 24, needed: 12 << 30, limit: 8 << 30 };
    assert_eq!(
        error.to_string(),
        "n = 24 is too large for `quarters`: by its estimate it would need 12884901888 bytes, \
         more than its limit of 8589934592 bytes (8.0 GiB)"
    );
}

/// Each thread holds buffers of its own: asked for more threads than the
/// limit holds (500 at n = 16), the count runs on fewer, and is still right.
#[test]
fn threads_past_the_memory_limit_are_not_started() {
    let needed = quarters::memory_needed(16, 500).unwrap_or_else(|error| panic!("{error}"));
    assert!(needed <= MEMORY_LIMIT, "{needed} bytes");
    assert_eq!(on_threads(16, 500), Ok(A000170[16]));
}

/// The sizes the docs promise to run fit in the limit, on any number of
/// threads (as many start as it holds).
#[rstest]
fn n_up_to_23_fits(#[values(16, 19, 20, 21, 22, 23)] n: u32, #[values(1, 2, 64)] threads: usize) {
    let needed = quarters::memory_needed(n, threads).unwrap_or_else(|error| panic!("{error}"));
    assert!(needed <= MEMORY_LIMIT, "n = {n}, {threads} threads: {needed} bytes");
}
