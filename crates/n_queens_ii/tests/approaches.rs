//! Every approach of LeetCode 52 against the shared cases of `n_queens_cases`.
//!
//! Each approach gets its own module, so a failure names the approach and the
//! case, e.g. `bitmask::counts::case_8_n8`.

use std::path::Path;

use n_queens_cases::judge::{Problem, compile_and_run, expected_output, harness, judge_text};
use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};
use rstest::rstest;
use rstest_reuse::apply;

/// Generates one test module per approach; `TESTED` lists them so that a test
/// can check the list against `n_queens_ii::APPROACHES`.
macro_rules! approach_tests {
    ($($approach:ident),* $(,)?) => {
        const TESTED: &[&str] = &[$(stringify!($approach)),*];
        $(
            mod $approach {
                use super::*;
                use pretty_assertions::assert_eq;
                use n_queens_ii::$approach::Solution;

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

                /// The file as a user pastes it, compiled as the judge does.
                #[rstest]
                #[case::edition_2018("2018")]
                #[case::edition_2021("2021")]
                fn judge_paste(#[case] edition: &str) {
                    let name = stringify!($approach);
                    let approach = n_queens_ii::approach(name).unwrap();
                    assert!(approach.judge_ready);
                    let pasted = judge_text(approach.source).expect("a `pub struct Solution;` line");
                    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge_paste");
                    let program = harness(Problem::NQueensII, pasted);
                    let output = compile_and_run(&program, edition, &dir, &format!("n_queens_ii_{name}_{edition}"))
                        .unwrap_or_else(|error| panic!("{error}"));
                    assert_eq!(output, expected_output(Problem::NQueensII));
                }
            }
        )*
    };
}

approach_tests!(board_scan, column_abs, three_arrays, bitmask);

#[test]
fn every_approach_is_tested() {
    use pretty_assertions::assert_eq;
    let listed: Vec<&str> = n_queens_ii::APPROACHES.iter().map(|approach| approach.name).collect();
    assert_eq!(listed, TESTED);
}
