//! `n_queens_ii::quadrants`, the symmetry-join counter, against OEIS A000170.
//!
//! The expected numbers come from `n_queens_cases` (OEIS tables and the
//! shared cases), never from another approach.

use std::sync::Mutex;

use n_queens_cases::oeis::A000170;
use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};
use n_queens_ii::quadrants::{self, MAX_N, Solution};
use pretty_assertions::assert_eq;
use rstest::rstest;
use rstest_reuse::apply;

/// The count for `n` on one thread.
fn one_thread(n: u32) -> u64 {
    quadrants::count(n, 1, None).unwrap_or_else(|error| panic!("n = {n}: {error}"))
}

/// n = 0..=15 against OEIS A000170 (the border scheme starts at n = 4; the
/// sizes below it are answered directly, and checked here too).
#[rstest]
fn counts_up_to_15(#[values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)] n: u32) {
    assert_eq!(one_thread(n), A000170[n as usize]);
}

/// Beyond the normal run: a few seconds to minutes each.
#[rstest]
#[ignore = "slow: seconds to minutes per n on one thread; run with --ignored"]
fn counts_16_to_18(#[values(16, 17, 18)] n: u32) {
    assert_eq!(quadrants::count(n, 0, None), Ok(A000170[n as usize]));
}

/// The tasks are independent: any number of threads gives the same count,
/// including more threads than cores and more than it has tasks for.
#[rstest]
fn same_count_for_any_thread_count(#[values(0, 1, 2, 3, 8, 10_000)] threads: usize, #[values(4, 5, 12, 13)] n: u32) {
    assert_eq!(quadrants::count(n, threads, None), Ok(A000170[n as usize]));
}

/// Progress reports `(done, total)`: one call per task, from whatever thread,
/// with `done` taking every value `1..=total` once.
#[rstest]
fn progress_counts_every_task(#[values(1, 2, 4)] threads: usize) {
    let reports = Mutex::new(Vec::new());
    let report = |done: u64, total: u64| reports.lock().unwrap().push((done, total));
    assert_eq!(quadrants::count(12, threads, Some(&report)), Ok(A000170[12]));
    let mut reports = reports.into_inner().unwrap();
    reports.sort_unstable();
    let total = reports.first().expect("at least one report").1;
    assert!(total > 1, "the work is split into tasks");
    let expected: Vec<(u64, u64)> = (1..=total).map(|done| (done, total)).collect();
    assert_eq!(reports, expected);
}

/// Sizes with no border scheme report no progress (there are no tasks) but
/// still count.
#[test]
fn small_boards_need_no_tasks() {
    let calls = Mutex::new(0);
    let report = |_: u64, _: u64| *calls.lock().unwrap() += 1;
    for n in 0..4 {
        assert_eq!(quadrants::count(n, 2, Some(&report)), Ok(A000170[n as usize]));
    }
    assert_eq!(*calls.lock().unwrap(), 0);
}

/// Past `MAX_N` the answer is an error naming the supported range.
#[rstest]
fn refuses_beyond_max_n(#[values(MAX_N + 1, 64, u32::MAX)] n: u32) {
    let error = quadrants::count(n, 1, None).expect_err("out of range");
    assert!(error.contains(&format!("0 <= n <= {MAX_N}")), "{error}");
    assert!(error.contains(&format!("n = {n}")), "{error}");
}

/// `MAX_N` is the width of the `u32` masks.
#[test]
fn max_n_is_the_mask_width() {
    assert_eq!(MAX_N, u32::BITS);
}

/// The judge's signature, with the shared cases.
mod judge_signature {
    use super::*;
    use pretty_assertions::assert_eq;

    #[apply(judge_counts)]
    fn counts(#[case] n: i32, #[case] expected: u64) {
        assert_eq!(Solution::total_n_queens(n) as u64, expected);
    }

    #[apply(edge_cases)]
    fn edge(#[case] n: i32, #[case] expected: u64) {
        assert_eq!(Solution::total_n_queens(n) as u64, expected);
    }

    #[apply(beyond_judge)]
    fn beyond(#[case] n: i32, #[case] expected: u64) {
        assert_eq!(Solution::total_n_queens(n) as u64, expected);
    }

    #[apply(out_of_range)]
    #[should_panic(expected = "supports n <= 18")]
    fn refuses(#[case] n: i32) {
        Solution::total_n_queens(n);
    }

    /// The largest n whose count fits in `i32`.
    #[test]
    #[ignore = "slow: about a minute on one thread; run with --ignored"]
    fn eighteen() {
        assert_eq!(Solution::total_n_queens(18) as u64, A000170[18]);
    }
}
