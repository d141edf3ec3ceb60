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
//! The `past_the_judge` tests try n = 0 and -1 all the same, for a note
//! on what the answer does there; `queens practice` never counts them as a
//! failure.
//!
//! Each case runs under `n_queens_cases::deadline::CASE_LIMIT` (n = 0 and -1
//! under `PAST_THE_JUDGE_LIMIT`, a second, not worth a longer wait): an answer
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
            use rstest::rstest;
            use rstest_reuse::apply;

            use exercise::Solution;

            /// The judge's range: exactly the proven boards, in any order.
            #[apply(judge_sizes)]
            fn boards(#[case] n: i32) {
                let expected = expected_boards(n).unwrap();
                let boards =
                    n_queens_cases::deadline::exercise_answer(stringify!($exercise), n, Solution::solve_n_queens);
                // Plain words, no diff and no colour: the command reads them.
                if let Some(difference) = crate::cases::difference(&boards, &expected) {
                    panic!("{}", difference);
                }
            }

            /// Past the judge's range: what the answer does at n = 0 and -1,
            /// printed for the command's note, never a failure of its own.
            #[rstest]
            #[case::n_0(0)]
            #[case::n_minus_1(-1)]
            fn past_the_judge(#[case] n: i32) {
                let boards =
                    n_queens_cases::deadline::past_the_judge_answer(stringify!($exercise), n, Solution::solve_n_queens);
                println!("past the judge: n = {} returns {}", n, crate::cases::boards(boards.len()));
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
                // The learner's file, from the workspace root.
                let shown = n_queens_cases::judge::from_root(concat!("crates/n_queens/tests/practice/", $file));
                assert_exercise_pastes(Problem::NQueens, source, &shown, edition, &dir, &program);
            }
        }
    };
}

/// How many boards of each kind a failure shows.
const SHOWN: usize = 2;

/// `1 board`, `2 boards`.
pub fn boards(count: usize) -> String {
    if count == 1 { "1 board".to_string() } else { format!("{count} boards") }
}

/// How `boards` differs from the `expected` list, in words: `None` exactly
/// when `boards` holds every expected board once and nothing else. Lists,
/// not a diff: a wrong answer can hold hundreds of thousands of boards at
/// n = 9, and a left/right diff reads as if the missing ones were returned.
pub fn difference(boards: &[Vec<String>], expected: &[Vec<String>]) -> Option<String> {
    let mut times: BTreeMap<&Vec<String>, usize> = BTreeMap::new();
    for board in boards {
        *times.entry(board).or_default() += 1;
    }
    let expected_set: BTreeSet<&Vec<String>> = expected.iter().collect();
    let missing: Vec<&Vec<String>> = expected.iter().filter(|board| !times.contains_key(board)).collect();
    let wrong: Vec<&Vec<String>> = times.keys().copied().filter(|board| !expected_set.contains(board)).collect();
    let repeated = times.values().filter(|&&count| count > 1).count();
    if missing.is_empty() && wrong.is_empty() && repeated == 0 {
        return None;
    }
    // The first line names what differs, even when the count is right.
    let first = if boards.len() == expected.len() {
        let is = |count: usize, one: &str, many: &str| {
            if count == 1 { format!("1 {one}") } else { format!("{count} {many}") }
        };
        let mut what = Vec::new();
        if !wrong.is_empty() {
            what.push(is(wrong.len(), "is not a solution", "are not solutions"));
        }
        if repeated > 0 {
            what.push(is(repeated, "board is repeated", "boards are repeated"));
        }
        if !missing.is_empty() {
            what.push(is(missing.len(), "expected board is missing", "expected boards are missing"));
        }
        format!("returned {}, the right number, but {}", self::boards(boards.len()), what.join(", "))
    } else {
        format!("returned {}, expected {}", self::boards(boards.len()), expected.len())
    };
    let mut lines = vec![first];
    if !missing.is_empty() {
        lines.push(format!("{} of the expected boards are missing, such as:", missing.len()));
        lines.extend(missing.iter().take(SHOWN).map(|board| format!("  {}", in_words(board))));
    }
    if !wrong.is_empty() {
        lines.push(format!("{} returned boards are not solutions, such as:", wrong.len()));
        lines.extend(wrong.iter().take(SHOWN).map(|board| format!("  {}", in_words(board))));
    }
    if repeated > 0 {
        lines.push(format!("{} returned more than once", self::boards(repeated)));
    }
    Some(lines.join("\n"))
}

/// A board in words: the column of each row's queen, row 0 first, or its
/// rows as they are when a row does not hold exactly one queen.
fn in_words(board: &[String]) -> String {
    let columns: Option<Vec<String>> = board
        .iter()
        .map(|row| match (row.find('Q'), row.matches('Q').count()) {
            (Some(col), 1) => Some(col.to_string()),
            _ => None,
        })
        .collect();
    match columns {
        Some(columns) => format!("queens in columns {}, row 0 first", columns.join(", ")),
        None => format!("rows {:?}", board),
    }
}
