//! The shared cases for one exercise of the practice ladder: the judge's
//! range, n = 1..=9, and the judge-paste test.
//!
//! Only the judge's range: an answer the judge accepts is known to handle
//! n = 1..=9 and nothing else. It may panic or try to allocate without end
//! on n <= 0 (`vec![..; n as usize]` with n = -1), search for hours at
//! n = 16 instead of refusing it, and, slow but accepted, take many times as
//! long at n = 10 and 11 as at n = 9, since the search tree grows with n. The
//! workspace's own answers past the judge (1 for n = 0, 0 below, a panic past
//! 15) are its convention, not the judge's: the approach files are held to
//! them in `approaches.rs`, the exercises are not.
//!
//! Each case runs under `n_queens_cases::deadline::CASE_LIMIT`: an answer
//! that never returns (a loop whose condition never changes) fails with a
//! message instead of hanging.

use std::collections::{BTreeMap, BTreeSet};

/// `exercise_tests!(bitmask, "path/to/bitmask.rs")`: the cases of the judge's
/// range and the judge-paste test against `exercise::Solution`, the file at
/// that path (relative to this directory) included as `mod exercise`, in a
/// module named after the exercise so that a failure
/// reads `bitmask::boards::case_4_n4`.
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
            use n_queens_cases::{expected_boards, judge_sizes};
            use pretty_assertions::assert_eq;
            use rstest::rstest;
            use rstest_reuse::apply;

            use exercise::Solution;

            /// The judge's range: exactly the proven boards, in any order.
            #[apply(judge_sizes)]
            fn boards(#[case] n: i32) {
                let expected = expected_boards(n).unwrap();
                let boards =
                    n_queens_cases::deadline::exercise_answer(stringify!($exercise), n, Solution::solve_n_queens);
                let (yours, right) = crate::cases::compare(boards, &expected);
                assert_eq!(yours, right, "{}", yours.summary(&right));
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
                let program = format!("n_queens_practice_{name}_{edition}");
                assert_exercise_pastes(Problem::NQueens, source, edition, &dir, &program);
            }
        }
    };
}

/// A list of boards, compared with the expected one: small enough to show
/// side by side whatever the list holds. (A wrong answer can hold hundreds
/// of thousands of boards at n = 9; a diff of the whole lists would then
/// take longer than any search.)
#[derive(Debug, PartialEq, Eq)]
pub struct Compared {
    /// How many boards.
    pub boards: usize,
    /// How many of them appear more than once (each counted once).
    pub repeated: usize,
    /// The first few (sorted) that are not expected: not solutions, or not n×n.
    pub not_expected: Vec<Vec<String>>,
    /// The first few (sorted) expected boards that are missing.
    pub missing: Vec<Vec<String>>,
}

/// How many boards of each kind [`Compared`] shows.
const SHOWN: usize = 3;

impl Compared {
    /// The failure's first line: `returned 10 boards, expected 2`.
    pub fn summary(&self, right: &Compared) -> String {
        if self.boards == right.boards {
            format!("returned {}, as many as expected, but not the same ones", boards(self.boards))
        } else {
            format!("returned {}, expected {}", boards(self.boards), right.boards)
        }
    }
}

/// `1 board`, `2 boards`.
fn boards(count: usize) -> String {
    if count == 1 { "1 board".to_string() } else { format!("{count} boards") }
}

/// The answer `boards` and the `expected` list, each as a [`Compared`]: equal
/// exactly when `boards` holds every expected board once and nothing else.
pub fn compare(boards: Vec<Vec<String>>, expected: &[Vec<String>]) -> (Compared, Compared) {
    let mut times: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    for board in &boards {
        *times.entry(board.clone()).or_default() += 1;
    }
    let expected_set: BTreeSet<&Vec<String>> = expected.iter().collect();
    let yours = Compared {
        boards: boards.len(),
        repeated: times.values().filter(|&&count| count > 1).count(),
        not_expected: times.keys().filter(|board| !expected_set.contains(board)).take(SHOWN).cloned().collect(),
        missing: expected.iter().filter(|board| !times.contains_key(*board)).take(SHOWN).cloned().collect(),
    };
    let right = Compared { boards: expected.len(), repeated: 0, not_expected: Vec::new(), missing: Vec::new() };
    (yours, right)
}
