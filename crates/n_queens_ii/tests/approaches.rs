//! Every approach of LeetCode 52 against the shared cases of `n_queens_cases`.
//!
//! Each approach gets its own module, so a failure names the approach and the
//! case, e.g. `bitmask::counts::case_8_n8`. Besides the judge's signature,
//! each module checks the approach's 64-bit counting (`n_queens_ii::counting`)
//! against the OEIS tables.

use std::path::Path;

use n_queens_cases::judge::{Problem, assert_pastes};
use n_queens_cases::oeis::{A000170, A002562};
use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};
use n_queens_ii::counting::{CountError, Options, total_with, unique_with};
use rstest::rstest;
use rstest_reuse::apply;

/// Generates one test module per approach: each step of the chain
/// ([`n_queens_chain::steps!`], as `n_queens_ii::APPROACHES` is made), then
/// `@module name, no` for each approach past it.
///
/// Every approach gets every shared case; one that is not judge-ready
/// (`no`) skips only the judge-paste test.
macro_rules! approach_tests {
    ($($approach:ident $file:literal { number: $number:tt, builds_on: $builds_on:ident,
        judge_ready: $kind:ident, exercise: $exercise:ident, watched: $watched:ident, problems: $problems:tt })*) => {
        $(approach_tests!(@module $approach, $kind);)*
    };
    (@module $approach:ident, $kind:ident) => {
        mod $approach {
            use super::*;
            use pretty_assertions::assert_eq;
            use n_queens_ii::$approach::Solution;

            approach_tests!(@judge_signature);
            approach_tests!(@counting $approach);
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
    (@counting $approach:ident) => {
            /// The 64-bit counting of `n_queens_ii::counting`, against OEIS
            /// A000170 (and A002562 where it counts classes): n = 0..=15 for
            /// the fast counters, n = 0..=11 for the chain.
            #[test]
            fn counting_matches_oeis() {
                let approach = n_queens_ii::approach(stringify!($approach)).unwrap();
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
                let approach = n_queens_ii::approach(stringify!($approach)).unwrap();
                let past = approach.max_n + 1;
                let error = CountError::OutOfRange { approach: approach.name, n: past, max: approach.max_n };
                assert_eq!(total_with(approach.name, past, &Options::default()), Err(error));
                assert_eq!(total_with(approach.name, u32::MAX, &Options::default()).unwrap_err().to_string(),
                    format!("n = {} is out of range for `{}`: it counts n = 0..={}", u32::MAX, approach.name, approach.max_n));
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

/// The fast counters (own 64-bit counter) are checked up to here...
const FAST_UP_TO: u32 = 15;
/// ... the chain, which counts through the judge's signature, up to here.
const CHAIN_UP_TO: u32 = 11;

n_queens_chain::steps!([52] => approach_tests);
approach_tests!(@module parallel, no);
approach_tests!(@module quarters, no);

/// The approaches past the chain have their tests by hand, above: a new
/// one there needs its line.
#[test]
fn every_approach_past_the_chain_is_tested() {
    let past: Vec<&str> =
        n_queens_ii::APPROACHES.iter().filter(|approach| !approach.judge_ready).map(|approach| approach.name).collect();
    pretty_assertions::assert_eq!(past, ["parallel", "quarters"]);
}
