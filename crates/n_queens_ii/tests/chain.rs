//! Every step of LeetCode 52's chain against the shared cases of
//! `n_queens_cases`, each in a module named after the step, so a failure
//! names the step and the case (`bitmask::counts::case_8_n8`). Each approach's 64-bit counting is
//! checked in `n_queens_count`'s `tests/approaches.rs`, each judge-ready file
//! as the judge compiles it in `n_queens_judge`'s `tests/judge_paste.rs`.

use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};

/// One test module per step of the chain ([`n_queens_chain::steps!`], as
/// `n_queens_ii::APPROACHES` is made), named after the step: adding a step
/// adds a module and renames none.
macro_rules! approach_tests {
    ($($approach:ident $file:literal { $($field:tt)* })*) => {
        $(
            mod $approach {
                use super::*;
                use pretty_assertions::assert_eq;
                use n_queens_ii::$approach::Solution;

                judge_counts! {
                    /// The judge's range, against OEIS A000170.
                    fn counts(#[case] n: i32, #[case] expected: i32) {
                        assert_eq!(Solution::total_n_queens(n), expected);
                    }
                }

                edge_cases! {
                    /// n = 0 has one solution, negative n none.
                    fn edge(#[case] n: i32, #[case] expected: i32) {
                        assert_eq!(Solution::total_n_queens(n), expected);
                    }
                }

                beyond_judge! {
                    /// Past the judge's range, still against OEIS A000170.
                    fn beyond(#[case] n: i32, #[case] expected: i32) {
                        assert_eq!(Solution::total_n_queens(n), expected);
                    }
                }

                out_of_range! {
                    #[should_panic(expected = "supports n <= 18")]
                    fn refuses(#[case] n: i32) {
                        Solution::total_n_queens(n);
                    }
                }
            }
        )*
    };
}

n_queens_chain::steps!([52] => approach_tests);
