//! Every step of LeetCode 52's chain against the shared cases of
//! `n_queens_cases`.
//!
//! Each step gets its own module, numbered in chain order, so a failure
//! names the step and the case, e.g. `s04::bitmask::counts::case_8_n8`. Each approach's 64-bit counting
//! is checked in `n_queens_count`'s `tests/approaches.rs`.

use std::path::Path;

use n_queens_cases::judge::{Problem, assert_pastes};
use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};
use rstest::rstest;
use rstest_reuse::apply;

/// Generates one test module per step of the chain
/// ([`n_queens_chain::steps!`], as `n_queens_ii::APPROACHES` is made), each
/// in a module numbered by its place in the chain (`s01`, `s02`, ...), so
/// that the test names sort in chain order.
///
/// Every step gets every shared case; one that is not judge-ready (`no`)
/// skips only the judge-paste test.
macro_rules! approach_tests {
    ($($approach:ident $file:literal { number: $number:tt, builds_on: $builds_on:ident,
        judge_ready: $kind:ident, exercise: $exercise:ident, watched: $watched:ident, problems: $problems:tt })*) => {
        approach_tests!(@numbered [s01 s02 s03 s04 s05 s06 s07 s08 s09 s10 s11 s12] $($approach $kind,)*);
    };
    (@numbered [$step:ident $($steps:ident)*] $approach:ident $kind:ident, $($rest:tt)*) => {
        mod $step {
            use super::*;
            approach_tests!(@module $approach, $kind);
        }
        approach_tests!(@numbered [$($steps)*] $($rest)*);
    };
    (@numbered [$($steps:ident)*]) => {};
    (@module $approach:ident, $kind:ident) => {
        mod $approach {
            use super::*;
            use pretty_assertions::assert_eq;
            use n_queens_ii::$approach::Solution;

            approach_tests!(@judge_signature);
            approach_tests!(@judge_paste $approach, $kind);
        }
    };
    (@judge_signature) => {
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
    (@judge_paste $approach:ident, yes) => {
        /// The file as a user pastes it, compiled as the judge does.
        #[rstest]
        #[case::edition_2018("2018")]
        #[case::edition_2021("2021")]
        fn judge_paste(#[case] edition: &str) {
            let name = stringify!($approach);
            let source = include_str!(concat!("../src/", stringify!($approach), ".rs"));
            if let Some(approach) = n_queens_ii::approach(name) {
                assert_eq!(approach.source, source, "APPROACHES lists another file as {name}");
                assert!(approach.judge_ready);
            }
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge_paste");
            assert_pastes(Problem::NQueensII, source, edition, &dir, &format!("n_queens_ii_{name}_{edition}"));
        }
    };
    // Not judge-ready: the file does not paste into the judge, so there is
    // no judge-paste test (the test of `yes` above checks the flag).
    (@judge_paste $approach:ident, no) => {};
}

n_queens_chain::steps!([52] => approach_tests);
