//! The shared cases for one exercise of the practice ladder: the judge's
//! range, n = 1..=9, and the judge-paste test.
//!
//! Only the judge's range: an answer the judge accepts is known to handle
//! n = 1..=9 and nothing else. It may panic or try to allocate without end
//! on n <= 0 (`vec![..; n as usize]` with n = -1), search for hours at
//! n = 19 instead of refusing it, and, slow but accepted, take many times as
//! long at n = 10 and 11 as at n = 9, since the search tree grows with n. The
//! workspace's own answers past the judge (1 for n = 0, 0 below, a panic past
//! 18) are its convention, not the judge's: the approach files are held to
//! them in `approaches.rs`, the exercises are not.
//!
//! The `past_the_judge` tests try n = 0 and -1 all the same, for a note
//! on what the answer does there; `queens practice` never counts them as a
//! failure.
//!
//! Each case runs under `n_queens_cases::deadline::CASE_LIMIT` (n = 0 and -1
//! under `PAST_THE_JUDGE_LIMIT`, a second, not worth a longer wait): an answer
//! that never returns (a loop whose condition never changes) fails with a
//! message instead of hanging.

/// `exercise_tests!(bitmask, "path/to/bitmask.rs")`: the cases of the judge's
/// range and the judge-paste test against `exercise::Solution`, the file at
/// that path (relative to this directory) included as `mod exercise`, in a
/// module named after the exercise so that a failure
/// reads `bitmask::counts::case_4_n4`.
macro_rules! exercise_tests {
    ($exercise:ident, $file:tt) => {
        // `.` keeps the `#[path]` below relative to this directory.
        #[path = "."]
        mod $exercise {
            #[clippy::msrv = "1.58"]
            #[path = $file]
            mod exercise;

            use std::path::Path;

            use n_queens_cases::judge::{Problem, assert_exercise_pastes};
            use n_queens_cases::judge_counts;
            use rstest::rstest;
            use rstest_reuse::apply;

            use exercise::Solution;

            /// The judge's range, against OEIS A000170.
            #[apply(judge_counts)]
            fn counts(#[case] n: i32, #[case] expected: i32) {
                let count =
                    n_queens_cases::deadline::exercise_answer(stringify!($exercise), n, Solution::total_n_queens);
                // Plain words, no diff and no colour: the command reads them.
                assert!(count == expected, "returned {}, expected {}", count, expected);
            }

            /// Past the judge's range: what the answer does at n = 0 and -1,
            /// printed for the command's note, never a failure of its own.
            #[rstest]
            #[case::n_0(0)]
            #[case::n_minus_1(-1)]
            fn past_the_judge(#[case] n: i32) {
                let count =
                    n_queens_cases::deadline::past_the_judge_answer(stringify!($exercise), n, Solution::total_n_queens);
                println!("past the judge: n = {} returns {}", n, count);
            }

            /// The exercise file as a learner pastes it, compiled as the judge
            /// does and run on the judge's range.
            #[rstest]
            #[case::edition_2018("2018")]
            #[case::edition_2021("2021")]
            fn judge_paste(#[case] edition: &str) {
                let name = stringify!($exercise);
                let source = include_str!($file);
                let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("practice_paste");
                let program = format!("n_queens_ii_practice_{name}_{edition}");
                // The learner's file, from the workspace root.
                let shown = n_queens_cases::judge::from_root(concat!("crates/n_queens_ii/tests/practice/", $file));
                assert_exercise_pastes(Problem::NQueensII, source, &shown, edition, &dir, &program);
            }
        }
    };
}
