//! Every step of LeetCode 51's chain against the shared cases of
//! `n_queens_cases` (the other approaches: `beyond_the_judge.rs`), each in a
//! module named after the step, so a failure names the step and the case
//! (`bitmask::boards::case_8_n8`). Boards are sorted before they are
//! compared (the judge accepts any order), with `pretty_assertions`' diff.
//! Each file is pasted as the judge compiles it in `n_queens_judge`'s
//! `tests/judge_paste.rs`.

use n_queens_cases::{beyond_judge, edge_cases, expected_boards, judge_counts, out_of_range, sorted, validate};

/// One test module per step of the chain ([`n_queens_chain::steps!`], as
/// `n_queens::APPROACHES` is made), named after the step: adding a step
/// adds a module and renames none.
macro_rules! approach_tests {
    ($($approach:ident $file:literal { $($field:tt)* })*) => {
        $(
            mod $approach {
                use super::*;
                use n_queens::$approach::Solution;
                use pretty_assertions::assert_eq;

                judge_counts! {
                    /// The judge's range: exactly the proven boards.
                    fn boards(#[case] n: i32, #[case] _expected: u64) {
                        let expected = expected_boards(n).unwrap();
                        assert_eq!(sorted(Solution::solve_n_queens(n)), expected);
                    }
                }

                edge_cases! {
                    /// n = 0 gives one empty board, negative n none.
                    fn edge(#[case] n: i32, #[case] expected: u64) {
                        let boards = Solution::solve_n_queens(n);
                        assert_eq!(boards.len() as u64, expected);
                        assert_eq!(boards, expected_boards(n).unwrap());
                    }
                }

                beyond_judge! {
                    /// Past the judge's range: valid, distinct, and as many as OEIS
                    /// A000170 gives, which together mean all of them.
                    fn beyond(#[case] n: i32, #[case] expected: u64) {
                        let boards = Solution::solve_n_queens(n);
                        assert_eq!(boards.len() as u64, expected);
                        validate::check_solution_set(n, &boards).unwrap();
                    }
                }

                out_of_range! {
                    /// Past n = 15 the boards as strings outgrow memory: refused,
                    /// from n = 16 (the shared cases start at 19, past LeetCode 52's
                    /// `i32`).
                    #[case::n16(16)]
                    #[should_panic(expected = "supports n <= 15")]
                    fn refuses(#[case] n: i32) {
                        Solution::solve_n_queens(n);
                    }
                }
            }
        )*
    };
}

n_queens_chain::steps!([51 judge_ready] => approach_tests);
