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

/// Generates one test module per approach; `TESTED` lists them, with their
/// judge-readiness, so that a test can check the list against
/// `n_queens_ii::APPROACHES`.
///
/// Every approach gets every shared case; a `not_judge_ready` one skips only
/// the judge-paste test. A new approach is one more `name: judge_ready` or
/// `name: not_judge_ready` in the call below.
macro_rules! approach_tests {
    ($($approach:ident: $kind:ident),* $(,)?) => {
        const TESTED: &[(&str, bool)] = &[$((stringify!($approach), approach_tests!(@judge_ready $kind))),*];
        approach_tests!(@numbered [s01 s02 s03 s04 s05 s06 s07 s08 s09 s10 s11 s12] $($approach $kind,)*);
    };
    // Each module in one numbered by its place in the chain (`s01`, `s02`,
    // ...), so that the test names sort in chain order.
    (@numbered [$step:ident $($steps:ident)*] $approach:ident $kind:ident, $($rest:tt)*) => {
        mod $step {
            use super::*;
            approach_tests!(@module $approach, $kind);
        }
        approach_tests!(@numbered [$($steps)*] $($rest)*);
    };
    (@numbered [$($steps:ident)*]) => {};
    (@judge_ready judge_ready) => { true };
    (@judge_ready not_judge_ready) => { false };
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
    (@judge_paste $approach:ident, judge_ready) => {
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
    // no judge-paste test (`every_approach_is_tested` checks the flag).
    (@judge_paste $approach:ident, not_judge_ready) => {};
}

approach_tests!(
    board_scan: judge_ready,
    column_abs: judge_ready,
    three_arrays: judge_ready,
    bitmask: judge_ready,
    mirror: judge_ready,
    symmetry: judge_ready,
);

#[test]
fn every_approach_is_tested() {
    use pretty_assertions::assert_eq;
    let listed: Vec<(&str, bool)> =
        n_queens_ii::APPROACHES.iter().map(|approach| (approach.name, approach.judge_ready)).collect();
    assert_eq!(listed, TESTED);
}

/// The chain's steps (`n_queens_facts::chain`, which the ladder and the view
/// read) are the first approaches here, in the same order.
#[test]
fn the_chain_begins_the_approaches() {
    let listed: Vec<&str> = n_queens_ii::APPROACHES.iter().map(|approach| approach.name).collect();
    let chain: Vec<&str> = n_queens_cases::chain::names().collect();
    pretty_assertions::assert_eq!(listed.get(..chain.len()), Some(&chain[..]));
}
