//! Every counter of `n_queens_count::APPROACHES` against the OEIS tables:
//! its 64-bit counting (`n_queens_count::counting`), and for the counters
//! that are not steps of the chain (`parallel`, `quarters`), the judge's
//! signature against the shared cases of `n_queens_cases` (the chain's steps
//! have theirs in `n_queens_ii`).
//!
//! Each approach gets its own module, so a failure names the approach and the
//! case, e.g. `quarters::counting_matches_oeis`.

use n_queens_cases::oeis::{A000170, A002562};
use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};
use n_queens_count::counting::{CountError, Options, total_with, unique_with};
use rstest::rstest;
use rstest_reuse::apply;

/// Generates one test module per approach; `TESTED` lists them, so that a
/// test can check the list against `n_queens_count::APPROACHES`. A `step` is
/// one of the chain's; an `own` counter gets the judge's signature tested here.
macro_rules! approach_tests {
    ($($approach:ident: $kind:ident),* $(,)?) => {
        const TESTED: &[&str] = &[$(stringify!($approach)),*];
        $(approach_tests!(@module $approach, $kind);)*
    };
    (@module $approach:ident, $kind:ident) => {
        mod $approach {
            use super::*;
            use pretty_assertions::assert_eq;

            approach_tests!(@judge_signature $approach, $kind);

            /// The 64-bit counting, against OEIS A000170 (and A002562 where
            /// it counts classes): n = 0..=15 for the fast counters, n =
            /// 0..=11 for the chain.
            #[test]
            fn counting_matches_oeis() {
                let approach = n_queens_count::approach(stringify!($approach)).unwrap();
                let options = Options::default();
                let last = if approach.max_n > 18 { FAST_UP_TO } else { CHAIN_UP_TO };
                for n in 0..=last {
                    let total = total_with(approach.name, n, &options);
                    assert_eq!(total, Ok(A000170[n as usize]), "total, n = {n}");
                    let unique = unique_with(approach.name, n, &options);
                    if approach.counts_unique {
                        assert_eq!(unique, Ok(A002562[n as usize]), "unique, n = {n}");
                    } else {
                        assert_eq!(unique, Err(CountError::UniqueUnsupported { approach: approach.name }));
                    }
                }
            }

            /// Each approach names the range it counts, one past it is an error.
            #[test]
            fn counting_refuses_past_max_n() {
                let approach = n_queens_count::approach(stringify!($approach)).unwrap();
                let past = approach.max_n + 1;
                let error = CountError::OutOfRange { approach: approach.name, n: past, max: approach.max_n };
                assert_eq!(total_with(approach.name, past, &Options::default()), Err(error));
                assert_eq!(total_with(approach.name, u32::MAX, &Options::default()).unwrap_err().to_string(),
                    format!("n = {} is out of range for `{}`: it counts n = 0..={}", u32::MAX, approach.name, approach.max_n));
            }
        }
    };
    (@judge_signature $approach:ident, step) => {};
    (@judge_signature $approach:ident, own) => {
        use n_queens_count::$approach::Solution;

        /// The judge's range, against OEIS A000170.
        #[apply(judge_counts)]
        fn counts(#[case] n: i32, #[case] expected: i32) {
            assert_eq!(Solution::total_n_queens(n), expected);
        }

        /// n = 0 has one solution, negative n none.
        #[apply(edge_cases)]
        fn edge(#[case] n: i32, #[case] expected: i32) {
            assert_eq!(Solution::total_n_queens(n), expected);
        }

        /// Past the judge's range, still against OEIS A000170.
        #[apply(beyond_judge)]
        fn beyond(#[case] n: i32, #[case] expected: i32) {
            assert_eq!(Solution::total_n_queens(n), expected);
        }

        #[apply(out_of_range)]
        #[should_panic(expected = "supports n <= 18")]
        fn refuses(#[case] n: i32) {
            Solution::total_n_queens(n);
        }
    };
}

/// The fast counters (own 64-bit counter) are checked up to here...
const FAST_UP_TO: u32 = 15;
/// ... the chain, which counts through the judge's signature, up to here.
const CHAIN_UP_TO: u32 = 11;

approach_tests!(
    board_scan: step,
    column_abs: step,
    three_arrays: step,
    bitmask: step,
    mirror: step,
    symmetry: step,
    parallel: own,
    quarters: own,
);

#[test]
fn every_approach_is_tested() {
    use pretty_assertions::assert_eq;
    let listed: Vec<&str> = n_queens_count::APPROACHES.iter().map(|approach| approach.name).collect();
    assert_eq!(listed, TESTED);
}

/// The counters begin with the chain's steps, each the step's own entry
/// (its place in `n_queens_ii::APPROACHES`, which the list names by index),
/// and the others are not judge-ready.
#[test]
fn the_chain_begins_the_counters() {
    let steps = n_queens_ii::APPROACHES;
    let (chain, own) = n_queens_count::APPROACHES.split_at(steps.len());
    for (counter, step) in chain.iter().zip(steps) {
        pretty_assertions::assert_eq!((counter.name, counter.source), (step.name, step.source));
    }
    assert!(own.iter().all(|counter| !counter.judge_ready));
}
