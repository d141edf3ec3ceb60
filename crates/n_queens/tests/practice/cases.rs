//! The practice ladder's cases against one exercise of LeetCode 51: the
//! harness of `n_queens_cases::practice` (its module doc has the lines it
//! prints), on `Solution::solve_n_queens` of the learner's file, whose
//! boards are held to the proven ones ([`judge`]).

use std::collections::{BTreeMap, BTreeSet};

use n_queens_cases::practice::Judged;

/// `exercise!(bitmask, "bitmask", "bitmask.rs")`: the step, its name as
/// `--cfg exercise="bitmask"` picks it, and its file name. Built with that
/// flag, the learner's `crates/n_queens/exercises/bitmask.rs` is `chosen`,
/// run by `main`; the starting text in `crates/n_queens_facts/exercises/51/`
/// is built every time, so that a change to the harness that it cannot meet
/// fails the build.
macro_rules! exercise {
    ($step:ident, $name:literal, $file:literal) => {
        // `.` keeps the `#[path]`s below relative to this directory.
        #[path = "."]
        #[allow(dead_code)]
        mod $step {
            #[cfg(exercise = $name)]
            #[path = "../../exercises"]
            pub mod learner {
                #[clippy::msrv = "1.58"]
                #[path = $file]
                mod exercise;

                pub fn run() -> ! {
                    use n_queens_cases::practice::{self, Exercise};
                    practice::run(&Exercise {
                        name: $name,
                        problem: n_queens_cases::judge::Problem::NQueens,
                        solve: exercise::Solution::solve_n_queens,
                        judge: crate::cases::judge,
                        source: include_str!(concat!("../../exercises/", $file)),
                        file: concat!("crates/n_queens/exercises/", $file),
                        dir: concat!(env!("CARGO_TARGET_TMPDIR"), "/practice_paste"),
                    })
                }
            }

            #[path = "../../../n_queens_facts/exercises/51"]
            mod starting_text {
                #[clippy::msrv = "1.58"]
                #[path = $file]
                mod exercise;

                const _: fn(i32) -> Vec<Vec<String>> = exercise::Solution::solve_n_queens;
            }
        }

        #[cfg(exercise = $name)]
        fn chosen() -> ! {
            $step::learner::run()
        }
    };
}

/// What `main` runs when no exercise is chosen.
pub mod none_chosen {
    /// Says how to choose one.
    #[allow(dead_code)]
    pub fn chosen() -> ! {
        eprintln!("no exercise chosen: build with --cfg exercise=\"<step>\" (docs/try-it-yourself.md)");
        std::process::exit(2)
    }
}

/// The boards returned for `n` against the proven ones
/// (`n_queens_cases::expected_boards`), in any order.
// `&Vec`: the harness judges a `&T` for the answer's type `T`.
#[allow(dead_code, clippy::ptr_arg)]
pub fn judge(n: i32, boards: &Vec<Vec<String>>) -> Judged {
    let expected = n_queens_cases::expected_boards(n).expect("boards for the judge's range and below");
    Judged { count: boards.len() as u64, wrong: difference(boards, &expected) }
}

/// How many boards of each kind a failure shows.
const SHOWN: usize = 2;

/// `1 board`, `2 boards`.
fn boards(count: usize) -> String {
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
